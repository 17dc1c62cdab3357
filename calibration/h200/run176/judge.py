#!/usr/bin/env python3
"""run176's rule, written before its data came back: the 90 % intervals of a task whose host
phases run on many threads, with the given CPU phase's spread by its threads
(`GIVEN_CPU_REL_SD_ON_THREADS`, chosen on run160-run175) against the fixed 2 % before it.

Both programs on this fresh VM (the k-means on 64 MiB with 16 and 8 threads and 256 MiB with 16;
the relaxation on 64 MiB with 16, 4 and 8 threads and 256 MiB with 16), each configuration with
each of the run's two calibrations, the thread counts given and the phases as a user times them
on their own (the medians of the `plain` rows), every policy's cell: is the measured median inside
the 90 % interval, by BEFORE's build and by AFTER's. Passed when all three hold:
  1. AFTER's intervals hold at least 90 % of the cells;
  2. AFTER's hold more cells than BEFORE's;
  3. AFTER's half-width, relative to the prediction, is at most 10 % at the median over the
     explicit-copy and host-mapped cells (the policies whose intervals the phases dominate).
Also printed, not judged: the same with the host phases timed inside the explicit-copy loop (E).
    python3 calibration/h200/run176/judge.py BEFORE AFTER        (in judge.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
BEFORE, AFTER = sys.argv[1], sys.argv[2]
ROUNDS = {"kmeans": 5, "relax": 4}


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def predict(um, model, task, cpu, gpu, fin):
    cmd = [um, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
    if fin is not None:
        cmd += ["--cpu-final-ms", f"{fin}"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    return {q["policy"]: q for q in json.loads(p.stdout)}


def main():
    tmp = tempfile.mkdtemp()
    held = {(b, k): [] for b in ("BEFORE", "AFTER") for k in ("A", "E")}
    width = []
    for prog in ("kmeans", "relax"):
        base = json.load(open(os.path.join(ROOT, "tasks", f"{prog}.json")))
        models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
        for path in sorted(glob.glob(os.path.join(HERE, f"{prog}-*-t*.csv"))):
            bytes_, threads = map(int, re.match(rf"{prog}-(\d+)-t(\d+)\.csv", os.path.basename(path)).groups())
            rows = [r for r in csv.DictReader(open(path)) if r["check"] == "ok"]
            plain = [r for r in rows if r["policy"] == "plain"]
            pol = {}
            for r in rows:
                if r["policy"] not in ("plain", "plain-woken"):
                    pol.setdefault(r["policy"], []).append(r)
            gpu = med([float(r["gpu_ms"]) for r in plain])
            fin_col = prog == "relax"
            a = (med([float(r["cpu_ms"]) for r in plain]),
                 med([float(r["cpu_final_ms"]) for r in plain]) if fin_col else None)
            ec = pol["explicit-copy"]
            if fin_col:
                e = (med([(float(r["cpu_ms"]) - float(r["cpu_final_ms"])) / ROUNDS[prog] for r in ec]),
                     med([float(r["cpu_final_ms"]) for r in ec]))
            else:
                e = (med([float(r["cpu_ms"]) / ROUNDS[prog] for r in ec]), None)
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]], cpu_threads=threads)
            if fin_col:
                task["cpu_final_threads"] = threads
            tf = os.path.join(tmp, f"{prog}-{bytes_}-{threads}.json")
            json.dump(task, open(tf, "w"))
            for m in models:
                for build, um in (("BEFORE", BEFORE), ("AFTER", AFTER)):
                    for k, (c, f) in (("A", a), ("E", e)):
                        pred = predict(um, m, tf, c, gpu, f)
                        for p, v in pol.items():
                            if k == "E" and p == "explicit-copy":
                                continue
                            meas = med([float(r["total_ms"]) for r in v])
                            lo, hi = pred[p]["interval_ms"]
                            held[(build, k)].append(lo <= meas <= hi)
                            if build == "AFTER" and k == "A" and p in ("explicit-copy", "host-mapped"):
                                t = pred[p]["time_ms"]
                                width.append(100 * (hi - t) / t)
    for (build, k), v in held.items():
        print(f"{build:6s} {k}: {sum(v)} of {len(v)} cells inside ({100 * sum(v) / len(v):.1f} %)")
    a_after, a_before = held[("AFTER", "A")], held[("BEFORE", "A")]
    ok1 = sum(a_after) >= 0.9 * len(a_after)
    ok2 = sum(a_after) > sum(a_before)
    ok3 = med(width) <= 10.0
    print(f"criterion 1 (AFTER holds >= 90 %): {100 * sum(a_after) / len(a_after):.1f} %: {'met' if ok1 else 'not met'}")
    print(f"criterion 2 (AFTER holds more than BEFORE): {sum(a_after)} against {sum(a_before)}: {'met' if ok2 else 'not met'}")
    print(f"criterion 3 (copy and mapped half-width <= 10 % at the median): {med(width):.1f} %: {'met' if ok3 else 'not met'}")
    print("verdict:", "passed" if ok1 and ok2 and ok3 else "not passed")


if __name__ == "__main__":
    main()
