#!/usr/bin/env python3
"""run114 and run115 (fresh VMs, commit a79170f's H200 code): the held-out check of the
write-only-share branch (594527c, rebased as 9ba36c3; lost with its session, written again and
merged, its judge.txt on run114 the same to the byte): a buffer the GPU only writes faults in at
0.89 of `fault_in_scalar`. The share was chosen on run108's pairs and the H200 runs up to run109;
neither build was chosen on these two runs. Written before run115's data came back and before
any of run114's was validated.

The rule, fixed here before looking: the branch is merged if, on run114 and run115 with the
paired error (`--probe --final-beside --cpu-beside`), the cells beyond 5 % do not rise and the
median |error| does not rise, summed over their own calibrations and every other fresh one
(run105-run107, and run114/run115 each other's). run96-run104's calibrations and the error from
each trial's start are printed too, not part of the rule.

It also prints each VM's paired faults from examples/fault_history.rs (25 s before the
calibration, as run108): the producer/consumer's write-only kernel over the calibration's
in-place kernel, per cycle, over pages the host filled and over pages it read back.

    python3 calibration/h200/run114/judge.py BEFORE AFTER

from the repository root, BEFORE and AFTER two umodel binaries (main's build and the branch's);
output judge.txt beside this file.
"""
import collections, csv, glob, json, os, statistics as st, subprocess, sys, tempfile

BUILDS = {"before": sys.argv[1], "after": sys.argv[2]}
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
RUNS = {"run114": "65", "run115": "66"}
FRESH = ["run105", "run106", "run107"]
OTHERS = ["run96", "run97", "run98", "run99", "run100", "run101", "run102", "run103", "run104"]
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
         "partial": ["partial-update"], "compute": ["compute-bound"]}
WAYS = {"paired": ["--final-beside", "--cpu-beside"], "start": []}


def calibration(run):
    return sorted(glob.glob(f"{H}/{run}/data/models/*.minimal*.csv"))[0]


def validate(u, model, task, table, flags):
    args = [u, "validate", "-m", model, "--task", f"tasks/{task}.json", table, "--probe", "--json"]
    r = subprocess.run(args + flags, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args + flags)}: {r.stderr}")
    return json.loads(r.stdout)["points"]


def error(p, way):
    if way == "paired":
        return p["paired_error_pct"]
    return (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"] * 100


out = []
say = out.append
tmp = tempfile.mkdtemp()
runs = {r: t for r, t in RUNS.items() if os.path.isdir(f"{H}/{r}/data")}

say("examples/fault_history.rs, faults (the pass on the host's pages less the same pass again) over")
say("the calibration's in-place cell (converge/filled-wide) in the same cycle, median [quartiles]:")
for run in runs:
    rows = list(csv.DictReader(open(f"{H}/{run}/history.csv")))
    cycles, cur = [], {}
    for r in rows:
        cur[r["variant"]] = float(r["cold_ms"]) - float(r["again_ms"])
        if len(cur) == 5:
            cycles.append(cur)
            cur = {}
    for v in ["produce/filled-wide", "produce/read-back"]:
        q = st.quantiles([c[v] / c["converge/filled-wide"] for c in cycles], n=4)
        say(f"  {run} {v:20s} {q[1]:.3f} [{q[0]:.3f}-{q[2]:.3f}] over {len(cycles)} cycles")
say("")

res = collections.defaultdict(list)  # (build, way) -> [(set, run, task, policy, R, error)]
for build, u in BUILDS.items():
    models = {}
    for c in list(runs) + FRESH + OTHERS:
        m = os.path.join(tmp, f"{build}-{c}.json")
        subprocess.run([u, "fit", calibration(c), "-o", m], capture_output=True, check=True)
        models[c] = m
    for run, tag in runs.items():
        for w, tasks in TASKS.items():
            table = f"{H}/{run}/tasks-{tag}-{w}.csv"
            for task in tasks:
                for c, m in models.items():
                    which = "own" if c == run else ("run96-run104" if c in OTHERS else "other fresh")
                    for way, flags in WAYS.items():
                        for p in validate(u, m, task, table, flags):
                            res[(build, way)].append((which, run, task, p["policy"], p["reuse"], error(p, way)))

verdict = {}
for (build, way), v in sorted(res.items()):
    say(f"{build}, {way}:")
    for which in ["own", "other fresh", "run96-run104"]:
        e = [abs(x[5]) for x in v if x[0] == which]
        say(f"  on {which:13s} calibrations: {sum(a > 5 for a in e):4d} of {len(e):4d} beyond 5 %, median |error| {st.median(e):.2f} %")
    if way == "paired":
        e = [abs(x[5]) for x in v if x[0] in ("own", "other fresh")]
        verdict[build] = (sum(a > 5 for a in e), st.median(e), len(e))
        say(f"  the rule's set (own + other fresh): {verdict[build][0]} of {len(e)} beyond 5 %, median |error| {verdict[build][1]:.2f} %")
say("")
say("Per run, paired, own + other fresh calibrations (before -> after):")
for run in runs:
    row = []
    for build in BUILDS:
        e = [abs(x[5]) for x in res[(build, "paired")] if x[1] == run and x[0] in ("own", "other fresh")]
        row.append(f"{sum(a > 5 for a in e):3d} of {len(e)} beyond 5 %, median {st.median(e):.2f} %")
    say(f"  {run}: {row[0]} -> {row[1]}")
say("")
say("Migrating rows, paired, own + other fresh calibrations, cells beyond 5 % (before -> after), signed median error:")
keys = sorted({(x[2], x[3], x[4]) for x in res[("after", "paired")] if x[3] not in ("explicit-copy", "host-mapped")})
for k in keys:
    row = []
    for build in BUILDS:
        e = [x[5] for x in res[(build, "paired")] if (x[2], x[3], x[4]) == k and x[0] in ("own", "other fresh")]
        row.append(f"{sum(abs(a) > 5 for a in e):3d}/{len(e):3d} ({st.median(e):+5.1f} %)")
    say(f"  {k[0]:20s} {k[1]:24s} R{int(k[2]):<3d} {row[0]} -> {row[1]}")
say("")
b, a = verdict["before"], verdict["after"]
merge = a[0] <= b[0] and a[1] <= b[1]
say(f"Rule: {b[0]} -> {a[0]} cells beyond 5 %, median |error| {b[1]:.2f} -> {a[1]:.2f} %: "
    + ("merge" if merge else "do not merge"))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "judge.txt"), "w").write(text)
print(text, end="")
