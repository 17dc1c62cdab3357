#!/bin/bash
# run152 (a fresh VM, after run151, whose rotated rows timed no sum: the compiler dropped sums whose
# result went unused; relaxrun.cu now uses every one). As run151, after run150: relaxsum.cu's rebuilt explicit-copy trial summed in 13-14 ms
# where relax.cu's own took about 50. contrib/independent/relaxrun.cu compiles relax.cu unchanged
# and calls its trial function for explicit-copy alone (9 trials), then for the six policies
# rotated (9 trials): slow alone -> relax.cu's code; fast alone, slow rotated -> the other
# policies' trials. The host code of relax.cu's trial and of relaxsum.cu's sum is disassembled
# too. Written before the call; it judges nothing.
#   bash calibration/h200/run152/run152.sh
set -u
RUN=${1:-run152}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; nproc; uname -r; uptime; } > machine.txt 2>&1
for p in relaxrun relaxsum; do nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/$p $R/contrib/independent/$p.cu >> build.log 2>&1; echo "$p rc=$?" >> build.log; done
objdump -d -C --no-show-raw-insn bin/relaxrun | awk '/^[0-9a-f]+ <run\(/,/^$/' > relaxrun-run.asm
objdump -d -C --no-show-raw-insn bin/relaxsum | awk '/^[0-9a-f]+ <timed_sum\(/,/^$/' > relaxsum-timed_sum.asm
wc -l *.asm >> build.log
timeout 200 bin/relaxrun 9 > relaxrun.csv 2> relaxrun.err; echo "rc=$?" >> relaxrun.err
uptime >> machine.txt; pack
cat machine.txt build.log relaxrun.err
python3 - <<'PY'
import csv, statistics as st, collections
d = collections.defaultdict(list)
for r in csv.DictReader(open("relaxrun.csv")):
    d[(r["sequence"], r["policy"])].append(float(r["cpu_final_ms"]))
for k, v in sorted(d.items()):
    print(f"{k[0]:<8} {k[1]:<24} final sum median {st.median(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
PY
grep -n "cvtss2sd\|addsd" relaxrun-run.asm | head -30
