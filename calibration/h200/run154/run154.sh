#!/bin/bash
# run154 (a fresh VM, after run153 found no single policy's trials slow the sums after them):
# relax.cu's final sum was slow only with the policies alternating trial by trial (run152). Here:
# the six rotated again (the control), then explicit-copy alternating with each other policy, one
# process each (contrib/independent/relaxrun.cu, first and third forms). Every process probes at
# its start and end: fresh and kept pinned memory, kept and fresh heap memory, fresh heap memory in
# huge pages. If fresh memory is slow and kept memory fast once policies alternate, the cause is in
# where fresh memory lands (the guest's free pages scattered), not in the trial's code. The guest's
# free-page lists (/proc/buddyinfo) are kept around each process. Written before the call; it
# judges nothing.
#   bash calibration/h200/run154/run154.sh
set -u
RUN=${1:-run154}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; uname -r; uptime; } > machine.txt 2>&1
nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relaxrun $R/contrib/independent/relaxrun.cu > build.log 2>&1; echo "rc=$?" >> build.log
go() { f=$1; shift; cat /proc/buddyinfo > buddy-$f-before.txt; timeout 100 bin/relaxrun 9 "$@" > relaxrun-$f.csv 2> relaxrun-$f.err; echo "rc=$?" >> relaxrun-$f.err; cat /proc/buddyinfo > buddy-$f-after.txt; }
go 1-rotated
i=1; for p in host-mapped managed managed-prefetch managed-advise managed-advise-prefetch; do i=$((i+1)); go $i-alternate-$p $p alternate; done
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
        print(f"  {k[0]:<9} {k[1]:<26} sum median {st.median(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
PY
for f in buddy-*; do echo "$f: $(grep Normal $f)"; done
