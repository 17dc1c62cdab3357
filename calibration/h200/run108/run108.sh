#!/bin/bash
# run108: examples/fault_history.rs (one process, 25 s, pinned to the last core) on a freshly
# started VM: GPU faults of 64 MiB by the calibration's kernel and by the producer/consumer's,
# over pages the host filled (on every core or the pinned one) or read back, paired in each
# cycle. Written, with calibration/h200/run105/history.py, before any of its data came back.
set -u
R=$PWD; W=$OUT/run108; mkdir -p $W
xz -dc $R/devbin/r108/fault_history.xz > /tmp/fault_history; chmod +x /tmp/fault_history
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > $W/machine.txt 2>&1
timeout 60 /tmp/fault_history 25 > $W/history.csv 2> $W/history.err; echo "rc=$?" >> $W/history.err
uptime >> $W/machine.txt
cat $W/history.err
