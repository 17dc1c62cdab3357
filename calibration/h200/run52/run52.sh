#!/bin/bash
# A second run held out for `faults_under_compute` (the binary of run49, df59611): the share over
# kernel lengths again (examples/fault_overlap.rs), a first calibration, `umodel probe`, the
# compute-bound workload at 15 trials a cell in another process, `umodel probe` again.
set -u
B=$PWD/devbin; W=/root/work/run52; mkdir -p $W; cd $W
pack() { tar czf $OUT/run52.tgz -C /root/work run52; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
$B/fault_overlap 5 > overlap.csv 2> overlap.err; echo "rc=$?" >> overlap.err; pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json; pack
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 300 $B/umodel bench compute --trials 15 --out tasks-23.csv > tasks-23.log 2> tasks-23.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-23.err
pack; probe 2
uptime >> machine.txt; pack
tail -qn1 calibrate-1.err tasks-23.err overlap.err; grep -h "warning\|faults under" calibrate-1.log; grep -c ",failed$" tasks-23.csv
python3 - <<'PY'
import csv, statistics as st, collections
g = collections.defaultdict(list)
for r in csv.DictReader(open('overlap.csv')): g[(r['kernel'], r['shape'], r['steps'], r['bytes'])].append(r)
for k, v in g.items():
    f = lambda c: st.median(float(x[c]) for x in v)
    print(*k, 'faults %.2f cold %.2f kernel %.2f share %.2f' % (f('faults_ms'), f('cold_ms'), f('kernel_ms'), f('share')))
PY
true
