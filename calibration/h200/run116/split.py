#!/usr/bin/env python3
"""The no-op split tried on the runs it was chosen from (in-sample; run117/judge.py holds it out).

Every run with both plain passes beside each row up to run116 (run96-run107, run109, run114-run116)
on its own calibration and on each other's (16 calibrations), paired with both passes and the
run's probe (`validate --task --probe --final-beside --cpu-beside`), by two builds: BEFORE (every
no-op prefetch priced at the sequence's no-op) and AFTER (only those near a move,
`prefetch_noop_after_move`; the others at the settled cells).

    python3 calibration/h200/run116/split.py BEFORE AFTER

from the repository root (the builds of d60e8b3 and of the commit that merged the split); output
split.txt beside this file.
"""
import collections, glob, json, os, statistics as st, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

BUILDS = {"before": sys.argv[1], "after": sys.argv[2]}
H = "calibration/h200"
RUNS = ["run96", "run97", "run98", "run99", "run100", "run101", "run102", "run103", "run104",
        "run105", "run106", "run107", "run109", "run114", "run115", "run116"]
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
         "partial": ["partial-update"], "compute": ["compute-bound"]}
tmp = tempfile.mkdtemp()


def fit(build, run):
    m = os.path.join(tmp, f"{build}-{run}.json")
    cal = sorted(glob.glob(f"{H}/{run}/data/models/*.minimal*.csv"))[0]
    subprocess.run([BUILDS[build], "fit", cal, "-o", m], capture_output=True, check=True)
    return m


models = {(b, c): fit(b, c) for b in BUILDS for c in RUNS}
jobs = [(b, r, f, t, c) for b in BUILDS for r in RUNS for f in sorted(glob.glob(f"{H}/{r}/tasks-*-*.csv"))
        for t in TASKS[f.rsplit("-", 1)[1][:-4]] for c in RUNS]


def go(j):
    b, r, f, t, c = j
    args = [BUILDS[b], "validate", "-m", models[(b, c)], "--task", f"tasks/{t}.json", f,
            "--probe", "--json", "--final-beside", "--cpu-beside"]
    p = subprocess.run(args, capture_output=True, text=True, check=True)
    return [(b, r, t, c, x["policy"], x["paired_error_pct"]) for x in json.loads(p.stdout)["points"]]


with ThreadPoolExecutor(4) as ex:
    res = [x for pts in ex.map(go, jobs) for x in pts]

out = ["Paired with both passes, run96-run116 on 16 calibrations (in-sample for the split):"]
for label, sel in [("own calibrations", lambda x: x[1] == x[3]),
                   ("other calibrations", lambda x: x[1] != x[3]), ("all", lambda x: True)]:
    for b in BUILDS:
        e = [abs(x[5]) for x in res if x[0] == b and sel(x)]
        out.append(f"  {label:18} {b:6}: {sum(v > 5 for v in e):4} of {len(e)} beyond 5 %, "
                   f"median |error| {st.median(e):.2f} %")
out += ["", "Rows the split moves, every calibration: cells beyond 5 % before -> after, mean signed error %:"]
g = collections.defaultdict(lambda: collections.defaultdict(list))
for x in res:
    g[(x[2], x[4])][x[0]].append(x[5])
for k in sorted(g):
    b, a = g[k]["before"], g[k]["after"]
    if b != a:
        out.append(f"  {k[0]:20} {k[1]:24} {sum(abs(v) > 5 for v in b):4} -> {sum(abs(v) > 5 for v in a):4} "
                   f"of {len(a)}; {st.mean(b):+.2f} -> {st.mean(a):+.2f}")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "split.txt"), "w").write(text)
print(text, end="")
