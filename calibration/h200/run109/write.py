#!/usr/bin/env python3
"""run109: the calibration with the write-only fault cells (`managed/cold-write`,
`reused-write`), with and without them (`without`: those rows taken out of the CSV, so
`fault_in_write` is not fitted and a buffer the GPU only writes faults in at
`fault_in_scalar`, as before).

Validated with each: run109's producer/consumer and compute-bound task (its own calibration),
and the producer/consumer and compute-bound runs of run96-run107 (the same calibration, other
processes and VMs), with each run's probe and both plain passes beside each row
(`--probe --final-beside --cpu-beside`, the paired error), and from each trial's start
(`--probe`). Per (run, task, policy, R) the error both ways for the managed rows, then the
counts beyond 5 %; and the cells themselves.

    python3 calibration/h200/run109/write.py UMODEL    (from the repository root; output
    write.txt beside this file). UMODEL: a build of commit 999ce98, the only one with the term (a
    later build fits no `fault_in_write`, so its two ways agree). Written before run109's data
    was looked at.
"""
import collections, csv, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
cal = glob.glob(f"{HERE}/data/models/*.minimal.csv")[0]
tmp = tempfile.mkdtemp()
lines = open(cal).read().splitlines(keepends=True)
cut = os.path.join(tmp, "without.minimal.csv")
open(cut, "w").writelines(l for l in lines if ",cold-write," not in l and ",reused-write," not in l)
import shutil
shutil.copy(cal[:-len(".csv")] + ".facts.json", cut[:-len(".csv")] + ".facts.json")
models = {}
for name, c in [("with", cal), ("without", cut)]:
    m = os.path.join(tmp, f"{name}.json")
    subprocess.run([U, "fit", c, "-o", m], capture_output=True, check=True)
    models[name] = m
out = []
say = out.append
rows = [r for r in csv.DictReader(l for l in lines if not l.startswith("#"))
        if r["group"] == "managed" and r["case"] in ("cold-write", "reused-write", "cold-scalar", "reused-scalar")]
cells = collections.defaultdict(dict)
for r in rows:
    cells[(r["case"], int(r["bytes"]))][r["trial"]] = float(r["time_ms"])
say("run109's cells, faults = the pass on the host's pages less the same pass again (median of the paired trials):")
for mib in (16, 64):
    b = mib << 20
    f = lambda c, r: st.median([cells[(c, b)][k] - cells[(r, b)][k] for k in cells[(c, b)] if k in cells[(r, b)]])
    w, s = f("cold-write", "reused-write"), f("cold-scalar", "reused-scalar")
    say(f"  {mib} MiB: write-only {w:.3f} ms, in place {s:.3f} ms, ratio {w / s:.3f}")
for name, m in models.items():
    t = json.load(open(m))["task_terms"]
    say(f"  {name:8s}: fault_in_write {json.dumps(t.get('fault_in_write'))[:90]}")
say("")
RUNS = [("run96", "49"), ("run97", "50"), ("run98", "51"), ("run99", "52"), ("run100", "53"), ("run101", "54"),
        ("run102", "55"), ("run103", "56"), ("run104", "57"), ("run105", "58"), ("run106", "59"),
        ("run107", "60"), ("run109", "61")]
TASKS = {"prodcons": "producer-consumer", "compute": "compute-bound"}
res = collections.defaultdict(dict)
for run, tag in RUNS:
    for w, task in TASKS.items():
        table = f"{H}/{run}/tasks-{tag}-{w}.csv"
        if not os.path.exists(table):
            continue
        for name, m in models.items():
            for way, flags in [("paired", ["--final-beside", "--cpu-beside"]), ("start", [])]:
                r = subprocess.run([U, "validate", "-m", m, "--task", f"tasks/{task}.json", table, "--probe", "--json"] + flags,
                                   capture_output=True, text=True, check=True)
                for p in json.loads(r.stdout)["points"]:
                    e = p["paired_error_pct"] if way == "paired" else (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"] * 100
                    res[(run, task, p["policy"], int(p["reuse"]), way)][name] = e
say("Managed rows, signed error % without -> with the cells (paired with both passes; from each trial's start):")
for (run, task, pol, r, way), v in sorted(res.items()):
    if way != "paired" or pol not in ("managed", "managed-advise"):
        continue
    s = res[(run, task, pol, r, "start")]
    say(f"  {run:7s} {task:18s} {pol:15s} R{r:<3d} {v['without']:+6.1f} -> {v['with']:+6.1f}   ({s['without']:+6.1f} -> {s['with']:+6.1f})")
say("")
for way in ("paired", "start"):
    for which, sel in [("run109 (own calibration)", lambda k: k[0] == "run109"), ("run96-run107 (other runs)", lambda k: k[0] != "run109")]:
        ks = [k for k in res if k[4] == way and sel(k)]
        for name in ("without", "with"):
            e = [abs(res[k][name]) for k in ks]
            say(f"{way:6s} {which:26s} {name:8s}: {sum(a > 5 for a in e):3d} of {len(e)} beyond 5 %, median |error| {st.median(e):.2f} %")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "write.txt"), "w").write(text)
print(text, end="")
