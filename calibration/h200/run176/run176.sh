#!/bin/bash
# run176 (a fresh VM): run173's configurations again, for a rule written before the call (judge.py: the
# intervals of a task on many host threads, BEFORE and AFTER the given phase's spread by its threads).
# Two fresh calibrations by devbin/r172 (9b60aee; the fitting and measuring code as at the run).
#   bash calibration/h200/run176/run176.sh [RUN]
set -u
RUN=${1:-run176}; BIN=${BIN:-devbin/r172}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); { nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread; } > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1-t$3; s=$(date +%s); RELAX_THREADS=$3 timeout $4 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k() { f=kmeans-$1-t$3; s=$(date +%s); timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
r 67108864 15 16 100
r 67108864 15 4 100
r 67108864 15 8 100
r 268435456 9 16 180
k 67108864 15 16 90
k 67108864 15 8 90
k 268435456 9 16 150
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax-*.err kmeans-*.err; grep -c ",failed$" relax-*.csv kmeans-*.csv; true
