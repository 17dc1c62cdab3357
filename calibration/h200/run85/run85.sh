#!/bin/bash
# run85: run84's binaries (commit 52bc0ca) right after it on the same machine: a minimal
# calibration; the probe; the validation workloads' own host code through the fault-scale library
# call (examples/fault_scales.rs) in its own process before the workloads; the partial update and
# the compute-bound workload (cut at 175 s) at 15 trials a cell in other processes, every step
# timed; the library call again after them. Each packed as it ends.
set -u
R=$PWD; B=$R/devbin/r84; W=/root/work/run85; mkdir -p $W/bin; cd $W
for f in umodel fault_scales gpu-e0426a1ca36bf885; do xz -dc $B/$f.xz > bin/$f; chmod +x bin/$f; done
pack() { tar czf $OUT/run85.tgz -C /root/work --exclude=run85/bin --exclude=run85/tasks run85; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 60 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
s=$(date +%s); timeout 150 bin/fault_scales 9 > scales-1.json 2> scales-1.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> scales-1.err
pack
for w in partial compute; do
  s=$(date +%s); timeout 175 bin/umodel bench $w --trials 15 --out tasks-44-$w.csv --step-times steps-44-$w.csv > tasks-44-$w.log 2> tasks-44-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-44-$w.err
  uptime >> machine.txt; pack
done
s=$(date +%s); timeout 150 bin/fault_scales 9 > scales-2.json 2> scales-2.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> scales-2.err
pack
tail -qn1 calibrate-*.err; cat scales-*.err; tail -qn1 tasks-44-*.err; grep -h 'rc=' probe-*.txt; grep -c ",failed$" tasks-44-*.csv; true
