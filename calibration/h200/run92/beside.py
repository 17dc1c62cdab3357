#!/usr/bin/env python3
"""run92: each workload row followed by a plain final access (`plain_final_beside`). Seed 001
(and its overlapped variant) and the partial update, validated with the run's probe on
1. run92's own calibration and
2. each of run91's twelve (another machine, minutes earlier: held out across processes),
all fitted by this code, three ways:
- as before: every row given the plain final access timed at its trial's start (`--probe`);
- given the plain final access beside its own rows, the median (`--probe --final-beside`);
- paired by trial: the median of each trial's prediction over its total (the same run's
  `paired_error_pct`).
Also, per policy, how the rows' own final checks (steps-45-*.csv) go with the trial-start pass
and with the pass beside them (correlation over the 15 trials).

python3 calibration/h200/run92/beside.py [UMODEL] from the repository root; output beside.txt
beside this file.
"""
import csv, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
RUNS = {"partial": ["partial-update"], "workload": ["seed-001", "seed-001-overlapped"]}


def fit(cal, tmp, label):
    m = os.path.join(tmp, label + ".json")
    subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
    return m


def validate(m, task, w, beside):
    args = [U, "validate", "-m", m, "--task", f"tasks/{task}.json", f"{H}/run92/tasks-45-{w}.csv",
            "--probe", "--json"] + (["--final-beside"] if beside else [])
    return json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def corr(x, y):
    mx, my = st.mean(x), st.mean(y)
    sx, sy = sum((a - mx) ** 2 for a in x) ** .5, sum((b - my) ** 2 for b in y) ** .5
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / (sx * sy)


def final_checks(w, task):
    rows = list(csv.DictReader(l for l in open(f"{H}/run92/tasks-45-{w}.csv") if not l.startswith("#")))
    start = {r["trial"]: float(r["time_ms"]) for r in rows if r["case"] == f"{task}:plain_final"}
    out = []
    steps = [r for r in csv.DictReader(open(f"{H}/run92/steps-45-{w}.csv"))
             if r["task"] == task and r["step"] == "cpu_final"]
    for p in sorted({r["policy"] for r in steps}):
        own = {r["trial"]: float(r["ms"]) for r in steps if r["policy"] == p}
        bes = {r["trial"]: float(r["time_ms"]) for r in rows
               if r["case"] == f"{task}:plain_final_beside" and r["policy"] == p}
        tr = sorted(set(own) & set(start) & set(bes))
        f, a, b = [own[t] for t in tr], [start[t] for t in tr], [bes[t] for t in tr]
        out.append(f"  {task} {p:24} own final {st.median(f):6.1f} ms, at the trial's start "
                   f"{st.median(a):6.1f}, beside {st.median(b):6.1f}; r = {corr(f, a):+.2f} with the "
                   f"start, {corr(f, b):+.2f} beside")
    return out


def main():
    tmp = tempfile.mkdtemp()
    models = [("run92", fit(glob.glob(f"{H}/run92/data/models/*.minimal.csv")[0], tmp, "run92"))]
    for c in sorted(glob.glob(f"{H}/run91/data-*/models/*.minimal.csv")):
        label = "run91/" + c.split("/")[3]
        models.append((label, fit(c, tmp, label.replace("/", "-"))))
    out = ["The rows' own final checks against the plain pass at the trial's start and beside them:"]
    for w, tasks in RUNS.items():
        for t in tasks:
            if t != "seed-001-overlapped":
                out += final_checks(w, t)
    out.append("")
    out.append("Signed error %, run92's own calibration (start / beside, median / paired by trial):")
    tot = {"start": [], "beside": [], "paired": []}
    for label, m in models:
        per = {"start": [], "beside": [], "paired": []}
        for w, tasks in RUNS.items():
            for t in tasks:
                a, b = validate(m, t, w, False), validate(m, t, w, True)
                for pa, pb in zip(a["points"], b["points"]):
                    e = [100 * (pa["predicted_ms"] / pa["measured_ms"] - 1),
                         100 * (pb["predicted_ms"] / pb["measured_ms"] - 1), pb["paired_error_pct"]]
                    for k, x in zip(per, e):
                        per[k].append(x)
                    if label == "run92":
                        out.append(f"  {t:20} {pa['policy']:24} {e[0]:+6.1f} / {e[1]:+6.1f} / {e[2]:+6.1f}")
        for k in per:
            tot[k] += per[k]
        out.append(f"{label:18} beyond 5 %: " + ", ".join(
            f"{k} {sum(abs(x) > 5 for x in v)} of {len(v)} (median |error| {st.median(abs(x) for x in v):.2f} %)"
            for k, v in per.items()))
    out.append(f"all {len(models)} calibrations: " + ", ".join(
        f"{k} {sum(abs(x) > 5 for x in v)} of {len(v)} beyond 5 % (median |error| "
        f"{st.median(abs(x) for x in v):.2f} %, mean {st.mean(abs(x) for x in v):.2f} %)"
        for k, v in tot.items()))
    text = "\n".join(out) + "\n"
    open(os.path.join(HERE, "beside.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
