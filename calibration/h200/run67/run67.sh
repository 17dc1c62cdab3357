#!/bin/bash
# run67: examples/advice_touches.rs with the workload-shaped variants (fresh allocations advised as
# the workload advises them; producer/consumer under managed-prefetch step by step), two processes of
# 30 s.
set -u
B=$PWD/devbin; W=/root/work/run67; mkdir -p $W; cd $W
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do timeout 60 $B/advice_touches 30 > touches-$i.csv 2> touches-$i.err; echo "rc=$?" >> touches-$i.err; done
uptime >> machine.txt
tar czf $OUT/run67.tgz -C /root/work run67
tail -n2 touches-*.err
