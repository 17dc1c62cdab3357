#!/bin/bash
# run204, planned 2026-12-05 17:55 UTC before the call. On an H200: run203's plan as it was for
# the H200 (run197 whole with devbin/r203, rule T's model embedded; run203 itself was given an
# H100), under this name, then on the same warm machine the first-touch timing after part b. On an
# H100: what a fresh VM's host memory costs on first touch, before anything else touches it, then
# two calibrations by devbin/r203, then the first-touch timing again.
#   bash calibration/h100/run204/run204.sh ft [RUN]     the first-touch timing alone, into
#                                                       /root/work/RUN/first_touch-N.csv
#   bash calibration/h100/run204/run204.sh h100         (the H100 branch, about 1.5 minutes)
set -u
MODE=$1; RUN=${2:-run204}; BIN=${BIN:-devbin/r203}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
ft() { n=$(ls first_touch-*.csv 2>/dev/null | wc -l); f=first_touch-$((n + 1)); s=$(date +%s); { gcc -O2 -o bin/first_touch $R/calibration/h100/run204/first_touch.c && timeout 120 bin/first_touch 4096 6 > $f.csv; } 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; { date -u; uptime; free -m | head -2; } >> $f.err; pack; }
if [ "$MODE" = ft ]; then ft; cat first_touch-*.csv; exit 0; fi
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
ft
cal 1
cal 2
ft
cat machine.txt; cat first_touch-*.csv; tail -qn1 calibrate-*.err first_touch-*.err; true
