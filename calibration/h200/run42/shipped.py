#!/usr/bin/env python3
"""The shipped H200 model's task predictions on the ten held-out runs of 15 trials a cell
(run43 ... run65, 380 cells), with the task terms shipped until 2026-12-01 (run16's, the model made
again as NOTES.md "The shipped model" says) and with today's (`-m h200`, run65's): for each, cells
beyond 5 %, the median APE, cells inside their 90 % intervals and the clear orderings right, as the
model stands and with the run's probe (`--probe`), and per run `median/beyond`. No calibration of
the run is involved: each run's workloads against the shipped model alone.

Run from the repository root after `cargo build --release`; output `shipped.txt` beside this file.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

U = 'target/release/umodel'
TASKS = ["seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"]
RUNS = [("run43", "tasks-18"), ("run44", "tasks-19"), ("run47", "tasks-20"), ("run49", "tasks-22"),
        ("run53", "tasks-24"), ("run55", "tasks-25"), ("run57", "tasks-26"), ("run58", "tasks-27"),
        ("run64", "tasks-29"), ("run65", "tasks-30")]
R = 'calibration/h200'
M = 'data/models/nvidia-h200-0931b6b9ea7c.minimal'

old = os.path.join(tempfile.mkdtemp(), 'H200_RUN16.json')
fit = [U, 'fit', f'{R}/run2/full-3.csv']
for n in ['full-1', 'minimal-1', 'minimal-2', 'minimal-3']:
    fit += ['--noise-from', f'{R}/run2/{n}.csv']
fit += ['--task-terms-from', f'{R}/run16/{M}.csv']
for o in [f'run16/{M}.2026-11-30T19-50-53Z.csv', f'run16/{M}.2026-11-30T19-51-13Z.csv',
          f'run25/{M}.csv', f'run26/{M}.csv']:
    fit += ['--task-noise-from', f'{R}/{o}']
subprocess.run(fit + ['-o', old], capture_output=True, check=True)

for label, model in [("until 2026-12-01 (run16's terms)", old), ("today's (run65's terms)", 'h200')]:
    for probe in ([], ['--probe']):
        apes, beyond, inside, right, total, per = [], 0, 0, 0, 0, []
        for run, csv in RUNS:
            a, b = [], 0
            for t in TASKS:
                r = subprocess.run([U, 'validate', '-m', model, '--task', f'tasks/{t}.json',
                                    f'{R}/{run}/{csv}.csv', '--json'] + probe,
                                   capture_output=True, text=True)
                if r.returncode:
                    sys.exit(f'{run} {t}: {r.stderr}')
                d = json.loads(r.stdout)
                for p in d['points']:
                    a.append(p['ape_pct'])
                    b += p['ape_pct'] > 5
                    inside += p['in_interval']
                right += d['order_right']
                total += d['order_total']
            per.append(f'{run} {statistics.median(a):.2f}/{b}')
            apes += a
            beyond += b
        how = 'with the run\'s probe' if probe else 'as the model stands'
        print(f'{label}, {how}: {beyond} of {len(apes)} beyond 5 %, median APE '
              f'{statistics.median(apes):.2f} %, {inside} inside the 90 % interval, '
              f'orderings {right}/{total}')
        print('  ' + ', '.join(per))
