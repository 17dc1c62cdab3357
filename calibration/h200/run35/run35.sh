#!/bin/bash
# Does a managed buffer's migration cost depend on how new its allocation is?
# examples/fresh_buffers.rs, two processes of 30 s.
set -u
B=$PWD/devbin; W=/root/work/run35; mkdir -p $W; cd $W
pack() { tar czf $OUT/run35.tgz -C /root/work run35; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do $B/fresh_buffers 30 > fresh-$i.csv 2> fresh-$i.err; echo "rc=$?" >> fresh-$i.err; pack; done
uptime >> machine.txt; pack
tail -qn2 fresh-*.err
