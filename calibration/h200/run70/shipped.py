#!/usr/bin/env python3
"""The shipped H200 model's task predictions on the ten held-out runs of 15 trials a cell
(run43 ... run65, 380 cells), with the task terms it ships (`-m h200`: run65's, shifts from the 22
minimal calibrations since run48) and with a candidate not shipped (run70's, the first calibration
measuring duplication after the fill and faults one float a thread, shifts from run48 ... run69's
27 minimal calibrations, made by `umodel fit` here): for each, cells beyond 5 %,
the median APE, cells inside their 90 % intervals and the clear orderings right, as the model
stands and with the run's probe (`--probe`), and per run `median/beyond`. No calibration of the run
is involved. run70's own workloads are left out (its calibration is the new model's).

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

new = os.path.join(tempfile.mkdtemp(), 'H200_RUN70.json')
fit = [U, 'fit', f'{R}/run2/full-3.csv']
for n in ['full-1', 'minimal-1', 'minimal-2', 'minimal-3']:
    fit += ['--noise-from', f'{R}/run2/{n}.csv']
fit += ['--task-terms-from', f'{R}/run70/{M}.csv']
SHIFTS = ['run48/data|.2026-12-01T13-48-13Z', 'run48/data|', 'run49/data|', 'run52/data|',
          'run53/data|.2026-12-01T14-35-29Z', 'run53/data|', 'run55/data|.2026-12-01T16-09-59Z',
          'run55/data|', 'run57/data|.2026-12-01T16-22-32Z', 'run57/data|',
          'run58/data|.2026-12-01T16-29-49Z', 'run58/data|', 'run59/data|', 'run62/data-1|',
          'run62/data-2|', 'run62/data-3|', 'run62/data-4|', 'run63/data-1|', 'run63/data-2|',
          'run63/data-3|', 'run63/data-4|', 'run64/data|', 'run65/data|', 'run69/data-1|',
          'run69/data-2|', 'run69/data-3|', 'run69/data-4|']
for s in SHIFTS:
    d, suffix = s.split('|')
    fit += ['--task-noise-from', f'{R}/{d}/models/nvidia-h200-0931b6b9ea7c.minimal{suffix}.csv']
subprocess.run(fit + ['-o', new], capture_output=True, check=True)

for label, model in [("shipped (run65's terms)", 'h200'), ("candidate, not shipped (run70's terms)", new)]:
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
