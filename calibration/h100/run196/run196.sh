#!/bin/bash
# run196 (an H100 VM), planned 2026-12-05 before the call, after rule N remade the embedded `h100`
# model's task terms from the five current-plan H100 calibrations (calibration/h100/offline46):
# a fresh VM none of it saw. run195's programs (relax.cu, kmeans.cu, horner.cu at run191's
# sizes, threads and trials) and umodel's workloads at 4 trials a cell (run191's), between two
# calibrations, by main's build with the new model embedded (devbin/r196). readings.py, written
# before the call, says what is read. A call naming nvidia-h200 may be given an H100; run193
# (planned for an H200) runs if the card is an H200, this if not.
# `short` (about 3.5 minutes, for a session with little device time left): the programs at 64 MiB
# only (relax.cu on 16, 4, 1 threads; kmeans.cu on 16 and 8; horner.cu) and two of the workloads
# (the producer/consumer, seed 001); readings.py reads whatever ran.
#   bash calibration/h100/run196/run196.sh [full|short] [RUN]
set -u
MODE=${1:-full}; RUN=${2:-run196}; BIN=${BIN:-devbin/r196}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); { nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread && nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/horner $R/contrib/independent/horner.cu; } > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=$5-$1-t$3; s=$(date +%s); env RELAX_THREADS=$3 $6 timeout $4 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k() { f=kmeans-$1-t$3; s=$(date +%s); timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
h() { f=horner-$1-k$2; s=$(date +%s); timeout $4 bin/horner $1 $2 4 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout 100 bin/umodel bench $f --trials 4 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
cal 1
r 67108864 15 16 100 relax ""
r 67108864 15 4 100 relax ""
r 67108864 15 1 100 relax ""
[ "$MODE" = short ] || r 268435456 9 16 180 relax ""
k 67108864 15 16 90
k 67108864 15 8 90
[ "$MODE" = short ] || k 268435456 9 16 150
h 67108864 16 6 100
wl prodcons
wl workload
[ "$MODE" = short ] || wl partial
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax*.err kmeans-*.err horner-*.err workload.err prodcons.err partial.err 2>/dev/null; grep -c ",failed$" relax*.csv kmeans-*.csv horner-*.csv workload.csv prodcons.csv partial.csv 2>/dev/null; grep -h "warning: task term" calibrate-*.err; true
