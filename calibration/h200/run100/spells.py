#!/usr/bin/env python3
"""The partial update's managed rounds after the first (the CPU writes one page in ten of 256 MiB,
faulting each back from the device), trial by trial in run order: S where a round's CPU step took
over 47 ms (about 7 µs a page), f otherwise, the three rounds of a trial between bars; then each
trial's median CPU and GPU step. The level comes in spells of a trial or longer.

python3 calibration/h200/run100/spells.py from the repository root; output spells.txt beside
this file. Written after run102's data came back, to see how the level moves.
"""
import csv, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = [("run96", "49"), ("run97", "50"), ("run99", "52"), ("run100", "53"), ("run101", "54"),
        ("run102", "55"), ("run103", "56"), ("run104", "57")]
out = []
for run, tag in RUNS:
    path = f"calibration/h200/{run}/steps-{tag}-partial.csv"
    if not os.path.exists(path):
        continue
    by = {}
    for r in csv.DictReader(open(path)):
        if r["task"] == "partial-update" and r["policy"] == "managed" and r["round"] in "234":
            by.setdefault(int(r["trial"]), {}).setdefault(r["step"], []).append(float(r["ms"]))
    marks = "|" + "|".join("".join("S" if ms > 47 else "f" for ms in by[t]["cpu"]) for t in sorted(by)) + "|"
    out.append(f"{run:7} {marks}")
    out.append(f"{'':7} CPU " + " ".join(f"{st.median(by[t]['cpu']):3.0f}" for t in sorted(by)))
    out.append(f"{'':7} GPU " + " ".join(f"{st.median(by[t]['gpu']):3.0f}" for t in sorted(by)))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "spells.txt"), "w").write(text)
print(text, end="")
