#!/usr/bin/env python3
"""run178's rule, written before its data came back: contrib/independent/linkmix.cu times one GPU
pass over mapped host memory reading and writing different amounts (r reads, w writes, in 64 or
256 MiB buffers). Each case is set beside what each of the run's two calibrations prices the same
pass at under host-mapped (a one-round task of its buffers, `gpu_ms` 0.001 so the link sets the
pass; the prediction's GPU and link parts), by BEFORE (the composition as the longer direction
plus the in-place excess for every byte both read and written) and AFTER (since the two
directions: where the streamed reads outweigh the writes, the longer of the reads and the writes
with the reads' part of the way up). Judged on the cases whose reads outweigh their writes
(r2w1-inplace, r2w1, r3w1, r4w1, r3w2; both sizes, both calibrations: 20 pairs); passed when both
hold:
  1. AFTER's median |error| over them is lower than BEFORE's;
  2. AFTER is within 10 % in at least 16 of the 20.
The other cases (reads alone, writes alone, as many or more written than read) are priced alike by
both and only shown.
    python3 calibration/h200/run178/judge.py BEFORE AFTER        (in judge.txt)"""
import csv, glob, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BEFORE, AFTER = sys.argv[1], sys.argv[2]
# case: buffers as (access over the link) for a task
SHAPES = {
    "r1w0": ["read"],
    "r2w0": ["read", "read"],
    "r0w1": ["write"],
    "r1w1-copy": ["read", "write"],
    "r1w1-inplace": ["readwrite"],
    "r2w1-inplace": ["readwrite", "read"],
    "r2w1": ["read", "read", "write"],
    "r3w1": ["read", "read", "read", "write"],
    "r4w1": ["read", "read", "read", "read", "write"],
    "r1w2": ["read", "write", "write"],
    "r3w2": ["read", "read", "read", "write", "write"],
}
JUDGED = ("r2w1-inplace", "r2w1", "r3w1", "r4w1", "r3w2")


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def pass_ms(um, model, task):
    p = subprocess.run([um, "predict", "-m", model, "--task", task, "--policy", "host-mapped", "--json"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    q = json.loads(p.stdout)
    q = q[0] if isinstance(q, list) else q
    return q["parts"]["gpu_ms"] + q["parts"]["link_ms"]


def main():
    tmp = tempfile.mkdtemp()
    models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
    judged = {"BEFORE": [], "AFTER": []}
    for path in sorted(glob.glob(os.path.join(HERE, "linkmix-*.csv"))):
        bytes_ = int(os.path.basename(path)[len("linkmix-"):-4])
        rows = list(csv.DictReader(open(path)))
        failed = sum(r["check"] != "ok" for r in rows)
        print(f"{bytes_ >> 20} MiB a buffer: {len(rows)} passes, {failed} failed checks")
        for case, shape in SHAPES.items():
            v = [float(r["ms"]) for r in rows if r["case"] == case and r["check"] == "ok"]
            if not v:
                continue
            task = {"name": case, "rounds": 1, "first": "gpu", "reuse": 1, "cpu_ms": 0.0, "gpu_ms": 0.001,
                    "buffers": [{"name": f"b{i}", "bytes": bytes_, "gpu": a, "cpu": "none"} for i, a in enumerate(shape)]}
            tf = os.path.join(tmp, f"{case}-{bytes_}.json")
            json.dump(task, open(tf, "w"))
            m = med(v)
            cells = []
            for mi, model in enumerate(models, 1):
                for build, um in (("BEFORE", BEFORE), ("AFTER", AFTER)):
                    p = pass_ms(um, model, tf)
                    e = 100 * (p - m) / m
                    cells.append(f"cal {mi} {build} {p:7.3f} ({e:+5.1f} %)")
                    if case in JUDGED:
                        judged[build].append(abs(e))
            print(f"  {case:13s} measured {m:7.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}; " + "; ".join(cells))
    b, a = med(judged["BEFORE"]), med(judged["AFTER"])
    within = sum(x <= 10 for x in judged["AFTER"])
    ok1, ok2 = a < b, within >= 16
    print(f"criterion 1 (AFTER's median |error| below BEFORE's on the judged cases): {b:.2f} -> {a:.2f} %: {'met' if ok1 else 'not met'}")
    print(f"criterion 2 (AFTER within 10 % in at least 16 of 20): {within} of {len(judged['AFTER'])}: {'met' if ok2 else 'not met'}")
    print("verdict:", "passed" if ok1 and ok2 else "not passed")


if __name__ == "__main__":
    main()
