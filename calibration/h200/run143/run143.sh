#!/bin/bash
# run143 (another fresh VM, after run142's data came back: the independent k-means's prefetching
# rows came 6-28 % off, their moves priced 26-65 % above what the program paid with one host
# thread; the managed row's faults back 86-96 % high with every core). Two questions, written
# before this call:
#  1. does run142's result hold on another VM? The same runs, judged by run142/judge.py;
#  2. does waiting after every move (as umodel's step-by-step runner does) change what the moves
#     cost? The same program with `each` beside `batched`, every move timed by events around it
#     (moves.py).
#   bash calibration/h200/run143/run143.sh
set -u
RUN=${1:-run143}; BIN=${BIN:-devbin/r129}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 40 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/kmeans $R/contrib/independent/kmeans.cu -lpthread > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
N=$(nproc)
# $1 bytes, $2 trials, $3 threads, $4 mode, $5 limit: batched runs are kmeans-*.csv (run142/judge.py
# reads them), `each` runs each-kmeans-*.csv.
k() { f=kmeans-$1-t$3; [ $4 = each ] && f=each-$f; s=$(date +%s); KMEANS_STEPS=steps-$f.csv timeout $5 bin/kmeans $1 $2 $3 $4 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k 67108864 15 1 batched 100
k 67108864 15 1 each 100
k 67108864 15 $N batched 80
k 67108864 15 $N each 80
k 268435456 9 1 batched 150
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err *kmeans-*.err; grep -c ",failed$" *kmeans-*.csv; true
