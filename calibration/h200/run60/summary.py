"""Medians of examples/link_gather.rs output, and what each placement adds over device memory.

python3 calibration/h200/run60/summary.py calibration/h200/run60/gather-1.csv [more.csv …]
"""
import collections
import csv
import statistics as st
import sys

for path in sys.argv[1:]:
    d = collections.defaultdict(list)
    for r in csv.DictReader(open(path)):
        d[(int(r["mib"]), r["variant"])].append(float(r["ms"]))
    print(path)
    for mib in sorted({s for s, _ in d}):
        m = {v: st.median(x) for (s, v), x in d.items() if s == mib}
        n = len(d[(mib, "gather:DDD")])
        print(f"  {mib} MiB, {n} rounds: median [min-max] ms")
        for v in sorted(m):
            x = d[(mib, v)]
            print(f"    {v:11s} {m[v]:9.3f} [{min(x):.3f}-{max(x):.3f}]")
        base = m["gather:DDD"]
        t, k, o = (m[f"gather:{p}"] - base for p in ("MDD", "DMD", "DDM"))
        print(f"    over DDD: table {t:.2f}, keys {k:.2f}, output {o:.2f}; "
              f"table+keys {m['gather:MMD'] - base:.2f} (sum {t + k:.2f}), "
              f"table+output {m['gather:MDM'] - base:.2f} (sum {t + o:.2f}), "
              f"all {m['gather:MMM'] - base:.2f} (sum {t + k + o:.2f})")
        if "into:MM" in m:
            rd = m["into:DM"] - m["into:DD"] if "into:DD" in m else None
            for acc in ("into", "into+"):
                both = m[f"{acc}:MM"]
                apart = m[f"{acc}:DM"] + m[f"{acc}:MD"]
                print(f"    {acc}: x mapped + y mapped {both:.2f} against each apart {m[f'{acc}:MD']:.2f} + {m[f'{acc}:DM']:.2f} = {apart:.2f}: {both - apart:+.2f}")
