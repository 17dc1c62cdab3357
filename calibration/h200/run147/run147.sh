#!/bin/bash
# run147 (another fresh VM, after run146): relax.cu's host phases ran 2.7x as long inside its
# trials (on pinned, mapped or managed memory) as on malloc'd heap memory. Which memory is slow,
# and is it the pages' size? contrib/independent/hostmem.cu times a sequential sum and a write of
# one page in ten over 64 MiB on each kind of host memory (9 trials, caches evicted). Written
# before the call; it judges nothing.
#   bash calibration/h200/run147/run147.sh
set -u
RUN=${1:-run147}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; uname -r; uptime; nvcc --version | tail -1;
  for f in /sys/kernel/mm/transparent_hugepage/enabled /sys/kernel/mm/transparent_hugepage/defrag; do echo "$f: $(cat $f 2>&1)"; done;
  grep -i "hugepages\|MemTotal" /proc/meminfo; } > machine.txt 2>&1
nvcc -O3 -arch=sm_90 -std=c++17 -o bin/hostmem $R/contrib/independent/hostmem.cu > build.log 2>&1; echo "rc=$?" >> build.log
timeout 120 bin/hostmem 9 > hostmem.csv 2> hostmem.err; echo "rc=$?" >> hostmem.err
grep -i "AnonHugePages" /proc/meminfo >> machine.txt; uptime >> machine.txt; pack
cat machine.txt build.log hostmem.err
python3 - <<'PY'
import csv, statistics as st, collections
d = collections.defaultdict(list)
for r in csv.DictReader(open("hostmem.csv")):
    d[(r["kind"], r["op"])].append(float(r["ms"]))
for k in sorted(d):
    v = d[k]; print(f"{k[0]:<16} {k[1]:<12} median {st.median(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
PY
