#!/bin/bash
# run168 (a fresh VM): run167 held out. run167's script and rule, unchanged (judge.py here is
# run167/judge.py copied verbatim): relax.cu on 64 MiB with 16, 4 and 8 threads and 256 MiB with
# 16, between two fresh calibrations by the build with the sparse cells on many threads
# (devbin/r167). Then what those cells cost `calibrate`: the build before them (devbin/r162,
# f11faae) and the build with them calibrate in turn, twice each, old first (walls.txt; nothing
# judged).
#   bash calibration/h200/run168/run168.sh
set -u
R=$PWD
bash $R/calibration/h200/run167/run167.sh run168
W=/root/work/run168; cd $W
xz -dc $R/devbin/r162/umodel.xz > bin/old; cp bin/umodel bin/new; chmod +x bin/*
pack() { tar czf $OUT/run168.tgz -C /root/work --exclude=run168/bin run168; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1-$2 timeout 45 bin/$1 calibrate > calibrate-$1-$2.log 2> calibrate-$1-$2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1-$2.err; echo "$1 $2 $(tail -n1 calibrate-$1-$2.err)" >> walls.txt; }
for i in 1 2; do cal old $i; cal new $i; pack; done
uptime >> machine.txt; pack
cat walls.txt; true
