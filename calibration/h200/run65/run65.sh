#!/bin/bash
# run65: run64 again on the same binary, a second held-out run of every workload with the
# calibration's `host_mapped/random-inplace` cell: a first calibration, `umodel probe` plain and in
# the partial update's shape, then the five workloads at 15 trials a cell in another process.
set -u
B=$PWD/devbin; W=/root/work/run65; mkdir -p $W; cd $W
pack() { tar czf $OUT/run65.tgz -C /root/work run65; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 60 $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
timeout 30 $B/umodel probe --task $B/../tasks/partial-update.json -o probe-partial-1.json > probe-partial-1.txt 2>&1; echo "rc=$?" >> probe-partial-1.txt
pack
s=$(date +%s); timeout 380 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-30.csv > tasks-30.log 2> tasks-30.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-30.err
uptime >> machine.txt; pack
tail -n1 calibrate-1.err; tail -n1 tasks-30.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-30.csv; true
