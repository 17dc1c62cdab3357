#!/bin/bash
# run149 (a fresh VM): why relax.cu's final sum took 47-56 ms inside its trials against 14.6 ms
# timed plain (run148), when hostmem.cu found the sum as fast on every kind of host memory (run147).
# contrib/independent/afterdev.cu sums 64 MiB twice in a row after one change at a time: the host
# waited for a GPU kernel, the host slept, a copy or a kernel over the mapping wrote the buffer,
# the buffer is fresh, a managed buffer came back by prefetch. Each eighth of each sum is timed and
# the minor page faults counted. What would tell what:
#   - only the cases the GPU wrote slow, both passes      -> reading what the device wrote costs;
#   - slow pass 0, fast pass 1, faults in pass 0          -> a first touch per page (mapping);
#   - slow pass 0 after a wait or a sleep, first eighths   -> the host's clock, not the memory;
#   - nothing slow                                        -> the trial's own sequence, not found here.
# Also builds all four programs with nvcc (two changes since run146 were checked against a stub
# only) and runs relax and kmeans for three trials each, so their gates are seen to pass.
# Written before the call; it judges nothing.
#   bash calibration/h200/run149/run149.sh
set -u
RUN=${1:-run149}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; lscpu | grep -i "model name\|mhz\|numa node(s)\|hypervisor"; uname -r; uptime; nvcc --version | tail -1;
  cat /sys/devices/system/cpu/cpu0/cpufreq/scaling_governor 2>&1; } > machine.txt 2>&1
s=$(date +%s)
for p in afterdev hostmem; do nvcc -O3 -arch=sm_90 -std=c++17 -o bin/$p $R/contrib/independent/$p.cu >> build.log 2>&1; echo "$p rc=$?" >> build.log; done
for p in relax kmeans; do nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/$p $R/contrib/independent/$p.cu -lpthread >> build.log 2>&1; echo "$p rc=$?" >> build.log; done
echo "wall_s=$(( $(date +%s) - s ))" >> build.log
timeout 150 bin/afterdev 9 > afterdev.csv 2> afterdev.err; echo "rc=$?" >> afterdev.err; pack
RELAX_STEPS=steps-relax.csv timeout 60 bin/relax 67108864 3 > relax-67108864.csv 2> relax.err; echo "rc=$?" >> relax.err
KMEANS_STEPS=steps-kmeans.csv timeout 60 bin/kmeans 67108864 3 1 > kmeans-67108864-t1.csv 2> kmeans.err; echo "rc=$?" >> kmeans.err
timeout 60 bin/hostmem 2 > hostmem.csv 2> hostmem.err; echo "rc=$?" >> hostmem.err
uptime >> machine.txt; pack
cat machine.txt build.log afterdev.err relax.err kmeans.err hostmem.err; grep -c ",failed$" relax-*.csv kmeans-*.csv
python3 - <<'PY'
import csv, statistics as st, collections
d = collections.defaultdict(list)
for r in csv.DictReader(open("afterdev.csv")):
    d[(r["case"], r["pass"])].append(r)
for k, rows in d.items():
    ms = [float(r["ms"]) for r in rows]; f = [int(r["minflt"]) for r in rows]
    c0 = st.median(float(r["chunk0_ms"]) for r in rows); c7 = st.median(float(r["chunk7_ms"]) for r in rows)
    print(f"{k[0]:<26} pass {k[1]} median {st.median(ms):8.3f} ms [{min(ms):.3f}-{max(ms):.3f}] of {len(ms)}; faults {st.median(f)}; eighths 0/7 {c0:.3f}/{c7:.3f}")
PY
