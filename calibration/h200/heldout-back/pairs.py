"""What resolution.py and lean.py share: rule 3's pairs (judge3.py), the minimal calibrations of
run81-run133 but run109 against the five held-out full runs, each trial given its own CPU
update. Imported from beside it; not a script."""
import glob, json, subprocess

H = "calibration/h200"
FULL = "full/models/nvidia-h200-0931b6b9ea7c.full.csv"
TARGETS = [f"run133/{FULL}", f"run132/{FULL}", "run5/full-5.csv", "run10/full-6.csv", f"run26/{FULL}"]


def run(args):
    """`args`' standard output; stops the script with its error where it fails."""
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return r.stdout


def calibrations():
    """(run name, its first minimal calibration CSV) for run81-run133 but run109."""
    out = []
    for n in range(81, 134):
        if n == 109:
            continue
        cs = sorted(glob.glob(f"{H}/run{n}/data/models/*.minimal*.csv"))
        if cs:
            out.append((f"run{n}", cs[0]))
    return out


def given_cpu(umodel, model, target):
    """`validate --cpu-from-trials --json` of `model` against the full run `target`."""
    return json.loads(run([umodel, "validate", "--cpu-from-trials", "--json", "--model", model, f"{H}/{target}"]))
