#!/bin/bash
# run227 (planned 2026-12-06 02:12 UTC, not run when written): the link probe as 0a6f337 times it
# (each timed pass after an untimed one of its kind) against the same VM's calibration, and seed
# 001 at 8 trials. About a minute. Either GPU.
#   bash calibration/h100/run227/run227.sh     (device: carry devbin/r227, main's release build
#                                              at 0a6f337, stripped, xz -9)
set -u
RUN=${RUN:-run227}; BIN=${BIN:-devbin/r227}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-1.json; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pr 1
cal 1
pr 2
wl workload 8 80
uptime >> machine.txt; pack
cat machine.txt probe-1.txt probe-2.txt; tail -qn1 probe-*.err calibrate-*.err workload.err; grep -c ",failed$" *.csv data-*/models/*.csv; true
