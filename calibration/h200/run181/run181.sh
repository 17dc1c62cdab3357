#!/bin/bash
# run181 (a fresh VM): whether a no-op prefetch right after another buffer's move meets the slow
# spell because of how the moves are issued. relax.cu prefetches b (settled on the card) right
# after x every round; batched (the default: a phase's moves enqueued back to back, one wait)
# its no-ops never went over 1 ms in four runs, while umodel's own workloads, which wait after
# every move, met the slow spell in 10-20 % of such steps (NOTES.md, "Prefetches in sequence").
# Here relax runs both ways (`batched` and `each`), alternating, twice each, at 64 MiB with 16
# threads (15 trials) and 256 MiB with 16 (9), with every move and kernel timed (RELAX_STEPS).
# No calibration (nothing is priced). steps.py, written before the call, reads the steps.
#   bash calibration/h200/run181/run181.sh [RUN]
set -u
RUN=${1:-run181}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1-$3-$4; s=$(date +%s); RELAX_STEPS=$f.steps.csv RELAX_THREADS=16 timeout 150 bin/relax $1 $2 $3 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
for i in 1 2; do
  r 67108864 15 batched $i
  r 67108864 15 each $i
  r 268435456 9 batched $i
  r 268435456 9 each $i
done
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 relax-*.err; grep -c ",failed$" relax-*[0-9].csv; true
