#!/bin/bash
# run148 (another fresh VM, after run147 found every kind of host memory as fast as heap memory
# for the same passes): which of relax.cu's host passes is slow inside its trials, the writes of
# one page in ten or the final sum? relax.cu now writes the in-trial final sum apart
# (`cpu_final_ms` of the policy rows). 64 MiB, 9 trials, no calibration. Written before the call;
# it judges nothing.
#   bash calibration/h200/run148/run148.sh
set -u
RUN=${1:-run148}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; uname -r; uptime; } > machine.txt 2>&1
nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu > build.log 2>&1; echo "rc=$?" >> build.log
timeout 100 bin/relax 67108864 9 > relax-67108864.csv 2> relax-67108864.err; echo "rc=$?" >> relax-67108864.err
uptime >> machine.txt; pack
cat build.log relax-67108864.err
python3 - <<'PY'
import csv, statistics as st, collections
d = collections.defaultdict(list)
for r in csv.DictReader(open("relax-67108864.csv")):
    if r["policy"] == "plain":
        d[("plain", "writes")].append(float(r["cpu_ms"])); d[("plain", "final")].append(float(r["cpu_final_ms"]))
    else:
        f = float(r["cpu_final_ms"]); d[(r["policy"], "writes x4")].append(float(r["cpu_ms"]) - f); d[(r["policy"], "final")].append(f)
for k in sorted(d):
    v = d[k]; print(f"{k[0]:<24} {k[1]:<10} median {st.median(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
PY
