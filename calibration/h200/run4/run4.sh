#!/bin/bash
# Session 3, second device call: calibrate as a user does, three times into one data directory,
# with the code that checks each new model against the earlier calibrations kept beside it.
set -u
B=$PWD/devbin; W=/root/work/run4; mkdir -p $W/data; cd $W
export UMODEL_DATA_DIR=$W/data
pack() { tar czf $OUT/run4.tgz -C /root/work run4; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; } > machine.txt 2>&1
for i in 1 2 3; do
  s=$(date +%s%N)
  args=""; [ $i = 3 ] && args="--json"
  $B/umodel calibrate $args > calibrate-$i.log 2> calibrate-$i.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$i.err
  pack
done
{ $B/umodel choose --reuse 4; $B/umodel predict --policy explicit-copy --reuse 4 --explain; $B/umodel predict --policy explicit-copy --reuse 4 --cpu-scale 0.8; $B/umodel show; } > queries.log 2>&1
uptime >> machine.txt
pack
