"""run294's reading, written before the call (plan.md has the rule it applies):
    python3 calibration/h100/run294/reading.py DIR
DIR holds ptxpass.csv and probe-1.json (on a slow link also probe-2.json, manybufs.csv and
lastwrite.csv, which run285's reading reads). Each pass is judged against the same source's pass
over pinned memory in the same process."""
import csv
import json
import os
import statistics as st
import sys

d = sys.argv[1]
rows = list(csv.DictReader(open(f"{d}/ptxpass.csv")))
bad = [x for x in rows if x["check"] != "ok"]
rows = [x for x in rows if x["check"] == "ok"]
SOURCES = ["stride", "nvcc", "ptx"]
PASSES = ["read", "write", "inplace"]
LO, HI = 1.15, 1.5


def med(src, mem, p):
    v = [float(x["ms"]) for x in rows if x["source"] == src and x["memory"] == mem and x["pass"] == p]
    return (st.median(v), min(v), max(v), len(v)) if v else (float("nan"),) * 3 + (0,)


print(f"ptxpass.csv: {len(rows)} passes checked ok, {len(bad)} failed")
print("median ms [min-max] (n); managed over pinned")
ratio = {}
for src in SOURCES:
    for p in PASSES:
        a, m = med(src, "pinned", p), med(src, "managed-host", p)
        ratio[(src, p)] = m[0] / a[0]
        print(f"  {src:<7}{p:<8} pinned {a[0]:.3f} [{a[1]:.3f}-{a[2]:.3f}] ({a[3]})"
              f"   managed {m[0]:.3f} [{m[1]:.3f}-{m[2]:.3f}] ({m[3]})   {ratio[(src, p)]:.2f}")
probes = []
for name in ("1", "2"):
    f = f"{d}/probe-{name}.json"
    if os.path.exists(f):
        l = json.load(open(f))["link"]
        probes.append(l["managed_map_write"]["ms"] / l["map_write"]["ms"])
print("the probes' managed write over their pinned write: " + ", ".join(f"{x:.2f}" for x in probes))
s, n, p = ratio[("stride", "write")], ratio[("nvcc", "write")], ratio[("ptx", "write")]
if probes and min(probes) >= HI:
    if s <= LO and n >= HI and p >= HI:
        q5 = "umodel's kernels, as written (their source compiled by nvcc too)"
    elif s <= LO and n <= LO and p >= HI:
        q5 = "umodel's kernels as the driver compiles its PTX"
    elif s <= LO and n <= LO and p <= LO:
        q5 = "neither: umodel's process (its kernels cost the pinned price here)"
    elif s >= HI and n >= HI and p >= HI:
        q5 = "this process too (every source dear over managed pages)"
    else:
        q5 = "not decided"
else:
    q5 = "not decided (the probes' managed write below 1.5x: no gap to explain)"
print(f"Q5, the write over managed pages over pinned: stride {s:.2f}, nvcc {n:.2f}, ptx {p:.2f}: {q5}")
