#!/bin/bash
# run104: commit 1cec39d (sparse faults timed beside each workload row) on a freshly started VM: a
# minimal calibration, the probe, and in other processes the partial update, the
# producer/consumer and seed 001 at 15 trials a cell (the partial update cut at 160 s), every
# step timed. Each packed as it ends.
set -u
R=$PWD; B=$R/devbin/r103; W=/root/work/run104; mkdir -p $W/bin; cd $W
xz -dc $B/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run104.tgz -C /root/work --exclude=run104/bin --exclude=run104/tasks run104; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in partial prodcons workload; do
  n=15; lim=100; [ $w = partial ] && lim=160
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-57-$w.csv --step-times steps-57-$w.csv > tasks-57-$w.log 2> tasks-57-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-57-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-57-*.err; grep -c ",failed$" tasks-57-*.csv; grep -c "sparse_cpu_beside" tasks-57-*.csv; true
