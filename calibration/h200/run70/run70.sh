#!/bin/bash
# run70: every workload held out on the calibration with read-mostly duplication advised after the
# fill (as tasks advise) and fault-driven migration under a pass of one float a thread (cells
# `managed/cold-scalar`, `managed/reused-scalar`; term `fault_in_scalar`): the groups' GPU test, a
# first calibration, `umodel probe` plain and in the partial update's shape, then the five workloads
# at 15 trials a cell in another process.
set -u
B=$PWD/devbin; W=/root/work/run70; mkdir -p $W; cd $W
pack() { tar czf $OUT/run70.tgz -C /root/work run70; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 100 $B/gpu-tests --ignored --test-threads 1 every_group > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 60 $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
timeout 30 $B/umodel probe --task $B/../tasks/partial-update.json -o probe-partial-1.json > probe-partial-1.txt 2>&1; echo "rc=$?" >> probe-partial-1.txt
pack
s=$(date +%s); timeout 390 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-31.csv > tasks-31.log 2> tasks-31.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-31.err
uptime >> machine.txt; pack
grep -h "test result\|rc=" gpu-tests.log; tail -n1 calibrate-1.err; tail -n1 tasks-31.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-31.csv; true
