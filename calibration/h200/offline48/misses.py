#!/usr/bin/env python3
"""A reading, judging nothing: every cell beyond 5 % on the three fresh H200 VMs measured at 15
trials (run193, run197, run199; 9 for the compute-bound task), each workload on every calibration
of its run as `calibrate` wrote it, with the run's probe, paired with both passes beside each row
(offline45/resolved.py's `own`, the cells `run197/readings.py` counts), with the range of its
trials' paired errors and whether that range resolves the miss. Then, per migrating row (task,
policy, R), the median signed error on those three VMs beside the same over run96-run137 at 15
trials on their own calibrations (offline45/resolved.py's `fifteen`): whether a row that leans on
the fresh VMs leaned so before.

    python3 calibration/h200/offline48/misses.py UMODEL        (in misses.txt)
"""
import os, sys
from statistics import median

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline45"))
import resolved as r  # noqa: E402  (reads UMODEL from argv)

RUNS = ["run193", "run197", "run199"]
CELLS = [c for run in RUNS for c in r.own([os.path.join(run, run + p) for p in "ab"], True)]
lines, n, beyond = [], len(CELLS), []
for c in CELLS:
    part, cal, task, policy, e, rng, trials, reuse = c[:8]
    if abs(e) > 5:
        beyond.append(c)
        lines.append(f"  {part:<16} cal {cal}  {task:<18} {policy:<24} R={reuse:g}  {e:+6.1f} %  "
                     f"trials {rng[0]:+6.1f} .. {rng[1]:+6.1f} %  ({trials} trials)"
                     + ("  resolved" if r.resolved(e, rng) else ""))
largest = max(beyond, key=lambda c: abs(c[4]))
text = "\n".join([f"{', '.join(RUNS)}: {len(beyond)} of {n} cells beyond 5 % with the run's probe, "
                  f"{sum(r.resolved(c[4], c[5]) for c in beyond)} resolved by their trials"] + lines +
                 [f"the largest: {largest[0]} {largest[2]} {largest[3]} {largest[4]:+.1f} %"])
fresh, past = {}, {}
for c in CELLS:
    fresh.setdefault((c[2], c[3], c[7]), []).append(c[4])
for c in r.fifteen():
    past.setdefault((c[2], c[3], c[7]), []).append(c[4])
text += ("\n\nthe migrating rows' median signed error: the three fresh VMs | run96-run137 at 15 trials\n"
         + "\n".join(f"  {t:<20} {p:<24} R={k:<3g} {median(v):+6.1f} % (n={len(v):2}) | "
                      + (f"{median(past[(t, p, k)]):+6.1f} % (n={len(past[(t, p, k)]):2})" if (t, p, k) in past else "none")
                      for (t, p, k), v in sorted(fresh.items()) if p.startswith("managed")) + "\n")
open(os.path.join(HERE, "misses.txt"), "w").write(text)
print(text, end="")
