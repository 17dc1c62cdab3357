#!/bin/bash
# Issue 10's handoff target with one code version: a fresh minimal calibration, then a full-plan
# run of the same code minutes later in another process (the held-out target). Pack after each.
set -u
B=$PWD/devbin; W=/root/work/run26; mkdir -p $W; cd $W
pack() { tar czf $OUT/run26.tgz -C /root/work run26; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/full $B/umodel calibrate --plan full > full-1.log 2> full-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> full-1.err
uptime >> machine.txt; pack
tail -1 calibrate-1.err; tail -1 full-1.err; ls full/models
