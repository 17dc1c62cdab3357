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
