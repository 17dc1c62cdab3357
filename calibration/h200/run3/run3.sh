#!/bin/bash
# Session 3 device run: GPU tests with the refactored bench code, then full + two minimal calibrations.
set -u
B=$PWD/devbin; W=/root/work/run3; mkdir -p $W; cd $W
pack() { tar czf $OUT/run3.tgz -C /root/work run3; }
{ date -u; nvidia-smi; nproc; uptime; } > machine.txt 2>&1
$B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
for n in full-4:full minimal-6:minimal minimal-7:minimal; do
  name=${n%%:*}; plan=${n##*:}
  s=$(date +%s%N)
  $B/umodel calibrate --plan $plan -o $W/$name.model.json > $name.log 2>&1; rc=$?
  e=$(date +%s%N)
  echo "rc=$rc wall_ms=$(( (e - s) / 1000000 ))" >> $name.log
  pack
done
uptime >> machine.txt
pack
