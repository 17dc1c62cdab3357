#!/bin/bash
# run248 (planned 2026-12-06 06:43 UTC, not run when written): a link probe, then
# contrib/independent/linkshape.cu at 64 MiB, 15 trials, on an H100 VM; about 40 s with the build.
#   bash calibration/h100/run248/run248.sh     (device: needs nvcc; carry devbin/r227, or BIN=devbin/rNNN)
set -u
RUN=${RUN:-run248}; BIN=${BIN:-devbin/r227}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/umodel
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-1.json > probe-1.txt 2> probe-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-1.err
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/linkshape $R/contrib/independent/linkshape.cu -lpthread > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
s=$(date +%s); timeout 200 bin/linkshape 67108864 15 > linkshape.csv 2> linkshape.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> linkshape.err
s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-2.json > probe-2.txt 2> probe-2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-2.err
uptime >> machine.txt; pack
cat build.log linkshape.err; tail -qn1 probe-*.err; grep -c ",failed$" linkshape.csv; true
