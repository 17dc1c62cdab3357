#!/bin/bash
# run96: commit 8fc49e4's binary (a plain CPU phase beside each row, after the plain final access):
# a minimal calibration, the probe, then in other processes the producer/consumer, seed 001 and
# the partial update at 15 trials a cell and the compute-bound task at 9 (cut at 130 s), every
# step timed. Each packed as it ends.
set -u
R=$PWD; W=/root/work/run96; mkdir -p $W/bin; cd $W
xz -dc $R/devbin/r96/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run96.tgz -C /root/work --exclude=run96/bin --exclude=run96/tasks run96; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial compute; do
  n=15; lim=170; [ $w = compute ] && { n=9; lim=130; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-49-$w.csv --step-times steps-49-$w.csv > tasks-49-$w.log 2> tasks-49-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-49-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-49-*.err; grep -c ",failed$" tasks-49-*.csv; true
