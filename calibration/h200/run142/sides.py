#!/usr/bin/env python3
"""run142 by side, after the judge: where the predictions of the independent k-means miss. The
program times its host phases inside each trial (the update, with any faults it takes) beside the
trial's total, so each policy splits into the host side (measured: the phases in the trial;
predicted: the given phase times five plus the CPU faults priced) and the rest (movement, faults
on the GPU, passes, sync). Medians over the trials; each calibration of the run.
    python3 calibration/h200/run142/sides.py UMODEL        (in sides.txt)"""
import glob, json, os, re, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import judge  # noqa: E402

judge.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(judge.ROOT, "tasks", "kmeans.json")))
    models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
    print("policy: host side predicted / measured ms (error %); the rest predicted / measured ms (error %)")
    for path in sorted(glob.glob(os.path.join(HERE, "kmeans-*-t*.csv"))):
        bytes_, threads = map(int, re.match(r"kmeans-(\d+)-t(\d+)\.csv", os.path.basename(path)).groups())
        plain, pol, _ = judge.read(path)
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        tf = os.path.join(tmp, f"kmeans-{bytes_}.json")
        json.dump(task, open(tf, "w"))
        cpu, gpu = judge.med(plain["cpu"]), judge.med(plain["gpu"])
        for m in models:
            pred = judge.predict(m, tf, cpu, gpu)
            print(f"{bytes_ >> 20} MiB, {threads} thread(s), {os.path.basename(m)[:-5]}")
            for p, v in pol.items():
                host = judge.med([x[1] for x in v])
                rest = judge.med([x[0] - x[1] for x in v])
                parts = pred[p]["parts"]
                ph = parts["cpu_ms"] + parts["cpu_faults_ms"]
                pr = pred[p]["time_ms"] - ph
                print(f"  {p:<24} host {ph:8.2f} / {host:8.2f} ({100 * (ph - host) / host:+6.1f} %)"
                      f"   rest {pr:8.2f} / {rest:8.2f} ({100 * (pr - rest) / rest:+6.1f} %)")


if __name__ == "__main__":
    main()
