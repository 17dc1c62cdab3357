#!/bin/bash
# run193 (a fresh VM), planned 2026-12-05, not run when written: the workload target at 15 trials
# a cell on the current build. The three latest fresh VMs (run188, run190, run191) measured the
# workloads at 4 trials, which resolve none of their 24 paired misses beyond 5 % with the probe
# (offline45/resolved.txt); at 15 trials (run96-run137) 12 of 54 were resolved. Part a: a
# calibration, umodel's three workload groups at 15 trials (about 270 s on run130-run135), a
# second calibration; part b (optional, a second call): a calibration and the compute-bound task
# at 9 trials (about 170 s on run117-run118). readings.py is written before the call.
#   bash calibration/h200/run193/run193.sh a        (device: nvidia-h200, carry devbin/r193)
#   bash calibration/h200/run193/run193.sh b
# devbin/r193/umodel.xz: the release build of the commit that adds this file
# (cargo build --release; strip; xz -9).
set -u
PART=${1:-a}; RUN=run193$PART; BIN=${BIN:-devbin/r193}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } > machine.txt 2>&1
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv --step-times steps-$f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
if [ "$PART" = a ]; then
  cal 1
  wl prodcons 15 100
  wl workload 15 150
  wl partial 15 240
  cal 2
else
  cal 1
  wl compute 9 260
fi
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 calibrate-*.err *.err | sort | uniq -c; grep -c ",failed$" prodcons.csv workload.csv partial.csv compute.csv 2>/dev/null; grep -h "warning: task term" calibrate-*.err; true
