#!/usr/bin/env python3
"""run172's rule, written before its data came back: relax.cu's plain phases timed as they run
inside the alternation. On 8-16 threads at 64 MiB the programs' host phases ran up to 15 %
faster inside their trials than their plain timing (run168/warm.txt), and a short pass on cores
that sat idle during a one-thread eviction paid 0.2-0.35 ms more than one whose cores were busy a
moment before (run171/summary.txt). With RELAX_WAKE=1 each trial times the plain phases twice:
as before (`plain`) and with their threads woken right before each phase (`plain-woken`).

Each configuration (64 MiB on 16, 8 and 4 threads, 256 MiB on 16) is predicted with each of the
run's two calibrations, the thread counts given (`cpu_threads`, `cpu_final_threads`), from the
phases as before (A) and from the woken ones (W). Passed when all three hold:
  1. at 64 MiB on 8 and 16 threads the woken phases are shorter: W's given host side (four
     rounds' writes and the final sum, trial medians) below A's in both;
  2. there, explicit copy's and host-mapped's host phases inside the trials (their median) within
     5 % of W's given host side in at least three of the four (configuration, policy) cells, and
     in more of them than of A's;
  3. every cell's median |error| (every policy, configuration and calibration) under W below A's.
Shown, not judged: the managed host side within 15 % under A and W; the cells beyond 5 %.
    python3 calibration/h200/run172/judge.py UMODEL        (in judge.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def read(path):
    plain = {"plain": {"cpu": [], "gpu": [], "fin": []}, "plain-woken": {"cpu": [], "gpu": [], "fin": []}}
    pol, failed = {}, 0
    for r in csv.DictReader(open(path)):
        if r["check"] != "ok":
            failed += 1
        elif r["policy"] in plain:
            p = plain[r["policy"]]
            p["cpu"].append(float(r["cpu_ms"]))
            p["gpu"].append(float(r["gpu_ms"]))
            p["fin"].append(float(r["cpu_final_ms"]))
        else:
            pol.setdefault(r["policy"], []).append((float(r["total_ms"]), float(r["cpu_ms"])))
    return plain, pol, failed


def predict(model, task, cpu, gpu, fin):
    p = subprocess.run([UMODEL, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}",
                        "--gpu-ms", f"{gpu}", "--cpu-final-ms", f"{fin}", "--json"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    return {q["policy"]: q for q in json.loads(p.stdout)}


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(ROOT, "tasks", "relax.json")))
    rounds = base["rounds"]
    models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
    for m in models:
        name = os.path.basename(m)[:-5]
        wall = open(os.path.join(HERE, f"calibrate-{name[-1]}.err")).read().strip().splitlines()[-1]
        print(f"{name}: {wall}")
    shorter, near, every, managed = [], {"A": 0, "W": 0}, {"A": [], "W": []}, {"A": 0, "W": 0}
    ncells, npairs = 0, 0
    for path in sorted(glob.glob(os.path.join(HERE, "relax-*-t*.csv"))):
        name = os.path.basename(path)
        bytes_, threads = map(int, re.match(r"relax-(\d+)-t(\d+)\.csv", name).groups())
        plain, pol, failed = read(path)
        if not pol or not plain["plain-woken"]["cpu"]:
            print(f"{name}: no rows or no woken phases; left out")
            continue
        given = {}
        for k, key in (("A", "plain"), ("W", "plain-woken")):
            p = plain[key]
            given[k] = (med(p["cpu"]), med(p["gpu"]), med(p["fin"]))
        side = {k: rounds * g[0] + g[2] for k, g in given.items()}
        print(f"{bytes_ >> 20} MiB, {threads} threads: {failed} failed rows; given CPU phase A {given['A'][0]:.3f} / "
              f"W {given['W'][0]:.3f} ms, final A {given['A'][2]:.3f} / W {given['W'][2]:.3f} ms, host side A "
              f"{side['A']:.2f} / W {side['W']:.2f} ms ({len(plain['plain']['cpu'])} and {len(plain['plain-woken']['cpu'])} trials)")
        judged = bytes_ == 64 << 20 and threads in (8, 16)
        if judged:
            shorter.append(side["W"] < side["A"])
        for p in ("explicit-copy", "host-mapped"):
            host = med([x[1] for x in pol.get(p, [])])
            ra, rw = host / side["A"], host / side["W"]
            print(f"  {p}: host phases in the trials {host:.2f} ms; / given A {ra:.3f}, W {rw:.3f}")
            if judged:
                ncells += 1
                near["A"] += abs(ra - 1) <= 0.05
                near["W"] += abs(rw - 1) <= 0.05
        meas_host = med([x[1] for x in pol["managed"]])
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]],
                    cpu_threads=threads, cpu_final_threads=threads)
        tf = os.path.join(tmp, f"relax-{bytes_}-{threads}.json")
        json.dump(task, open(tf, "w"))
        for m in models:
            npairs += 1
            for k in "AW":
                pred = predict(m, tf, *given[k])
                errs = {p: 100 * (pred[p]["time_ms"] - med([x[0] for x in v])) / med([x[0] for x in v])
                        for p, v in pol.items()}
                q = pred["managed"]
                ph = q["parts"]["cpu_ms"] + q["parts"]["cpu_faults_ms"]
                eh = 100 * (ph - meas_host) / meas_host
                managed[k] += abs(eh) <= 15
                every[k].extend(abs(e) for e in errs.values())
                print(f"  {k} {os.path.basename(m)[:-5]}: managed host side {eh:+.1f} %; every policy: "
                      + ", ".join(f"{p} {e:+.1f}" for p, e in errs.items()))
    if not every["A"]:
        print("verdict: no configuration came back")
        return
    ok1 = len(shorter) == 2 and all(shorter)
    print(f"criterion 1 (the woken host side shorter at 64 MiB on 8 and 16 threads): {sum(shorter)} of {len(shorter)}: {'met' if ok1 else 'not met'}")
    ok2 = ncells == 4 and near["W"] >= 3 and near["W"] > near["A"]
    print(f"criterion 2 (explicit copy and host-mapped within 5 % of the given there): A {near['A']} of {ncells}, "
          f"W {near['W']} of {ncells}: {'met' if ok2 else 'not met'}")
    ok3 = med(every["W"]) < med(every["A"])
    for k in "AW":
        print(f"every cell, {k}: median |error| {med(every[k]):.2f} %, {sum(x > 5 for x in every[k])} of {len(every[k])} beyond 5 %; "
              f"managed host side within 15 % in {managed[k]} of {npairs}")
    print(f"criterion 3 (W's every-cell median below A's): {'met' if ok3 else 'not met'}")
    print("verdict:", "passed" if ok1 and ok2 and ok3 else "not passed")


if __name__ == "__main__":
    main()
