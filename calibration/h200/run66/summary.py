#!/usr/bin/env python3
"""Medians [min–max] of every step of examples/advice_touches.rs, per process (touches-N.csv),
and the differences the model prices: each host read less the heap read of the same cycle, and
seed 001's pass faulting three buffers in against its primitives one at a time."""
import collections, csv, glob, statistics as st, sys, os
d = os.path.dirname(os.path.abspath(__file__))
def med(xs): return f"{st.median(xs):7.2f} [{min(xs):6.2f}–{max(xs):6.2f}]"
for f in sorted(glob.glob(f'{d}/touches-*.csv')):
    rows = list(csv.DictReader(open(f)))
    # cycles: split on each heap read
    cyc, cur = [], None
    for r in rows:
        if r['variant'] == 'heap':
            cur = {}; cyc.append(cur)
        cur[(r['variant'], r['step'])] = float(r['ms'])
    cyc = cyc[1:]  # the first cycle is the process's warm-up
    print(f"== {os.path.basename(f)}: {len(cyc)} cycles after the first")
    keys = [k for k in cyc[0]]
    for k in keys:
        xs = [c[k] for c in cyc if k in c]
        line = f"{k[0]:10s} {k[1]:12s} {med(xs)}"
        if k[1].startswith('read') or k[1] == 'out_read':
            ds = [c[k] - c[('heap','read')] for c in cyc if k in c]
            line += f"   less heap {med(ds)}"
        print(line)
    for v in ('seed:none', 'seed:adv'):
        ds = [c[(v,'together')] - c[(v,'table_alone')] - c[(v,'keys_alone')] - c[(v,'out_alone')] for c in cyc]
        print(f"{v:10s} together − sum of the three alone {med(ds)}")
