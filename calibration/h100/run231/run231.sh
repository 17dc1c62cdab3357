#!/bin/bash
# run231 (planned 2026-12-06 04:20 UTC, not run when written): a link probe, then run228's
# lastwrite.cu, on an H100 VM. About 30 s.
#   bash calibration/h100/run231/run231.sh     (device: carry devbin/r227)
set -u
R=$PWD; W=/root/work/run231; mkdir -p $W/bin
xz -dc $R/devbin/r227/umodel.xz > $W/bin/umodel; chmod +x $W/bin/umodel
( cd $W; s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-1.json > probe-1.txt 2> probe-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-1.err )
RUN=run231 bash $R/calibration/h100/run228/run228.sh
cat $W/probe-1.txt
