#!/bin/bash
# run73: the calibration with prefetches in a task's sequence (`prefetch/seq_first`, `seq_next`,
# `seq_noop`; terms `prefetch_next` and the no-op at its mean): the groups' GPU test, two minimal
# calibrations, the probe, then every workload at 15 trials a cell in another process, every step
# timed (`bench --step-times`), each packed as it ends.
set -u
B=$PWD/devbin; W=/root/work/run73; mkdir -p $W; cd $W
pack() { tar czf $OUT/run73.tgz -C /root/work run73; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 100 $B/gpu-tests --ignored --test-threads 1 every_group > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
for i in 1 2; do
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$i timeout 60 $B/umodel calibrate > calibrate-$i.log 2> calibrate-$i.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$i.err
  cp $W/data-$i/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$i.json
done
pack
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial compute; do
  s=$(date +%s); timeout 200 $B/umodel bench $w --trials 15 --out tasks-34-$w.csv --step-times steps-34-$w.csv > tasks-34-$w.log 2> tasks-34-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-34-$w.err
  uptime >> machine.txt; pack
done
grep -h "test result\|rc=" gpu-tests.log; tail -qn1 calibrate-*.err; tail -qn1 tasks-34-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-34-*.csv; true
