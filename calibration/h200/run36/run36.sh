#!/bin/bash
# Does what ran just before a prefetch back to the host (an idle or busy GPU, a sleeping or computing host) set its rate?
# examples/prefetch_gaps.rs, two processes of 30 s.
set -u
B=$PWD/devbin; W=/root/work/run36; mkdir -p $W; cd $W
pack() { tar czf $OUT/run36.tgz -C /root/work run36; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do $B/prefetch_gaps 30 > gaps-$i.csv 2> gaps-$i.err; echo "rc=$?" >> gaps-$i.err; pack; done
uptime >> machine.txt; pack
tail -qn2 gaps-*.err
