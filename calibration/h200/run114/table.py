#!/usr/bin/env python3
"""Per workload and policy, predicted against measured, on run114 and run115 (two fresh VMs, all
four workloads), each held out on its own first calibration (fitted by the build given) with the
run's probe, the task files as they stand. Markdown rows: predicted [90 % interval] given the
plain passes beside each row, measured median [min–max] of the trials, the error from the plain
phases at each trial's start (signed, %), and paired by trial with both passes beside each row
(`validate --probe --final-beside --cpu-beside`, `paired_error_pct`). Then, per run and workload,
the median |error| paired, and the cells beyond 5 % either way.

    python3 calibration/h200/run114/table.py [UMODEL]

from the repository root (default target/release/umodel); output table.md beside this file.
"""
import json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
H = "calibration/h200"
RUNS = [("run114", "65"), ("run115", "66")]
TASKS = [("seed-001", "workload"), ("seed-001-overlapped", "workload"),
         ("producer-consumer", "prodcons"), ("partial-update", "partial"),
         ("compute-bound", "compute")]


def validate(model, task, csv, flags):
    args = [U, "validate", "-m", model, "--task", f"tasks/{task}.json", csv, "--probe", "--json"]
    r = subprocess.run(args + flags, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args + flags)}: {r.stderr}")
    return json.loads(r.stdout)["points"]


def main(runs=RUNS, here=os.path.dirname(os.path.abspath(__file__))):
    """Writes table.md in `here` for `runs` ((run, tag) pairs); a workload a run lacks is left
    out (calibration/h200/run117/table.py calls it for run117-run119)."""
    tmp = tempfile.mkdtemp()
    rows = ["| run | workload | policy | R | predicted ms [90 %], passes beside | measured ms, median [min–max] of n | error from the trial's start % | paired % |",
            "| --- | --- | --- | --- | --- | --- | --- | --- |"]
    summary = []
    for run, tag in runs:
        cal = [f for f in os.listdir(f"{H}/{run}/data/models") if f.endswith(".minimal.csv")][0]
        model = os.path.join(tmp, f"{run}.json")
        subprocess.run([U, "fit", f"{H}/{run}/data/models/{cal}", "-o", model],
                       capture_output=True, check=True)
        for task, group in TASKS:
            csv = f"{H}/{run}/tasks-{tag}-{group}.csv"
            if not os.path.exists(csv):
                continue
            start = validate(model, task, csv, [])
            both = validate(model, task, csv, ["--final-beside", "--cpu-beside"])
            paired = []
            for s, p in zip(start, both):
                assert (s["policy"], s["reuse"]) == (p["policy"], p["reuse"])
                e0 = (s["predicted_ms"] / s["measured_ms"] - 1) * 100
                e1 = p["paired_error_pct"]
                paired.append(e1)
                lo, hi = p["interval_ms"]
                rows.append(f"| {run} | {task} | {p['policy']} | {p['reuse']:g} | {p['predicted_ms']:.1f} [{lo:.1f}–{hi:.1f}] | "
                            f"{p['measured_ms']:.1f} [{p['measured_min_ms']:.1f}–{p['measured_max_ms']:.1f}] of {p['trials']} | "
                            f"{e0:+.1f} | {e1:+.1f} |")
            beyond0 = sum(abs(s["predicted_ms"] / s["measured_ms"] - 1) > 0.05 for s in start)
            summary.append(f"{run} {task:20} paired median |error| {st.median(abs(e) for e in paired):.2f} %; "
                           f"beyond 5 %: {beyond0} of {len(start)} from the trial's start, "
                           f"{sum(abs(e) > 5 for e in paired)} paired")
    out = rows + [""] + summary
    open(os.path.join(here, "table.md"), "w").write("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
