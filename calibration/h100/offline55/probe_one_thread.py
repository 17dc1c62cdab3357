"""A reading on runs already seen, judging nothing (no rule is adopted from it): on the H100 runs
that timed the one-thread cell (run312-run319; run330 since session 62), how a one-thread task's
managed rows price under rule M3′ from the calibration's terms, with the run's first probe as
`--probe` prices today (the one-thread term scaled by the probe's `fault_in` over the
calibration's), and with the same probe less its `fault_in` figure (so the migration stays at the
calibration's one-thread price while the probe's other steps and link still price): whether the
probe's migration, timed after a fill on every core, helps or hurts a task that writes on one
thread, per link.
    python3 calibration/h100/offline55/probe_one_thread.py UMODEL   (in probe_one_thread.txt)
UMODEL: a build before `58f4fb7`, rule R's adoption, which moves the probe's column of the
producer/consumer's managed row (`probe_one_thread.txt` was made by `750b25e`'s build).
Each calibration's model as m3prime.py builds it with the term (offline54); every policy of the
producer/consumer and seed 001 (`validate --final-beside --cpu-beside`), signed error of the
prediction against the measured median."""
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "offline54"))
from m3prime import RUNS, WORK, link_of, models, written  # noqa: E402

# run325's and run333's plans add run318's script's later runs to this reading (it judges nothing).
RUNS = RUNS + ["calibration/h100/run330/run330", "calibration/h100/run333/run333",
               "calibration/h100/run334/run334"]

WAYS = ["terms", "probe", "probe less fault_in"]


def points(U, model, d, work, task, probe):
    args = [U, "validate", "-m", model, "--task", f"tasks/{task}.json", f"{d}/{work}.csv",
            "--final-beside", "--cpu-beside", "--json"]
    if probe:
        args += ["--probe-from", probe]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["points"]


def policy_rows(cells, link, ways):
    """Prints each workload's policies on `link`: per way, the median |error|, the cells beyond 5 %
    and the signed range of `cells[(link, task, policy, way)]`'s (run, calibration, error)."""
    for task in [t for _, t in WORK]:
        for pol in sorted({k[2] for k in cells if k[0] == link and k[1] == task}):
            parts = []
            for way in ways:
                e = [x[2] for x in cells[(link, task, pol, way)]]
                n = sum(abs(v) > 5 for v in e)
                parts.append(f"{st.median(abs(v) for v in e):5.2f} % {n:2d} "
                             f"[{min(e):+6.1f}, {max(e):+6.1f}]")
            print(f"  {task:<18} {pol:<24} n {len(e):2d}  " + " | ".join(parts))


def report(cells, ways, before, after):
    """Prints per link the policy rows of `ways`, each way's cells beyond 5 % and median |error|
    over every policy, and the cells that move from way `before` to way `after`."""
    print("per link, workload and policy: cells (calibrations), median |error| %, beyond 5 %, "
          "signed range; " + " | ".join(ways))
    for link in sorted({k[0] for k in cells}):
        print(f"\n{link}")
        policy_rows(cells, link, ways)
        for way in ways:
            e = [x[2] for k, v in cells.items() if k[0] == link and k[3] == way for x in v]
            print(f"  every policy, {way}: {sum(abs(v) > 5 for v in e)} of {len(e)} beyond 5 %, "
                  f"median |error| {st.median(abs(v) for v in e):.2f} %")
        print(moved_line(cells, link, before, after))


def moved_line(cells, link, before, after):
    """The cells on `link` that differ between ways `before` and `after`, as rule M3′'s criteria
    read a move: beyond 5 %, median |error|, and each cell ending beyond 5 % with its growth."""
    a_, b_ = ([x for k, v in cells.items() if k[0] == link and k[3] == way for x in v]
              for way in (before, after))
    moved = [(a, b) for a, b in zip(a_, b_) if abs(a[2] - b[2]) > 1e-9]
    if not moved:
        return "  moved cells: none"
    grew = [(a, b) for a, b in moved if abs(b[2]) > 5 and abs(b[2]) - abs(a[2]) > 2]
    return (f"  moved cells: {len(moved)}, beyond 5 % {sum(abs(a[2]) > 5 for a, _ in moved)} -> "
            f"{sum(abs(b[2]) > 5 for _, b in moved)}, median |error| "
            f"{st.median(abs(a[2]) for a, _ in moved):.2f} -> "
            f"{st.median(abs(b[2]) for _, b in moved):.2f} %; ending beyond 5 % more than 2 points "
            "worse: "
            + (", ".join(f"{a[0]} cal {a[1]} {a[2]:+.2f} -> {b[2]:+.2f} %" for a, b in grew)
               or "none"))


def three_ways(U, runs, keys, left_out=("fault_in",), ways=WAYS):
    """Each calibration of each run in `runs`, every policy of both workloads, priced the three
    `ways` (the terms, the run's first probe, that probe less its figures `left_out`):
    `cells[(key, task, policy, way)]` lists (run, calibration, signed error %), under each key
    `keys(d)` gives run `d`. offline62/on_demand.py leaves out more figures."""
    tmp = tempfile.mkdtemp()
    cells = {}
    for d in runs:
        probe = json.load(open(f"{d}/probe-1.json"))
        less = os.path.join(tmp, f"{os.path.basename(d)}-probe-less.json")
        json.dump({k: v for k, v in probe.items() if k not in left_out}, open(less, "w"))
        for i, _, with_ in models(U, d, tmp):
            f = written(tmp, d, i, with_)
            for work, task in WORK:
                for way, pf in zip(ways, [None, f"{d}/probe-1.json", less]):
                    for p in points(U, f, d, work, task, pf):
                        err = 100 * (p["predicted_ms"] / p["measured_ms"] - 1)
                        for key in keys(d):
                            cells.setdefault((key, task, p["policy"], way), []).append(
                                (os.path.basename(d), i, err))
    return cells


def scopes(cells, key):
    """Prints under `key` each way's cells beyond 5 % and median |error|: the managed and
    managed-advise rows, then every policy."""
    for scope, pols in (("managed, managed-advise", ("managed", "managed-advise")),
                        ("every policy", None)):
        line = []
        for way in WAYS:
            e = [x[2] for k, v in cells.items() if k[0] == key and k[3] == way
                 and (pols is None or k[2] in pols) for x in v]
            line.append(f"{way}: {sum(abs(v) > 5 for v in e)} of {len(e)} beyond 5 %, "
                        f"median |error| {st.median(abs(v) for v in e):.2f} %")
        print(f"  {scope}: " + "; ".join(line))


def main(U):
    cells = three_ways(U, RUNS, lambda d: [link_of(d)])
    print("per link, workload and policy: cells (calibrations), median |error| %, beyond 5 %, "
          "signed range; " + " | ".join(WAYS))
    for link in sorted({k[0] for k in cells}):
        print(f"\n{link}")
        policy_rows(cells, link, WAYS)
        scopes(cells, link)
        # The cells the probe's migration moves, from "probe" (today) to "probe less fault_in".
        print(moved_line(cells, link, "probe", "probe less fault_in"))


if __name__ == "__main__":
    main(sys.argv[1])
