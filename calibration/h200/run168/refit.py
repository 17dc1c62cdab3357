#!/usr/bin/env python3
"""run167's and run168's calibrations refitted by the final build, whose fault-run terms per
thread count are fitted on their own after the joint fit (the build that calibrated them fitted
them jointly). Per calibration: `umodel fit` of its CSV, and of the CSV without the sparse cells
on many threads; every other term must come out the same in both (the point of fitting them
apart), and the run terms are shown beside the calibrated model's. Then run167's rule
(run167/judge.py) on the refitted models of each run, read as `fit` writes them (a model from
`fit` lacks what `calibrate` adds, so the other policies' errors differ from judge.txt's; the
managed row's host side is what the rule judges). Not held out: the change was made after both.
    python3 calibration/h200/run168/refit.py UMODEL        (in refit.txt)"""
import glob, json, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
WIDE = re.compile(r"^managed,[^,]*,cpu_write_sparse_(heap_)?(4t|8t|wide),")
RUNS = ("cpu_fault_run_4t", "cpu_fault_run_8t", "cpu_fault_run_16t")


def fit(csv, facts, out):
    p = subprocess.run([UMODEL, "fit", "-o", out, "--facts", facts, csv], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"fit {csv}: {p.stderr.strip()}")
    return json.load(open(out))["task_terms"]


def main():
    # The judges find the repository's tasks three folders above their own, and run156's helpers
    # beside it: the refitted runs are laid out the same way.
    top = tempfile.mkdtemp()
    os.symlink(os.path.join(HERE, "..", "..", "..", "tasks"), os.path.join(top, "tasks"))
    tmp = os.path.join(top, "calibration", "h200")
    os.makedirs(os.path.join(tmp, "run156"))
    shutil.copy(os.path.join(HERE, "..", "run156", "judge.py"), os.path.join(tmp, "run156", "judge.py"))
    for run in ("run167", "run168"):
        src = os.path.join(HERE, "..", run)
        dst = os.path.join(tmp, run)
        os.makedirs(dst)
        for f in glob.glob(os.path.join(src, "*")):
            if os.path.isfile(f) and not f.endswith(("judge.txt", ".json")):
                shutil.copy(f, dst)
            elif os.path.isdir(f) and os.path.basename(f) in ("data-1", "data-2"):
                shutil.copytree(f, os.path.join(dst, os.path.basename(f)))
        shutil.copy(os.path.join(HERE, "..", "run167", "judge.py"), os.path.join(dst, "judge.py"))
        for n in "12":
            csv = glob.glob(os.path.join(src, f"data-{n}", "models", "*.minimal.csv"))[0]
            facts = csv[:-4] + ".facts.json"
            without = os.path.join(tmp, f"{run}-{n}-without.csv")
            with open(csv) as f, open(without, "w") as g:
                g.writelines(l for l in f if not WIDE.match(l))
            full = fit(csv, facts, os.path.join(dst, f"model-minimal-{n}.json"))
            bare = fit(without, facts, os.path.join(tmp, f"{run}-{n}-without.json"))
            moved = [k for k, v in full.items() if isinstance(v, dict) and "lat_ms" in v and k not in RUNS
                     and (k not in bare or any(v[f] != bare[k][f] for f in ("lat_ms", "ms_per_gib")))]
            cal = json.load(open(os.path.join(src, f"model-minimal-{n}.json")))["task_terms"]
            print(f"{run} calibration {n}: other terms unchanged by the cells: {'yes' if not moved else 'no: ' + ', '.join(moved)}; "
                  + ", ".join(f"{t} {full[t]['lat_ms'] * 1e3:.2f} µs (calibrated jointly {cal[t]['lat_ms'] * 1e3:.2f})"
                              for t in RUNS if t in full and t in cal))
        p = subprocess.run([sys.executable, os.path.join(dst, "judge.py"), UMODEL], capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"{run}'s judge: {p.stderr.strip()}")
        lines = p.stdout.strip().splitlines()
        print(f"{run}'s rule on the refitted models:")
        for l in lines:
            if l.startswith(("managed host side within", "  criterion", "managed total", "verdict")) or " C model" in l:
                print("  " + l.strip())


if __name__ == "__main__":
    main()
