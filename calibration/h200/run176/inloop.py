#!/usr/bin/env python3
"""run173's second rule, written before its data came back: calibration/h200/inloop's rule held
out. Both programs on this VM (the k-means on 64 MiB with 16 and 8 threads and 256 MiB with 16;
the relaxation on 64 MiB with 16, 4 and 8 threads and 256 MiB with 16), each configuration with
each of the run's two calibrations and the thread counts given, predicted from the plain phases
(A) and from explicit copy's host phases inside the trials (E), explicit copy itself left out,
as inloop/judge.py does. Passed when both hold:
  1. E's median |error| over the other five policies' cells is below A's for both programs;
  2. E leaves fewer of those cells beyond 5 % than A.
    python3 calibration/h200/run176/inloop.py UMODEL        (in inloop.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
RUNS = {"kmeans": ["run176"], "relax": ["run176"]}
ROUNDS = {"kmeans": 5, "relax": 4}


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def predict(model, task, cpu, gpu, fin):
    cmd = [UMODEL, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
    if fin is not None:
        cmd += ["--cpu-final-ms", f"{fin}"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    return {q["policy"]: q for q in json.loads(p.stdout)}


def main():
    tmp = tempfile.mkdtemp()
    wins, beyond, n_cells = 0, {"A": 0, "E": 0}, 0
    for prog, runs in RUNS.items():
        base = json.load(open(os.path.join(ROOT, "tasks", f"{prog}.json")))
        for run in runs:
            errs = {"A": [], "E": []}
            models = sorted(glob.glob(os.path.join(HERE, "..", run, "model-minimal-*.json")))
            for path in sorted(glob.glob(os.path.join(HERE, "..", run, f"{prog}-*-t*.csv"))):
                bytes_, threads = map(int, re.match(rf"{prog}-(\d+)-t(\d+)\.csv", os.path.basename(path)).groups())
                if threads < 2:
                    continue
                rows = [r for r in csv.DictReader(open(path)) if r["check"] == "ok"]
                plain = [r for r in rows if r["policy"] == "plain"]
                pol = {}
                for r in rows:
                    if r["policy"] not in ("plain", "plain-woken"):
                        pol.setdefault(r["policy"], []).append(r)
                gpu = med([float(r["gpu_ms"]) for r in plain])
                fin_col = prog == "relax"
                a_cpu = med([float(r["cpu_ms"]) for r in plain])
                a_fin = med([float(r["cpu_final_ms"]) for r in plain]) if fin_col else None
                ec = pol["explicit-copy"]
                if fin_col:
                    e_fin = med([float(r["cpu_final_ms"]) for r in ec])
                    e_cpu = med([(float(r["cpu_ms"]) - float(r["cpu_final_ms"])) / ROUNDS[prog] for r in ec])
                else:
                    e_fin, e_cpu = None, med([float(r["cpu_ms"]) / ROUNDS[prog] for r in ec])
                task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]], cpu_threads=threads)
                if fin_col:
                    task["cpu_final_threads"] = threads
                tf = os.path.join(tmp, f"{prog}-{run}-{bytes_}-{threads}.json")
                json.dump(task, open(tf, "w"))
                for m in models:
                    for k, (c, f) in (("A", (a_cpu, a_fin)), ("E", (e_cpu, e_fin))):
                        pred = predict(m, tf, c, gpu, f)
                        for p, v in pol.items():
                            if p == "explicit-copy":
                                continue
                            meas = med([float(r["total_ms"]) for r in v])
                            errs[k].append(abs(100 * (pred[p]["time_ms"] - meas) / meas))
            if not errs["A"]:
                continue
            ma, me = med(errs["A"]), med(errs["E"])
            ba, be = sum(x > 5 for x in errs["A"]), sum(x > 5 for x in errs["E"])
            wins += me < ma
            beyond["A"] += ba
            beyond["E"] += be
            n_cells += len(errs["A"])
            print(f"{prog} {run}: {len(errs['A'])} cells; median |error| A {ma:.2f} %, E {me:.2f} %; beyond 5 %: A {ba}, E {be}")
    ok1 = wins == 2
    ok2 = beyond["E"] < beyond["A"]
    print(f"criterion 1 (E's median below A's for both programs): {wins} of 2: {'met' if ok1 else 'not met'}")
    print(f"criterion 2 (fewer cells beyond 5 % under E): A {beyond['A']}, E {beyond['E']} of {n_cells}: {'met' if ok2 else 'not met'}")
    print("verdict:", "passed" if ok1 and ok2 else "not passed")


if __name__ == "__main__":
    main()
