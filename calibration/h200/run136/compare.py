#!/usr/bin/env python3
"""run136: the handoff at R = 1 as the minimal plan runs it (R = 1 trials back to back: the
calibration, `r1-1`, `r1-2`) and as the full plan does (R swept 1-32 within each trial:
`sweep-1`, `sweep-2`), in that order on one VM (run136.sh). Per cell: the medians over its
trials of the total, the CPU stage and the platform share (total less CPU stage, what a
prediction given the CPU update prices), ms.

run137 (the same on another VM) adds a second calibration after `r1-2`.

    python3 calibration/h200/run136/compare.py [RUN]

from the repository root (RUN default run136); output compare.txt in that run's folder.
"""
import collections, csv, glob, os, statistics as st, sys

D = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                 sys.argv[1] if len(sys.argv) > 1 else "run136")


def load(path):
    by = collections.defaultdict(lambda: collections.defaultdict(dict))
    for r in csv.DictReader(open(path)):
        if r["group"] == "handoff" and r["reuse"] == "1" and r["check"] == "ok":
            by[(r["policy"], int(r["bytes"]) >> 20)][r["trial"]][r["case"]] = float(r["time_ms"])
    out = {}
    for k, trials in by.items():
        t = [v for v in trials.values() if "alternating" in v and "stage:cpu" in v]
        if t:
            out[k] = (st.median(v["alternating"] for v in t), st.median(v["stage:cpu"] for v in t),
                      st.median(v["alternating"] - v["stage:cpu"] for v in t), len(t))
    return out


# A calibration's CSV keeps the latest name; an earlier one of the same store is archived with
# its time stamp.
latest = f"{D}/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"
first = sorted(glob.glob(f"{D}/data/models/*.minimal.2*Z.csv"))
files = {"calibration": first[0] if first else latest}
files.update({k: f"{D}/{k}.csv" for k in ("sweep-1", "r1-1", "sweep-2", "r1-2")})
if first:
    files["calibration-2"] = latest
L = {k: load(f) for k, f in files.items()}
out = ["total / CPU stage / platform share at R = 1, medians in ms (trials), in the order run",
       f"{'cell':28}" + "".join(f"{k:>26}" for k in files)]
for cell in sorted(L["sweep-1"]):
    out.append(f"{cell[0] + ' ' + str(cell[1]) + ' MiB':28}" + "".join(
        "%8.2f/%6.2f/%6.2f (%2d)" % L[k][cell] if cell in L[k] else " " * 26 for k in files))
out += ["", "platform share, R = 1 only over the sweep before and after it (r1-1 / sweep-1, r1-1 / sweep-2, r1-2 / sweep-2):"]
for cell in sorted(L["sweep-1"]):
    s1, r1, s2, r2 = (L[k][cell][2] for k in ("sweep-1", "r1-1", "sweep-2", "r1-2"))
    out.append(f"  {cell[0] + ' ' + str(cell[1]) + ' MiB':28} {r1 / s1:.2f} {r1 / s2:.2f} {r2 / s2:.2f}")
text = "\n".join(out) + "\n"
open(os.path.join(D, "compare.txt"), "w").write(text)
print(text, end="")
