#!/usr/bin/env python3
"""Which task terms does one calibration price mostly from noise, and would pricing them from a
pool of other calibrations of the platform serve the tasks better? An analysis of committed
files only (no GPU; `common.py` says which calibrations and tasks). The terms are chosen from
the calibrations alone, before any task is priced:

- for each task term, on the runs with two calibrations of one VM (run138 onwards), the share of
  its spread (the log of its price at 64 MiB) that lies between two calibrations of one VM (half
  the pairs' mean square difference) over its spread across all calibrations; a term whose share
  is at least one half is a candidate: one calibration says less about its VM than the VM says
  about the platform. `prefetch_to_host` is pooled already and `cpu_update` is the handoff's own
  CPU stage (tasks give theirs), so neither is a candidate;
- each calibration priced as fitted and with every candidate replaced, whole, by that of the
  calibration whose price at 64 MiB is the lower median of every other run's calibrations (leave
  one run out; the way `TermPool` keeps a term); then each candidate alone, as a diagnostic.

    python3 calibration/h200/offline40/pool_noise.py UMODEL      (in pool_noise.txt)
"""
import math, os, statistics as st
from common import AT, HERE, calibrations, compare, edited, med, price, program_cells, programs, workload_cells

NOT_CANDIDATES = {"prefetch_to_host", "cpu_update"}
cals = calibrations()
out = [f"{sum(len(v) for v in cals.values())} calibrations of {len(cals)} runs, refitted; "
       f"two of one VM in {sum(len(v) == 2 for v in cals.values())} runs", "",
       "term                          cals  pairs  sd all  sd within a VM  share within"]
names = sorted(set().union(*({k for k, v in tt.items() if isinstance(v, dict) and "ms_per_gib" in v}
                             for v in cals.values() for _, _, tt in v)))
cand = []
for k in names:
    logs, pairs = [], []
    for v in cals.values():
        xs = [math.log(price(tt[k])) for _, _, tt in v if k in tt and price(tt[k]) > 0]
        logs += xs
        if len(xs) == 2:
            pairs.append(xs)
    if len(pairs) < 10:
        continue
    sd = st.pstdev(logs)
    within = math.sqrt(sum((a - b) ** 2 / 2 for a, b in pairs) / len(pairs))
    share = (within / sd) ** 2 if sd > 0 else 0.0
    if share >= 0.5 and k not in NOT_CANDIDATES:
        cand.append(k)
    out.append(f"{k:28} {len(logs):5} {len(pairs):6} {sd:7.3f} {within:15.3f} {share:13.2f}"
               f"{'  candidate' if k in cand else ''}")
out += ["", f"candidates ({len(cand)}): {', '.join(cand)}", ""]


def pooled(terms):
    def edit(r, tt):
        for k in terms:
            others = sorted(((price(t[k]), t[k]) for rr, v in cals.items() if rr != r
                             for _, _, t in v if k in t), key=lambda x: x[0])
            if others and k in tt:
                tt[k] = others[(len(others) - 1) // 2][1]
    return lambda r, label, path: edited(r, label, path, edit, f"pool{len(terms)}-{terms[0]}")


own = lambda r, label, path: path
progs = programs(cals)
for title, cells in (("the independent programs (run160-run177)", lambda m: program_cells(cals, progs, m)),
                     ("umodel's workloads (run117-run137)", lambda m: workload_cells(cals, m))):
    a, b = cells(own), cells(pooled(cand))
    out += compare(f"{title}, own -> pooled", a, b)
    if title.startswith("the independent"):
        def gap(cs):
            by = {}
            for c in cs:
                by.setdefault((c[0], c[2], c[4]), []).append(c[5])
            d = [abs(v[0] - v[1]) for v in by.values() if len(v) == 2]
            return med(d), len(d)
        (g0, n), (g1, _) = gap(a), gap(b)
        out.append(f"  the two calibrations of one VM disagree by {g0:.2f} -> {g1:.2f} points at the median ({n} cells)")
    out.append("  each candidate pooled alone (cells beyond 5 %, median |error|):")
    for k in cand:
        one = cells(pooled([k]))
        out.append(f"    {k:28} {sum(abs(c[5]) > 5 for c in one):4} ({med([abs(c[5]) for c in one]):.2f} %)")
    out.append("")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "pool_noise.txt"), "w").write(text)
print(text, end="")
