#!/bin/bash
# Session 4, fourth device call: more runs of the CPU update on all 16 cores, for across-run pairs
# (run11 had two minimal and one full): minimal, full (-o), minimal, minimal in run11's layout, then
# one single-threaded minimal calibration of the final code.
set -u
B=$PWD/devbin; W=/root/work/run12; mkdir -p $W/single $W/all16; cd $W
pack() { tar czf $OUT/run12.tgz -C /root/work run12; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; } > machine.txt 2>&1
cal() {
  s=$(date +%s%N)
  UMODEL_DATA_DIR=$W/$dir $B/umodel calibrate "$@" > calibrate-$n.log 2> calibrate-$n.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$n.err
  pack
}
n=1; dir=all16; cal --cpu-threads 16
n=2; dir=all16; cal --cpu-threads 16 --plan full -o $W/full-8-all16.model.json
n=3; dir=all16; cal --cpu-threads 16
n=4; dir=all16; cal --cpu-threads 16 --json
n=5; dir=single; cal
uptime >> machine.txt
pack
