#!/bin/bash
# A third run held out for `faults_under_compute`, on the code with the share's run shift
# (509e173): a first calibration, `umodel probe`, the four workloads at 15 trials a cell in
# another process, `umodel probe` again, and a second calibration in the same data directory
# (its share's shift measured against the first).
set -u
B=$PWD/devbin; W=/root/work/run53; mkdir -p $W; cd $W
pack() { tar czf $OUT/run53.tgz -C /root/work run53; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 440 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-24.csv > tasks-24.log 2> tasks-24.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-24.err
pack; probe 2
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-2.log 2> calibrate-2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-2.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-2.json
uptime >> machine.txt; pack
tail -qn1 calibrate-1.err calibrate-2.err tasks-24.err; grep -h 'warning\|faults under' calibrate-*.log; cat probe-*.txt; grep -c ",failed$" tasks-24.csv; true
