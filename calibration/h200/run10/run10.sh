#!/bin/bash
# Session 4, second device call: fills and checks on every core again (they had inherited the
# pinned update thread's one core). GPU tests, a minimal calibration, the full plan, another
# minimal one (all in one data directory, so each checks itself against the earlier ones), then
# the CPU probes with a working all-core update.
set -u
B=$PWD/devbin; W=/root/work/run10; mkdir -p $W/data; cd $W
export UMODEL_DATA_DIR=$W/data
pack() { tar czf $OUT/run10.tgz -C /root/work run10; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; } > machine.txt 2>&1
$B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
cal() {
  s=$(date +%s%N)
  $B/umodel calibrate "$@" > calibrate-$n.log 2> calibrate-$n.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$n.err
  pack
}
n=1; cal
n=2; cal --plan full -o $W/full-6.model.json
n=3; cal --json
$B/cpu_levels 20 > levels-3.csv 2> levels-3.err; echo "rc=$?" >> levels-3.err
uptime >> machine.txt
pack
