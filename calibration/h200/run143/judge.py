#!/usr/bin/env python3
"""run143's first question: run142's rule (run142/judge.py, unchanged) on this run's batched
files, another fresh VM.
    python3 calibration/h200/run143/judge.py UMODEL        (in judge.txt)"""
import importlib.util, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge", os.path.join(HERE, "..", "run142", "judge.py"))
judge = importlib.util.module_from_spec(spec)
spec.loader.exec_module(judge)
judge.HERE = HERE
judge.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
judge.main()
