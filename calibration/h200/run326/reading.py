#!/usr/bin/env python3
"""run326's reading (plan.md; rule S, written before any probe timed the sparse cell): each run
of run326.sh, each calibration, the partial update's managed row (the one row that prices the
CPU's fault runs) priced with the run's first probe (`validate --task tasks/partial-update.json
--final-beside --cpu-beside --probe-from probe-1.json`, paired by trial), "now" as the build
prices it and under rule S: the calibration's `cpu_fault_run` (its fixed cost a run) scaled by
the probe's sparse cell over the calibration's own 64 MiB cell, as `--faults-beside` scales it
by the cell beside the rows (a model edited for the reading; if S is adopted, `--probe` does
it). Beside them, for reference, the pairing with the cell beside the rows (`--faults-beside`).
Judged pooled per GPU over the runs from run326 on, as plan.md says.

    python3 calibration/h200/run326/reading.py UMODEL DIR...      (each DIR a run of run326.sh)
"""
import csv
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

U, DIRS = sys.argv[1], sys.argv[2:]
AT = 64 << 20
TMP = tempfile.mkdtemp()


def managed(model, d, extra):
    out = subprocess.run([U, "validate", "-m", model, "--task", "tasks/partial-update.json",
                          f"{d}/partial.csv", "--final-beside", "--cpu-beside", "--json"] + extra,
                         capture_output=True, text=True, check=True).stdout
    return next(p["paired_error_pct"] for p in json.loads(out)["points"] if p["policy"] == "managed")


def gpu_name(d):
    return "H200" if "H200" in open(f"{d}/machine.txt").read() else "H100"


cells = {}
for d in DIRS:
    probe = json.load(open(f"{d}/probe-1.json"))
    fig = probe.get("cpu_fault_run")
    if not fig:
        sys.exit(f"{d}/probe-1.json: no cpu_fault_run figure (not a run of run326.sh's build)")
    beside = st.median(float(r["time_ms"]) for r in csv.DictReader(open(f"{d}/partial.csv"))
                       if r["policy"] == "managed" and r["case"].endswith(":sparse_cpu_beside")
                       and r["check"] == "ok")
    print(f"{d}: {gpu_name(d)}; the probe's sparse cell {fig['ms']:.3f} ms (± {100 * fig['rel_sd']:.0f} % "
          f"a round, {fig['samples']} rounds), the cell beside the managed row's trials {beside:.3f} ms "
          f"at the median")
    for i in (1, 2):
        mf = f"{d}/model-minimal-{i}.json"
        m = json.load(open(mf))
        own = next(c for c in m["task_terms"]["sparse_cells"] if c["bytes"] == AT)["cpu_ms"]
        k = fig["ms"] / own
        m["task_terms"]["cpu_fault_run"]["lat_ms"] *= k
        edited = os.path.join(TMP, f"{os.path.basename(d)}-{i}.json")
        json.dump(m, open(edited, "w"))
        pf = ["--probe-from", f"{d}/probe-1.json"]
        now, s = managed(mf, d, pf), managed(edited, d, pf)
        ref = managed(mf, d, pf + ["--faults-beside"])
        cells.setdefault(gpu_name(d), []).append((now, s))
        print(f"  calibration {i}: its cell {own:.3f} ms, ×{k:.2f}; managed row now {now:+6.2f} %, "
              f"rule S {s:+6.2f} % (with the cell beside the rows {ref:+6.2f} %)")
for gpu, c in cells.items():
    grew = [(a, b) for a, b in c if abs(b) > 5 and abs(b) - abs(a) > 2]
    n_now, n_s = sum(abs(a) > 5 for a, _ in c), sum(abs(b) > 5 for _, b in c)
    m_now, m_s = st.median(abs(a) for a, _ in c), st.median(abs(b) for _, b in c)
    ok = [n_s <= n_now, m_s < m_now, not grew]
    verdict = ("not judged yet: fewer than six cells" if len(c) < 6 else
               "rule S passes" if all(ok) else "rule S does not pass")
    print(f"\n{gpu}: {len(c)} cells; beyond 5 % {n_now} -> {n_s}; median |error| {m_now:.2f} -> "
          f"{m_s:.2f} %; ending beyond 5 % more than 2 points worse: "
          + (", ".join(f"{a:+.2f} -> {b:+.2f} %" for a, b in grew) or "none")
          + f": (1) {'met' if ok[0] else 'not met'}, (2) {'met' if ok[1] else 'not met'}, "
            f"(3′) {'met' if ok[2] else 'not met'}: {verdict}")
