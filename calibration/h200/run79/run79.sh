#!/bin/bash
# run79: run78 again on the same binary (commit 39b8681), a second process held out from the
# fault-back scales: a minimal calibration, the probe, then every workload at 15 trials a cell in
# another process, every step timed; each packed as it ends; the compute-bound workload last,
# cut at 170 s.
set -u
B=$PWD/devbin/r79; W=/root/work/run79; mkdir -p $W; cd $W
pack() { tar czf $OUT/run79.tgz -C /root/work run79; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 60 $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial compute; do
  [ $w = compute ] && T=170 || T=150
  s=$(date +%s); timeout $T $B/umodel bench $w --trials 15 --out tasks-39-$w.csv --step-times steps-39-$w.csv > tasks-39-$w.log 2> tasks-39-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-39-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-*.err; tail -qn1 tasks-39-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-39-*.csv; true
