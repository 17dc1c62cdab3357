#!/bin/bash
# run183 (a fresh VM): does the move's deferred cost that umodel's harness meets and programs
# written without its code never do (calibration/h200/offline40/deferred_steps.txt) come with the
# thread that issues every CUDA call being pinned to one core? umodel pins it for its
# single-threaded CPU update (the last core local to the GPU) and issues every prefetch from it,
# spinning on events between; a kernel worker the driver queues on that core then waits for the
# spinning thread's time slice. Four pairs, each alternating, two processes a side, umodel's
# unpinned with `--cpu-core none` (the single-threaded update kept, its thread left free):
#   - umodel's prefetch group at 64 MiB (the calibration's sequence: seq_first, seq_next,
#     seq_noop), pinned (as calibrate runs it) and unpinned;
#   - umodel's handoff at 16 and 64 MiB, R = 1 (its 16 MiB prefetching moves met a slow rate in
#     16 % of the committed calibrations' trials), pinned and unpinned;
#   - umodel's seed 001 workloads with step times, pinned and unpinned (their host phases are
#     their own one-thread code either way);
#   - relax.cu at one host thread, each move waited for (as umodel's harness), unpinned (as every
#     run before) and pinned to the last core (RELAX_PIN=last, pin.h).
# No calibration (nothing is priced). readings.py, written before the call, reads the steps.
#   bash calibration/h200/run183/run183.sh [RUN]       (carry devbin/r183/umodel.xz, the build of 395e129)
set -u
RUN=${1:-run183}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; cat /proc/sys/kernel/sched_autogroup_enabled 2>/dev/null; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
xz -dc $R/devbin/r183/umodel.xz > bin/umodel && chmod +x bin/umodel
s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/relax $R/contrib/independent/relax.cu > build.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
ho() { f=handoff-$1-$2; s=$(date +%s); timeout 150 bin/umodel bench handoff --sizes 16777216,67108864 --reuse 1 --trials 20 $3 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pf() { f=prefetch-$1-$2; s=$(date +%s); timeout 120 bin/umodel bench prefetch --sizes 67108864 --trials 10 $3 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
wl() { f=workload-$1-$2; s=$(date +%s); timeout 150 bin/umodel bench workload --trials 5 $3 --out $f.csv --step-times $f.steps.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
rx() { f=relax-$1-$2; s=$(date +%s); env RELAX_STEPS=$f.steps.csv RELAX_THREADS=1 $3 timeout 120 bin/relax 67108864 15 each > $f.csv 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pf pinned 1 ""; pf free 1 "--cpu-core none"; pf free 2 "--cpu-core none"; pf pinned 2 ""
ho free 1 "--cpu-core none"; ho pinned 1 ""; ho pinned 2 ""; ho free 2 "--cpu-core none"
[ -x bin/relax ] && { rx free 1 ""; rx pinned 1 "RELAX_PIN=last"; rx pinned 2 "RELAX_PIN=last"; rx free 2 ""; }
wl pinned 1 ""; wl free 1 "--cpu-core none"; wl free 2 "--cpu-core none"; wl pinned 2 ""
uptime >> machine.txt; pack
cat machine.txt build.log; tail -qn1 *.err; grep -c ",failed$" relax-*[0-9].csv; grep -h "cpu_update" *.facts.json; true
