#!/bin/bash
# run114 (an H100 VM), planned 2026-12-05, not run when written: rule G's shares of a link pass
# hidden under first-touch faults on the second platform. The embedded h100 model carries the
# H200's (0.578 migrating, 0.466 duplicating: run189), which faultmix.cu never measured on an H100.
# The H200's run189/run192 script (calibration/h200/run192/run192.sh) with this run's name: 60
# trials at 64 MiB and 16 at 256 MiB, the order reversed every other trial, every output checked;
# no calibration, no umodel binary. About 4 minutes on the H200 (run192: 124 s and 79 s of runs).
# readings.py (rule S) is written before the call.
#   bash calibration/h100/run114/run114.sh        (on the device: kind nvidia-h100-x1)
set -u
RUN=${1:-run114}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/faultmix $R/contrib/independent/faultmix.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
m() { f=faultmix-$1; s=$(date +%s); FAULTMIX_ALTERNATE=1 timeout $3 bin/faultmix $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
m 67108864 60 220
m 268435456 16 220
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 faultmix-*.err; grep -c ",failed$" faultmix-*.csv; true
