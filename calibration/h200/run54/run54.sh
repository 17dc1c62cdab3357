#!/bin/bash
# Is `umodel probe`'s fault-in slower in a fresh process's first rounds? Fresh processes of 8
# and 32 rounds, alternating, three of each (the binary of run53): if the first rounds are the
# slow ones, the 32-round means come out lower.
set -u
B=$PWD/devbin; W=/root/work/run54; mkdir -p $W; cd $W
pack() { tar czf $OUT/run54.tgz -C /root/work run54; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2 3; do for r in 8 32; do $B/umodel probe --rounds $r -o probe-$r-$i.json > probe-$r-$i.txt 2>&1; echo "rc=$?" >> probe-$r-$i.txt; done; done
uptime >> machine.txt; pack
for f in probe-*.json; do python3 -c "import json; d=json.load(open('$f')); print('$f', ' '.join('%s %.2f' % (k, d[k]['ms']) for k in ('prefetch_to_host','fault_in','cpu_fault_back','cpu_after_prefetch')))"; done
true
