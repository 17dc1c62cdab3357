#!/usr/bin/env python3
"""run180's reading, written before its data came back (it judges nothing): does a GPU pass over
the link hide under a first touch's faults in the same kernel, and on what does it depend?
contrib/independent/faultmix.cu times, on fresh managed allocations each trial, `b`'s first
touch migrating (unadvised) or duplicating (advised read-mostly after the fill, as kmeans.cu's
points) alone and beside `x` read, written or both over the link (advised as relax.cu's `x` and
kmeans.cu's labels), and `x`'s passes alone. Per size, each case's median [min-max] of its trials,
then for each pair the whole pass over the sum of its parts (1: they add, as umodel prices them;
below 1: the link pass hides under the faults, by that much of the sum):
  migrating beside x read, written, both:   fault-read, fault-write, both-plain
  duplicating beside x read, written, both: dup-read, dup-write, dup-both
and the share of the link pass that hides: (parts' sum - whole) / link pass alone.
    python3 calibration/h200/run180/overlap.py        (in overlap.txt)"""
import csv, glob, os

HERE = os.path.dirname(os.path.abspath(__file__))
PAIRS = [
    ("fault-read", "fault", "link-read"),
    ("fault-write", "fault", "link-write"),
    ("both-plain", "fault", "link"),
    ("both", "fault-advised", "link"),
    ("dup-read", "dup", "link-read"),
    ("dup-write", "dup", "link-write"),
    ("dup-both", "dup", "link"),
]


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def main():
    for path in sorted(glob.glob(os.path.join(HERE, "faultmix-*.csv"))):
        bytes_ = int(os.path.basename(path)[len("faultmix-"):-4])
        rows = list(csv.DictReader(open(path)))
        failed = sum(r["check"] != "ok" for r in rows)
        print(f"{bytes_ >> 20} MiB a buffer: {len(rows)} passes, {failed} failed checks")
        m = {}
        for case in sorted({r["case"] for r in rows}):
            v = [float(r["ms"]) for r in rows if r["case"] == case and r["check"] == "ok"]
            m[case] = med(v)
            print(f"  {case:14s} {m[case]:8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
        for whole, first, link in PAIRS:
            if not all(k in m for k in (whole, first, link)):
                continue
            parts = m[first] + m[link]
            print(f"  {whole:12s} / ({first} + {link}) = {m[whole] / parts:.3f};"
                  f" the link pass hidden: {(parts - m[whole]) / m[link]:+.2f} of it")


if __name__ == "__main__":
    main()
