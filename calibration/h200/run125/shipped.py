#!/usr/bin/env python3
"""Should the embedded model `h200` price the prefetch back from its own pool? Queries on an H200
with no calibration use that model as it ships; its task terms are run65's first calibration's
(NOTES.md "The shipped model"), whose prefetch back (7.242 ms at 64 MiB) lies above the pool's
6.201. The pool (run77-run124) won as a calibration's price on run125-run128 (judge.txt); this
asks the same of the shipped model, on the same four runs, none of which the model or its pool
saw. Written before running it on them.

"shipped" is models/h200.json as it is; "pooled" the same with `prefetch_to_host` replaced by
its pool's term (kept whole; its shift the larger of the two, as a calibration takes it). The
prefetching rows (managed-prefetch, managed-advise-prefetch) of each run's workloads, paired with
both passes (`--final-beside --cpu-beside`), as the model stands (no probe: a probe overrides
either). The rule: the embedded model prices the prefetch back from its pool if, summed over
the four runs, (1) the cells beyond 5 % do not rise and (2) the median |error| does not rise.
The script checks that no other row moves.

    python3 calibration/h200/run125/shipped.py UMODEL

from the repository root; output shipped.txt beside this file.
"""
import json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
RUNS = {"run125": "76", "run126": "77", "run127": "78", "run128": "79"}
TASKS = {"workload": ["seed-001", "seed-001-overlapped"], "prodcons": ["producer-consumer"],
         "partial": ["partial-update"]}
at64 = lambda c: c["lat_ms"] + c["ms_per_gib"] / 16
tmp = tempfile.mkdtemp()

shipped = json.load(open("models/h200.json"))
# Once the embedded model prices it from its pool, run65's own is kept beside it: put it back.
for p in shipped["task_terms"].pop("priced_from_pool", []):
    shipped["task_terms"][p["term"]] = p["own"]
pool = shipped["task_terms"]["pools"][0]
assert pool["term"] == "prefetch_to_host"
pooled = json.loads(json.dumps(shipped))
term = dict(pool["cost"])
term["run_shift"] = max(term["run_shift"], shipped["task_terms"]["prefetch_to_host"].get("run_shift", 0.0))
pooled["task_terms"]["prefetch_to_host"] = term
models = {"shipped": os.path.join(tmp, "shipped.json"), "pooled": os.path.join(tmp, "pooled.json")}
json.dump(shipped, open(models["shipped"], "w"))
json.dump(pooled, open(models["pooled"], "w"))

out = []
say = out.append
say(f"shipped prefetch_to_host {at64(shipped['task_terms']['prefetch_to_host']):.3f} ms at 64 MiB, "
    f"pooled {at64(term):.3f} (of {pool['calibrations']} calibrations)")
res = {"shipped": [], "pooled": []}
same = True
for run, tag in RUNS.items():
    for w, tasks in TASKS.items():
        table = f"{H}/{run}/tasks-{tag}-{w}.csv"
        if not os.path.exists(table):
            continue
        for task in tasks:
            pts = {}
            for v, m in models.items():
                r = subprocess.run([U, "validate", "-m", m, "--task", f"tasks/{task}.json", table, "--json",
                                    "--final-beside", "--cpu-beside"], capture_output=True, text=True)
                if r.returncode:
                    raise SystemExit(f"{v} {run} {task}: {r.stderr}")
                pts[v] = json.loads(r.stdout)["points"]
            for p, q in zip(pts["shipped"], pts["pooled"]):
                if "prefetch" in p["policy"]:
                    res["shipped"].append((run, task, p["policy"], p["paired_error_pct"], p["in_interval"]))
                    res["pooled"].append((run, task, q["policy"], q["paired_error_pct"], q["in_interval"]))
                elif p["predicted_ms"] != q["predicted_ms"]:
                    same = False
                    say(f"  moved unexpectedly: {run} {task} {p['policy']}")
say("every other cell priced the same both ways: " + ("yes" if same else "NO"))
summary = {}
for v, rows in res.items():
    e = [abs(x[3]) for x in rows]
    summary[v] = (sum(a > 5 for a in e), st.median(e))
    say(f"  {v:7s}: {summary[v][0]:2d} of {len(e)} beyond 5 %, median |error| {summary[v][1]:.2f} %, "
        f"mean signed {st.mean(x[3] for x in rows):+.2f} %, {sum(bool(x[4]) for x in rows)} inside their 90 % intervals")
a, b = summary["shipped"], summary["pooled"]
keep = b[0] <= a[0] and b[1] <= a[1]
say(f"Rule: {a[0]} -> {b[0]} cells beyond 5 %, median |error| {a[1]:.2f} -> {b[1]:.2f} %: "
    + ("the embedded model prices it from its pool" if keep else "the embedded model keeps run65's"))
say("")
for x, y in zip(res["shipped"], res["pooled"]):
    say(f"  {x[0]} {x[1]:20s} {x[2]:24s} {x[3]:+6.2f} -> {y[3]:+6.2f}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "shipped.txt"), "w").write(text)
print(text, end="")
