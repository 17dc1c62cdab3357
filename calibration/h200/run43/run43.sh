#!/bin/bash
# The measurement that can judge the 5 % target: the four validation workloads at 15 trials a
# cell (7 in every earlier run), after a first calibration (the default flow) and `umodel probe`,
# in another process; `umodel probe` again after. Same binary as run42.
set -u
B=$PWD/devbin; W=/root/work/run43; mkdir -p $W; cd $W
pack() { tar czf $OUT/run43.tgz -C /root/work run43; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 500 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-18.csv > tasks-18.log 2> tasks-18.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-18.err
pack; probe 2
uptime >> machine.txt; pack
tail -qn1 calibrate-1.err tasks-18.err; grep -h warning calibrate-1.log; cat probe-*.txt; grep -c ",failed$" tasks-18.csv; wc -l tasks-18.csv; true
