#!/bin/bash
# After the handoff cases became a type (table::HandoffCase): GPU tests and one calibrate, its
# CSV's (group, policy, case) set compared with run23's.
set -u
B=$PWD/devbin; R=$PWD; W=/root/work/run24; mkdir -p $W; cd $W
export UMODEL_DATA_DIR=$W/data
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > machine.txt
timeout 150 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
s=$(date +%s%N); timeout 120 $B/umodel calibrate > calibrate.log 2> calibrate.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate.err
timeout 20 $B/umodel choose --task $R/tasks/seed-001.json --cpu-ms 14.3 --gpu-ms 0.29 --json > choose-task.log 2> choose-task.err; echo "rc=$?" >> choose-task.err
cut -d, -f1-3 data/models/*.minimal.csv | sort -u > cases.txt
cut -d, -f1-3 $R/calibration/h200/run23/data/models/*.minimal.csv | sort -u > cases-run23.txt
diff cases.txt cases-run23.txt > cases.diff; echo "cases diff rc=$?" >> cases.diff
tar czf $OUT/run24.tgz -C /root/work run24
grep "test result" gpu-tests.log; tail -1 calibrate.err; tail -1 cases.diff; wc -l < cases.txt; grep -c ",failed$" data/models/*.minimal.csv; tail -1 choose-task.err; head -c 300 choose-task.log
