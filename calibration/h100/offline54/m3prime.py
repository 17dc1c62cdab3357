"""What rule M3′ (adopted on the H100, calibration/h100/run315/plan.md) does to every policy of
the producer/consumer and seed 001 on the H100 runs that timed the one-thread cell, from the
terms (no probe), intervals included:
    python3 calibration/h100/offline54/m3prime.py UMODEL > calibration/h100/offline54/m3prime.txt
For each run (run312-run319) and calibration: the model without `fault_in_scalar_one_thread`
("before": as calibrations wrote it up to run317) and with it (as the build adopting M3′ writes it
on an H100: the term fitted from the same CSV, its run-to-run shift the scalar term's, as
set_run_shift gives a first calibration), each priced by `validate --final-beside --cpu-beside
--json` on the run's own workloads; per link, every cell's |error|, cells beyond 5 %, and the
share of measured medians inside the 90 % interval. No number here is fitted on these workloads."""
import glob
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

TERM = "fault_in_scalar_one_thread"
WORK = [("prodcons", "producer-consumer"), ("workload", "seed-001")]
RUNS = [f"calibration/h100/run{n}/run{n}" for n in range(312, 320)]


def l3(d):
    facts = open(f"{d}/machine.txt").read()
    return next(l.split(":")[1].strip() for l in facts.splitlines() if "L3" in l)


def written(tmp, d, i, model, name=None):
    """`model` (calibration `i` of run `d`, `name` its variant) written into `tmp`: its path."""
    f = os.path.join(tmp, f"{os.path.basename(d)}-{i}" + (f"-{name}" if name else "") + ".json")
    json.dump(model, open(f, "w"))
    return f


def link_of(d):
    """Run `d`'s link as the readings label it: a 105 MiB host's is the slow one."""
    return "slow link (105 MiB L3)" if l3(d).startswith("105") else "fast link (300 MiB L3)"


def points(U, model, d, work, task):
    out = subprocess.run([U, "validate", "-m", model, "--task", f"tasks/{task}.json",
                          f"{d}/{work}.csv", "--final-beside", "--cpu-beside", "--json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["points"]



def models(U, d, tmp):
    """Each calibration of run `d`: its number, its model without `fault_in_scalar_one_thread`
    and with it (as written where the build kept it, else fitted from the calibration's CSV with
    the scalar term's run-to-run shift, as set_run_shift gives a first calibration)."""
    for mf in sorted(glob.glob(f"{d}/model-minimal-*.json")):
        i = mf.rsplit("-", 1)[1].split(".")[0]
        m = json.load(open(mf))
        if TERM not in m["task_terms"]:
            csv = glob.glob(f"{d}/data-{i}/models/*.minimal.csv")[0]
            refit = os.path.join(tmp, "refit.json")
            subprocess.run([U, "fit", csv, "-o", refit, "--one-thread-migration"],
                           capture_output=True, check=True)
            t = json.load(open(refit))["task_terms"][TERM]
            t["run_shift"] = m["task_terms"]["fault_in_scalar"].get("run_shift", 0.0)
            m["task_terms"][TERM] = t
        without = json.loads(json.dumps(m))
        del without["task_terms"][TERM]
        yield i, without, m


def main(U):
    tmp = tempfile.mkdtemp()
    cells = {}
    for d in RUNS:
        link = link_of(d)
        for i, without, with_ in models(U, d, tmp):
            files = []
            for name, mm in (("before", without), ("M3′", with_)):
                f = written(tmp, d, i, mm, name)
                files.append((name, f))
            for work, task in WORK:
                for name, f in files:
                    for p in points(U, f, d, work, task):
                        err = 100 * (p["predicted_ms"] / p["measured_ms"] - 1)
                        cells.setdefault((link, task, p["policy"], name), []).append(
                            (err, p["in_interval"]))

    print("per link, workload and policy: cells (calibrations x runs), median |error| %, "
          "cells beyond 5 %, measured medians inside the 90 % interval; before -> M3′")
    for link in sorted({k[0] for k in cells}):
        print(f"\n{link}")
        for task in [t for _, t in WORK]:
            for pol in sorted({k[2] for k in cells if k[0] == link and k[1] == task}):
                b, a = cells[(link, task, pol, "before")], cells[(link, task, pol, "M3′")]
                f = lambda c: (st.median(abs(e) for e, _ in c), sum(abs(e) > 5 for e, _ in c),
                               sum(i for _, i in c))
                (mb, xb, ib), (ma, xa, ia) = f(b), f(a)
                print(f"  {task:<18} {pol:<24} n {len(a):2d}  |error| {mb:5.2f} -> {ma:5.2f} %  "
                      f"beyond 5 % {xb:2d} -> {xa:2d}  inside {ib:2d} -> {ia:2d}  "
                      f"signed {min(e for e, _ in a):+6.2f} .. {max(e for e, _ in a):+6.2f} %")
        for name in ("before", "M3′"):
            allc = [c for k, v in cells.items() if k[0] == link and k[3] == name for c in v]
            print(f"  all policies {name:<6}: {len(allc)} cells, median |error| "
                  f"{st.median(abs(e) for e, _ in allc):.2f} %, beyond 5 % "
                  f"{sum(abs(e) > 5 for e, _ in allc)}, inside the interval "
                  f"{sum(i for _, i in allc)} ({100 * sum(i for _, i in allc) / len(allc):.0f} %)")


if __name__ == "__main__":
    main(sys.argv[1])
