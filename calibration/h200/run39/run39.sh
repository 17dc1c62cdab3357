#!/bin/bash
# The code before the no-op prefetch fix (faaa27c), a second held-out run for the migration probe: GPU tests, a first
# calibration (the default flow), `umodel probe`, the four validation workloads in another
# process (the probe beside their plain phases), `umodel probe` again, a second calibration;
# then the three migration examples for 5 s each (they changed how they learn their checksums).
set -u
B=$PWD/devbin; W=/root/work/run39; mkdir -p $W; cd $W
pack() { tar czf $OUT/run39.tgz -C /root/work run39; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 200 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
cal 1
probe 1
s=$(date +%s); $B/umodel bench workload partial compute prodcons --out tasks-15.csv > tasks-15.log 2> tasks-15.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-15.err
pack; probe 2; cal 2
for e in fresh_buffers prefetch_gaps prefetch_modes; do $B/$e 5 > $e.csv 2> $e.err; echo "rc=$?" >> $e.err; done
uptime >> machine.txt; pack
grep "test result" gpu-tests.log; tail -qn1 calibrate-*.err tasks-15.err; cat probe-*.txt; tail -qn2 fresh_buffers.err prefetch_gaps.err prefetch_modes.err; grep -c ",failed$" tasks-15.csv data/models/*.csv; true
