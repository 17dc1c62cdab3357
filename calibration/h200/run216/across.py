#!/usr/bin/env python3
"""A reading, judging nothing, written after run216's VM's runs (plan.md): does a calibration
serve the other runs of its VM as well as its own? Each of the VM's fifteen calibrations
(`model-minimal-N.json` of its eight runs) prices every run's workloads (`validate --task
--final-beside --cpu-beside`, paired by trial as run197's reading pairs them), from its terms
alone and with the probe timed beside the priced rows; the cells are split into the calibration's
own run and the other seven (earlier and later by up to 22 minutes). If the probe carries the
migration's level, the other runs' cells with it should miss no more than the own run's.

    python3 calibration/h200/run216/across.py UMODEL        (in across.txt)
"""
import glob
import os
import statistics as st
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h200", "offline45"))
import resolved as r  # noqa: E402  (reads UMODEL from argv)
from runs import RUNS  # noqa: E402

MODELS = [(run, m) for run in RUNS
          for m in sorted(glob.glob(os.path.join(r.H, run, "model-minimal-*.json")))]
out = []
for probe in (False, True):
    cells = []  # (same run?, calibration, run, task, policy, paired error %, in interval)
    for mrun, m in MODELS:
        for run in RUNS:
            for group, tasks in r.TASKS.items():
                table = os.path.join(r.H, run, f"{group}.csv")
                if not os.path.exists(table):
                    continue
                for task in tasks:
                    for pol, e, _, _, _, inside in r.cells(m, task, table, probe):
                        cells.append((mrun == run, (mrun, m), run, task, pol, e, inside))
    way = "with the probe beside the rows" if probe else "from the calibration's terms alone"
    for same, where in ((True, "its own run"), (False, "the VM's other runs")):
        c = [x for x in cells if x[0] == same]
        pairs = {}
        for x in c:
            pairs.setdefault(x[1:4], []).append(abs(x[5]))
        met = sum(max(v) <= 5 and st.median(v) <= 2.5 for v in pairs.values())
        man = [x[5] for x in c if x[4] == "managed"]
        out.append(f"{way}, {where}: {len(c)} cells, {sum(abs(x[5]) > 5 for x in c)} beyond 5 %, "
                   f"median |error| {st.median(abs(x[5]) for x in c):.2f} %, target met in {met} of "
                   f"{len(pairs)} (calibration, run, workload) pairs, {sum(x[6] for x in c)} medians "
                   f"inside their 90 % interval; the managed row {min(man):+.1f} to {max(man):+.1f} %, "
                   f"median |error| {st.median(abs(e) for e in man):.2f} %")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "across.txt"), "w").write(text)
print(text, end="")
