#!/bin/bash
# Held out for the probe in a task's shape (`umodel probe --task`, the workloads' probe rows at the
# task's migrating buffer and CPU share): the GPU tests of the probe, a first calibration, `umodel
# probe` plain and in the partial update's shape, the four workloads at 15 trials a cell in another
# process, both probes again, and a second calibration in the same data directory.
set -u
B=$PWD/devbin; W=/root/work/run55; mkdir -p $W; cd $W
pack() { tar czf $OUT/run55.tgz -C /root/work run55; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
$B/gpu-tests --ignored --test-threads 1 probe > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt
  s=$(date +%s%N); $B/umodel probe --task $B/../tasks/partial-update.json -o probe-partial-$1.json > probe-partial-$1.txt 2>&1; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-partial-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 400 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-25.csv > tasks-25.log 2> tasks-25.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-25.err
pack; probe 2
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-2.log 2> calibrate-2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-2.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-2.json
uptime >> machine.txt; pack
grep -h "test result\|rc=" gpu-tests.log; for f in calibrate-1.err calibrate-2.err tasks-25.err; do tail -n1 $f; done; grep -h 'warning\|faults under' calibrate-*.log; cat probe-*.txt; grep -c ",failed$" tasks-25.csv; true
