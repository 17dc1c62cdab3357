#!/usr/bin/env python3
"""The two embedded `h200` models, each with and without rule G's shares (`link_under_faults`),
on the two fresh VMs measured since rule E chose the thirty's median (run188, run190): a reading,
judging nothing (both VMs were seen before; the next fresh VM judges, run191's rule H).

  NEW+G  models/h200.json (the thirty's median terms; since the merge it carries G)
  NEW    the same, the field removed (what it priced before the merge)
  OLD+G  offline41/h200-until-2026-12-04.json (run65's terms) with the field added
  OLD    that file as it is (it predates G)
  own+G  the run's calibration refitted by UMODEL (`fit --price-from-pool`, carries G)
  own    that refit, the field removed

Cells as run188/readings.py prices them: the programs (not relax.cu pinned) given the medians of
their plain phases and thread counts; umodel's workloads, `validate --task ... --final-beside
--cpu-beside`, every cell's paired error.

    python3 calibration/h200/offline43/shipped_under_g.py UMODEL        (in shipped_under_g.txt)
"""
import glob, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
sys.path.insert(0, os.path.join(HERE, "..", "offline41"))
import common  # noqa: E402  (reads UMODEL from argv)
from thirty import programs_in  # noqa: E402

UM, ROOT, TMP, med, run = common.UM, common.ROOT, common.TMP, common.med, common.run
H = common.H
G = {"migrating": 0.578, "duplicating": 0.466}  # LinkUnderFaults::MEASURED
LABELS = ["NEW+G", "NEW", "OLD+G", "OLD", "own+G", "own"]
WORKLOADS = {"workload": ["seed-001", "seed-001-overlapped"], "partial": ["partial-update"],
             "prodcons": ["producer-consumer"]}


def variant(path, tag, with_g):
    m = json.load(open(path))
    m["task_terms"].pop("link_under_faults", None)
    if with_g:
        m["task_terms"]["link_under_faults"] = G
    p = os.path.join(TMP, f"{tag}.json")
    json.dump(m, open(p, "w"))
    return p


def errors(model, tf, cpu, gpu, fin, pol):
    cmd = [UM, "predict", "-m", model, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
    if fin is not None:
        cmd += ["--cpu-final-ms", f"{fin}"]
    return {q["policy"]: 100 * (q["time_ms"] - med(pol[q["policy"]])) / med(pol[q["policy"]])
            for q in json.loads(run(cmd)) if q["policy"] in pol}


def cells(runs, written=False):
    """{"programs": [...], "workloads": [...]}: (run, configuration, policy, {label: error %}) of
    every cell of `runs`, under each model of LABELS; "own" is the run's calibration refitted by
    UMODEL, or with `written` the model `calibrate` wrote there (model-minimal-1.json)."""
    new = os.path.join(ROOT, "models", "h200.json")
    old = os.path.join(H, "offline41", "h200-until-2026-12-04.json")
    base = {"NEW+G": variant(new, "new-g", True), "NEW": variant(new, "new", False),
            "OLD+G": variant(old, "old-g", True), "OLD": variant(old, "old", False)}
    out = {"programs": [], "workloads": []}
    for r in runs:
        d = os.path.join(H, r)
        own = os.path.join(d, "model-minimal-1.json")
        if not written:
            own = os.path.join(TMP, f"{r}-own.json")
            csvp = glob.glob(os.path.join(d, "data-1", "models", "*.minimal.csv"))[0]
            run([UM, "fit", csvp, "-o", own, "--price-from-pool"])
        models = dict(base, **{"own+G": variant(own, f"{r}-own-g", True),
                               "own": variant(own, f"{r}-own-no", False)})
        for cfg, tf, cpu, gpu, fin, pol in programs_in(d, TMP):
            if cfg.startswith("relaxpinned"):
                continue
            err = {k: errors(m, tf, cpu, gpu, fin, pol) for k, m in models.items()}
            for p in err["NEW"]:
                out["programs"].append((r, cfg, p, {k: err[k][p] for k in LABELS}))
        for group, tasks in WORKLOADS.items():
            table = os.path.join(d, f"{group}.csv")
            for task in tasks:
                pts = {k: json.loads(run([UM, "validate", "-m", m, "--task",
                                          os.path.join(ROOT, "tasks", f"{task}.json"), table,
                                          "--final-beside", "--cpu-beside", "--json"]))["points"]
                       for k, m in models.items()}
                for i, p in enumerate(pts["NEW"]):
                    e = {k: pts[k][i].get("paired_error_pct") for k in LABELS}
                    if all(v is not None for v in e.values()):
                        out["workloads"].append((r, task, f"{p['policy']} R={p['reuse']}", e))
    return out


def table(cs, runs):
    """The lines of the reading: per kind of cell and run (and all of `runs`), each model's
    cells beyond 5 % and median |error|; then every cell G moves on the shipped model."""
    lines = []
    say = lines.append
    for what, cells_ in cs.items():
        for r in list(runs) + (["all"] if len(runs) > 1 else []):
            sub = [c for c in cells_ if r in (c[0], "all")]
            say(f"{what}, {r} ({len(sub)} cells): cells beyond 5 %, median |error|")
            for k in LABELS:
                a = [abs(c[3][k]) for c in sub]
                say(f"  {k:6} {sum(x > 5 for x in a):3}  {med(a):5.2f} %")
    say("")
    say("Cells G moves on the shipped model (error %, " + ", ".join(LABELS) + "):")
    for what, cells_ in cs.items():
        for c in cells_:
            if abs(c[3]["NEW+G"] - c[3]["NEW"]) > 1e-9:
                say(f"  {c[0]} {c[1]:24} {c[2]:28} " + " ".join(f"{c[3][k]:+7.2f}" for k in LABELS))
    return lines


if __name__ == "__main__":
    RUNS = ("run188", "run190")
    text = "\n".join(table(cells(RUNS), RUNS)) + "\n"
    open(os.path.join(HERE, "shipped_under_g.txt"), "w").write(text)
    print(text, end="")
