#!/bin/bash
# The final code of the session: GPU tests, a first calibration (the default flow), the four
# validation workloads in another process, a second calibration after them.
set -u
B=$PWD/devbin; W=/root/work/run34; mkdir -p $W; cd $W
pack() { tar czf $OUT/run34.tgz -C /root/work run34; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 170 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
cal 1
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-12.csv > tasks-12.log 2> tasks-12.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-12.err
pack; cal 2
uptime >> machine.txt; pack
grep "test result" gpu-tests.log; tail -qn1 calibrate-*.err tasks-12.err; grep -c ",failed$" tasks-12.csv data/models/*.csv; true
