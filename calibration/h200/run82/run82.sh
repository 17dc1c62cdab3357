#!/bin/bash
# run82: the calibration's time on one machine, three builds interleaved, so that the machine's
# own level is shared: `before` (devbin/r79: commit 39b8681, the measurement code of 5822fc9),
# `managed` (r80: commit 62f1522, the managed group's fills on every core) and `paced` (r81: commit
# 66b3525, also the paced handoff largest first, its first fill and side checks on every core).
# Three rounds, the order rotated each round; every calibration a first one in its own data folder.
set -u
B=$PWD/devbin/r82; W=/root/work/run82; mkdir -p $W/bin; cd $W
for r in 79 80 81; do xz -dc $B/umodel-$r.xz > bin/umodel-$r; chmod +x bin/umodel-$r; done
pack() { tar czf $OUT/run82.tgz -C /root/work --exclude=run82/bin run82; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for order in "79 80 81" "80 81 79" "81 79 80"; do
  for r in $order; do
    i=$(ls -d data-$r-* 2>/dev/null | wc -l); i=$((i + 1))
    s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$r-$i timeout 60 bin/umodel-$r calibrate > calibrate-$r-$i.log 2> calibrate-$r-$i.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$r-$i.err
    echo "$(date -u +%T) r$r-$i $(tail -n1 calibrate-$r-$i.err)" >> walls.txt
  done
  uptime >> machine.txt; pack
done
cat walls.txt
