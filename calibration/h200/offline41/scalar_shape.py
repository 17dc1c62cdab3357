#!/usr/bin/env python3
"""The lead behind rule F, in sample (run188 judges it held out): faults one float a thread beyond
the scalar term's largest cell (64 MiB) priced as the streaming faults grow, the branch
`scalar-shape` (b2f521e). The programs of run156-run179 and umodel's workloads of run117-run137
(offline40's `common.py`: each run's calibrations refitted as `calibrate` fits them), priced by
the build of `main` and by the branch's.

    python3 calibration/h200/offline41/scalar_shape.py UMODEL UMODEL_F      (in scalar_shape.txt)
"""
import os, statistics as st, sys

HERE = os.path.dirname(os.path.abspath(__file__))
UMF = sys.argv.pop(2)
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
import common  # noqa: E402  (reads UMODEL from argv)

out = []
say = out.append
common.FIRST, common.LAST = 156, 179
cals = common.calibrations()
progs = common.programs(cals)
UM = common.UM
a = common.program_cells(cals, progs, lambda r, l, p: p)
common.UM = UMF
b = common.program_cells(cals, progs, lambda r, l, p: p)
moved = [(c, d) for c, d in zip(a, b) if c[5] != d[5]]
say(f"The programs ({len(a)} cells): {len(moved)} move, of sizes {sorted({c[2].split('-')[1] for c, _ in moved})}")
ea, eb = [abs(c[5]) for c in a], [abs(d[5]) for d in b]
say(f"  beyond 5 %: {sum(x > 5 for x in ea)} -> {sum(x > 5 for x in eb)}; median |error| {st.median(ea):.2f} -> {st.median(eb):.2f} %")
for size in ("67108864", "268435456"):
    for pol in ("managed", "managed-advise"):
        x = [(c[5], d[5]) for c, d in zip(a, b) if f"-{size}-" in c[2] and c[4] == pol]
        say(f"  {int(size) >> 20} MiB {pol:15} {len(x):3} cells: beyond 5 % {sum(abs(u) > 5 for u, _ in x)} -> "
            f"{sum(abs(v) > 5 for _, v in x)}, signed median {st.median(u for u, _ in x):+.2f} -> {st.median(v for _, v in x):+.2f} %")
common.FIRST, common.LAST = 117, 179
common.UM = UM
cals = common.calibrations()
wa = common.workload_cells(cals, lambda r, l, p: p)
common.UM = UMF
wb = common.workload_cells(cals, lambda r, l, p: p)
say(f"umodel's workloads ({len(wa)} cells): {sum(c[5] != d[5] for c, d in zip(wa, wb))} move")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "scalar_shape.txt"), "w").write(text)
print(text, end="")
