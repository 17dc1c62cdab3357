#!/usr/bin/env python3
"""A reading on runs already seen, judging nothing: the partial update's managed row (the one row
that prices fault runs: `cpu_fault_run`, `gpu_fault_run`) on every committed H200 run of the
current layout with the task and its calibrations in one folder (the fresh VMs `run188`-`run216`
and `run324`), priced three ways, each with the run's probe and paired by trial as run197's
reading pairs it (`validate --final-beside --cpu-beside --probe`):
  probe        as the workload readings price it;
  + CPU beside with `--faults-beside`: `cpu_fault_run` at the CPU's sparse cell beside each row
               over the calibration's own (NOTES.md, "The partial update's faults");
  + GPU beside that, and `gpu_fault_run` scaled by the GPU's sparse cell beside the rows (the
               median of the row's trials) over the calibration's own 64 MiB cell, a model edited
               for the what-if (no such option exists).
Whether the fault-run level beside a task, which a probe could time, would price the row.

    python3 calibration/h200/offline56/faults_beside.py UMODEL     (in faults_beside.txt)
"""
import csv
import glob
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = os.path.normpath(os.path.join(HERE, ".."))
TMP = tempfile.mkdtemp()
AT = 64 << 20


def managed(model, table, extra):
    out = subprocess.run([U, "validate", "-m", model, "--task", "tasks/partial-update.json", table,
                          "--final-beside", "--cpu-beside", "--probe", "--json"] + extra,
                         capture_output=True, text=True, check=True).stdout
    return next(p["paired_error_pct"] for p in json.loads(out)["points"] if p["policy"] == "managed")


def gpu_beside(table):
    v = [float(r["time_ms"]) for r in csv.DictReader(open(table))
         if r["policy"] == "managed" and r["case"].endswith(":sparse_gpu_beside") and r["check"] == "ok"]
    return st.median(v)


WAYS = ["probe", "+ CPU beside", "+ GPU beside"]
rows = []
for table in sorted(glob.glob(f"{H}/run*/partial.csv") + glob.glob(f"{H}/run*/run*/partial.csv")):
    d = os.path.dirname(table)
    for m in sorted(glob.glob(f"{d}/model-minimal-*.json")):
        model = json.load(open(m))
        cell = next(c for c in model["task_terms"]["sparse_cells"] if c["bytes"] == AT)
        k = gpu_beside(table) / cell["gpu_ms"]
        model["task_terms"]["gpu_fault_run"]["lat_ms"] *= k
        edited = os.path.join(TMP, "edited.json")
        json.dump(model, open(edited, "w"))
        e = [managed(m, table, []), managed(m, table, ["--faults-beside"]),
             managed(edited, table, ["--faults-beside"])]
        rows.append((os.path.relpath(m, H), k, e))
print("calibration                         GPU beside/own   " + "   ".join(f"{w:>13}" for w in WAYS))
for name, k, e in rows:
    print(f"{name:<36} {k:10.2f}   " + "   ".join(f"{x:+12.2f} %" for x in e))
for i, w in enumerate(WAYS):
    v = [r[2][i] for r in rows]
    print(f"{w:<14}: {len(v)} cells, {sum(abs(x) > 5 for x in v)} beyond 5 %, median |error| "
          f"{st.median(abs(x) for x in v):.2f} %, signed {min(v):+.1f} to {max(v):+.1f} %")
