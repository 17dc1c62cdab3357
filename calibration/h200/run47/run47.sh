#!/bin/bash
# A third run at 15 trials a cell, held out for the lead NOTES records (a compute-bound kernel's
# first-pass faults adding to it): a first calibration, `umodel probe`, the workloads in another
# process, `umodel probe` again. The binary of cdb5bc7.
set -u
B=$PWD/devbin; W=/root/work/run47; mkdir -p $W; cd $W
pack() { tar czf $OUT/run47.tgz -C /root/work run47; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 380 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-20.csv > tasks-20.log 2> tasks-20.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-20.err
pack; probe 2
uptime >> machine.txt; pack
tail -qn1 calibrate-1.err tasks-20.err; grep -h warning calibrate-1.log; cat probe-*.txt; grep -c ",failed$" tasks-20.csv; true
