#!/usr/bin/env python3
"""The prefetch back to the host: what a calibration and a probe price it at, against what the
same run's workloads paid. Every run with a minimal calibration, a probe and the workloads' steps
(run77-run120): the calibration's `prefetch_to_host` at 64 MiB (its own fit), the probe's
(`probe-1.json`, 8 samples right after the calibration), and the mean and median of the
workloads' prefetches to the host that moved 64 MiB (seed 001 and its overlapped variant,
producer/consumer, compute-bound; both prefetching policies; each matched to its priced step by
`predict --explain`). Then how well each tracks the run's mean: mean |difference|, correlation,
and beside them a constant, the mean of the other runs' means (leave one out). Last, how long a
rate lasts inside a run: the lag-1 autocorrelation of each row's prefetches back, in order.

    python3 calibration/h200/run120/back.py [UMODEL]

from the repository root (default target/release/umodel); output back.txt beside this file.
"""
import collections, glob, json, os, re, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
TASKS = {"workload": ["seed-001", "seed-001-overlapped"], "prodcons": ["producer-consumer"],
         "compute": ["compute-bound"]}
POLICIES = ["managed-prefetch", "managed-advise-prefetch"]
tmp = tempfile.mkdtemp()
at64 = lambda c: c["lat_ms"] + c["ms_per_gib"] / 16

rows, series = [], []
for d in sorted(glob.glob(f"{H}/run*/"), key=lambda s: int(re.findall(r"run(\d+)", s)[0])):
    run = os.path.basename(d[:-1])
    cal, steps = glob.glob(d + "data/models/*.minimal.csv"), glob.glob(d + "steps-*-workload.csv")
    if not (cal and steps and os.path.exists(d + "probe-1.json")):
        continue
    tag = steps[0].split("steps-")[1].split("-")[0]
    m = os.path.join(tmp, run + ".json")
    subprocess.run([U, "fit", cal[0], "-o", m], capture_output=True, check=True)
    price = at64(json.load(open(m))["task_terms"]["prefetch_to_host"])
    probe = json.load(open(d + "probe-1.json"))["prefetch_to_host"]["ms"]
    paid = []
    for w, tasks in TASKS.items():
        f = f"{d}steps-{tag}-{w}.csv"
        if not os.path.exists(f):
            continue
        lines = [l.rstrip("\n").split(",") for l in open(f)][1:]
        for task in tasks:
            for pol in POLICIES:
                r = subprocess.run([U, "predict", "-m", m, "--task", f"tasks/{task}.json", "--policy",
                                    pol, "--explain", "--json"], capture_output=True, text=True)
                if r.returncode:
                    continue
                pre = [e for e in json.loads(r.stdout)["explain"] if e["kind"] == "prefetch"]
                moving = [e["what"] == "prefetch to host" and e["ms"] > 1.0 for e in pre]
                trials = collections.defaultdict(list)
                for x in lines:
                    if x[0] == task and x[1] == pol and x[6] == "prefetch":
                        trials[(x[2], x[3])].append(x)
                row = []
                for key in sorted(trials, key=lambda k: (float(k[0]), int(k[1]))):
                    xs = trials[key]
                    if len(xs) != len(pre):
                        continue
                    for x, mv in zip(xs, moving):
                        if mv:
                            assert x[8] == "host", (run, task, pol, x)
                            row.append(float(x[9]))
                paid += row
                if len(row) > 2:
                    series.append((run, task, pol, row))
    if paid:
        rows.append((run, price, probe, st.mean(paid), st.median(paid), len(paid)))

out = ["The prefetch back of 64 MiB: priced by the run's calibration and by its probe, against the mean",
       "(median) of what the run's workloads paid, ms", "",
       "run     calibration  probe  |  workloads' mean (median) of n"]
for r in rows:
    out.append(f"{r[0]:7} {r[1]:11.2f} {r[2]:6.2f}  |  {r[3]:5.2f} ({r[4]:5.2f}) of {r[5]}")
mean = [r[3] for r in rows]
loo = [(sum(mean) - r[3]) / (len(mean) - 1) for r in rows]
out.append("")
out.append(f"over {len(rows)} runs, each estimator against the run's mean:")
for name, est in (("the calibration", [r[1] for r in rows]), ("the probe", [r[2] for r in rows]),
                  ("the other runs' mean", loo)):
    mae = st.mean(abs(a - b) for a, b in zip(est, mean))
    bias = st.mean(a - b for a, b in zip(est, mean))
    # The leave-one-out mean moves against the run's own by construction: no correlation.
    corr = f"{st.correlation(est, mean):+.2f}" if est is not loo else "-"
    out.append(f"  {name:21s}: mean |difference| {mae:.2f} ms, mean difference {bias:+.2f} ms, "
               f"correlation {corr}")
out.append(f"  the runs' means: {min(mean):.2f}-{max(mean):.2f} ms, mean {st.mean(mean):.2f}")
ac = []
for run, task, pol, s in series:
    mu = st.mean(s)
    var = sum((v - mu) ** 2 for v in s)
    if var > 0:
        ac.append(sum((a - mu) * (b - mu) for a, b in zip(s, s[1:])) / var)
q = st.quantiles(ac, n=4)
out.append("")
out.append(f"inside a run, each row's prefetches back in order ({len(ac)} rows): lag-1 autocorrelation "
           f"median {q[1]:+.2f} [quartiles {q[0]:+.2f} to {q[2]:+.2f}], above 0.3 in {sum(a > 0.3 for a in ac)}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "back.txt"), "w").write(text)
print(text, end="")
