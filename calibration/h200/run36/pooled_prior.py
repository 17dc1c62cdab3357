#!/usr/bin/env python3
"""Would a prior pooled over other runs' calibrations price the prefetch back to the host better?

An analysis of committed files only (no measurement): every minimal calibration of the final
method (runs 16-34) is fitted with `umodel fit`; for each workload run, the calibration just before
it has its `prefetch_to_host` term replaced by the geometric mean (at 64 MiB) of the calibrations
of the *other* runs, and the five task files are validated against the run. Prints the median and
maximum APE and the cells beyond 5 %, per policy, as the model stands and with the pooled term.

    python3 calibration/h200/run36/pooled_prior.py target/release/umodel
"""
import glob, json, math, os, statistics as st, subprocess, sys, tempfile
from collections import defaultdict

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
H = "calibration/h200"
# (run, the calibration just before its workloads, the workloads): as tests/tasks.rs checks them.
PAIRS = [
    ("run16", "run16/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T19-51-13Z.csv", "run16/tasks-4.csv"),
    ("run16", "run16/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv", "run16/tasks-5.csv"),
    ("run17", "run17/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv", "run17/tasks-6.csv"),
    ("run27", "run27/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv", "run27/tasks-7.csv"),
    ("run30", "run30/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T05-00-57Z.csv", "run30/tasks-9.csv"),
    ("run32", "run32/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T05-16-01Z.csv", "run32/tasks-10.csv"),
    ("run33", "run33/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T05-54-28Z.csv", "run33/tasks-11.csv"),
    ("run34", "run34/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T06-14-47Z.csv", "run34/tasks-12.csv"),
]
RUNS = ["run16", "run17", "run25", "run26", "run27", "run28", "run30", "run32", "run33", "run34"]
TASKS = ["seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"]
TERM, AT, GIB = "prefetch_to_host", 64 << 20, 1 << 30


def fit(csv, out):
    subprocess.run([U, "fit", csv, "-o", out], check=True, capture_output=True)
    return json.load(open(out))


def cost(t):
    return t["lat_ms"] + t["ms_per_gib"] * AT / GIB


tmp = tempfile.mkdtemp()
logs = defaultdict(list)  # run -> log cost of each of its calibrations
for run in RUNS:
    for i, csv in enumerate(sorted(glob.glob(f"{H}/{run}/data/models/*.minimal*.csv"))):
        logs[run].append(math.log(cost(fit(csv, f"{tmp}/{run}-{i}.json")["task_terms"][TERM])))
print(f"{TERM} at 64 MiB over {sum(map(len, logs.values()))} calibrations: " +
      " ".join(f"{math.exp(x):.2f}" for r in RUNS for x in logs[r]) + " ms")

ape = {"as is": defaultdict(list), "pooled": defaultdict(list)}
for run, cal, work in PAIRS:
    m = fit(f"{H}/{cal}", f"{tmp}/m.json")
    for how in ape:
        if how == "pooled":
            pooled = math.exp(st.mean(x for r in RUNS if r != run for x in logs[r]))
            t = m["task_terms"][TERM]
            f = pooled / cost(t)
            t["lat_ms"] *= f
            t["ms_per_gib"] *= f
        path = f"{tmp}/{how.replace(' ', '_')}.json"
        json.dump(m, open(path, "w"))
        for task in TASKS:
            out = subprocess.run([U, "validate", "-m", path, "--task", f"tasks/{task}.json",
                                  f"{H}/{work}", "--json"], capture_output=True, text=True, check=True)
            for p in json.loads(out.stdout)["points"]:
                ape[how][p["policy"]].append(p["ape_pct"])
for how, by in ape.items():
    print(how)
    for policy, v in by.items():
        print(f"  {policy:24} median {st.median(v):5.2f} %  max {max(v):5.2f} %  beyond 5 %: {sum(x > 5 for x in v)}/{len(v)}")
