#!/bin/bash
# Session 5, fifth device call: the final plan (handoff floor of 4 trials, managed group 3, host-
# mapped 6, prefetch to host timed through a touch of every page). GPU tests; three minimal
# calibrations in one data directory; the validation workloads once more after them.
set -u
B=$PWD/devbin; W=/root/work/run17; mkdir -p $W; cd $W
pack() { tar czf $OUT/run17.tgz -C /root/work run17; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s); $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gpu-tests.log; pack
cal() {
  s=$(date +%s%N)
  UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; rc=$?
  e=$(date +%s%N); echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-after-$1.json; pack
}
cal 1; cal 2; cal 3
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-6.csv > tasks-6.log 2> tasks-6.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-6.err
uptime >> machine.txt
pack
for f in gpu-tests.log calibrate-1.err calibrate-2.err calibrate-3.err tasks-6.err; do tail -n 1 $f; done; cat calibrate-3.log
