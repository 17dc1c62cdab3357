#!/bin/bash
# run86: the C binding of the fault-scale call (umodel_fault_scale), on the H200: the C API's GPU
# test (C code summing 64 MiB, three rounds) and examples/c/fault_scale.c (nine rounds) built
# against the release static library, each run three times.
set -u
R=$PWD; B=$R/devbin/r86; W=/root/work/run86; mkdir -p $W/bin; cd $W
for f in api fault_scale_c; do xz -dc $B/$f.xz > bin/$f; chmod +x bin/$f; done
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2 3; do
  timeout 60 bin/api --ignored --test-threads 1 fault_scale > c-api-$i.log 2>&1; echo "rc=$?" >> c-api-$i.log
  s=$(date +%s%N); timeout 60 bin/fault_scale_c > c-example-$i.txt 2>&1; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> c-example-$i.txt
done
tar czf $OUT/run86.tgz -C /root/work --exclude=run86/bin run86
grep -h "test result\|rc=" c-api-*.log; cat c-example-*.txt
