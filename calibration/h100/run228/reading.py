"""run228: each (memory, pass, what came before) of lastwrite.csv, its median with min-max over
the trials, and the ratio of the medians to the same pass after the GPU's own untimed pass.
Written before the call; judges by the plan's criterion.
    python3 calibration/h100/run228/reading.py calibration/h100/run228/run228/lastwrite.csv"""
import csv
import statistics
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
failed = [r for r in rows if r["check"] != "ok"]
if failed:
    sys.exit(f"{len(failed)} rows failed their check: nothing is read from a failed run")
cells = {}
for r in rows:
    cells.setdefault((r["memory"], r["pass"], r["before"]), []).append(float(r["ms"]))
# lastwrite.cu's cases (`host-write-all` came after runs 228-231, which read as before).
BEFORE = [b for b in ("gpu", "host-write", "host-read", "host-write-all")
          if any(k[2] == b for k in cells)]
w = max(12, max(len(b) for b in BEFORE) + 1)
print("memory        pass     before       n   median ms (min-max)        / after gpu")
verdict = []
for mem in ("pinned", "managed-host"):
    for p in ("read", "write", "inplace"):
        base = cells[(mem, p, "gpu")]
        for b in BEFORE:
            t = cells[(mem, p, b)]
            med = statistics.median(t)
            ratio = med / statistics.median(base)
            print(f"{mem:<14}{p:<9}{b:<{w}}{len(t):>3}   {med:8.3f} ({min(t):.3f}-{max(t):.3f})"
                  f"   {ratio:6.2f}")
            if b.startswith("host-write"):
                apart = min(t) > max(base)
                verdict.append((b, mem, p, ratio, apart))
for kind, whose in (("host-write", "the host's writes"),
                    ("host-write-all", "the host's writes on every core")):
    mine = [v[1:] for v in verdict if v[0] == kind]
    if not mine:
        continue
    slow = [v for v in mine if v[2] > 1.10 and v[3]]
    print()
    print(f"passes after {whose} more than 10 % above the same after the GPU's, every trial "
          f"above every trial of the other: {len(slow)} of {len(mine)}"
          + "".join(f"\n  {m} {p}: {r:.2f}x" for m, p, r, _ in slow))
