#!/usr/bin/env python3
"""An offline what-if, not adopted: the no-op prefetch priced at the median of the calibration's
`seq_noop` samples instead of their mean.

The calibration prices a prefetch of pages already in place (`prefetch_noop`) at the mean of its
24 `prefetch/seq_noop` samples at 16 and 64 MiB, since the workloads' no-ops meet a slow spell now
and then (calibration/h200/run72/steps.txt). At 64 MiB that mean moved 0.10-0.85 ms between the
calibrations of run91-run96 (0 to 10 of the 24 samples slow), while their medians stayed at
0.09-0.19 ms; seed 001's prefetching rows carry 13 no-ops. Here every calibration's model is
written again with `prefetch_noop` through the two sizes' medians, and every paired workload run
(run92, run93, run95 with the final access beside each row; run96 onwards with the CPU phase too)
is validated with both models on its own probe.

python3 calibration/h200/run96/noop.py [UMODEL] from the repository root; output noop.txt beside
this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
TASKS = {"prodcons": ["producer-consumer"], "workload": ["seed-001", "seed-001-overlapped"],
         "partial": ["partial-update"], "compute": ["compute-bound"]}
RUNS = {"run92": ("45", ["--final-beside"]), "run93": ("46", ["--final-beside"]),
        "run95": ("48", ["--final-beside"])}
RUNS.update({r: (t, ["--final-beside", "--cpu-beside"]) for r, t in
             (("run96", "49"), ("run97", "50"), ("run98", "51"), ("run99", "52")) if os.path.isdir(f"{H}/{r}")})


def seq_noop(cal):
    by = {}
    for line in open(cal):
        f = line.split(",")
        if len(f) > 8 and f[2] == "seq_noop" and f[-1].strip() == "ok":
            by.setdefault(int(f[4]), []).append(float(f[8]))
    return by


def main():
    tmp = tempfile.mkdtemp()
    cals = [(r, glob.glob(f"{H}/{r}/data/models/*.minimal.csv")[0]) for r in RUNS]
    cals += [("run91/" + c.split("/")[3], c) for c in sorted(glob.glob(f"{H}/run91/data-*/models/*.minimal.csv"))]
    out = ["prefetch_noop at 64 MiB, ms: the calibration's fit (mean) / the samples' median (slow > 1 ms of 24)"]
    res = {"mean": [], "median": []}
    for label, cal in cals:
        m = os.path.join(tmp, label.replace("/", "-") + ".json")
        subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
        j = json.load(open(m))
        by = seq_noop(cal)
        m16, m64 = st.median(by[16 << 20]), st.median(by[64 << 20])
        rate = max(0.0, (m64 - m16) / (48 / 1024))
        lat = max(0.0, m16 - rate * 16 / 1024)
        old = j["task_terms"]["prefetch_noop"]
        out.append(f"  {label:16} {old['lat_ms'] + old['ms_per_gib'] / 16:.3f} / {lat + rate / 16:.3f} "
                   f"({sum(x > 1 for x in by[64 << 20])} slow)")
        j["task_terms"]["prefetch_noop"].update(lat_ms=lat, ms_per_gib=rate)
        m2 = m.replace(".json", "-median.json")
        json.dump(j, open(m2, "w"))
        for run, (tag, flags) in RUNS.items():
            for w, tasks in TASKS.items():
                path = f"{H}/{run}/tasks-{tag}-{w}.csv"
                if not os.path.exists(path):
                    continue
                for t in tasks:
                    for k, mm in (("mean", m), ("median", m2)):
                        v = json.loads(subprocess.run(
                            [U, "validate", "-m", mm, "--task", f"tasks/{t}.json", path, "--probe", "--json"] + flags,
                            capture_output=True, text=True, check=True).stdout)
                        for p in v["points"]:
                            e = p.get("paired_error_pct")
                            if e is None:
                                e = 100 * (p["predicted_ms"] / p["measured_ms"] - 1)
                            res[k].append((run, t, p["policy"], e))
    out.append("")
    for k, v in res.items():
        e = [abs(x[-1]) for x in v]
        out.append(f"no-op at its {k}: {sum(x > 5 for x in e)} of {len(e)} cells beyond 5 %, median |error| "
                   f"{st.median(e):.2f} %, mean {st.mean(e):.2f} %")
        for pol in ("managed-prefetch", "managed-advise-prefetch"):
            for t in ("seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"):
                ee = [x[-1] for x in v if x[2] == pol and x[1] == t]
                if ee:
                    out.append(f"  {pol:24} {t:20} mean signed {st.mean(ee):+6.2f} %, beyond 5 % "
                               f"{sum(abs(x) > 5 for x in ee)} of {len(ee)}")
    text = "\n".join(out) + "\n"
    open(os.path.join(HERE, "noop.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
