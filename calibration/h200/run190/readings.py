#!/usr/bin/env python3
"""run190's reading: run188's, copied unchanged but this line before the call (2026-12-05;
run190.sh says what runs, the same as run188). The rest of this text is run188's. Rule E gave the embedded model `h200` each task term from the median of thirty
calibrations of run167-run187 (offline41/embedded.txt, held out by leaving each VM's own
calibrations out). Here a VM none of them saw, priced as a user with no calibration is: NEW
(models/h200.json, the thirty's median) against OLD (offline41/h200-until-2026-12-04.json,
run65's terms), the same cells as embedded.py prices them:
  programs: relax.cu (16, 4, 1 threads), kmeans.cu (16, 8), horner.cu K = 16, 64 MiB, and
    relax.cu and kmeans.cu on 256 MiB with 16 threads, every policy's median total against
    `predict --task` given the medians of the plain phases and the thread count (their threads
    not pinned);
  workloads: umodel's seed 001 (and its overlapped variant), partial update, producer/consumer,
    `validate --task ... --final-beside --cpu-beside`, every cell's paired error.

  G1. the programs' cells beyond 5 %: no more under NEW than under OLD;
  G2. the programs' median |error|: lower under NEW;
  G3. the workloads' cells beyond 5 %: no more under NEW;
  G4. the workloads' median |error|: no higher under NEW.
"Rule E holds on a fresh VM" if all four hold; if not, NOTES say which failed (the adoption
stands on the 23 and 18 VMs it was judged on; one VM is recorded, not a reason to revert).
Beside it, judging nothing: the run's own calibration (made after the workloads) on the same
cells; relax.cu on one thread pinned (`relaxpinned-*`) priced as pinned, whose prefetching rows
NEW prices with the move's deferred cost and OLD without; what `calibrate` warned of against
NEW (offline41/check_reference.txt: none of the current build's 34 calibrations, two held out).

Rule F, added the same day before any call (the branch `scalar-shape`, b2f521e, built as
devbin/r188f): faults one float a thread beyond the scalar term's largest cell (64 MiB) priced as
the streaming faults grow (offline41/relax_fault.txt: relax.cu's 256 MiB fault-in 30.0 ms against
the term's extrapolated 36.8; in sample on run156-run179, 411 -> 397 of 948 cells beyond 5 %).
The same cells priced by the run's own calibration (model-minimal-1.json, as a user who
calibrated) with UMODEL and with UMODEL_F:
  F1. the 256 MiB programs' cells beyond 5 %: no more under F;
  F2. their managed and managed-advise cells' median |error|: lower under F;
  F3. no 64 MiB program cell and no workload cell moves.
Adopted (scalar-shape merged, the judges' 256 MiB figures recorded anew) if all three hold.

    python3 calibration/h200/run188/readings.py UMODEL [UMODEL_F]        (in readings.txt)
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h200", "offline41"))
from thirty import programs_in  # noqa: E402  (the judges' reading of a program's CSV)
UM = sys.argv[1]
MODELS = {"NEW": os.path.join(ROOT, "models", "h200.json"),
          "OLD": os.path.join(ROOT, "calibration", "h200", "offline41", "h200-until-2026-12-04.json")}
OWN = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
WORKLOADS = {"workload": ["seed-001", "seed-001-overlapped"], "partial": ["partial-update"],
             "prodcons": ["producer-consumer"]}
PREFETCHING = ("managed-prefetch", "managed-advise-prefetch")
TMP = tempfile.mkdtemp()


def med(v):
    return st.median(v) if v else float("nan")


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def errors(um, model, tf, cpu, gpu, fin, pol):
    """{policy: error %} of `model`'s prices by the build `um` against the medians of `pol`."""
    cmd = [um, "predict", "-m", model, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
    if fin is not None:
        cmd += ["--cpu-final-ms", f"{fin}"]
    return {q["policy"]: 100 * (q["time_ms"] - med(pol[q["policy"]])) / med(pol[q["policy"]])
            for q in json.loads(run(cmd)) if q["policy"] in pol}


models = dict(MODELS, **{f"own-{i + 1}": m for i, m in enumerate(OWN)})
prog = []  # (configuration, policy, {model: error %})
for cfg, tf, cpu, gpu, fin, pol in programs_in(HERE, TMP):
    err = {label: errors(UM, model, tf, cpu, gpu, fin, pol) for label, model in models.items()}
    for p in err["NEW"]:
        prog.append((cfg, p, {label: err[label][p] for label in models}))

work = []  # (task, policy, reuse, {model: paired error %})
for group, tasks in WORKLOADS.items():
    table = os.path.join(HERE, f"{group}.csv")
    if not os.path.exists(table):
        continue
    for task in tasks:
        pts = {}
        for label, model in models.items():
            out = run([UM, "validate", "-m", model, "--task", os.path.join(ROOT, "tasks", f"{task}.json"), table,
                       "--final-beside", "--cpu-beside", "--json"])
            pts[label] = json.loads(out)["points"]
        for i, p in enumerate(pts["NEW"]):
            e = {label: pts[label][i].get("paired_error_pct") for label in models}
            if all(v is not None for v in e.values()):
                work.append((task, p["policy"], p["reuse"], e))

lines = []
say = lines.append
held = [c for c in prog if not c[0].startswith("relaxpinned")]


def figures(cells, label):
    a = [abs(c[-1][label]) for c in cells]
    return sum(x > 5 for x in a), med(a)


for what, cells in (("programs", held), ("workloads", work)):
    say(f"The {what} ({len(cells)} cells):")
    for label in models:
        n, m = figures(cells, label)
        say(f"  {label:6} {n:3} beyond 5 %, median |error| {m:.2f} %")
say("")
say("By cell (error %, " + ", ".join(models) + "):")
for c in prog:
    say(f"  {c[0]:26} {c[1]:24} " + " ".join(f"{c[2][k]:+7.2f}" for k in models))
for c in work:
    say(f"  {c[0]:26} {c[1]:24} R={c[2]:<3} " + " ".join(f"{c[3][k]:+7.2f}" for k in models))
say("")
pn, pm = figures(held, "NEW")
po, pmo = figures(held, "OLD")
wn, wm = figures(work, "NEW")
wo, wmo = figures(work, "OLD")
g = [pn <= po, pm < pmo, wn <= wo, wm <= wmo]
for i, (ok, what) in enumerate(zip(g, ["the programs' cells beyond 5 % do not rise", "the programs' median |error| falls",
                                       "the workloads' cells beyond 5 % do not rise",
                                       "the workloads' median |error| does not rise"])):
    say(f"G{i + 1} ({what}): {'met' if ok else 'not met'}")
say(f"rule E on a fresh VM: {'holds' if all(g) else 'does not hold'}")
say("")
warned = []
for f in sorted(glob.glob(os.path.join(HERE, "calibrate-*.err"))):
    warned += [f"{os.path.basename(f)}: {l.strip()}" for l in open(f) if "warning: task term" in l]
say("Beside it: what calibrate warned of against NEW: " + ("none" if not warned else ""))
for w in warned:
    say(f"  {w}")
if len(sys.argv) > 2 and OWN:
    UMF = sys.argv[2]
    f_prog = []  # (configuration, policy, error current %, error F %)
    for cfg, tf, cpu, gpu, fin, pol in programs_in(HERE, TMP):
        cur, f = (errors(um, OWN[0], tf, cpu, gpu, fin, pol) for um in (UM, UMF))
        for p in cur:
            f_prog.append((cfg, p, cur[p], f[p]))
    f_work_moved = 0
    for group, tasks in WORKLOADS.items():
        table = os.path.join(HERE, f"{group}.csv")
        if not os.path.exists(table):
            continue
        for task in tasks:
            got = [json.loads(run([um, "validate", "-m", OWN[0], "--task", os.path.join(ROOT, "tasks", f"{task}.json"),
                                   table, "--final-beside", "--cpu-beside", "--json"]))["points"] for um in (UM, UMF)]
            f_work_moved += sum(a["predicted_ms"] != b["predicted_ms"] for a, b in zip(*got))
    big = [c for c in f_prog if "-256MiB" in c[0] or "-268435456-" in c[0]]
    mig = [c for c in big if c[1] in ("managed", "managed-advise")]
    small_moved = sum(c[2] != c[3] for c in f_prog if c not in big)
    say("")
    say(f"Rule F, by the run's own calibration ({os.path.basename(OWN[0])}):")
    for c in big:
        say(f"  {c[0]:26} {c[1]:24} {c[2]:+7.2f} -> {c[3]:+7.2f} %")
    b_cur, b_f = sum(abs(c[2]) > 5 for c in big), sum(abs(c[3]) > 5 for c in big)
    m_cur, m_f = med([abs(c[2]) for c in mig]), med([abs(c[3]) for c in mig])
    f = [b_f <= b_cur, m_f < m_cur, small_moved == 0 and f_work_moved == 0]
    say(f"F1 (the 256 MiB cells beyond 5 %: {b_cur} -> {b_f} of {len(big)}): {'met' if f[0] else 'not met'}")
    say(f"F2 (their managed and managed-advise median |error|: {m_cur:.2f} -> {m_f:.2f} %): {'met' if f[1] else 'not met'}")
    say(f"F3 (nothing else moves: {small_moved} 64 MiB program cells, {f_work_moved} workload cells): {'met' if f[2] else 'not met'}")
    say(f"rule F: {'passed' if all(f) else 'not passed'}")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
