#!/bin/bash
# What puts a prefetch of 64 MiB back to the host in its fast (~4 ms) or slow (~6.5 ms) mode:
# examples/prefetch_modes.rs, two processes of 30 s.
set -u
B=$PWD/devbin; W=/root/work/run31; mkdir -p $W; cd $W
pack() { tar czf $OUT/run31.tgz -C /root/work run31; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do $B/prefetch_modes 30 > modes-$i.csv 2> modes-$i.err; echo "rc=$?" >> modes-$i.err; pack; done
uptime >> machine.txt; pack
tail -qn2 modes-*.err
