#!/bin/bash
# run114 and run115 (one freshly started VM each): commit a79170f's H200 code (devbin/r110, the
# ab2a6e8 build: nothing the H200 runs changed since), to judge the write-only-share branch
# (594527c) on VMs neither it nor main was chosen on. First examples/fault_history.rs for 25 s
# (run108's paired write-only against in-place faults, devbin/r108), then a minimal calibration,
# the probe, and in other processes all four workloads (15 trials a cell; the compute-bound task
# at 9), each step cut so that the whole stays under 585 s. Written before any of its data came
# back.
#   bash calibration/h200/run114/run114.sh run114 65
#   bash calibration/h200/run114/run114.sh run115 66
# Later runs set, where they differ: BIN (the binary's folder, default devbin/r110), WORKLOADS (default
# "prodcons workload partial compute") and HISTORY_S (fault_history's seconds, 0 to skip; default 25):
#   BIN=devbin/r111 WORKLOADS="prodcons workload" HISTORY_S=0 bash calibration/h200/run114/run114.sh run120 71
set -u
RUN=$1; TAG=$2
BIN=${BIN:-devbin/r110}; WORKLOADS=${WORKLOADS:-prodcons workload partial compute}; HISTORY_S=${HISTORY_S:-25}
T0=$(date +%s); left() { echo $(( 585 - ($(date +%s) - T0) )); }
R=$PWD; B=$R/$BIN; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $B/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin --exclude=$RUN/tasks $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
if [ "$HISTORY_S" -gt 0 ]; then
  xz -dc $R/devbin/r108/fault_history.xz > bin/fault_history; chmod +x bin/fault_history
  timeout $(( HISTORY_S + 20 )) bin/fault_history $HISTORY_S > history.csv 2> history.err; echo "rc=$?" >> history.err
fi
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $(ls $W/data/models/*.json | head -1) $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in $WORKLOADS; do
  n=15; lim=100; [ $w = partial ] && lim=160; [ $w = compute ] && { n=9; lim=200; }
  l=$(left); [ $l -lt $lim ] && lim=$l; [ $lim -lt 20 ] && { echo "skipped: $lim s left" > tasks-$TAG-$w.err; continue; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-$TAG-$w.csv --step-times steps-$TAG-$w.csv > tasks-$TAG-$w.log 2> tasks-$TAG-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s )) limit_s=$lim" >> tasks-$TAG-$w.err
  uptime >> machine.txt; pack
done
cat machine.txt; tail -qn1 calibrate-1.err tasks-$TAG-*.err; grep -c ",failed$" tasks-$TAG-*.csv; ls data/models; true
