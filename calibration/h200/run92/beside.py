#!/usr/bin/env python3
"""run92, run93 and run95: each workload row followed by a plain final access
(`plain_final_beside`). Seed 001 (and its overlapped variant), the partial update and (run93)
the compute-bound workload, each run validated with its own probe on
1. its own calibration,
2. the other runs', and
3. each of run91's twelve (another machine, minutes before run92: held out across processes),
all fitted by this code, three ways:
- as before: every row given the plain final access timed at its trial's start (`--probe`);
- given the plain final access beside its own rows, the median (`--probe --final-beside`);
- paired by trial: the median of each trial's prediction over its total (the same run's
  `paired_error_pct`).
Also, per policy, how the rows' own final checks (steps-*.csv) go with the trial-start pass and
with the pass beside them (correlation over the trials).

python3 calibration/h200/run92/beside.py [UMODEL] from the repository root; output beside.txt
beside this file.
"""
import csv, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
# run: (tag, {workload: its tasks})
RUNS = {"run92": ("45", {"partial": ["partial-update"], "workload": ["seed-001", "seed-001-overlapped"]}),
        "run93": ("46", {"partial": ["partial-update"], "workload": ["seed-001", "seed-001-overlapped"],
                         "compute": ["compute-bound"]}),
        "run95": ("48", {"partial": ["partial-update"], "workload": ["seed-001", "seed-001-overlapped"]})}


def fit(cal, tmp, label):
    m = os.path.join(tmp, label + ".json")
    subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
    return m


def validate(m, task, csv_path, beside):
    args = [U, "validate", "-m", m, "--task", f"tasks/{task}.json", csv_path,
            "--probe", "--json"] + (["--final-beside"] if beside else [])
    return json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def corr(x, y):
    mx, my = st.mean(x), st.mean(y)
    sx, sy = sum((a - mx) ** 2 for a in x) ** .5, sum((b - my) ** 2 for b in y) ** .5
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / (sx * sy)


def final_checks(run, tag, w, task):
    rows = list(csv.DictReader(l for l in open(f"{H}/{run}/tasks-{tag}-{w}.csv") if not l.startswith("#")))
    start = {r["trial"]: float(r["time_ms"]) for r in rows if r["case"] == f"{task}:plain_final"}
    out = []
    steps = [r for r in csv.DictReader(open(f"{H}/{run}/steps-{tag}-{w}.csv"))
             if r["task"] == task and r["step"] == "cpu_final" and r["reuse"] == "1"]
    for p in sorted({r["policy"] for r in steps}):
        own = {r["trial"]: float(r["ms"]) for r in steps if r["policy"] == p}
        bes = {r["trial"]: float(r["time_ms"]) for r in rows
               if r["case"] == f"{task}:plain_final_beside" and r["policy"] == p and r["reuse"] == "1"}
        tr = sorted(set(own) & set(start) & set(bes))
        f, a, b = [own[t] for t in tr], [start[t] for t in tr], [bes[t] for t in tr]
        out.append(f"  {run} {task} {p:24} own final {st.median(f):6.1f} ms, at the trial's start "
                   f"{st.median(a):6.1f}, beside {st.median(b):6.1f}; r = {corr(f, a):+.2f} with the "
                   f"start, {corr(f, b):+.2f} beside")
    return out


def main():
    tmp = tempfile.mkdtemp()
    own = {r: fit(glob.glob(f"{H}/{r}/data/models/*.minimal.csv")[0], tmp, r) for r in RUNS}
    run91 = [("run91/" + c.split("/")[3], c) for c in sorted(glob.glob(f"{H}/run91/data-*/models/*.minimal.csv"))]
    run91 = [(label, fit(c, tmp, label.replace("/", "-"))) for label, c in run91]
    out = ["The rows' own final checks (R = 1) against the plain pass at the trial's start and beside them:"]
    for run, (tag, ws) in RUNS.items():
        for w, tasks in ws.items():
            for t in tasks:
                if t != "seed-001-overlapped":
                    out += final_checks(run, tag, w, t)
    tot = {"start": [], "beside": [], "paired": []}
    for run, (tag, ws) in RUNS.items():
        out.append("")
        out.append(f"{run}: signed error %, its own calibration (start / beside, median / paired by trial):")
        models = [(run, own[run])] + [(o, own[o]) for o in RUNS if o != run] + run91
        for label, m in models:
            per = {"start": [], "beside": [], "paired": []}
            for w, tasks in ws.items():
                for t in tasks:
                    path = f"{H}/{run}/tasks-{tag}-{w}.csv"
                    a, b = validate(m, t, path, False), validate(m, t, path, True)
                    for pa, pb in zip(a["points"], b["points"]):
                        e = [100 * (pa["predicted_ms"] / pa["measured_ms"] - 1),
                             100 * (pb["predicted_ms"] / pb["measured_ms"] - 1), pb["paired_error_pct"]]
                        for k, x in zip(per, e):
                            per[k].append(x)
                        if label == run:
                            out.append(f"  {t:20} {pa['policy']:24} R{pa['reuse']:<3g} "
                                       f"{e[0]:+6.1f} / {e[1]:+6.1f} / {e[2]:+6.1f}")
            for k in per:
                tot[k] += per[k]
            out.append(f"  on {label:16} beyond 5 %: " + ", ".join(
                f"{k} {sum(abs(x) > 5 for x in v)} of {len(v)} (median |error| {st.median(abs(x) for x in v):.2f} %)"
                for k, v in per.items()))
    out.append("")
    out.append("all: " + ", ".join(
        f"{k} {sum(abs(x) > 5 for x in v)} of {len(v)} beyond 5 % (median |error| "
        f"{st.median(abs(x) for x in v):.2f} %, mean {st.mean(abs(x) for x in v):.2f} %)"
        for k, v in tot.items()))
    text = "\n".join(out) + "\n"
    open(os.path.join(HERE, "beside.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
