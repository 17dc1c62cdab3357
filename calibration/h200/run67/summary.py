#!/usr/bin/env python3
"""Medians [min–max] of every step of examples/advice_touches.rs, per process (touches-N.csv), and
the differences the model prices: each host read less the heap read of the same cycle; seed 001's
pass faulting three buffers in against its primitives one at a time, on kept buffers advised before
the fill (seed:*) and on new allocations advised after it as the workload does (fresh:*)."""
import csv, glob, statistics as st, os
d = os.path.dirname(os.path.abspath(__file__))
def med(xs): return f"{st.median(xs):7.2f} [{min(xs):6.2f}–{max(xs):6.2f}]"
for f in sorted(glob.glob(f'{d}/touches-*.csv')):
    rows = list(csv.DictReader(open(f)))
    cyc, cur = [], None
    for r in rows:
        if r['variant'] == 'heap':
            cur = {}; cyc.append(cur)
        k = (r['variant'], r['step'])
        # pc repeats its steps once per round: keep each occurrence
        n = sum(1 for kk in cur if kk[:2] == k)
        cur[k + (n,)] = float(r['ms'])
    cyc = cyc[1:]  # the first cycle is the process's warm-up
    print(f"== {os.path.basename(f)}: {len(cyc)} cycles after the first")
    for k in cyc[0]:
        xs = [c[k] for c in cyc if k in c]
        step = k[1] if k[2] == 0 else f"{k[1]}#{k[2]}"
        line = f"{k[0]:10s} {step:18s} {med(xs)}"
        if k[1].startswith('read') or k[1] == 'out_read':
            ds = [c[k] - c[('heap', 'read', 0)] for c in cyc if k in c]
            line += f"   less heap {med(ds)}"
        print(line)
    for v in ('seed:none', 'seed:adv'):
        ds = [c[(v, 'together', 0)] - c[(v, 'table_alone', 0)] - c[(v, 'keys_alone', 0)]
              - c[(v, 'out_alone', 0)] for c in cyc]
        print(f"{v:10s} together − sum of the three alone {med(ds)}")
    for a in ('none', 'adv'):
        ds = [c[(f'fresh:{a}', 'together', 0)] - c[(f'seed:{a}', 'together', 0)] for c in cyc]
        print(f"fresh:{a:4s} together − seed:{a} together      {med(ds)}")
        ds = [c[(f'fresh:{a}', 'together', 0)] - c[(f'seed:{a}', 'table_alone', 0)]
              - c[(f'seed:{a}', 'keys_alone', 0)] - c[(f'seed:{a}', 'out_alone', 0)] for c in cyc]
        print(f"fresh:{a:4s} together − seed:{a}'s three alone {med(ds)}")
    mv = [sum(v for k, v in c.items() if k[0] == 'pc' and k[1] not in ('pass', 'read')) for c in cyc]
    print(f"pc         every prefetch, summed     {med(mv)}")
