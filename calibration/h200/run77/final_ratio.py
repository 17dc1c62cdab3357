#!/usr/bin/env python3
"""What a host phase pays to fault migrated pages back, in units of what the calibration's kind of
read (a sum over the pages) pays at that moment: under managed, each phase's median over 15
trials (`bench --step-times`) less the same code's plain-memory median of that process, over the
median of the same process's migration probe (`probe_fault_back`: the sum on pages a GPU pass
migrated, less the sum on plain memory, beside the workload in every trial). For seed 001, the
final check (the output against a double reference) and the rounds' sum of the table; for the
compute-bound task, its final check (a sum and 4096 recomputed elements) and its rounds' writes
of the input; for the producer/consumer, its rounds' sum of the output. Rounds from the second
where the first has nothing to fault back. A ratio is a property of the host code, while the
level moves between processes.

python3 calibration/h200/run77/final_ratio.py from the repository root; output final_ratio.txt
beside this file.
"""
import csv, os, statistics as st

# (process, tasks CSV and steps CSV of each workload, workloads with step times)
RUNS = [("run72", "tasks-33-{}.csv", "steps-33-{}.csv"), ("run73", "tasks-34-{}.csv", "steps-34-{}.csv"),
        ("run74", "tasks-35-{}.csv", "steps-35-{}.csv"), ("run76", "tasks-36-1.csv", "steps-36-1.csv"),
        ("run76", "tasks-36-2.csv", "steps-36-2.csv"), ("run77", "tasks-37-{}.csv", "steps-37-{}.csv"),
        ("run78", "tasks-38-{}.csv", "steps-38-{}.csv"), ("run79", "tasks-39-{}.csv", "steps-39-{}.csv")]
W = [("workload", "seed-001", True), ("compute", "compute-bound", True), ("prodcons", "producer-consumer", False)]


def ratios(run, tasks, steps, w, task, final):
    d = f"calibration/h200/{run}"
    if "{}" not in tasks and w != "workload":
        return None  # run76 ran seed 001 only
    rows = list(csv.DictReader(l for l in open(f"{d}/{tasks.format(w)}") if not l.startswith("#")))
    med = lambda case: st.median(float(r["time_ms"]) for r in rows if r["case"] == f"{task}:{case}")
    fb = med("probe_fault_back")
    s = [r for r in csv.DictReader(open(f"{d}/{steps.format(w)}"))
         if r["task"] == task and r["policy"] == "managed" and r["reuse"] == "1"]
    first = task == "seed-001"  # GPU first: its first round already faults the table back
    rnd = st.median(float(r["ms"]) for r in s if r["step"] == "cpu" and (first or r["round"] != "1"))
    out = {"probe": fb, "rounds": (rnd - med("plain_cpu")) / fb}
    if final:
        fin = st.median(float(r["ms"]) for r in s if r["step"] == "cpu_final")
        out["final"] = (fin - med("plain_final")) / fb
    return out


def table():
    """{(workload, process): ratios}"""
    got = {}
    for run, tasks, steps in RUNS:
        for w, task, final in W:
            r = ratios(run, tasks, steps, w, task, final)
            if r:
                got[(task, f"{run}/{tasks.format(w)}")] = r
    return got


if __name__ == "__main__":
    out = ["workload           process                        probe fault-back   rounds   final"]
    for (task, proc), r in table().items():
        out.append(f"{task:18} {proc:30} {r['probe']:10.2f} ms {r['rounds']:9.2f}"
                   + (f" {r['final']:7.2f}" if "final" in r else ""))
    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "final_ratio.txt"), "w").write("\n".join(out) + "\n")
    print("\n".join(out))
