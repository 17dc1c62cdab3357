#!/bin/bash
# The binary of 2ee944f (doctor's task-term check): `umodel calibrate` three times in one data directory (the 20 s
# target; each checked against the embedded model).
set -u
B=$PWD/devbin; W=/root/work/run45; mkdir -p $W; cd $W
pack() { tar czf $OUT/run45.tgz -C /root/work run45; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
cal 1; cal 2; cal 3
uptime >> machine.txt; pack
tail -qn1 calibrate-*.err; grep -h "warning\|Calibrated" calibrate-*.log; true
