#!/bin/bash
# run189, planned 2026-12-05 with no device lent: does a pass over the link hide under the first
# touch's faults in the same kernel, and by how much? contrib/independent/faultmix.cu (run180's
# thirteen cases: b migrating or duplicating on first touch alone, x read, written or both over
# the link alone, and each together in one kernel), fresh allocations each trial, every output
# checked, now with many trials and the order reversed every other trial (FAULTMIX_ALTERNATE=1):
# run180's 9 trials at 64 MiB could not resolve it (NOTES.md, "The GPU side, round by round"),
# the first touch spreading more than a link pass costs; set beside its parts of the same trial
# it may. 64 MiB a buffer (60 trials, about 105 s) and 256 MiB (16, about 95 s); no calibration,
# no umodel binary. readings.py, written before the call, reads the shares and judges rule G.
# It can run on the same machine right after run188 (run188 wants a fresh VM, this does not).
#   bash calibration/h200/run189/run189.sh [RUN]
set -u
RUN=${1:-run189}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/faultmix $R/contrib/independent/faultmix.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
m() { f=faultmix-$1; s=$(date +%s); FAULTMIX_ALTERNATE=1 timeout $3 bin/faultmix $1 $2 > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
m 67108864 60 220
m 268435456 16 220
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 faultmix-*.err; grep -c ",failed$" faultmix-*.csv; true
