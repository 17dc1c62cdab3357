#!/bin/bash
# run94: commit 8e1d8e1 (each workload's final access written once, timed by the plain phases and
# beside each row alike): the groups' GPU test (it runs every workload small and validates it),
# then the partial update and seed 001 at 3 trials a cell, every step timed, to see the plain and
# beside rows written as before.
set -u
R=$PWD; W=/root/work/run94; mkdir -p $W/bin; cd $W
for f in umodel gpu; do xz -dc $R/devbin/r94/$f.xz > bin/$f; chmod +x bin/$f; done
pack() { tar czf $OUT/run94.tgz -C /root/work --exclude=run94/bin run94; }
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; } > machine.txt 2>&1
timeout 120 bin/gpu --ignored --test-threads 1 every_group > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
pack
for w in partial workload; do
  s=$(date +%s); timeout 60 bin/umodel bench $w --trials 3 --out tasks-47-$w.csv --step-times steps-47-$w.csv > tasks-47-$w.log 2> tasks-47-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-47-$w.err
  pack
done
grep -h "test result\|rc=" gpu-tests.log; tail -qn1 tasks-47-*.err; grep -c ",failed$" tasks-47-*.csv; grep -h "plain_final" tasks-47-*.csv | cut -d, -f2,3,7,8,9 | sort | head -40; true
