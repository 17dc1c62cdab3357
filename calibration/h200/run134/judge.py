#!/usr/bin/env python3
"""Rule, written 2026-12-03 before `validate --back-beside` was built and before run134's and
run135's data came back: does the plain final pass timed beside each row, read as the host's
level, price that row's prefetch back to the host?

Why it might: in the partial update the prefetching rows' prefetch back follows the plain final
pass beside the same row (correlation +0.73 at the median over 23 runs, row by row), while the
probe at the trial's start does not (-0.03); across runs the probe already follows the run's
level (+0.92; heldout-back/task_level.txt, the only figures looked at before this rule). The
pairing: each row's (and each trial's) prefetch back to the host, as the run's probe prices it,
times that row's plain final pass beside over the run's plain final pass (the phase the caller
timed). It moves only the prefetching policies' rows of tasks with a final host pass.

Compared, each run on its own calibration (fitted by this build), every cell's paired error
(`validate --task ... --final-beside --cpu-beside --probe --json`, `paired_error_pct`), without
and with `--back-beside`:
  past: the 31 runs of run131/probe_beside.py (run96-run131 with workloads and a calibration);
  new:  run134 and run135, two freshly started VMs (run114/run114.sh, devbin/r129).
Criteria, in each group: (a) cells beyond 5 % do not rise; (b) the median |error| over all cells
does not rise; (c) the prefetching rows' mean |error| falls; (d) the partial update's prefetching
cells beyond 5 % do not rise. Adopted (the validation's recorded figures take it) when all four
hold in both groups.

    python3 calibration/h200/run134/judge.py UMODEL

from the repository root; output judge.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
         "partial": ["partial-update"], "compute": ["compute-bound"]}
WAYS = {"before": [], "after": ["--back-beside"]}
PREFETCHING = {"managed-prefetch", "managed-advise-prefetch"}
NEW = ["run134", "run135"]


def num(d):
    return int(os.path.basename(d)[3:])


def runs():
    ds = [d for d in glob.glob(f"{H}/run*") if os.path.basename(d)[3:].isdigit()]
    return [d for d in sorted(ds, key=num) if num(d) >= 96
            and glob.glob(f"{d}/data/models/*.minimal*.csv") and glob.glob(f"{d}/tasks-*-*.csv")]


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return r.stdout


tmp = tempfile.mkdtemp()
rows = []  # (group, run, task, policy, reuse, way, paired error %)
for d in runs():
    name = os.path.basename(d)
    group = "new" if name in NEW else "past" if num(d) <= 131 else None
    if group is None:
        continue
    model = f"{tmp}/{name}.json"
    run([U, "fit", sorted(glob.glob(f"{d}/data/models/*.minimal*.csv"))[0], "-o", model])
    for table in sorted(glob.glob(f"{d}/tasks-*-*.csv")):
        kind = table.rsplit("-", 1)[1][:-4]
        for task in TASKS.get(kind, []):
            for way, flags in WAYS.items():
                args = [U, "validate", "-m", model, "--task", f"tasks/{task}.json", table,
                        "--final-beside", "--cpu-beside", "--probe", "--json"] + flags
                for p in json.loads(run(args))["points"]:
                    if p.get("paired_error_pct") is not None:
                        rows.append((group, name, task, p["policy"], p["reuse"], way,
                                     p["paired_error_pct"]))

out = []
say = out.append
ok = True
for group in ("past", "new"):
    sel = [r for r in rows if r[0] == group]
    names = sorted(set(r[1] for r in sel), key=lambda s: int(s[3:]))
    say(f"{group}: {len(names)} runs ({', '.join(names)})")
    fig = {}
    for way in WAYS:
        a = [abs(r[6]) for r in sel if r[5] == way]
        pf = [abs(r[6]) for r in sel if r[5] == way and r[3] in PREFETCHING]
        pu = [abs(r[6]) for r in sel if r[5] == way and r[3] in PREFETCHING and r[2] == "partial-update"]
        fig[way] = (sum(x > 5 for x in a), st.median(a), st.mean(pf), sum(x > 5 for x in pu), len(a), len(pf), len(pu))
        f = fig[way]
        say(f"  {way:6}: {f[0]} of {f[4]} cells beyond 5 %, median |error| {f[1]:.2f} %, prefetching rows "
            f"mean |error| {f[2]:.2f} % ({f[5]} cells), partial update's prefetching beyond 5 %: {f[3]} of {f[6]}")
    for task in sorted(set(r[2] for r in sel)):
        b = [abs(r[6]) for r in sel if r[5] == "before" and r[2] == task and r[3] in PREFETCHING]
        a = [abs(r[6]) for r in sel if r[5] == "after" and r[2] == task and r[3] in PREFETCHING]
        if b:
            say(f"    {task:22} prefetching rows: beyond 5 % {sum(x > 5 for x in b)} -> {sum(x > 5 for x in a)} of {len(b)}, "
                f"mean |error| {st.mean(b):.2f} -> {st.mean(a):.2f} %")
    b, a = fig["before"], fig["after"]
    checks = {"(a) cells beyond 5 % do not rise": a[0] <= b[0],
              "(b) median |error| does not rise": a[1] <= b[1],
              "(c) prefetching rows' mean |error| falls": a[2] < b[2],
              "(d) partial update's prefetching cells beyond 5 % do not rise": a[3] <= b[3]}
    say("")
    out += [f"{group}: {k}: {'yes' if v else 'no'}" for k, v in checks.items()]
    say("")
    ok = ok and all(checks.values())
say("adopted" if ok else "not adopted")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "judge.txt"), "w").write(text)
print(text, end="")
