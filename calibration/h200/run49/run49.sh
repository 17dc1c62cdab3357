#!/bin/bash
# Held out for `faults_under_compute` (df59611; nothing was chosen on this run): a first
# calibration (it fits the share), `umodel probe`, the four workloads at 15 trials a cell in
# another process, `umodel probe` again.
set -u
B=$PWD/devbin; W=/root/work/run49; mkdir -p $W; cd $W
pack() { tar czf $OUT/run49.tgz -C /root/work run49; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 440 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-22.csv > tasks-22.log 2> tasks-22.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-22.err
pack; probe 2
uptime >> machine.txt; pack
tail -qn1 calibrate-1.err tasks-22.err; grep -h warning calibrate-1.log; cat probe-*.txt; grep -c ",failed$" tasks-22.csv; true
