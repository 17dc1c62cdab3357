#!/bin/bash
# run185 (a fresh VM): held-out data for judge.py (rule D), written before the call. run183:
# the deferred cost a move meets when the thread issuing it is pinned; every calibration
# measures pinned, so its `prefetch_next` and `prefetch_noop_after_move` carry the cost when the
# calibration happens to meet it. Rule D: price the programs written without umodel's code
# (unpinned, as written) without those two terms. Two calibrations (the default, pinned) around
# relax.cu on 64 MiB with 16 and 1 host threads, kmeans.cu on 64 MiB with 16 and 1, horner.cu on
# 64 MiB with K = 16 (R = 4), and relax.cu on one thread pinned (RELAX_PIN=last; its file named
# relaxpinned-*, the pinned side, priced both ways for the reading). devbin/r183 (395e129's code).
#   bash calibration/h200/run185/run185.sh [RUN]
set -u
RUN=${1:-run185}; BIN=${BIN:-devbin/r183}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
cal 1
s=$(date +%s); { nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/horner $R/contrib/independent/horner.cu; } > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=$5-$1-t$3; s=$(date +%s); env RELAX_THREADS=$3 $6 timeout $4 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k() { f=kmeans-$1-t$3; s=$(date +%s); timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
h() { f=horner-$1-k$2; s=$(date +%s); timeout $4 bin/horner $1 $2 4 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
r 67108864 15 16 100 relax ""
r 67108864 15 1 100 relax ""
r 67108864 15 1 100 relaxpinned "RELAX_PIN=last"
k 67108864 15 16 90
k 67108864 15 1 120
h 67108864 16 6 100
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax*.err kmeans-*.err horner-*.err; grep -c ",failed$" relax*.csv kmeans-*.csv horner-*.csv; true
