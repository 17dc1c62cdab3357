#!/bin/bash
# run83: run81 again on its binary (commit 66b3525), a second held-out process within the device
# time left: a minimal calibration, the probe, then seed 001, the producer/consumer and the
# partial update at 15 trials a cell in another process, every step timed; each packed as it
# ends. (The compute-bound workload, 160–170 s, did not fit.)
set -u
B=$PWD/devbin/r83; W=/root/work/run83; mkdir -p $W/bin; cd $W
xz -dc $B/umodel-81.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run83.tgz -C /root/work --exclude=run83/bin run83; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 60 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial; do
  s=$(date +%s); timeout 150 bin/umodel bench $w --trials 15 --out tasks-42-$w.csv --step-times steps-42-$w.csv > tasks-42-$w.log 2> tasks-42-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-42-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-*.err; tail -qn1 tasks-42-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-42-*.csv; true
