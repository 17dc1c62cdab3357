#!/bin/bash
# run109: the build with the managed group's write-only fault cells (`managed/cold-write`,
# `reused-write`) and the term `fault_in_write` on a freshly started VM: a minimal calibration,
# the probe, then in other processes the producer/consumer at 15 trials a cell and the
# compute-bound task at 9 (cut at 170 s), every step timed: the two workloads whose output the
# GPU only writes. Written before any of its data came back.
set -u
R=$PWD; B=$R/devbin/r109; W=/root/work/run109; mkdir -p $W/bin; cd $W
xz -dc $B/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run109.tgz -C /root/work --exclude=run109/bin --exclude=run109/tasks run109; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons compute; do
  n=15; lim=100; [ $w = compute ] && { n=9; lim=170; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-61-$w.csv --step-times steps-61-$w.csv > tasks-61-$w.log 2> tasks-61-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-61-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-61-*.err; grep -c ",failed$" tasks-61-*.csv; grep -c "cold-write" data/models/*.minimal.csv; true
