#!/bin/bash
# run105 and run106 (one freshly started VM each): commit b6e53b8's suite; the carried binary's
# fit also gave `fault_in_scalar` a latency, not yet with its prior (what model-minimal-1.json
# holds; the benches are b6e53b8's, and the analyses refit the CSVs). A minimal
# calibration, the probe, then in other processes the producer/consumer and seed 001 at 15 trials
# a cell, and the partial update at 15 (cut at 160 s; run105) or the compute-bound task at 9 (cut
# at 200 s; run106), every step timed. Data for the held-out check of that fit: this script was
# written before any of it came back.
#   bash calibration/h200/run105/run105.sh run105 58 partial
#   bash calibration/h200/run105/run105.sh run106 59 compute
set -u
RUN=$1; TAG=$2; LAST=$3
R=$PWD; B=$R/devbin/r105; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $B/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin --exclude=$RUN/tasks $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload $LAST; do
  n=15; lim=100; [ $w = partial ] && lim=160; [ $w = compute ] && { n=9; lim=200; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-$TAG-$w.csv --step-times steps-$TAG-$w.csv > tasks-$TAG-$w.log 2> tasks-$TAG-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-$TAG-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-$TAG-*.err; grep -c ",failed$" tasks-$TAG-*.csv; true
