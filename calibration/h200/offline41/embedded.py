#!/usr/bin/env python3
"""Rule E, written before its figures were computed: should the embedded model `h200` take its task
terms from the thirty calibrations of the current build instead of run65's one?

A query on an H200 with no calibration of its own is priced by the embedded model (the README's
first command). Its task terms are run65's first calibration's (2026-12-01, NOTES.md "The shipped
model"), which predates twelve terms every calibration since run167 measures: the host's faults
back on 4, 8 and 16 threads and their share, the sparse writes on many threads, the GPU's faults
one float a thread, the prefetch of read-mostly pages, the move's deferred cost (`prefetch_next`,
`prefetch_noop_after_move`). Without them a host phase on many threads is priced at one thread's
cost (the model says so in a caveat).

"current" is models/h200.json. "candidate" is the same command ("The shipped model": run2's
handoff, its pool of the prefetch back over run77-run124 priced from, `--no-host-level`) with its
task terms taken, term by term, from the calibration whose price at 64 MiB is the median of S
(`fit --task-terms-from`, one flag each) and their run-to-run shifts from the same S
(`--task-noise-from`). S: every pinned minimal calibration of run167-run187 (30 of 15 VMs; the
unpinned ones of run184 and run186 and run168's older build left out, since `calibrate` pins by
default). Held out: a run's cells are priced by a candidate built without that run's
calibrations (leave one VM out); runs with no calibration in S by the candidate of all of S.

Cells, as a user with no calibration would be priced (no probe, nothing of the run's own):
  programs: relax.cu, kmeans.cu and horner.cu (run142-run185, every CSV named
    `PROG-BYTES-tTHREADS.csv` or `horner-BYTES-kK.csv`), each policy's median total against
    `predict --task` given the medians of the program's plain phases and its thread count, as
    run185/judge.py gives them (the programs' threads are not pinned);
  workloads: umodel's own (run120-run141's `tasks-*.csv`, run184's and run187's), `validate
    --task ... --final-beside --cpu-beside`, every cell's paired error, as the harness ran them
    (a table measured with other buffers than the task file's, which `validate` refuses, is left
    out and named: run138's small tasks).

  E1. the programs' cells beyond 5 %: fewer under the candidate;
  E2. the programs' median |error|: lower under the candidate;
  E3. the workloads' cells beyond 5 %: no more under the candidate;
  E4. the workloads' median |error|: no higher under the candidate.
Adopted (models/h200.json made with S's terms) if all four hold. Readings beside it, judging
nothing: each side's cells inside their 90 % intervals; the programs by program and thread count.

    python3 calibration/h200/offline41/embedded.py UMODEL        (in embedded.txt)
"""
import csv, glob, json, os, re, statistics as st, subprocess, sys, tempfile

UM = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
H = "calibration/h200"
MIN = "models/nvidia-h200-0931b6b9ea7c.minimal"
TMP = tempfile.mkdtemp()
os.chdir(ROOT)

POOL = [77, 78, 79, 83, 84, 92, 93, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107,
        114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124]
WORKLOADS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
             "partial": ["partial-update"], "compute": ["compute-bound"]}


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def runnum(path):
    return int(re.search(r"/run(\d+)/", path).group(1))


S = sorted(p for p in glob.glob(f"{H}/run1[6-8][0-9]/*/{MIN}.csv")
           if 167 <= runnum(p) <= 187 and "old" not in p and "free" not in p)
assert len(S) == 30, len(S)


def fit(cals, out):
    args = [UM, "fit", f"{H}/run2/full-3.csv"]
    for n in ("full-1", "minimal-1", "minimal-2", "minimal-3"):
        args += ["--noise-from", f"{H}/run2/{n}.csv"]
    for c in cals:
        args += ["--task-terms-from", c]
    for c in cals:
        args += ["--task-noise-from", c]
    for r in POOL:
        args += ["--pool-from", f"{H}/run{r}/data/{MIN}.csv"]
    run(args + ["--price-from-pool", "--no-host-level", "-o", out])
    return out


_candidates = {}


def candidate(r):
    """The candidate that saw none of run `r`'s calibrations."""
    key = r if any(runnum(c) == r for c in S) else None
    if key not in _candidates:
        _candidates[key] = fit([c for c in S if runnum(c) != r], os.path.join(TMP, f"cand-{key}.json"))
    return _candidates[key]


CURRENT = "models/h200.json"

# ----- the programs ---------------------------------------------------------------------------
prog_cells = []  # (run, program, configuration, policy, error current, error candidate, in cur, in cand)
for d in sorted(glob.glob(f"{H}/run1[4-8][0-9]"), key=lambda d: int(d.rsplit("run", 1)[1])):
    r = int(d.rsplit("run", 1)[1])
    if not 142 <= r <= 185:
        continue
    for path in sorted(glob.glob(os.path.join(d, "*.csv"))):
        name = os.path.basename(path)
        m = re.match(r"(relax|kmeans)-(\d+)-t(\d+)\.csv$|horner-(\d+)-k(\d+)\.csv$", name)
        if not m:
            continue
        prog = "horner" if m.group(4) else m.group(1)
        bytes_ = int(m.group(4) or m.group(2))
        threads = int(m.group(3)) if m.group(3) else 1
        rows = [x for x in csv.DictReader(open(path)) if x["check"] == "ok"]
        plain = [x for x in rows if x["policy"] == "plain"]
        if not plain:
            continue
        pol = {}
        for x in rows:
            if x["policy"] not in ("plain", "plain-woken"):
                pol.setdefault(x["policy"], []).append(float(x["total_ms"]))
        cpu = med([float(x["cpu_ms"]) for x in plain])
        gpu = med([float(x["gpu_ms"]) for x in plain])
        fin = med([float(x["cpu_final_ms"]) for x in plain]) if "cpu_final_ms" in plain[0] else None
        base = json.load(open(f"tasks/{prog}.json"))
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        if prog != "horner":
            task["cpu_threads"] = threads
            if fin is not None:
                task["cpu_final_threads"] = threads
        tf = os.path.join(TMP, f"run{r}-{name[:-4]}.json")
        json.dump(task, open(tf, "w"))
        err = {}
        for way, model in (("cur", CURRENT), ("cand", candidate(r))):
            cmd = [UM, "predict", "-m", model, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
            if fin is not None:
                cmd += ["--cpu-final-ms", f"{fin}"]
            for q in json.loads(run(cmd)):
                if q["policy"] in pol:
                    meas = med(pol[q["policy"]])
                    inside = q["interval_ms"][0] <= meas <= q["interval_ms"][1]
                    err.setdefault(q["policy"], {})[way] = (100 * (q["time_ms"] - meas) / meas, inside)
        for p, e in err.items():
            prog_cells.append((r, prog, f"{prog}-{bytes_ >> 20}MiB-{'k' + m.group(5) if prog == 'horner' else 't' + str(threads)}",
                               p, e["cur"][0], e["cand"][0], e["cur"][1], e["cand"][1]))

# ----- umodel's workloads ---------------------------------------------------------------------
work_cells = []  # (run, table, task, policy, reuse, error current, error candidate, in cur, in cand)
tables = []
for d in sorted(glob.glob(f"{H}/run1[2-4][0-9]")):
    r = int(d.rsplit("run", 1)[1])
    if 120 <= r <= 141:
        for t in sorted(glob.glob(os.path.join(d, "tasks-*-*.csv"))):
            tables.append((r, t, re.search(r"tasks-\d+-(\w+)\.csv$", t).group(1)))
for r in (184, 187):
    for t in sorted(glob.glob(f"{H}/run{r}/*.csv")):
        m = re.match(r"(\w+)-(free|pinned)\.csv$", os.path.basename(t))
        if m and m.group(1) in WORKLOADS:
            tables.append((r, t, m.group(1)))
other_shape = []  # tables measured with buffers other than the task file's (run138's small tasks)
for r, t, group in tables:
    for task in WORKLOADS[group]:
        pts = {}
        for way, model in (("cur", CURRENT), ("cand", candidate(r))):
            args = [UM, "validate", "-m", model, "--task", f"tasks/{task}.json", t, "--final-beside",
                    "--cpu-beside", "--json"]
            p = subprocess.run(args, capture_output=True, text=True)
            if p.returncode and "validate with the task file of the run" in p.stderr:
                break
            if p.returncode:
                sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
            pts[way] = json.loads(p.stdout)["points"]
        if len(pts) < 2:
            other_shape.append(f"{os.path.relpath(t, H)} ({task})")
            continue
        for p, q in zip(pts["cur"], pts["cand"]):
            assert (p["policy"], p["reuse"]) == (q["policy"], q["reuse"])
            if p.get("paired_error_pct") is None or q.get("paired_error_pct") is None:
                continue
            work_cells.append((r, os.path.relpath(t, H), task, p["policy"], p["reuse"], p["paired_error_pct"],
                               q["paired_error_pct"], bool(p["in_interval"]), bool(q["in_interval"])))

# ----- the rule -------------------------------------------------------------------------------
out = []
say = out.append
full = json.load(open(candidate(0)))["task_terms"]
cur = json.load(open(CURRENT))["task_terms"]
say(f"S: {len(S)} pinned minimal calibrations of run167-run187 ({len({runnum(c) for c in S})} VMs); "
    f"the candidate of all of S has {len([k for k in full if k not in ('pools', 'priced_from_pool', 'fit')])} "
    f"task entries against the current model's {len([k for k in cur if k not in ('pools', 'priced_from_pool', 'fit')])}")
say(f"candidates built: {len(_candidates)} (one per held-out run of S, one of all of S)")
say("")


def summary(cells, ia, ib, ca, cb):
    a = [abs(c[ia]) for c in cells]
    b = [abs(c[ib]) for c in cells]
    return (sum(x > 5 for x in a), sum(x > 5 for x in b), med(a), med(b),
            sum(c[ca] for c in cells), sum(c[cb] for c in cells))


pa5, pb5, pam, pbm, pai, pbi = summary(prog_cells, 4, 5, 6, 7)
wa5, wb5, wam, wbm, wai, wbi = summary(work_cells, 5, 6, 7, 8)
say(f"The programs ({len(prog_cells)} cells of {len({(c[0], c[2]) for c in prog_cells})} runs of a "
    f"configuration, {len({c[0] for c in prog_cells})} VMs), current -> candidate:")
say(f"  beyond 5 %: {pa5} -> {pb5}; median |error| {pam:.2f} -> {pbm:.2f} %; inside the 90 % interval {pai} -> {pbi}")
say(f"umodel's workloads ({len(work_cells)} paired cells of {len(tables)} tables, {len({c[0] for c in work_cells})} VMs):")
say(f"  beyond 5 %: {wa5} -> {wb5}; median |error| {wam:.2f} -> {wbm:.2f} %; inside the 90 % interval {wai} -> {wbi}")
say(f"  left out, measured with other buffers than the task file's: {', '.join(other_shape) or 'none'}")
say("")
say("Reading: the programs by program, threads and policy (cells beyond 5 %, median signed error):")
groups = {}
for c in prog_cells:
    th = c[2].rsplit("-", 1)[1]
    groups.setdefault((c[1], th if c[1] != "horner" else "k", c[3]), []).append(c)
for k in sorted(groups):
    g = groups[k]
    say(f"  {k[0]:7} {k[1]:4} {k[2]:24} n={len(g):3}  beyond 5 % {sum(abs(c[4]) > 5 for c in g):3} -> "
        f"{sum(abs(c[5]) > 5 for c in g):3}; signed {med([c[4] for c in g]):+7.2f} -> {med([c[5] for c in g]):+7.2f} %")
say("Reading: the workloads by task and policy:")
groups = {}
for c in work_cells:
    groups.setdefault((c[2], c[3]), []).append(c)
for k in sorted(groups):
    g = groups[k]
    say(f"  {k[0]:20} {k[1]:24} n={len(g):3}  beyond 5 % {sum(abs(c[5]) > 5 for c in g):3} -> "
        f"{sum(abs(c[6]) > 5 for c in g):3}; signed {med([c[5] for c in g]):+7.2f} -> {med([c[6] for c in g]):+7.2f} %")
say("")
e = [pb5 < pa5, pbm < pam, wb5 <= wa5, wbm <= wam]
for i, (ok, what) in enumerate(zip(e, ["the programs' cells beyond 5 % fall", "the programs' median |error| falls",
                                       "the workloads' cells beyond 5 % do not rise",
                                       "the workloads' median |error| does not rise"])):
    say(f"E{i + 1} ({what}): {'met' if ok else 'not met'}")
say(f"rule E: {'passed' if all(e) else 'not passed'}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "embedded.txt"), "w").write(text)
print(text, end="")
