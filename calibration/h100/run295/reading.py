"""run295's reading, written before the call (plan.md has the rule it applies):
    python3 calibration/h100/run295/reading.py DIR
DIR holds ptxpass.csv (with its `before` column) and the probes' JSON."""
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


def med(src, mem, p, before):
    v = [float(x["ms"]) for x in rows if x["source"] == src and x["memory"] == mem
         and x["pass"] == p and x["before"] == before]
    return (st.median(v), min(v), max(v), len(v)) if v else (float("nan"),) * 3 + (0,)


print(f"ptxpass.csv: {len(rows)} passes checked ok, {len(bad)} failed")
print("median ms [min-max] (n) after the host's writes (host) and after the same GPU pass (gpu)")
m = {}
for src in SOURCES:
    for p in PASSES:
        for mem in ("pinned", "managed-host"):
            h, g = med(src, mem, p, "host"), med(src, mem, p, "gpu")
            m[(src, p, mem, "host")], m[(src, p, mem, "gpu")] = h[0], g[0]
            print(f"  {src:<7}{p:<8}{mem:<13} host {h[0]:.3f} [{h[1]:.3f}-{h[2]:.3f}] ({h[3]})"
                  f"   gpu {g[0]:.3f} [{g[1]:.3f}-{g[2]:.3f}] ({g[3]})   host/gpu {h[0] / g[0]:.2f}")
probes = []
for name in ("1", "2"):
    f = f"{d}/probe-{name}.json"
    if os.path.exists(f):
        l = json.load(open(f))["link"]
        probes.append(l["managed_map_write"]["ms"] / l["map_write"]["ms"])
print("the probes' managed write over their pinned write: " + ", ".join(f"{x:.2f}" for x in probes))
hg = {(s, mem): m[(s, "write", mem, "host")] / m[(s, "write", mem, "gpu")]
      for s in SOURCES for mem in ("pinned", "managed-host")}
mp_gpu = m[("ptx", "write", "managed-host", "gpu")] / m[("ptx", "write", "pinned", "gpu")]
if probes and min(probes) >= HI:
    if (hg[("ptx", "pinned")] >= HI and hg[("ptx", "managed-host")] >= HI
            and hg[("stride", "pinned")] <= LO and hg[("stride", "managed-host")] <= LO
            and mp_gpu <= LO):
        q6 = "yes: umodel's kernels pay dearly right after the host's writes, over either memory"
    elif mp_gpu >= HI:
        q6 = "no: umodel's write over managed pages is dear after a GPU pass too"
    else:
        q6 = "not decided"
else:
    q6 = "not decided (the probes' managed write below 1.5x: no gap to explain)"
print("Q6, the write, host over gpu before: " +
      ", ".join(f"{s} {mem} {hg[(s, mem)]:.2f}" for (s, mem) in hg) +
      f"; ptx managed over pinned after a GPU pass {mp_gpu:.2f}: {q6}")
