#!/usr/bin/env python3
"""run170's and run171's warm.csv (examples/warm_host.rs, each a fresh VM): per size, pass and
thread count, the evicted heap pass's median and, paired by trial, each other heap preparation
against it: median [min-max] over the trials. run170 added the clean eviction (the caches evicted
by reading, not writing) and a copy back after it; run171 the same and a wake-up (a 1 MiB read on
as many threads right before the pass, its cores busy a moment before).
    python3 calibration/h200/run171/summary.py        (in summary.txt)"""
import csv, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
PREPS = ("heap-evicted-clean", "heap-after-copy-clean", "heap-after-copy", "heap-evicted-woken")


def main():
    for run in ("run170", "run171"):
        path = os.path.join(HERE, "..", run, "warm.csv")
        rows = list(csv.DictReader(open(path)))
        bad = sum(r["check"] != "ok" for r in rows)
        trials = sorted({int(r["trial"]) for r in rows})
        d = {(int(r["bytes"]) >> 20, int(r["threads"]), r["pass"], r["prep"], int(r["trial"])): float(r["ms"])
             for r in rows if r["check"] == "ok"}
        preps = [p for p in PREPS if any(k[3] == p for k in d)]
        print(f"{run}: {len(rows)} rows, {bad} failed checks, {len(trials)} trials")
        for b in (64, 256):
            for p in ("read", "sparse-write"):
                for t in (1, 4, 16):
                    ev = [d[(b, t, p, "heap-evicted", k)] for k in trials]
                    parts = []
                    for q in preps:
                        v = [d[(b, t, p, q, k)] / d[(b, t, p, "heap-evicted", k)] for k in trials]
                        parts.append(f"{q} {st.median(v):.2f} [{min(v):.2f}-{max(v):.2f}]")
                    print(f"  {b} MiB {p}, {t} threads: evicted {st.median(ev):.2f} ms; / evicted: " + ", ".join(parts))


if __name__ == "__main__":
    main()
