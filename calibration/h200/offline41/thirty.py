"""What the readings of offline41 share (embedded.py, rule E's judge, keeps its own copy as
committed before its figures): the thirty pinned minimal calibrations of run167-run187 whose
median gives the embedded model `h200` its task terms, and that model made again without one VM's
calibrations, by the recipe of `make_embedded.sh`."""
import glob, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
from common import med, programs_in  # noqa: E402,F401  (reads UMODEL from argv; re-exported)
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
