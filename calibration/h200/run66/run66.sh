#!/bin/bash
# run66: examples/advice_touches.rs, two processes of 30 s: the host's reads of managed pages under
# each advice after the GPU touched them, and seed 001's pass faulting three buffers in at once
# against the calibration's primitives one buffer at a time.
set -u
B=$PWD/devbin; W=/root/work/run66; mkdir -p $W; cd $W
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do timeout 60 $B/advice_touches 30 > touches-$i.csv 2> touches-$i.err; echo "rc=$?" >> touches-$i.err; done
uptime >> machine.txt
tar czf $OUT/run66.tgz -C /root/work run66
tail -n2 touches-*.err
