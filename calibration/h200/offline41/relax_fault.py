#!/usr/bin/env python3
"""A reading, judging nothing: how much of the relaxation's managed-advise lean is `b`'s fault-in?
Under managed-advise the relaxation's first kernel faults `b` (64 or 256 MiB, read by the GPU
only) onto the device and reads `x` over the link as every later kernel does, so its round-1
kernel less the later rounds' median is `b`'s fault-in (`relax.cu`'s steps files: run175,
run181, run182; the kernel steps only; run183's, named by pinning, left out). Against the embedded model's `fault_in_scalar` (the
term that prices it: one float a thread, `b` without `gpu_vector`).

    python3 calibration/h200/offline41/relax_fault.py        (in relax_fault.txt)
"""
import csv, glob, json, os, re, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
terms = json.load(open(os.path.join(ROOT, "models", "h200.json")))["task_terms"]
out = []
by_size = {}
for f in sorted(glob.glob(os.path.join(ROOT, "calibration", "h200", "run1[78]*", "relax-*.steps.csv"))):
    m = re.search(r"relax-(\d+)-", os.path.basename(f))
    if not m:
        continue  # run183's, named by pinning (one host thread), not size
    b = int(m.group(1))
    k = {}
    for r in csv.DictReader(open(f)):
        if r["policy"] == "managed-advise" and r["step"] == "kernel":
            k.setdefault(r["round"], []).append(float(r["ms"]))
    if "0" not in k:
        continue
    first = st.median(k["0"])
    later = st.median([x for rd, v in k.items() if rd != "0" for x in v])
    by_size.setdefault(b, []).append(first - later)
    out.append(f"{os.path.relpath(f, ROOT)}: round 1 {first:.2f} ms, later {later:.2f} ms, b's fault-in {first - later:.2f} ms")
out.append("")
for b, v in sorted(by_size.items()):
    c = terms["fault_in_scalar"]
    price = c["lat_ms"] + c["ms_per_gib"] * b / 2**30
    out.append(f"{b >> 20} MiB: {len(v)} files, b's fault-in {min(v):.2f}-{max(v):.2f} ms, median {st.median(v):.2f}; "
               f"the embedded fault_in_scalar {price:.2f} ms")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "relax_fault.txt"), "w").write(text)
print(text, end="")
