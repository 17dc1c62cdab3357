#!/usr/bin/env python3
"""Medians [min–max] per primitive and order of examples/advice_order.rs, per process
(order-N.csv), the first cycle left out (the process's warm-up), and each order less `none` in the
same cycle (paired)."""
import csv, glob, statistics as st, os
d = os.path.dirname(os.path.abspath(__file__))
def med(xs): return f"{st.median(xs):7.2f} [{min(xs):6.2f}–{max(xs):6.2f}]"
ORDERS = ['none', 'before', 'after', 'kept', 'rekept']
for f in sorted(glob.glob(f'{d}/order-*.csv')):
    rows = list(csv.DictReader(open(f)))
    cyc, seen = [], {}
    for r in rows:
        k = (r['prim'], r['order'])
        n = seen.get(k, 0); seen[k] = n + 1
        while len(cyc) <= n:
            cyc.append({})
        cyc[n][k] = float(r['ms'])
    cyc = [c for c in cyc[1:] if len(c) == len(cyc[0])]
    print(f"== {os.path.basename(f)}: {len(cyc)} cycles after the first")
    for p in ['table', 'keys', 'out', 'seed', 'seed-keysnone']:
        for o in ORDERS:
            xs = [c[(p, o)] for c in cyc]
            line = f"{p:14s} {o:7s} {med(xs)}"
            if o != 'none':
                line += f"   less none {med([c[(p, o)] - c[(p, 'none')] for c in cyc])}"
            print(line)
    for o in ORDERS:
        ds = [c[('seed', o)] - c[('table', o)] - c[('keys', o)] - c[('out', o)] for c in cyc]
        print(f"seed − table − keys − out, {o:7s} {med(ds)}")
