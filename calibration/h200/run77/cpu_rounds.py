#!/usr/bin/env python3
"""Each round's CPU phase and the final host access under the managed and managed-advise policies,
as run77 timed them (`bench --step-times`, steps-*.csv: median over 15 trials; computed by
run74/cpu_rounds.py, which has run73 and run74), beside
what each run's first calibration (fitted by this code, as it stands, no probe) prices for them
given the plain-memory phase times the same run measured (`predict --task --cpu-ms --cpu-final-ms
--explain --json`: the CPU phase plus the CPU's faults back and first touches). Per row
`r<round> measured/priced` in ms. Where the CPU sides of the managed rows miss.

`python3 calibration/h200/run77/cpu_rounds.py` from the repository root after `cargo build
--release`; output `cpu_rounds.txt` beside this file.
"""
import os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run74"))
from cpu_rounds import cpu_rounds  # noqa: E402

cpu_rounds([("run77", "37")], os.path.dirname(os.path.abspath(__file__)))
