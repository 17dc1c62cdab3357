#!/usr/bin/env python3
"""examples/fault_backs.rs as run76 ran it (backs-1.csv, one process, 30 s): each step's median
[min–max] over the cycles after the first, then the host's extra on migrated pages paired cycle
by cycle against the same code on plain memory (both after the caches were evicted).

python3 calibration/h200/run76/backs.py from the repository root; output backs.txt beside this file.
"""
import collections, csv, os, statistics as st

D = os.path.dirname(os.path.abspath(__file__))
cycles, cur = [], None
for r in csv.DictReader(open(os.path.join(D, "backs-1.csv"))):
    if (r["variant"], r["step"]) == ("heap", "read"):
        cur = {}
        cycles.append(cur)
    cur[(r["variant"], r["step"])] = float(r["ms"])
cycles = cycles[1:]
fmt = lambda v: f"{st.median(v):7.2f} [{min(v):6.2f}–{max(v):6.2f}]"
out = [f"{len(cycles)} cycles after the first"]
for k in sorted(cycles[0]):
    out.append(f"{k[0]:11} {k[1]:6} {fmt([c[k] for c in cycles])}")
out.append("paired, less plain memory (ms):")
for label, a, b in [
    ("sum of pages random reads migrated", ("random", "read"), ("heap", "read")),
    ("sum of pages a streaming pass migrated", ("stream", "read"), ("heap", "read")),
    ("seed 001's final check, pages a streaming pass migrated", ("stream_chk", "check"), ("heap", "check")),
    ("seed 001's final check, its kernel's output", ("gather_chk", "check"), ("heap", "check")),
    ("one page in ten written, 64 MiB (1638 pages)", ("sparse64", "cpu"), ("sparse64", "heap")),
    ("one page in ten written, 256 MiB (6554 pages)", ("sparse256", "cpu"), ("sparse256", "heap")),
]:
    out.append(f"  {label:58} {fmt([c[a] - c[b] for c in cycles])}")
for n, k in [(1638, "sparse64"), (6554, "sparse256")]:
    v = [1e3 * (c[(k, "cpu")] - c[(k, "heap")]) / n for c in cycles]
    out.append(f"  {k}: µs a page {fmt(v)}")
open(os.path.join(D, "backs.txt"), "w").write("\n".join(out) + "\n")
print("\n".join(out))
