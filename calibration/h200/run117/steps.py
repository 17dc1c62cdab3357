#!/usr/bin/env python3
"""Seed 001's prefetching rows step by step: each prefetch as the model prices it (`predict
--explain --json`, each run's own calibration) against what the run's steps took
(`steps-*-workload.csv`, every trial: mean and median), on run114-run119. Says which of a row's
prefetches its movement side's error comes from.

    python3 calibration/h200/run117/steps.py [UMODEL]

from the repository root (default target/release/umodel); output steps.txt beside this file.
"""
import collections, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
H = "calibration/h200"
RUNS = [("run114", "65"), ("run115", "66"), ("run116", "67"), ("run117", "68"), ("run118", "69"),
        ("run119", "70")]
POLICIES = ["managed-prefetch", "managed-advise-prefetch"]
tmp = tempfile.mkdtemp()
# (policy, position, round, buffer, to) -> [(run, predicted, [measured])]
by = collections.defaultdict(list)
for run, tag in RUNS:
    cal = glob.glob(f"{H}/{run}/data/models/*.minimal.csv")[0]
    m = os.path.join(tmp, f"{run}.json")
    subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
    steps = collections.defaultdict(list)  # (policy, k-th prefetch of a trial) -> [ms]
    where = {}
    count = collections.Counter()
    for line in open(f"{H}/{run}/steps-{tag}-workload.csv"):
        f = line.rstrip("\n").split(",")
        if f[0] != "seed-001" or f[1] not in POLICIES or f[6] != "prefetch":
            continue
        k = (f[1], f[3])
        steps[(f[1], count[k])].append(float(f[9]))
        where[(f[1], count[k])] = (f[5], f[7], f[8])
        count[k] += 1
    for pol in POLICIES:
        d = json.loads(subprocess.run([U, "predict", "-m", m, "--task", "tasks/seed-001.json",
                                       "--policy", pol, "--explain", "--json"],
                                      capture_output=True, text=True, check=True).stdout)
        pre = [e for e in d["explain"] if e["kind"] == "prefetch"]
        n = max((c for (p, c) in steps if p == pol), default=-1) + 1
        assert n == len(pre), (run, pol, n, len(pre))
        for i, e in enumerate(pre):
            rnd, buf, to = where[(pol, i)]
            assert buf == e["buffer"], (run, pol, i, buf, e)
            by[(pol, i, rnd, buf, to)].append((run, e["ms"], steps[(pol, i)]))
out = ["Seed 001's prefetches, each run on its own calibration: predicted ms against the run's steps",
       "(mean, median over its trials), and their sums over run114-run119", ""]
for pol in POLICIES:
    out.append(pol)
    tot_p = tot_m = 0.0
    for key in sorted(k for k in by if k[0] == pol):
        _, i, rnd, buf, to = key
        rows = by[key]
        pred = st.mean(r[1] for r in rows)
        mean = st.mean(st.mean(r[2]) for r in rows)
        med = st.mean(st.median(r[2]) for r in rows)
        tot_p += pred
        tot_m += mean
        out.append(f"  {i:2} round {rnd:5} {buf:6} to {to:6}: predicted {pred:6.3f}, measured mean {mean:6.3f} "
                   f"(median {med:6.3f}) ms, {pred - mean:+.3f}")
    out.append(f"  all prefetches of a trial: predicted {tot_p:.2f}, measured mean {tot_m:.2f} ms ({tot_p - tot_m:+.2f}); "
               f"averages over the six runs")
    out.append("")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "steps.txt"), "w").write(text)
print(text, end="")
