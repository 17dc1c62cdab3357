#!/usr/bin/env python3
"""A reading, judging nothing: relax.cu's round-1 kernel under managed-advise (`b` faulting in
beside `x` read and written over the link) against half its round-1 kernel under managed (`x`
and `b` both faulting in, no link; a kernel's buffers fault in together for what they cost one at
a time, NOTES.md "Read-mostly after the fill, and faults one float a thread") and the later
managed-advise kernels (the link pass alone). umodel prices the round as the faults plus the
whole link pass. Every 64 and 256 MiB steps file (run175, run181-run183), medians over trials.

    python3 calibration/h200/offline42/relax_round1.py        (in relax_round1.txt)
"""
import csv, glob, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
out, by = [], {}
for f in sorted(glob.glob(os.path.join(ROOT, "calibration", "h200", "run1[78]*", "relax-*.steps.csv"))):
    k = {}
    size = None
    for r in csv.DictReader(open(f)):
        if r["step"] == "kernel":
            k.setdefault((r["policy"], r["round"] == "0"), []).append(float(r["ms"]))
    name = os.path.basename(f)
    size = 256 if "268435456" in name else 64  # run183's files are 64 MiB, named by pinning
    m1 = st.median(k[("managed", True)])
    a1 = st.median(k[("managed-advise", True)])
    link = st.median(k[("managed-advise", False)])
    extra = a1 - m1 / 2
    by.setdefault(size, []).append((extra, link))
    out.append(f"{os.path.relpath(f, ROOT)}: managed-advise round 1 {a1:.2f} ms, managed round 1 / 2 "
               f"{m1 / 2:.2f}, the difference {extra:+.2f}; a later link pass {link:.2f}")
out.append("")
for size, v in sorted(by.items()):
    e = [x for x, _ in v]
    out.append(f"{size} MiB: {len(v)} files; round 1 beyond the faults {st.median(e):+.2f} ms at the median "
               f"({min(e):+.2f} to {max(e):+.2f}) against a link pass of {st.median([l for _, l in v]):.2f}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "relax_round1.txt"), "w").write(text)
print(text, end="")
