#!/bin/bash
# Session 4, third device call. Fills and checks back on the pinned update core (run10 spread them
# over every core and the next 16 MiB update doubled): one single-threaded minimal calibration to
# confirm. Then the CPU update on all 16 cores (`--cpu-threads 16`): minimal, full (-o, held out),
# minimal again, in their own data directory so the second minimal checks itself against the first.
set -u
B=$PWD/devbin; W=/root/work/run11; mkdir -p $W/single $W/all16; cd $W
pack() { tar czf $OUT/run11.tgz -C /root/work run11; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; } > machine.txt 2>&1
$B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
cal() {
  s=$(date +%s%N)
  UMODEL_DATA_DIR=$W/$dir $B/umodel calibrate "$@" > calibrate-$n.log 2> calibrate-$n.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$n.err
  pack
}
n=1; dir=single; cal
n=2; dir=all16; cal --cpu-threads 16
n=3; dir=all16; cal --cpu-threads 16 --plan full -o $W/full-7-all16.model.json
n=4; dir=all16; cal --cpu-threads 16 --json
uptime >> machine.txt
pack
