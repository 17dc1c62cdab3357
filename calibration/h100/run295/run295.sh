#!/bin/bash
# run295 (planned 2026-12-06 10:47 UTC, not run when written; plan.md): on every H100 VM the
# facts, umodel's probe and ptxpass.cu (64 MiB, 5 trials: umodel's kernels as its PTX and as
# source beside a grid-stride loop, over pinned and managed memory in one process, each timed
# after the host's writes and after the same GPU pass); on a 105 MiB-L3 host (a slow link) the
# probe again.
#   RUN=run295 bash calibration/h100/run295/run295.sh   (device: needs nvcc; carry devbin/r255)
set -u
RUN=${RUN:-run295}; BIN=${BIN:-devbin/r255}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
prog() { s=$(date +%s); timeout $2 bin/$1 ${@:3} > $1.csv 2> $1.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $1.err; uptime >> machine.txt; pack; }
pr 1
for p in ptxpass; do
  s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/$p $R/contrib/independent/$p.cu -lpthread -lcuda >> build.log 2>&1; echo "$p rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
done
P=$R/crates/umodel-gpu/kernels/ptx/compute_90
prog ptxpass 120 67108864 5 $P/stream.ptx $P/task.ptx
grep L3 machine.txt; uname -r; cat build.log | grep -v "^$" | tail -n 20; tail -n1 ptxpass.err
if ! grep -q "105 MiB" machine.txt; then exit 0; fi
pr 2
tail -qn1 probe-*.err
true
