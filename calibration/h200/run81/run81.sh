#!/bin/bash
# run81: commit 66b3525, the paced handoff largest first, its first fill and side checks on every
# core (beside run80's managed fills on every core). The groups' GPU test; four minimal
# calibrations, each a first one in its own data folder; the probe; then every workload at 15
# trials a cell in another process, every step timed, held out on the first calibration; each
# packed as it ends; the compute-bound workload last, cut at 170 s.
set -u
B=$PWD/devbin/r81; W=/root/work/run81; mkdir -p $W; cd $W
pack() { tar czf $OUT/run81.tgz -C /root/work run81; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 100 $B/gpu-tests --ignored --test-threads 1 every_group > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
for i in 1 2 3 4; do
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$i timeout 60 $B/umodel calibrate > calibrate-$i.log 2> calibrate-$i.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$i.err
  cp $W/data-$i/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$i.json
done
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial compute; do
  [ $w = compute ] && T=170 || T=150
  s=$(date +%s); timeout $T $B/umodel bench $w --trials 15 --out tasks-41-$w.csv --step-times steps-41-$w.csv > tasks-41-$w.log 2> tasks-41-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-41-$w.err
  uptime >> machine.txt; pack
done
grep -h "test result\|rc=" gpu-tests.log; tail -qn1 calibrate-*.err; tail -qn1 tasks-41-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-41-*.csv; true
