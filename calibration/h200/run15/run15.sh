#!/bin/bash
# Session 5, third device call: the GPU tests (with the validation workloads and the new primitives at
# 8 MiB), two minimal calibrations with the new plan in one data directory (timed end to end), then
# the validation workloads at their tasks' sizes.
set -u
B=$PWD/devbin; W=/root/work/run15; mkdir -p $W; cd $W
pack() { tar czf $OUT/run15.tgz -C /root/work run15; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s); $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gpu-tests.log; pack
for n in 1 2; do
  s=$(date +%s%N)
  UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$n.log 2> calibrate-$n.err; rc=$?
  e=$(date +%s%N); echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$n.err; pack
done
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-3.csv > tasks-3.log 2> tasks-3.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-3.err
uptime >> machine.txt
pack
for f in gpu-tests.log calibrate-1.err calibrate-2.err tasks-3.err; do tail -n 2 $f; done; cat calibrate-2.log
