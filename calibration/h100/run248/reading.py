"""run248's reading, written before its call: linkshape.cu's timed in-place pass per memory and
shape, beside the probes' `map_read_write` and `managed_map_read_write` on the same VM.

    python3 calibration/h100/run248/reading.py calibration/h100/run248/run248

Per (memory, shape): median (min-max) and mean. The verdict line, as the plan says: over managed
pages, flat4's median over stride's, and whether every flat4 trial lies above stride's largest
(flat4 dearer) or below its smallest (cheaper); the same over pinned memory beside it.
"""
import csv
import json
import os
import statistics as st
import sys

d = sys.argv[1]
rows = {}
with open(os.path.join(d, "linkshape.csv")) as f:
    for r in csv.DictReader(f):
        if r["check"] != "ok":
            print(f"{r['memory']} {r['shape']} trial {r['trial']}: check failed, left out")
            continue
        rows.setdefault((r["memory"], r["shape"]), []).append(float(r["ms"]))
print(f"{'memory':<13} {'shape':<7} {'n':>3}  {'median ms (min-max)':<24} {'mean':>6}")
for k in [("pinned", "stride"), ("pinned", "flat4"), ("managed-host", "stride"), ("managed-host", "flat4")]:
    x = rows.get(k)
    if x:
        print(f"{k[0]:<13} {k[1]:<7} {len(x):>3}  {st.median(x):.3f} ({min(x):.3f}-{max(x):.3f}){'':<4} {st.mean(x):6.3f}")
print()
for mem in ["managed-host", "pinned"]:
    a, b = rows.get((mem, "stride")), rows.get((mem, "flat4"))
    if a and b:
        side = "dearer" if min(b) > max(a) else "cheaper" if max(b) < min(a) else "neither"
        print(f"{mem}: flat4 over stride {st.median(b) / st.median(a):.2f} at the median ({side}: "
              f"every flat4 trial {'above' if side == 'dearer' else 'below' if side == 'cheaper' else 'not all beyond'} "
              f"stride's {'largest' if side != 'cheaper' else 'smallest'})")
print()
for name in ["probe-1.json", "probe-2.json"]:
    p = os.path.join(d, name)
    if os.path.exists(p):
        with open(p) as f:
            l = json.load(f).get("link") or {}
        figs = [f"{t} {l[t]['ms']:.3f} ms (± {100 * l[t]['rel_sd']:.0f} %)"
                for t in ["map_read_write", "managed_map_read_write"] if t in l]
        print(f"umodel {name}: {', '.join(figs)}")
