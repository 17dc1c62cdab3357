#!/usr/bin/env python3
"""The fault-back scales a user measures once on their own host code with the library call
(`umodel::bench::probe::fault_scale`; examples/fault_scales.rs on the validation workloads' own
code, twice in run84 and twice in run85, each in its own process), set against
1. the ratios the same processes' workloads paid (run77/final_ratio.py's method: a phase's median
   under managed less its plain median, over the run's probe_fault_back median), and
2. every held-out run of the task files as they stand (run72-run85): each workload validated on
   its run's first calibration (fitted by this code) with the run's probe, as the task files stand
   and with the library's scales (the median of the four measurements per code) written into them.
   The scales come from the library call alone, never from a workload's timings.

python3 calibration/h200/run84/scales.py [UMODEL] from the repository root; output scales.txt
beside this file.
"""
import csv, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
MEASURED = [f"{H}/{r}/scales-{i}.json" for r in ("run84", "run85") for i in (1, 2)]
# (run, its workloads' tag, the workloads it ran)
ALL = ["workload", "prodcons", "partial", "compute"]
RUNS = [("run72", "33", ALL), ("run73", "34", ALL), ("run74", "35", ALL), ("run77", "37", ALL),
        ("run78", "38", ALL), ("run79", "39", ALL), ("run80", "40", ALL), ("run81", "41", ALL),
        ("run83", "42", ["workload", "prodcons", "partial"]), ("run84", "43", ["workload", "prodcons"]),
        ("run85", "44", ["partial", "compute"])]
TASKS = {"seed-001": "workload", "seed-001-overlapped": "workload", "partial-update": "partial",
         "compute-bound": "compute", "producer-consumer": "prodcons"}


def library_scales():
    """{(task, field): [scale of each measurement]}"""
    got = {}
    for f in MEASURED:
        for r in json.load(open(f)):
            got.setdefault((r["task"], r["field"]), []).append(r["scale"])
    return got


def rows(path):
    return list(csv.DictReader(l for l in open(path) if not l.startswith("#")))


def paid(run, tag, w, task):
    """{field: ratio} the workload's managed row paid in its own process."""
    tasks = rows(f"{H}/{run}/tasks-{tag}-{w}.csv")
    med = lambda case: st.median(float(r["time_ms"]) for r in tasks if r["case"] == f"{task}:{case}")
    fb = med("probe_fault_back")
    s = [r for r in csv.DictReader(open(f"{H}/{run}/steps-{tag}-{w}.csv"))
         if r["task"] == task and r["policy"] == "managed" and r["reuse"] == "1"]
    out = {}
    if task != "partial-update":  # its rounds touch one page in ten: not what a scale is for
        first = task == "seed-001"  # GPU first: its first round already faults the table back
        rnd = st.median(float(r["ms"]) for r in s if r["step"] == "cpu" and (first or r["round"] != "1"))
        out["cpu_fault_scale"] = (rnd - med("plain_cpu")) / fb
    fin = [float(r["ms"]) for r in s if r["step"] == "cpu_final"]
    if fin and task != "producer-consumer":
        out["cpu_final_fault_scale"] = (st.median(fin) - med("plain_final")) / fb
    return out


def model_of(run, tmp):
    d = f"{H}/{run}"
    cal = sorted(glob.glob(f"{d}/data/models/*.minimal*.csv") or glob.glob(f"{d}/data-1/models/*.minimal*.csv"))
    ts = [c for c in cal if "Z.csv" in c]
    cal = ts[0] if ts else [c for c in cal if c.endswith("minimal.csv")][0]
    m = os.path.join(tmp, f"{run}.json")
    subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
    return m


def errors(m, task_file, csvs):
    r = subprocess.run([U, "validate", "-m", m, "--task", task_file, *csvs, "--json", "--probe"],
                       capture_output=True, text=True, check=True)
    return [(p, 100 * (p["predicted_ms"] / p["measured_ms"] - 1)) for p in json.loads(r.stdout)["points"]]


def main():
    lib = library_scales()
    scale = {k: round(st.median(v), 2) for k, v in lib.items()}
    out = ["The library call's scales (each measurement; median), per code:"]
    for (t, f), v in lib.items():
        out.append(f"  {t:18} {f:22} " + " ".join(f"{x:.2f}" for x in v) + f"; median {scale[(t, f)]:.2f}")
    out.append("")
    out.append("What the same processes' workloads paid (managed rows, over the run's probe):")
    for run, tag, ws in RUNS[-2:]:
        for t, w in TASKS.items():
            if w in ws and t != "seed-001-overlapped":
                for f, x in paid(run, tag, w, t).items():
                    out.append(f"  {run} {t:18} {f:22} {x:.2f}")
    out.append("")
    out.append("Held out, the run's probe, as the task files stand → with the library's scales:")
    tmp = tempfile.mkdtemp()
    tot = [[], []]
    for run, tag, ws in RUNS:
        m = model_of(run, tmp)
        res = []
        for given in (False, True):
            errs, inside, meds, beyond = [], 0, {}, []
            for t, w in TASKS.items():
                if w not in ws:
                    continue
                f = f"tasks/{t}.json"
                if given:
                    base = t.replace("-overlapped", "")
                    extra = {fld: s for (tt, fld), s in scale.items() if tt == base}
                    f = os.path.join(tmp, f"{run}-{t}.json")
                    json.dump(dict(json.load(open(f"tasks/{t}.json")), **extra), open(f, "w"))
                pe = errors(m, f, [f"{H}/{run}/tasks-{tag}-{w}.csv"])
                e = [abs(x) for _, x in pe]
                errs += e
                inside += sum(p["in_interval"] for p, _ in pe)
                meds[t] = st.median(e)
                beyond += [f"{t}/{p['policy']}/R{p['reuse']:g} {x:+.1f}" for p, x in pe if abs(x) > 5]
            res.append((sum(x > 5 for x in errs), len(errs), st.median(errs), inside, meds, beyond))
            tot[given] += errs
        (b0, n, m0, i0, d0, _), (b1, _, m1, i1, d1, w1) = res
        out.append(f"{run}: beyond 5 % {b0} → {b1} of {n}; median |error| {m0:.2f} → {m1:.2f} %; inside the "
                   f"90 % intervals {i0} → {i1}; workloads within 2.5 % at the median "
                   f"{sum(v <= 2.5 for v in d0.values())} → {sum(v <= 2.5 for v in d1.values())} of {len(d0)}")
        out.append("   per workload: " + ", ".join(f"{t} {d0[t]:.2f} → {d1[t]:.2f}" for t in d0))
        out.append("   beyond, with the scales: " + ("; ".join(w1) or "none"))
    out.append(f"all {len(tot[0])} cells: beyond 5 % {sum(x > 5 for x in tot[0])} → {sum(x > 5 for x in tot[1])}; "
               f"median |error| {st.median(tot[0]):.2f} → {st.median(tot[1]):.2f} %; "
               f"mean |error| {st.mean(tot[0]):.2f} → {st.mean(tot[1]):.2f} %")
    open(os.path.join(HERE, "scales.txt"), "w").write("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    main()
