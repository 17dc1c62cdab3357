#!/usr/bin/env python3
"""run96 (and run97-run99: fresh VMs, where present): each workload row followed by a plain
final access (`plain_final_beside`, since run92) and a plain CPU phase (`plain_cpu_beside`, since
run96). Every workload of the run validated with the run's own probe on
1. its own calibration,
2. the other runs' (run96-run99),
3. run92's, run93's and run95's, and each of run91's twelve (other processes and machines),
all fitted by this code, four ways:
- start:  every row given the plain phases timed at its trial's start (`--probe`);
- final:  paired by trial with the final access beside each row (`--final-beside`, run92's way);
- cpu:    paired by trial with the CPU phase beside each row (`--cpu-beside`);
- both:   paired with both (`--final-beside --cpu-beside`).
"start" is the median's error; the others are each point's `paired_error_pct`. Also, per policy,
how each row's own CPU phases (steps-*.csv, the median of its rounds' `cpu` steps) go with the
plain phase at the trial's start and with the one beside the row (correlation over the trials).

python3 calibration/h200/run96/beside.py [UMODEL] from the repository root; output beside.txt
beside this file. Written before run96's data came back: nothing in it was chosen on them.
"""
import csv, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
WORKLOADS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
             "partial": ["partial-update"], "compute": ["compute-bound"]}
RUNS = {r: t for r, t in (("run96", "49"), ("run97", "50"), ("run98", "51"), ("run99", "52")) if os.path.isdir(f"{H}/{r}")}
WAYS = {"start": [], "final": ["--final-beside"], "cpu": ["--cpu-beside"],
        "both": ["--final-beside", "--cpu-beside"]}


def fit(cal, tmp, label):
    m = os.path.join(tmp, label.replace("/", "-") + ".json")
    subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
    return m


def validate(m, task, csv_path, flags):
    args = [U, "validate", "-m", m, "--task", f"tasks/{task}.json", csv_path, "--probe", "--json"]
    return json.loads(subprocess.run(args + flags, capture_output=True, text=True, check=True).stdout)


def corr(x, y):
    mx, my = st.mean(x), st.mean(y)
    sx, sy = sum((a - mx) ** 2 for a in x) ** .5, sum((b - my) ** 2 for b in y) ** .5
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / (sx * sy) if sx and sy else float("nan")


def rows(path):
    return list(csv.DictReader(l for l in open(path) if not l.startswith("#")))


def cpu_phases(run, tag, w, task):
    """Each R = 1 row's own CPU phases against the plain phase at the trial's start and beside."""
    rs = rows(f"{H}/{run}/tasks-{tag}-{w}.csv")
    start = {r["trial"]: float(r["time_ms"]) for r in rs if r["case"] == f"{task}:plain_cpu"}
    steps = [r for r in csv.DictReader(open(f"{H}/{run}/steps-{tag}-{w}.csv"))
             if r["task"] == task and r["step"] == "cpu" and r["reuse"] == "1"]
    out = []
    for p in sorted({r["policy"] for r in steps}):
        own = {}
        for r in steps:
            if r["policy"] == p:
                own.setdefault(r["trial"], []).append(float(r["ms"]))
        own = {t: st.median(v) for t, v in own.items()}
        bes = {r["trial"]: float(r["time_ms"]) for r in rs
               if r["case"] == f"{task}:plain_cpu_beside" and r["policy"] == p and r["reuse"] == "1"}
        tr = sorted(set(own) & set(start) & set(bes))
        if len(tr) < 3:
            continue
        f, a, b = [own[t] for t in tr], [start[t] for t in tr], [bes[t] for t in tr]
        out.append(f"  {run} {task:17} {p:24} own CPU phase {st.median(f):6.2f} ms, at the trial's "
                   f"start {st.median(a):6.2f}, beside {st.median(b):6.2f}; r = {corr(f, a):+.2f} "
                   f"with the start, {corr(f, b):+.2f} beside")
    return out


def summary(v):
    return (f"{sum(abs(x) > 5 for x in v)} of {len(v)} beyond 5 % "
            f"(median |error| {st.median(abs(x) for x in v):.2f} %, mean {st.mean(abs(x) for x in v):.2f} %)")


def main():
    tmp = tempfile.mkdtemp()
    own = {r: fit(glob.glob(f"{H}/{r}/data/models/*.minimal.csv")[0], tmp, r) for r in RUNS}
    others = [(r, fit(glob.glob(f"{H}/{r}/data/models/*.minimal.csv")[0], tmp, r))
              for r in ("run92", "run93", "run95")]
    others += [("run91/" + c.split("/")[3], fit(c, tmp, "run91/" + c.split("/")[3]))
               for c in sorted(glob.glob(f"{H}/run91/data-*/models/*.minimal.csv"))]
    out = ["Each R = 1 row's own CPU phases (median of its rounds) against the plain CPU phase at the "
           "trial's start and beside the row:"]
    for run, tag in RUNS.items():
        for w, tasks in WORKLOADS.items():
            if os.path.exists(f"{H}/{run}/tasks-{tag}-{w}.csv"):
                out += cpu_phases(run, tag, w, tasks[0])
    tot = {k: [] for k in WAYS}
    covered = {}
    per_policy = {}
    per_workload = {}
    per_task_policy = {}
    for run, tag in RUNS.items():
        out.append("")
        out.append(f"{run}: signed error %, its own calibration (start / final / cpu / both paired):")
        models = [(run, own[run])] + [(o, own[o]) for o in RUNS if o != run] + others
        for label, m in models:
            per = {k: [] for k in WAYS}
            for w, tasks in WORKLOADS.items():
                path = f"{H}/{run}/tasks-{tag}-{w}.csv"
                if not os.path.exists(path):
                    continue
                for t in tasks:
                    vs = {k: validate(m, t, path, f) for k, f in WAYS.items()}
                    for k in ("start", "both"):
                        c = covered.setdefault((k, label == run), [0, 0])
                        c[0] += sum(p["in_interval"] for p in vs[k]["points"])
                        c[1] += len(vs[k]["points"])
                    wl = {k: [] for k in WAYS}
                    for i, pa in enumerate(vs["start"]["points"]):
                        e = {"start": 100 * (pa["predicted_ms"] / pa["measured_ms"] - 1)}
                        for k in ("final", "cpu", "both"):
                            x = vs[k]["points"][i].get("paired_error_pct")
                            e[k] = e["start"] if x is None else x
                        for k in WAYS:
                            per[k].append(e[k])
                            wl[k].append(e[k])
                            per_policy.setdefault(pa["policy"], {w: [] for w in WAYS})[k].append(e[k])
                            per_task_policy.setdefault((t, pa["policy"]), {w: [] for w in WAYS})[k].append(e[k])
                        if label == run:
                            out.append(f"  {t:20} {pa['policy']:24} R{pa['reuse']:<3g} "
                                       + " / ".join(f"{e[k]:+6.1f}" for k in WAYS))
                    per_workload.setdefault((run, label, t), wl)
            for k in per:
                tot[k] += per[k]
            out.append(f"  on {label:16} " + "; ".join(f"{k} {summary(v)}" for k, v in per.items()))
    out.append("")
    out.append("Median |error| per workload, each run on its own calibration (start / final / cpu / both):")
    for (run, label, t), wl in per_workload.items():
        if run == label:
            out.append(f"  {run} {t:20} " + " / ".join(
                f"{st.median(abs(x) for x in wl[k]):5.2f}" for k in WAYS))
    n = len([1 for (run, label, t) in per_workload])
    out.append("(run, calibration, workload) triples with the median |error| within 2.5 %, of "
               f"{n}: " + ", ".join(
                   f"{k} {sum(st.median(abs(x) for x in wl[k]) <= 2.5 for wl in per_workload.values())}"
                   for k in WAYS))
    out.append("")
    out.append("Measured medians inside the 90 % interval of the prediction (given the plain phases at each "
               "trial's start, or the medians of the passes beside each row):")
    for (k, own_cal), (n, of) in sorted(covered.items()):
        out.append(f"  {k:5} on {'its own calibration' if own_cal else 'the other calibrations':22} "
                   f"{n} of {of} ({100 * n / of:.1f} %)")
    out.append("")
    out.append("By policy, every run on every calibration (start / both paired):")
    for pol, v in per_policy.items():
        out.append(f"  {pol:24} {summary(v['start'])}; {summary(v['both'])}; max |error| "
                   f"{max(abs(x) for x in v['start']):.1f} / {max(abs(x) for x in v['both']):.1f} %")
    out.append("")
    out.append("By workload and policy, every run on every calibration, cells beyond 5 % (start / both paired):")
    for (t, pol), v in sorted(per_task_policy.items()):
        out.append(f"  {t:20} {pol:24} {sum(abs(x) > 5 for x in v['start']):4} / "
                   f"{sum(abs(x) > 5 for x in v['both']):4} of {len(v['both'])}")
    out.append("")
    out.append("all: " + "; ".join(f"{k} {summary(v)}" for k, v in tot.items()))
    text = "\n".join(out) + "\n"
    open(os.path.join(HERE, "beside.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
