#!/usr/bin/env python3
"""The calibration's time by build, one machine, the builds interleaved (run82.sh): per
calibration the wall clock of the whole process (`calibrate-B-N.err`) and, from its facts, the
seconds of the primitive blocks (the managed group's 64 MiB block apart) and of the handoff
blocks (the 256 MiB ones apart); per build the median and range of the walls. Also run80's,
run81's and run83's calibrations (the same machine kind, other processes).

python3 calibration/h200/run82/times.py from the repository root; output times.txt beside this
file.
"""
import glob, json, os, statistics as st

BUILDS = {"79": "before (39b8681)", "80": "managed fills wide (62f1522)", "81": "also handoff largest first (66b3525)"}


def one(err, facts):
    wall = int(open(err).read().rsplit("wall_ms=", 1)[1]) / 1e3
    c = json.load(open(facts))["conditions"]
    s = {k[len("seconds."):]: float(v) for k, v in c.items() if k.startswith("seconds.")}
    prim = sum(v for k, v in s.items() if not k.startswith("handoff"))
    hand = sum(v for k, v in s.items() if k.startswith("handoff"))
    h256 = sum(v for k, v in s.items() if k.startswith("handoff") and k.endswith(" 256 MiB"))
    return wall, f"{wall:5.1f} s: primitives {prim:4.2f} s (managed 64 MiB {s['managed 64 MiB']:4.2f}), " \
                 f"handoff {hand:5.2f} s (256 MiB {h256:4.2f})"


d = "calibration/h200"
out = ["run82, interleaved on one machine:"]
for b, name in BUILDS.items():
    walls = []
    for n in (1, 2, 3):
        w, line = one(f"{d}/run82/calibrate-{b}-{n}.err",
                      glob.glob(f"{d}/run82/data-{b}-{n}/models/*.minimal.facts.json")[0])
        walls.append(w)
        out.append(f"  {name:38} #{n} {line}")
    out.append(f"  {name:38} median {st.median(walls):.1f} s [{min(walls):.1f}–{max(walls):.1f}] of 3")
for run, name, cals in [("run80", BUILDS["80"], [("calibrate-1", "data-1"), ("calibrate-2", "data-2"),
                                                  ("calibrate-3", "data-3")]),
                        ("run81", BUILDS["81"], [(f"calibrate-{i}", f"data-{i}") for i in (1, 2, 3, 4)]),
                        ("run83", BUILDS["81"], [("calibrate-1", "data")])]:
    out.append(f"{run}, {name}:")
    for err, data in cals:
        _, line = one(f"{d}/{run}/{err}.err", glob.glob(f"{d}/{run}/{data}/models/*.minimal.facts.json")[0])
        out.append(f"  {line}")
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "times.txt"), "w").write("\n".join(out) + "\n")
print("\n".join(out))
