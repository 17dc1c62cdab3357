#!/usr/bin/env python3
"""The host's phases inside the independent programs' trials against the same phases timed on
plain memory with the caches evicted (what each program gives umodel as `cpu_ms` and
`cpu_final_ms`), for the policies whose host side the model prices at the given phases alone:
explicit copy (the host works on its own heap buffers after a copy back) and host-mapped
(on pinned buffers the GPU wrote over the link). Per run, program, size and thread count: the
median of the trials' host phases over the given phases (k-means: rounds × cpu_ms; relax:
rounds × cpu_ms + cpu_final_ms). Every committed run of kmeans.cu, and of relax.cu since run156
(before it the program inlined its final sum into the trial, which then ran 2.2-2.9 times its
plain timing: NOTES.md, "An independent workload").
    python3 calibration/h200/run168/warm.py        (in warm.txt)"""
import csv, glob, os, re

HERE = os.path.dirname(os.path.abspath(__file__))
ROUNDS = {"kmeans": 5, "relax": 4}


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2


def main():
    rows = []
    for path in sorted(glob.glob(os.path.join(HERE, "..", "run1[4-9][0-9]", "*.csv"))):
        m = re.match(r"(kmeans|relax)-(\d+)(?:-t(\d+))?\.csv$", os.path.basename(path))
        if not m:
            continue
        prog, size = m.group(1), int(m.group(2))
        run = os.path.basename(os.path.dirname(path))
        if prog == "relax" and run < "run156":
            continue
        data = [r for r in csv.DictReader(open(path)) if r.get("check") == "ok"]
        plain = [r for r in data if r["policy"] == "plain"]
        if not plain:
            continue
        threads = int(plain[0].get("threads") or 1)
        cpu = med([float(r["cpu_ms"]) for r in plain])
        given = ROUNDS[prog] * cpu
        if prog == "relax":
            given += med([float(r["cpu_final_ms"]) for r in plain])
        ratios = []
        for pol in ("explicit-copy", "host-mapped"):
            v = [float(r["cpu_ms"]) for r in data if r["policy"] == pol]
            ratios.append(med(v) / given if v else float("nan"))
        rows.append((prog, threads, size, run, given, ratios))
    print("program  threads  MiB  run     given ms  in trial / given: explicit-copy  host-mapped")
    for prog, threads, size, run, given, (c, h) in sorted(rows):
        print(f"{prog:7}  {threads:7}  {size >> 20:3}  {run}  {given:8.2f}  {c:30.3f}  {h:11.3f}")
    print()
    for prog in ROUNDS:
        for lo, hi, what in ((1, 4, "1-4 threads"), (8, 16, "8-16 threads")):
            for size in (64 << 20, 256 << 20):
                v = [x for p, t, s, _, _, r in rows if p == prog and lo <= t <= hi and s == size for x in r]
                if v:
                    print(f"{prog}, {what}, {size >> 20} MiB: in trial / given {min(v):.2f}-{max(v):.2f}, median {med(v):.2f} over {len(v)}")


if __name__ == "__main__":
    main()
