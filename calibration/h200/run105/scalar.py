#!/usr/bin/env python3
"""run105, run106 and run107 (fresh VMs): the held-out check of `fault_in_scalar` with a latency.

A GPU pass of one float a thread over pages on the host (`managed/cold-scalar` less
`managed/reused-scalar`) costs more per byte at 16 MiB than at 64 MiB in most calibrations: a
fixed cost a pass. Fitted through the origin, with the 16 MiB cell's small standard error
outweighing the 64 MiB one, the term priced 64 MiB of such faults at up to the 16 MiB rate
(run102: 11.6 ms against the 64 MiB cell's 9.5). The change gives the term a latency, as the
prefetches' differences have. It was chosen on run96-run104, checked on run70-run95, and this
script, written before run105's and run106's data came back, checks it on them (run107, measured
after, added to its list).

Each workload of run105-run107 (prodcons, seed 001, and the partial update or the
compute-bound task) is validated with the run's probe and both plain passes beside each row
(`--probe --final-beside --cpu-beside`, the paired error), and from each trial's start
(`--probe`, the median's error), on
- its own calibration,
- the other fresh runs' (run105-run107),
- each of run96-run104's (nine other processes),
all fitted by each build. It prints, per build, the cells beyond 5 % and the median |error| by
calibration set, then per (workload, policy) of the migrating rows, then the producer/consumer's
managed GPU side (`--parts`) on the runs' own calibrations.

    python3 calibration/h200/run105/scalar.py BEFORE AFTER

from the repository root, BEFORE and AFTER two umodel binaries (the build before the change,
b6e53b8, and after it); output scalar.txt beside this file.
"""
import collections, csv, glob, json, os, statistics as st, subprocess, sys, tempfile

BUILDS = {"before": sys.argv[1], "after": sys.argv[2]}
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
RUNS = {"run105": ("58", "partial"), "run106": ("59", "compute"), "run107": ("60", "compute")}
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

# The cells themselves: every calibration that measured them (run70 on), paired by trial.
say("managed/cold-scalar less managed/reused-scalar, median of the paired trials, ms/GiB at 16 and 64 MiB:")
higher = total = 0
for run in sorted(glob.glob(f"{H}/run*"), key=lambda d: int(d.rsplit("run", 1)[1].split("-")[0]) if d.rsplit("run", 1)[1].split("-")[0].isdigit() else 0):
    for cal in sorted(glob.glob(f"{run}/data*/models/*.minimal*.csv")):
        t = collections.defaultdict(dict)
        for l in csv.DictReader(l for l in open(cal) if not l.startswith("#")):
            if l["group"] == "managed" and l["case"] in ("cold-scalar", "reused-scalar"):
                t[(l["case"], int(l["bytes"]))][l["trial"]] = float(l["time_ms"])
        per = []
        for mib in (16, 64):
            a, b = t.get(("cold-scalar", mib << 20), {}), t.get(("reused-scalar", mib << 20), {})
            d = [a[k] - b[k] for k in a if k in b]
            per.append(st.median(d) / mib * 1024 if d else None)
        if None in per:
            continue
        total += 1
        higher += per[0] > per[1]
        say(f"  {cal[len(H) + 1:]:75s} {per[0]:6.1f} {per[1]:6.1f}")
say(f"16 MiB above 64 MiB a byte in {higher} of {total} calibrations")
say("")
runs = {r: v for r, v in RUNS.items() if os.path.isdir(f"{H}/{r}/data")}
res = collections.defaultdict(list)  # (build, way) -> [(set, run, task, policy, R, error)]
parts = []
for build, u in BUILDS.items():
    models = {}
    for c in list(runs) + OTHERS:
        m = os.path.join(tmp, f"{build}-{c}.json")
        subprocess.run([u, "fit", calibration(c), "-o", m], capture_output=True, check=True)
        models[c] = m
    for run, (tag, last) in runs.items():
        for w in ["prodcons", "workload", last]:
            table = f"{H}/{run}/tasks-{tag}-{w}.csv"
            if not os.path.exists(table):
                continue
            for task in TASKS[w]:
                for c, m in models.items():
                    which = "own" if c == run else ("other fresh" if c in runs else "run96-run104")
                    for way, flags in WAYS.items():
                        for p in validate(u, m, task, table, flags):
                            res[(build, way)].append((which, run, task, p["policy"], p["reuse"], error(p, way)))
                if task == "producer-consumer":
                    for p in validate(u, models[run], task, table, WAYS["paired"] + ["--parts"]):
                        if p["policy"] == "managed":
                            g = p["parts"]["gpu"]
                            parts.append((build, run, g["predicted_ms"], g["measured_ms"]))

for (build, way), v in sorted(res.items()):
    say(f"{build}, {way}:")
    for which in ["own", "other fresh", "run96-run104"]:
        e = [abs(x[5]) for x in v if x[0] == which]
        if e:
            say(f"  on {which:13s} calibrations: {sum(a > 5 for a in e):4d} of {len(e):4d} beyond 5 %, median |error| {st.median(e):.2f} %")
say("")
say("Migrating rows, paired, cells beyond 5 % on every calibration (before -> after), signed median error:")
keys = sorted({(x[2], x[3], x[4]) for x in res[("after", "paired")] if x[3] not in ("explicit-copy", "host-mapped")})
for k in keys:
    row = []
    for build in BUILDS:
        e = [x[5] for x in res[(build, "paired")] if (x[2], x[3], x[4]) == k]
        row.append(f"{sum(abs(a) > 5 for a in e):3d}/{len(e):3d} ({st.median(e):+5.1f} %)")
    say(f"  {k[0]:20s} {k[1]:24s} R{int(k[2]):<3d} {row[0]} -> {row[1]}")
say("")
say("Producer/consumer, managed, GPU side on the run's own calibration (predicted / measured ms):")
for build, run, p, m in parts:
    say(f"  {build:6s} {run}: {p:6.2f} / {m:6.2f} ({(p - m) / m * 100:+5.1f} %)")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "scalar.txt"), "w").write(text)
print(text, end="")
