#!/bin/bash
# A third run held out for the probe in a task's shape, the partial update alone, on the binaries
# of run57: a calibration, `umodel probe` plain and in the partial update's shape, the partial
# update's workload at 15 trials a cell in another process, both probes again.
set -u
B=$PWD/devbin; W=/root/work/run59; mkdir -p $W; cd $W
pack() { tar czf $OUT/run59.tgz -C /root/work run59; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt
  $B/umodel probe --task $B/../tasks/partial-update.json -o probe-partial-$1.json > probe-partial-$1.txt 2>&1; echo "rc=$?" >> probe-partial-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 200 $B/umodel bench partial --trials 15 --out tasks-28.csv > tasks-28.log 2> tasks-28.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-28.err
pack; probe 2
uptime >> machine.txt; pack
tail -n1 calibrate-1.err tasks-28.err; cat probe-*.txt; grep -c ",failed$" tasks-28.csv; true
