#!/bin/bash
# run100: commit 5ffdf2c (the minimal plan measures the sparse touches at 256 MiB too, and a
# fault-run term is priced at the count of runs in a pass): the GPU tests of the groups, the
# probes and the fault scale, then a minimal calibration, the probe, and in other processes the
# partial update, the producer/consumer and seed 001 at 15 trials a cell (the partial update cut
# at 150 s), every step timed. Each packed as it ends.
set -u
R=$PWD; B=$R/devbin/r100; W=/root/work/run100; mkdir -p $W/bin; cd $W
for f in umodel gpu; do xz -dc $B/$f.xz > bin/$f; chmod +x bin/$f; done
pack() { tar czf $OUT/run100.tgz -C /root/work --exclude=run100/bin --exclude=run100/tasks run100; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
timeout 90 bin/gpu --ignored --test-threads 1 every_group probe fault_scale > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in partial prodcons workload; do
  n=15; lim=100; [ $w = partial ] && lim=150
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-53-$w.csv --step-times steps-53-$w.csv > tasks-53-$w.log 2> tasks-53-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-53-$w.err
  uptime >> machine.txt; pack
done
grep -h "test result\|rc=" gpu-tests.log; tail -qn1 calibrate-1.err tasks-53-*.err; grep -c ",failed$" tasks-53-*.csv; grep -h "sparse" data/models/*.minimal.csv | cut -d, -f3,5 | sort | uniq -c; true
