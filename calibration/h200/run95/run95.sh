#!/bin/bash
# run95: commit afb3df9's binary (the review's build of the plain final access beside each row)
# on a third machine: a minimal calibration, the probe, the partial update and seed 001 at 15
# trials a cell in other processes, every step timed. Each packed as it ends.
set -u
R=$PWD; W=/root/work/run95; mkdir -p $W/bin; cd $W
xz -dc $R/devbin/r95/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run95.tgz -C /root/work --exclude=run95/bin --exclude=run95/tasks run95; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in partial workload; do
  n=15; lim=170
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-48-$w.csv --step-times steps-48-$w.csv > tasks-48-$w.log 2> tasks-48-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-48-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-48-*.err; grep -c ",failed$" tasks-48-*.csv; true
