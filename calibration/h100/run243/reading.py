"""run243's reading, written before its call: the host's update of pages just prefetched back less
the same update of heap memory, per GiB, at 16, 64 and 256 MiB, in afterprefetch.cu's four orders
(pinned), beside umodel's probe at each size; and a calibration's term priced as the fit prices
it, per byte through its 16 and 64 MiB cells.

    python3 calibration/h100/run243/reading.py calibration/h100/run243/run243

The question (plan.md): does the cost per GiB keep rising past 64 MiB? The verdict line: the
prefetch-only order's median difference per GiB at 256 MiB over that at 64 MiB, and whether
every trial at 256 MiB lies above the 64 MiB median (rising) or below it (falling).
"""
import csv
import json
import os
import statistics
import sys

d = sys.argv[1]
SIZES = [16 << 20, 64 << 20, 256 << 20]
per_gib = {}
print(f"{'MiB':>5} {'case':<20} {'n':>3}  {'difference ms (min-max)':<26} {'ms/GiB':>7}   probe ms/GiB")
for b in SIZES:
    path = os.path.join(d, f"afterprefetch-{b}.csv")
    if not os.path.exists(path):
        continue
    rows = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["check"] == "ok":
                rows.setdefault(r["case"], []).append(float(r["m_ms"]) - float(r["h_ms"]))
    probe = ""
    pp = os.path.join(d, f"probe-{b}.json")
    if os.path.exists(pp):
        with open(pp) as f:
            c = json.load(f).get("cpu_after_prefetch")
        if c:
            probe = f"{c['ms'] * 2**30 / b:7.1f} (± {100 * c['rel_sd']:.0f} %)"
    for case in ["prefetch-only", "faults-first", "faults-heap-first", "prefetch-heap-last"]:
        x = rows.get(case)
        if not x:
            continue
        m = statistics.median(x)
        if case == "prefetch-only":
            per_gib[b] = (m * 2**30 / b, [v * 2**30 / b for v in x])
        print(f"{b >> 20:>5} {case:<20} {len(x):>3}  {m:8.3f} ({min(x):.3f}-{max(x):.3f}){'':<4} "
              f"{m * 2**30 / b:7.1f}   {probe if case == 'prefetch-only' else ''}")
print()
if 64 << 20 in per_gib and 256 << 20 in per_gib:
    m64, _ = per_gib[64 << 20]
    m256, xs = per_gib[256 << 20]
    trend = "rising" if min(xs) > m64 else "falling" if max(xs) < m64 else "neither"
    print(f"prefetch-only per GiB at 256 MiB over 64 MiB: {m256 / m64:.2f} ({trend}: every trial at "
          f"256 MiB {'above' if trend == 'rising' else 'below' if trend == 'falling' else 'not all on one side of'} "
          f"the 64 MiB median)")
if 16 << 20 in per_gib and 64 << 20 in per_gib:
    print(f"prefetch-only per GiB at 64 MiB over 16 MiB: {per_gib[64 << 20][0] / per_gib[16 << 20][0]:.2f}")
