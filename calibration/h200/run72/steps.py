#!/usr/bin/env python3
"""Every copy and prefetch of the held-out workloads as run72 timed them (`bench --step-times`,
steps-33-*.csv, 15 trials), beside what the run's first calibration prices for the same step
(`predict --task --explain --json`, the run's first calibration fitted by this code, as the
model stands, no probe), and the
workload's own probe of the prefetch back to the host (its `probe_to_host` rows). Per step: the
measured median [min-max] over trials, the price, and measured less priced (ms).

`python3 calibration/h200/run72/steps.py [RUN TAG]` from the repository root after `cargo build
--release` (default `run72 33`; `run73 34` reads run73's steps-34-*.csv with its first calibration,
refitted by this code); output `steps.txt` in the run's directory.
"""
import csv, json, os, statistics as st, subprocess, sys, tempfile, collections

U = 'target/release/umodel'
RUN, TAG = (sys.argv[1], sys.argv[2]) if len(sys.argv) > 2 else ('run72', '33')
D = f'calibration/h200/{RUN}'
M = tempfile.mktemp(suffix='.json')
subprocess.run([U, 'fit', f'{D}/data-1/models/nvidia-h200-0931b6b9ea7c.minimal.csv', '-o', M],
               capture_output=True, check=True)
TASKS = {'workload': ['seed-001', 'seed-001-overlapped'], 'prodcons': ['producer-consumer'],
         'partial': ['partial-update'], 'compute': ['compute-bound']}
out = []
for w, names in TASKS.items():
    rows = list(csv.DictReader(open(f'{D}/steps-{TAG}-{w}.csv')))
    probe = [float(r['time_ms']) for r in csv.DictReader(l for l in open(f'{D}/tasks-{TAG}-{w}.csv') if not l.startswith('#'))
             if r['case'].endswith(':probe_to_host')]
    out.append(f'== {w}: the workload\'s probe of the prefetch back: median {st.median(probe):.2f} ms [{min(probe):.2f}-{max(probe):.2f}], {len(probe)} rounds')
    for name in names:
        pols = sorted({r['policy'] for r in rows if r['task'] == name})
        for pol in pols:
            for reuse in sorted({r['reuse'] for r in rows if r['task'] == name and r['policy'] == pol}, key=int):
                sel = [r for r in rows if r['task'] == name and r['policy'] == pol and r['reuse'] == reuse]
                by = collections.defaultdict(list)
                meta = {}
                for r in sel:
                    i = int(r['index'])
                    by[i].append(float(r['ms']))
                    meta[i] = (r['round'], r['step'], r['buffer'], r['to'])
                moves = [i for i in sorted(by) if meta[i][1] in ('prefetch', 'copy')]
                if not moves:
                    continue
                p = subprocess.run([U, 'predict', '-m', M, '--task', f'tasks/{name}.json', '--policy', pol,
                                    '--reuse', reuse, '--explain', '--json'], capture_output=True, text=True, check=True)
                ex = [e for e in json.loads(p.stdout)['explain'] if e['kind'] in ('prefetch', 'copy')]
                out.append(f'-- {name} {pol} R={reuse} ({len(by[moves[0]])} trials)')
                if len(ex) != len(moves):
                    out.append(f'   steps {len(moves)} against {len(ex)} priced: not compared')
                    continue
                tot_m = tot_p = tot_mean = 0.0
                totals = collections.defaultdict(float)
                for r in sel:
                    if r['step'] in ('prefetch', 'copy'):
                        totals[r['trial']] += float(r['ms'])
                for i, e in zip(moves, ex):
                    v = by[i]
                    rnd, step, buf, to = meta[i]
                    assert e['buffer'] == buf, (e, meta[i])
                    med = st.median(v)
                    tot_m += med; tot_p += e['ms']; tot_mean += st.mean(v)
                    out.append(f'   {rnd:>5} {step:8} {buf:7} to {to:6} {med:7.3f} [{min(v):6.3f}-{max(v):6.3f}]  priced {e["ms"]:7.3f}  {med - e["ms"]:+7.3f}')
                out.append(f'   sum of medians {tot_m:.2f}, sum of means {tot_mean:.2f}, median of the trials\' '
                           f'totals {st.median(totals.values()):.2f}; priced {tot_p:.2f}, '
                           f'median total less priced {st.median(totals.values()) - tot_p:+.2f}')
# How often a prefetch met the slow rate (over twice its step's median) by what came before it: a
# phase (`cpu`, `gpu`) or the task's start, and its place in the run of prefetches that followed.
out.append('== slow prefetches by place (64 MiB workloads; 256 MiB: the partial update)')
stats = collections.defaultdict(list)
for w in TASKS:
    rows = list(csv.DictReader(open(f'{D}/steps-{TAG}-{w}.csv')))
    runs = collections.defaultdict(list)
    med = collections.defaultdict(list)
    for r in rows:
        runs[(r['task'], r['policy'], r['reuse'], r['trial'])].append(r)
        med[(r['task'], r['policy'], r['reuse'], r['index'])].append(float(r['ms']))
    med = {k: st.median(v) for k, v in med.items()}
    for seq in runs.values():
        seq.sort(key=lambda r: int(r['index']))
        prev, pos = 'start', 0
        for r in seq:
            if r['step'] != 'prefetch':
                prev, pos = r['step'], 0
                continue
            pos += 1
            m = med[(r['task'], r['policy'], r['reuse'], r['index'])]
            kind = ('moving' if m > 0.8 else 'in place') + ' to ' + r['to'] + (' (256 MiB)' if w == 'partial' else '')
            stats[(kind, prev, pos)].append(float(r['ms']) / m)
for k in sorted(stats):
    v = stats[k]
    out.append(f'   {k[0]:24} after {k[1]:5} #{k[2]}: {len(v):4} samples, slow {sum(x > 2 for x in v) / len(v):5.1%}, mean/median {st.mean(v):.2f}')
open(f'{D}/steps.txt', 'w').write('\n'.join(out) + '\n')
print('\n'.join(out))
