#!/bin/bash
# run160 (a fresh VM): the calibration now times the host's read of migrated pages on 16 threads
# beside one thread's (managed/cpu_read_migrated_wide, cpu_read_heap_wide), and a task's
# `cpu_threads` prices its faults back at that share (Amdahl's law between 1 and 16 threads).
# The independent k-means's managed row came 20-48 % high with 16 host threads (run142-run144),
# its host side priced 47-105 % high. Does the share take that off, at 16 threads and at 4 (an
# interpolation), on the same VM's two fresh calibrations? Judged by judge.py, written before.
#   bash calibration/h200/run160/run160.sh [RUN]
set -u
RUN=${1:-run160}; BIN=${BIN:-devbin/r160}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 40 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
k() { f=kmeans-$1-t$3; s=$(date +%s); timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k 67108864 15 16 90
k 67108864 15 4 100
k 67108864 15 1 120
k 268435456 9 16 150
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err kmeans-*.err; grep -h "threads" calibrate-*.log; grep -c ",failed$" kmeans-*.csv; true
