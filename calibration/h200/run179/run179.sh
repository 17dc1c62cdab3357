#!/bin/bash
# run179 (a fresh VM): contrib/independent/faultmix.cu: relax.cu's first pass under managed-advise
# (b faulting in beside x over the link) against its parts alone, on fresh allocations each trial,
# every output checked; 64 MiB a buffer (9 trials) and 256 MiB (5), between two calibrations by
# devbin/r172 (9b60aee; the fitting and measuring code as now). faultmix.py, written before the
# call, sets each case beside its price; it judges nothing.
#   bash calibration/h200/run179/run179.sh [RUN]
set -u
RUN=${1:-run179}; BIN=${BIN:-devbin/r172}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/faultmix $R/contrib/independent/faultmix.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
m() { f=faultmix-$1; s=$(date +%s); timeout $3 bin/faultmix $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
m 67108864 9 150
m 268435456 5 200
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err faultmix-*.err; grep -c ",failed$" faultmix-*.csv; true
