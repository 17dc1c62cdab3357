#!/usr/bin/env python3
"""run223's reading, written before the call, judging nothing: per process (in order), the wall,
the managed group's 64 MiB block (the facts' `seconds.managed 64 MiB`), its rows' timed trials
(the sum of `time_ms`) and the rest (allocations, the host's fills of managed pages before every
trial, warm-ups, checks), and the open's pieces (`startup.*`); then the first process less the
median of the later ones, the later ones' range, and per case the first's median trial over the
later processes' median. Rows that failed their check are counted and left out of nothing: the
rest is the block's seconds, whatever its rows.

    python3 calibration/h100/run223/reading.py DIR        (DIR holds managed-N.csv; > DIR/reading.txt)
"""
import collections, csv, glob, json, os, re, statistics as st, sys

d = sys.argv[1]
procs = []
for f in sorted(glob.glob(os.path.join(d, "managed-*.csv")), key=lambda p: int(re.search(r"-(\d+)\.csv$", p).group(1))):
    i = int(re.search(r"-(\d+)\.csv$", f).group(1))
    err = open(f[:-4] + ".err").read()
    m = re.findall(r"rc=(\d+) wall_ms=(\d+)", err)
    rc, wall = (int(m[-1][0]), int(m[-1][1]) / 1000) if m else (None, None)
    c = json.load(open(f[:-4] + ".facts.json"))["conditions"]
    rows = list(csv.DictReader(open(f)))
    cells = sum(float(r["time_ms"]) for r in rows if r["time_ms"] and r["bytes"] == "67108864") / 1000
    cases = collections.defaultdict(list)
    for r in rows:
        if r["time_ms"] and r["bytes"] == "67108864":
            cases[f"{r['policy']}/{r['case']}"].append(float(r["time_ms"]))
    block = float(c.get("seconds.managed 64 MiB", "nan"))
    start = {k[len("startup."):-2]: float(v) for k, v in c.items() if k.startswith("startup.") and k.endswith("_s")}
    failed = sum(r["check"] != "ok" for r in rows)
    procs.append(dict(i=i, rc=rc, wall=wall, block=block, cells=cells, rest=block - cells, start=start,
                      cases=cases, failed=failed, rows=len(rows)))

out = ["process  rc  wall s  block s  cells s  rest s  rows failed  " + "  ".join(sorted(procs[0]["start"])) if procs else "no processes"]
for p in procs:
    out.append(f"{p['i']:7d} {p['rc']!s:>3} {p['wall']:7.2f} {p['block']:8.2f} {p['cells']:8.2f} {p['rest']:7.2f} "
               f"{p['rows']:4d} {p['failed']:6d}  " + "  ".join(f"{p['start'][k]:.3f}" for k in sorted(p["start"])))
if len(procs) >= 2:
    first, later = procs[0], procs[1:]
    out.append("")
    for k in ("wall", "block", "cells", "rest"):
        v = [p[k] for p in later]
        out.append(f"{k:6s}: the first {first[k]:.2f} s, the later {len(v)}: median {st.median(v):.2f} "
                   f"({min(v):.2f}-{max(v):.2f}); first less median {first[k] - st.median(v):+.2f} s")
    out.append("")
    out.append("per case at 64 MiB: the first process's median trial over the later processes' median")
    for case in sorted(first["cases"], key=lambda c: -st.median(first["cases"][c]) / st.median(
            [st.median(p["cases"][c]) for p in later if p["cases"].get(c)] or [float("inf")])):
        ls = [st.median(p["cases"][case]) for p in later if p["cases"].get(case)]
        if ls:
            out.append(f"  {case:45s} {st.median(first['cases'][case]) / st.median(ls):.3f}")
text = "\n".join(out) + "\n"
open(os.path.join(d, "reading.txt"), "w").write(text)
print(text, end="")
