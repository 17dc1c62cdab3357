#!/usr/bin/env python3
"""run116 (a third fresh VM, commit a79170f's H200 code, measured after the write-only share was
merged): the producer/consumer and seed 001 priced before and after the share, paired with both
passes beside each row (`--probe --final-beside --cpu-beside`) and from each trial's start, on
run116's own calibration and on every other fresh one (run105-run107, run114, run115). Not part
of run114/judge.py's rule; reported as it came out. Also examples/fault_history.rs's paired
ratio, as judge.py prints it.

    python3 calibration/h200/run116/held.py BEFORE AFTER

from the repository root; output held.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "run108"))
from pairs import faults_by_cycle  # noqa: E402

BUILDS = {"before": sys.argv[1], "after": sys.argv[2]}
H = "calibration/h200"
RUN, TAG = "run116", "67"
FRESH = ["run105", "run106", "run107", "run114", "run115"]
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"]}
WAYS = {"paired": ["--final-beside", "--cpu-beside"], "start": []}
out = []
say = out.append

cycles = faults_by_cycle(f"{H}/{RUN}/history.csv")
for v in ["produce/filled-wide", "produce/read-back"]:
    q = st.quantiles([c[v] / c["converge/filled-wide"] for c in cycles], n=4)
    say(f"{RUN} {v:20s} over converge/filled-wide {q[1]:.3f} [{q[0]:.3f}-{q[2]:.3f}] over {len(cycles)} cycles")
say("")

tmp = tempfile.mkdtemp()
for build, u in BUILDS.items():
    for way, flags in WAYS.items():
        errs = {"own": [], "other fresh": []}
        for c in [RUN] + FRESH:
            m = os.path.join(tmp, f"{build}-{c}.json")
            cal = sorted(glob.glob(f"{H}/{c}/data/models/*.minimal*.csv"))[0]
            subprocess.run([u, "fit", cal, "-o", m], capture_output=True, check=True)
            for w, tasks in TASKS.items():
                for task in tasks:
                    args = [u, "validate", "-m", m, "--task", f"tasks/{task}.json",
                            f"{H}/{RUN}/tasks-{TAG}-{w}.csv", "--probe", "--json"] + flags
                    r = subprocess.run(args, capture_output=True, text=True)
                    if r.returncode:
                        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
                    for p in json.loads(r.stdout)["points"]:
                        e = p["paired_error_pct"] if way == "paired" else \
                            (p["predicted_ms"] / p["measured_ms"] - 1) * 100
                        errs["own" if c == RUN else "other fresh"].append(e)
                        if c == RUN and way == "paired":
                            say(f"  {build:6s} own {task:20s} {p['policy']:24s} "
                                f"{p['predicted_ms']:7.1f} / {p['measured_ms']:7.1f} ms "
                                f"[{p['measured_min_ms']:.1f}-{p['measured_max_ms']:.1f}] of {p['trials']}, paired {e:+.1f} %")
        for which, e in errs.items():
            a = [abs(x) for x in e]
            say(f"{build}, {way}, {which:11s}: {sum(x > 5 for x in a):3d} of {len(a):3d} beyond 5 %, median |error| {st.median(a):.2f} %")
        say("")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "held.txt"), "w").write(text)
print(text, end="")
