#!/bin/bash
# run61: as run60, with the random-into primitive (random reads beside a stream written or accumulated).
set -u
cd "$(dirname "$0")/.."
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv > $OUT/machine.txt 2>&1
for p in 1 2; do
  devbin/link_gather 15 16 64 256 > $OUT/gather-$p.csv 2> $OUT/gather-$p.err; echo "process $p rc $?" >> $OUT/rc.txt
done
