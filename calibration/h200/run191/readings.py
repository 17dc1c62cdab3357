#!/usr/bin/env python3
"""run191's reading and rule H, written before the call (2026-12-05; run191.sh says what runs).

Rule G passed on run189's faultmix.cu and held out on run190, both judged by recombining
`predict --explain` (run189/readings.py, run190/g_heldout.py). Since main's cc14bde it is in the
pricing, carried by the model: every fit by this code sets the task-terms field
`link_under_faults` (0.578 migrating, 0.466 duplicating), and a model without it prices as
before. Here the end-to-end check on a fresh VM none of it saw: the models `calibrate` wrote on
the VM (model-minimal-1.json, -2.json, made by main's build), against the same files with the
field removed, on the run's programs (relax.cu on 16, 4, 1 threads at 64 MiB and 16 at 256;
kmeans.cu on 16 and 8 at 64 MiB and 16 at 256; horner.cu K = 16; not relax.cu pinned), given the
medians of their plain phases and thread counts (offline41/thirty.py `programs_in`), and umodel's
workloads (`validate --task ... --final-beside --cpu-beside`, every cell's paired error).

  H0. both model files carry link_under_faults = {migrating 0.578, duplicating 0.466};
  H1. the programs' managed-advise cells (both calibrations): no more beyond 5 % with the field,
      and their median |error| lower with it;
  H2. neither relax.cu's nor kmeans.cu's managed-advise median |error| higher by more than 0.5
      (percentage points) with the field;
  H3. no cell but managed-advise ones moves (programs and workloads), and the workloads' moved
      cells' median |error| is no higher with the field.
"G holds end to end" if H0-H3 hold. If not, NOTES say which failed; G stays (adopted on run189,
held on run190: one VM is recorded, not a reason to revert).

Beside it, judging nothing: offline43/shipped_under_g.py's six models on this VM's cells (the
embedded models with and without G, the first calibration as written with and without); the two
calibrations' walls and what `calibrate` warned of.

    python3 calibration/h200/run191/readings.py UMODEL        (in readings.txt)
"""
import glob, json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline43"))
import shipped_under_g as sug  # noqa: E402  (reads UMODEL from argv; offline40/common.py)

RUN = os.path.basename(HERE)
MEASURED = {"migrating": 0.578, "duplicating": 0.466}
lines = []
say = lines.append

own = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
carried = [json.load(open(m))["task_terms"].get("link_under_faults") for m in own]
h0 = len(own) == 2 and all(c == MEASURED for c in carried)
say(f"H0 (both model files carry the shares; {len(own)} files: {carried}): {'held' if h0 else 'not held'}")

cells = []  # (configuration or task, policy, calibration, error with G, error without)
for i, m in enumerate(own):
    with_g, without = sug.variant(m, f"{RUN}-{i}-g", True), sug.variant(m, f"{RUN}-{i}-no", False)
    for cfg, tf, cpu, gpu, fin, pol in sug.programs_in(HERE, sug.TMP):
        if cfg.startswith("relaxpinned"):
            continue
        a, b = (sug.errors(x, tf, cpu, gpu, fin, pol) for x in (with_g, without))
        cells += [("program", cfg, p, i + 1, a[p], b[p]) for p in a]
    for group, tasks in sug.WORKLOADS.items():
        table = os.path.join(HERE, f"{group}.csv")
        for task in tasks:
            got = [json.loads(sug.run([sug.UM, "validate", "-m", x, "--task",
                                       os.path.join(sug.ROOT, "tasks", f"{task}.json"), table,
                                       "--final-beside", "--cpu-beside", "--json"]))["points"]
                   for x in (with_g, without)]
            for a, b in zip(*got):
                if a.get("paired_error_pct") is not None and b.get("paired_error_pct") is not None:
                    cells.append(("workload", task, f"{a['policy']} R={a['reuse']}", i + 1,
                                  a["paired_error_pct"], b["paired_error_pct"]))


def figures(cs, k):
    a = [abs(c[k]) for c in cs]
    return sum(x > 5 for x in a), sug.med(a), len(a)


adv = [c for c in cells if c[0] == "program" and c[2] == "managed-advise"]
(bg, mg, n), (bn, mn, _) = figures(adv, 4), figures(adv, 5)
h1 = n > 0 and bg <= bn and mg < mn
say(f"H1 (programs' managed-advise cells: beyond 5 % {bn} -> {bg} of {n}, median |error| {mn:.2f} -> {mg:.2f} %): {'held' if h1 else 'not held'}")
h2 = True
for prog in ("relax", "kmeans"):
    sub = [c for c in adv if c[1].startswith(prog + "-")]
    (_, mg_, k), (_, mn_, _) = figures(sub, 4), figures(sub, 5)
    h2 &= k > 0 and mg_ <= mn_ + 0.5
    say(f"  {prog} managed-advise: {k} cells, median |error| {mn_:.2f} -> {mg_:.2f} %")
say(f"H2 (neither's median |error| up by more than 0.5): {'held' if h2 else 'not held'}")
moved = [c for c in cells if abs(c[4] - c[5]) > 1e-9]
other = [c for c in moved if not c[2].startswith("managed-advise") or c[2].startswith("managed-advise-prefetch")]
wmoved = [c for c in moved if c[0] == "workload"]
(_, wg, wn), (_, wb, _) = figures(wmoved, 4), figures(wmoved, 5)
h3 = not other and (wn == 0 or wg <= wb)
say(f"H3 (only managed-advise cells move: {len(other)} others; the workloads' {wn} moved cells' median |error| {wb:.2f} -> {wg:.2f} %): {'held' if h3 else 'not held'}")
say(f"Rule H: G {'holds' if h0 and h1 and h2 and h3 else 'does not hold'} end to end on {RUN}")
say("")
say("Moved cells (calibration, error % without -> with the field):")
for c in moved:
    say(f"  {c[0]:8} {c[1]:24} {c[2]:28} cal {c[3]}  {c[5]:+7.2f} -> {c[4]:+7.2f}")
say("")
say(f"Beside it: offline43/shipped_under_g.py's models on {RUN} (own: model-minimal-1.json as written)")
lines += sug.table(sug.cells([RUN], written=True), [RUN])
say("")
for f in sorted(glob.glob(os.path.join(HERE, "calibrate-*.err"))):
    tail = [l.strip() for l in open(f) if l.startswith("rc=")]
    warned = [l.strip() for l in open(f) if "warning: task term" in l]
    say(f"{os.path.basename(f)}: {tail[-1] if tail else 'no rc line'}; warnings: {'; '.join(warned) or 'none'}")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
