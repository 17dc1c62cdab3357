#!/usr/bin/env python3
"""Each round's CPU phase and the final host access under the managed and managed-advise policies,
as run73 and run74 timed them (`bench --step-times`, steps-*.csv: median over 15 trials), beside
what each run's first calibration (fitted by this code, as it stands, no probe) prices for them
given the plain-memory phase times the same run measured (`predict --task --cpu-ms --cpu-final-ms
--explain --json`: the CPU phase plus the CPU's faults back and first touches). Per row
`r<round> measured/priced` in ms. Where the CPU sides of the managed rows miss.

`python3 calibration/h200/run74/cpu_rounds.py` from the repository root after `cargo build
--release`; output `cpu_rounds.txt` beside this file.
"""
import collections, csv, glob, json, os, statistics as st, subprocess, tempfile

U = 'target/release/umodel'
W = [('workload', 'seed-001'), ('prodcons', 'producer-consumer'), ('compute', 'compute-bound'),
     ('partial', 'partial-update')]


def cpu_rounds(runs, here):
    """The rounds of `runs` [(run, its workload CSVs' tag)] (each run's first calibration: the
    first of its data folders), written to cpu_rounds.txt in the folder `here` and printed."""
    out = []
    for run, tag in runs:
        d = f'calibration/h200/{run}'
        m = tempfile.mktemp(suffix='.json')
        subprocess.run([U, 'fit', sorted(glob.glob(f'{d}/data*/models/nvidia-h200-0931b6b9ea7c.minimal.csv'))[0], '-o', m],
                       capture_output=True, check=True)
        for w, task in W:
            steps = list(csv.DictReader(open(f'{d}/steps-{tag}-{w}.csv')))
            rows = list(csv.DictReader(l for l in open(f'{d}/tasks-{tag}-{w}.csv') if not l.startswith('#')))
            plain = [float(r['time_ms']) for r in rows if r['case'] == f'{task}:plain_cpu']
            fin = [float(r['time_ms']) for r in rows if r['case'] == f'{task}:plain_final']
            args = ['--cpu-ms', str(st.median(plain))] + (['--cpu-final-ms', str(st.median(fin))] if fin else [])
            out.append(f'== {run} {task}: plain CPU phase {st.median(plain):.2f} ms'
                       + (f', plain final {st.median(fin):.2f} ms' if fin else ''))
            for pol in ['managed', 'managed-advise']:
                by = collections.defaultdict(list)
                for r in steps:
                    if r['task'] == task and r['policy'] == pol and r['reuse'] == '1' and r['step'] in ('cpu', 'cpu_final'):
                        by[r['round']].append(float(r['ms']))
                p = subprocess.run([U, 'predict', '-m', m, '--task', f'tasks/{task}.json', '--policy', pol,
                                    *args, '--explain', '--json'], capture_output=True, text=True, check=True)
                priced = collections.defaultdict(float)
                for e in json.loads(p.stdout)['explain']:
                    if e['kind'] in ('cpu', 'cpu_faults', 'cpu_final'):
                        priced['final' if e['round'] is None else str(e['round'])] += e['ms']
                out.append(f'   {pol:15} ' + '  '.join(
                    f'r{k} {st.median(by[k]):.1f}/{priced[k]:.1f}' for k in sorted(by, key=lambda k: (k == 'final', k))))
    open(os.path.join(here, 'cpu_rounds.txt'), 'w').write('\n'.join(out) + '\n')
    print('\n'.join(out))


if __name__ == "__main__":
    cpu_rounds([('run73', '34'), ('run74', '35')], os.path.dirname(os.path.abspath(__file__)))
