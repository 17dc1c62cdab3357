#!/usr/bin/env python3
"""How many of the workloads' paired misses beyond 5 % the trials resolve. A cell's paired error is
the median over its trials of each trial's prediction (given the plain passes timed beside its
row) over that trial's total, less 1; `validate --task` now gives the order statistics of those
trial errors that hold their median with at least 80 % (`paired_range_pct`; of 4 trials the whole
range, 87.5 %; of 15, x(5)-x(11), 88.2 %) and counts a miss as resolved when that range lies wholly
beyond 5 % on one side (`paired.beyond_5pct_resolved`). An unresolved miss may be the trials' own
scatter: more trials could put its median either side of 5 %. Beside it, how many cells' measured
medians lie inside the prediction's 90 % interval (`in_interval`). A reading of committed runs, no
device, nothing fitted on the workloads' rows:

  15 trials a cell: every run with a calibration and workloads from run96 to run137 (after it,
     run138-run140 measured smaller sizes), each on its own calibration refitted by this build as
     `calibrate` fits it (`fit --price-from-pool`), the migrating steps from the run's probe
     (`--probe`), as run134's table; and the same rows cut to their first four trials;
  4 trials a cell: the three latest fresh VMs (run188, run190, run191), each workload on the
     calibrations made there as `calibrate` wrote them, with and without the run's probe, as
     offline44/workloads_latest.py.

Every cell paired with the plain CPU phase and final access beside its row (`--final-beside
--cpu-beside`).

    python3 calibration/h200/offline45/resolved.py UMODEL        (in resolved.txt)
"""
import csv, glob, json, os, re, shutil, sys, tempfile
from statistics import median

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
import common  # noqa: E402  (reads UMODEL from argv)

UM, ROOT, H, TMP, run, num = common.UM, common.ROOT, common.H, common.TMP, common.run, common.num
TASKS = common.WORKLOADS
POLICIES = ["explicit-copy", "host-mapped", "managed", "managed-prefetch", "managed-advise",
            "managed-advise-prefetch"]


def points(model, task, table, probe):
    """The points of `validate --task` on one table, paired with both passes beside each row."""
    v = json.loads(run([UM, "validate", "-m", model, "--task", os.path.join(ROOT, "tasks", f"{task}.json"),
                        table, "--final-beside", "--cpu-beside", "--json"] + (["--probe"] if probe else [])))
    return v["points"]


def cells(model, task, table, probe):
    """[(policy, paired error %, [lo, hi] %, trials, reuse, measured median inside the 90 %
    interval)] of one validation."""
    return [(p["policy"], p["paired_error_pct"], p["paired_range_pct"], p["trials"], p["reuse"],
             p["in_interval"]) for p in points(model, task, table, probe)]


def on_model(model, name, folder, parts, probe, prefix=""):
    """The cells of the workload tables in each of `folder`'s `parts`, all priced by one `model`
    (a path, or an embedded model's name) called `name` in the rows, each row's run `prefix` +
    its part."""
    out = []
    for part in parts:
        for group, tasks in TASKS.items():
            table = os.path.join(folder, part, f"{group}.csv")
            if os.path.exists(table):
                for task in tasks:
                    out += [(prefix + part, name, task) + c for c in cells(model, task, table, probe)]
    return out


def past_runs():
    """Every run from run96 to run137 with a minimal calibration and workload tables (after it,
    run138-run140 measured smaller sizes): (run, its calibration refitted by this build as
    `calibrate` fits it, [(table, task)])."""
    ds = [d for d in glob.glob(os.path.join(H, "run*")) if re.search(r"run\d+$", d)]
    for d in sorted(ds, key=num):
        if not 96 <= num(d) <= 137:
            continue
        cal = sorted(glob.glob(os.path.join(d, "data", "models", "*.minimal*.csv")))
        tables = sorted(glob.glob(os.path.join(d, "tasks-*-*.csv")))
        if not cal or not tables:
            continue
        model = os.path.join(TMP, f"{os.path.basename(d)}.json")
        run([UM, "fit", cal[0], "-o", model, "--price-from-pool"])
        yield os.path.basename(d), model, [(t, task) for t in tables
                                           for task in TASKS.get(t.rsplit("-", 1)[1][:-4], [])]


def first_trials(table, n=4):
    """A copy of a workload table cut to its first `n` trials (each trial's probe rounds too:
    `PROBE_ROUNDS`, 4 a trial, numbered on through the run)."""
    rows = list(csv.reader(open(table)))
    t, c = rows[0].index("trial"), rows[0].index("case")
    out = os.path.join(tempfile.mkdtemp(dir=TMP), os.path.basename(table))
    with open(out, "w", newline="") as o:
        w = csv.writer(o)
        w.writerow(rows[0])
        w.writerows(x for x in rows[1:]
                    if int(x[t]) < (4 * n if x[c].split(":")[-1].startswith("probe_") else n))
    return out


def resolved(e, r):
    return abs(e) > 5 and (r[0] > 5 or r[1] < -5)


def fifteen(cut=None):
    """The cells of run96-run137, each table cut to its first `cut` trials where given."""
    return [(name, "", task) + c
            for name, model, tables in past_runs() for table, task in tables
            for c in cells(model, task, first_trials(table, cut) if cut else table, True)]


def cut_folder(src, parts, n):
    """A folder laid out as `src`'s `parts` (each with its `model-minimal-N.json` and workload
    tables, as `own` reads them), every table cut to its first `n` trials."""
    tmp = tempfile.mkdtemp(dir=TMP)
    for part in parts:
        os.makedirs(os.path.join(tmp, part))
        for f in os.listdir(os.path.join(src, part)):
            p = os.path.join(src, part, f)
            if f.startswith("model-minimal-") and f.endswith(".json"):
                os.symlink(p, os.path.join(tmp, part, f))
            elif f.endswith(".csv") and f[:-4] in TASKS:
                shutil.move(first_trials(p, n), os.path.join(tmp, part, f))
    return tmp


def own(runs, probe):
    """The cells of runs laid out as run188's (`model-minimal-N.json`, `GROUP.csv`), each workload
    on every calibration of its run as `calibrate` wrote it."""
    out = []
    for r in runs:
        for model in sorted(glob.glob(os.path.join(H, r, "model-minimal-*.json"))):
            cal = os.path.basename(model)[len("model-minimal-"):-len(".json")]
            for group, tasks in TASKS.items():
                table = os.path.join(H, r, f"{group}.csv")
                if not os.path.exists(table):
                    continue
                for task in tasks:
                    for c in cells(model, task, table, probe):
                        out.append((r, cal, task) + c)
    return out


lines = []


def say(line):
    lines.append(line)


def summary(label, rows):
    beyond = [x for x in rows if abs(x[4]) > 5]
    res = [x for x in beyond if resolved(x[4], x[5])]
    trials = sorted({x[6] for x in rows})
    n = len({x[0] for x in rows})
    say(f"{label}: {len(rows)} cells ({n} run{'s' if n != 1 else ''}, "
        f"{'-'.join(str(t) for t in (trials[0], trials[-1]) if t) if len(trials) > 1 else trials[0]} trials a cell), "
        f"{len(beyond)} beyond 5 %, {len(res)} of them resolved")
    pairs = {}
    for x in rows:
        pairs.setdefault(x[:3], []).append(x)
    met = sum(all(abs(x[4]) <= 5 for x in v) and median([abs(x[4]) for x in v]) <= 2.5
              for v in pairs.values())
    within = sum(not any(resolved(x[4], x[5]) for x in v) and median([abs(x[4]) for x in v]) <= 2.5
                 for v in pairs.values())
    say(f"  the target (every cell within 5 %, the median |error| within 2.5 %) met in {met} of "
        f"{len(pairs)} (run, calibration, workload) pairs; with no resolved miss and the median "
        f"within 2.5 % in {within}")
    inside = sum(x[8] for x in rows)
    say(f"  the measured median inside its 90 % interval in {inside} of {len(rows)} cells "
        f"({100 * inside / len(rows):.1f} %)")
    say(f"  {'policy':25} {'cells':>5} {'beyond':>6} {'resolved':>8}")
    for p in POLICIES:
        sel = [x for x in rows if x[3] == p]
        b = [x for x in sel if abs(x[4]) > 5]
        say(f"  {p:25} {len(sel):5} {len(b):6} {sum(resolved(x[4], x[5]) for x in b):8}")
    for t in [t for ts in TASKS.values() for t in ts]:
        sel = [x for x in rows if x[2] == t]
        if sel:
            b = [x for x in sel if abs(x[4]) > 5]
            say(f"  {t:25} {len(sel):5} {len(b):6} {sum(resolved(x[4], x[5]) for x in b):8}")
    say("  resolved misses: " + (", ".join(
        f"{x[0]}{' cal ' + x[1] if x[1] else ''} {x[2]} {x[3]} R={x[7]:g} {x[4]:+.1f} % [{x[5][0]:+.1f}, {x[5][1]:+.1f}]"
        for x in beyond if resolved(x[4], x[5])) or "none"))
    say("")


if __name__ == "__main__":
    LATEST = ("run188", "run190", "run191")
    summary("15 trials a cell, run96-run137 on their own calibrations, with the run's probe", fifteen())
    summary("4 trials a cell, the three latest fresh VMs, with the run's probe", own(LATEST, True))
    summary("4 trials a cell, the three latest fresh VMs, from the calibration's terms alone",
            own(LATEST, False))
    summary("run96-run137's rows cut to their first 4 trials, with the run's probe", fifteen(4))
    text = "\n".join(lines)
    open(os.path.join(HERE, "resolved.txt"), "w").write(text)
    print(text, end="")
