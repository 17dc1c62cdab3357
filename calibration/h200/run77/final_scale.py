#!/usr/bin/env python3
"""Seed 001 (with its overlapped variant) and the compute-bound task held out on each process's
first calibration (fitted by this code) with the run's probe, as the task files stand and with
the final check's own fault-back given (`cpu_final_fault_scale`). The scale given to a process is
the median of the other processes' ratios for that workload (final_ratio.py): measured once,
elsewhere. Per process: cells beyond 5 %, median |error|, and each managed and managed-advise row's
error (%), without → with; then the mean signed error of those rows over all processes.

python3 calibration/h200/run77/final_scale.py [UMODEL] from the repository root; output
final_scale.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from final_ratio import table  # noqa: E402

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
CAL = {"run72": "data-1", "run73": "data-1", "run74": "data-1", "run76/tasks-36-1.csv": "data-1",
       "run76/tasks-36-2.csv": "data-2", "run77": "data", "run78": "data", "run79": "data"}
TASKS = {"seed-001": ["seed-001", "seed-001-overlapped"], "compute-bound": ["compute-bound"]}
ratios = table()
tmp = tempfile.mkdtemp()
out, lean, beyond = [], {}, {}
for (work, proc), _ in ratios.items():
    if work not in TASKS:
        continue
    others = [r["final"] for (w, p), r in ratios.items() if w == work and p != proc]
    scale = round(st.median(others), 2)
    run, csv = proc.split("/")
    data = CAL.get(proc, CAL.get(run))
    m = os.path.join(tmp, f"{run}-{data}.json")
    if not os.path.exists(m):
        subprocess.run([U, "fit", glob.glob(f"calibration/h200/{run}/{data}/models/*.minimal.csv")[0],
                        "-o", m], capture_output=True, check=True)
    res = []
    for given in (False, True):
        errs, rows = [], {}
        for t in TASKS[work]:
            f = f"tasks/{t}.json"
            if given:
                f = os.path.join(tmp, f"{t}-{scale}.json")
                json.dump(dict(json.load(open(f"tasks/{t}.json")), cpu_final_fault_scale=scale), open(f, "w"))
            r = subprocess.run([U, "validate", "-m", m, "--task", f, f"calibration/h200/{proc}",
                                "--json", "--probe"], capture_output=True, text=True, check=True)
            for p in json.loads(r.stdout)["points"]:
                e = 100 * (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"]
                errs.append(e)
                if t == work and p["policy"] in ("managed", "managed-advise"):
                    rows[f"{p['policy']}/R{p['reuse']:g}"] = e
                    lean.setdefault((work, given), []).append(e)
        n = sum(abs(e) > 5 for e in errs)
        beyond[(work, given)] = beyond.get((work, given), 0) + n
        res.append((n, st.median(abs(e) for e in errs), rows, len(errs)))
    (b0, m0, r0, n), (b1, m1, r1, _) = res
    out.append(f"{work:14} {proc:30} scale {scale:.2f}: beyond 5 % {b0} → {b1} of {n}; median |error| "
               f"{m0:.2f} → {m1:.2f} %; " + "; ".join(f"{k} {r0[k]:+.1f} → {r1[k]:+.1f}" for k in r0))
for work in TASKS:
    a, b = lean[(work, False)], lean[(work, True)]
    out.append(f"{work}: cells beyond 5 % {beyond[(work, False)]} → {beyond[(work, True)]}; managed and "
               f"managed-advise rows, mean signed error {st.mean(a):+.2f} → {st.mean(b):+.2f} %, "
               f"mean |error| {st.mean(map(abs, a)):.2f} → {st.mean(map(abs, b)):.2f} % ({len(a)} rows)")
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "final_scale.txt"), "w").write("\n".join(out) + "\n")
print("\n".join(out))
