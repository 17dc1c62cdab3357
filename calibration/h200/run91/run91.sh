#!/bin/bash
# run91: the managed group's scalar and compute-bound fault cells at three times the trials
# (FAULT_PAIR_TRIALS), A/B on one machine: twelve calibrations, each a first one in its own data
# folder, alternating `a` (devbin/r91/umodel-a: ca10fbe, 3 trials a cell) and `b` (umodel-b: commit 72bed5d, 9
# trials for those cells) in the order a b b a a b b a a b b a. Packed after each four.
set -u
B=$PWD/devbin/r91; W=/root/work/run91; mkdir -p $W/bin; cd $W
for v in a b; do xz -dc $B/umodel-$v.xz > bin/umodel-$v; chmod +x bin/umodel-$v; done
pack() { tar czf $OUT/run91.tgz -C /root/work --exclude=run91/bin run91; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
n=0
for v in a b b a a b b a a b b a; do
  i=$(ls -d data-$v-* 2>/dev/null | wc -l); i=$((i + 1))
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$v-$i timeout 40 bin/umodel-$v calibrate > calibrate-$v-$i.log 2> calibrate-$v-$i.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$v-$i.err
  echo "$(date -u +%T) $v-$i $(tail -n1 calibrate-$v-$i.err)" >> walls.txt
  n=$((n + 1)); [ $((n % 4)) = 0 ] && { uptime >> machine.txt; pack; }
done
cat walls.txt
