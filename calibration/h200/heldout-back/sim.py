#!/usr/bin/env python3
"""The offline look that chose which policies' movement back to scale (before judge.py): each
minimal calibration of run105-run131 against the R = 1 cells of run2/full-1, run2/full-3 and
run3/full-4 at the calibrated sizes, each target trial predicted as its own CPU stage plus the
calibration's median platform share (alternating less stage:cpu), and again with the
calibration's median movement back (stage:move_out) scaled by the trial's CPU stage over the
calibration's median. A stand-in for the model's pricing, not the model; per group of policies:
median and largest |error| of the cells' medians, cells beyond 5 %.

    python3 calibration/h200/heldout-back/sim.py

from the repository root; output sim.txt beside this file.
"""
import collections, csv, glob, os, statistics as st

H = "calibration/h200"


def load(f):
    d = collections.defaultdict(dict)
    for r in csv.DictReader(open(f)):
        if r["group"] == "handoff" and r["case"] in ("alternating", "stage:cpu", "stage:move_out"):
            d[(r["policy"], int(r["bytes"]), r["reuse"], r["trial"])][r["case"]] = float(r["time_ms"])
    return d


FULL = {f: load(f"{H}/{f}.csv") for f in ["run2/full-1", "run2/full-3", "run3/full-4"]}
cals = []
for d in sorted(glob.glob(f"{H}/run*")):
    n = os.path.basename(d)[3:]
    if n.isdigit() and 105 <= int(n) <= 131:
        cs = glob.glob(f"{d}/data/models/*.minimal*.csv")
        if cs:
            cals.append(load(cs[0]))
GROUPS = {"the prefetching policies": ["managed-prefetch", "managed-advise-prefetch"],
          "explicit copy": ["explicit-copy"],
          "host-mapped, managed, managed-advise": ["host-mapped", "managed", "managed-advise"]}
out = [f"{len(cals)} calibrations against 3 full runs, R = 1 cells at 16, 64 and 256 MiB"]
for label, pols in GROUPS.items():
    res = {"as calibrated": [], "scaled": []}
    for C in cals:
        for p in pols:
            for B in [16 << 20, 64 << 20, 256 << 20]:
                rows = [v for k, v in C.items() if k[0] == p and k[1] == B and k[2] == "1"
                        and "alternating" in v and "stage:cpu" in v]
                if not rows:
                    continue
                p1 = st.median(v["alternating"] - v["stage:cpu"] for v in rows)
                mo = st.median(v.get("stage:move_out", 0.0) for v in rows)
                cc = st.median(v["stage:cpu"] for v in rows)
                for T in FULL.values():
                    tr = [v for k, v in T.items() if k[0] == p and k[1] == B and k[2] == "1"
                          and "alternating" in v and "stage:cpu" in v]
                    if not tr:
                        continue
                    meas = st.median(v["alternating"] for v in tr)
                    b = st.median(v["stage:cpu"] + p1 for v in tr)
                    s = st.median(v["stage:cpu"] + p1 + mo * (v["stage:cpu"] / cc - 1) for v in tr)
                    res["as calibrated"].append(100 * abs(b / meas - 1))
                    res["scaled"].append(100 * abs(s / meas - 1))
    for k, v in res.items():
        out.append(f"{label:38} {k:13}: {len(v)} cells, median |error| {st.median(v):.2f} %, "
                   f"largest {max(v):.1f} %, beyond 5 %: {sum(x > 5 for x in v)}")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "sim.txt"), "w").write(text)
print(text, end="")
