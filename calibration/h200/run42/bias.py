#!/usr/bin/env python3
"""Signed error (%) of every held-out workload cell, run by run, with the run's probe: where the
model leans one way across runs rather than scattering.

For each run of 15 trials a cell (run43 ... run65), this code's fit of the run's first calibration
(`umodel fit CSV -o M`), then `umodel validate -m M --task tasks/T.json RUN/tasks-N.csv --json
--probe`; one line per (workload, policy, R): the mean over runs, then each run's error. Run from
the repository root after `cargo build --release`. Calibrations before run62 have no
`map_gather_write`, so seed 001's host-mapped row there is priced as the model then priced it.

`--parts`: each managed row's sides instead (`validate --parts`: CPU, GPU, movement; every policy's
with `--all-policies`), predicted less measured in ms, the sides where some run is off by 0.5 ms
or more (output `bias_parts.txt`).
"""
import collections
import glob
import json
import os
import subprocess
import sys
import tempfile

U='target/release/umodel'
PARTS='--parts' in sys.argv[1:]
TASKS=["seed-001","seed-001-overlapped","partial-update","compute-bound","producer-consumer"]
RUNS=[("run43","tasks-18"),("run44","tasks-19"),("run47","tasks-20"),("run49","tasks-22"),("run53","tasks-24"),("run55","tasks-25"),("run57","tasks-26"),("run58","tasks-27"),("run64","tasks-29"),("run65","tasks-30")]
err=collections.defaultdict(dict)
for run,csv in RUNS:
    d=f'calibration/h200/{run}'
    cals=sorted(glob.glob(f'{d}/data/models/*.minimal*.csv'))
    # first calibration: the one with a timestamp (moved aside) if any, else the plain one
    ts=[c for c in cals if 'Z.csv' in c]
    cal=ts[0] if ts else [c for c in cals if c.endswith('minimal.csv')][0]
    m=tempfile.mktemp(suffix='.json')
    subprocess.run([U,'fit',cal,'-o',m],capture_output=True,check=True)
    for t in TASKS:
        r=subprocess.run([U,'validate','-m',m,'--task',f'tasks/{t}.json',f'{d}/{csv}.csv','--json','--probe']+(['--parts'] if PARTS else []),capture_output=True,text=True)
        if r.returncode: print(run,t,r.stderr[:200]); continue
        for p in json.loads(r.stdout)['points']:
            if not PARTS:
                err[(t,p['policy'],p['reuse'])][run]=100*(p['predicted_ms']/p['measured_ms']-1)
            elif 'managed' in p['policy'] or '--all-policies' in sys.argv[1:]:
                for side in ('cpu','gpu','movement'):
                    q=p['parts'][side]
                    err[(t,p['policy'],p['reuse'],side)][run]=q['predicted_ms']-q['measured_ms']
    os.unlink(m)
side=f" {'side':8s}" if PARTS else ''
print(f"{'workload':20s} {'policy':24s} {'R':>4s}{side} {'':11s} | "+' '.join(f'{r:>6s}' for r,_ in RUNS))
for k,v in err.items():
    vals=[v.get(r) for r,_ in RUNS]
    xs=[x for x in vals if x is not None]
    if PARTS and max(abs(x) for x in xs)<0.5: continue
    mean=sum(xs)/len(xs)
    side=f" {k[3]:8s}" if PARTS else ''
    print(f"{k[0]:20s} {k[1]:24s} {k[2]:4.0f}{side} mean {mean:+6.1f} | "+' '.join('   -  ' if x is None else f'{x:+6.1f}' for x in vals))
