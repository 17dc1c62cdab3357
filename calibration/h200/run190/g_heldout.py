#!/usr/bin/env python3
"""Rule G held out on run190 (written before the call, 2026-12-05). Rule G (run189/readings.py)
passed on run189's shares, judged on programs and workloads of run117-run188; its merge waits
(NOTES.md, "Rule G, passed, waiting for its merge"). Here a VM none of that saw: every program
cell of run190 (relax.cu, kmeans.cu, horner.cu as run190.sh runs them), priced by each of the
run's own calibrations (refitted as `calibrate` fits them, `fit --price-from-pool`) and by the
embedded model `h200`, with UMODEL (main) and with UMODEL_G (the branch link-under-faults, whose
shares are run189's), given the medians of the plain phases and the thread counts.
  H1. the managed-advise cells beyond 5 %: no more under G (own calibrations and embedded
      model together);
  H2. their median |error|: lower under G;
  H3. no cell of another policy moves.
"G holds on run190" if all three hold.

    python3 calibration/h200/run190/g_heldout.py UMODEL UMODEL_G        (in g_heldout.txt)
"""
import glob, json, os, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline41"))
from thirty import med, programs_in, run as run_  # noqa: E402

UM, UG = sys.argv[1], sys.argv[2]
TMP = tempfile.mkdtemp()


def run(args):
    return run_(args).stdout


models = [("h200", "h200")]
for c in sorted(glob.glob(os.path.join(HERE, "data-*", "models", "*.minimal.csv"))):
    out = os.path.join(TMP, os.path.basename(os.path.dirname(os.path.dirname(c))) + ".json")
    run([UM, "fit", c, "-o", out, "--price-from-pool"])
    models.append((os.path.basename(os.path.dirname(os.path.dirname(c))), out))
cells = []  # (configuration, model, policy, error under main, error under G)
for cfg, tf, cpu, gpu, fin, pol in programs_in(HERE, TMP):
    for label, m in models:
        got = {}
        for um in (UM, UG):
            cmd = [um, "predict", "-m", m, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
            if fin is not None:
                cmd += ["--cpu-final-ms", f"{fin}"]
            qs = json.loads(run(cmd))
            got[um] = {q["policy"]: q["time_ms"] for q in (qs if isinstance(qs, list) else [qs])}
        for p, v in pol.items():
            meas = med(v)
            cells.append((cfg, label, p, 100 * (got[UM][p] - meas) / meas, 100 * (got[UG][p] - meas) / meas))
lines = []
say = lines.append
say("run190's program cells, error % under main -> under G:")
for c in cells:
    if c[2] == "managed-advise" or abs(c[3] - c[4]) > 1e-9:
        say(f"  {c[0]:26} {c[1]:8} {c[2]:24} {c[3]:+7.2f} -> {c[4]:+7.2f}")
ma = [c for c in cells if c[2] == "managed-advise"]
b0, b1 = sum(abs(c[3]) > 5 for c in ma), sum(abs(c[4]) > 5 for c in ma)
m0, m1 = med([abs(c[3]) for c in ma]), med([abs(c[4]) for c in ma])
moved = [c for c in cells if c[2] != "managed-advise" and abs(c[3] - c[4]) > 1e-9]
say(f"managed-advise: {len(ma)} cells, beyond 5 % {b0} -> {b1}, median |error| {m0:.2f} -> {m1:.2f} %")
say(f"H1 (beyond 5 % no more): {'held' if b1 <= b0 else 'failed'}")
say(f"H2 (median |error| lower): {'held' if m1 < m0 else 'failed'}")
say(f"H3 (no other policy's cell moves: {len(moved)} moved): {'held' if not moved else 'failed'}")
say(f"G holds on run190: {'yes' if b1 <= b0 and m1 < m0 and not moved else 'no'}")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "g_heldout.txt"), "w").write(text)
print(text, end="")
