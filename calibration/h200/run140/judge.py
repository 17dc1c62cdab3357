#!/usr/bin/env python3
"""run140's rule, written before its data came back: would task terms fitted with cells at 256 KiB,
1 and 4 MiB too (beside the minimal plan's 16 and 64 MiB) price small tasks right without costing
the larger ones?
  A: `umodel fit` of the run's minimal calibration CSV;
  B: the same CSV with the run's small-size primitive and handoff rows appended (small-prims.csv,
     small-handoff.csv), fitted the same way with the calibration's facts.
Each workload at each size the run measured is validated with A and B, given the run's plain
phases (plain `validate --task`). "Small" cells are those below 16 MiB a buffer, "inside" those
at 16 and 64 MiB. Calibrating small sizes is worth building (then to be judged again on fresh VMs
as a change to `calibrate`) when both hold:
  1. small cells: B puts at most two thirds as many beyond 5 % as A, and its median |error| over
     them is lower;
  2. inside cells: B puts no more beyond 5 % than A, and its median |error| is at most 0.5
     percentage points above A's.
    python3 calibration/h200/run140/judge.py UMODEL        (in judge.txt)"""
import glob, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "run138"))
import scale_tasks  # noqa: E402

UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
TAG = "87"
RUNS = [("seed-001", "workload", ["256KiB", "1MiB", "4MiB", "16MiB", "64MiB"]),
        ("seed-001-overlapped", "workload", ["256KiB", "1MiB", "4MiB", "16MiB", "64MiB"]),
        ("producer-consumer", "prodcons", ["256KiB", "1MiB", "4MiB", "16MiB", "64MiB"]),
        ("partial-update", "partial", ["256KiB", "1MiB", "4MiB", "16MiB"])]
SMALL = {"256KiB", "1MiB", "4MiB"}


def run(*args):
    p = subprocess.run([UMODEL, *args], capture_output=True, text=True, cwd=HERE)
    if p.returncode != 0:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def main():
    tmp = tempfile.mkdtemp()
    cal = [c for c in glob.glob(os.path.join(HERE, "data/models/*.minimal*.csv"))]
    assert len(cal) == 1, cal
    cal = cal[0]
    facts = cal[: -len(".csv")] + ".facts.json"
    lines = open(cal).read().splitlines()
    header = lines[0]
    for extra in ("small-prims.csv", "small-handoff.csv"):
        more = open(os.path.join(HERE, extra)).read().splitlines()
        assert more[0] == header, (extra, more[0], header)
        lines += more[1:]
    both = os.path.join(tmp, "with-small.csv")
    open(both, "w").write("\n".join(lines) + "\n")
    a, b = os.path.join(tmp, "A.json"), os.path.join(tmp, "B.json")
    run("fit", cal, "--facts", facts, "-o", a)
    run("fit", both, "--facts", facts, "-o", b)
    scale_tasks.main(tmp, sorted({s for _, _, sizes in RUNS for s in sizes}))
    errs = {"A": {"small": [], "inside": []}, "B": {"small": [], "inside": []}}
    print("median |error| over policies % (cells beyond 5 % of all), A = 16 and 64 MiB cells, B = with the small cells")
    for name, group, sizes in RUNS:
        csv = os.path.join(HERE, f"tasks-{TAG}-{group}.csv")
        for s in sizes:
            task = os.path.join(tmp, s, name + ".json")
            row = []
            for k, model in (("A", a), ("B", b)):
                p = subprocess.run([UMODEL, "validate", "-m", model, "--task", task, csv, "--json"],
                                   capture_output=True, text=True, cwd=HERE)
                if p.returncode != 0:
                    row.append(f"{k}: not validated ({p.stderr.strip().splitlines()[-1]})")
                    continue
                v = json.loads(p.stdout)
                e = [q["ape_pct"] for q in v["points"]]
                errs[k]["small" if s in SMALL else "inside"] += e
                row.append(f"{k} {med(e):6.1f} % ({sum(x > 5 for x in e)}/{len(e)})")
            print(f"  {name:<20} {s:>6}: " + "   ".join(row))
    verdict = True
    for part in ("small", "inside"):
        ea, eb = errs["A"][part], errs["B"][part]
        na, nb = sum(x > 5 for x in ea), sum(x > 5 for x in eb)
        print(f"{part}: A median {med(ea):.2f} %, {na} of {len(ea)} beyond 5 %; B median {med(eb):.2f} %, {nb} of {len(eb)}")
        if part == "small":
            ok = nb <= 2 * na / 3 and med(eb) < med(ea)
            print(f"  criterion 1 (B at most two thirds as many beyond 5 %, lower median): {'met' if ok else 'not met'}")
        else:
            ok = nb <= na and med(eb) <= med(ea) + 0.5
            print(f"  criterion 2 (B no more beyond 5 %, median at most 0.5 points higher): {'met' if ok else 'not met'}")
        verdict &= ok
    print("verdict:", "worth building into calibrate (to be judged again there)" if verdict else "not worth building as it stands")


if __name__ == "__main__":
    main()
