#!/usr/bin/env python3
"""run114's reading and rule S, written before the call (2026-12-05; run114.sh says what runs).

The embedded `h100` model carries rule G's shares of a link pass hidden under first-touch faults
as the H200 measured them (`LinkUnderFaults::MEASURED`: 0.578 migrating, 0.466 duplicating, from
run189); faultmix.cu has never run on an H100. Here it runs on one, read as run189's and run192's
were (calibration/h200/offline43/faultmix_shares.py: the same functions, the same resampling):

  S1. the H200's migrating share 0.578 lies inside the H100's 90 % interval for H_mig at 64 MiB;
  S2. the H200's duplicating share 0.466 lies inside its interval for H_dup at 64 MiB.

"The H200's shares hold on the H100" if S1 holds; S2 is read as rule R left it (run192: the
duplicating share moved between two H200 VMs, and it moves the one program it prices by about
1 % of its total, offline44/dup_share.txt), so its failure alone changes nothing. If S1 fails,
NOTES say that the h100 model's migrating share is the H200's and wrong for the H100, and the
next step is to give the h100 model the share measured here (through a recipe that reads these
files, not by hand). Beside it, judging nothing: the same at 256 MiB, and run189's and run192's
H200 files read again by the module (they must print their recorded figures).

    python3 calibration/h100/run114/readings.py        (in readings.txt)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
H200 = os.path.join(HERE, "..", "..", "h200")
sys.path.insert(0, os.path.join(H200, "offline43"))
from faultmix_shares import read_run  # noqa: E402

RUN189 = {"mig": 0.578, "dup": 0.466}
lines = []
say = lines.append


def read(d, name):
    return read_run(d, name, say)


read(os.path.join(H200, "run189"), "H200 run189 (read again)")
read(os.path.join(H200, "run192"), "H200 run192 (read again)")
say("")
got = read(HERE, "H100 " + os.path.basename(HERE))
say("")
held = {}
for i, kind in enumerate(("mig", "dup")):
    m, lo, hi = got[(64 << 20, kind)]
    held[kind] = lo <= RUN189[kind] <= hi
    say(f"S{i + 1} (the H200's {RUN189[kind]} inside [{lo:+.2f}, {hi:+.2f}], the H100's median "
        f"{m:+.2f}): {'held' if held[kind] else 'not held'}")
say(f"Rule S: the H200's shares {'hold' if held['mig'] else 'do not hold'} on the H100"
    + ("" if held["dup"] else " (the duplicating share not: changes nothing by the rule)"))
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
