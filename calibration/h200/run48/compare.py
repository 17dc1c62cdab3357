#!/usr/bin/env python3
"""A run's workloads priced with each of its calibrations, with and without their
`faults_under_compute` (the share removed from a copy of the model file: the longer-of rule the
model had before), as the model stands, with the run's own probe rows and with `umodel probe`
taken before the workloads. Prints, per flow, median / max APE, cells beyond 5 % (resolved by the
measurement: prediction outside the order statistics that hold the median), 90 % intervals
holding, and the compute-bound managed and managed-advise cells' errors at R = 1, 4, 16.

    python3 calibration/h200/run48/compare.py RUN TASKS_CSV CALIBRATIONS TASK...

from the repository root after `cargo build --release`, e.g. (the outputs in each run's
compare.txt):

    python3 calibration/h200/run48/compare.py run48 tasks-21 2 compute-bound seed-001 seed-001-overlapped
    python3 calibration/h200/run48/compare.py run49 tasks-22 1 seed-001 seed-001-overlapped partial-update compute-bound producer-consumer
    python3 calibration/h200/run48/compare.py run52 tasks-23 1 compute-bound
    python3 calibration/h200/run48/compare.py run53 tasks-24 2 seed-001 seed-001-overlapped partial-update compute-bound producer-consumer
    python3 calibration/h200/run48/compare.py run55 tasks-25 2 seed-001 seed-001-overlapped partial-update compute-bound producer-consumer
    python3 calibration/h200/run48/compare.py run57 tasks-26 2 seed-001 seed-001-overlapped partial-update compute-bound producer-consumer

Runs with `umodel probe --task` files (`probe-partial-1.json`, from `run55`) add a flow, "shaped
probe before": the partial update priced from the probe in its shape, the other tasks (whose
shape is the default probe's) from `probe-1.json`. From `run55` on, the run's probe rows of the
partial update are in its shape too (from `run57` with its prefetches to the device).
"""
import json, os, subprocess, sys, tempfile

U = "target/release/umodel"
run, csv, calibrations, tasks = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
R = f"calibration/h200/{run}"

def validate(model, extra):
    out = []
    for t in tasks:
        args = extra(t) if callable(extra) else extra
        r = subprocess.run([U, "validate", "-m", model, "--task", f"tasks/{t}.json",
                            f"{R}/{csv}.csv", "--json", *args],
                           capture_output=True, text=True, check=True)
        out.append((t, json.loads(r.stdout)))
    return out

tmp = tempfile.mkdtemp()
print("calibration | share | flow | median / max APE % | beyond 5 %, resolved | in 90 % | "
      "compute-bound managed, managed-advise at R = 1, 4, 16 (error %)")
for m in range(1, calibrations + 1):
    src = f"{R}/model-minimal-{m}.json"
    d = json.load(open(src))
    share = d["task_terms"]["faults_under_compute"]["share"]
    d["task_terms"].pop("faults_under_compute")
    without = os.path.join(tmp, f"without-{m}.json")
    json.dump(d, open(without, "w"))
    for label, model in ((f"{share:.2f}", src), ("none", without)):
        flows = [("as is", []), ("run's probe", ["--probe"]),
                 ("probe before", ["--probe-from", f"{R}/probe-1.json"])]
        if os.path.exists(f"{R}/probe-partial-1.json"):
            flows.append(("shaped probe before", lambda t: [
                "--probe-from",
                f"{R}/probe-partial-1.json" if t == "partial-update" else f"{R}/probe-1.json"]))
        for flow, extra in flows:
            vs = validate(model, extra)
            pts = [p for _, v in vs for p in v["points"]]
            apes = sorted(p["ape_pct"] for p in pts)
            med = (apes[len(apes) // 2] + apes[(len(apes) - 1) // 2]) / 2
            cb = [p for t, v in vs if t == "compute-bound" for p in v["points"]
                  if p["policy"] in ("managed", "managed-advise")]
            errs = " ".join(f"{100 * (p['predicted_ms'] / p['measured_ms'] - 1):+.1f}" for p in cb)
            print(f"{m} | {label} | {flow} | {med:.2f} / {apes[-1]:.2f} | "
                  f"{sum(v['beyond_5pct'] for _, v in vs)}, "
                  f"{sum(v['beyond_5pct_resolved'] for _, v in vs)} | "
                  f"{sum(p['in_interval'] for p in pts)}/{len(pts)} | {errs}")
