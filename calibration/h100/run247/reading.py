"""run247's reading, written before its call: linkorder.cu's timed in-place pass over managed
pages kept on the host, per case, beside the probes' `managed_map_read_write` on the same VM.

    python3 calibration/h100/run247/reading.py calibration/h100/run247/run247

Per case: median (min-max), mean, and median over `plain`'s. A case is above `plain` by the
plan's rule where its median exceeds plain's by more than 10 % and every one of its trials lies
above plain's median.
"""
import csv
import json
import os
import statistics as st
import sys

d = sys.argv[1]
rows = {}
with open(os.path.join(d, "linkorder.csv")) as f:
    for r in csv.DictReader(f):
        if r["check"] != "ok":
            print(f"{r['case']} trial {r['trial']}: check failed, left out")
            continue
        rows.setdefault(r["case"], []).append(float(r["ms"]))
base = st.median(rows["plain"]) if "plain" in rows else None
print(f"{'case':<14} {'n':>3}  {'median ms (min-max)':<24} {'mean':>6}  {'/ plain':>7}")
for case in ["plain", "after-pinned", "pinned-fill", "after-read"]:
    x = rows.get(case)
    if not x:
        continue
    ratio = f"{st.median(x) / base:.2f}" if base else ""
    print(f"{case:<14} {len(x):>3}  {st.median(x):.3f} ({min(x):.3f}-{max(x):.3f}){'':<4} "
          f"{st.mean(x):6.3f}  {ratio:>7}")
print()
if base:
    for case in ["after-pinned", "pinned-fill", "after-read"]:
        x = rows.get(case)
        if x:
            above = st.median(x) > 1.10 * base and min(x) > base
            print(f"{case}: {'above' if above else 'not above'} plain by the plan's rule")
print()
for name in ["probe-1.json", "probe-2.json"]:
    p = os.path.join(d, name)
    if os.path.exists(p):
        with open(p) as f:
            l = json.load(f).get("link") or {}
        c = l.get("managed_map_read_write")
        if c:
            print(f"umodel {name}: managed_map_read_write {c['ms']:.3f} ms (± {100 * c['rel_sd']:.0f} %)"
                  + (f", {c['ms'] / base:.2f}x plain's median" if base else ""))
