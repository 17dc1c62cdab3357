#!/bin/bash
# Faults under a compute-bound kernel: the GPU tests of the new kernel and cells, the share over
# kernel lengths, shapes and sizes (examples/fault_overlap.rs), a first calibration (it now fits
# `faults_under_compute`), `umodel probe`, the compute-bound workload at 15 trials in another
# process, `umodel probe` again and a second calibration.
set -u
B=$PWD/devbin; W=/root/work/run48; mkdir -p $W; cd $W
pack() { tar czf $OUT/run48.tgz -C /root/work run48; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
$B/gpu-tests --ignored --test-threads 1 kernels_and_memory_kinds every_group_runs_small > gpu-tests.txt 2>&1; echo "rc=$?" >> gpu-tests.txt; pack
$B/fault_overlap 5 > overlap.csv 2> overlap.err; echo "rc=$?" >> overlap.err; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
cal 1
probe() { $B/umodel probe -o probe-$1.json > probe-$1.txt 2>&1; echo "rc=$?" >> probe-$1.txt; pack; }
probe 1
s=$(date +%s); timeout 300 $B/umodel bench workload compute --trials 15 --out tasks-21.csv > tasks-21.log 2> tasks-21.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-21.err
pack; probe 2
cal 2
uptime >> machine.txt; pack
tail -3 gpu-tests.txt; tail -qn1 calibrate-*.err tasks-21.err overlap.err; grep -h warning calibrate-*.log; grep -c ",failed$" tasks-21.csv
python3 - <<'PY'
import csv, statistics as st, collections
rows = list(csv.DictReader(open('overlap.csv')))
g = collections.defaultdict(list)
for r in rows: g[(r['kernel'], r['shape'], r['steps'], r['bytes'])].append(r)
for k, v in g.items():
    f = lambda c: st.median(float(x[c]) for x in v)
    print(*k, 'faults %.2f cold %.2f kernel %.2f share %.2f [%.2f-%.2f]' % (f('faults_ms'), f('cold_ms'), f('kernel_ms'), f('share'), min(float(x['share']) for x in v), max(float(x['share']) for x in v)))
PY
for m in model-minimal-*.json; do python3 -c "import json,sys; t=json.load(open('$m'))['task_terms']; print('$m', t.get('faults_under_compute'))"; done
true
