#!/usr/bin/env python3
"""run145's rule, written before its data came back: does the task's `cpu_fault_scale`, measured
on the k-means's own host phase with `umodel_fault_scale` (scale-*.csv, in the same process just
before its trials), bring its managed row within reach?

Each configuration is predicted with each of the run's two calibrations, given the run's plain
phases (as run142/judge.py does), without the scale (A) and with it written into the task (B).
The scale changes only what the CPU phase pays to fault pages back (the managed row here).
Passed when, over the six (configuration, calibration) pairs:
  1. B's managed row is within 5 % in at least five;
  2. B's median |error| over the managed cells is below A's.
The run142 rule's summary over every cell is printed for A and B too (not judged).
    python3 calibration/h200/run145/judge.py UMODEL        (in judge.txt)"""
import csv, glob, importlib.util, json, os, re, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge142", os.path.join(HERE, "..", "run142", "judge.py"))
j = importlib.util.module_from_spec(spec)
spec.loader.exec_module(j)
j.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(j.ROOT, "tasks", "kmeans.json")))
    managed = {"A": [], "B": []}
    every = {"A": [], "B": []}
    for path in sorted(glob.glob(os.path.join(HERE, "kmeans-*-t*.csv"))):
        name = os.path.basename(path)
        bytes_, threads = map(int, re.match(r"kmeans-(\d+)-t(\d+)\.csv", name).groups())
        plain, pol, failed = j.read(path)
        sc = list(csv.DictReader(open(os.path.join(HERE, "scale-" + name))))[0]
        if sc["status"] != "0":
            print(f"{name}: no scale ({sc['error']}); left out")
            continue
        scale = float(sc["scale"])
        cpu, gpu = j.med(plain["cpu"]), j.med(plain["gpu"])
        print(f"{bytes_ >> 20} MiB, {threads} thread(s): scale {scale:.3f} (code {float(sc['code_extra_ms']):.2f} ms"
              f" more on migrated pages, umodel's read {float(sc['read_extra_ms']):.2f}; {sc['rounds']} rounds,"
              f" {sc['failed']} failed); given CPU {cpu:.3f} ms, GPU {gpu:.4f} ms; {failed} failed rows")
        for k, s in (("A", None), ("B", scale)):
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
            if s is not None:
                task["cpu_fault_scale"] = s
            tf = os.path.join(tmp, f"kmeans-{bytes_}-{k}.json")
            json.dump(task, open(tf, "w"))
            for m in sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json"))):
                pred = j.predict(m, tf, cpu, gpu)
                errs = {}
                for p, v in pol.items():
                    meas = j.med([x[0] for x in v])
                    errs[p] = 100 * (pred[p]["time_ms"] - meas) / meas
                managed[k].append(abs(errs["managed"]))
                every[k].extend(abs(e) for e in errs.values())
                print(f"  {k} {os.path.basename(m)[:-5]}: managed {errs['managed']:+6.2f} % (predicted "
                      f"{pred['managed']['time_ms']:.2f}, measured {j.med([x[0] for x in pol['managed']]):.2f} ms);"
                      f" every policy: " + ", ".join(f"{p} {e:+.1f}" for p, e in errs.items()))
    n5 = sum(x <= 5 for x in managed["B"])
    c1 = n5 >= 5
    c2 = j.med(managed["B"]) < j.med(managed["A"])
    print(f"managed cells within 5 %: A {sum(x <= 5 for x in managed['A'])} of {len(managed['A'])}, B {n5} of {len(managed['B'])}")
    print(f"  criterion 1 (B within 5 % in at least five): {'met' if c1 else 'not met'}")
    print(f"managed median |error|: A {j.med(managed['A']):.2f} %, B {j.med(managed['B']):.2f} %")
    print(f"  criterion 2 (B's below A's): {'met' if c2 else 'not met'}")
    for k in "AB":
        print(f"every cell, {k}: median |error| {j.med(every[k]):.2f} %, {sum(x > 5 for x in every[k])} of {len(every[k])} beyond 5 %")
    print("verdict:", "passed" if c1 and c2 else "not passed")


if __name__ == "__main__":
    main()
