#!/usr/bin/env python3
"""run182's reading, written before its data came back (it judges nothing): relax.cu's prefetches
to the device under managed-prefetch and managed-advise-prefetch, by the stream the moves went on
(`default`: the legacy default stream, as umodel's harness; `own`: a stream the program created), per size: `b`'s prefetches
after the first round (no-ops right after `x` moved), `x`'s (moving), and `b`'s first (moving,
right after `x`'s): median, mean, the share over 1 ms and over twice the median, pooled over both
processes of each; and each row's total median, so what the stream costs a row
shows too.
    python3 calibration/h200/run182/steps.py        (in steps.txt)"""
import csv, glob, os
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def main():
    for size in ("67108864", "268435456"):
        print(f"{int(size) >> 20} MiB a buffer, 16 threads")
        for mode in ("default", "own"):
            steps = defaultdict(list)
            totals = defaultdict(list)
            for path in sorted(glob.glob(os.path.join(HERE, f"relax-{size}-{mode}-*.steps.csv"))):
                for r in csv.DictReader(open(path)):
                    if r["step"] != "prefetch_to_device":
                        continue
                    first = int(r["round"]) == 0
                    what = f"{r['buffer']} {'first' if first else 'later'}"
                    steps[(r["policy"], what)].append(float(r["ms"]))
                for r in csv.DictReader(open(path[: -len(".steps.csv")] + ".csv")):
                    if r["check"] == "ok" and r["total_ms"]:
                        totals[r["policy"]].append(float(r["total_ms"]))
            for (policy, what), v in sorted(steps.items()):
                m = med(v)
                print(f"  {mode:7s} {policy:24s} {what:8s} n={len(v):3d} median {m:.3f} mean {sum(v) / len(v):.3f} ms,"
                      f" over 1 ms {100 * sum(x > 1 for x in v) / len(v):4.1f} %, over twice the median"
                      f" {100 * sum(x > 2 * m for x in v) / len(v):4.1f} %")
            print(f"  {mode:7s} totals: " + ", ".join(f"{p} {med(v):.2f}" for p, v in sorted(totals.items())))


if __name__ == "__main__":
    main()
