#!/bin/bash
# run228 (planned 2026-12-06 03:38 UTC, not run when written): contrib/independent/lastwrite.cu,
# what the host did last before a GPU pass over host memory. About 40 s with the build. Either GPU.
#   bash calibration/h100/run228/run228.sh      (device: needs nvcc, carries nothing)
set -u
RUN=${RUN:-run228}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/lastwrite $R/contrib/independent/lastwrite.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
s=$(date +%s); timeout 150 bin/lastwrite 67108864 10 > lastwrite.csv 2> lastwrite.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> lastwrite.err
uptime >> machine.txt; pack
cat build.log lastwrite.err; grep -c ",failed$" lastwrite.csv; true
