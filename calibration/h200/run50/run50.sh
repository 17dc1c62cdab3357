#!/bin/bash
# Prefetch round trips with the CPU touching no page, one page in ten, or every page between them
# (examples/sparse_prefetch.rs), 64 and 256 MiB, twice in two processes.
set -u
B=$PWD/devbin; W=/root/work/run50; mkdir -p $W; cd $W
pack() { tar czf $OUT/run50.tgz -C /root/work run50; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do $B/sparse_prefetch 30 > sparse-$i.csv 2> sparse-$i.err; echo "rc=$?" >> sparse-$i.err; pack; done
uptime >> machine.txt; pack
cat sparse-*.err
python3 - <<'PY'
import csv, statistics as st, collections
for i in (1, 2):
    g = collections.defaultdict(list)
    for r in csv.DictReader(open(f'sparse-{i}.csv')): g[(int(r['bytes']) >> 20, r['variant'], r['step'])].append(float(r['ms']))
    for k in sorted(g):
        v = g[k]; print(i, *k, 'median %.2f [%.2f-%.2f] n=%d' % (st.median(v), min(v), max(v), len(v)))
PY
true
