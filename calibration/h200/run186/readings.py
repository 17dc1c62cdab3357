#!/usr/bin/env python3
"""run186's reading, written before the call (run186.sh says what runs). Each minimal calibration
against each handoff run of its own side (two by two: four pairs a side), given each trial's CPU
stage (`umodel validate --cpu-from-trials`, as the handoff target is judged): median and max APE
%, the 90 % intervals' coverage, the clear picks.

  H1. the unpinned pairs' max APE, at the median over pairs, lower than the pinned pairs';
  H2. their median APE, at the median over pairs, at most 0.2 points above the pinned pairs';
  H3. as many unpinned pairs as pinned or more with max APE <= 5 %.
If all three hold, the handoff target's largest misses are the pinned harness's (a reading: no
default changes with it; run184 kept the calibration pinned). Also printed: each policy's
largest APE a side.

    python3 calibration/h200/run186/readings.py UMODEL        (in readings.txt)
"""
import glob, json, os, statistics as st, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
UM = sys.argv[1]
out = []
fig = {}
for side in ("pinned", "free"):
    pairs, worst = [], {}
    for m in sorted(glob.glob(os.path.join(HERE, f"model-{side}-*.json"))):
        for run in sorted(glob.glob(os.path.join(HERE, f"handoff-{side}-*.csv"))):
            p = subprocess.run([UM, "validate", "--cpu-from-trials", "--json", "--model", m, run],
                               capture_output=True, text=True)
            if p.returncode:
                sys.exit(f"{m} {run}: {p.stderr.strip()}")
            s = json.loads(p.stdout)
            pairs.append((os.path.basename(m), os.path.basename(run), s["median_ape_pct"], s["max_ape_pct"],
                          s["interval_coverage_pct"], s["clear_picks_correct"], s["clear_picks_total"]))
            for q in s["per_policy"]:
                worst[q["policy"]] = max(worst.get(q["policy"], 0.0), q["max_ape_pct"])
    out.append(f"{side}:")
    for x in pairs:
        out.append(f"  {x[0]:20} {x[1]:22} median {x[2]:5.2f} %, max {x[3]:5.1f} %, coverage {x[4]:5.1f} %, "
                   f"clear picks {x[5]}/{x[6]}")
    out.append("  largest APE by policy: " + ", ".join(f"{p} {w:.1f} %" for p, w in worst.items()))
    fig[side] = (st.median([x[3] for x in pairs]) if pairs else float("nan"),
                 st.median([x[2] for x in pairs]) if pairs else float("nan"),
                 sum(x[3] <= 5.0 for x in pairs), len(pairs))
    out.append(f"  {len(pairs)} pairs: max APE at the median {fig[side][0]:.1f} %, median APE at the median "
               f"{fig[side][1]:.2f} %, max <= 5 % in {fig[side][2]}")
out.append("")
p, f = fig["pinned"], fig["free"]
h1 = f[0] < p[0]
h2 = f[1] <= p[1] + 0.2
h3 = f[3] > 0 and f[2] >= p[2]
out.append(f"H1 (max APE lower unpinned): {p[0]:.1f} -> {f[0]:.1f} %: {'yes' if h1 else 'no'}")
out.append(f"H2 (median APE at most 0.2 points higher): {p[1]:.2f} -> {f[1]:.2f} %: {'yes' if h2 else 'no'}")
out.append(f"H3 (as many pairs with max <= 5 %): {p[2]} -> {f[2]}: {'yes' if h3 else 'no'}")
out.append("the handoff's largest misses are the pinned harness's: " + ("yes" if h1 and h2 and h3 else "not shown"))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
