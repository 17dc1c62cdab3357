#!/bin/bash
# run89: commit fb50d0f, every workload code's own check gating its fault-scale measurement:
# examples/fault_scales.rs at nine rounds, once.
set -u
R=$PWD; W=/root/work/run89; mkdir -p $W/bin; cd $W
xz -dc $R/devbin/r89/fault_scales.xz > bin/fault_scales; chmod +x bin/fault_scales
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; } > machine.txt 2>&1
s=$(date +%s); timeout 150 bin/fault_scales 9 > scales-1.json 2> scales-1.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> scales-1.err
tar czf $OUT/run89.tgz -C /root/work --exclude=run89/bin run89
cat scales-1.err
