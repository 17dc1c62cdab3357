"""Seed 001's host-mapped row with and without the `map_gather_write` term, per calibration of a run.

python3 calibration/h200/run62/compare.py [UMODEL [RUN]]   (from the repository root; UMODEL defaults to
target/release/umodel, RUN to calibration/h200/run62). For each cycle k: `umodel fit
data-k/models/nvidia-h200-0931b6b9ea7c.minimal.csv -o M` (this code's fit of the cycle's
calibration), `umodel validate -m M --task tasks/seed-001.json seed-k.csv --json`, then the same
with the term taken out of a copy of M (as a calibration before it would price the pass: the two
apart, added). The host-mapped row uses no probe.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

umodel = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
R = sys.argv[2] if len(sys.argv) > 2 else "calibration/h200/run62"


def cycles():
    """(label, calibration directory, workload CSV): run62/run63's four cycles, or a run with one
    calibration (`data/`) and one tasks CSV (run64)."""
    if os.path.isdir(f"{R}/data-1"):
        return [(k, f"{R}/data-{k}", f"{R}/seed-{k}.csv") for k in range(1, 5)]
    (csv,) = glob.glob(f"{R}/tasks-*.csv")
    return [(1, f"{R}/data", csv)]


def row(model, csv):
    out = subprocess.run(
        [umodel, "validate", "-m", model, "--task", "tasks/seed-001.json", csv, "--json"],
        capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    for r in d["points"]:
        if r["policy"] == "host-mapped":
            return r
    raise SystemExit("no host-mapped row")


print("cycle | map_gather_write ms/GiB | total: with / without (error %) | GPU side: with / without / measured ms (error %)")
for k, data, csv in cycles():
    model = tempfile.mktemp(suffix=".json")
    subprocess.run([umodel, "fit", f"{data}/models/nvidia-h200-0931b6b9ea7c.minimal.csv",
                    "-o", model], capture_output=True, check=True)
    m = json.load(open(model))
    rate = m["task_terms"]["map_gather_write"]["ms_per_gib"]
    del m["task_terms"]["map_gather_write"]
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(m, f)
    a, b = row(model, csv), row(f.name, csv)
    os.unlink(f.name)
    os.unlink(model)
    err = lambda r: 100 * (r["predicted_ms"] / r["measured_ms"] - 1)
    g = lambda r: r["parts"]["gpu"]
    ge = lambda r: 100 * (g(r)["predicted_ms"] / g(r)["measured_ms"] - 1)
    print(f"{k} | {rate:.1f} | {err(a):+.2f} / {err(b):+.2f} | "
          f"{g(a)['predicted_ms']:.1f} / {g(b)['predicted_ms']:.1f} / {g(a)['measured_ms']:.1f} "
          f"({ge(a):+.1f} / {ge(b):+.1f})")
