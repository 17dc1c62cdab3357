#!/usr/bin/env python3
"""The handoff given each trial's CPU stage, across runs, on the latest fresh VMs: each minimal
calibration of run105-run119 (the model `calibrate` wrote on the device; the handoff's code has
not changed since run81; run109's, from an experimental build with a term later builds do not
know, is left out) against the full-plan runs run2/full-1, run2/full-3 and run3/full-4
(`umodel validate --cpu-from-trials`): median / max APE %, 90 % interval coverage and clear picks
per pair, then each policy's largest APE. As calibration/h200/run80/handoff.py, for later runs.

    python3 calibration/h200/run117/handoff.py [UMODEL]

from the repository root (default target/release/umodel); output handoff.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
FULL = ["run2/full-1", "run2/full-3", "run3/full-4"]
RUNS = ["run105", "run106", "run107", "run114", "run115", "run116", "run117", "run118", "run119"]
out = ["The issue's handoff target: median APE <= 1.0 %, max <= 5 %, every clear pick right, 90 %",
       "intervals holding >= 90 %. Per pair: median / max APE %, coverage %, clear picks", ""]
meds, maxes, cov, picks, worst = [], [], [], [0, 0], {}
for run in RUNS:
    m = f"calibration/h200/{run}/model-minimal-1.json"
    cells = []
    for f in FULL:
        r = subprocess.run([U, "validate", "--cpu-from-trials", "--json", "--model", m,
                            f"calibration/h200/{f}.csv"], capture_output=True, text=True, check=True)
        s = json.loads(r.stdout)
        meds.append(s["median_ape_pct"])
        maxes.append(s["max_ape_pct"])
        cov.append(s["interval_coverage_pct"])
        picks[0] += s["clear_picks_correct"]
        picks[1] += s["clear_picks_total"]
        for p in s["per_policy"]:
            worst[p["policy"]] = max(worst.get(p["policy"], 0.0), p["max_ape_pct"])
        cells.append(f"{s['median_ape_pct']:.2f} / {s['max_ape_pct']:4.1f}, {s['interval_coverage_pct']:5.1f} %, "
                     f"{s['clear_picks_correct']}/{s['clear_picks_total']}")
    out.append(f"{run:7} " + "; ".join(f"{f}: {c}" for f, c in zip(FULL, cells)))
out += ["",
        f"{len(meds)} pairs: median APE {min(meds):.2f}-{max(meds):.2f} % (median {st.median(meds):.2f}; "
        f"<= 1.0 % in {sum(x <= 1.0 for x in meds)}); max APE {min(maxes):.1f}-{max(maxes):.1f} % "
        f"(<= 5 % in {sum(x <= 5.0 for x in maxes)}); coverage {min(cov):.1f}-{max(cov):.1f} % "
        f"(>= 90 % in {sum(x >= 90.0 for x in cov)}); clear picks {picks[0]} of {picks[1]} right",
        "largest APE by policy: " + ", ".join(f"{p} {w:.1f} %" for p, w in worst.items())]
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "handoff.txt"), "w").write(text)
print(text, end="")
