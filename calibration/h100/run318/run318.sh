#!/bin/bash
# run318 (planned 2026-12-06 18:06 UTC, not run when written; plan.md): on any H100 or H200 VM
# the facts, a probe, two calibrations of the build that times the migration after one thread's
# writes too, the producer/consumer and seed 001 at 15 trials
# between them, a second probe (each probe also timing the migration after one thread's writes),
# then the GPU tests of the probe; about 2.5 minutes. Nothing needs nvcc.
#   RUN=run318 bash calibration/h100/run318/run318.sh   (device: carry devbin/r257, the release
#                                                       build of this plan's commit and its GPU
#                                                       test binary `gpu`, stripped, xz -9)
set -u
RUN=${RUN:-run318}; BIN=${BIN:-devbin/r257}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pr 1
cal 1
wl prodcons 15 100
wl workload 15 150
cal 2
pr 2
# The probe's GPU tests, the build's own (tests/gpu.rs).
xz -dc $R/$BIN/gpu.xz > bin/gpu; chmod +x bin/gpu
s=$(date +%s); timeout 120 bin/gpu --ignored --exact the_migration_probe_checks_every_round_and_measures_each_step a_probe_in_a_tasks_shape_touches_its_share_of_pages_and_checks_them > gputests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gputests.log; pack
grep -i "L3\|name" machine.txt | head -4; uname -r
tail -qn1 probe-*.err calibrate-*.err prodcons.err workload.err gputests.log
grep -h "test result" gputests.log
grep -A1 '"fault_in' probe-*.json | grep -v '"fault_in' | tr -s ' ' | paste -sd' ' 
grep -c ",failed$" *.csv data-*/models/*.csv
grep -h ",cold-scalar\|,reused-scalar" data-*/models/*.minimal.csv | cut -d, -f3,5,8,9 | paste -sd' '
true
