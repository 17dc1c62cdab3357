#!/usr/bin/env python3
"""Every workload held out, run70 and run71 (read-mostly advised after the fill, `fault_in_scalar`;
run71 without the partial update, cut by the device time) beside run64 and run65 (the same flow on
the binary before), each run's first calibration fitted by this
code (`umodel fit`), validated with the run's own probe (`--probe`) and as the model stands.

python3 calibration/h200/run70/compare.py [UMODEL]   (from the repository root). Per run: cells
beyond 5 %, the median |error| per workload, the worst cells, the managed rows' sides (predicted
less measured, ms; `--parts`).
"""
import glob, json, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
TASKS = ["seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"]
RUNS = [("run64", ["tasks-29"]), ("run65", ["tasks-30"]), ("run70", ["tasks-31"]),
        ("run71", ["tasks-32-workload", "tasks-32-prodcons", "tasks-32-compute"])]
for probe in (["--probe"], []):
    print(f"=== {'with the run’s probe' if probe else 'as the model stands'}")
    for run, csv in RUNS:
        d = f"calibration/h200/{run}"
        cal = sorted(glob.glob(f"{d}/data/models/*.minimal*.csv"))
        ts = [c for c in cal if "Z.csv" in c]
        cal = ts[0] if ts else [c for c in cal if c.endswith("minimal.csv")][0]
        m = tempfile.mktemp(suffix=".json")
        subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
        n, beyond, worst, meds, inside, sides = 0, 0, [], [], 0, []
        for t in TASKS:
            r = subprocess.run([U, "validate", "-m", m, "--task", f"tasks/{t}.json",
                                *[f"{d}/{c}.csv" for c in csv], "--json", "--parts", *probe],
                               capture_output=True, text=True)
            if r.returncode:  # run71: the device time ran out before the partial update
                meds.append(f"{t} not run")
                continue
            pts = json.loads(r.stdout)["points"]
            errs = []
            for p in pts:
                e = 100 * (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"]
                errs.append(abs(e)); n += 1; inside += p["in_interval"]
                if abs(e) > 5:
                    beyond += 1; worst.append(f"{t}/{p['policy']}/R{p['reuse']:g} {e:+.1f}")
                if p["policy"].startswith("managed") and p["reuse"] == 1 and "parts" in p:
                    sides.append(f"{t[:8]}/{p['policy'][8:] or 'plain'}: " + " ".join(
                        f"{k[0]}{v['predicted_ms'] - v['measured_ms']:+.1f}" for k, v in p["parts"].items()
                        if v["measured_ms"] > 0 or v["predicted_ms"] > 0))
            meds.append(f"{t} {st.median(errs):.2f}")
        print(f"{run}: {beyond} of {n} beyond 5 %, {inside} inside the 90 % intervals; median |error|: " + ", ".join(meds))
        print("   beyond: " + "; ".join(worst))
        if probe:
            print("   managed sides (ms): " + "; ".join(sides))
