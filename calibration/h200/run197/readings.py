#!/usr/bin/env python3
"""run197's reading, written 2026-12-05 before the call (run197.sh), judging nothing: run193
replicated on another fresh VM, and the programs written without umodel's code at 64 MiB.

  Q1. the workload target at 15 trials (9 for the compute-bound task) on the calibrations made in
      the same call (`run197a/model-minimal-N.json` for seed 001, its overlapped variant, the
      partial update and the producer/consumer; `run197b/model-minimal-1.json` for the
      compute-bound task), paired with both passes beside each row, with the run's probe and from
      the terms alone, as run193/readings.py (offline45/resolved.py). run193: with the probe 4 of
      58 cells beyond 5 %, the target met in 6 of 9 pairs.
  Q2. the same rows' first four trials alone. run193: 8 of 58.
  Q3. the same workloads on the embedded `h200` model (held out), as offline46/embedded_run193.py.
      run193: 0 of 38 with the probe, 3 of 38 from the terms alone.
  Q4. the programs (relax.cu on 16, 4, 1 threads, kmeans.cu on 16 and 8, horner.cu K = 16, all
      at 64 MiB) given the medians of their plain phases and thread counts (offline40/common.py
      `programs_in`), on each of the VM's three calibrations as `calibrate` wrote them and on the
      embedded `h200` model: cells beyond 5 %, median |error|, the median signed error per policy.
      run191 (the same configurations among others, 4 trials of workloads): 33 and 35 of 48 on its
      own calibrations.

    python3 calibration/h200/run197/readings.py UMODEL          (in readings.txt)
    python3 calibration/h200/run197/readings.py UMODEL DIR      (a dry run on another run's files,
                                                                 laid out as run193's)
    SHIPPED=calibration/h200/offline48/h200-until-2026-12-05.json python3 ... (as run197's and
                                                                 run199's readings.txt were made)
"""
import glob, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h200", "offline45"))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
DATA = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else HERE
del sys.argv[2:]
import resolved as r  # noqa: E402  (reads UMODEL from argv)
import rule_n as n  # noqa: E402

NAME = os.path.basename(DATA)
# The embedded model judged: `h200` (the build's), or a file named by SHIPPED= (the one shipped when
# a readings.txt was made: run197's and run199's priced the thirty's, kept as
# offline48/h200-until-2026-12-05.json since rule T).
SHIPPED = os.environ.get("SHIPPED", "h200")
# Its name in the lines: an embedded model's own name (`h100` on an H100 run, run218's reading), and
# `h200` for a file, as before.
SHIPPED_NAME = SHIPPED if SHIPPED in ("h200", "h100") else "h200"


def summary(label, rows):
    if rows:
        r.summary(label, rows)
    else:
        r.say(f"{label}: no cells")


PARTS = sorted(os.path.basename(p) for p in glob.glob(os.path.join(DATA, NAME + "[ab]")))
RUNS = [os.path.join(os.path.relpath(DATA, r.H), p) for p in PARTS]

# Q1, Q2
for probe, way in ((True, "with the run's probe"), (False, "from the calibration's terms alone")):
    # Each row named NAME/part, as the cut rows below (a run outside calibration/h200 would
    # otherwise be named by its path from there).
    rows = [(f"{NAME}/{os.path.basename(x[0])}",) + x[1:] for x in r.own(RUNS, probe)]
    summary(f"{NAME}, 15 trials (9 for the compute-bound task), {way}", rows)
    h, cut = r.H, []
    for part in PARTS:
        r.H = r.cut_folder(DATA, [part], 4)
        cut += [(f"{NAME}/{x[0]}",) + x[1:] for x in r.own([part], probe)]
    r.H = h
    summary(f"{NAME}, the first 4 trials of the same rows, {way}", cut)
# Q3
for probe, way in ((False, "from the terms alone"), (True, "with the run's probe")):
    rows = r.on_model(SHIPPED, SHIPPED_NAME, DATA, PARTS, probe, f"{NAME}/")
    summary(f"{NAME} on the embedded {SHIPPED_NAME} model, {way}", rows)
# Q4
models = sorted(glob.glob(os.path.join(DATA, NAME + "[ab]", "model-minimal-*.json")))
progs = [d for d in (os.path.join(DATA, p) for p in PARTS) if n.common.programs_in(d, n.TMP)]
r.say(f"\n{NAME}'s programs: {', '.join(c for d in progs for c, *_ in n.common.programs_in(d, n.TMP)) or 'none'}")
for m in models + [SHIPPED]:
    if not progs:
        break
    cells = [c for d in progs for c in n.programs(m, d)]
    b, med, k = n.count(cells)
    byp = {}
    for _, pol, e in cells:
        byp.setdefault(pol, []).append(e)
    label = SHIPPED_NAME if m == SHIPPED else os.path.relpath(m, DATA)
    r.say(f"  {label:<32} {b} of {k} beyond 5 %, median |error| {med:.2f} %; median signed: "
          + ", ".join(f"{p} {n.med(v):+.1f}" for p, v in byp.items()))
text = "\n".join(r.lines) + "\n"
if DATA == HERE:
    open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
