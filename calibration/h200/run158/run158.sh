#!/bin/bash
# run158 (a fresh VM): a third workload written without umodel's code,
# contrib/independent/horner.cu: the host writes a batch of inputs and sums the outputs every
# round, the GPU makes R = 4 passes of a degree-K polynomial per round (four rounds, host first,
# then a final sum; tasks/horner.json). Its host passes are noinline from the start (NOTES.md, "An
# independent workload"). Two minimal calibrations; 64 MiB a buffer with K = 16 and K = 4096 (10
# trials), 256 MiB with K = 4096 (8 trials); every move timed. Judged by judge.py, written before
# the call.
#   bash calibration/h200/run158/run158.sh
set -u
RUN=${1:-run158}; BIN=${BIN:-devbin/r129}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 40 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
pack
nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/horner $R/contrib/independent/horner.cu > build.log 2>&1; echo "horner rc=$?" >> build.log
h() { f=horner-$1-k$2; s=$(date +%s); HORNER_STEPS=steps-$f.csv timeout $4 bin/horner $1 $2 4 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
h 67108864 16 10 100
h 67108864 4096 10 120
h 268435456 4096 8 200
cal 2
uptime >> machine.txt; pack
cat build.log; tail -qn1 calibrate-*.err horner-*.err; grep -c ",failed$" horner-*.csv
python3 - <<'PY'
import csv, glob, statistics as st, collections
for f in sorted(glob.glob("horner-*.csv")):
    d = collections.defaultdict(list)
    for r in csv.DictReader(open(f)): d[r["policy"]].append(float(r["total_ms"] or r["gpu_ms"]))
    print(f, " ".join(f"{k}:{st.median(v):.2f}" for k, v in d.items()))
PY
