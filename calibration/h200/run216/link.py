#!/usr/bin/env python3
"""A reading, judging nothing: the first H200 probes with a link part (run216's VM, the run318
script's runs, two probes each), each judged by `umodel probe --from` against its run's first
calibration: every link figure's ratio to the calibration's price of the same pass.

    python3 calibration/h200/run216/link.py UMODEL        (in link.txt)
"""
import json
import os
import subprocess
import sys

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = os.path.normpath(os.path.join(HERE, ".."))
out, ratios = [], {}
for run in ["run216/run216z", "run216/run216y", "run323/run323"]:
    for p in (1, 2):
        v = json.loads(subprocess.run(
            [U, "probe", "--from", f"{H}/{run}/probe-{p}.json", "-m", f"{H}/{run}/model-minimal-1.json",
             "--json"], capture_output=True, text=True, check=True).stdout)
        link = [f for f in v["figures"] if f["link"]]
        out.append(f"{run} probe {p}: " + ", ".join(f"{f['term']} ×{f['ratio']:.2f}" for f in link))
        for f in link:
            ratios.setdefault(f["term"], []).append(f["ratio"])
out.append("\nper figure over the six probes: " + "; ".join(
    f"{t} ×{min(r):.2f}–{max(r):.2f}" for t, r in ratios.items()))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "link.txt"), "w").write(text)
print(text, end="")
