#!/bin/bash
# run213 (planned 2026-12-05 18:00 UTC, before the call): umodel on a GPU machine with libnvrtc
# hidden, by devbin/r213 (the release builds of umodel, examples/startup and the GPU tests at
# 05681a7, stripped, xz'd). In a private mount namespace every libnvrtc file is covered with
# /dev/null, so no process in it can load NVRTC; there: a calibration (the VM's first CUDA
# process), `umodel probe`, the open with the embedded PTX and with NVRTC's (which must fail with
# the NoNvrtc error, not a panic). Then, NVRTC visible again, a second calibration and every GPU
# test.
#   bash calibration/h200/run213/nonvrtc.sh [RUN]        (about 2.5 minutes)
set -u
RUN=${1:-run213}; BIN=${BIN:-devbin/r213}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
for f in umodel startup gpu; do xz -dc $R/$BIN/$f.xz > bin/$f; done; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin --exclude=$RUN/tasks $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu,persistence_mode --format=csv; uptime; } >> machine.txt 2>&1
LIBS=$(find / -xdev \( -name 'libnvrtc.so*' -o -name 'libnvrtc-builtins.so*' \) 2>/dev/null | xargs -r -n1 readlink -f | sort -u)
echo "$LIBS" > hidden.txt
cat > hidden.sh <<'IN'
set -u
for f in $(cat hidden.txt); do mount --bind /dev/null "$f" || echo "could not hide $f"; done
python3 - <<'PY' > dlopen.txt 2>&1
import ctypes
for n in ["libnvrtc.so", "libnvrtc.so.13"]:
    try:
        ctypes.CDLL(n); print(n, "loads")
    except OSError as e:
        print(n, "does not load:", e)
PY
s=$(date +%s%N); UMODEL_DATA_DIR=$PWD/data-1 timeout 45 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
timeout 30 bin/startup ptx > open-ptx.txt 2>&1; echo "rc=$?" >> open-ptx.txt
timeout 30 bin/startup ptx-compiled > open-ptx-compiled.txt 2>&1; echo "rc=$?" >> open-ptx-compiled.txt
IN
unshare -m bash hidden.sh > hidden.log 2>&1; echo "rc=$?" >> hidden.log
uptime >> machine.txt; pack
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-2 timeout 45 bin/umodel calibrate > calibrate-2.log 2> calibrate-2.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-2.err
pack
ln -sfn $R/tasks tasks
s=$(date +%s); timeout 150 bin/gpu --ignored --test-threads 1 > gpu-tests.log 2>&1; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> gpu-tests.log
uptime >> machine.txt; pack
cat machine.txt hidden.txt hidden.log dlopen.txt open-ptx.txt open-ptx-compiled.txt probe-1.txt; for f in calibrate-*.err; do tail -n1 $f; done; grep -h "test result\|rc=\|FAILED\|panicked" gpu-tests.log; true
