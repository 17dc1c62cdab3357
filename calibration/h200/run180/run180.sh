#!/bin/bash
# run180 (a fresh VM): contrib/independent/faultmix.cu: relax.cu's first pass under managed-advise
# and, new in this run, a first touch migrating or duplicating beside x read, written or both over
# the link, against its parts alone; fresh allocations each trial, every output checked; 64 MiB a
# buffer (9 trials) and 256 MiB (5); no calibration (nothing here is priced). overlap.py, written
# before the call, sets each whole pass beside the sum of its parts; it judges nothing.
#   bash calibration/h200/run180/run180.sh [RUN]
set -u
RUN=${1:-run180}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/faultmix $R/contrib/independent/faultmix.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
m() { f=faultmix-$1; s=$(date +%s); timeout $3 bin/faultmix $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
m 67108864 9 150
m 268435456 5 200
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 faultmix-*.err; grep -c ",failed$" faultmix-*.csv; true
