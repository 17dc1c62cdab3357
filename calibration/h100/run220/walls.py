#!/usr/bin/env python3
"""The calibrations of run218-run220 (three fresh H100 VMs, main's build with the kernels' PTX
embedded): the wall clock (calibrate-N.err), the blocks' seconds (the facts' seconds.*), the rest
outside them, and the start's pieces the facts record (startup.*). Judging nothing: where a VM's
first calibration spends more outside its blocks than its later ones.

    python3 calibration/h100/run220/walls.py        (prints; walls.txt is its output)
"""
import glob, json, os

HERE = os.path.dirname(os.path.abspath(__file__))
H100 = os.path.dirname(HERE)
FOLDERS = ["run218/run218a", "run218/run218b", "run219/run219a", "run219/run219b", "run220"]


print(f"{'calibration':<22} {'wall s':>7} {'blocks s':>8} {'outside':>7} {'load':>6} {'context':>7} {'facts':>6} nvrtc")
for folder in FOLDERS:
    for facts in sorted(glob.glob(os.path.join(H100, folder, "data-*", "models", "*.facts.json"))):
        i = facts.split("data-")[1].split(os.sep)[0]
        conditions = json.load(open(facts))["conditions"]
        err = open(os.path.join(H100, folder, f"calibrate-{i}.err")).read()
        wall = int(err.rsplit("wall_ms=", 1)[1].split()[0]) / 1000
        blocks = sum(float(v) for k, v in conditions.items() if k.startswith("seconds."))
        s = lambda k: conditions.get(f"startup.{k}", "-")
        print(f"{folder + ' cal ' + i:<22} {wall:7.2f} {blocks:8.2f} {wall - blocks:7.2f} "
              f"{s('load_s'):>6} {s('context_s'):>7} {s('facts_s'):>6} {s('nvrtc')}")
