#!/bin/bash
# The binary of f00f8b6 (the check's fallback to earlier calibrations): `umodel calibrate` twice in one data directory (the second with
# --json: what its task terms were checked against), then `umodel doctor` on that directory.
set -u
B=$PWD/devbin; W=/root/work/run46; mkdir -p $W; cd $W
pack() { tar czf $OUT/run46.tgz -C /root/work run46; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate $2 > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
cal 1 ""; cal 2 --json
UMODEL_DATA_DIR=$W/data $B/umodel doctor > doctor.txt 2>&1; echo "rc=$?" >> doctor.txt
uptime >> machine.txt; pack
tail -qn1 calibrate-*.err; grep -h "warning\|Calibrated\|checked_against\|unusual\|elapsed" calibrate-*.log; tail -4 doctor.txt; true
