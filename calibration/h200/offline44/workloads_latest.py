#!/usr/bin/env python3
"""The task issue's workload target on the three latest fresh VMs (run188, run190, run191): umodel's
workloads (seed 001 and its overlapped variant, the partial update, the producer/consumer), each
given its phases timed on plain memory in the same run beside each row and each trial paired with
its own prediction, on each model `calibrate` wrote on that VM (`model-minimal-N.json`, a
calibration of the VM's own, made after the workloads ran); twice: with the migrating steps
priced from the run's own migration probe (`validate --task ... --final-beside --cpu-beside
--probe`, as run134's table was made), and from the calibration's terms alone (without
`--probe`). A reading of committed runs, no device: the target asks every policy's total within
5 % and each workload's median |error| within 2.5 %, and the ranking right wherever the measured
gap exceeds the trial spread.

    python3 calibration/h200/offline44/workloads_latest.py UMODEL        (in workloads_latest.txt)
"""
import glob, json, os, statistics as st, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
import common  # noqa: E402  (reads UMODEL from argv)

UM, H, ROOT, run = common.UM, common.H, common.ROOT, common.run
RUNS = ("run188", "run190", "run191")
WORKLOADS = {"workload": ["seed-001", "seed-001-overlapped"], "partial": ["partial-update"],
             "prodcons": ["producer-consumer"]}


def validate(model, task, table, probe):
    return json.loads(run([UM, "validate", "-m", model, "--task", os.path.join(ROOT, "tasks", f"{task}.json"),
                           table, "--final-beside", "--cpu-beside", "--json"] + (["--probe"] if probe else [])))


lines = []
say = lines.append
for probe in (True, False):
    say(f"{'With the run' + chr(39) + 's migration probe (--probe), as run134' + chr(39) + 's table' if probe else 'From the calibration' + chr(39) + 's terms alone (no --probe)'}:")
    total = {"cells": 0, "beyond": 0, "met": 0, "workloads": 0, "right": 0, "clear": 0}
    for r in RUNS:
        for model in sorted(glob.glob(os.path.join(H, r, "model-minimal-*.json"))):
            cal = os.path.basename(model)[len("model-minimal-"):-len(".json")]
            for group, tasks in WORKLOADS.items():
                table = os.path.join(H, r, f"{group}.csv")
                for task in tasks:
                    v = validate(model, task, table, probe)
                    errs = [p["paired_error_pct"] for p in v["points"]]
                    beyond = sum(abs(e) > 5 for e in errs)
                    m = st.median(abs(e) for e in errs)
                    met = beyond == 0 and m <= 2.5
                    total["cells"] += len(errs)
                    total["beyond"] += beyond
                    total["met"] += met
                    total["workloads"] += 1
                    total["right"] += v["order_right"]
                    total["clear"] += v["order_total"]
                    say(f"  {r} cal {cal} {task:22} {len(errs)} cells, {beyond} beyond 5 %, median |error| "
                        f"{m:.2f} %, clear orderings {v['order_right']}/{v['order_total']}: "
                        f"{'met' if met else 'not met'}  ("
                        + ", ".join(f"{p['policy']} {p['paired_error_pct']:+.2f}" for p in v["points"]) + ")")
    say(f"  {total['workloads']} (workload, run, calibration) pairs: target met in {total['met']}; "
        f"{total['beyond']} of {total['cells']} cells beyond 5 %; clear orderings right "
        f"{total['right']} of {total['clear']}")
    say("")
text = "\n".join(lines)
open(os.path.join(HERE, "workloads_latest.txt"), "w").write(text)
print(text, end="")
