#!/bin/bash
# run142 (one freshly started VM): does umodel predict a workload it did not write? An
# independent k-means (contrib/independent/kmeans.cu: CUDA C++ built here with nvcc, none of
# umodel's kernels, timing or step walk) under the six handoff policies, described by
# tasks/kmeans.json and predicted from this VM's own fresh minimal calibration, given the phases
# the program times on plain memory. Two calibrations (before and after), the program at 64 MiB a
# buffer with one host thread and with every core, and at 256 MiB with one thread. Judged by
# judge.py, written before any of this call's data came back.
#   bash calibration/h200/run142/run142.sh
set -u
RUN=${1:-run142}; BIN=${BIN:-devbin/r129}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 40 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
N=$(nproc)
k() { s=$(date +%s); timeout $4 bin/kmeans $1 $2 $3 > kmeans-$1-t$3.csv 2> kmeans-$1-t$3.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> kmeans-$1-t$3.err; uptime >> machine.txt; pack; }
k 67108864 15 1 120
k 67108864 15 $N 90
k 268435456 9 1 200
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err kmeans-*.err; grep -c ",failed$" kmeans-*.csv; true
