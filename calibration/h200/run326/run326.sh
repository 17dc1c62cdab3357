#!/bin/bash
# run326 (planned 2026-12-06 21:50 UTC, not run when written; plan.md): on any H100 or H200 VM
# the facts, a probe in the partial update's shape (which since e19bf03 also times the CPU's
# sparse cell, `cpu_fault_run`), a calibration, the partial update at 15 trials, a second
# calibration, a second probe, then the GPU tests of the probe; about 3.5 minutes. No nvcc.
#   RUN=run326 bash calibration/h200/run326/run326.sh   (device: carry devbin/r258, the release
#                                                       build of e19bf03 and its GPU test binary
#                                                       `gpu`, stripped, xz -9)
set -u
RUN=${RUN:-run326}; BIN=${BIN:-devbin/r258}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi -L; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe --task $R/tasks/partial-update.json -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv --step-times steps-$f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pr 1
cal 1
wl partial 15 240
cal 2
pr 2
# The probe's GPU tests, the build's own (tests/gpu.rs).
xz -dc $R/$BIN/gpu.xz > bin/gpu; chmod +x bin/gpu
s=$(date +%s); timeout 120 bin/gpu --ignored --exact the_migration_probe_checks_every_round_and_measures_each_step a_probe_in_a_tasks_shape_touches_its_share_of_pages_and_checks_them > gputests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gputests.log; pack
grep -i "L3\|name" machine.txt | head -4; uname -r
tail -qn1 probe-*.err calibrate-*.err partial.err gputests.log
grep -h "test result" gputests.log
grep -A1 '"cpu_fault_run' probe-*.json | grep -v '"cpu_fault_run' | tr -s ' ' | paste -sd' '
grep -c ",failed$" *.csv data-*/models/*.csv
true
