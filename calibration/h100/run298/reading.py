"""run298's reading, written before the call (plan.md has the rules it applies):
    python3 calibration/h100/run298/reading.py DIR
DIR holds ptxpass.csv (`before`: host, gpu, host-one) and the probes' JSON; on a slow link also
steps-partial.csv (the partial update's step times)."""
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
BEFORES = ["gpu", "host", "host-one"]
LO, HI = 1.15, 1.5


def med(src, mem, p, before):
    v = [float(x["ms"]) for x in rows if x["source"] == src and x["memory"] == mem
         and x["pass"] == p and x["before"] == before]
    return st.median(v) if v else float("nan")


print(f"ptxpass.csv: {len(rows)} passes checked ok, {len(bad)} failed")
print("median ms after the same GPU pass (gpu), every core's writes (host), one thread's writes "
      "(host-one); each over gpu")
m = {}
for src in SOURCES:
    for p in PASSES:
        for mem in ("pinned", "managed-host"):
            for b in BEFORES:
                m[(src, p, mem, b)] = med(src, mem, p, b)
            g = m[(src, p, mem, "gpu")]
            print(f"  {src:<7}{p:<8}{mem:<13} gpu {g:.3f}   host {m[(src, p, mem, 'host')]:.3f} "
                  f"({m[(src, p, mem, 'host')] / g:.2f})   host-one {m[(src, p, mem, 'host-one')]:.3f} "
                  f"({m[(src, p, mem, 'host-one')] / g:.2f})")
probes = {}
for name in ("1", "2"):
    f = f"{d}/probe-{name}.json"
    if os.path.exists(f):
        probes[name] = json.load(open(f))["link"]
wr = [l["managed_map_write"]["ms"] / l["map_write"]["ms"] for l in probes.values()]
print("the probes' managed write over their pinned write: " + ", ".join(f"{x:.2f}" for x in wr))
slow = bool(wr) and min(wr) >= HI

one = [m[("ptx", "write", mem, "host-one")] / m[("ptx", "write", mem, "gpu")]
       for mem in ("pinned", "managed-host")]
if not slow:
    q8 = "not decided (no gap on this VM)"
elif min(one) >= HI:
    q8 = "yes: one thread's writes make umodel's write dear too"
elif max(one) <= LO:
    q8 = "no: only every core's writes do"
else:
    q8 = "not decided"
print(f"Q8, umodel's write (PTX) after one thread's writes over after a GPU pass: pinned "
      f"{one[0]:.2f}, managed {one[1]:.2f}: {q8}")

sp = f"{d}/steps-partial.csv"
if os.path.exists(sp):
    st_rows = [x for x in csv.DictReader(open(sp))
               if x["policy"] == "host-mapped" and x["step"] == "gpu"]
    step = st.median(float(x["ms"]) for x in st_rows)
    per64 = step / 4  # the task's 256 MiB against ptxpass's 64 MiB
    g = m[("ptx", "inplace", "pinned", "gpu")]
    h1 = m[("ptx", "inplace", "pinned", "host-one")]
    ha = m[("ptx", "inplace", "pinned", "host")]
    pr = [l["map_read_write"]["ms"] for l in probes.values()]
    f = (per64 - g) / (h1 - g) if h1 > g else float("nan")
    print()
    print(f"the partial update's host-mapped GPU step: median {step:.3f} ms over {len(st_rows)} "
          f"(rounds x trials), {per64:.3f} ms a 64 MiB; umodel's in-place over pinned memory "
          f"(ptxpass, PTX) after a GPU pass {g:.3f}, after one thread's writes {h1:.3f}, after "
          f"every core's {ha:.3f}; the probes' map_read_write " + ", ".join(f"{x:.3f}" for x in pr))
    if not slow:
        q7 = "not decided (no gap on this VM)"
    elif f >= 0.05:
        q7 = "yes: the task pays part of the penalty for the lines its host wrote"
    elif f <= 0.02:
        q7 = "no: the task pays the price after a GPU pass"
    else:
        q7 = "not decided"
    print(f"Q7, the share of one thread's penalty the task pays: {f:.3f} (its host rewrites 0.1 "
          f"of its pages a round): {q7}")
