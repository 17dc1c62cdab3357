#!/usr/bin/env python3
"""A reading, judging nothing: every workload run on run216's H200 VM (session 61, the first H200
since 2026-12-05), each on the calibrations made beside it in the same run, as run197's reading
reads parts a and b (its Q1), here over all eight runs of the VM: parts a, b, c of run216, the
run318 script's runs run216z, run216y and run323, and part c and a again as run322c and run324a.
The run318 runs time no steps beside their rows (`--step-times`); the pairing needs only the rows'
own plain passes. First each calibration's wall clock (as the script recorded it) and its
`fault_in` term, in the order they ran: how far the VM's migration moved over its 25 minutes.

    python3 calibration/h200/run216/vm.py UMODEL        (in vm.txt)
"""
import glob
import json
import os
import re
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h200", "offline45"))
import resolved as r  # noqa: E402  (reads UMODEL from argv)
from runs import RUNS  # noqa: E402

walls = []
for run in RUNS:
    for m in sorted(glob.glob(os.path.join(r.H, run, "model-minimal-*.json"))):
        cal = os.path.basename(m)[len("model-minimal-"):-len(".json")]
        err = open(os.path.join(r.H, run, f"calibrate-{cal}.err")).read()
        ms = int(re.findall(r"rc=0 wall_ms=(\d+)", err)[-1])
        walls.append(ms / 1000)
        f = json.load(open(m))["task_terms"]["fault_in"]["ms_per_gib"]
        r.say(f"{run} calibration {cal}: {ms / 1000:.1f} s, fault_in {f:.1f} ms/GiB")
r.say(f"{len(walls)} calibrations, {min(walls):.1f}-{max(walls):.1f} s, median "
      f"{statistics.median(walls):.1f} s, {sum(w <= 20 for w in walls)} within 20 s\n")
for probe, way in ((True, "with the run's probe"), (False, "from the calibration's terms alone")):
    rows = r.own(RUNS, probe)
    r.summary(f"run216's VM, every run, {way}", rows)
    for run in RUNS:
        r.summary(f"  {run}, {way}", [x for x in rows if x[0] == run])
# The managed row of the two workloads each run timed, on each calibration, both ways: what the
# calibration's `fault_in` above does to it, and what the probe beside the rows does.
rows = {probe: {x[:4]: x[4] for x in r.own(RUNS, probe) if x[3] == "managed"} for probe in (False, True)}
r.say("\nthe managed row, signed error from the terms alone -> with the run's probe")
for k, e in rows[False].items():
    r.say(f"  {k[0]:<15} calibration {k[1]} {k[2]:<20} {e:+6.1f} % -> {rows[True][k]:+6.1f} %")
text = "\n".join(r.lines) + "\n"
open(os.path.join(HERE, "vm.txt"), "w").write(text)
print(text, end="")
