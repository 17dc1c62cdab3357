#!/usr/bin/env python3
"""run110, run111 and run112: the first H100 runs, each on a freshly started VM, ab2a6e8's benches.

How well the model, calibrated on this second platform by the same code, predicts it:
- the handoff across runs: each run's minimal model on each other run's minimal calibration,
  plainly and given each trial's own CPU update (`validate --cpu-from-trials`), and the
  embedded `h100` model (fitted from run110 and run111) on run112's;
- each validation workload (the producer/consumer, seed 001 and its overlapped variant, the
  partial update in run110, the compute-bound task in run111) with the run's probe
  (`--probe`), given the plain phases timed beside each row (`--final-beside --cpu-beside`:
  the paired error) and from each trial's start (the medians' error); and paired without the
  probe (the migrating steps priced from the calibration alone, as `choose --task` does); on
  - its own run's calibration,
  - each other H100 run's,
  - the embedded `h100` model, fitted from run110's and run111's calibrations (held out on
    run112 only),
  - the embedded H200 model (another GPU on the same link and host type).
The first version (run110 and run111; own, other and h200) was written after `validate`'s first
printout of each workload on its own calibration; run112 and the embedded `h100` model were added
before run112's data came back.

    python3 calibration/h100/run110/h100.py target/release/umodel

from the repository root; output h100.txt beside this file.
"""
import collections, glob, json, os, statistics as st, subprocess, sys

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h100"
RUNS = {"run110": ("62", ["partial"]), "run111": ("63", ["compute"]), "run112": ("64", ["partial", "compute"])}
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
         "partial": ["partial-update"], "compute": ["compute-bound"]}
WAYS = {"paired": ["--probe", "--final-beside", "--cpu-beside"], "start": ["--probe"],
        "paired, calibration's migration": ["--final-beside", "--cpu-beside"]}
out = []
say = out.append


def run_json(args):
    r = subprocess.run([U] + args + ["--json"], capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return json.loads(r.stdout)


def model(run):
    return f"{H}/{run}/model-minimal-1.json"


def calibration(run):
    return glob.glob(f"{H}/{run}/data/models/*.minimal.csv")[0]


say("Handoff across runs (a model on another run's minimal calibration, every point):")
pairs = [(model(m), m, c) for m in RUNS for c in RUNS if m != c] + [("h100", "embedded h100", "run112")]
pairs += [("h200", "embedded h200", c) for c in RUNS]
for m, name, c in pairs:
    for flags, what in [([], "plain"), (["--cpu-from-trials"], "given each trial's CPU update")]:
        d = run_json(["validate", "--model", m, calibration(c)] + flags)
        say(f"  {name:13s} -> {c}, {what:30s} median APE {d['median_ape_pct']:5.2f} %, max {d['max_ape_pct']:5.2f} %, "
            f"90 % intervals hold {d['interval_coverage_pct']:5.1f} %, clear picks {d['clear_picks_correct']}/{d['clear_picks_total']}")
say("")

res = collections.defaultdict(list)  # (calibration, way) -> [(run, task, policy, R, error)]
summary = []
rows = []
for run, (tag, last) in RUNS.items():
    cals = [("own", model(run))] + [("other H100", model(r)) for r in RUNS if r != run]
    cals += [("embedded h100" + (", held out" if run == "run112" else ", fitted on it"), "h100"), ("embedded h200", "h200")]
    for w in ["prodcons", "workload"] + last:
        table = f"{H}/{run}/tasks-{tag}-{w}.csv"
        for task in TASKS[w]:
            for which, m in cals:
                for way, flags in WAYS.items():
                    d = run_json(["validate", "-m", m, "--task", f"tasks/{task}.json", table] + flags)
                    for p in d["points"]:
                        e = p["paired_error_pct"] if way.startswith("paired") else (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"] * 100
                        res[(which, way)].append((run, task, p["policy"], p["reuse"], e))
                        if way == "paired" and (which == "own" or (run == "run112" and which.startswith("embedded h100"))):
                            rows.append((which, run, task, p))
                    if way == "start" and which != "other H100":
                        summary.append((which, run, task, d["median_ape_pct"], d["max_ape_pct"], d["coverage_pct"],
                                        d["order_right"], d["order_total"]))

say("Cells beyond 5 % and median |error|, by calibration and way:")
for (which, way), v in sorted(res.items()):
    e = [abs(x[4]) for x in v]
    say(f"  {which:29s} {way:33s}: {sum(a > 5 for a in e):3d} of {len(e):3d} beyond 5 %, median |error| {st.median(e):5.2f} %, max {max(e):5.2f} %")
say("")
say("Per workload, from each trial's start (validate's own figures): median APE, max, 90 % interval coverage, clear orderings right:")
for which, run, task, med, mx, cov, right, total in summary:
    say(f"  {which:29s} {run} {task:20s} median {med:5.2f} %, max {mx:5.2f} %, intervals {cov:5.1f} %, orderings {right}/{total}")
say("")
say("Per cell, on each run's own calibration and run112 on the embedded h100 model (held out): predicted")
say("(from the trials' start) / measured median [min-max] n, and the paired error:")
for which, run, task, p in rows:
    say(f"  {which.split(',')[0]:13s} {run} {task:20s} {p['policy']:24s} R{int(p['reuse']):<3d} {p['predicted_ms']:7.2f} / {p['measured_ms']:7.2f} "
        f"[{p['measured_min_ms']:7.2f}-{p['measured_max_ms']:7.2f}] {p['trials']:2d}  paired {p['paired_error_pct']:+6.2f} %")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "h100.txt"), "w").write(text)
print(text, end="")
