#!/usr/bin/env python3
"""run80 (the managed group's fills on every core), run81 and run83 (also the paced handoff largest
first, its first fill and side checks on every core; run83 without the compute-bound workload)
beside run77–run79 (the code before them):
every workload held out on each run's first calibration, fitted by this code (`umodel fit`), with
the run's own probe (`--probe`) and as the model stands; the compute-bound workloads cut at 170 s.
The figures as run74/compare.py computes them.

python3 calibration/h200/run80/compare.py [UMODEL]   (from the repository root; output
compare.txt beside this file).
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run74"))
from compare import W, compare  # noqa: E402

RUNS = [("run77", [f"tasks-37-{w}" for w in W], False), ("run78", [f"tasks-38-{w}" for w in W], False),
        ("run79", [f"tasks-39-{w}" for w in W], False), ("run80", [f"tasks-40-{w}" for w in W], False),
        ("run81", [f"tasks-41-{w}" for w in W], False),
        ("run83", [f"tasks-42-{w}" for w in W if w != "compute"], False)]
compare(RUNS, os.path.dirname(os.path.abspath(__file__)))
