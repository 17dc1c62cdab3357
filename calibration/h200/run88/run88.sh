#!/bin/bash
# run88: commit 71f4c6c (read_sum and read_pass through one launch): the GPU tests that use the
# summing kernel, the groups' and the probes' tests and the fault-scale test, once.
set -u
R=$PWD; W=/root/work/run88; mkdir -p $W/bin; cd $W
xz -dc $R/devbin/r88/gpu.xz > bin/gpu; chmod +x bin/gpu
ln -sfn $R/tasks tasks
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; } > machine.txt 2>&1
timeout 240 bin/gpu --ignored --test-threads 1 kernels_and_memory every_group probe fault_scale > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log
tar czf $OUT/run88.tgz -C /root/work --exclude=run88/bin --exclude=run88/tasks run88
grep -h "^test \|test result\|rc=" gpu-tests.log
