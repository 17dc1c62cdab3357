#!/bin/bash
# run75: one minimal calibration on the final binary (the sequence's terms fitted apart, the no-op
# compared only with its kind): does `calibrate` still name the no-op against the embedded model?
set -u
B=$PWD/devbin; W=/root/work/run75; mkdir -p $W; cd $W
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
tar czf $OUT/run75.tgz -C /root/work run75
tail -n1 calibrate-1.err; grep -h "warning" calibrate-1.log calibrate-1.err; true
