#!/bin/bash
# run132 (a freshly started VM): a new held-out target for the handoff given the CPU, with the
# current H200 code (devbin/r129, main at 2ea4680: the handoff and both plans unchanged since).
# A minimal calibration, then the full plan in another process (its R >= 2 cells held out),
# cut so that the whole stays under 585 s; packed after each. Written before any of its data
# came back.
#   bash calibration/h200/run132/run132.sh [RUN]   (run133: the same on another fresh VM)
set -u
RUN=${1:-run132}; BIN=devbin/r129
T0=$(date +%s); left() { echo $(( 585 - ($(date +%s) - T0) )); }
R=$PWD; B=$R/$BIN; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $B/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $(ls $W/data/models/*.json | head -1) $W/model-minimal-1.json
pack
lim=$(left)
s=$(date +%s%N); UMODEL_DATA_DIR=$W/full timeout $lim bin/umodel calibrate --plan full > full-1.log 2> full-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 )) limit_s=$lim" >> full-1.err
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 calibrate-1.err full-1.err; ls data/models full/models; true
