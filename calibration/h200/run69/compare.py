#!/usr/bin/env python3
"""Seed 001's rows, predicted against measured, for calibrations with read-mostly duplication
advised after the fill (run69) and before it (run62, run63: the same cycles on the binary before).

python3 calibration/h200/run69/compare.py [UMODEL]   (from the repository root; UMODEL defaults to
target/release/umodel). Per run and cycle k: `umodel fit data-k/models/*.minimal.csv -o M` (this
code's fit), `umodel validate -m M --task tasks/seed-001.json seed-k.csv --json --probe --parts`;
each row's error (%), and the managed-advise row's GPU side, predicted less measured (ms).
"""
import json, subprocess, sys, tempfile, statistics as st

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
POL = ["explicit-copy", "host-mapped", "managed", "managed-prefetch", "managed-advise",
       "managed-advise-prefetch"]
print("run   k | " + " | ".join(f"{p:>23s}" for p in POL) + " | advise GPU side ms | beyond 5 %")
allerr = {}
for run in ["run62", "run63", "run69"]:
    for k in range(1, 5):
        d = f"calibration/h200/{run}"
        m = tempfile.mktemp(suffix=".json")
        subprocess.run([U, "fit", f"{d}/data-{k}/models/nvidia-h200-0931b6b9ea7c.minimal.csv",
                        "-o", m], capture_output=True, check=True)
        r = subprocess.run([U, "validate", "-m", m, "--task", "tasks/seed-001.json",
                            f"{d}/seed-{k}.csv", "--json", "--probe", "--parts"],
                           capture_output=True, text=True, check=True)
        v = json.loads(r.stdout)
        e, side = {}, None
        for p in v["points"]:
            e[p["policy"]] = 100 * (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"]
            if p["policy"] == "managed-advise":
                g = p["parts"]["gpu"]
                side = g["predicted_ms"] - g["measured_ms"]
        allerr.setdefault(run, []).append(e)
        cells = " | ".join(f"{e.get(p, float('nan')):+23.1f}" for p in POL)
        sd = f"{side:+.1f}" if side is not None else "?"
        print(f"{run} {k} | {cells} | {sd:>18s} | {sum(abs(x) > 5 for x in e.values())}")
for run, es in allerr.items():
    ad = [abs(e["managed-advise"]) for e in es]
    print(f"{run}: managed-advise |error| median {st.median(ad):.1f} % (max {max(ad):.1f}); "
          f"median |error| over rows {st.median([abs(x) for e in es for x in e.values()]):.2f} %")
