#!/bin/bash
# run138 (one freshly started VM): do the task predictions hold for tasks smaller than anything
# the calibration measures? The task terms are fitted at 16 and 64 MiB (NOTES.md, "The 20-second
# calibration"); a scheduler's tasks are often far smaller, where each term's fixed part (its
# latency, extrapolated from those two sizes) carries most of the time. Here: a minimal
# calibration, the probe, then the four validation workloads with every buffer 256 KiB, 1 MiB,
# 4 MiB and 16 MiB long (`bench <group> --sizes`; 16 MiB is inside the fitted range, the
# control), 15 trials a cell, each workload in its own process, and a second minimal
# calibration at the end for a second pair. Validated offline with task files of the same sizes
# (scale_tasks.py). Written before any of its data came back.
#   bash calibration/h200/run138/run138.sh
# run139 (another fresh VM, after run138's data came back: seed 001 and the producer/consumer
# 7-16 % off at 16 MiB, 13-37 % at 4 MiB, where at 64 MiB other VMs' runs were within 1-2 %):
# the same two workloads at 4, 16 and 64 MiB on one VM, to tell the size from the VM:
#   LIM=200 SIZES=4MiB,16MiB,64MiB WORKLOADS="prodcons workload" bash calibration/h200/run138/run138.sh run139 86
# run141 (another fresh VM, after run140): the compute-bound task at 4 and 16 MiB, which run138's
# time limit cut (2 trials at 4 MiB, none at 16):
#   LIM=300 SIZES=4MiB,16MiB WORKLOADS=compute bash calibration/h200/run138/run138.sh run141 88
set -u
RUN=${1:-run138}; TAG=${2:-85}; BIN=${BIN:-devbin/r129}
SIZES=${SIZES:-256KiB,1MiB,4MiB,16MiB}; LIM=${LIM:-110}; WORKLOADS=${WORKLOADS:-workload prodcons partial compute}
T0=$(date +%s); left() { echo $(( 560 - ($(date +%s) - T0) )); }
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 40 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | head -1) $W/model-minimal-$1.json; }
cal 1
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in $WORKLOADS; do
  lim=$LIM; l=$(( $(left) - 45 )); [ $l -lt $lim ] && lim=$l; [ $lim -lt 20 ] && { echo "skipped: $lim s left" > tasks-$TAG-$w.err; continue; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --sizes $SIZES --trials 15 --out tasks-$TAG-$w.csv --step-times steps-$TAG-$w.csv > tasks-$TAG-$w.log 2> tasks-$TAG-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s )) limit_s=$lim" >> tasks-$TAG-$w.err
  uptime >> machine.txt; pack
done
cal 2
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 calibrate-*.err tasks-$TAG-*.err; grep -c ",failed$" tasks-$TAG-*.csv; true
