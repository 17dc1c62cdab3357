#!/usr/bin/env python3
"""Medians [min–max] per kernel and state of examples/fault_pairs.rs (pairs-N.csv, per process, the
first cycle left out), and the extra of faulting every buffer in one pass, paired by cycle:
all − resident − Σ (only:b − resident)."""
import csv, glob, statistics as st, os
d = os.path.dirname(os.path.abspath(__file__))
def med(xs): return f"{st.median(xs):7.2f} [{min(xs):6.2f}–{max(xs):6.2f}]"
for f in sorted(glob.glob(f'{d}/pairs-*.csv')):
    rows = list(csv.DictReader(open(f)))
    cyc, seen = [], {}
    for r in rows:
        k = (r['kernel'], r['state'])
        n = seen.get(k, 0); seen[k] = n + 1
        while len(cyc) <= n:
            cyc.append({})
        cyc[n][k] = float(r['ms'])
    cyc = [c for c in cyc[1:] if len(c) == len(cyc[0])]
    print(f"== {os.path.basename(f)}: {len(cyc)} cycles after the first")
    for kern in ['produce', 'triad', 'gather']:
        states = sorted({k[1] for k in cyc[0] if k[0] == kern}, key=lambda s: (s != 'all', s == 'resident', s))
        for s in states:
            xs = [c[(kern, s)] for c in cyc]
            line = f"{kern:8s} {s:12s} {med(xs)}"
            if s != 'resident':
                line += f"   less resident {med([c[(kern, s)] - c[(kern, 'resident')] for c in cyc])}"
            print(line)
        only = [s for s in states if s.startswith('only:')]
        ex = [c[(kern, 'all')] - c[(kern, 'resident')] - sum(c[(kern, s)] - c[(kern, 'resident')] for s in only) for c in cyc]
        print(f"{kern:8s} extra of all together       {med(ex)}")
