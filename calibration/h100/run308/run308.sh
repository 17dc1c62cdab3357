#!/bin/bash
# run308 (planned 2026-12-06 12:45 UTC, not run when written; plan.md): on any GPU the facts and
# migrate.cu (managed pages migrating to the GPU after every core's writes, after one thread's,
# and resident; 64 MiB and 16 MiB, 7 trials each; about 30 s after the machine starts).
#   RUN=run308 bash calibration/h100/run308/run308.sh   (device: needs nvcc; nothing carried)
set -u
RUN=${RUN:-run308}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/migrate $R/contrib/independent/migrate.cu -lpthread >> build.log 2>&1; echo "migrate rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
prog() { f=migrate-$1; s=$(date +%s); timeout $3 bin/migrate $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
prog 67108864 7 150
prog 16777216 7 90
grep "L3\|H100\|H200" machine.txt | head -3; uname -r; grep -v "^$" build.log | tail -n 20; tail -qn1 migrate-*.err
true
