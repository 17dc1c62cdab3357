#!/bin/bash
# run71: run70 again on the same binary, a second held-out run of every workload on the calibration
# with read-mostly duplication after the fill and `fault_in_scalar`: a first calibration, the
# probe, then the workloads at 15 trials a cell in another process, one process per workload
# (each packed as it ends), the partial update last; the device time left (~400 s) may cut it.
set -u
B=$PWD/devbin; W=/root/work/run71; mkdir -p $W; cd $W
pack() { tar czf $OUT/run71.tgz -C /root/work run71; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 60 $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 $B/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt

pack
for w in workload prodcons compute partial; do
  s=$(date +%s); timeout 200 $B/umodel bench $w --trials 15 --out tasks-32-$w.csv > tasks-32-$w.log 2> tasks-32-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-32-$w.err
  uptime >> machine.txt; pack
done
tail -n1 calibrate-1.err; tail -qn1 tasks-32-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-32-*.csv; true
