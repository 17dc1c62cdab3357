#!/bin/bash
# Session 3, third device call: the plans that measure the primitives at more than one size.
set -u
B=$PWD/devbin; W=/root/work/run5; mkdir -p $W; cd $W
pack() { tar czf $OUT/run5.tgz -C /root/work run5; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used --format=csv; uptime; } > machine.txt 2>&1
for n in full-5:full minimal-8:minimal; do
  name=${n%%:*}; plan=${n##*:}
  s=$(date +%s%N)
  $B/umodel calibrate --plan $plan -o $W/$name.model.json > $name.log 2> $name.err; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> $name.err
  pack
done
uptime >> machine.txt
pack
