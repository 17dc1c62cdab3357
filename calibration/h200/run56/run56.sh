#!/bin/bash
# Which history makes a 256 MiB prefetch back slow: examples/prefetch_history.rs, two processes of
# 30 interleaved rounds.
set -u
B=$PWD/devbin; W=/root/work/run56; mkdir -p $W; cd $W
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime; } > machine.txt 2>&1
for i in 1 2; do s=$(date +%s); $B/prefetch_history 30 > history-$i.csv 2> history-$i.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> history-$i.err; done
uptime >> machine.txt; tar czf $OUT/run56.tgz -C /root/work run56
cat history-*.err
python3 - <<'PY'
import csv, statistics as s
for i in (1, 2):
    d = {}
    for r in csv.DictReader(open(f"history-{i}.csv")):
        d.setdefault((r["variant"], r["trip"]), []).append((float(r["to_device_ms"]), float(r["to_host_ms"])))
    for k, v in d.items():
        print(i, k, "to_device %.1f" % s.median(x for x, _ in v), "to_host %.1f (%.1f-%.1f)" % (s.median(y for _, y in v), min(y for _, y in v), max(y for _, y in v)))
PY
