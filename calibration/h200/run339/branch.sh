#!/bin/bash
# run339's plan (plan.md) as one device command: the branch for the GPU and link that came.
#   bash calibration/h200/run339/branch.sh runA runB runC   (device: carry devbin/r258, devbin/r257)
# An H200 runs run326's plan (rule S) as runA and runB. A slow-link H100 runs run318's script
# three times, runA to runC (run348's slow-link judgement of rule R and offline62's of rule T each
# keep three runs a VM; about 6 minutes). A fast-link H100, whose verdicts are in, ran it once
# as runA until session 70 (fourteen such VMs read alike, calibration/h100/offline66/fast_vms.txt);
# since then it records the machine's facts as runA (run318.sh's machine.txt) and ends, about
# 150 s sooner, so that a session's device time makes more calls, each a chance of an H200 or a
# slow link.
# Which branch ran goes to $OUT/branch.txt.
set -u
A=$1; B=$2; C=$3
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
l3=$(lscpu | grep "L3")
if echo "$gpu" | grep -q H200; then
  echo "H200 ($gpu; $l3): run326.sh as $A, $B" > $OUT/branch.txt
  RUN=$A bash calibration/h200/run326/run326.sh; RUN=$B bash calibration/h200/run326/run326.sh
elif echo "$l3" | grep -q "L3 cache: *300 MiB"; then
  echo "fast-link H100 ($gpu; $l3): the facts only, as $A" > $OUT/branch.txt
  mkdir -p /root/work/$A && cd /root/work/$A
  { date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } > machine.txt 2>&1
  tar czf $OUT/$A.tgz -C /root/work $A; cat machine.txt
else
  echo "slow-link H100 ($gpu; $l3): run318.sh as $A, $B, $C" > $OUT/branch.txt
  for r in $A $B $C; do RUN=$r bash calibration/h100/run318/run318.sh; done
fi
ls $OUT
