#!/bin/bash
# Session 4, first device call: the paced minimal plan (deadline 50 s) three times in one data
# directory, the GPU tests, and what moves the CPU update (examples/cpu_levels.rs, two processes
# 40 s each, one before and one after the calibrations).
set -u
B=$PWD/devbin; W=/root/work/run9; mkdir -p $W/data; cd $W
export UMODEL_DATA_DIR=$W/data
pack() { tar czf $OUT/run9.tgz -C /root/work run9; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; lscpu; cat /sys/kernel/mm/transparent_hugepage/enabled; grep MHz /proc/cpuinfo | sort | uniq -c; } > machine.txt 2>&1
$B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
$B/cpu_levels 40 > levels-1.csv 2> levels-1.err; echo "rc=$?" >> levels-1.err
pack
for i in 1 2 3; do
  s=$(date +%s%N)
  args=""; [ $i = 3 ] && args="--json"
  $B/umodel calibrate $args > calibrate-$i.log 2> calibrate-$i.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$i.err
  pack
done
$B/cpu_levels 40 > levels-2.csv 2> levels-2.err; echo "rc=$?" >> levels-2.err
{ $B/umodel show; $B/umodel breakeven explicit-copy host-mapped; $B/umodel choose --reuse 4; } > queries.log 2>&1
{ uptime; grep MHz /proc/cpuinfo | sort | uniq -c; } >> machine.txt
pack
