#!/bin/bash
# run146 (another fresh VM, after run145): a second workload written without umodel's code,
# contrib/independent/relax.cu: the host rewrites one page in ten of a field between in-place GPU
# passes (the partial update's shape, whose migrating rows are where the suite's own workloads
# miss most), with a second, GPU-only buffer; tasks/relax.json describes it. Two minimal
# calibrations, the program at 64 and 256 MiB a buffer (15 trials), every move timed by events.
# kmeans.cu, now sharing harness.cuh, is built too (a build check). Judged by judge.py, written
# before the call.
#   bash calibration/h200/run146/run146.sh
set -u
RUN=${1:-run146}; BIN=${BIN:-devbin/r129}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 40 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); for p in relax kmeans; do nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/$p $R/contrib/independent/$p.cu -lpthread >> build.log 2>&1; echo "$p rc=$?" >> build.log; done; echo "wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1; s=$(date +%s); RELAX_STEPS=steps-$f.csv timeout $3 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
r 67108864 15 120
r 268435456 15 240
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax-*.err; grep -c ",failed$" relax-*.csv; true
