#!/usr/bin/env python3
"""Rule M, written 2026-12-05 before its effect on any task's prediction was computed: do the
prefetches of pages advised preferred-location host + accessed-by device cost what the
calibration's own prefetching handoffs say they do?

Why it might. The handoff's managed-advise-prefetch cells advise their buffer exactly so (the
handoff's advice, `Task::advice`'s `PreferHostMapped`), and in 121 minimal calibrations since run96
their stages moved dearer than managed-prefetch's at the same sizes: `stage:move_out` 1.035-1.049
and `stage:move_in` 1.024-1.041 at the median by size (above 1 in 81-115 of 121). The fit pools both
policies' stages into `prefetch_to_device` and `prefetch_to_host`, and the run's probe, which prices
the prefetch back when given, prefetches unadvised pages. What motivated the rule: the workloads'
own steps (offline45/advised_steps.txt: the producer/consumer's output back 1.035 / 1.051 times the
unadvised step, the partial update's buffer 1.02-1.07, the compute-bound input 1.03; seed 001's
output, advised preferred-location device, 0.99), and the advice + prefetch rows' movement short
by 1.45-2.21 % of their totals. Those step ratios were looked at; the totals under the rule were not.

The rule: a fit carries, from the calibration's own handoff stages, the ratio of managed-advise-
prefetch's median to managed-prefetch's at each size both measured, the median over sizes, one for
moves to the device (`stage:move_in`) and one to the host (`stage:move_out`). Under
managed-advise-prefetch, a prefetch that moves pages of a buffer advised preferred-location host +
accessed-by device costs its term times that ratio. Nothing else moves; models without the ratio
price as before.

Judged, each cell's paired error (`validate --task ... --final-beside --cpu-beside --probe`),
without and with the ratio (the same refit by this build, the field removed for "without"):
  past:   run96-run137, each on its own calibration (`fit --price-from-pool`);
  latest: run188, run190, run191, each on its calibrations refitted from their minimal CSVs.
Criteria, in each group:
  (a) the managed-advise-prefetch cells' median |paired error| falls;
  (b) the cells beyond 5 %, over every cell, do not rise;
  (c) no cell of another policy, or of a task with no such buffer, moves;
  (d) the managed-advise-prefetch cells' median signed error comes nearer 0.
Adopted (fits carry the ratio; calibrate writes it) when all four hold in both groups. run193, not
yet run, is its fresh test either way.

    python3 calibration/h200/offline45/mapped_advice.py UMODEL        (in mapped_advice.txt)

UMODEL is the build of branch `mapped-advice` (`a968302`), whose fit measures the ratio and whose
pricing takes it; main's fit carries none, and the script stops saying so. Not adopted
(mapped_advice.txt): the code stays on that branch, and, since a branch may not reach a later
checkout, as a patch beside this file (`mapped-advice.patch`: `git apply` it on a branch of
main and build).
"""
import glob, json, os, re, statistics as st, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import resolved as r  # noqa: E402  (reads UMODEL from argv)

POLICY = "managed-advise-prefetch"


def pair(csv_path, tag):
    """The calibration refitted by this build, with the ratio and without it: two model files."""
    with_ = os.path.join(r.TMP, f"{tag}-with.json")
    r.run([r.UM, "fit", csv_path, "-o", with_, "--price-from-pool"])
    m = json.load(open(with_))
    if "mapped_advice_moves" not in m["task_terms"]:
        sys.exit(f"{csv_path}: the fit measured no ratio")
    ratio = m["task_terms"].pop("mapped_advice_moves")
    without = os.path.join(r.TMP, f"{tag}-without.json")
    json.dump(m, open(without, "w"))
    return with_, without, ratio


def cells(model, tables):
    out = {}
    for run_, table, task in tables:
        for c in r.cells(model, task, table, True):
            out[(run_, task, c[0], c[4])] = c[1]
    return out


def past():
    for d in sorted(glob.glob(os.path.join(r.H, "run*")), key=lambda d: (len(d), d)):
        if not re.search(r"run\d+$", d) or not 96 <= r.num(d) <= 137:
            continue
        cal = sorted(glob.glob(os.path.join(d, "data", "models", "*.minimal*.csv")))
        tables = [(os.path.basename(d), t, task) for t in sorted(glob.glob(os.path.join(d, "tasks-*-*.csv")))
                  for task in r.TASKS.get(t.rsplit("-", 1)[1][:-4], [])]
        if cal and tables:
            yield os.path.basename(d), cal[0], tables


def latest():
    for run_ in ("run188", "run190", "run191"):
        d = os.path.join(r.H, run_)
        tables = [(run_, os.path.join(d, f"{g}.csv"), task) for g, tasks in r.TASKS.items()
                  if os.path.exists(os.path.join(d, f"{g}.csv")) for task in tasks]
        for cal in sorted(glob.glob(os.path.join(d, "data-*", "models", "*.minimal.csv"))):
            label = os.path.basename(os.path.dirname(os.path.dirname(cal)))
            yield f"{run_}/{label}", cal, tables


lines = []
say = lines.append
held = {}
for name, group in (("past", past()), ("latest", latest())):
    before, after, ratios = {}, {}, []
    for tag, cal, tables in group:
        w, wo, ratio = pair(cal, tag.replace("/", "-"))
        ratios.append(ratio)
        for k, v in cells(wo, tables).items():
            before[(tag,) + k[1:]] = v
        for k, v in cells(w, tables).items():
            after[(tag,) + k[1:]] = v
    keys = sorted(before)
    adv = [k for k in keys if k[2] == POLICY]
    moved_other = [k for k in keys if k[2] != POLICY and before[k] != after[k]]
    moved_adv = [k for k in adv if before[k] != after[k]]
    med_abs = lambda d, ks: st.median(abs(d[k]) for k in ks)
    med = lambda d, ks: st.median(d[k] for k in ks)
    beyond = lambda d: sum(abs(d[k]) > 5 for k in keys)
    a = med_abs(after, adv) < med_abs(before, adv)
    b = beyond(after) <= beyond(before)
    c = not moved_other
    dd = abs(med(after, adv)) < abs(med(before, adv))
    held[name] = a and b and c and dd
    say(f"{name}: {len({k[0] for k in keys})} calibrations, {len(keys)} cells; the ratios to the device "
        f"{min(x['to_device'] for x in ratios):.3f}-{max(x['to_device'] for x in ratios):.3f} "
        f"(median {st.median(x['to_device'] for x in ratios):.3f}), to the host "
        f"{min(x['to_host'] for x in ratios):.3f}-{max(x['to_host'] for x in ratios):.3f} "
        f"(median {st.median(x['to_host'] for x in ratios):.3f})")
    say(f"  (a) {POLICY} median |paired error| {med_abs(before, adv):.2f} -> {med_abs(after, adv):.2f} %: "
        f"{'held' if a else 'not held'}")
    say(f"  (b) cells beyond 5 % {beyond(before)} -> {beyond(after)} of {len(keys)}: {'held' if b else 'not held'}")
    say(f"  (c) cells of other policies moved: {len(moved_other)}; {POLICY} cells moved {len(moved_adv)} "
        f"of {len(adv)}: {'held' if c else 'not held'}")
    say(f"  (d) {POLICY} median signed error {med(before, adv):+.2f} -> {med(after, adv):+.2f} %: "
        f"{'held' if dd else 'not held'}")
    for task in sorted({k[1] for k in moved_adv}):
        ks = [k for k in moved_adv if k[1] == task]
        say(f"      {task:20} {len(ks):3} cells: median {med(before, ks):+.2f} -> {med(after, ks):+.2f} %, "
            f"|error| {med_abs(before, ks):.2f} -> {med_abs(after, ks):.2f} %, beyond 5 % "
            f"{sum(abs(before[k]) > 5 for k in ks)} -> {sum(abs(after[k]) > 5 for k in ks)}")
verdict = ", ".join(f"{k} {'held' if v else 'not held'}" for k, v in held.items())
say(f"Rule M: {'adopted' if all(held.values()) else 'not adopted'} ({verdict})")
text = "\n".join(lines) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "mapped_advice.txt"), "w").write(text)
print(text, end="")
