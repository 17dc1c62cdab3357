#!/usr/bin/env python3
"""run193's reading, written 2026-12-05 before the call (run193.sh): the workload target at 15
trials a cell on a fresh VM, on the current build, each workload on the calibrations made in the
same call (`model-minimal-N.json` of `run193a/` for seed 001, its overlapped variant, the partial
update and the producer/consumer; of `run193b/` for the compute-bound task), paired with both
passes beside each row, with the run's probe and from the calibration's terms alone; and, on the
same rows, what their first four trials alone would have said (the three latest VMs measured four).

What it answers (no rule to adopt anything; recorded in NOTES, "The measurement's own resolution"):
  Q1. the target on this VM at 15 trials: (workload, calibration) pairs met, cells beyond 5 %,
      resolved. On run96-run137 at 15 trials: 79 of 126 pairs met, 54 of 736 cells beyond 5 %,
      12 of them resolved (offline45/resolved.txt).
  Q2. four trials against fifteen on the same rows. On run96-run137 the first four put 99 of 736
      cells beyond 5 % against all fifteen's 54 (offline45/resolved.txt); the three latest VMs
      put 24 of 80 there at four. About 13 % of cells beyond 5 % at four trials and 7 % at fifteen
      here would say this VM is as the earlier ones were; about 30 % at four, as the latest were.

    python3 calibration/h200/run193/readings.py UMODEL        (in readings.txt)
"""
import os, shutil, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline45"))
import resolved as r  # noqa: E402  (reads UMODEL from argv)

PARTS = [p for p in ("run193a", "run193b") if os.path.isdir(os.path.join(HERE, p))]
RUNS = [os.path.join("run193", p) for p in PARTS]


def first_four(part):
    """A folder laid out as the part's, its tables cut to their first four trials."""
    tmp = tempfile.mkdtemp()
    os.makedirs(os.path.join(tmp, part))
    src = os.path.join(HERE, part)
    for f in os.listdir(src):
        p = os.path.join(src, f)
        if f.startswith("model-minimal-") and f.endswith(".json"):
            os.symlink(p, os.path.join(tmp, part, f))
        elif f.endswith(".csv") and f[:-4] in r.TASKS:
            shutil.move(r.first_trials(p, 4), os.path.join(tmp, part, f))
    return tmp


for probe, way in ((True, "with the run's probe"), (False, "from the calibration's terms alone")):
    r.summary(f"run193, 15 trials (9 for the compute-bound task), {way}", r.own(RUNS, probe))
    h, r.H = r.H, None
    cut = []
    for part in PARTS:
        r.H = first_four(part)
        cut += r.own([part], probe)
    r.H = h
    r.summary(f"run193, the first 4 trials of the same rows, {way}", cut)
text = "\n".join(r.lines)
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
