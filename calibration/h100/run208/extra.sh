#!/bin/bash
# run208's extras (planned 2026-12-05 17:25 UTC, before the call), by devbin/r208 (the release
# builds of umodel and examples/startup at 9dcb207: main's code, whose calibrations record what
# opening the device took, `startup.*` in the facts; the kernels loaded as PTX, as every build
# before; rule T's h200 model embedded, as in devbin/r203).
#   bash calibration/h200/run208/extra.sh h100 [RUN]   an H100's fresh VM: two calibrations, the
#       first the VM's first CUDA process, then the open alone in four processes with the user's
#       JIT cache and two with an empty one (about 1 minute)
#   bash calibration/h200/run208/extra.sh after [RUN]  after part b on the H200: the open alone
#       as above, then the first-touch timing (about 30 s)
set -u
MODE=$1; RUN=${2:-run208}; BIN=${BIN:-devbin/r208}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
for f in umodel startup; do xz -dc $R/$BIN/$f.xz > bin/$f; done; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin --exclude="$RUN/cache-*" $RUN; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
opens() {
  echo "i,cache,code,libraries_s,context_s,compile_s,load_s,total_s,process_ms" > opens.csv
  for i in 1 2 3 4 5 6; do
    if [ $i -le 4 ]; then c=user; C=${HOME}/.nv/ComputeCache; else c=empty; C=$W/cache-$i; mkdir -p $C; fi
    s=$(date +%s%N); line=$(CUDA_CACHE_PATH=$C timeout 30 bin/startup ptx 2>> opens.err); echo "rc=$? $i" >> opens.err
    echo "$i,$c,$line,$(( ($(date +%s%N) - s) / 1000000 ))" >> opens.csv
  done
  pack
}
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu,persistence_mode --format=csv; uptime; } >> machine.txt 2>&1
if [ "$MODE" = h100 ]; then cal 1; cal 2; opens; else opens; (cd $R && bash calibration/h100/run204/run204.sh ft $RUN); fi
cat machine.txt opens.csv; tail -qn1 calibrate-*.err 2>/dev/null; true
