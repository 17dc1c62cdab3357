#!/usr/bin/env python3
"""What `fault_in_scalar`'s latency was chosen on (NOTES.md, "Faults one float a thread: a fixed
cost a pass"): two builds compared on the workload runs recorded before run105.

1. run96-run104 (nine fresh VMs): every workload of each run on each of the nine runs'
   calibrations (its own and the eight others), with the run's probe and both plain passes
   beside each row (`--probe --final-beside --cpu-beside`, the paired error).
2. run70-run95: every workload run on each of the 50 calibrations recorded there, with the
   run's probe, from the plain phases at each trial's start (`--probe`; runs before run92 have
   no passes beside their rows).

Cells beyond 5 %, the median |error|, and per (workload, migrating policy) the cells beyond 5 %.
The choice was made on 1., then 2. was looked at; run105 and run106 (`scalar.py`) were measured
after it.

    python3 calibration/h200/run105/chosen.py BEFORE AFTER

from the repository root, BEFORE and AFTER two umodel binaries (b6e53b8's and the build with
the latency); output chosen.txt beside this file.
"""
import collections, glob, json, os, re, statistics as st, subprocess, sys, tempfile

BUILDS = {"before": sys.argv[1], "after": sys.argv[2]}
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
FRESH = [("run96", "49"), ("run97", "50"), ("run98", "51"), ("run99", "52"), ("run100", "53"),
         ("run101", "54"), ("run102", "55"), ("run103", "56"), ("run104", "57")]
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
         "partial": ["partial-update"], "compute": ["compute-bound"]}


def fit(u, cal, tmp, k):
    m = os.path.join(tmp, f"{k}.json")
    subprocess.run([u, "fit", cal, "-o", m], capture_output=True, check=True)
    return m


def errors(u, model, task, table, flags, paired):
    r = subprocess.run([u, "validate", "-m", model, "--task", f"tasks/{task}.json", table,
                        "--probe", "--json"] + flags, capture_output=True, text=True)
    if r.returncode:
        return None
    return [(p["policy"], p["paired_error_pct"] if paired
             else (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"] * 100)
            for p in json.loads(r.stdout)["points"]]


out = []
say = out.append
res = {}
for build, u in BUILDS.items():
    tmp = tempfile.mkdtemp()
    models = {r: fit(u, sorted(glob.glob(f"{H}/{r}/data/models/*.minimal*.csv"))[0], tmp, r)
              for r, _ in FRESH}
    fresh = []
    for r, tag in FRESH:
        for w, tasks in TASKS.items():
            table = f"{H}/{r}/tasks-{tag}-{w}.csv"
            if not os.path.exists(table):
                continue
            for task in tasks:
                for c, m in models.items():
                    for pol, e in errors(u, m, task, table, ["--final-beside", "--cpu-beside"], True):
                        fresh.append(("own" if c == r else "other", task, pol, e))
    cals = [c for r in range(70, 96) for c in sorted(glob.glob(f"{H}/run{r}/data*/models/*.minimal*.csv"))]
    older_models = [fit(u, c, tmp, f"c{i}") for i, c in enumerate(cals)]
    older = []
    for r in range(70, 96):
        for table in sorted(glob.glob(f"{H}/run{r}/tasks-*.csv")):
            m = re.search(r"tasks-\d+-(\w+)\.csv$", table)
            ws = [m.group(1)] if m and m.group(1) in TASKS else list(TASKS)
            for task in (t for w in ws for t in TASKS[w]):
                for model in older_models:
                    for pol, e in errors(u, model, task, table, [], False) or []:
                        older.append(("all", task, pol, e))
    res[build] = (fresh, older, len(cals))


def line(v):
    e = [abs(x[3]) for x in v]
    return f"{sum(a > 5 for a in e):5d} of {len(e):5d} beyond 5 %, median |error| {st.median(e):.2f} %"


for k, title in [(0, "run96-run104, paired with both passes beside each row"),
                 (1, "run70-run95 on {} calibrations, from each trial's start")]:
    say(title.format(res["after"][2]))
    for build in BUILDS:
        v = res[build][k]
        for which in sorted({x[0] for x in v}):
            say(f"  {build:6s} on {which:5s} calibrations: {line([x for x in v if x[0] == which])}")
    say("  migrating rows, cells beyond 5 % (before -> after):")
    keys = sorted({(x[1], x[2]) for x in res["after"][k] if x[2] not in ("explicit-copy", "host-mapped")})
    for t, p in keys:
        n = [sum(abs(x[3]) > 5 for x in res[b][k] if (x[1], x[2]) == (t, p)) for b in BUILDS]
        total = sum(1 for x in res["after"][k] if (x[1], x[2]) == (t, p))
        say(f"    {t:20s} {p:24s} {n[0]:4d} -> {n[1]:4d} of {total}")
    say("")
text = "\n".join(out)
open(os.path.join(HERE, "chosen.txt"), "w").write(text)
print(text)
