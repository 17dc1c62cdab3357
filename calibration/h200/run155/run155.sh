#!/bin/bash
# run155 (a fresh VM, after run154 found the slow sum neither in the policies' order nor in any
# probe): is it a CPU or a stretch of memory? contrib/independent/pagescan.cpp times the sum over
# one 64 MiB heap buffer on each of the 16 CPUs (3 rounds), then over 128 fresh 64 MiB pieces
# (8 GiB) on one CPU, with each piece's physical frames and its cost per page translated. Then
# relax.cu (64 MiB, 3 trials) unpinned, and pinned to one CPU with taskset, with /proc/stat around
# each (steal time per CPU); then relaxrun.cu's rotation unpinned. If relax is slow unpinned and
# fast pinned, or one CPU is slow, the cause is where the thread runs; if some pieces are slow, it
# is where the memory lies. Written before the call; it judges nothing.
#   bash calibration/h200/run155/run155.sh
set -u
RUN=${1:-run155}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; uname -r; uptime; lscpu -e; } > machine.txt 2>&1
g++ -O3 -std=c++17 -o bin/pagescan $R/contrib/independent/pagescan.cpp > build.log 2>&1; echo "pagescan rc=$?" >> build.log
for p in relax relaxrun; do nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/$p $R/contrib/independent/$p.cu >> build.log 2>&1; echo "$p rc=$?" >> build.log; done
timeout 150 bin/pagescan 128 > pagescan.csv 2> pagescan.err; echo "rc=$?" >> pagescan.err; pack
cat /proc/stat > stat-0.txt
timeout 60 bin/relax 67108864 3 > relax-unpinned.csv 2> relax-unpinned.err; echo "rc=$?" >> relax-unpinned.err
cat /proc/stat > stat-1.txt
timeout 60 taskset -c 5 bin/relax 67108864 3 > relax-pinned5.csv 2> relax-pinned5.err; echo "rc=$?" >> relax-pinned5.err
cat /proc/stat > stat-2.txt
timeout 100 bin/relaxrun 9 > relaxrun-rotated.csv 2> relaxrun-rotated.err; echo "rc=$?" >> relaxrun-rotated.err
uptime >> machine.txt; pack
cat build.log; tail -qn1 *.err; grep -c ",failed$" relax-*.csv
python3 - <<'PY'
import csv, statistics as st, collections
rows = list(csv.DictReader(open("pagescan.csv")))
cpu = collections.defaultdict(list)
for r in rows:
    if r["scan"] == "cpu": cpu[int(r["cpu"])].append(float(r["sum_ms"]))
print("per CPU:", " ".join(f"{c}:{st.median(v):.1f}" for c, v in sorted(cpu.items())))
pc = [r for r in rows if r["scan"] == "piece"]
ms = sorted(float(r["sum_ms"]) for r in pc)
q = lambda p: ms[int(p * (len(ms) - 1))]
print(f"pieces: {len(ms)} sums; min {ms[0]:.2f} q10 {q(.1):.2f} median {q(.5):.2f} q90 {q(.9):.2f} max {ms[-1]:.2f} ms; slow (>25 ms): {sum(m > 25 for m in ms)}")
w = sorted(float(r["walk_ns_per_page"]) for r in pc); print(f"walk ns/page: median {st.median(w):.1f} max {w[-1]:.1f}; aligned_2m share median {st.median(float(r['aligned_2m']) for r in pc):.3f}")
for f in ["relax-unpinned.csv", "relax-pinned5.csv"]:
    d = collections.defaultdict(list)
    for r in csv.DictReader(open(f)): d[r["policy"]].append(float(r["cpu_final_ms"]))
    print(f, " ".join(f"{k}:{st.median(v):.1f}" for k, v in d.items()))
d = collections.defaultdict(list)
for r in csv.DictReader(open("relaxrun-rotated.csv")): d[(r["sequence"], r["policy"])].append(float(r["cpu_final_ms"]))
print("relaxrun", " ".join(f"{k[0]}/{k[1]}:{st.median(v):.1f}" for k, v in d.items()))
def steal(f):
    return {l.split()[0]: int(l.split()[8]) for l in open(f) if l.startswith("cpu")}
for a, b in [("stat-0.txt", "stat-1.txt"), ("stat-1.txt", "stat-2.txt")]:
    s0, s1 = steal(a), steal(b); print("steal (ticks)", a, b, {k: s1[k] - s0[k] for k in s0 if s1[k] != s0[k]})
PY
