#!/usr/bin/env python3
"""run77 (the code of commit 39b8681) beside run73 and run74: every workload held out on each
run's first calibration, fitted by this code (`umodel fit`), with the run's own probe (`--probe`)
and as the model stands; run74's and run77's compute-bound workloads cut at 170 s. The figures
as run74/compare.py computes them, whose "without seq" rows are left out here.

python3 calibration/h200/run77/compare.py [UMODEL]   (from the repository root; output
compare.txt beside this file). Per run: cells beyond 5 %, inside the 90 % intervals, median
|error| per workload, the cells beyond; with the probe also the managed rows' sides (predicted
less measured, ms: c CPU, g GPU, m movement) and the mean |movement side| over the prefetching
rows of seed 001 (both variants), the producer/consumer and the compute-bound task at R = 1.
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run74"))
from compare import W, compare  # noqa: E402

RUNS = [("run73", [f"tasks-34-{w}" for w in W], False), ("run74", [f"tasks-35-{w}" for w in W], False),
        ("run77", [f"tasks-37-{w}" for w in W], False)]
compare(RUNS, os.path.dirname(os.path.abspath(__file__)))
