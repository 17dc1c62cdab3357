#!/bin/bash
# run339's plan (plan.md) as one device command: the branch for the GPU and link that came.
#   bash calibration/h200/run339/branch.sh runA runB runC   (device: carry devbin/r258, devbin/r257)
# An H200 runs run326's plan (rule S) as runA and runB. A slow-link H100 runs run318's script
# three times, runA to runC (run348's slow-link judgement of rule R and offline62's of rule T each
# keep three runs a VM; about 6 minutes). A fast-link H100, whose verdicts are in, runs it once
# as runA, one more VM sampled, so that a session's device time makes more calls, each a chance
# of an H200.
# Which branch ran goes to $OUT/branch.txt.
set -u
A=$1; B=$2; C=$3
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
l3=$(lscpu | grep "L3")
if echo "$gpu" | grep -q H200; then
  echo "H200 ($gpu; $l3): run326.sh as $A, $B" > $OUT/branch.txt
  RUN=$A bash calibration/h200/run326/run326.sh; RUN=$B bash calibration/h200/run326/run326.sh
elif echo "$l3" | grep -q "L3 cache: *300 MiB"; then
  echo "fast-link H100 ($gpu; $l3): run318.sh as $A" > $OUT/branch.txt
  RUN=$A bash calibration/h100/run318/run318.sh
else
  echo "slow-link H100 ($gpu; $l3): run318.sh as $A, $B, $C" > $OUT/branch.txt
  for r in $A $B $C; do RUN=$r bash calibration/h100/run318/run318.sh; done
fi
ls $OUT
