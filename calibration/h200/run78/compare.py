#!/usr/bin/env python3
"""run78 and run79 (run77 again on the same binary) beside run77: every workload held out on each
run's first calibration, fitted by this code (`umodel fit`), with the run's own probe (`--probe`)
and as the model stands; run77's compute-bound workload cut at 170 s. The figures as
run74/compare.py computes them.

python3 calibration/h200/run78/compare.py [UMODEL]   (from the repository root; output
compare.txt beside this file).
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run74"))
from compare import W, compare  # noqa: E402

RUNS = [("run77", [f"tasks-37-{w}" for w in W], False), ("run78", [f"tasks-38-{w}" for w in W], False),
        ("run79", [f"tasks-39-{w}" for w in W], False)]
compare(RUNS, os.path.dirname(os.path.abspath(__file__)))
