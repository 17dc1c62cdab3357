#!/usr/bin/env python3
"""After the judges of run161-run163 (not a rule): with the task's `cpu_threads` given (B), how
often does each calibration's 90 % interval hold the k-means's measured median, for the managed
row and for every policy? Each run's configurations, each calibration of the run.
    python3 calibration/h200/run163/intervals.py UMODEL        (in intervals.txt)"""
import glob, importlib.util, json, os, re, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge142", os.path.join(HERE, "..", "run142", "judge.py"))
j = importlib.util.module_from_spec(spec)
spec.loader.exec_module(j)
j.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def main():
    base = json.load(open(os.path.join(j.ROOT, "tasks", "kmeans.json")))
    tmp = tempfile.mkdtemp()
    for run in ("run161", "run162", "run163"):
        d = os.path.join(HERE, "..", run)
        managed = [0, 0]
        every = [0, 0]
        for path in sorted(glob.glob(os.path.join(d, "kmeans-*-t*.csv"))):
            b, t = map(int, re.match(r"kmeans-(\d+)-t(\d+)\.csv", os.path.basename(path)).groups())
            plain, pol, _ = j.read(path)
            cpu, gpu = j.med(plain["cpu"]), j.med(plain["gpu"])
            task = dict(base, buffers=[dict(x, bytes=b) for x in base["buffers"]], cpu_threads=t)
            tf = os.path.join(tmp, f"{run}-{b}-{t}.json")
            json.dump(task, open(tf, "w"))
            for m in sorted(glob.glob(os.path.join(d, "model-minimal-*.json"))):
                pred = j.predict(m, tf, cpu, gpu)
                for p, v in pol.items():
                    med = j.med([x[0] for x in v])
                    lo, hi = pred[p]["interval_ms"]
                    ok = lo <= med <= hi
                    every[0] += ok
                    every[1] += 1
                    if p == "managed":
                        managed[0] += ok
                        managed[1] += 1
        print(f"{run}: the managed row inside its 90 % interval in {managed[0]} of {managed[1]}; "
              f"every policy {every[0]} of {every[1]}")


if __name__ == "__main__":
    main()
