#!/usr/bin/env python3
"""run138, run139, run141: the task predictions for tasks smaller than the calibration measures.
run138: each workload at 256 KiB, 1 MiB, 4 MiB and 16 MiB a buffer (16 MiB is the smallest size the
task terms are fitted at); run139, another VM: seed 001 and the producer/consumer at 4, 16 and 64
MiB; run141, another: the compute-bound task at 4 and 16 MiB (run138's time limit cut it there).
Each validated with each of its run's two minimal calibrations, given the run's plain phases;
`paired` gives each trial the plain passes beside its row (--final-beside --cpu-beside).
    python3 calibration/h200/run138/small.py [UMODEL]     (in small.txt)"""
import json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import scale_tasks  # noqa: E402

UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
ALL = [("seed-001", "workload"), ("seed-001-overlapped", "workload"), ("partial-update", "partial"),
       ("compute-bound", "compute"), ("producer-consumer", "prodcons")]
# run, its tag, sizes, workloads
RUNS = [("run138", "85", ["256KiB", "1MiB", "4MiB", "16MiB"], ALL),
        ("run139", "86", ["4MiB", "16MiB", "64MiB"], [ALL[0], ALL[1], ALL[4]]),
        ("run141", "88", ["4MiB", "16MiB"], [ALL[3]])]


def validate(run, model, task, csv, paired):
    cmd = [UMODEL, "validate", "-m", model, "--task", task, csv, "--json"]
    if paired:
        cmd += ["--final-beside", "--cpu-beside"]
    p = subprocess.run(cmd, capture_output=True, text=True, cwd=os.path.join(HERE, "..", run))
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1]
    return json.loads(p.stdout), None


def main():
    tmp = tempfile.mkdtemp()
    scale_tasks.main(tmp, sorted({s for _, _, sizes, _ in RUNS for s in sizes}))
    summary = []
    for run, tag, sizes, workloads in RUNS:
        for cal in (1, 2):
            model = f"model-minimal-{cal}.json"
            print(f"{run}, calibration {cal} ({model}); error % = (predicted - measured) / measured")
            print(f"{'task':<20} {'size':>6} {'policy':<24} {'R':>2}  {'predicted':>9}  {'measured [min-max] of n':<30} {'err %':>7} {'paired %':>8}")
            for name, group in workloads:
                for s in sizes:
                    task = os.path.join(tmp, s, name + ".json")
                    csv = f"tasks-{tag}-{group}.csv"
                    plain, err = validate(run, model, task, csv, False)
                    if plain is None:
                        print(f"{name:<20} {s:>6} not validated: {err}")
                        continue
                    pair, _ = validate(run, model, task, csv, True)
                    pe = {(q["policy"], q["reuse"]): q.get("paired_error_pct") for q in (pair or plain)["points"]}
                    errs = []
                    for q in plain["points"]:
                        e = 100 * (q["predicted_ms"] - q["measured_ms"]) / q["measured_ms"]
                        p = pe.get((q["policy"], q["reuse"]))
                        errs.append((abs(e), abs(p) if p is not None else None))
                        meas = f"{q['measured_ms']:.3f} [{q['measured_min_ms']:.3f}-{q['measured_max_ms']:.3f}] of {q['trials']}"
                        ps = f"{p:+8.1f}" if p is not None else "       -"
                        print(f"{name:<20} {s:>6} {q['policy']:<24} {q['reuse']:>2.0f}  {q['predicted_ms']:>9.3f}  {meas:<30} {e:+7.1f} {ps}")
                    summary.append((run, cal, name, s, plain, errs))
            print()
    print("per task and size: median / max |error| %, cells beyond 5 %, then paired; 90 % intervals hold; clear orderings right")
    med = lambda v: (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")
    for run, cal, name, s, plain, errs in summary:
        a = sorted(e for e, _ in errs)
        b = sorted(p for _, p in errs if p is not None)
        print(f"  {run} cal {cal} {name:<20} {s:>6}: {med(a):5.1f} / {a[-1]:5.1f} %, {sum(e > 5 for e in a):2d} of {len(a):2d}; "
              f"paired {med(b):5.1f} / {b[-1] if b else float('nan'):5.1f} %, {sum(p > 5 for p in b):2d}; "
              f"intervals {plain['coverage_pct']:3.0f} %; orderings {plain['order_right']}/{plain['order_total']}")


if __name__ == "__main__":
    main()
