"""run241's reading, written before its call: the host's update of managed pages just prefetched
back, less the same update of heap memory, in the four orders of afterprefetch.cu, pinned and
not; beside umodel's own two figures of that step on the same VM (the probe's `cpu_after_prefetch`
before and after, the calibration's term at 64 MiB).

    python3 calibration/h100/run241/reading.py calibration/h100/run241/run241

Per case: median (min-max) over the trials of the managed update, the heap update and their
difference paired by trial; then each case's median difference over prefetch-only's (the
calibration's order). The verdict lines, as the plan says: a case's difference more than 1.25x
prefetch-only's, every trial's difference above prefetch-only's median.
"""
import csv
import json
import os
import statistics
import sys

d = sys.argv[1]
rows = {}
for pin in ["last", "none"]:
    path = os.path.join(d, f"afterprefetch-{pin}.csv")
    if not os.path.exists(path):
        continue
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["check"] != "ok":
                print(f"{pin} {r['case']} trial {r['trial']}: check failed, left out")
                continue
            m, h = float(r["m_ms"]), float(r["h_ms"])
            rows.setdefault((pin, r["case"]), []).append((m, h, m - h))


def med(xs):
    return f"{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})"


print(f"{'pin':<5} {'case':<20} {'n':>3}  {'managed update ms':<24} {'heap update ms':<24}"
      f" {'difference ms':<24} {'/ prefetch-only':>15}")
verdicts = []
for (pin, case), r in rows.items():
    diff = [x[2] for x in r]
    base = rows.get((pin, "prefetch-only"))
    ratio = ""
    if base:
        b = statistics.median(x[2] for x in base)
        ratio = f"{statistics.median(diff) / b:.2f}"
        if case != "prefetch-only":
            above = statistics.median(diff) > 1.25 * b and min(diff) > b
            verdicts.append(f"{pin} {case}: {'above' if above else 'not above'} "
                            f"prefetch-only's by the plan's rule")
    print(f"{pin:<5} {case:<20} {len(r):>3}  {med([x[0] for x in r]):<24} "
          f"{med([x[1] for x in r]):<24} {med(diff):<24} {ratio:>15}")
print()
for v in verdicts:
    print(v)
print()
for name in ["probe-1.json", "probe-2.json"]:
    p = os.path.join(d, name)
    if os.path.exists(p):
        with open(p) as f:
            c = json.load(f).get("cpu_after_prefetch")
        if c:
            print(f"umodel {name}: cpu_after_prefetch {c['ms']:.3f} ms (± {100 * c['rel_sd']:.0f} %)")
m = os.path.join(d, "model-minimal-1.json")
if os.path.exists(m):
    with open(m) as f:
        t = json.load(f)["task_terms"]["cpu_after_prefetch"]
    print(f"umodel calibration: cpu_after_prefetch {t['lat_ms'] + t['ms_per_gib'] / 16:.3f} ms at 64 MiB")
