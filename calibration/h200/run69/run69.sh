#!/bin/bash
# run69: the calibration with read-mostly duplication measured as tasks advise (after the fill:
# `managed/read-mostly-after-fill`, `managed/read-mostly-random-after-fill`), held out on seed 001:
# the GPU tests of the kernels and the groups; examples/fault_pairs.rs twice for 25 s (several
# buffers faulting in one pass against each alone); then four cycles of a first calibration in a
# data directory of its own, `umodel probe`, and seed 001's workload (and its overlapped variant)
# at 15 trials a cell in another process.
set -u
B=$PWD/devbin; W=/root/work/run69; mkdir -p $W; cd $W
pack() { tar czf $OUT/run69.tgz -C /root/work run69; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 150 $B/gpu-tests --ignored --test-threads 1 kernels every_group > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
for i in 1 2; do timeout 60 $B/fault_pairs 25 > pairs-$i.csv 2> pairs-$i.err; echo "rc=$?" >> pairs-$i.err; done
pack
for k in 1 2 3 4; do
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$k timeout 60 $B/umodel calibrate > calibrate-$k.log 2> calibrate-$k.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$k.err
  cp $W/data-$k/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$k.json
  timeout 30 $B/umodel probe -o probe-$k.json > probe-$k.txt 2>&1; echo "rc=$?" >> probe-$k.txt
  s=$(date +%s); timeout 90 $B/umodel bench workload --trials 15 --out seed-$k.csv > seed-$k.log 2> seed-$k.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> seed-$k.err
  pack
done
uptime >> machine.txt; pack
grep -h "test result\|rc=" gpu-tests.log; tail -qn1 pairs-*.err; for k in 1 2 3 4; do tail -n1 calibrate-$k.err; tail -n1 seed-$k.err; done; grep -c ",failed$" seed-*.csv; true
