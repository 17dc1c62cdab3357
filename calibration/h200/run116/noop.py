#!/usr/bin/env python3
"""The no-op prefetch's samples in every minimal calibration since run91 (the current plan: 24
samples at 16 and at 64 MiB, `prefetch/seq_noop`): per calibration the median, the mean (what the
term is fitted through) and how many samples took over 1 ms, the slow spell. Then pooled: the
share of slow samples, and how far 24 draws at that share move the count by chance alone
(binomial SD), against how far it moved.

    python3 calibration/h200/run116/noop.py

from the repository root; output noop.txt beside this file.
"""
import csv, glob, math, os, re, statistics as st

out = []
say = out.append
runs = sorted({int(m.group(1)) for p in glob.glob("calibration/h200/run*/")
               if (m := re.match(r"calibration/h200/run(\d+)/$", p)) and int(m.group(1)) >= 91})
slow = {16: [], 64: []}
say("calibration                          16 MiB: median / mean ms, >1 ms   64 MiB: median / mean ms, >1 ms")
for r in runs:
    for f in sorted(glob.glob(f"calibration/h200/run{r}/**/models/*.minimal.csv", recursive=True)):
        d = {}
        for row in csv.DictReader(open(f)):
            if row["case"] == "seq_noop" and row["check"] == "ok":
                d.setdefault(int(row["bytes"]) >> 20, []).append(float(row["time_ms"]))
        if sorted(d) != [16, 64] or any(len(v) != 24 for v in d.values()):
            continue
        cells = []
        for mib in (16, 64):
            v = d[mib]
            n = sum(x > 1 for x in v)
            slow[mib].append(n)
            cells.append(f"{st.median(v):.3f} / {st.mean(v):.3f}, {n:2d} of 24")
        name = os.path.relpath(os.path.dirname(os.path.dirname(f)), "calibration/h200")
        say(f"  {name:34s} {cells[0]:28s} {cells[1]}")
say("")
for mib, ns in slow.items():
    p = sum(ns) / (24 * len(ns))
    say(f"{mib} MiB: {len(ns)} calibrations, slow samples {sum(ns)} of {24 * len(ns)} ({100 * p:.1f} %); "
        f"per calibration {min(ns)}-{max(ns)}, SD {st.pstdev(ns):.2f}; binomial SD of 24 draws {math.sqrt(24 * p * (1 - p)):.2f}")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "noop.txt"), "w").write(text)
print(text, end="")
