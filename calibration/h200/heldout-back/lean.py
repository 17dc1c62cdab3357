#!/usr/bin/env python3
"""Which way the handoff given the CPU leans, by policy and size: for every minimal calibration
of run81-run133 (but run109), fitted by this build, against each of the five held-out full runs
(rule 3's pairs), each trial given its own CPU update, the median over calibrations of the
signed error (predicted over measured, less 1) of every cell, then the median over R; and each
VM's own pair (run132's and run133's minimal calibration against the full plan run minutes later
on the same VM), at R = 1; and where each full run's managed platform share at R = 1 sits among
the calibrations' own. A descriptive look, nothing chosen on it.

    python3 calibration/h200/heldout-back/lean.py UMODEL

from the repository root; output lean.txt beside this file.
"""
import collections, csv, os, statistics as st, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pairs import H, TARGETS, calibrations, given_cpu, run  # noqa: E402

U = sys.argv[1]


def signed(model, target):
    v = given_cpu(U, model, target)
    return {(p["policy"], p["bytes"] >> 20, p["reuse"]): 100 * (p["predicted_ms"] / p["measured_ms"] - 1)
            for p in v["points"]}


tmp = tempfile.mkdtemp()
by = collections.defaultdict(list)  # (policy, MiB, R, target) -> signed errors over calibrations
own = {}
for name, c in calibrations():
    m = f"{tmp}/{name}.json"
    run([U, "fit", c, "-o", m])
    for t in TARGETS:
        for k, e in signed(m, t).items():
            by[k + (t.split("/")[0],)].append(e)
        if t.startswith(f"{name}/"):
            own[name] = signed(m, t)

names = [t.split("/")[0] for t in TARGETS]
out = ["signed error %, median over the calibrations, then over R (1-32), given each trial's CPU update",
       f"{'policy':24} {'MiB':>5} " + " ".join(f"{n:>7}" for n in names)]
cells = sorted({k[:2] for k in by})
for pol, mib in cells:
    row = []
    for n in names:
        per_r = [st.median(v) for k, v in by.items() if k[0] == pol and k[1] == mib and k[3] == n]
        row.append(st.median(per_r) if per_r else float("nan"))
    out.append(f"{pol:24} {mib:5d} " + " ".join(f"{x:+7.1f}" for x in row))
out += ["", "each VM's own pair (its minimal calibration against its full plan), R = 1, signed error %"]
for name, e in sorted(own.items()):
    out.append(f"  {name}: " + ", ".join(f"{p} {b} MiB {e[(p, b, 1)]:+.1f}" for p, b in cells
                                         if (p, b, 1) in e and p.startswith("managed") and p != "managed-advise"))


def share(path, policy, mib):
    """Median over a CSV's R = 1 trials of `policy` at `mib` of total less CPU stage, ms."""
    trials = collections.defaultdict(dict)
    for r in csv.DictReader(open(path)):
        if (r["group"] == "handoff" and r["policy"] == policy and r["reuse"] == "1"
                and r["bytes"] == str(mib << 20) and r["check"] == "ok"):
            trials[r["trial"]][r["case"]] = float(r["time_ms"])
    v = [t["alternating"] - t["stage:cpu"] for t in trials.values() if "alternating" in t and "stage:cpu" in t]
    return st.median(v) if v else None


# Where every full run's managed platform share at R = 1 sits among the minimal calibrations'.
fulls = ["run2/full-1.csv", "run2/full-3.csv", "run3/full-4.csv"] + list(reversed(TARGETS))
mins = [c for _, c in calibrations()]
out += ["", f"managed's platform share at R = 1 (ms), {len(mins)} minimal calibrations against the full runs "
        "(percentile among the calibrations):"]
for mib in (16, 64, 256):
    q = sorted(x for x in (share(c, "managed", mib) for c in mins) if x is not None)
    row = []
    for f in fulls:
        y = share(f"{H}/{f}", "managed", mib)
        row.append(f"{f.split('/')[0]}/{f.split('/')[1][:6]} {y:.2f} ({sum(x < y for x in q) / len(q):.2f})")
    out.append(f"  {mib:4d} MiB: calibrations median {st.median(q):.2f} [{q[0]:.2f}-{q[-1]:.2f}]; " + ", ".join(row))
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "lean.txt"), "w").write(text)
print(text, end="")
