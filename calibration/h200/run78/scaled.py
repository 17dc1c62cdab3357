#!/usr/bin/env python3
"""Every workload held out on each run's first calibration (fitted by this code) with the run's
probe, as the task files stand and with seed 001's and the compute-bound task's final checks'
own fault-back given (`cpu_final_fault_scale`: the median of the other processes' ratios,
calibration/h200/run77/final_ratio.py; the other tasks' files as they stand): cells beyond 5 %,
median |error|, inside the 90 % intervals, and each workload's median |error|, without → with.
The runs with every workload and every step timed: run72, run73, run74, run77, run78 and run79
(the last two measured after the scales were introduced).

python3 calibration/h200/run78/scaled.py [UMODEL] from the repository root; output scaled.txt
beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run77"))
from final_ratio import table  # noqa: E402

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
RUNS = [("run72", "data-1", "33"), ("run73", "data-1", "34"), ("run74", "data-1", "35"),
        ("run77", "data", "37"), ("run78", "data", "38"), ("run79", "data", "39")]
W = {"seed-001": ("workload", "seed-001"), "seed-001-overlapped": ("workload", "seed-001"),
     "partial-update": ("partial", None), "compute-bound": ("compute", "compute-bound"),
     "producer-consumer": ("prodcons", None)}


def scaled(runs, scale_of, umodel=U):
    """Per run of `runs` [(run, its data folder, its tasks tag)], the line of figures without →
    with the scales; `scale_of(task, process)` gives the scale of seed 001's or the compute-bound
    task's final check in the process `run/tasks-TAG-W.csv`. A workload the run lacks is left out."""
    tmp = tempfile.mkdtemp()
    out = []
    for run, data, tag in runs:
        m = os.path.join(tmp, f"{run}.json")
        subprocess.run([umodel, "fit", glob.glob(f"calibration/h200/{run}/{data}/models/*.minimal.csv")[0], "-o", m],
                       capture_output=True, check=True)
        res = []
        for given in (False, True):
            errs, inside, meds = [], 0, []
            for t, (w, ratio_of) in W.items():
                f = f"tasks/{t}.json"
                proc = f"{run}/tasks-{tag}-{w}.csv"
                if not os.path.exists(f"calibration/h200/{proc}"):
                    meds.append(None)
                    continue
                if given and ratio_of:
                    scale = scale_of(ratio_of, proc)
                    f = os.path.join(tmp, f"{run}-{t}.json")
                    json.dump(dict(json.load(open(f"tasks/{t}.json")), cpu_final_fault_scale=scale), open(f, "w"))
                r = subprocess.run([umodel, "validate", "-m", m, "--task", f, f"calibration/h200/{proc}", "--json",
                                    "--probe"], capture_output=True, text=True, check=True)
                pts = json.loads(r.stdout)["points"]
                e = [abs(p["predicted_ms"] / p["measured_ms"] - 1) * 100 for p in pts]
                errs += e
                inside += sum(p["in_interval"] for p in pts)
                meds.append(st.median(e))
            res.append((sum(x > 5 for x in errs), len(errs), st.median(errs), inside, meds))
        (b0, n, m0, i0, d0), (b1, _, m1, i1, d1) = res
        out.append(f"{run}: beyond 5 % {b0} → {b1} of {n}; median |error| {m0:.2f} → {m1:.2f} %; inside the "
                   f"intervals {i0} → {i1}; per workload " + ", ".join(
                       f"{t} {a:.2f} → {b:.2f}" for t, a, b in zip(W, d0, d1) if a is not None))
    return out


if __name__ == "__main__":
    ratios = table()

    def leave_one_out(task, proc):
        return round(st.median(r["final"] for (k, p), r in ratios.items() if k == task and p != proc), 2)

    out = scaled(RUNS, leave_one_out)
    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "scaled.txt"), "w").write("\n".join(out) + "\n")
    print("\n".join(out))
