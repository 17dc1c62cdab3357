#!/bin/bash
# run150 (a fresh VM, after run149 found no single condition that slows relax.cu's final sum):
# contrib/independent/relaxsum.cu rebuilds relax.cu's explicit-copy trial and leaves one part out
# at a time (the GPU's copies and kernels, the host's writes, the fresh allocation, three rounds),
# timing the final sum twice and then on the values copied to kept heap memory. relax.cu itself
# runs three trials beside it, so the slow sum is seen on this VM too. Written before the call;
# it judges nothing.
#   bash calibration/h200/run150/run150.sh
set -u
RUN=${1:-run150}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; uname -r; uptime; } > machine.txt 2>&1
for p in relaxsum relax; do nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/$p $R/contrib/independent/$p.cu >> build.log 2>&1; echo "$p rc=$?" >> build.log; done
timeout 60 bin/relax 67108864 3 > relax-67108864.csv 2> relax.err; echo "rc=$?" >> relax.err
timeout 200 bin/relaxsum 9 > relaxsum.csv 2> relaxsum.err; echo "rc=$?" >> relaxsum.err
uptime >> machine.txt; pack
cat machine.txt build.log relax.err relaxsum.err; grep -c ",failed$" relax-*.csv
python3 - <<'PY'
import csv, statistics as st, collections
for r in csv.DictReader(open("relax-67108864.csv")):
    print(r["policy"], r["trial"], r["cpu_final_ms"])
d = collections.defaultdict(list)
for r in csv.DictReader(open("relaxsum.csv")):
    d[(r["variant"], r["what"], r["pass"])].append(r)
for k, rows in sorted(d.items()):
    ms = [float(r["ms"]) for r in rows]
    med = lambda c: st.median(float(r[c]) for r in rows)
    print(f"{k[0]:<18} {k[1]:<17} pass {k[2]} median {st.median(ms):8.3f} ms [{min(ms):.3f}-{max(ms):.3f}] of {len(ms)};"
          f" minflt {med('minflt')} nvcsw {med('nvcsw')} nivcsw {med('nivcsw')}; eighths 0/7 {med('chunk0_ms'):.3f}/{med('chunk7_ms'):.3f}")
PY
