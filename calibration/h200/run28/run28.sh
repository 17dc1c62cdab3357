#!/bin/bash
# The default flow with task intervals that include each term's run-to-run shift: a first
# calibration (which takes the embedded model's shifts), then the four validation workloads
# (never in any calibration) in another process right after it.
set -u
B=$PWD/devbin; W=/root/work/run28; mkdir -p $W; cd $W
pack() { tar czf $OUT/run28.tgz -C /root/work run28; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-8.csv > tasks-8.log 2> tasks-8.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-8.err
uptime >> machine.txt; pack
tail -1 calibrate-1.err; tail -1 tasks-8.err; grep -c ",failed$" tasks-8.csv; grep -c "task intervals" calibrate-1.log model-minimal-1.json; true
