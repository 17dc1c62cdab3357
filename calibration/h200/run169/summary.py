#!/usr/bin/env python3
"""run169's warm.csv (examples/warm_host.rs): per size, pass and thread count, the range of the
evicted heap pass and the paired (same trial) ratios of each preparation to its evicted one:
pageable memory after a copy back, page-locked memory after a copy back, page-locked mapped
memory after the GPU rewrote it over the link; median [min-max] over the trials.
    python3 calibration/h200/run169/summary.py        (in summary.txt)"""
import csv, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    rows = list(csv.DictReader(open(os.path.join(HERE, "warm.csv"))))
    bad = sum(r["check"] != "ok" for r in rows)
    trials = sorted({int(r["trial"]) for r in rows})
    d = {(int(r["bytes"]) >> 20, int(r["threads"]), r["pass"], r["prep"], int(r["trial"])): float(r["ms"])
         for r in rows if r["check"] == "ok"}
    print(f"{len(rows)} rows, {bad} failed checks, {len(trials)} trials")
    for b in (64, 256):
        for p in ("read", "sparse-write"):
            for t in (1, 4, 16):
                def ratio(a, c):
                    v = [d[(b, t, p, a, k)] / d[(b, t, p, c, k)] for k in trials]
                    return f"{st.median(v):.2f} [{min(v):.2f}-{max(v):.2f}]"
                ev = [d[(b, t, p, "heap-evicted", k)] for k in trials]
                print(f"{b} MiB {p}, {t} threads: heap evicted {st.median(ev):.2f} ms [{min(ev):.2f}-{max(ev):.2f}]; "
                      f"after a copy / evicted: pageable {ratio('heap-after-copy', 'heap-evicted')}, "
                      f"page-locked {ratio('pinned-after-copy', 'pinned-evicted')}; "
                      f"after the GPU's writes / evicted {ratio('pinned-after-gpu-write', 'pinned-evicted')}")


if __name__ == "__main__":
    main()
