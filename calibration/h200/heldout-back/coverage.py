#!/usr/bin/env python3
"""How often the 90 % intervals hold, given each trial's CPU update, with and without the
host-level prefetch back, as `calibrate` writes its models: each committed `model-minimal-1.json`
(its intervals carry the run-to-run shift calibrate gave it; its task terms left out, which the
handoff does not use and some older builds wrote in forms this one does not read) as it is, and with the
`host_prefetch_ms` of the same calibration fitted by AFTER copied into its knots. Targets: the
four held-out full runs of judge2.py. Written after judge2.txt, to measure what its rule left out.

    python3 calibration/h200/heldout-back/coverage.py AFTER

from the repository root; output coverage.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1]
H = "calibration/h200"
TARGETS = ["run132/full/models/nvidia-h200-0931b6b9ea7c.full.csv", "run5/full-5.csv",
           "run10/full-6.csv", "run26/full/models/nvidia-h200-0931b6b9ea7c.full.csv"]
tmp = tempfile.mkdtemp()


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return r.stdout


cov = {"as written": [], "with the host-level part": []}
n = 0
for k in range(81, 133):
    if k == 109:
        continue
    d = f"{H}/run{k}"
    cs = sorted(glob.glob(f"{d}/data/models/*.minimal*.csv"))
    if not cs or not os.path.exists(f"{d}/model-minimal-1.json"):
        continue
    n += 1
    fitted = f"{tmp}/fit{k}.json"
    run([U, "fit", cs[0], "-o", fitted])
    new = json.load(open(fitted))
    m = json.load(open(f"{d}/model-minimal-1.json"))
    parts = {(p["policy"], kn["bytes"]): kn.get("host_prefetch_ms")
             for p in new["policies"] for kn in p["knots"]}
    # The handoff's validation needs no task terms; some models were written by builds whose
    # terms this one does not know.
    m.pop("task_terms", None)
    written = f"{tmp}/written{k}.json"
    json.dump(m, open(written, "w"))
    for p in m["policies"]:
        for kn in p["knots"]:
            h = parts.get((p["policy"], kn["bytes"]))
            if h is not None:
                kn["host_prefetch_ms"] = h
    with_part = f"{tmp}/with{k}.json"
    json.dump(m, open(with_part, "w"))
    for label, model in (("as written", written), ("with the host-level part", with_part)):
        for t in TARGETS:
            s = json.loads(run([U, "validate", "--cpu-from-trials", "--json", "--model", model, f"{H}/{t}"]))
            cov[label].append((s["interval_coverage_pct"], s["median_ape_pct"]))
out = [f"{n} calibrations' models as calibrate wrote them (run81-run132 but run109) against {len(TARGETS)} full runs,",
       "given each trial's CPU update: 90 % interval coverage per pair, then the pairs' median APE", ""]
for label, v in cov.items():
    c = [x[0] for x in v]
    out.append(f"{label:26}: coverage median {st.median(c):.1f} % (min {min(c):.1f}), >= 90 % in "
               f"{sum(x >= 90 for x in c)} of {len(c)} pairs; median APE <= 1.0 % in "
               f"{sum(x[1] <= 1.0 for x in v)}, median {st.median(x[1] for x in v):.2f} %")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "coverage.txt"), "w").write(text)
print(text, end="")
