#!/bin/bash
# Session 3, last device call: the final code end to end. GPU tests, then two minimal calibrations in
# one data directory (the second checks itself against the first and keeps that in the model file),
# then the queries a user runs.
set -u
B=$PWD/devbin; W=/root/work/run7; mkdir -p $W/data; cd $W
export UMODEL_DATA_DIR=$W/data
pack() { tar czf $OUT/run7.tgz -C /root/work run7; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; } > machine.txt 2>&1
$B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
for i in 1 2; do
  s=$(date +%s%N)
  args=""; [ $i = 2 ] && args="--json"
  $B/umodel calibrate $args > calibrate-$i.log 2> calibrate-$i.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$i.err
  pack
done
{ $B/umodel show; $B/umodel choose --reuse 4 --cpu-scale 1.2; $B/umodel predict --policy host-mapped --reuse 4 --cpu-ms 100 --explain; } > queries.log 2>&1
uptime >> machine.txt
pack
