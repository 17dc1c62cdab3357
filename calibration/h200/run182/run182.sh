#!/bin/bash
# run182 (a fresh VM): whether a no-op prefetch right after another buffer's move meets the slow
# spell when the moves go on the legacy default stream, as umodel's harness issues them
# (cudarc's default stream), where relax.cu's own stream never met it (run181, waited for or
# not). relax.cu with RELAX_DEFAULT_STREAM=1 (`default`) and without (`own`), alternating, three
# processes each at 64 MiB on 16 threads (15 trials) and one each at 256 MiB (9), every move and
# kernel timed (RELAX_STEPS). No calibration. steps.py, written before the call, reads the steps.
#   bash calibration/h200/run182/run182.sh [RUN]
set -u
RUN=${1:-run182}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
r() { f=relax-$1-$3-$4; ds=0; [ "$3" = default ] && ds=1; s=$(date +%s); RELAX_DEFAULT_STREAM=$ds RELAX_STEPS=$f.steps.csv RELAX_THREADS=16 timeout 150 bin/relax $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
for i in 1 2 3; do
  r 67108864 15 default $i
  r 67108864 15 own $i
done
r 268435456 9 default 1
r 268435456 9 own 1
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 relax-*.err; grep -c ",failed$" relax-*[0-9].csv; true
