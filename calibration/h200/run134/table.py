#!/usr/bin/env python3
"""Per workload and policy, predicted against measured, on run134 and run135 (two fresh VMs, the
producer/consumer, seed 001 and the partial update), each on its own first calibration with the
run's probe: calibration/h200/run114/table.py's table, for these runs, on the current code.

    python3 calibration/h200/run134/table.py [UMODEL]

from the repository root (default target/release/umodel); output table.md beside this file.
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run114"))
import table  # noqa: E402

if __name__ == "__main__":
    table.main([("run134", "83"), ("run135", "84")],
               os.path.dirname(os.path.abspath(__file__)))
