#!/usr/bin/env python3
"""run175's reading, written before its data came back: where the GPU side of relax's and the
k-means's rows goes, round by round, against what the model prices for it.

For each program's configuration (its CSV and steps file), each of the run's two calibrations and
each policy, the prediction is made as inloop/judge.py's E makes it (the host phases timed inside
the explicit-copy loop, the plain kernel's median, the thread counts given) with `--explain`, and
set beside the steps the programs timed with events:
  - `kernel` in round r (every trial's, median over trials) against the model's GPU side of that
    round (its `gpu`, `link` and `gpu_faults` parts);
  - each move (copy or prefetch, by buffer), summed over a trial, median over trials, against the
    model's same moves summed.
Parts are grouped as: the first round's kernel, the later rounds' kernels (summed), and each kind of
move. A part *carries a policy's lean* when its measured/predicted ratio is off 1 by more than 10 %
in the same direction in every configuration of a program on both calibrations; the script names
those parts. Nothing is adopted from this reading: a model change it suggests is judged by a rule
of its own on other runs.
    python3 calibration/h200/run175/steps.py UMODEL          (in steps.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
ROUNDS = {"kmeans": 5, "relax": 4}
GPU_KINDS = ("gpu", "link", "gpu_faults")


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def predict(model, task, cpu, gpu, fin):
    cmd = [UMODEL, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}",
           "--json", "--explain"]
    if fin is not None:
        cmd += ["--cpu-final-ms", f"{fin}"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    return {q["policy"]: q for q in json.loads(p.stdout)}


def predicted_parts(q, rounds):
    """{part: ms}: 'kernel 1', 'kernels 2..', and '<what> <buffer>' per move kind, summed."""
    parts = defaultdict(float)
    for e in q["explain"]:
        if e["kind"] in GPU_KINDS:
            parts["kernel round 1" if e["round"] == 1 else "kernels later"] += e["ms"]
        elif e["kind"] in ("copy", "prefetch"):
            parts[f"{e['what'].replace(' ', '_')} {e['buffer']}"] += e["ms"]
    return parts


def measured_parts(steps, policy):
    """The same parts from the steps file: per trial summed, median over trials."""
    per_trial = defaultdict(lambda: defaultdict(float))
    for r in steps:
        if r["policy"] != policy:
            continue
        if r["step"] == "kernel":
            part = "kernel round 1" if int(r["round"]) == 0 else "kernels later"
        else:
            part = f"{r['step']} {r['buffer']}"
        per_trial[part][int(r["trial"])] += float(r["ms"])
    return {part: med(list(t.values())) for part, t in per_trial.items()}


def main():
    tmp = tempfile.mkdtemp()
    ratios = defaultdict(list)  # (prog, policy, part) -> [ratio]
    for prog in ("relax", "kmeans"):
        base = json.load(open(os.path.join(ROOT, "tasks", f"{prog}.json")))
        models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
        for path in sorted(glob.glob(os.path.join(HERE, f"{prog}-*-t*.csv"))):
            if path.endswith(".steps.csv"):
                continue
            bytes_, threads = map(int, re.match(rf"{prog}-(\d+)-t(\d+)\.csv", os.path.basename(path)).groups())
            rows = [r for r in csv.DictReader(open(path)) if r["check"] == "ok"]
            steps = list(csv.DictReader(open(path[:-4] + ".steps.csv")))
            plain = [r for r in rows if r["policy"] == "plain"]
            pol = defaultdict(list)
            for r in rows:
                if r["policy"] not in ("plain", "plain-woken"):
                    pol[r["policy"]].append(r)
            gpu = med([float(r["gpu_ms"]) for r in plain])
            ec = pol["explicit-copy"]
            fin_col = prog == "relax"
            if fin_col:
                e_fin = med([float(r["cpu_final_ms"]) for r in ec])
                e_cpu = med([(float(r["cpu_ms"]) - float(r["cpu_final_ms"])) / ROUNDS[prog] for r in ec])
            else:
                e_fin, e_cpu = None, med([float(r["cpu_ms"]) / ROUNDS[prog] for r in ec])
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]], cpu_threads=threads)
            if fin_col:
                task["cpu_final_threads"] = threads
            tf = os.path.join(tmp, f"{prog}-{bytes_}-{threads}.json")
            json.dump(task, open(tf, "w"))
            print(f"\n{prog} {bytes_ >> 20} MiB, {threads} threads ({len(ec)} trials a policy; plain kernel {gpu:.4f} ms)")
            for mi, m in enumerate(models, 1):
                pred = predict(m, tf, e_cpu, gpu, e_fin)
                for p in pol:
                    q = pred[p]
                    meas_total = med([float(r["total_ms"]) for r in pol[p]])
                    mp, pp = measured_parts(steps, p), predicted_parts(q, ROUNDS[prog])
                    cells = []
                    for part in sorted(set(mp) | set(pp)):
                        a, b = mp.get(part, 0.0), pp.get(part, 0.0)
                        ratio = a / b if b > 0 else float("nan")
                        if b > 0 and a > 0:
                            ratios[(prog, p, part)].append(ratio)
                        cells.append(f"{part} {a:.2f}/{b:.2f}")
                    err = 100 * (q["time_ms"] - meas_total) / meas_total
                    print(f"  cal {mi} {p:24s} total {meas_total:8.2f} ms, predicted {err:+6.1f} %; measured/predicted ms: " + "; ".join(cells))
    print("\nmeasured/predicted by part, over configurations and calibrations (median [min, max], n)")
    carried = []
    for (prog, p, part), v in sorted(ratios.items()):
        lo, hi = min(v), max(v)
        flag = ""
        if lo > 1.10 or hi < 0.90:
            flag = "  <- carries the lean"
            carried.append(f"{prog} {p} {part}")
        print(f"  {prog:6s} {p:24s} {part:28s} {med(v):5.2f} [{lo:5.2f}, {hi:5.2f}] n={len(v)}{flag}")
    print("\nparts that carry a policy's lean: " + ("; ".join(carried) if carried else "none"))


if __name__ == "__main__":
    main()
