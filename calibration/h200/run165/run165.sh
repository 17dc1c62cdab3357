#!/bin/bash
# run165 (a fresh VM): a second independent program on many host threads. relax.cu (the partial
# update's shape: the host rewrites one page in ten between GPU passes, then sums the field) runs
# its two host passes on RELAX_THREADS threads; tasks/relax.json with `cpu_threads` and
# `cpu_final_threads` prices its faults back from the terms of the host's reads on 4, 8 and 16
# threads, which were fitted for dense reads (run160-run163, the k-means): here they also scale
# the sparse writes' faults, untested so far. 64 MiB on 16 and 4 threads, 256 MiB on 16, on two
# fresh calibrations of the VM. The calibrating binary is devbin/r162 (f11faae; the measuring
# code has not changed since). Judged by judge.py, written before.
#   bash calibration/h200/run165/run165.sh [RUN]
set -u
RUN=${1:-run165}; BIN=${BIN:-devbin/r162}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
pack
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1-t$3; s=$(date +%s); RELAX_THREADS=$3 timeout $4 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
r 67108864 15 16 100
r 67108864 15 4 100
r 268435456 9 16 180
cal 2
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 calibrate-*.err relax-*.err; grep -c ",failed$" relax-*.csv; true
