#!/usr/bin/env python3
"""Would a prefetch back priced from other calibrations have served the workloads better than
the run's own? Every run with a minimal calibration and the workloads' rows (run77-run124): each
run's workloads as its own calibration prices them (no probe: the terms as they stand, paired
with both passes beside each row where the run timed them), against the same model with
`prefetch_to_host` replaced by the one of the calibration whose price at 64 MiB is the median of
the other runs' calibrations (leave one out; kept whole, as `fit --task-terms-from` pools).
Only the prefetching rows can move. Held out in the sense that no run's own data price its term;
the choice to look was made after run120/back.txt.

    python3 calibration/h200/run120/pool_back.py [UMODEL]

from the repository root (default target/release/umodel); output pool_back.txt beside this file.
"""
import glob, json, os, re, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
TASKS = {"workload": ["seed-001", "seed-001-overlapped"], "prodcons": ["producer-consumer"],
         "compute": ["compute-bound"], "partial": ["partial-update"]}
at64 = lambda c: c["lat_ms"] + c["ms_per_gib"] / 16
tmp = tempfile.mkdtemp()

runs = []
for d in sorted(glob.glob(f"{H}/run*/"), key=lambda s: int(re.findall(r"run(\d+)", s)[0])):
    run = os.path.basename(d[:-1])
    cal, t = glob.glob(d + "data/models/*.minimal.csv"), glob.glob(d + "tasks-*-workload.csv")
    if cal and t and int(run[3:]) >= 77:
        m = os.path.join(tmp, run + ".json")
        subprocess.run([U, "fit", cal[0], "-o", m], capture_output=True, check=True)
        runs.append((run, t[0].split("tasks-")[1].split("-")[0], m, json.load(open(m))))

rows = {"own": [], "pooled": []}
for run, tag, m, model in runs:
    others = sorted((at64(o[3]["task_terms"]["prefetch_to_host"]), o[0], o[3]) for o in runs if o[0] != run)
    pick = others[(len(others) - 1) // 2]
    pooled = json.loads(json.dumps(model))
    pooled["task_terms"]["prefetch_to_host"] = pick[2]["task_terms"]["prefetch_to_host"]
    pm = os.path.join(tmp, run + "-pooled.json")
    json.dump(pooled, open(pm, "w"))
    for w, tasks in TASKS.items():
        table = f"{H}/{run}/tasks-{tag}-{w}.csv"
        if not os.path.exists(table) or os.path.getsize(table) == 0:
            continue
        beside = any("plain_cpu_beside" in l for l in open(table))
        flags = ["--final-beside", "--cpu-beside"] if beside else []
        for task in tasks:
            for name, mm in (("own", m), ("pooled", pm)):
                r = subprocess.run([U, "validate", "-m", mm, "--task", f"tasks/{task}.json", table, "--json"] + flags,
                                   capture_output=True, text=True)
                if r.returncode:
                    continue
                for p in json.loads(r.stdout)["points"]:
                    if "prefetch" not in p["policy"]:
                        continue
                    e = p.get("paired_error_pct")
                    if e is None:
                        e = (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"] * 100
                    rows[name].append((run, task, p["policy"], e))

out = ["The prefetching rows (managed-prefetch, managed-advise-prefetch) of run77-run124, priced by each",
       "run's own calibration as it stands (no probe), with its own prefetch_to_host or with the other runs'",
       "median calibration's (leave one out); paired with both passes where the run timed them:", ""]
for name, v in rows.items():
    e = [abs(x[3]) for x in v]
    out.append(f"  {name:6s}: {sum(a > 5 for a in e):3d} of {len(e)} cells beyond 5 %, median |error| {st.median(e):.2f} %, "
               f"mean signed {st.mean(x[3] for x in v):+.2f} %")
by = {}
for name, v in rows.items():
    for x in v:
        by.setdefault(x[1], {}).setdefault(name, []).append(abs(x[3]))
out.append("")
for task, d in by.items():
    out.append(f"  {task:20s} " + ", ".join(f"{n} {sum(a > 5 for a in d[n])} of {len(d[n])} beyond 5 % (median {st.median(d[n]):.2f} %)" for n in d))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "pool_back.txt"), "w").write(text)
print(text, end="")
