#!/usr/bin/env python3
"""Per workload and policy, predicted against measured, on run117-run119 (the no-op split's
held-out runs; run119 has the producer/consumer and seed 001 only), each on its own first
calibration with the run's probe: calibration/h200/run114/table.py's table, for these runs.

    python3 calibration/h200/run117/table.py [UMODEL]

from the repository root (default target/release/umodel); output table.md beside this file.
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run114"))
import table  # noqa: E402

if __name__ == "__main__":
    table.main([("run117", "68"), ("run118", "69"), ("run119", "70")],
               os.path.dirname(os.path.abspath(__file__)))
