#!/usr/bin/env python3
"""A reading, judging nothing (written after rule_p.py's motive was stated): the programs written
without umodel's code on each H100 VM that ran them (run195, run196, run198), priced by each of
the VM's own calibrations as the current build fits them with no pool, from the terms alone: the
cells beyond 5 %, the median |error| and the median signed error per policy. Beside rule N's
model's prefetching rows (rule_n5.txt, run196/readings.txt, run198/readings.txt), which priced
them 14-24 % short on all three VMs.

    python3 calibration/h100/offline47/own_programs.py UMODEL        (in own_programs.txt)
"""
import glob, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

lines = []
for run in ("run195", "run196", "run198"):
    d = os.path.join(n.H, run)
    for i in (1, 2):
        csv = glob.glob(os.path.join(d, f"data-{i}", "models", "*.minimal.csv"))[0]
        m = os.path.join(n.TMP, f"own-{run}-{i}.json")
        n.run([n.UM, "fit", csv, "-o", m])
        cells = n.programs(m, d)
        byp = {}
        for _, pol, e in cells:
            byp.setdefault(pol, []).append(e)
        b, med, k = n.count(cells)
        lines.append(f"{run} calibration {i}: {b} of {k} beyond 5 %, median |error| {med:.2f} %; median signed: "
                     + ", ".join(f"{p} {n.med(v):+.1f}" for p, v in byp.items()))
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "own_programs.txt"), "w").write(text)
print(text, end="")
