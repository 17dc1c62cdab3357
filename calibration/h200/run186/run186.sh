#!/bin/bash
# run186 (a fresh VM): a reading, written before the call, of whether the handoff target's
# maximum misses (none of 190 pairs within 5 %, its prefetching cells spreading widest) are the
# pinned harness's: run183 found the handoff's 16 MiB prefetching moves in slow in 35 % of trials
# pinned and none unpinned. Two minimal calibrations each way, pinned (the default) and unpinned
# (`--cpu-core none`), around four handoff runs at 16, 64 and 256 MiB (R = 1 ... 32, 8 trials),
# two each way, alternating. devbin/r183 (395e129's code).
#   bash calibration/h200/run186/run186.sh [RUN]
set -u
RUN=${1:-run186}; BIN=${BIN:-devbin/r183}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
cal() { l=$1; shift; s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$l timeout 45 bin/umodel calibrate "$@" > calibrate-$l.log 2> calibrate-$l.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$l.err; cp $(ls $W/data-$l/models/*.json | grep -v facts | head -1) $W/model-$l.json; uptime >> machine.txt; pack; }
ho() { f=handoff-$1; shift; s=$(date +%s); timeout 110 bin/umodel bench handoff --sizes 16777216,67108864,268435456 --trials 8 "$@" --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
cal pinned-1
cal free-1 --cpu-core none
ho pinned-1
ho free-1 --cpu-core none
ho free-2 --cpu-core none
ho pinned-2
cal free-2 --cpu-core none
cal pinned-2
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 calibrate-*.err handoff-*.err; grep -h "rows (" handoff-*.log; grep -h "cpu_update" handoff-*.facts.json data-*/models/*.minimal.facts.json; true
