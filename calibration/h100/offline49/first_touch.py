#!/usr/bin/env python3
"""A reading, judging nothing: how fast fresh host memory takes its first touch on the VMs the
device calls were given (run204-run206, three fresh H100 VMs; first_touch.c in run204/, a fresh
4 GiB mapping filled twice per round, six rounds), and whether a VM's first round pays more than
its later ones, as a hypervisor backing guest memory on first use would make it.

    python3 calibration/h100/offline49/first_touch.py        (in first_touch.txt)
"""
import csv, glob, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
out = []
for f in sorted(glob.glob(os.path.join(ROOT, "calibration", "h*", "run2[0-9][0-9]", "first_touch-*.csv"))):
    rows = list(csv.DictReader(open(f)))
    if not rows:
        continue
    first = [float(r["first_gbs"]) for r in rows]
    second = [float(r["second_gbs"]) for r in rows]
    bad = sum(int(r["bad_pages"]) for r in rows)
    out.append(f"{os.path.relpath(f, ROOT)}: round 0 first touch {first[0]:.2f} GB/s, rounds 1-{len(rows) - 1} "
               f"{st.median(first[1:]):.2f} [{min(first[1:]):.2f}-{max(first[1:]):.2f}], pages present "
               f"{st.median(second):.2f} [{min(second):.2f}-{max(second):.2f}] GB/s; {bad} bad pages")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "first_touch.txt"), "w").write(text)
print(text, end="")
