#!/bin/bash
# The code of 2a46f4e (calibrate's deadline at 17 s; task terms checked against the embedded model),
# held out: GPU tests, a first calibration (the default flow), `umodel probe` at 64 and at 256 MiB,
# the four validation workloads in another process, both probes again, two more calibrations in
# the same data directory (their wall clock: the 20 s target).
set -u
B=$PWD/devbin; W=/root/work/run42; mkdir -p $W; cd $W
pack() { tar czf $OUT/run42.tgz -C /root/work run42; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 200 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt
  $B/umodel probe --bytes 256MiB -o probe256-$1.json > probe256-$1.txt 2>&1; echo "rc=$?" >> probe256-$1.txt; pack; }
cal 1
probe 1
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-17.csv > tasks-17.log 2> tasks-17.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-17.err
pack; probe 2; cal 2; cal 3
uptime >> machine.txt; pack
grep "test result" gpu-tests.log; tail -qn1 calibrate-*.err tasks-17.err; grep -h "warning" calibrate-*.log; cat probe-*.txt probe256-*.txt; grep -c ",failed$" tasks-17.csv data/models/*.csv; true
