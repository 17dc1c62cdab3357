#!/bin/bash
# A second run at 15 trials a cell (run43's replication, held out from what run43 showed), with
# the managed group at 16, 64 and 256 MiB in one process beside it (does a sparse refault's cost
# per page fall with the number of pages?): a first calibration, the managed group, `umodel
# probe`, the workloads in another process, `umodel probe` again.
set -u
B=$PWD/devbin; W=/root/work/run44; mkdir -p $W; cd $W
pack() { tar czf $OUT/run44.tgz -C /root/work run44; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
s=$(date +%s); timeout 90 $B/umodel bench managed --sizes 16MiB,64MiB,256MiB --trials 3 --out managed-sizes.csv > managed-sizes.log 2> managed-sizes.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> managed-sizes.err; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 420 $B/umodel bench workload partial compute prodcons --trials 15 --out tasks-19.csv > tasks-19.log 2> tasks-19.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-19.err
pack; probe 2
uptime >> machine.txt; pack
tail -qn1 calibrate-1.err managed-sizes.err tasks-19.err; grep -h warning calibrate-1.log; cat probe-*.txt; grep -c ",failed$" tasks-19.csv managed-sizes.csv; true
