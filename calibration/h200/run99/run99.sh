#!/bin/bash
# run99: commit 9877f27 (one ms_since for the suite's host clock; the validation of both passes
# beside each row): the GPU tests of the groups, the probes and the fault scale, then a minimal
# calibration, the probe, and in other processes the producer/consumer, seed 001 and the partial
# update at 15 trials a cell (the partial update cut at 150 s), every step timed. Each packed as
# it ends.
set -u
R=$PWD; B=$R/devbin/r99; W=/root/work/run99; mkdir -p $W/bin; cd $W
for f in umodel gpu; do xz -dc $B/$f.xz > bin/$f; chmod +x bin/$f; done
pack() { tar czf $OUT/run99.tgz -C /root/work --exclude=run99/bin --exclude=run99/tasks run99; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
timeout 90 bin/gpu --ignored --test-threads 1 every_group probe fault_scale > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload partial; do
  n=15; lim=100; [ $w = partial ] && lim=150
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-52-$w.csv --step-times steps-52-$w.csv > tasks-52-$w.log 2> tasks-52-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-52-$w.err
  uptime >> machine.txt; pack
done
grep -h "test result\|rc=" gpu-tests.log; tail -qn1 calibrate-1.err tasks-52-*.err; grep -c ",failed$" tasks-52-*.csv; true
