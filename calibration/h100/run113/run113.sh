#!/bin/bash
# run113: the full calibration plan on a freshly started H100 VM (commit ab2a6e8's build, as
# run110-run112): every size 16 MiB-1 GiB and R 1-32, its R >= 2 cells held out to validate the
# fit; within-run and (against run110-run112's minimal models) across-run figures for the second
# platform. The H200's took 502 s (run26), near the call's limit: the data directory is packed
# every 30 s while it runs, and a cut run leaves its rows (calibrate writes each as it ends).
# Written before it ran.
#   bash calibration/h100/run113/run113.sh
set -u
R=$PWD; B=$R/devbin/r110; W=/root/work/run113; mkdir -p $W/bin; cd $W
xz -dc $B/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/run113.tmp.tgz -C /root/work --exclude=run113/bin run113 2>/dev/null; mv $OUT/run113.tmp.tgz $OUT/run113.tgz; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; uname -r; uptime; } > machine.txt 2>&1
( while sleep 30; do pack; done ) & P=$!
s=$(date +%s%N); UMODEL_DATA_DIR=$W/full timeout 540 bin/umodel calibrate --plan full > full-1.log 2> full-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> full-1.err
kill $P; wait $P 2>/dev/null; uptime >> machine.txt; pack
cat machine.txt; tail -n3 full-1.err; head -3 full-1.log; ls -la full/models; true
