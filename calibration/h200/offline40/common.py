"""What the offline40 analyses share: the committed minimal calibrations of run117-run179,
refitted by the build under study as `calibrate` fits them (`fit --price-from-pool`), and the
cells of the tasks priced by a model: the programs written without umodel's code (`relax.cu`,
`kmeans.cu`, `horner.cu`; run160-run177, whose calibrations measure the many-thread cells) given
the medians of their `plain` rows and their thread counts, as `run177/judge.py` gives them; and
umodel's own workloads (run117-run137; `validate --task ... --final-beside --cpu-beside --probe`,
every cell's paired error, as `run134/judge.py`). Each analysis prices them with its variant of
each calibration's model and compares with the model as fitted."""
import csv, glob, json, os, re, statistics as st, subprocess, sys, tempfile

UM = sys.argv[1]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
H = os.path.join(ROOT, "calibration", "h200")
AT = 64 << 20
FIRST, LAST = 117, 179
WORKLOADS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
             "partial": ["partial-update"], "compute": ["compute-bound"]}
TMP = tempfile.mkdtemp()


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def price(c, b=AT):
    """A term's price at `b` bytes, ms."""
    return c["lat_ms"] + c["ms_per_gib"] * b / 2**30


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def num(d):
    return int(re.search(r"run(\d+)$", d).group(1))


def calibrations():
    """run -> [(label, model path, task_terms)], every minimal calibration refitted."""
    cals = {}
    for d in sorted(glob.glob(os.path.join(H, "run*")), key=lambda d: (len(d), d)):
        if not re.search(r"run\d+$", d) or not FIRST <= num(d) <= LAST:
            continue
        for csvp in sorted(glob.glob(os.path.join(d, "data*", "models", "*.minimal.csv"))):
            label = os.path.basename(os.path.dirname(os.path.dirname(csvp)))
            m = os.path.join(TMP, f"{os.path.basename(d)}-{label}.json")
            run([UM, "fit", csvp, "-o", m, "--price-from-pool"])
            cals.setdefault(os.path.basename(d), []).append((label, m, json.load(open(m))["task_terms"]))
    return cals


def edited(run_, label, path, edit, tag):
    """The model at `path` with `edit(run_, task_terms)` applied, as a new file."""
    model = json.load(open(path))
    edit(run_, model["task_terms"])
    p = os.path.join(TMP, f"{run_}-{label}-{tag}.json")
    json.dump(model, open(p, "w"))
    return p


def programs_in(d, tmp=TMP):
    """The runs of the programs written without umodel's code in directory `d` (relax.cu,
    kmeans.cu as `PROG-BYTES-tTHREADS.csv`, relax.cu pinned as `relaxpinned-…`, horner.cu as
    `horner-BYTES-kK.csv`), each as (configuration, task file, cpu_ms, gpu_ms, cpu_final_ms or
    None, {policy: [total ms]}): the task file of `tasks/` at the run's bytes and threads (pinned
    for `relaxpinned`), the phases the medians of its `plain` rows, as the judges give them."""
    out = []
    for path in sorted(glob.glob(os.path.join(d, "*.csv"))):
        name = os.path.basename(path)
        m = re.match(r"(relax|relaxpinned|kmeans)-(\d+)-t(\d+)\.csv$|horner-(\d+)-k(\d+)\.csv$", name)
        if not m:
            continue
        kind = "horner" if m.group(4) else m.group(1)
        bytes_ = int(m.group(4) or m.group(2))
        threads = int(m.group(3)) if m.group(3) else 1
        rows = [x for x in csv.DictReader(open(path)) if x["check"] == "ok"]
        plain = [x for x in rows if x["policy"] == "plain"]
        pol = {}
        for x in rows:
            if x["policy"] not in ("plain", "plain-woken"):
                pol.setdefault(x["policy"], []).append(float(x["total_ms"]))
        cpu = med([float(x["cpu_ms"]) for x in plain])
        gpu = med([float(x["gpu_ms"]) for x in plain])
        fin = med([float(x["cpu_final_ms"]) for x in plain]) if "cpu_final_ms" in plain[0] else None
        base = json.load(open(os.path.join(ROOT, "tasks", f"{'relax' if kind == 'relaxpinned' else kind}.json")))
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        if kind != "horner":
            task["cpu_threads"] = threads
            if fin is not None:
                task["cpu_final_threads"] = threads
        if kind == "relaxpinned":
            task["thread_pinned"] = True
        tf = os.path.join(tmp, f"{os.path.basename(d)}-{name[:-4]}.json")
        json.dump(task, open(tf, "w"))
        out.append((name[:-4], tf, cpu, gpu, fin, pol))
    return out


def programs(cals):
    """[(run, program, configuration, task file, cpu, gpu, final, {policy: [total ms]})], the
    programs of run160-run179 whose run has calibrations in `cals` (`programs_in`)."""
    out = []
    for d in sorted(glob.glob(os.path.join(H, "run1[67]?")), key=num):
        r = os.path.basename(d)
        if r not in cals or num(d) < 160:
            continue
        for cfg, tf, cpu, gpu, fin, pol in programs_in(d):
            out.append((r, cfg.split("-")[0], cfg, tf, cpu, gpu, fin, pol))
    return out


def predict(model, tf, cpu, gpu, fin):
    """`umodel predict --task` of a program given its plain phases (`programs_in`'s cpu, gpu and
    final, None where the program has none): the JSON list, one entry per policy."""
    cmd = [UM, "predict", "-m", model, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
    if fin is not None:
        cmd += ["--cpu-final-ms", f"{fin}"]
    return json.loads(run(cmd))


def program_cells(cals, progs, model_of):
    """[(run, program, configuration, calibration, policy, error %, inside its 90 % interval)];
    `model_of(run, label, path)`: the model file to price with."""
    cells = []
    for r, prog, cfg, tf, cpu, gpu, fin, pol in progs:
        for label, path, _ in cals[r]:
            for q in predict(model_of(r, label, path), tf, cpu, gpu, fin):
                if q["policy"] in pol:
                    meas = med(pol[q["policy"]])
                    lo, hi = q["interval_ms"]
                    cells.append((r, prog, cfg, label, q["policy"],
                                  100 * (q["time_ms"] - meas) / meas, lo <= meas <= hi))
    return cells


def workload_cells(cals, model_of):
    """As `program_cells`, for umodel's workloads (paired errors; no interval)."""
    cells = []
    for r in sorted(cals, key=lambda s: int(s[3:])):
        d = os.path.join(H, r)
        if num(d) > 137:
            continue  # run138-run140 ran the tasks at other sizes than their files
        for label, path, _ in cals[r]:
            model = model_of(r, label, path)
            for table in sorted(glob.glob(os.path.join(d, "tasks-*-*.csv"))):
                kind = table.rsplit("-", 1)[1][:-4]
                for task in WORKLOADS.get(kind, []):
                    v = json.loads(run([UM, "validate", "-m", model, "--task",
                                        os.path.join(ROOT, "tasks", f"{task}.json"), table,
                                        "--final-beside", "--cpu-beside", "--probe", "--json"]))
                    for p in v["points"]:
                        if p.get("paired_error_pct") is not None:
                            cells.append((r, task, f"R{p['reuse']}", label, p["policy"],
                                          p["paired_error_pct"], None))
    return cells


def compare(title, a, b):
    """Lines comparing two pricings of the same cells, overall and by (task, policy)."""
    ea, eb = [abs(c[5]) for c in a], [abs(c[5]) for c in b]
    s = (f"{title}: {len(a)} cells; beyond 5 % {sum(x > 5 for x in ea)} -> {sum(x > 5 for x in eb)}, "
         f"median |error| {med(ea):.2f} -> {med(eb):.2f} %, mean |error| {st.mean(ea):.2f} -> {st.mean(eb):.2f} %")
    if a[0][6] is not None:
        s += f", inside the 90 % interval {sum(c[6] for c in a)} -> {sum(c[6] for c in b)}"
    lines = [s]
    for grp in sorted(set((c[1], c[4]) for c in a)):
        x = [c for c in a if (c[1], c[4]) == grp]
        y = [c for c in b if (c[1], c[4]) == grp]
        lines.append(
            f"  {grp[0]:20} {grp[1]:24} n={len(x):3}  beyond 5 % {sum(abs(c[5]) > 5 for c in x):3} -> "
            f"{sum(abs(c[5]) > 5 for c in y):3}, median |e| {med([abs(c[5]) for c in x]):5.2f} -> "
            f"{med([abs(c[5]) for c in y]):5.2f} %, signed {med([c[5] for c in x]):+6.2f} -> "
            f"{med([c[5] for c in y]):+6.2f} %")
    return lines
