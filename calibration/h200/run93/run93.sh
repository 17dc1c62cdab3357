#!/bin/bash
# run93: run92's binary (commit 8996916, each workload row followed by a plain final access) on
# another machine: a minimal calibration, the probe, the partial update and seed 001 at 15 trials
# a cell and the compute-bound workload at 9 (cut at 150 s) in other processes, every step timed.
# Each packed as it ends.
set -u
R=$PWD; W=/root/work/run93; mkdir -p $W/bin; cd $W
xz -dc $R/devbin/r93/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run93.tgz -C /root/work --exclude=run93/bin --exclude=run93/tasks run93; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in partial workload compute; do
  n=15; lim=170; [ $w = compute ] && { n=9; lim=150; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-46-$w.csv --step-times steps-46-$w.csv > tasks-46-$w.log 2> tasks-46-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-46-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-46-*.err; grep -c ",failed$" tasks-46-*.csv; true
