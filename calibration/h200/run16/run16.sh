#!/bin/bash
# Session 5, fourth device call: the final code. GPU tests; three minimal calibrations in one data
# directory (the first inherits the embedded model's run-to-run shift, the later ones measure it),
# each followed by... the validation workloads after the second and after the third, each validated
# afterwards with the model calibrated just before it (held out: nothing was chosen on these runs).
set -u
B=$PWD/devbin; W=/root/work/run16; mkdir -p $W; cd $W
pack() { tar czf $OUT/run16.tgz -C /root/work run16; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s); $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gpu-tests.log; pack
cal() {
  s=$(date +%s%N)
  UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; rc=$?
  e=$(date +%s%N); echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/*.json $W/model-after-$1.json 2>/dev/null; pack
}
tasks() {
  s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-$1.csv > tasks-$1.log 2> tasks-$1.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-$1.err; pack
}
cal 1; cal 2; tasks 4; cal 3; tasks 5
uptime >> machine.txt
pack
for f in gpu-tests.log calibrate-1.err calibrate-2.err calibrate-3.err tasks-4.err tasks-5.err; do tail -n 1 $f; done; cat calibrate-1.log calibrate-3.log
