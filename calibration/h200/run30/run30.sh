#!/bin/bash
# The minimal plan with the migrating primitives spread over the run in three passes: GPU tests,
# two calibrations back to back, the four validation workloads in another process, a third
# calibration after them (the terms' spread across calibrations; the tasks held out).
set -u
B=$PWD/devbin; W=/root/work/run30; mkdir -p $W; cd $W
pack() { tar czf $OUT/run30.tgz -C /root/work run30; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 170 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
cal 1; cal 2
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-9.csv > tasks-9.log 2> tasks-9.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-9.err
pack; cal 3
uptime >> machine.txt; pack
grep "test result" gpu-tests.log; tail -qn1 calibrate-*.err tasks-9.err; grep -c ",failed$" tasks-9.csv data/models/*.csv; true
