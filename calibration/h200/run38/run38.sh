#!/bin/bash
# The migration probe with its fourth figure (the CPU update after a prefetch back), held out: GPU tests, a first calibration (the default flow), `umodel probe`, the
# four validation workloads (each trial now with the probe beside its plain phases) in another
# process, `umodel probe` again, a second calibration.
set -u
B=$PWD/devbin; W=/root/work/run38; mkdir -p $W; cd $W
pack() { tar czf $OUT/run38.tgz -C /root/work run38; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 200 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
cal 1
probe 1
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-14.csv > tasks-14.log 2> tasks-14.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-14.err
pack; probe 2; cal 2
uptime >> machine.txt; pack
grep "test result" gpu-tests.log; tail -qn1 calibrate-*.err tasks-14.err; cat probe-*.txt; grep -c ",failed$" tasks-14.csv data/models/*.csv; true
