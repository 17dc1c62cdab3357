#!/bin/bash
# examples/sparse_prefetch.rs again, three processes of 40 rounds: is a sparsely touched buffer's
# prefetch back slower than a densely touched one's at 64 MiB too, or only at 256 MiB?
set -u
B=$PWD/devbin; W=/root/work/run51; mkdir -p $W; cd $W
pack() { tar czf $OUT/run51.tgz -C /root/work run51; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2 3; do $B/sparse_prefetch 40 > sparse-$i.csv 2> sparse-$i.err; echo "rc=$?" >> sparse-$i.err; pack; done
uptime >> machine.txt; pack
cat sparse-*.err
python3 - <<'PY'
import csv, statistics as st, collections
for i in (1, 2, 3):
    g = collections.defaultdict(list)
    for r in csv.DictReader(open(f'sparse-{i}.csv')): g[(int(r['bytes']) >> 20, r['variant'], r['step'])].append(float(r['ms']))
    for b in (64, 256):
        print(i, b, 'to_host', ' '.join('%s %.2f [%.2f-%.2f]' % (v, st.median(g[(b, v, 'to_host')]), min(g[(b, v, 'to_host')]), max(g[(b, v, 'to_host')])) for v in ('none', 'sparse', 'dense')))
PY
true
