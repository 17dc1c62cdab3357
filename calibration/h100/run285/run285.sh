#!/bin/bash
# run285 (planned 2026-12-06 10:32 UTC, not run when written; plan.md): on every H100 VM the
# facts, umodel's probe at its default size and with a one-page migration part (--bytes 4096; the
# link part is 64 MiB either way), and manybufs.cu (64 MiB, 6 managed buffers a phase, 3 trials);
# on a 105 MiB-L3 host (a slow link) or a guest not fc-v1272 also lastwrite.cu (10 trials) and
# both probes again, and on a guest not fc-v1272 then run256's whole plan as ${RUN}p.
#   RUN=run285 bash calibration/h100/run285/run285.sh   (device: needs nvcc; carry devbin/r255,
#                                                        main's release build at 0a651fd)
set -u
RUN=${RUN:-run285}; BIN=${BIN:-devbin/r255}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; nvcc --version | tail -2; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe $2 -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
prog() { s=$(date +%s); timeout $2 bin/$1 ${@:3} > $1.csv 2> $1.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $1.err; uptime >> machine.txt; pack; }
pr 1 ""
pr small-1 "--bytes 4096"
for p in manybufs lastwrite; do
  s=$(date +%s); nvcc -O3 -arch=sm_90 -fmad=false -std=c++17 -o bin/$p $R/contrib/independent/$p.cu -lpthread >> build.log 2>&1; echo "$p rc=$? wall_s=$(( $(date +%s) - s ))" >> build.log
done
prog manybufs 120 67108864 6 3
grep L3 machine.txt; uname -r; tail -n1 build.log manybufs.err
if uname -r | grep -q fc-v1272 && ! grep -q "105 MiB" machine.txt; then exit 0; fi
prog lastwrite 200 67108864 10
pr small-2 "--bytes 4096"
pr 2 ""
tail -qn1 probe-*.err lastwrite.err
if ! uname -r | grep -q fc-v1272; then cd $R && FULL=1 RUN=${RUN}p BIN=$BIN bash calibration/h100/run256/run256.sh; fi
true
