#!/bin/bash
# run241 (planned 2026-12-06 06:09 UTC, not run when written): on an H100 VM, umodel's link and
# migration probe, a minimal calibration, the probe again, then contrib/independent/afterprefetch.cu
# with the updating thread pinned and not; about 70 s with the build.
#   bash calibration/h100/run241/run241.sh     (device: needs nvcc; carry devbin/r227)
set -u
RUN=${RUN:-run241}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
xz -dc $R/devbin/r227/umodel.xz > bin/umodel; chmod +x bin/umodel
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-1.json > probe-1.txt 2> probe-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-1.err
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/afterprefetch $R/contrib/independent/afterprefetch.cu -lpthread > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
for pin in last none; do
  s=$(date +%s); timeout 120 bin/afterprefetch 67108864 10 $pin > afterprefetch-$pin.csv 2> afterprefetch-$pin.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> afterprefetch-$pin.err
done
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-1 timeout 45 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err; cp $(ls $W/data-1/models/*.json | grep -v facts | head -1) $W/model-minimal-1.json
s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-2.json > probe-2.txt 2> probe-2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-2.err
uptime >> machine.txt; pack
cat build.log afterprefetch-*.err calibrate-1.err probe-1.txt | tail -40; grep -c ",failed$" afterprefetch-*.csv; true
