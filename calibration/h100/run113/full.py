#!/usr/bin/env python3
"""run113: the full calibration plan on an H100 (every size 16 MiB-1 GiB, R 1-32), the handoff
targets of issue 10 on a second platform. Written before run113's data came back.

- within the run: its own fit (`umodel fit`), validated on its held-out R >= 2 cells
  (`validate --held-out`), plainly and given each trial's CPU update;
- across runs: the minimal models of run110-run112 (other VMs) and the embedded `h100` model on
  every cell of the full run, plainly and given each trial's CPU update (as
  calibration/h200/run80/handoff.py takes the H200's), with each policy's largest APE given the
  CPU.

    python3 calibration/h100/run113/full.py target/release/umodel

from the repository root; output full.txt beside this file.
"""
import glob, json, os, subprocess, sys, tempfile

U = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h100"
FULL = glob.glob(f"{H}/run113/full/models/*.full.csv")[0]
out = []
say = out.append


def run_json(args):
    r = subprocess.run([U] + args + ["--json"], capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return json.loads(r.stdout)


def line(name, d):
    picks = f"clear picks {d['clear_picks_correct']}/{d['clear_picks_total']}, unclear called a tie {d['unclear_ties_declared']}/{d['unclear_total']}"
    return (f"  {name:44s} {d['n_points']:4d} points, median APE {d['median_ape_pct']:5.2f} %, max {d['max_ape_pct']:6.2f} %, "
            f"90 % intervals hold {d['interval_coverage_pct']:5.1f} %, {picks}")


tmp = tempfile.mkdtemp()
own = os.path.join(tmp, "full.json")
subprocess.run([U, "fit", FULL, "-o", own], capture_output=True, check=True)
say(f"{FULL}: its own fit on its held-out cells (R >= 2):")
for flags, what in [([], "plain"), (["--cpu-from-trials"], "given each trial's CPU update")]:
    say(line(what, run_json(["validate", "--held-out", "--model", own, FULL] + flags)))
say("")
say("Other VMs' minimal models and the embedded h100 model on the full run (every point):")
for name, m in [(r, f"{H}/{r}/model-minimal-1.json") for r in ("run110", "run111", "run112")] + [("embedded h100", "h100")]:
    for flags, what in [([], "plain"), (["--cpu-from-trials"], "given the CPU")]:
        d = run_json(["validate", "--model", m, FULL] + flags)
        say(line(f"{name}, {what}", d))
        if flags:
            say("      largest APE by policy: " + ", ".join(f"{p['policy']} {p['max_ape_pct']:.1f} %" for p in d["per_policy"]))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "full.txt"), "w").write(text)
print(text, end="")
