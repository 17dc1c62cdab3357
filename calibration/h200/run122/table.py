#!/usr/bin/env python3
"""Per workload and policy, predicted against measured, on run122-run124 (the read-mostly
prefetch's held-out runs: seed 001 in all three, the producer/consumer in run124), each on its own
first calibration with the run's probe: calibration/h200/run114/table.py's table, for these runs.

    python3 calibration/h200/run122/table.py [UMODEL]

from the repository root (default target/release/umodel); output table.md beside this file.
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run114"))
import table  # noqa: E402

if __name__ == "__main__":
    table.main([("run122", "73"), ("run123", "74"), ("run124", "75")],
               os.path.dirname(os.path.abspath(__file__)))
