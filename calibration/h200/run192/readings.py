#!/usr/bin/env python3
"""run192's reading and rule R, written before the call (2026-12-05; run192.sh says what runs).

Every model fitted since rule G's merge carries run189's shares of a link pass hidden under
first-touch faults as constants of the platform (`LinkUnderFaults::MEASURED`: 0.578 migrating,
0.466 duplicating, from one VM). Here faultmix.cu on another, fresh VM, read as run189's was
(offline43/faultmix_shares.py: the same functions, the same resampling):

  R1. run189's migrating share 0.578 lies inside this VM's 90 % interval for H_mig at 64 MiB;
  R2. run189's duplicating share 0.466 lies inside this VM's interval for H_dup at 64 MiB.
"The shares hold on a second VM" if both hold. If not, NOTES say by how much they moved; the
model keeps run189's (one VM does not move a constant), and the share is to be measured per
machine (a calibration cell) before it is trusted beyond the H200 VMs it was seen on. Beside it,
judging nothing: the same at 256 MiB (run189: 0.91 and 0.92, not used), and run189's files read
again by the module (they must print run189's figures).

    python3 calibration/h200/run192/readings.py        (in readings.txt)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline43"))
from faultmix_shares import DUP, MIGRATE, estimate, med, shares, trials_of  # noqa: E402

RUN189 = {"mig": 0.578, "dup": 0.466}
lines = []
say = lines.append


def read(d, name):
    got = {}
    for size in (64 << 20, 256 << 20):
        path = os.path.join(d, f"faultmix-{size}.csv")
        if not os.path.exists(path):
            sys.exit(f"{path}: missing")
        by = trials_of(path)
        say(f"{name}, {size >> 20} MiB a buffer: {len(by)} trials")
        for case in sorted({c for t in by.values() for c in t}):
            v = [t[case] for t in by.values() if case in t]
            say(f"  {case:14} {med(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
        for kind, combos in (("mig", MIGRATE), ("dup", DUP)):
            m, lo, hi, n = estimate(shares(by, combos))
            say(f"  H_{kind} = {m:+.2f} (90 % [{lo:+.2f}, {hi:+.2f}], {n} trials)")
            got[(size, kind)] = (m, lo, hi)
    return got


read(os.path.join(HERE, "..", "run189"), "run189 (read again)")
say("")
got = read(HERE, os.path.basename(HERE))
say("")
ok = []
for i, kind in enumerate(("mig", "dup")):
    m, lo, hi = got[(64 << 20, kind)]
    inside = lo <= RUN189[kind] <= hi
    ok.append(inside)
    say(f"R{i + 1} (run189's {RUN189[kind]} inside [{lo:+.2f}, {hi:+.2f}], this VM's median {m:+.2f}): "
        f"{'held' if inside else 'not held'}")
say(f"Rule R: the shares {'hold' if all(ok) else 'do not hold'} on a second VM")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
