#!/usr/bin/env python3
"""How many of the held-out workload cells beyond 5 % the measurement itself resolves.

For each workload run with its first calibration (the default flow), `umodel validate --task
--json` as the model stands, with the run's own probe rows and with `umodel probe` taken before
the workloads: cells beyond 5 %, and of them those whose prediction lies outside the order
statistics that hold the measured median with at least 80 % (x(2)-x(6) of 7 trials, 87.5 %;
x(5)-x(11) of 15, 88.2 %);
how many cells' own range reaches past +-5 % of their median; and how many measured medians lie
in the prediction's 90 % interval. Run from the repository root
after `cargo build --release`.
"""
import json, subprocess

U = "target/release/umodel"
TASKS = ["seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"]
RUNS = [("run38", "tasks-14"), ("run39", "tasks-15"), ("run41", "tasks-16"), ("run42", "tasks-17"),
        ("run43", "tasks-18"), ("run44", "tasks-19"), ("run47", "tasks-20"), ("run49", "tasks-22"),
        ("run53", "tasks-24"), ("run55", "tasks-25"), ("run57", "tasks-26"), ("run58", "tasks-27"), ("run64", "tasks-29"),
        ("run65", "tasks-30")]
# 15 trials a cell from run43 (x(5)-x(11), 88.2 %); 7 before; from run49 with
# faults_under_compute; from run55 the partial update's probe rows in its shape (from run57 with
# its prefetches to the device); from run64 with `map_gather_write`

def validate(run, csv, extra):
    out = []
    for t in TASKS:
        r = subprocess.run([U, "validate", "-m", f"calibration/h200/{run}/model-minimal-1.json",
                            "--task", f"tasks/{t}.json", f"calibration/h200/{run}/{csv}.csv",
                            "--json", *extra], capture_output=True, text=True, check=True)
        out.append(json.loads(r.stdout))
    return out

print("run    | flow              | cells | beyond 5 % | resolved | ranges past +-5 % | in 90 % interval")
for run, csv in RUNS:
    for label, extra in [("as is", []), ("run's probe", ["--probe"]),
                         ("probe before", ["--probe-from", f"calibration/h200/{run}/probe-1.json"])]:
        vs = validate(run, csv, extra)
        pts = [p for v in vs for p in v["points"]]
        wide = sum(1 for p in pts if p["median_range_ms"][0] < 0.95 * p["measured_ms"]
                   or p["median_range_ms"][1] > 1.05 * p["measured_ms"])
        print(f"{run:6} | {label:17} | {len(pts):5} | {sum(v['beyond_5pct'] for v in vs):10} | "
              f"{sum(v['beyond_5pct_resolved'] for v in vs):8} | {wide:17} | "
              f"{sum(p['in_interval'] for p in pts)}")
