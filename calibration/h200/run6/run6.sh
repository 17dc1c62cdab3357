#!/bin/bash
# Session 3, fourth device call: the minimal plan with the 16 MiB primitives, three times in one data
# directory (is it still under a minute?), as a user runs it.
set -u
B=$PWD/devbin; W=/root/work/run6; mkdir -p $W/data; cd $W
export UMODEL_DATA_DIR=$W/data
pack() { tar czf $OUT/run6.tgz -C /root/work run6; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; } > machine.txt 2>&1
for i in 1 2 3; do
  s=$(date +%s%N)
  args=""; [ $i = 3 ] && args="--json"
  $B/umodel calibrate $args > calibrate-$i.log 2> calibrate-$i.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$i.err
  pack
done
{ $B/umodel choose --reuse 4; $B/umodel validate --composed --cpu-from-trials --model $(ls $UMODEL_DATA_DIR/models/*.json | grep -v facts) $UMODEL_DATA_DIR/models/*.minimal.csv; } > queries.log 2>&1
uptime >> machine.txt
pack
