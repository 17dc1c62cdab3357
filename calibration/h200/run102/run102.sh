#!/bin/bash
# run102: commit 5ffdf2c, as run100 on a freshly started VM, without the GPU tests (they passed
# in run100): a minimal calibration (sparse touches at 16, 64 and 256 MiB), the probe, and in
# other processes the partial update, the producer/consumer and seed 001 at 15 trials a cell (the
# partial update cut at 150 s), every step timed. Each packed as it ends.
set -u
R=$PWD; B=$R/devbin/r100; W=/root/work/run102; mkdir -p $W/bin; cd $W
for f in umodel; do xz -dc $B/$f.xz > bin/$f; chmod +x bin/$f; done
pack() { tar czf $OUT/run102.tgz -C /root/work --exclude=run102/bin --exclude=run102/tasks run102; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in partial prodcons workload; do
  n=15; lim=100; [ $w = partial ] && lim=150
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-55-$w.csv --step-times steps-55-$w.csv > tasks-55-$w.log 2> tasks-55-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-55-$w.err
  uptime >> machine.txt; pack
done
tail -qn1 calibrate-1.err tasks-55-*.err; grep -c ",failed$" tasks-55-*.csv; grep -h "sparse" data/models/*.minimal.csv | cut -d, -f3,5 | sort | uniq -c; true
