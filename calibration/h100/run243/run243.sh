#!/bin/bash
# run243 (planned 2026-12-06 06:18 UTC, not run when written): afterprefetch.cu at 16, 64 and
# 256 MiB with the updating thread pinned, beside umodel's probe at the same sizes; about 60 s.
#   bash calibration/h100/run243/run243.sh     (device: needs nvcc; carry devbin/r227)
set -u
RUN=${RUN:-run243}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
xz -dc $R/devbin/r227/umodel.xz > bin/umodel; chmod +x bin/umodel
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/afterprefetch $R/contrib/independent/afterprefetch.cu -lpthread > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
for b in 16777216 67108864 268435456; do
  s=$(date +%s%N); timeout 60 bin/umodel probe --no-link --bytes $b -o probe-$b.json > probe-$b.txt 2> probe-$b.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$b.err
  s=$(date +%s); timeout 150 bin/afterprefetch $b 10 last > afterprefetch-$b.csv 2> afterprefetch-$b.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> afterprefetch-$b.err
done
uptime >> machine.txt; pack
cat build.log afterprefetch-*.err probe-*.err | tail -20; grep -c ",failed$" afterprefetch-*.csv; true
