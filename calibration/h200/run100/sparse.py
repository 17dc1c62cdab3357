#!/usr/bin/env python3
"""run100-run102 (fresh VMs, commit 5ffdf2c): the minimal calibration measured the sparse touches at
256 MiB too, beside 16 and 64 MiB, to test whether a fault of one page in ten costs less a page
as more are in flight (`run44`: a GPU refault 3.67 µs a page at 256 MiB against 4.33-4.68), and
5ffdf2c priced a fault-run term at the count of runs in a pass where three counts were measured
(`RunCurve`, since removed). Each run's workloads on its own calibration, three ways:
- A: the calibration without its 256 MiB sparse rows (what the minimal plan measures: one price a
     run fitted at 16 and 64 MiB);
- C: the calibration as measured, one price a run fitted over the three sizes (this code);
- B: priced by count (`RunCurve`): only with the binary of commit 5ffdf2c as second argument
     (`git worktree add /tmp/c 5ffdf2c && cd /tmp/c && cargo build --release`).
Every workload validated with the run's probe and both passes beside each row (`--final-beside
--cpu-beside`, each point's `paired_error_pct`), and the managed rows' sides (`--parts`),
predicted less measured. Also the calibration's sparse cells per page at each size, and what the
partial update's managed rounds paid.

python3 calibration/h200/run100/sparse.py [UMODEL] [UMODEL_5ffdf2c] from the repository root;
output sparse.txt beside this file. Written before run100's data came back, except C and the
sides (added after run102's, to see where the two ways part).
"""
import csv, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
CURVE = sys.argv[2] if len(sys.argv) > 2 else None
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
RUNS = {r: t for r, t in (("run100", "53"), ("run101", "54"), ("run102", "55"), ("run103", "56"))
        if os.path.isdir(f"{H}/{r}/data")}
WORKLOADS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
             "partial": ["partial-update"], "compute": ["compute-bound"]}
SPARSE = ("cpu_write_sparse", "cpu_write_sparse_heap", "sparse-refault", "sparse-resident")
BIG = str(256 << 20)


def rows(path):
    return list(csv.DictReader(l for l in open(path) if not l.startswith("#")))


def fit(csv_path, out, u=U):
    subprocess.run([u, "fit", csv_path, "-o", out], capture_output=True, check=True)
    return out


def validate(m, task, path, extra=()):
    # Every way validates with this code: a model file of 5ffdf2c carries its curve
    # (`run_curves`), which only 5ffdf2c's binary reads.
    u = CURVE if m.endswith("-b.json") else U
    args = [u, "validate", "-m", m, "--task", f"tasks/{task}.json", path, "--probe", "--json",
            "--final-beside", "--cpu-beside", *extra]
    return json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def per_run(cal):
    """Per page (one in ten) of each sparse cell, µs, median of its trials."""
    by = {}
    for r in rows(cal):
        if r["case"] in SPARSE[:3]:
            by.setdefault((r["case"], int(r["bytes"])), []).append(float(r["time_ms"]))
    return {k: 1e3 * st.median(v) / (k[1] / 4096 / 10) for k, v in sorted(by.items())}


def main():
    tmp = tempfile.mkdtemp()
    out = []
    ways = ["A", "C"] + (["B"] if CURVE else [])
    cells = {k: [] for k in ways}
    per_workload = {}
    for run, tag in RUNS.items():
        cal = glob.glob(f"{H}/{run}/data/models/*.minimal.csv")[0]
        lines = open(cal).read().splitlines(keepends=True)
        a_csv = os.path.join(tmp, f"{run}-a.csv")
        with open(a_csv, "w") as f:
            f.writelines(l for l in lines
                         if not (l.split(",")[2:3] and l.split(",")[2] in SPARSE and l.split(",")[4] == BIG))
        models = {"A": fit(a_csv, os.path.join(tmp, f"{run}-a.json")),
                  "C": fit(cal, os.path.join(tmp, f"{run}-c.json"))}
        if CURVE:
            models["B"] = fit(cal, os.path.join(tmp, f"{run}-b.json"), CURVE)
        out.append(f"{run}: the calibration's sparse cells, µs per page touched (median of trials):")
        for (case, b), us in per_run(cal).items():
            out.append(f"  {case:22} {b >> 20:4} MiB  {us:5.2f}")
        if CURVE:
            shown = json.loads(subprocess.run([CURVE, "show", "-m", models["B"], "--json"],
                                              capture_output=True, text=True, check=True).stdout)
            for k, pts in shown["task_terms"].get("run_curves", {}).items():
                out.append(f"  {k} by count (B): " + ", ".join(
                    f"{n:.0f} runs {1e3 * ms / n:.2f} µs" for n, ms in pts))
        for k in ("cpu_fault_run", "gpu_fault_run"):
            la, lc = (json.loads(subprocess.run([U, "show", "-m", models[w], "--json"], capture_output=True,
                                                text=True, check=True).stdout)["task_terms"][k]["lat_ms"]
                      for w in ("A", "C"))
            out.append(f"  {k}: one price a run, A {1e3 * la:.2f} µs, C {1e3 * lc:.2f} µs")
        steps = glob.glob(f"{H}/{run}/steps-{tag}-partial.csv")
        if steps:
            for side in ("cpu", "gpu"):
                v = [float(r["ms"]) for r in csv.DictReader(open(steps[0]))
                     if r["policy"] == "managed" and r["round"] in "234" and r["step"] == side]
                out.append(f"  partial update, managed, rounds 2-4, {side} step: median {st.median(v):.2f} ms "
                           f"[{min(v):.2f}-{max(v):.2f}], {len(v)} samples")
        out.append(f"{run}: signed paired error %, " + " / ".join(ways) + "; managed sides "
                   "predicted less measured, ms (" + " / ".join(ways) + "):")
        for w, tasks in WORKLOADS.items():
            path = f"{H}/{run}/tasks-{tag}-{w}.csv"
            if not os.path.exists(path):
                continue
            for t in tasks:
                vs = [validate(models[k], t, path, ["--parts"])["points"] for k in ways]
                for ps in zip(*vs):
                    es = [p["paired_error_pct"] for p in ps]
                    for k, e in zip(ways, es):
                        cells[k].append(e)
                        per_workload.setdefault((run, t), {w: [] for w in ways})[k].append(e)
                    sides = ""
                    if ps[0]["policy"] == "managed":
                        sides = "  " + " ".join(
                            f"{s} " + "/".join(f"{p['parts'][s]['predicted_ms'] - p['parts'][s]['measured_ms']:+.1f}"
                                               for p in ps)
                            for s in ("cpu", "gpu"))
                    out.append(f"  {t:20} {ps[0]['policy']:24} R{ps[0]['reuse']:<3g} "
                               + " / ".join(f"{e:+6.1f}" for e in es) + sides)
        out.append("")
    out.append("Median |error| per workload, each run on its own calibration (" + " / ".join(ways) + "):")
    for (run, t), v in per_workload.items():
        out.append(f"  {run} {t:20} " + " / ".join(f"{st.median(abs(x) for x in v[k]):5.2f}" for k in ways))
    out.append("(run, workload) pairs with the median |error| within 2.5 %, of "
               f"{len(per_workload)}: " + ", ".join(
                   f"{k} {sum(st.median(abs(x) for x in v[k]) <= 2.5 for v in per_workload.values())}"
                   for k in ways))
    out.append("")
    for k, v in cells.items():
        if v:
            out.append(f"{k}: {sum(abs(x) > 5 for x in v)} of {len(v)} beyond 5 %, median |error| "
                       f"{st.median(abs(x) for x in v):.2f} %, max {max(abs(x) for x in v):.1f} %")
    text = "\n".join(out) + "\n"
    open(os.path.join(HERE, "sparse.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
