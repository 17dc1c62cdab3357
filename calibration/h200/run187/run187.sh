#!/bin/bash
# run187 (a fresh VM): umodel's own four validation workloads run pinned (as always) and
# unpinned (`--cpu-core none`), 4 trials each, between two minimal calibrations (pinned, the
# default), for readings.py, written before the call: does the pricing adopted by rule D (a task
# on an unpinned thread pays no deferred cost; `validate` reads the harness's pinning from the
# facts) fit the suite's own rows run each way better than the other pricing would?
# devbin/r187 (the build of 42f6612, with Task::thread_pinned; the commits after it change no code).
#   bash calibration/h200/run187/run187.sh [RUN]
set -u
RUN=${1:-run187}; BIN=${BIN:-devbin/r187}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
wl() { f=$1-$2; shift 2; s=$(date +%s); timeout 120 bin/umodel bench ${f%-*} --trials 4 "$@" --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
cal 1
for g in workload partial compute prodcons; do
  wl $g pinned
  wl $g free --cpu-core none
done
cal 2
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 calibrate-*.err *-pinned.err *-free.err; grep -h "rows (" *.log; grep -h "cpu_update" *.facts.json; true
