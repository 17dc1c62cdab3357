#!/bin/bash
# run72: three minimal calibrations of the current method (for a shipped model pooled over several),
# the probe, then the workloads at 15 trials a cell with every step timed (`bench --step-times`):
# which prefetch of which round carries the prefetching rows' movement shortfall (run70, run71).
set -u
B=$PWD/devbin; W=/root/work/run72; mkdir -p $W; cd $W
pack() { tar czf $OUT/run72.tgz -C /root/work run72; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2 3; do
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$i timeout 60 $B/umodel calibrate > calibrate-$i.log 2> calibrate-$i.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$i.err
  cp $W/data-$i/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$i.json
done
pack
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial compute; do
  s=$(date +%s); timeout 200 $B/umodel bench $w --trials 15 --out tasks-33-$w.csv --step-times steps-33-$w.csv > tasks-33-$w.log 2> tasks-33-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-33-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-*.err; tail -qn1 tasks-33-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-33-*.csv; wc -l steps-33-*.csv; true
