#!/usr/bin/env python3
"""After judge.py (not a rule; its figures were seen before this was written): would terms fitted
per size range price small tasks right? Emulated without a code change: S is the fit of this
run's cells at 16 MiB and below only (the minimal calibration's 16 MiB cells with the small-size
primitive and handoff rows), standing for the small range of a piecewise term; A, the
calibration as it is, for the large one. Tasks below 16 MiB a buffer are validated with S, the
others with A (what a piecewise form would give where every call of a task falls in one range),
against A everywhere. In-sample for S: its small cells come from the same VM as the workloads.
    python3 calibration/h200/run140/per_range.py UMODEL        (in per_range.txt)"""
import glob, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "run138"))
import scale_tasks  # noqa: E402

UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
RUNS = [("seed-001", "workload", ["256KiB", "1MiB", "4MiB", "16MiB", "64MiB"]),
        ("seed-001-overlapped", "workload", ["256KiB", "1MiB", "4MiB", "16MiB", "64MiB"]),
        ("producer-consumer", "prodcons", ["256KiB", "1MiB", "4MiB", "16MiB", "64MiB"]),
        ("partial-update", "partial", ["256KiB", "1MiB", "4MiB", "16MiB"])]
SMALL = {"256KiB", "1MiB", "4MiB"}


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def run(*args):
    p = subprocess.run([UMODEL, *args], capture_output=True, text=True, cwd=HERE)
    if p.returncode != 0:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def main():
    tmp = tempfile.mkdtemp()
    cal = glob.glob(os.path.join(HERE, "data/models/*.minimal.csv"))[0]
    facts = cal[: -len(".csv")] + ".facts.json"
    lines = open(cal).read().splitlines()
    header = lines[0]
    for extra in ("small-prims.csv", "small-handoff.csv"):
        more = open(os.path.join(HERE, extra)).read().splitlines()
        assert more[0] == header
        lines += more[1:]
    bytes_col = header.split(",").index("bytes")
    kept = [header] + [l for l in lines[1:] if int(l.split(",")[bytes_col]) <= 16 << 20]
    s_csv = os.path.join(tmp, "small-range.csv")
    open(s_csv, "w").write("\n".join(kept) + "\n")
    a, s = os.path.join(tmp, "A.json"), os.path.join(tmp, "S.json")
    run("fit", cal, "--facts", facts, "-o", a)
    run("fit", s_csv, "--facts", facts, "-o", s)
    scale_tasks.main(tmp, sorted({x for _, _, sizes in RUNS for x in sizes}))
    errs = {"A": [], "piecewise": []}
    print("median |error| over policies % (cells beyond 5 % of all); below 16 MiB the piecewise stand-in uses S")
    for name, group, sizes in RUNS:
        csv = os.path.join(HERE, f"tasks-87-{group}.csv")
        for size in sizes:
            task = os.path.join(tmp, size, name + ".json")
            row = []
            for k, model in (("A", a), ("piecewise", s if size in SMALL else a)):
                v = json.loads(run("validate", "-m", model, "--task", task, csv, "--json"))
                e = [q["ape_pct"] for q in v["points"]]
                if size in SMALL:
                    errs[k] += e
                row.append(f"{k} {med(e):6.1f} % ({sum(x > 5 for x in e)}/{len(e)})")
            print(f"  {name:<20} {size:>6}: " + "   ".join(row))
    for k, e in errs.items():
        print(f"below 16 MiB, {k}: median {med(e):.2f} %, {sum(x > 5 for x in e)} of {len(e)} beyond 5 %")


if __name__ == "__main__":
    main()
