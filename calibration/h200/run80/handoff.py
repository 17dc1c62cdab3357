#!/usr/bin/env python3
"""The handoff given each trial's CPU stage, across runs: each minimal calibration of run77–run85
(fitted by its calibrate run; run82's by build, `run82/B-N`) against the full-plan runs run2/full-1, run2/full-3 and
run3/full-4 (`umodel validate --cpu-from-trials`); median / max APE % per pair, and each policy's
largest APE over the pairs of the current build (run81, run82/81, run83–run85). run80's builds
changed the calibration's fills, run81's and later ones also its handoff's order.

python3 calibration/h200/run80/handoff.py [UMODEL] from the repository root; output handoff.txt
beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
FULL = ["run2/full-1", "run2/full-3", "run3/full-4"]
out, meds = [], {}
models = [(m.split("/", 2)[2][:-len(".json")], m)
          for m in sorted(glob.glob("calibration/h200/run7[789]/model-minimal-*.json")
                          + glob.glob("calibration/h200/run8[01345]/model-minimal-*.json"))]
models += [(f"run82/{m.split('/')[3][len('data-'):]}", m)
           for m in sorted(glob.glob("calibration/h200/run82/data-*/models/nvidia-h200-*[0-9a-f].json"))]
worst = {}
for name, m in models:
    cells = []
    for f in FULL:
        r = subprocess.run([U, "validate", "--cpu-from-trials", "--json", "--model", m,
                            f"calibration/h200/{f}.csv"], capture_output=True, text=True, check=True)
        s = json.loads(r.stdout)
        cells.append(f"{s['median_ape_pct']:.2f} / {s['max_ape_pct']:.1f}")
        if name.split("/")[0] in ("run81", "run83", "run84", "run85") or name.startswith("run82/81"):
            for p in s["per_policy"]:
                worst[p["policy"]] = max(worst.get(p["policy"], 0.0), p["max_ape_pct"])
        run = name.split("/")[0]
        meds.setdefault(run if run != "run82" else name.rsplit("-", 1)[0], []).append(s["median_ape_pct"])
    out.append(f"{name:24} " + ", ".join(f"{f}: {c}" for f, c in zip(FULL, cells)))
out.append("median of the pairs' medians per run: "
           + ", ".join(f"{r} {st.median(v):.2f} % ({len(v)})" for r, v in meds.items()))
out.append("largest APE by policy, current build: "
           + ", ".join(f"{p} {w:.1f} %" for p, w in worst.items()))
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "handoff.txt"), "w").write("\n".join(out) + "\n")
print("\n".join(out))
