#!/usr/bin/env python3
"""The shipped H200 model's task predictions on the ten held-out runs of 15 trials a cell
(run43 ... run65, 380 cells), with the task terms it ships (`-m h200`: run65's) and with a
candidate pooled over the 14 calibrations that measure read-mostly duplication after the fill
and faults one float a thread (run69's four, run70, run71, run72's three, run73's two, run74's
three; `umodel fit --task-terms-from` once each: every term from the calibration whose value at
64 MiB is the median; `prefetch_next` from the five of run73 and run74), shifts from the minimal
calibrations run48 ... run74: cells beyond 5 %, median APE, cells inside the 90 % intervals, clear
orderings right, as the model stands and with the run's probe (`--probe`), and per run
`median/beyond`. No calibration of these runs is involved. Then the same on the workloads of
run70 ... run74, whose sessions the pool's calibrations come from.

Run from the repository root after `cargo build --release`; it prints what `shipped.txt` beside
this file holds.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

U = 'target/release/umodel'
TASKS = ["seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"]
TEN = [(r, [c]) for r, c in [
    ("run43", "tasks-18"), ("run44", "tasks-19"), ("run47", "tasks-20"), ("run49", "tasks-22"),
    ("run53", "tasks-24"), ("run55", "tasks-25"), ("run57", "tasks-26"), ("run58", "tasks-27"),
    ("run64", "tasks-29"), ("run65", "tasks-30")]]
W = ["workload", "prodcons", "compute", "partial"]
# The workloads of the runs whose calibrations are pooled (other processes, minutes apart: the
# pool has seen their sessions' regime, the shipped model has not).
LATER = [("run70", ["tasks-31"]), ("run71", [f"tasks-32-{w}" for w in W[:3]]),
         ("run72", [f"tasks-33-{w}" for w in W]), ("run73", [f"tasks-34-{w}" for w in W]),
         ("run74", [f"tasks-35-{w}" for w in W])]
R = 'calibration/h200'
M = 'data/models/nvidia-h200-0931b6b9ea7c.minimal'

new = os.path.join(tempfile.mkdtemp(), 'H200_POOLED.json')
fit = [U, 'fit', f'{R}/run2/full-3.csv']
for n in ['full-1', 'minimal-1', 'minimal-2', 'minimal-3']:
    fit += ['--noise-from', f'{R}/run2/{n}.csv']
POOL = ['run69/data-1|', 'run69/data-2|', 'run69/data-3|', 'run69/data-4|', 'run70/data|',
        'run71/data|', 'run72/data-1|', 'run72/data-2|', 'run72/data-3|', 'run73/data-1|',
        'run73/data-2|', 'run74/data-1|', 'run74/data-2|', 'run74/data-3|']
for s in POOL:
    d, suffix = s.split('|')
    fit += ['--task-terms-from', f'{R}/{d}/models/nvidia-h200-0931b6b9ea7c.minimal{suffix}.csv']
SHIFTS = ['run48/data|.2026-12-01T13-48-13Z', 'run48/data|', 'run49/data|', 'run52/data|',
          'run53/data|.2026-12-01T14-35-29Z', 'run53/data|', 'run55/data|.2026-12-01T16-09-59Z',
          'run55/data|', 'run57/data|.2026-12-01T16-22-32Z', 'run57/data|',
          'run58/data|.2026-12-01T16-29-49Z', 'run58/data|', 'run59/data|', 'run62/data-1|',
          'run62/data-2|', 'run62/data-3|', 'run62/data-4|', 'run63/data-1|', 'run63/data-2|',
          'run63/data-3|', 'run63/data-4|', 'run64/data|', 'run65/data|'] + POOL
for s in SHIFTS:
    d, suffix = s.split('|')
    fit += ['--task-noise-from', f'{R}/{d}/models/nvidia-h200-0931b6b9ea7c.minimal{suffix}.csv']
subprocess.run(fit + ['-o', new], capture_output=True, check=True)

for runs, title in [(TEN, "the ten held-out runs run43 ... run65"),
                    (LATER, "the workloads of run70 ... run74 (not held out from the pool's sessions)")]:
  print(f"== {title}")
  for label, model in [("shipped (run65's terms)", 'h200'), ("candidate pooled over 14 calibrations", new)]:
    for probe in ([], ['--probe']):
        apes, beyond, inside, right, total, per = [], 0, 0, 0, 0, []
        for run, csvs in runs:
            a, b = [], 0
            for t in TASKS:
                r = subprocess.run([U, 'validate', '-m', model, '--task', f'tasks/{t}.json',
                                    *[f'{R}/{run}/{c}.csv' for c in csvs], '--json'] + probe,
                                   capture_output=True, text=True)
                if r.returncode:
                    if run == "run71" and t == "partial-update":
                        continue  # cut by the device time
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
