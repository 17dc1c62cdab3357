#!/usr/bin/env python3
"""run189's readings and rule G, written before the call (2026-12-05, no device lent; run189.sh
says what runs).

umodel prices a GPU pass that faults pages in on first touch and waits on the link in the same
kernel as the sum of the two (`gpu_times`: the link pass, then the faults on top). relax.cu's
managed-advise row, its first pass faulting `b` in beside `x` read and written over the link,
leans high on every calibration (+9 to +15 % on 4-16 threads, offline41/own_vs_embedded.txt), and
its round-1 kernel came out about the faults plus 0.6 ms rather than plus the 1.6 ms link pass
(relax.cu's steps files, run175-run183). run180's faultmix.cu could not tell: 9 trials.

1. Shares. Per trial, each whole pass against its parts of the same trial:
     h = (first touch alone + link pass alone - whole pass) / link pass alone
   for the migrating combinations (both: fault-advised + link; both-plain: fault + link;
   fault-read: fault + link-read; fault-write: fault + link-write) and the duplicating ones
   (dup-read, dup-write, dup-both: dup + link-read, link-write, link). H_mig and H_dup: the
   median of every h of their kind at a size, with a 90 % interval from 2000 resamples of the
   trials (a trial's combinations kept together; seed 189). Printed at 64 and 256 MiB.
   G0. resolved: at 64 MiB both intervals narrower than 0.5. If not, no candidate, nothing judged.
   A kind whose interval holds 0 hides nothing: its candidate share is 0. Else the candidate
   share is its 64 MiB median clipped to [0, 1], at every size.

2. Candidate G: in each round of a task whose GPU phase has first-touch faults (F, `explain`'s
   gpu_faults items) and a link wait (L, its link items over the round's passes), the first pass
   hides H x min(F, L / reuse): the prediction falls by that, summed over rounds; H is H_dup
   when every buffer the advising policies give read-mostly is what faults there and H_mig when
   none is (the task's buffers and their advice as umodel's `Buffer::advice` gives it: read by
   both sides and written by neither -> read-mostly; the GPU's alone -> preferred device; else
   host-mapped, which never faults), their mean when both fault. Recombined here from
   `predict --explain --json`, as offline39/overlap.py recombined the longer-of rule; the model
   is changed only if G passes, and then must reproduce these figures.
   Judged on:
   programs: relax.cu, kmeans.cu, horner.cu (and relax.cu pinned) of run160-run188, every cell
     on each calibration of its own run refitted by UMODEL (`fit --price-from-pool`), given the
     medians of the plain phases and the thread counts (offline41/thirty.py `programs_in`);
   workloads: umodel's seed 001 (and overlapped), partial update, producer/consumer and
     compute-bound of run117-run137 (offline40/common.py's cells, `validate --task
     --final-beside --cpu-beside --probe`, each point's paired error), the fall applied to the
     prediction (paired error e -> e - 100 x fall x (1 + e/100) / predicted), the fall from
     `predict --explain` at the point's reuse with the run's probe rates and the validated gpu_ms.
   G1. the programs' cells beyond 5 %: fewer under G; and their managed-advise cells' median
       |error|: lower under G;
   G2. neither relax.cu's nor kmeans.cu's managed-advise median |error| higher by more than 0.5
       (percentage points) under G;
   G3. run188's program cells (a VM none of this was seen on): managed-advise cells beyond 5 %
       no more under G (run188 must be in: without it G is pending, not judged);
   G4. the workloads' cells beyond 5 %: no more under G; their changed cells' median |error|: no
       higher.
   "Adopt G" if G0-G4 hold: the share(s) become constants of the pricing (`gpu_times`), with
   this file's figures reproduced. Otherwise the model keeps adding, and NOTES say which failed.
   With rule F (run188) passed too, G is merged on top of F only if G1 and G2 hold on F's build
   as well (UMODEL_F given: the programs' cells priced by it, before and under G, beside).

A dry run on run180's files (RUN189_DIR=calibration/h200/run180; run180's data were seen
before this rule, so it judges nothing) prints to standard output only.

    python3 calibration/h200/run189/readings.py UMODEL [UMODEL_F]        (in readings.txt)
"""
import csv, glob, json, os, random, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
sys.path.insert(0, os.path.join(HERE, "..", "offline41"))
import common  # noqa: E402  (reads UMODEL from argv)
from thirty import programs_in  # noqa: E402

UM = common.UM
med = common.med
MIGRATE = {"both": ("fault-advised", "link"), "both-plain": ("fault", "link"),
           "fault-read": ("fault", "link-read"), "fault-write": ("fault", "link-write")}
DUP = {"dup-read": ("dup", "link-read"), "dup-write": ("dup", "link-write"),
       "dup-both": ("dup", "link")}
FAULTMIX = os.environ.get("RUN189_DIR", HERE)  # another run's faultmix files, for a dry run
lines = []
say = lines.append


def trials_of(path):
    rows = list(csv.DictReader(open(path)))
    bad = [r for r in rows if r["check"] != "ok"]
    if bad:
        sys.exit(f"{path}: {len(bad)} failed checks: no figure from a failed check")
    by = {}
    for r in rows:
        by.setdefault(int(r["trial"]), {})[r["case"]] = float(r["ms"])
    return by


def shares(by, kind):
    """{trial: [h of each combination of `kind` in that trial]}"""
    out = {}
    for t, d in by.items():
        for whole, (first, link) in kind.items():
            if whole in d and first in d and link in d:
                out.setdefault(t, []).append((d[first] + d[link] - d[whole]) / d[link])
    return out


def estimate(per_trial):
    pool = [h for v in per_trial.values() for h in v]
    rng = random.Random(189)
    keys = sorted(per_trial)
    boot = []
    for _ in range(2000):
        pick = [rng.choice(keys) for _ in keys]
        boot.append(med([h for k in pick for h in per_trial[k]]))
    boot.sort()
    return med(pool), boot[int(0.05 * len(boot))], boot[int(0.95 * len(boot)) - 1], len(keys)


# ---- 1. shares ------------------------------------------------------------------------------
H = {}
resolved = True
for size in (64 << 20, 256 << 20):
    path = os.path.join(FAULTMIX, f"faultmix-{size}.csv")
    if not os.path.exists(path):
        sys.exit(f"{path}: missing (run run189.sh first)")
    by = trials_of(path)
    say(f"{size >> 20} MiB a buffer: {len(by)} trials")
    for case in sorted({c for d in by.values() for c in d}):
        v = [d[case] for d in by.values() if case in d]
        say(f"  {case:14} {med(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
    for name, kind in (("migrating", MIGRATE), ("duplicating", DUP)):
        for whole in kind:
            e = estimate(shares(by, {whole: kind[whole]}))
            say(f"  {whole:14} hides {e[0]:+.2f} of its link pass (90 % [{e[1]:+.2f}, {e[2]:+.2f}], {e[3]} trials)")
        m, lo, hi, n = estimate(shares(by, kind))
        say(f"  H_{name[:3]} = {m:+.2f} (90 % [{lo:+.2f}, {hi:+.2f}], {n} trials)")
        if size == 64 << 20:
            if hi - lo >= 0.5:
                resolved = False
            H[name[:3]] = 0.0 if lo <= 0.0 <= hi else min(max(m, 0.0), 1.0)
say("")
say(f"G0 (resolved at 64 MiB, both intervals narrower than 0.5): {'held' if resolved else 'failed'}")
if not resolved:
    say("No candidate: nothing judged; the model keeps adding.")
    text = "\n".join(lines) + "\n"
    open(os.path.join(HERE, "readings.txt"), "w").write(text)
    print(text, end="")
    sys.exit(0)
say(f"Candidate G: H_mig {H['mig']:.2f}, H_dup {H['dup']:.2f}")


# ---- 2. the candidate, recombined ----------------------------------------------------------
def advice(b):
    """umodel's `Buffer::advice` (crates/umodel-core/src/task.rs)."""
    gpu, cpu, fin = b.get("gpu", "none"), b.get("cpu", "none"), b.get("cpu_final", "none")
    writes = any(a in ("write", "readwrite") for a in (gpu, cpu, fin))
    if gpu == "none":
        return "none"
    if not writes and (cpu != "none" or fin != "none"):
        return "read-mostly"
    if cpu == "none":
        return "device"
    return "host-mapped"


def share_for(task_file):
    kinds = {advice(b) for b in json.load(open(task_file))["buffers"]}
    dup, mig = "read-mostly" in kinds, "device" in kinds
    if dup and mig:
        return (H["dup"] + H["mig"]) / 2
    return H["dup"] if dup else H["mig"]


def fall(q, h):
    """What G takes off one prediction (`predict --explain --json`'s object)."""
    rounds = {}
    for e in q["explain"]:
        r = rounds.setdefault(e["round"], [0.0, 0.0])
        if e["kind"] == "gpu_faults":
            r[0] += e["ms"]
        elif e["kind"] == "link":
            r[1] += e["ms"]
    reuse = q["reuse"] or 1.0
    return sum(h * min(f, l / reuse) for f, l in rounds.values() if f > 0 and l > 0)


common.FIRST, common.LAST = 117, 188
cals = common.calibrations()


def program_cells(um):
    """[(run, program, configuration, calibration, policy, error before, error under G)], each
    program cell of run160-run188 on each calibration of its own run, priced by `um`."""
    cells = []
    for d in sorted(glob.glob(os.path.join(common.H, "run1[6-8][0-9]")), key=common.num):
        r = os.path.basename(d)
        if not 160 <= common.num(d) <= 188 or r not in cals:
            continue
        for cfg, tf, cpu, gpu, fin, pol in programs_in(d):
            h = share_for(tf)
            for label, path, _ in cals[r]:
                cmd = [um, "predict", "-m", path, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms",
                       f"{gpu}", "--json", "--explain"]
                if fin is not None:
                    cmd += ["--cpu-final-ms", f"{fin}"]
                qs = json.loads(common.run(cmd))
                for q in qs if isinstance(qs, list) else [qs]:
                    if q["policy"] not in pol:
                        continue
                    meas = med(pol[q["policy"]])
                    t = q["time_ms"]
                    cells.append((r, cfg.split("-")[0], cfg, label, q["policy"],
                                  100 * (t - meas) / meas, 100 * (t - fall(q, h) - meas) / meas))
    return cells


prog = program_cells(UM)

work = []  # (run, task, calibration, policy, reuse, error before, error after)
tmp = tempfile.mkdtemp()
for r in sorted(cals, key=lambda s: int(s[3:])):
    d = os.path.join(common.H, r)
    if common.num(d) > 137:
        continue
    for label, path, _ in cals[r]:
        for table in sorted(glob.glob(os.path.join(d, "tasks-*-*.csv"))):
            for task in common.WORKLOADS.get(table.rsplit("-", 1)[1][:-4], []):
                tf = os.path.join(ROOT, "tasks", f"{task}.json")
                v = json.loads(common.run([UM, "validate", "-m", path, "--task", tf, table,
                                           "--final-beside", "--cpu-beside", "--probe", "--json"]))
                probe = None
                if isinstance(v.get("probe"), dict):
                    probe = os.path.join(tmp, "probe.json")
                    json.dump(v["probe"], open(probe, "w"))
                gpu = next(iter(v["phases"].values()))["gpu_ms"]
                h = share_for(tf)
                for p in v["points"]:
                    e = p.get("paired_error_pct")
                    if e is None:
                        continue
                    x = 0.0
                    if p["policy"] == "managed-advise":
                        cmd = [UM, "predict", "-m", path, "--task", tf, "--policy", "managed-advise",
                               "--reuse", f"{p['reuse']}", "--gpu-ms", f"{gpu}", "--json", "--explain"]
                        if probe:
                            cmd += ["--probe", probe]
                        q = json.loads(common.run(cmd))
                        x = fall(q[0] if isinstance(q, list) else q, h)
                    work.append((r, task, label, p["policy"], p["reuse"], e,
                                 e - 100 * x * (1 + e / 100) / p["predicted_ms"]))


def tally(cells, i):
    e = [abs(c[i]) for c in cells]
    return sum(x > 5 for x in e), med(e)


def row(title, cells, a, b):
    n0, m0 = tally(cells, a)
    n1, m1 = tally(cells, b)
    say(f"  {title}: {len(cells)} cells, beyond 5 % {n0} -> {n1}, median |error| {m0:.2f} -> {m1:.2f} %")
    return n0, n1, m0, m1


say("")
say("Programs (run160-run188, own calibrations), before -> under G:")
allp = row("every cell", prog, 5, 6)
ma = [c for c in prog if c[4] == "managed-advise"]
mad = row("managed-advise", ma, 5, 6)
by_prog = {}
for p in ("relax", "kmeans", "horner", "relaxpinned"):
    cells = [c for c in ma if c[1] == p]
    if cells:
        by_prog[p] = row(f"{p} managed-advise", cells, 5, 6)
        say(f"    signed median {med([c[5] for c in cells]):+.2f} -> {med([c[6] for c in cells]):+.2f} %")
r188 = [c for c in ma if c[0] == "run188"]
say("Workloads (run117-run137, paired), before -> under G:")
allw = row("every cell", work, 5, 6)
changed = [c for c in work if c[5] != c[6]]
chw = row("changed cells", changed, 5, 6) if changed else (0, 0, 0.0, 0.0)
for t in sorted({c[1] for c in changed}):
    cells = [c for c in changed if c[1] == t]
    row(f"{t} managed-advise", cells, 5, 6)

g1 = allp[1] < allp[0] and mad[3] < mad[2]
g2 = all(by_prog[p][3] <= by_prog[p][2] + 0.5 for p in ("relax", "kmeans") if p in by_prog)
say("")
say(f"G1 (programs beyond 5 % fewer, managed-advise median |error| lower): {'held' if g1 else 'failed'}")
say(f"G2 (relax.cu's and kmeans.cu's managed-advise median |error| not up by > 0.5): {'held' if g2 else 'failed'}")
if r188:
    g3 = tally(r188, 6)[0] <= tally(r188, 5)[0]
    row("run188 managed-advise", r188, 5, 6)
    say(f"G3 (run188's managed-advise cells beyond 5 % no more): {'held' if g3 else 'failed'}")
else:
    g3 = None
    say("G3: run188 is not in: pending")
g4 = allw[1] <= allw[0] and chw[3] <= chw[2]
say(f"G4 (workloads beyond 5 % no more, changed cells' median |error| no higher): {'held' if g4 else 'failed'}")
verdict = "pending (G3)" if g3 is None else ("adopt G" if g1 and g2 and g3 and g4 else "not adopted")
say(f"Rule G: {verdict}")
if len(sys.argv) > 2:
    fprog = program_cells(sys.argv[2])
    fma = [c for c in fprog if c[4] == "managed-advise"]
    say("")
    say("On F's build (UMODEL_F), the same programs, before -> under G:")
    fall_ = row("every cell", fprog, 5, 6)
    fmad = row("managed-advise", fma, 5, 6)
    fby = {p: row(f"{p} managed-advise", [c for c in fma if c[1] == p], 5, 6)
           for p in ("relax", "kmeans") if any(c[1] == p for c in fma)}
    fg1 = fall_[1] < fall_[0] and fmad[3] < fmad[2]
    fg2 = all(v[3] <= v[2] + 0.5 for v in fby.values())
    say(f"G1 on F's build: {'held' if fg1 else 'failed'}; G2 on F's build: {'held' if fg2 else 'failed'}")
text = "\n".join(lines) + "\n"
if FAULTMIX == HERE:
    open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
