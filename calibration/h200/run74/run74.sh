#!/bin/bash
# run74: run73 again, a second held-out run of the calibration with prefetches in a task's sequence,
# without the groups' GPU test: three minimal calibrations (the first is the held-out model, all
# three go into a model pooled over calibrations), the probe, then every workload at 15 trials a
# cell in another process, every step timed (`bench --step-times`), each packed as it ends; the
# compute-bound workload last, cut at 170 s to stay inside the device time.
set -u
B=$PWD/devbin; W=/root/work/run74; mkdir -p $W; cd $W
pack() { tar czf $OUT/run74.tgz -C /root/work run74; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2 3; do
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$i timeout 60 $B/umodel calibrate > calibrate-$i.log 2> calibrate-$i.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$i.err
  cp $W/data-$i/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$i.json
done
pack
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial compute; do
  [ $w = compute ] && T=170 || T=200
  s=$(date +%s); timeout $T $B/umodel bench $w --trials 15 --out tasks-35-$w.csv --step-times steps-35-$w.csv > tasks-35-$w.log 2> tasks-35-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-35-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-*.err; tail -qn1 tasks-35-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-35-*.csv; true
