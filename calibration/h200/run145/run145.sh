#!/bin/bash
# run145 (another fresh VM, after run144): the independent k-means's managed row came 30-48 %
# high with 16 host threads (run142-run144): those threads fault the pages back about twice as
# fast as the calibration's single-thread read. umodel has a knob for the host code's own
# fault-back, the task's `cpu_fault_scale`, and a call that measures it on the user's code
# (`umodel_fault_scale`, C). Does it fix the row when the program measures it as a user would?
# The same runs as run142, the program built with umodel's C library (libumodel_c.a, carried,
# from this commit) and each run measuring its scale first. Judged by judge.py, written before.
#   bash calibration/h200/run145/run145.sh
set -u
RUN=${1:-run145}; BIN=${BIN:-devbin/r129}; LIB=${LIB:-devbin/c145}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
xz -dc $R/$LIB/libumodel_c.a.xz > bin/libumodel_c.a
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 40 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -DWITH_UMODEL -I $R/crates/umodel-c/include -o bin/kmeans $R/contrib/independent/kmeans.cu bin/libumodel_c.a -lpthread -ldl -lm -lrt -lgcc_s > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
N=$(nproc)
k() { f=kmeans-$1-t$3; s=$(date +%s); KMEANS_FAULT_SCALE=scale-$f.csv timeout $4 bin/kmeans $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
k 67108864 15 1 120
k 67108864 15 $N 90
k 268435456 9 1 200
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err kmeans-*.err; cat scale-*.csv; grep -c ",failed$" kmeans-*.csv; true
