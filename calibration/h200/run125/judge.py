#!/usr/bin/env python3
"""run125 onwards (fresh VMs, the H200 code of main at 18a0168, bench code unchanged since
devbin/r114): the held-out check of pricing the prefetch back to the host from a pool of earlier
calibrations instead of the run's own calibration or probe.

Why: the prefetch back runs in regimes that outlast a calibration and a probe. Over 27 runs
neither the calibration's price nor the probe's followed what the same run's workloads paid
(run120/back.txt: correlation -0.01 and -0.09); priced from the other runs' median calibration
(leave one out) the prefetching rows as they stand went 92 -> 57 of 288 cells beyond 5 %
(run120/pool_back.txt). That was looked at after back.txt, so it is a lead; this is the check.

The pool, frozen here: the minimal calibrations of run77-run124 that pool_back.py used (each
run's latest, `data/models/*.minimal.csv`, of the runs that also have the workloads' rows),
each refitted by UMODEL. The pooled term is the `prefetch_to_host` of the calibration whose
price at 64 MiB is their median (the lower of the two middle ones), kept whole, as
`fit --task-terms-from` pools. For run77-run124 themselves (seen; reported, not judged) the pool
leaves the run out.

"own" prices each run's workloads with its own calibration as `umodel fit` makes it; "pooled"
the same model with `prefetch_to_host` replaced by the pool's. Two modes, paired with the plain
passes timed beside each row (`--final-beside --cpu-beside`): as the model stands, and with
the run's probe (`--probe`); with the probe, "pooled" drops the probe's prefetch back (its
`:probe_to_host` rows) so that the pool prices it, and the probe still prices the rest. Only the
prefetching rows (managed-prefetch, managed-advise-prefetch) can move; the script checks that
every other cell is priced the same.

The rule, fixed here before any of the new runs' data came back: each mode is judged on its own,
over the new runs (run125 on), each on its own calibration, over the prefetching cells. The pool
replaces the calibration's term (mode "stands") or also the probe's (mode "probe") if there
(1) the cells beyond 5 % do not rise and (2) the median |error| does not rise. With fewer than
three new runs there is no verdict. The new runs are those of devbin/r125 made in this session:
run125 and run126 (looked at before run127's data came back; the rule unchanged), run127, and a
fourth where the device budget allows one, made whatever the first three show.

    python3 calibration/h200/run125/judge.py UMODEL

from the repository root; output judge.txt beside this file.
"""
import collections, glob, json, os, re, shutil, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
TASKS = {"workload": ["seed-001", "seed-001-overlapped"], "prodcons": ["producer-consumer"],
         "compute": ["compute-bound"], "partial": ["partial-update"]}
BESIDE = ["--final-beside", "--cpu-beside"]
at64 = lambda c: c["lat_ms"] + c["ms_per_gib"] / 16
tmp = tempfile.mkdtemp()


def number(path):
    return int(re.findall(r"run(\d+)", path)[0])


runs = {}  # run -> (tag, model path, model)
for d in sorted(glob.glob(f"{H}/run*/"), key=number):
    run = os.path.basename(d[:-1])
    cal, t = glob.glob(d + "data/models/*.minimal.csv"), glob.glob(d + "tasks-*-workload.csv")
    if cal and t and number(run) >= 77:
        m = os.path.join(tmp, run + ".json")
        subprocess.run([U, "fit", cal[0], "-o", m], capture_output=True, check=True)
        runs[run] = (t[0].split("tasks-")[1].split("-")[0], m, json.load(open(m)))
pool = [r for r in runs if number(r) <= 124]
new = [r for r in runs if number(r) >= 125]


def pooled_term(run):
    others = sorted((at64(runs[o][2]["task_terms"]["prefetch_to_host"]), o) for o in pool if o != run)
    ms, pick = others[(len(others) - 1) // 2]
    return pick, runs[pick][2]["task_terms"]["prefetch_to_host"]


def validate(model, task, table, flags):
    r = subprocess.run([U, "validate", "-m", model, "--task", f"tasks/{task}.json", table, "--json"] + flags,
                       capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"validate {model} {task} {table}: {r.stderr}")
    return json.loads(r.stdout)["points"]


out = []
say = out.append
say(f"The pool: {len(pool)} calibrations (run77-run124); for the new runs the pooled term is the one of")
pick, term = pooled_term(None)
say(f"{pick}: {at64(term):.3f} ms at 64 MiB (their range {min(at64(runs[r][2]['task_terms']['prefetch_to_host']) for r in pool):.3f}-"
    f"{max(at64(runs[r][2]['task_terms']['prefetch_to_host']) for r in pool):.3f}).")
say("")
res = collections.defaultdict(list)  # (mode, variant) -> [(run, task, policy, error, inside)]
same = True
for run, (tag, m, model) in runs.items():
    pick, term = pooled_term(run)
    p = json.loads(json.dumps(model))
    p["task_terms"]["prefetch_to_host"] = term
    pm = os.path.join(tmp, run + "-pooled.json")
    json.dump(p, open(pm, "w"))
    own = at64(model["task_terms"]["prefetch_to_host"])
    say(f"  {run}: own {own:.3f} ms at 64 MiB, pooled {at64(term):.3f} ({pick})" + ("" if number(run) >= 125 else ", seen"))
    for w, tasks in TASKS.items():
        table = f"{H}/{run}/tasks-{tag}-{w}.csv"
        if not os.path.exists(table) or os.path.getsize(table) == 0:
            continue
        if not any("plain_cpu_beside" in l for l in open(table)):
            continue
        # The same table without the probe's prefetch back, for the pooled model with the probe.
        cut = os.path.join(tmp, f"{run}-{w}.csv")
        with open(table) as f, open(cut, "w") as g:
            g.writelines(l for l in f if ":probe_to_host," not in l)
        facts = table[: -len(".csv")] + ".facts.json"
        if os.path.exists(facts):
            shutil.copy(facts, cut[: -len(".csv")] + ".facts.json")
        has_probe = any(":probe_" in l for l in open(table))
        for task in tasks:
            for mode in ("stands", "probe"):
                if mode == "probe" and not has_probe:
                    continue
                flags = BESIDE + (["--probe"] if mode == "probe" else [])
                a = validate(m, task, table, flags)
                b = validate(pm, task, cut if mode == "probe" else table, flags)
                for x, y in zip(a, b):
                    if "prefetch" in x["policy"]:
                        for v, q in (("own", x), ("pooled", y)):
                            e = q.get("paired_error_pct")
                            if e is None:
                                e = (q["predicted_ms"] - q["measured_ms"]) / q["measured_ms"] * 100
                            res[(mode, v)].append((run, task, x["policy"], e, q.get("in_interval")))
                    elif x["predicted_ms"] != y["predicted_ms"]:
                        same = False
                        say(f"  moved unexpectedly: {run} {task} {x['policy']} ({mode})")
say("")
say("every cell but the prefetching rows priced the same both ways: " + ("yes" if same else "NO"))
say("")


def summary(v):
    e = [abs(x[3]) for x in v]
    return sum(a > 5 for a in e), len(e), st.median(e), st.mean(x[3] for x in v), sum(bool(x[4]) for x in v)


verdicts = []
for mode in ("stands", "probe"):
    say(f"Mode {mode!r} (paired with both passes):")
    for which, sel in (("seen (run77-run124, leave one out)", lambda r: number(r) <= 124),
                       ("new (run125 on)", lambda r: number(r) >= 125)):
        for v in ("own", "pooled"):
            rows = [x for x in res[(mode, v)] if sel(x[0])]
            if rows:
                n5, n, med, sg, ins = summary(rows)
                say(f"  {which:36s} {v:6s}: {n5:3d} of {n:3d} beyond 5 %, median |error| {med:.2f} %, "
                    f"mean signed {sg:+.2f} %, {ins} inside their 90 % intervals")
    by = collections.defaultdict(lambda: collections.defaultdict(list))
    for v in ("own", "pooled"):
        for x in res[(mode, v)]:
            if number(x[0]) >= 125:
                by[x[1]][v].append(abs(x[3]))
    for task, d in by.items():
        say(f"    new, {task:20s} " + ", ".join(f"{v} {sum(a > 5 for a in d[v])} of {len(d[v])} beyond 5 % "
                                                  f"(median {st.median(d[v]):.2f} %)" for v in d))
    if len(new) < 3:
        say(f"  Rule ({mode}): {len(new)} new runs, fewer than three: no verdict")
        continue
    o = summary([x for x in res[(mode, "own")] if number(x[0]) >= 125])
    p = summary([x for x in res[(mode, "pooled")] if number(x[0]) >= 125])
    keep = p[0] <= o[0] and p[2] <= o[2]
    say(f"  Rule ({mode}): {o[0]} -> {p[0]} cells beyond 5 %, median |error| {o[2]:.2f} -> {p[2]:.2f} %: "
        + ("the pool prices it" if keep else "the run prices it, as now"))
    say("")
say("")
say("The new runs' prefetching cells, paired error % (own -> pooled):")
for mode in ("stands", "probe"):
    for x, y in zip(res[(mode, "own")], res[(mode, "pooled")]):
        if number(x[0]) >= 125:
            say(f"  {mode:6s} {x[0]} {x[1]:20s} {x[2]:24s} {x[3]:+6.2f} -> {y[3]:+6.2f}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "judge.txt"), "w").write(text)
print(text, end="")
