#!/bin/bash
# run140 (one freshly started VM): would task terms measured at small sizes too price small tasks
# right? run138/run139 found the task predictions 2-37 % off at 4 MiB and 18-90 % at 256 KiB,
# their terms (latency + ms/GiB) fitted at 16 and 64 MiB only. Here: a minimal calibration, then
# the primitive groups the task terms come from (hbm host_mapped transfer prefetch managed, and
# the handoff at R = 1 for its stages) at 256 KiB, 1 MiB and 4 MiB, 4 trials a cell, then seed 001
# and the producer/consumer at 256 KiB-64 MiB and the partial update at 256 KiB-16 MiB, 15 trials.
# judge.py (committed with this script, before the call) fits the terms with and without the small
# cells and says whether calibrating them is worth building. Written before any of its data came back.
#   bash calibration/h200/run140/run140.sh
set -u
RUN=${1:-run140}; TAG=${2:-87}; BIN=${BIN:-devbin/r129}
T0=$(date +%s); left() { echo $(( 560 - ($(date +%s) - T0) )); }
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $(ls $W/data/models/*.json | head -1) $W/model-minimal-1.json
pack
s=$(date +%s); timeout 90 bin/umodel bench hbm host_mapped transfer prefetch managed --sizes 256KiB,1MiB,4MiB --trials 4 --out small-prims.csv > small-prims.log 2> small-prims.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> small-prims.err
s=$(date +%s); timeout 60 bin/umodel bench handoff --sizes 256KiB,1MiB,4MiB --reuse 1 --trials 4 --out small-handoff.csv > small-handoff.log 2> small-handoff.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> small-handoff.err
uptime >> machine.txt; pack
for spec in workload:256KiB,1MiB,4MiB,16MiB,64MiB:170 prodcons:256KiB,1MiB,4MiB,16MiB,64MiB:110 partial:256KiB,1MiB,4MiB,16MiB:100; do
  IFS=: read w sizes lim <<< "$spec"
  l=$(( $(left) - 5 )); [ $l -lt $lim ] && lim=$l; [ $lim -lt 20 ] && { echo "skipped: $lim s left" > tasks-$TAG-$w.err; continue; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --sizes $sizes --trials 15 --out tasks-$TAG-$w.csv --step-times steps-$TAG-$w.csv > tasks-$TAG-$w.log 2> tasks-$TAG-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s )) limit_s=$lim" >> tasks-$TAG-$w.err
  uptime >> machine.txt; pack
done
cat machine.txt; tail -qn1 calibrate-*.err small-*.err tasks-$TAG-*.err; grep -c ",failed$" small-*.csv tasks-$TAG-*.csv; true
