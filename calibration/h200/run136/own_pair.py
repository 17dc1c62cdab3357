#!/usr/bin/env python3
"""run136 and run137: each VM's first minimal calibration against the handoff it measured minutes
later on the same VM (`sweep-*`: the full plan's order at 64 and 256 MiB, 10 trials a cell;
`r1-*`: R = 1 only), each trial given its own CPU update: the own pairs that
heldout-back/lean.txt has for run132 and run133, on two more VMs. A descriptive look.

    python3 calibration/h200/run136/own_pair.py UMODEL

from the repository root; output own_pair.txt beside this file.
"""
import glob, json, os, statistics as st, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "heldout-back"))
from pairs import H, run  # noqa: E402

U = sys.argv[1]
PREFETCHING = ("managed-prefetch", "managed-advise-prefetch")

tmp = tempfile.mkdtemp()
out = ["signed error % (predicted over measured, less 1), median over the cells; median APE over all",
       "cells; each trial given its own CPU update"]
for name in ("run136", "run137"):
    # The first calibration: the time-stamped CSV where a later one took the plain name.
    first = sorted(glob.glob(f"{H}/{name}/data/models/*.minimal.2*Z.csv"))
    cal = first[0] if first else f"{H}/{name}/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"
    m = f"{tmp}/{name}.json"
    run([U, "fit", cal, "-o", m])
    for target in ("sweep-1", "r1-1", "sweep-2", "r1-2"):
        v = json.loads(run([U, "validate", "--cpu-from-trials", "--json", "--model", m,
                            f"{H}/{name}/{target}.csv"]))
        signed = lambda pols: [100 * (p["predicted_ms"] / p["measured_ms"] - 1)
                               for p in v["points"] if p["policy"] in pols]
        mg, pf = signed(("managed",)), signed(PREFETCHING)
        out.append(f"  {name} {target:8} managed {st.median(mg):+5.1f} ({len(mg)} cells), prefetching "
                   f"{st.median(pf):+5.1f} ({len(pf)}), median APE {v['median_ape_pct']:.2f} % "
                   f"of {v['n_points']}, max {v['max_ape_pct']:.1f} %")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "own_pair.txt"), "w").write(text)
print(text, end="")
