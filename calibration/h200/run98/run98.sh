#!/bin/bash
# run98: run96 again on the next machine lent (commit 8fc49e4's binary, devbin/r96): a minimal
# calibration, the probe, then in other processes the compute-bound task at 15 trials a cell (cut
# at 330 s), the producer/consumer and seed 001 at 15, every step timed. Each packed as it ends.
set -u
R=$PWD; W=/root/work/run98; mkdir -p $W/bin; cd $W
xz -dc $R/devbin/r96/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run98.tgz -C /root/work --exclude=run98/bin --exclude=run98/tasks run98; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in compute prodcons workload; do
  n=15; lim=100; [ $w = compute ] && lim=330
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-51-$w.csv --step-times steps-51-$w.csv > tasks-51-$w.log 2> tasks-51-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-51-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-51-*.err; grep -c ",failed$" tasks-51-*.csv; true
