#!/bin/bash
# run136 (one freshly started VM): is the minimal calibration's managed handoff slower than the
# full plan's because of how the plans order their trials? Given each trial's CPU update, the
# minimal calibrations predict the full runs' managed cells high at every R (+2 to +12 % by target,
# each VM's own pair too; calibration/h200/heldout-back/lean.txt). The minimal plan runs a cell's
# R = 1 trials back to back; the full plan sweeps R = 1, 2, 4, 8, 16, 32 within each trial.
# Here, on one VM, alternating twice: the handoff group at 64 and 256 MiB as the full plan runs
# it (the R sweep) and as the minimal plan does (R = 1 only), 10 trials a cell, after a minimal
# calibration. Written before any of its data came back.
#   bash calibration/h200/run136/run136.sh
# run137 (another fresh VM, after run136's data came back) repeats it and adds a second minimal
# calibration at the end, right after an R = 1 run, to see whether `calibrate`'s cell pays what
# `bench --reuse 1` does:
#   bash calibration/h200/run136/run136.sh run137 again
set -u
RUN=${1:-run136}; AGAIN=${2:-}; BIN=${BIN:-devbin/r129}
T0=$(date +%s); left() { echo $(( 570 - ($(date +%s) - T0) )); }
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
pack
for k in 1 2; do
  for way in sweep r1; do
    reuse=1,2,4,8,16,32; [ $way = r1 ] && reuse=1
    lim=120; l=$(left); [ $l -lt $lim ] && lim=$l; [ $lim -lt 20 ] && { echo "skipped: $lim s left" > $way-$k.err; continue; }
    s=$(date +%s); timeout $lim bin/umodel bench handoff --sizes 64MiB,256MiB --reuse $reuse --trials 10 --out $way-$k.csv > $way-$k.log 2> $way-$k.err; echo "rc=$? wall_s=$(( $(date +%s) - s )) limit_s=$lim" >> $way-$k.err
    uptime >> machine.txt; pack
  done
done
if [ -n "$AGAIN" ] && [ $(left) -gt 45 ]; then
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-2.log 2> calibrate-2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-2.err
  pack
fi
cat machine.txt; tail -qn1 calibrate-*.err sweep-*.err r1-*.err; grep -c ",failed$" *.csv; true
