#!/usr/bin/env python3
"""A reading after run193 came back, judging nothing: its workloads (15 trials a cell; 9 for the
compute-bound task) priced by the embedded `h200` model (the thirty's median terms, rule E; made
from other VMs, so held out), as a user with no calibration of their own is priced (no probe) and
with the run's probe, paired with both passes beside each row, as offline45/resolved.py prices
them. The row of NOTES' targets table "a task priced with no calibration of one's own" gives the
same for run188, run190 and run191 at four trials.

    python3 calibration/h200/offline46/embedded_run193.py UMODEL        (in embedded_run193.txt)

The embedded model was the thirty's then; since rule T (offline48/rule_t.txt) it is kept as
offline48/h200-until-2026-12-05.json, and SHIPPED= names it:
    SHIPPED=calibration/h200/offline48/h200-until-2026-12-05.json python3 ...embedded_run193.py UMODEL
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline45"))
import resolved as r  # noqa: E402  (reads UMODEL from argv)

RUN = os.path.join(r.H, "run193")
for probe, way in ((False, "from the terms alone"), (True, "with the run's probe")):
    rows = r.on_model(os.environ.get("SHIPPED", "h200"), "h200", RUN, ("run193a", "run193b"), probe, "run193/")
    r.summary(f"run193 on the embedded h200 model, {way}", rows)
text = "\n".join(r.lines) + "\n"
open(os.path.join(HERE, "embedded_run193.txt"), "w").write(text)
print(text, end="")
