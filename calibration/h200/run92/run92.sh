#!/bin/bash
# run92: commit 8996916, each workload row followed by a plain final access
# (`plain_final_beside`). The GPU tests of this build: the groups', the probes' and the
# fault-scale tests, the C API's and the Python package's fault-scale tests (built for the
# device's CPython 3.12 as in run87); none had run since ca10fbe. Then a minimal calibration,
# the probe, and the partial update and seed 001 at 15 trials a cell in other processes, every
# step timed. Each packed as it ends.
set -u
R=$PWD; B=$R/devbin/r92; W=/root/work/run92; mkdir -p $W/bin $W/site; cd $W
for f in umodel gpu api; do xz -dc $B/$f.xz > bin/$f; chmod +x bin/$f; done
xz -dc $B/umodel-py.tar.xz | tar xf - -C site
pack() { tar czf $OUT/run92.tgz -C /root/work --exclude=run92/bin --exclude=run92/site --exclude=run92/tasks run92; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; python3 --version; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
timeout 150 bin/gpu --ignored --test-threads 1 every_group probe fault_scale > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
timeout 60 bin/api --ignored --test-threads 1 fault_scale > c-api.log 2>&1; echo "rc=$?" >> c-api.log
PYTHONPATH=$W/site:$R/calibration/h200/run87/shim timeout 90 python3 $R/calibration/h200/run87/run_tests.py $R/crates/umodel-py/tests > py.log 2>&1; echo "rc=$?" >> py.log
pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in partial workload; do
  s=$(date +%s); timeout 170 bin/umodel bench $w --trials 15 --out tasks-45-$w.csv --step-times steps-45-$w.csv > tasks-45-$w.log 2> tasks-45-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-45-$w.err
  uptime >> machine.txt; pack
done
grep -h "test result\|rc=" gpu-tests.log c-api.log; tail -n3 py.log; tail -qn1 calibrate-1.err tasks-45-*.err; grep -c ",failed$" tasks-45-*.csv; true
