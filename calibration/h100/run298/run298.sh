#!/bin/bash
# run298 (planned 2026-12-06 10:53 UTC, not run when written; plan.md): on every H100 VM the
# facts, umodel's probe and ptxpass.cu (64 MiB, 5 trials; each pass after every core's writes,
# after the same GPU pass, after one thread's writes); on a 105 MiB-L3 host (a slow link) also
# the partial update at 6 trials with its step times, and the probe again.
#   RUN=run298 bash calibration/h100/run298/run298.sh   (device: needs nvcc; carry devbin/r255)
set -u
RUN=${RUN:-run298}; BIN=${BIN:-devbin/r255}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
prog() { s=$(date +%s); timeout $2 bin/$1 ${@:3} > $1.csv 2> $1.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $1.err; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv --step-times steps-$f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pr 1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/ptxpass $R/contrib/independent/ptxpass.cu -lpthread -lcuda >> build.log 2>&1; echo "ptxpass rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
P=$R/crates/umodel-gpu/kernels/ptx/compute_90
prog ptxpass 120 67108864 5 $P/stream.ptx $P/task.ptx
grep L3 machine.txt; uname -r; grep -v "^$" build.log | tail -n 20; tail -n1 ptxpass.err
if ! grep -q "105 MiB" machine.txt; then exit 0; fi
wl partial 6 150
pr 2
tail -qn1 probe-*.err partial.err
true
