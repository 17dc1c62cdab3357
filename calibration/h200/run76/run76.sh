#!/bin/bash
# run76: the calibration with the CPU's read of pages the GPU's random reads migrated
# (`managed/cpu_read_random_migrated`, term `cpu_fault_back_random`): the groups' GPU test,
# examples/fault_backs.rs for 30 s (the host's fault-backs by how the pages were migrated and by
# what the host's code does, and sparse writes at 64 and 256 MiB), then twice: a minimal
# calibration, the probe, seed 001's workload at 15 trials a cell in another process, every step
# timed; each packed as it ends.
set -u
B=$PWD/devbin; W=/root/work/run76; mkdir -p $W; cd $W
pack() { tar czf $OUT/run76.tgz -C /root/work run76; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 100 $B/gpu-tests --ignored --test-threads 1 every_group > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
timeout 60 $B/fault_backs 30 > backs-1.csv 2> backs-1.err; echo "rc=$?" >> backs-1.err
pack
for i in 1 2; do
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$i timeout 60 $B/umodel calibrate > calibrate-$i.log 2> calibrate-$i.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$i.err
  cp $W/data-$i/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$i.json
  timeout 30 $B/umodel probe -o probe-$i.json > probe-$i.txt 2>&1; echo "rc=$?" >> probe-$i.txt
  pack
  s=$(date +%s); timeout 120 $B/umodel bench workload --trials 15 --out tasks-36-$i.csv --step-times steps-36-$i.csv > tasks-36-$i.log 2> tasks-36-$i.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-36-$i.err
  uptime >> machine.txt; pack
done
grep -h "test result\|rc=" gpu-tests.log; tail -qn1 backs-1.err; tail -qn2 backs-1.err | head -1; tail -qn1 calibrate-*.err; tail -qn1 tasks-36-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-36-*.csv; true
