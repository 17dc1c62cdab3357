#!/bin/bash
# run175 (a fresh VM): where the GPU side of relax's and the k-means's rows goes, round by round.
# relax.cu and kmeans.cu with a steps file (RELAX_STEPS, KMEANS_STEPS), which since this run also
# times each round's kernel (harness.cuh, Moves::kernel), on the configurations of run173/run174
# (relax 64 MiB with 16 and 4 threads and 256 MiB with 16; k-means 64 and 256 MiB with 16), between
# two fresh calibrations by devbin/r172 (9b60aee; the fitting and measuring code as now).
#   bash calibration/h200/run175/run175.sh [RUN]
set -u
RUN=${1:-run175}; BIN=${BIN:-devbin/r172}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); { nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread; } > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1-t$3; s=$(date +%s); RELAX_STEPS=$f.steps.csv RELAX_THREADS=$3 timeout $4 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k() { f=kmeans-$1-t$3; s=$(date +%s); KMEANS_STEPS=$f.steps.csv timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
r 67108864 15 16 100
r 67108864 15 4 100
r 268435456 9 16 180
k 67108864 15 16 90
k 268435456 9 16 150
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax-*.err kmeans-*.err; grep -c ",failed$" relax-*.csv kmeans-*.csv; head -3 relax-67108864-t16.steps.csv; true
