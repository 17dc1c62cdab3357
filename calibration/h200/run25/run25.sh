#!/bin/bash
# After the whole measurement schema became types (schema::Group and per-group case enums): GPU
# tests (every default group small, read back through the reader that now checks every case), one
# calibrate, its CSV's (group, policy, case) set compared with run24's, and the full suite's cases at
# small size compared with the first suite's.
set -u
B=$PWD/devbin; R=$PWD; W=/root/work/run25; mkdir -p $W; cd $W
export UMODEL_DATA_DIR=$W/data
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > machine.txt
timeout 170 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
s=$(date +%s%N); timeout 120 $B/umodel calibrate > calibrate.log 2> calibrate.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate.err
cut -d, -f1-3 data/models/*.minimal.csv | sort -u > cases.txt
cut -d, -f1-3 $R/calibration/h200/run24/data/models/*.minimal.csv | sort -u > cases-run24.txt
diff cases.txt cases-run24.txt > cases.diff; echo "cases diff rc=$?" >> cases.diff
s=$(date +%s%N); timeout 200 $B/umodel bench --sizes 16MiB --trials 2 -o suite-small.csv > bench.log 2> bench.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> bench.err
timeout 30 $B/umodel fit suite-small.csv -o suite-small-model.json > fit.log 2>&1; echo "rc=$?" >> fit.log
tar czf $OUT/run25.tgz -C /root/work run25
grep "test result" gpu-tests.log; tail -1 calibrate.err; tail -1 cases.diff; wc -l < cases.txt; grep -c ",failed$" data/models/*.minimal.csv; tail -2 bench.err; grep -c ",failed$" suite-small.csv; tail -2 fit.log
