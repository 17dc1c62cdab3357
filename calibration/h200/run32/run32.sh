#!/bin/bash
# Held-out check once the prefetch to the host is fitted from the handoff's stages (task.rs):
# two calibrations back to back, the four validation workloads in another process, a third
# calibration after them (the terms' spread across calibrations; the tasks held out).
set -u
B=$PWD/devbin; W=/root/work/run32; mkdir -p $W; cd $W
pack() { tar czf $OUT/run32.tgz -C /root/work run32; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1

cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
cal 1; cal 2
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-10.csv > tasks-10.log 2> tasks-10.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-10.err
pack; cal 3
uptime >> machine.txt; pack
tail -qn1 calibrate-*.err tasks-10.err; grep -c ",failed$" tasks-10.csv data/models/*.csv; true
