#!/usr/bin/env python3
"""The prefetching handoffs' stages in every minimal calibration since run96: managed-advise-
prefetch (its buffer advised preferred-location host + accessed-by device) over managed-prefetch,
the ratio of their medians at each size, `stage:move_in` (the prefetch to the device) and
`stage:move_out` (back to the host). What rule M (mapped_advice.py) prices. A reading, no device.

    python3 calibration/h200/offline45/handoff_advised.py        (in handoff_advised.txt)
"""
import os
import csv, glob, re, statistics as st, collections
def num(f): return int(re.search(r"run(\d+)",f).group(1))
H = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
fs=sorted(glob.glob(os.path.join(H, "run*/data*/models/*.minimal*.csv")), key=num)
res=collections.defaultdict(list)
for f in fs:
    if num(f)<96: continue
    d=collections.defaultdict(list)
    for r in csv.DictReader(open(f)):
        if r["group"]=="handoff" and r["case"] in ("stage:move_out","stage:move_in") and r["check"]=="ok":
            d[(r["policy"],r["case"],r["bytes"])].append(float(r["time_ms"]))
    for b in ("16777216","67108864","268435456"):
        for case in ("stage:move_out","stage:move_in"):
            a=d.get(("managed-advise-prefetch",case,b)); p=d.get(("managed-prefetch",case,b))
            if a and p: res[(case,b)].append((num(f), st.median(a)/st.median(p), len(a), len(p)))
lines = []
for (case, b), v in sorted(res.items()):
    r = [x[1] for x in v]
    lines.append(f"{case:15} {int(b) >> 20:4} MiB  {len(v)} calibrations  median ratio {st.median(r):.3f}"
                 f"  ({min(r):.2f}-{max(r):.2f})  above 1 in {sum(x > 1 for x in r)}")
text = "\n".join(lines) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "handoff_advised.txt"), "w").write(text)
print(text, end="")
