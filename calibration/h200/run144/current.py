#!/usr/bin/env python3
"""The independent k-means's three runs (run142, run143, run144; three fresh VMs, two
calibrations each) judged by run142's rule (run142/judge.py, unchanged) with one binary, for
NOTES.md's table on the current code.
    python3 calibration/h200/run144/current.py UMODEL        (in current.txt)"""
import importlib.util, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
for run in ("run142", "run143", "run144"):
    spec = importlib.util.spec_from_file_location("judge", os.path.join(HERE, "..", "run142", "judge.py"))
    judge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(judge)
    judge.HERE = os.path.join(HERE, "..", run)
    judge.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
    print(f"===== {run}")
    judge.main()
