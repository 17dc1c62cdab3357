#!/bin/bash
# run211's check of the embedded PTX (planned 2026-12-05 17:45 UTC, before the call), by
# devbin/r211 (the release builds of umodel, examples/startup and the GPU tests at 2c6d92e,
# stripped, xz'd): two calibrations (on an H100's fresh VM the first is its first CUDA process),
# the open alone in 4 rounds of the embedded PTX and NVRTC's (the user's JIT cache), then every
# GPU test, among them the one that compares the embedded PTX with this machine's NVRTC 13.0's.
#   bash calibration/h200/run211/verify.sh [RUN]        (about 2 minutes)
set -u
RUN=${1:-run211}; BIN=${BIN:-devbin/r211}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
for f in umodel startup gpu; do xz -dc $R/$BIN/$f.xz > bin/$f; done; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin --exclude=$RUN/tasks $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu,persistence_mode --format=csv; nvcc --version | tail -2; uptime; } >> machine.txt 2>&1
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
cal 1
cal 2
echo "round,asked,code,libraries_s,context_s,compile_s,load_s,total_s,nvrtc,process_ms" > opens.csv
for i in 1 2 3 4; do
  for c in ptx ptx-compiled; do
    s=$(date +%s%N); line=$(timeout 30 bin/startup $c 2>> opens.err); echo "rc=$? $i $c" >> opens.err
    echo "$i,$c,$line,$(( ($(date +%s%N) - s) / 1000000 ))" >> opens.csv
  done
done
pack
ln -sfn $R/tasks tasks
s=$(date +%s); timeout 150 bin/gpu --ignored --test-threads 1 > gpu-tests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gpu-tests.log
uptime >> machine.txt; pack
cat machine.txt opens.csv; for f in calibrate-*.err; do tail -n1 $f; done; grep -h "test result\|rc=\|FAILED\|panicked\|embedded" gpu-tests.log; true
