#!/bin/bash
# run153 (a fresh VM, after run152 found relax.cu's explicit-copy final sum 21 ms alone and 52 ms
# among the six policies): which policy's trials leave the later sums slow, does it last past its
# process, and does it slow every fresh pinned buffer or only the trials'? One process per
# policy, in this order: host-mapped, managed-prefetch, managed-advise-prefetch, managed-advise,
# managed. Each: a probe (sums of fresh pinned, kept pinned, kept heap memory), explicit-copy x9,
# the policy x9, the probe again, explicit-copy x9 (contrib/independent/relaxrun.cu, second form).
# A slow "before" in a later process means the state outlives its process. /proc/vmstat is kept
# around each process. Written before the call; it judges nothing.
#   bash calibration/h200/run153/run153.sh
set -u
RUN=${1:-run153}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; uname -r; uptime; } > machine.txt 2>&1
nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relaxrun $R/contrib/independent/relaxrun.cu > build.log 2>&1; echo "rc=$?" >> build.log
i=0
for p in host-mapped managed-prefetch managed-advise-prefetch managed-advise managed; do
  i=$((i+1)); cat /proc/vmstat > vmstat-$i-before.txt
  timeout 100 bin/relaxrun 9 $p > relaxrun-$i-$p.csv 2> relaxrun-$i-$p.err; echo "rc=$?" >> relaxrun-$i-$p.err
  cat /proc/vmstat > vmstat-$i-after.txt
done
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 relaxrun-*.err
python3 - <<'PY'
import csv, glob, statistics as st, collections
for f in sorted(glob.glob("relaxrun-*.csv")):
    d = collections.defaultdict(list)
    for r in csv.DictReader(open(f)):
        d[(r["sequence"], r["policy"])].append(float(r["cpu_final_ms"]))
    print(f)
    for k, v in d.items():
        print(f"  {k[0]:<7} {k[1]:<26} sum median {st.median(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
PY
for i in 1 2 3 4 5; do echo "vmstat $i:"; join vmstat-$i-before.txt vmstat-$i-after.txt | awk '$3 != $2 {print "  " $1, $3 - $2}' | head -40; done
