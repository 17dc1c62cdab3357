#!/bin/bash
# run188 (a fresh VM), planned 2026-12-04 with no device lent: held-out data for readings.py,
# written before the call. Rule E (offline41/embedded.py) gave the embedded model `h200` the
# median of thirty calibrations' task terms, judged on committed runs by leaving each VM out.
# This asks the same of a VM none of them saw: the programs written without umodel's code
# (relax.cu on 64 MiB with 16, 4 and 1 host threads, and on one thread pinned, RELAX_PIN=last;
# kmeans.cu on 64 MiB with 16 and 8; horner.cu K = 16, R = 4) and umodel's seed 001, partial
# update and producer/consumer workloads (4 trials), then one minimal calibration (the default,
# pinned), whose model and `calibrate` log give the readings beside. No calibration runs before
# the workloads: a user with no calibration is priced by the embedded model. Added the same day,
# before any call: relax.cu and kmeans.cu on 256 MiB with 16 threads, for rule F (the branch
# scalar-shape: scalar faults beyond 64 MiB priced as the streaming ones grow; devbin/r188f).
# devbin/r188 (the build of d9f5774, main's last code change when this was planned; if
# missing: git checkout d9f5774 && cargo build --release && mkdir -p devbin/r188 &&
# xz -c target/release/umodel > devbin/r188/umodel.xz; devbin/r188f likewise from b2f521e, the
# branch scalar-shape: only readings.py prices with it, after the call).
#   bash calibration/h200/run188/run188.sh [RUN]
set -u
RUN=${1:-run188}; BIN=${BIN:-devbin/r188}
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
r 67108864 15 16 100 relax ""
r 67108864 15 4 100 relax ""
r 67108864 15 1 100 relax ""
r 67108864 15 1 100 relaxpinned "RELAX_PIN=last"
r 268435456 9 16 180 relax ""
k 67108864 15 16 90
k 67108864 15 8 90
k 268435456 9 16 150
h 67108864 16 6 100
wl workload
wl partial
wl prodcons
cal 1
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax*.err kmeans-*.err horner-*.err workload.err partial.err prodcons.err; grep -c ",failed$" relax*.csv kmeans-*.csv horner-*.csv; grep -h "warning: task term" calibrate-*.err; true
