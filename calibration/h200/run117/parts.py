#!/usr/bin/env python3
"""Where seed 001's advised prefetching row leans low after the no-op split: its sides (`validate
--parts`, paired with both passes, each run on its own calibration with its probe) beside what
its no-op prefetches far from a move cost in the run's steps (`steps-*-workload.csv`: rounds
2-4, the twelve steps of `run116/noop_steps.txt`'s last class) and the settled price the model
gives them (`prefetch_noop` at 64 MiB).

    python3 calibration/h200/run117/parts.py [UMODEL]

from the repository root (default target/release/umodel); output parts.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
H = "calibration/h200"
RUNS = [("run114", "65"), ("run115", "66"), ("run116", "67"), ("run117", "68"), ("run118", "69"),
        ("run119", "70")]
tmp = tempfile.mkdtemp()
out = ["seed 001, on each run's own calibration, paired with both passes: predicted / measured ms",
       "(movement side), and the twelve no-ops far from a move: the settled price against the run's steps", ""]
for run, tag in RUNS:
    cal = glob.glob(f"{H}/{run}/data/models/*.minimal.csv")[0]
    m = os.path.join(tmp, f"{run}.json")
    subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
    noop = json.load(open(m))["task_terms"]["prefetch_noop"]
    price = noop["lat_ms"] + noop["ms_per_gib"] / 16
    r = subprocess.run([U, "validate", "-m", m, "--task", "tasks/seed-001.json",
                        f"{H}/{run}/tasks-{tag}-workload.csv", "--probe", "--final-beside",
                        "--cpu-beside", "--parts", "--json"], capture_output=True, text=True, check=True)
    steps = []
    for line in open(f"{H}/{run}/steps-{tag}-workload.csv"):
        f = line.rstrip("\n").split(",")
        if f[0] == "seed-001" and f[1] == "managed-advise-prefetch" and f[6] == "prefetch" \
                and f[5] in ("2", "3", "4"):
            steps.append(float(f[9]))
    for p in json.loads(r.stdout)["points"]:
        if p["policy"] != "managed-advise-prefetch":
            continue
        mv = p["parts"]["movement"]
        out.append(f"  {run}: paired {p['paired_error_pct']:+5.1f} %; movement {mv['predicted_ms']:5.1f} / "
                   f"{mv['measured_ms']:5.1f} ms ({mv['predicted_ms'] - mv['measured_ms']:+.1f}); no-ops far "
                   f"from a move priced {price:.3f} ms each, the run's {len(steps)} steps mean "
                   f"{st.mean(steps):.3f} (median {st.median(steps):.3f}): twelve a trial "
                   f"{12 * (price - st.mean(steps)):+.1f} ms")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "parts.txt"), "w").write(text)
print(text, end="")
