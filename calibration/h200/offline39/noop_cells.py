#!/usr/bin/env python3
"""The calibration's no-op after a move (`prefetch/seq_noop` at 64 MiB, 24 samples a calibration)
on the fresh VMs run175-run179: per calibration the samples over 1 ms, the median and the mean,
and the `prefetch_noop_after_move` term it fitted, priced at 64 MiB.
    python3 calibration/h200/offline39/noop_cells.py        (in noop_cells.txt)"""
import csv, glob, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
GIB = 1 << 30


def main():
    slow = n = 0
    for run in ("run175", "run176", "run177", "run178", "run179"):
        for c in (1, 2):
            path = glob.glob(os.path.join(HERE, "..", run, f"data-{c}", "models", "*.minimal.csv"))[0]
            v = sorted(float(r["time_ms"]) for r in csv.DictReader(open(path))
                       if r["case"] == "seq_noop" and r["bytes"] == str(64 << 20) and r["check"] == "ok")
            t = json.load(open(os.path.join(HERE, "..", run, f"model-minimal-{c}.json")))["task_terms"]["prefetch_noop_after_move"]
            price = t["lat_ms"] + t["ms_per_gib"] * (64 << 20) / GIB
            k = sum(x > 1 for x in v)
            slow, n = slow + k, n + len(v)
            print(f"{run} calibration {c}: {k} of {len(v)} over 1 ms, median {v[len(v) // 2]:.3f}, mean {sum(v) / len(v):.3f} ms;"
                  f" the term at 64 MiB {price:.3f} ms")
    print(f"over 1 ms: {slow} of {n}")


if __name__ == "__main__":
    main()
