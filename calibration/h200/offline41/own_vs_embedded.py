#!/usr/bin/env python3
"""A reading after rule E, judging nothing: does a machine's own calibration price the programs
written without umodel's code better than the embedded model's median of thirty calibrations of
other VMs? The same cells as offline40 (`common.py`: relax.cu, kmeans.cu, horner.cu of
run160-run177 given their plain phases and threads), each priced (a) by each calibration of its
own run, refitted by this build as `calibrate` fits it (`fit --price-from-pool`), and (b) by the
embedded model's recipe made without that run's calibrations (`thirty.py`; runs whose
calibrations are not among the thirty by the recipe over all of them). Each cell once per
own calibration in (a), once in (b).

    python3 calibration/h200/offline41/own_vs_embedded.py UMODEL     (in own_vs_embedded.txt)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
import common  # noqa: E402  (reads UMODEL from argv)
from thirty import model_without  # noqa: E402

common.FIRST, common.LAST = 160, 179


def candidate(r):
    return model_without(common.UM, int(r[3:]))


cals = common.calibrations()
progs = common.programs(cals)
own = common.program_cells(cals, progs, lambda r, label, path: path)
emb = common.program_cells({r: v[:1] for r, v in cals.items()}, progs, lambda r, label, path: candidate(r))
lines = []
say = lines.append


def summary(cells):
    e = [abs(c[5]) for c in cells]
    return f"{sum(x > 5 for x in e)} of {len(e)} beyond 5 %, median |error| {common.med(e):.2f} %"


say(f"The programs of {len({c[0] for c in emb})} runs ({len(progs)} runs of a configuration):")
say(f"  (a) each own calibration, refitted: {summary(own)}")
say(f"  (b) the thirty's median without the run's VM: {summary(emb)}")
say("By program, threads and policy (signed median error, (a) -> (b)):")
groups = {}
for way, cells in (("a", own), ("b", emb)):
    for c in cells:
        th = c[2].rsplit("-", 1)[1]
        groups.setdefault((c[1], th if c[1] != "horner" else "k", c[4]), {}).setdefault(way, []).append(c[5])
for k in sorted(groups):
    g = groups[k]
    say(f"  {k[0]:7} {k[1]:4} {k[2]:24} {common.med(g['a']):+7.2f} -> {common.med(g['b']):+7.2f} %"
        f"  (beyond 5 %: {sum(abs(x) > 5 for x in g['a'])}/{len(g['a'])} -> {sum(abs(x) > 5 for x in g['b'])}/{len(g['b'])})")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "own_vs_embedded.txt"), "w").write(text)
print(text, end="")
