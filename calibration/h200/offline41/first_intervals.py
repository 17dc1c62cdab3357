#!/usr/bin/env python3
"""A reading after rule E, judging nothing: what the new embedded model does to the intervals of a
machine's first calibration. With no earlier calibration beside it, `calibrate` gives each task
term the run-to-run shift the embedded model of its GPU measured (`inherit_shift`,
`TaskTerms::inheritable_shifts`: every term that model has a shift for, measured the same way,
and the share of faults under compute). Until rule E those were run65's against 22 calibrations
(25 terms); now they are the thirty's (37 terms, the many-thread faults back and the move's
deferred cost among them, and the share at 100 %).

Every first calibration of run167-run187 (each data directory's model as `calibrate` wrote it,
with run65's shifts inherited) prices its own run's cells two ways: (a) as written; (b) with the
inherited shifts of the model rule E would have made without that VM's calibrations (its
`make_embedded.sh` recipe over the other VMs', `thirty.py`), the same terms
replaced and no other. Cells: the programs (relax.cu, kmeans.cu, horner.cu; `predict --task`
given their plain phases and threads, as embedded.py) and umodel's workloads (run184, run187;
`validate --task --final-beside --cpu-beside --probe`, as the run's judges). Counted: cells
inside their 90 % interval, and the intervals' median half-width.

    python3 calibration/h200/offline41/first_intervals.py UMODEL        (in first_intervals.txt)
"""
import glob, json, os, sys

from thirty import H, S, TMP, med, model_without, programs_in, run, runnum

UM = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
WORKLOADS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
             "partial": ["partial-update"], "compute": ["compute-bound"]}


def loo_terms(r):
    return json.load(open(model_without(UM, r)))["task_terms"]


def inherit(model_path, r):
    """The model at `model_path` with the shifts a first calibration would inherit from the
    embedded model made without run `r`'s calibrations."""
    m = json.load(open(model_path))
    mine, theirs = m["task_terms"], loo_terms(r)
    for k, c in theirs.items():
        if not (isinstance(c, dict) and "lat_ms" in c and c.get("run_shift", 0) > 0 and k in mine):
            continue
        if k in ("duplicate", "duplicate_random") and bool(mine.get("duplication_after_fill")) != bool(theirs.get("duplication_after_fill")):
            continue
        if k == "prefetch_noop" and bool(mine.get("noop_in_sequence")) != bool(theirs.get("noop_in_sequence")):
            continue
        mine[k]["run_shift"] = c["run_shift"]
    fu = theirs.get("faults_under_compute")
    if fu and fu.get("run_shift", 0) > 0 and mine.get("faults_under_compute"):
        mine["faults_under_compute"]["run_shift"] = fu["run_shift"]
    out = os.path.join(TMP, f"inherit-{r}-{os.path.basename(os.path.dirname(os.path.dirname(model_path)))}.json")
    json.dump(m, open(out, "w"))
    return out


def first_models(r):
    """Each data directory's model of run `r` (a first calibration: one model per directory)."""
    return sorted(p for p in glob.glob(f"{H}/run{r}/*/models/nvidia-h200-0931b6b9ea7c.json")
                  if "old" not in p and "free" not in p)


prog, work = [], []  # (run, what, (inside a, inside b), (half-width a, half-width b) in %)
for r in sorted({runnum(c) for c in S}):
    models = [(m, inherit(m, r)) for m in first_models(r)]
    for cfg, tf, cpu, gpu, fin, pol in programs_in(f"{H}/run{r}"):
        if cfg.startswith("relaxpinned"):
            continue  # a reading of run185, priced as pinned: not a user's program as written
        for a, b in models:
            got = {}
            for way, model in (("a", a), ("b", b)):
                cmd = [UM, "predict", "-m", model, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
                if fin is not None:
                    cmd += ["--cpu-final-ms", f"{fin}"]
                for q in json.loads(run(cmd).stdout):
                    if q["policy"] in pol:
                        meas = med(pol[q["policy"]])
                        lo, hi = q["interval_ms"]
                        got.setdefault(q["policy"], {})[way] = (lo <= meas <= hi, 50 * (hi - lo) / q["time_ms"])
            for p, g in got.items():
                prog.append((r, f"{cfg} {p}", (g["a"][0], g["b"][0]), (g["a"][1], g["b"][1])))
    for t in sorted(glob.glob(f"{H}/run{r}/*-pinned.csv")) + sorted(glob.glob(f"{H}/run{r}/*-free.csv")):
        group = os.path.basename(t).split("-")[0]
        if group not in WORKLOADS:
            continue
        for task in WORKLOADS[group]:
            for a, b in models:
                pts = {}
                for way, model in (("a", a), ("b", b)):
                    out = run([UM, "validate", "-m", model, "--task", f"tasks/{task}.json", t, "--final-beside",
                               "--cpu-beside", "--probe", "--json"]).stdout
                    pts[way] = json.loads(out)["points"]
                for p, q in zip(pts["a"], pts["b"]):
                    if p.get("paired_error_pct") is None:
                        continue
                    hw = lambda x: 50 * (x["interval_ms"][1] - x["interval_ms"][0]) / x["predicted_ms"] if "interval_ms" in x else float("nan")
                    work.append((r, f"{task} {p['policy']}", (bool(p["in_interval"]), bool(q["in_interval"])), (hw(p), hw(q))))

lines = []
say = lines.append
for what, cells in (("the programs", prog), ("umodel's workloads", work)):
    n = len(cells)
    ia, ib = sum(c[2][0] for c in cells), sum(c[2][1] for c in cells)
    say(f"{what} ({n} cells of {len({c[0] for c in cells})} VMs, each priced by its run's first calibrations):")
    say(f"  inside the 90 % interval: as written (run65's shifts) {ia} ({100 * ia / max(n, 1):.1f} %), "
        f"with the thirty's (without the VM) {ib} ({100 * ib / max(n, 1):.1f} %)")
    say(f"  median half-width: {med([c[3][0] for c in cells]):.2f} % -> {med([c[3][1] for c in cells]):.2f} %")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "first_intervals.txt"), "w").write(text)
print(text, end="")
