#!/bin/bash
# The code with the no-op prefetch fix (faaa27c), held out: a first calibration (the default
# flow), `umodel probe`, the four validation workloads in another process, `umodel probe` again.
set -u
B=$PWD/devbin; W=/root/work/run41; mkdir -p $W; cd $W
pack() { tar czf $OUT/run41.tgz -C /root/work run41; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-16.csv > tasks-16.log 2> tasks-16.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-16.err
pack; probe 2
uptime >> machine.txt; pack
tail -qn1 calibrate-1.err tasks-16.err; cat probe-*.txt; grep -c ",failed$" tasks-16.csv data/models/*.csv; true
