"""What the readings of offline41 share (embedded.py, rule E's judge, keeps its own copy as
committed before its figures): the thirty pinned minimal calibrations of run167-run187 whose
median gives the embedded model `h200` its task terms, and that model made again without one VM's
calibrations, by the recipe of `make_embedded.sh`."""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
H = "calibration/h200"  # the scripts run from ROOT
MIN = "models/nvidia-h200-0931b6b9ea7c.minimal"
# The calibrations the embedded model's pool of the prefetch back is taken over.
POOL = [77, 78, 79, 83, 84, 92, 93, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107,
        114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124]
TMP = tempfile.mkdtemp()


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p


def runnum(path):
    """The run number of a path under calibration/h200 (-1 for run8-x2, the two-GPU host)."""
    m = re.search(r"/run(\d+)/", path)
    return int(m.group(1)) if m else -1


os.chdir(ROOT)
S = sorted(p for p in glob.glob(f"{H}/run1[6-8][0-9]/*/{MIN}.csv")
           if 167 <= runnum(p) <= 187 and "old" not in p and "free" not in p)
assert len(S) == 30, len(S)
_made = {}


def model_without(um, r):
    """The embedded model's recipe over the thirty but run `r`'s calibrations (all thirty where
    `r` has none among them): the path of the model file."""
    key = r if any(runnum(c) == r for c in S) else None
    if key not in _made:
        keep = [c for c in S if runnum(c) != r]
        args = [um, "fit", f"{H}/run2/full-3.csv"]
        for n in ("full-1", "minimal-1", "minimal-2", "minimal-3"):
            args += ["--noise-from", f"{H}/run2/{n}.csv"]
        for c in keep:
            args += ["--task-terms-from", c]
        for c in keep:
            args += ["--task-noise-from", c]
        for p in POOL:
            args += ["--pool-from", f"{H}/run{p}/data/{MIN}.csv"]
        out = os.path.join(TMP, f"without-{key}.json")
        run(args + ["--price-from-pool", "--no-host-level", "-o", out])
        _made[key] = out
    return _made[key]


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


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
