#!/bin/bash
# Session 3, a look at another host (nvidia-h200-x2): does its CPU update move in levels too?
# Two minimal calibrations in one data directory; the second checks itself against the first.
set -u
B=$PWD/devbin; W=/root/work/run8; mkdir -p $W/data; cd $W
export UMODEL_DATA_DIR=$W/data
pack() { tar czf $OUT/run8.tgz -C /root/work run8; }
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,utilization.gpu,memory.used --format=csv; nproc; lscpu | head -20; uptime; } > machine.txt 2>&1
for i in 1 2; do
  s=$(date +%s%N)
  $B/umodel calibrate > calibrate-$i.log 2> calibrate-$i.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$i.err
  pack
done
uptime >> machine.txt
pack
