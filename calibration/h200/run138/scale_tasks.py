#!/usr/bin/env python3
"""Writes the validation workloads' task files with every buffer B bytes long, as
`umodel bench <group> --sizes B` runs them (bench/tasks.rs `Workload::task`: each buffer
(B / 4096).max(1) * 4096 bytes), for `umodel validate --task`, which refuses a run whose
footprint differs from the file's.
    python3 scale_tasks.py OUTDIR SIZE...        (SIZE in bytes, or with KiB / MiB)"""
import json, os, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
NAMES = ["seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"]


def size(s):
    for unit, k in (("KiB", 1 << 10), ("MiB", 1 << 20), ("GiB", 1 << 30)):
        if s.endswith(unit):
            return int(s[: -len(unit)]) * k
    return int(s)


def main(out, sizes):
    for s in sizes:
        b = max(size(s) // 4096, 1) * 4096
        d = os.path.join(out, s)
        os.makedirs(d, exist_ok=True)
        for n in NAMES:
            with open(os.path.join(ROOT, "tasks", n + ".json")) as f:
                t = json.load(f)
            for buf in t["buffers"]:
                buf["bytes"] = b
            with open(os.path.join(d, n + ".json"), "w") as f:
                json.dump(t, f, indent=1)
                f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
