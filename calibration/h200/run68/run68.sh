#!/bin/bash
# run68: examples/advice_order.rs, two processes of 30 s: seed 001's primitives and kernel on managed
# buffers advised before the fill, after it, on kept allocations (the calibration's way) and on kept
# ones re-advised after each fill.
set -u
B=$PWD/devbin; W=/root/work/run68; mkdir -p $W; cd $W
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do timeout 60 $B/advice_order 30 > order-$i.csv 2> order-$i.err; echo "rc=$?" >> order-$i.err; done
uptime >> machine.txt
tar czf $OUT/run68.tgz -C /root/work run68
tail -n2 order-*.err
