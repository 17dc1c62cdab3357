#!/bin/bash
# run256 (planned 2026-12-06 08:10 UTC, not run when written): on an H100 VM whose guest kernel
# is not run227-run252's fc-v1272 (run254's and run255's were fc-v1294, and their probes priced
# the managed link passes 2.5-3.1x the model over a near-normal pinned link): a probe,
# lastwrite.cu at 64 MiB (10 trials), a calibration, the producer/consumer and seed 001 at 15
# trials, a probe; about 3.5 minutes. On fc-v1272 the facts and the probe only, and on a 105 MiB
# L3 host of it run248's plan as run253 (run216's plan, amended 06:53).
#   bash calibration/h100/run256/run256.sh     (device: needs nvcc; carry devbin/r255, main's
#                                              release build at 0a651fd, stripped, xz -9)
set -u
RUN=${RUN:-run256}; BIN=${BIN:-devbin/r255}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pr 1
# Since 08:52 UTC (plan.md): a 105 MiB-L3 host (a slow link) runs the whole plan too.
if [ -z "${FULL:-}" ] && uname -r | grep -q fc-v1272 && ! grep -q "105 MiB" machine.txt; then
  echo "guest kernel $(uname -r): facts and a probe only"; grep L3 machine.txt; grep -E " map_read | managed_map" probe-1.txt
  exit 0
fi
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/lastwrite $R/contrib/independent/lastwrite.cu -lpthread > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
s=$(date +%s); timeout 200 bin/lastwrite 67108864 10 > lastwrite.csv 2> lastwrite.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> lastwrite.err
uptime >> machine.txt; pack
cal 1
wl prodcons 15 100
wl workload 15 150
pr 2
cat machine.txt probe-1.txt; tail -qn1 build.log lastwrite.err probe-*.err calibrate-*.err prodcons.err workload.err; grep -c ",failed$" *.csv data-*/models/*.csv; true
