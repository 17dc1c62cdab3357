#!/usr/bin/env python3
"""A reading, judging nothing: the handoff target on run216's VM (2026-12-06). Each of the VM's
fifteen minimal calibrations, as `calibrate` wrote them (`model-minimal-N.json`), predicts the
five held-out full runs the handoff target has been judged on since rule 3 (`run132`, `run133`,
`run5`, `run10`, `run26`; `heldout-back/judge3.py`), each trial given its own CPU update
(`validate --cpu-from-trials`): per pair the median APE (target ≤ 1.0 %), the maximum (≤ 5 %),
the clear picks, and the share of measured values inside their 90 % interval (≥ 90 %).

    python3 calibration/h200/run216/handoff.py UMODEL        (in handoff.txt)
"""
import glob
import json
import os
import statistics as st
import subprocess
import sys

from runs import RUNS

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = os.path.normpath(os.path.join(HERE, ".."))
FULL = ["run132/full/models/nvidia-h200-0931b6b9ea7c.full.csv",
        "run133/full/models/nvidia-h200-0931b6b9ea7c.full.csv", "run5/full-5.csv",
        "run10/full-6.csv", "run26/full/models/nvidia-h200-0931b6b9ea7c.full.csv"]
out, pairs = [], []
for run in RUNS:
    for m in sorted(glob.glob(os.path.join(H, run, "model-minimal-*.json"))):
        cal = f"{run} calibration {os.path.basename(m)[len('model-minimal-'):-len('.json')]}"
        for t in FULL:
            s = json.loads(subprocess.run(
                [U, "validate", "--cpu-from-trials", "--json", "--model", m, os.path.join(H, t)],
                capture_output=True, text=True, check=True).stdout)
            worst = max(s["per_policy"], key=lambda p: p["max_ape_pct"])
            pairs.append(s)
            out.append(f"{cal:<32} {t.split('/')[0]:<7} median {s['median_ape_pct']:5.2f} %  max "
                       f"{s['max_ape_pct']:5.2f} % ({worst['policy']})  clear picks "
                       f"{s['clear_picks_correct']}/{s['clear_picks_total']}  inside "
                       f"{s['interval_coverage_pct']:5.1f} %")
meds = [s["median_ape_pct"] for s in pairs]
out.append(f"\n{len(pairs)} pairs: median APE ≤ 1.0 % in {sum(v <= 1.0 for v in meds)} "
           f"(median of the pairs {st.median(meds):.2f} %, {min(meds):.2f}-{max(meds):.2f} %); "
           f"max ≤ 5 % in {sum(s['max_ape_pct'] <= 5 for s in pairs)} "
           f"({min(s['max_ape_pct'] for s in pairs):.2f}-{max(s['max_ape_pct'] for s in pairs):.2f} %); "
           f"clear picks {sum(s['clear_picks_correct'] for s in pairs)} of "
           f"{sum(s['clear_picks_total'] for s in pairs)}; intervals ≥ 90 % in "
           f"{sum(s['interval_coverage_pct'] >= 90 for s in pairs)}")
by = {}
for s in pairs:
    for p in s["per_policy"]:
        by.setdefault(p["policy"], []).append(p["max_ape_pct"])
out.append("the maximum by policy, the median over pairs: "
           + ", ".join(f"{p} {st.median(v):.1f} %" for p, v in by.items()))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "handoff.txt"), "w").write(text)
print(text, end="")
