#!/bin/bash
# run203 part c, planned 2026-12-05 17:30 UTC before the call: what opening the GPU costs a
# process, with the kernels loaded as PTX (every build until this one: the driver compiles PTX to
# machine code on load, caching it per user) and as machine code NVRTC made (the build this part
# carries, devbin/r203c). Then two calibrations by that build, to set beside this VM's by the PTX
# build (parts a and b), and the GPU tests.
# 1. examples/startup, one open per process, 8 rounds of four: PTX with an empty JIT cache
#    (CUDA_CACHE_PATH a fresh folder: what a machine's first process meets), machine code with an
#    empty cache, PTX with a warm cache (one folder, primed once first), machine code with it.
# 2. two calibrations (data-1, data-2), as run197's `cal`.
# 3. the GPU tests (every ignored test, one thread).
#   bash calibration/h200/run203/startup.sh        (on the warm machine of parts a and b)
# devbin/r203c/{umodel,startup,gpu}.xz: the release builds of the commit that plans this
# (cargo build --release; cargo build --release --example startup; cargo test --release --test
# gpu --no-run), stripped where they are binaries the tests do not find by path, xz -9.
set -u
RUN=${RUN:-run203}c; BIN=${BIN:-devbin/r203c}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
for f in umodel startup gpu; do xz -dc $R/$BIN/$f.xz > bin/$f; done; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin --exclude="$RUN/cache-*" --exclude=$RUN/tasks $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current,persistence_mode --format=csv; nproc; uptime; ls -d ~/.nv/ComputeCache 2>&1; du -sh ~/.nv/ComputeCache 2>&1; } > machine.txt 2>&1
WARM=$W/cache-warm; mkdir -p $WARM
CUDA_CACHE_PATH=$WARM timeout 30 bin/startup ptx > /dev/null 2>> startup.err
echo "round,cache,code,libraries_s,context_s,compile_s,load_s,total_s,process_ms" > startup.csv
for i in 1 2 3 4 5 6 7 8; do
  for v in "cold ptx" "cold cubin" "warm ptx" "warm cubin"; do
    set -- $v
    if [ $1 = cold ]; then C=$W/cache-$i-$2; mkdir -p $C; else C=$WARM; fi
    s=$(date +%s%N); line=$(CUDA_CACHE_PATH=$C timeout 30 bin/startup $2 2>> startup.err)
    echo "rc=$? $i $1 $2" >> startup.err
    echo "$i,$1,$2,$line,$(( ($(date +%s%N) - s) / 1000000 ))" >> startup.csv
  done
done
du -s $W/cache-* >> startup.err 2>&1
uptime >> machine.txt; pack
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
cal 1
cal 2
ln -sfn $R/tasks tasks
s=$(date +%s); timeout 150 bin/gpu --ignored --test-threads 1 > gpu-tests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gpu-tests.log
uptime >> machine.txt; pack
cat machine.txt; cat startup.csv; tail -qn1 calibrate-*.err; grep -h "test result\|rc=\|FAILED\|panicked" gpu-tests.log; grep -h "warning: task term" calibrate-*.err; true
