#!/bin/bash
# run177 (a fresh VM): held-out data for judge.py, written before the call: the link's two
# directions (a pass whose reads outweigh its writes over the link; relax.cu's host-mapped row,
# horner.cu's host-mapped and managed-advise rows) and a second reading of the given CPU phase's
# spread by its threads. relax on 64 MiB with 16, 4 and 8 threads and 256 MiB with 16; the k-means
# on 64 MiB with 16 and 8 threads; horner on 64 MiB with K = 16 (6 trials) and K = 4096 (10).
# Two fresh calibrations by devbin/r172 (9b60aee; the fitting and measuring code as now).
#   bash calibration/h200/run177/run177.sh [RUN]
set -u
RUN=${1:-run177}; BIN=${BIN:-devbin/r172}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); { nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/horner $R/contrib/independent/horner.cu; } > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1-t$3; s=$(date +%s); RELAX_THREADS=$3 timeout $4 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k() { f=kmeans-$1-t$3; s=$(date +%s); timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
h() { f=horner-$1-k$2; s=$(date +%s); timeout $4 bin/horner $1 $2 4 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
r 67108864 15 16 100
r 67108864 15 4 100
r 67108864 15 8 100
r 268435456 9 16 180
k 67108864 15 16 90
k 67108864 15 8 90
h 67108864 16 6 100
h 67108864 4096 10 120
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax-*.err kmeans-*.err horner-*.err; grep -c ",failed$" relax-*.csv kmeans-*.csv horner-*.csv; true
