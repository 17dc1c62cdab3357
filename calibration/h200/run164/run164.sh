#!/bin/bash
# run164 (a fresh VM): what do the many-thread host reads (4, 8 and 16 threads at 16, 64 and 256
# MiB, since run161/run162) cost `umodel calibrate`? run162's and run163's VMs calibrated in
# 18.9-23.1 s against 12.3-18.7 s before them. The build before the cells (bb0e9e1, devbin/old)
# and the build with them (f11faae, devbin/r162) calibrate in turn on one VM, three times each,
# old first. Nothing is judged; the wall times are the answer.
#   bash calibration/h200/run164/run164.sh
set -u
RUN=${1:-run164}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/devbin/old/umodel.xz > bin/old; xz -dc $R/devbin/r162/umodel.xz > bin/new; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; free -g | head -2; uname -r; uptime; cat /sys/kernel/mm/transparent_hugepage/enabled; } > machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1-$2 timeout 45 bin/$1 calibrate > calibrate-$1-$2.log 2> calibrate-$1-$2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1-$2.err; echo "$1 $2 $(tail -n1 calibrate-$1-$2.err)" >> walls.txt; }
for i in 1 2 3; do cal old $i; cal new $i; pack; done
uptime >> machine.txt; pack
cat machine.txt walls.txt; true
