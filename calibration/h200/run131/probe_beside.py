#!/usr/bin/env python3
"""The migration probe paired by trial: how much of the migrating rows' miss a probe taken right
before each task would remove. Each trial of the suite's workloads starts with four probe rounds
(the task's shape) before its rows; `validate --task --probe` prices every trial from the probe's
medians over the whole run, `--probe-beside` each trial from its own four rounds. Both pair the
plain CPU phase and final access timed beside each row (`--final-beside --cpu-beside`) and report
each cell's paired error (the median over trials of prediction over total, less 1).

Every run of the suite with the beside passes (run96 onwards) on its own calibration, fitted by
this build. Nothing is fitted on the workloads' rows: the probe prices the terms it measures
directly. The probe rows were all recorded before this comparison was written; it was looked at
on run131's partial update first (the prefetching rows -5.8 / -9.1 % -> -0.0 / -8.5 %).

    python3 calibration/h200/run131/probe_beside.py UMODEL

from the repository root; output probe_beside.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
         "partial": ["partial-update"], "compute": ["compute-bound"]}
WAYS = {"run's probe": ["--probe"], "trial's probe": ["--probe-beside"]}
MIGRATING = {"managed", "managed-prefetch", "managed-advise", "managed-advise-prefetch"}


def runs():
    def num(d):
        return int(os.path.basename(d)[3:])
    ds = [d for d in glob.glob(f"{H}/run*") if os.path.basename(d)[3:].isdigit()]
    return [d for d in sorted(ds, key=num) if num(d) >= 96
            and glob.glob(f"{d}/data/models/*.minimal*.csv") and glob.glob(f"{d}/tasks-*-*.csv")]


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return r.stdout


tmp = tempfile.mkdtemp()
rows = []  # (run, task, policy, reuse, way, paired error %)
for d in runs():
    name = os.path.basename(d)
    model = f"{tmp}/{name}.json"
    run([U, "fit", sorted(glob.glob(f"{d}/data/models/*.minimal*.csv"))[0], "-o", model])
    for table in sorted(glob.glob(f"{d}/tasks-*-*.csv")):
        kind = table.rsplit("-", 1)[1][:-4]
        for task in TASKS.get(kind, []):
            for way, flags in WAYS.items():
                args = [U, "validate", "-m", model, "--task", f"tasks/{task}.json", table,
                        "--final-beside", "--cpu-beside", "--json"] + flags
                for p in json.loads(run(args))["points"]:
                    if p.get("paired_error_pct") is not None:
                        rows.append((name, task, p["policy"], p["reuse"], way,
                                     p["paired_error_pct"]))

out = []
say = out.append
say(f"{len(set(r[0] for r in rows))} runs ({', '.join(sorted(set(r[0] for r in rows), key=lambda s: int(s[3:])))}),")
say("each on its own calibration; paired error per cell (--final-beside --cpu-beside), the run's")
say("probe (--probe) against each trial's own (--probe-beside).")
say("")


def summary(sel, label):
    cells = {}
    for r in sel:
        cells.setdefault(r[4], []).append(abs(r[5]))
    a, b = cells.get("run's probe", []), cells.get("trial's probe", [])
    if not a:
        return
    say(f"{label:44s} {len(a):4d} cells  beyond 5 %: {sum(x > 5 for x in a):3d} -> "
        f"{sum(x > 5 for x in b):3d}   median |error| {st.median(a):5.2f} -> {st.median(b):5.2f} %"
        f"   mean {st.mean(a):5.2f} -> {st.mean(b):5.2f} %")


summary(rows, "all cells")
summary([r for r in rows if r[2] in MIGRATING], "migrating rows")
summary([r for r in rows if r[2] not in MIGRATING], "copy and mapping rows")
say("")
say("by task, migrating rows:")
for task in [t for ts in TASKS.values() for t in ts]:
    summary([r for r in rows if r[1] == task and r[2] in MIGRATING], f"  {task}")
say("")
say("by policy:")
for pol in ["managed", "managed-prefetch", "managed-advise", "managed-advise-prefetch"]:
    summary([r for r in rows if r[2] == pol], f"  {pol}")
say("")
say("by run, migrating rows:")
for name in sorted(set(r[0] for r in rows), key=lambda s: int(s[3:])):
    summary([r for r in rows if r[0] == name and r[2] in MIGRATING], f"  {name}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "probe_beside.txt"), "w").write(text)
print(text, end="")
