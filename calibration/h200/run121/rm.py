#!/usr/bin/env python3
"""examples/rm_prefetch.rs in run121 (a fresh VM, 40 s, 85 cycles, every check passed): each
variant's prefetch of 64 MiB to the device, median [min-max] and mean of its 85 samples.

    python3 calibration/h200/run121/rm.py

from the repository root; output rm.txt beside this file.
"""
import collections, csv, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
d = collections.defaultdict(list)
for r in csv.DictReader(open(os.path.join(HERE, "rm.csv"))):
    d[r["variant"]].append(float(r["ms"]))
out = ["examples/rm_prefetch.rs, run121: a prefetch of 64 MiB to the device, ms", ""]
for k, v in d.items():
    out.append(f"  {k:16s} median {st.median(v):5.2f} [{min(v):5.2f}-{max(v):6.2f}], mean {st.mean(v):5.2f}, of {len(v)}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "rm.txt"), "w").write(text)
print(text, end="")
