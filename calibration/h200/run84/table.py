#!/usr/bin/env python3
"""Per workload and policy, predicted against measured, on the current code: run84 (seed 001 and
its overlapped variant, the producer/consumer) and run85 (the partial update, the compute-bound
task), each held out on its run's first calibration (fitted by this code) with the run's probe
and the library's fault-back scales (the median of run84's and run85's four measurements per
code, scales.py), the task files otherwise as they stand. Markdown rows: predicted [90 %
interval], measured median [min–max] of the trials, |error| with the scales and as the files
stand.

python3 calibration/h200/run84/table.py [UMODEL] from the repository root; output table.md
beside this file.
"""
import json, os, statistics as st, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from scales import H, U, library_scales, model_of  # noqa: E402

RUNS = [("run84", "43", ["seed-001", "seed-001-overlapped", "producer-consumer"]),
        ("run85", "44", ["partial-update", "compute-bound"])]
GROUP = {"seed-001": "workload", "seed-001-overlapped": "workload", "producer-consumer": "prodcons",
         "partial-update": "partial", "compute-bound": "compute"}


def points(m, task_file, csv):
    r = subprocess.run([U, "validate", "-m", m, "--task", task_file, csv, "--json", "--probe"],
                       capture_output=True, text=True, check=True)
    return {(p["policy"], p["reuse"]): p for p in json.loads(r.stdout)["points"]}


def main():
    scale = {k: round(st.median(v), 2) for k, v in library_scales().items()}
    tmp = tempfile.mkdtemp()
    out = ["| workload | policy | R | predicted ms [90 %] | measured ms, median [min–max] of n | |error| % with the scales | as the files stand |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for run, tag, tasks in RUNS:
        m = model_of(run, tmp)
        for t in tasks:
            csv = f"{H}/{run}/tasks-{tag}-{GROUP[t]}.csv"
            base = t.replace("-overlapped", "")
            f = os.path.join(tmp, f"{t}.json")
            extra = {fld: s for (tt, fld), s in scale.items() if tt == base}
            json.dump(dict(json.load(open(f"tasks/{t}.json")), **extra), open(f, "w"))
            plain = points(m, f"tasks/{t}.json", csv)
            for k, p in points(m, f, csv).items():
                e0 = abs(plain[k]["predicted_ms"] / plain[k]["measured_ms"] - 1) * 100
                e1 = abs(p["predicted_ms"] / p["measured_ms"] - 1) * 100
                lo, hi = p["interval_ms"]
                out.append(f"| {t} | {p['policy']} | {p['reuse']:g} | {p['predicted_ms']:.1f} [{lo:.1f}–{hi:.1f}] | "
                           f"{p['measured_ms']:.1f} [{p['measured_min_ms']:.1f}–{p['measured_max_ms']:.1f}] of {p['trials']} | "
                           f"{e1:.1f} | {e0:.1f} |")
    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "table.md"), "w").write("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
