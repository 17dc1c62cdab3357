#!/bin/bash
# run184 (a fresh VM): held-out data for judge.py, written before the call. run183 showed that
# umodel's pinned issuing thread brings a deferred cost to its moves that programs with an
# unpinned thread never pay; every committed calibration measured its moves pinned. Here two
# calibrations each way, pinned (the default) and unpinned (`--cpu-core none`), alternating
# around the programs written without umodel's code (all unpinned, as written): relax.cu on 64
# MiB with 16 and 1 host threads, kmeans.cu on 64 MiB with 16 and 1, horner.cu on 64 MiB with K
# = 16 (R = 4); and umodel's seed 001 workloads (5 trials) each way, for the suite's own
# validation. devbin/r183 (395e129's code, the first with `--cpu-core none`).
#   bash calibration/h200/run184/run184.sh [RUN]
set -u
RUN=${1:-run184}; BIN=${BIN:-devbin/r183}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { l=$1; shift; s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$l timeout 45 bin/umodel calibrate "$@" > calibrate-$l.log 2> calibrate-$l.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$l.err; cp $(ls $W/data-$l/models/*.json | grep -v facts | head -1) $W/model-$l.json; uptime >> machine.txt; pack; }
cal pinned-1
cal free-1 --cpu-core none
s=$(date +%s); { nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/horner $R/contrib/independent/horner.cu; } > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1-t$3; s=$(date +%s); RELAX_THREADS=$3 timeout $4 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k() { f=kmeans-$1-t$3; s=$(date +%s); timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
h() { f=horner-$1-k$2; s=$(date +%s); timeout $4 bin/horner $1 $2 4 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
wl() { f=workload-$1; s=$(date +%s); timeout 150 bin/umodel bench workload --trials 5 $2 --out $f.csv --step-times $f.steps.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
r 67108864 15 16 100
r 67108864 15 1 100
k 67108864 15 16 90
k 67108864 15 1 120
h 67108864 16 6 100
wl pinned ""
wl free "--cpu-core none"
cal free-2 --cpu-core none
cal pinned-2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax-*.err kmeans-*.err horner-*.err workload-*.err; grep -c ",failed$" relax-*.csv kmeans-*.csv horner-*.csv; grep -h "cpu_update" data-*/models/*.minimal.facts.json workload-*.facts.json; true
