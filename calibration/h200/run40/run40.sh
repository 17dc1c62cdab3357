#!/bin/bash
# The prefetch group's no-op prefetch to the host timed after the pages settle: GPU tests and
# three calibrations in one data directory; their `prefetch/to_host_resident` rows are the check.
set -u
B=$PWD/devbin; W=/root/work/run40; mkdir -p $W; cd $W
pack() { tar czf $OUT/run40.tgz -C /root/work run40; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
timeout 200 $B/gpu-tests --ignored --test-threads=1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data $B/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err
  cp $W/data/models/nvidia-h200-0931b6b9ea7c.json $W/model-minimal-$1.json; pack; }
cal 1; cal 2; cal 3
uptime >> machine.txt; pack
grep "test result" gpu-tests.log; tail -qn1 calibrate-*.err; grep -h 'resident' data/models/*.csv | cut -d, -f3,5,9 | sort | awk -F, '{a[$1" "$2]=a[$1" "$2]" "sprintf("%.3f",$3)} END{for(k in a) print k":"a[k]}'; true
