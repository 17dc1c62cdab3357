"""run308's reading, written before the call (plan.md has the rule it applies):
    python3 calibration/h100/run308/reading.py DIR
DIR holds migrate-67108864.csv and migrate-16777216.csv (`before`: all, one, gpu)."""
import csv
import os
import statistics as st
import sys

d = sys.argv[1]
PASSES = ["inplace", "read", "scalar", "stride"]
UMODEL = ["inplace", "read", "scalar"]
LO, HI = 0.95, 1.05
q9 = None
for size in (67108864, 16777216):
    f = f"{d}/migrate-{size}.csv"
    if not os.path.exists(f):
        print(f"{os.path.basename(f)}: not there")
        continue
    rows = list(csv.DictReader(open(f)))
    bad = [x for x in rows if x["check"] != "ok"]
    rows = [x for x in rows if x["check"] == "ok"]
    print(f"{os.path.basename(f)}: {len(rows)} passes checked ok, {len(bad)} failed")
    print("  pass     before  GPU pass ms: median (min-max, n)   over `all`   migration ms (less `gpu`)"
          "   host writes ms: median (min-max)")

    def times(p, b, col="ms"):
        return [float(x[col]) for x in rows if x["pass"] == p and x["before"] == b]

    differs = []
    for p in PASSES:
        g = st.median(times(p, "gpu")) if times(p, "gpu") else float("nan")
        a = times(p, "all")
        for b in ("all", "one", "gpu"):
            t = times(p, b)
            if not t:
                continue
            m = st.median(t)
            line = f"  {p:<9}{b:<7} {m:9.3f} ({min(t):.3f}-{max(t):.3f}, {len(t)})"
            line += f"   {m / st.median(a):6.3f}" if a else "         "
            if b != "gpu":
                h = times(p, b, "host_ms")
                line += f"   {m - g:9.3f}        {st.median(h):9.2f} ({min(h):.2f}-{max(h):.2f})"
            print(line)
        o = times(p, "one")
        if p in UMODEL and a and o:
            r = st.median(o) / st.median(a)
            apart = min(o) > max(a) or max(o) < min(a)
            if (r < LO or r > HI) and apart:
                differs.append(f"{p} {r:.3f}")
    if size == 67108864:
        q9 = differs
if q9 is None:
    print("Q9: not decided (no 64 MiB file)")
elif q9:
    print("Q9 yes: after one thread's writes umodel's migrating pass costs apart from after every "
          "core's (one/all: " + ", ".join(q9) + ")")
else:
    print("Q9 no: umodel's migrating passes cost the same after one thread's writes as after "
          "every core's (each within 5 % or their ranges overlapping)")
