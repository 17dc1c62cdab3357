#!/usr/bin/env python3
"""Seed 001 held out on run76's two calibrations (each with its own workload run, another process),
fitted by the code that ran them (`umodel fit`): with the run's probe and as the model stands,
with the CPU's read of pages the GPU's random reads migrated (`cpu_fault_back_random`) and with
that cell left out (`… without the cell`: those pages priced at `cpu_fault_back`). Then, per
calibration, the two fault-back cells at 64 MiB (paired trial by trial against the heap read),
and each round's CPU phase under managed as the workload timed it (`steps-36-N.csv`, median of
15) beside what the calibration prices (`predict --task --explain`, no probe), as
run74/cpu_rounds.py has it.

python3 calibration/h200/run76/compare.py [UMODEL] from the repository root; output compare.txt
beside this file. compare.txt was written by a build of commit 68cad84, the only one with the
term: a later build prices those pages at `cpu_fault_back` either way, so its two ways agree.
"""
import collections, csv, glob, json, os, shutil, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
D = "calibration/h200/run76"
out = []


def model(i, without):
    cal = glob.glob(f"{D}/data-{i}/models/*.minimal.csv")[0]
    tmp = tempfile.mkdtemp()
    if without:
        kept = os.path.join(tmp, "minimal.csv")
        with open(cal) as f, open(kept, "w") as g:
            g.writelines(l for l in f if ",cpu_read_random_migrated," not in l)
        shutil.copy(cal[:-len(".csv")] + ".facts.json", os.path.join(tmp, "minimal.facts.json"))
        cal = kept
    m = os.path.join(tmp, "m.json")
    subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
    return m


for probe in (["--probe"], []):
    out.append(f"=== {'with the run’s probe' if probe else 'as the model stands'}")
    for i in (1, 2):
        for without in (False, True):
            m = model(i, without)
            errs, rows = [], []
            for t in ("seed-001", "seed-001-overlapped"):
                r = subprocess.run([U, "validate", "-m", m, "--task", f"tasks/{t}.json",
                                    f"{D}/tasks-36-{i}.csv", "--json", "--parts", *probe],
                                   capture_output=True, text=True, check=True)
                for p in json.loads(r.stdout)["points"]:
                    e = 100 * (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"]
                    errs.append(abs(e))
                    c = p.get("parts", {}).get("cpu")
                    side = f" c{c['predicted_ms'] - c['measured_ms']:+.1f}" if c and p["policy"].startswith("managed") else ""
                    rows.append(f"{t[9:] or 'seed'}/{p['policy']} {p['predicted_ms']:.1f}/{p['measured_ms']:.1f} {e:+.1f}{side}")
            label = f"calibration {i}" + (" without the cell" if without else "")
            out.append(f"{label}: median |error| {st.median(errs):.2f} %, {sum(e > 5 for e in errs)} of {len(errs)} beyond 5 %")
            out.append("   " + "; ".join(rows))
out.append("=== the fault-back cells at 64 MiB, less the heap read of the same trial (ms)")
for i in (1, 2):
    cal = glob.glob(f"{D}/data-{i}/models/*.minimal.csv")[0]
    d = collections.defaultdict(dict)
    for r in csv.DictReader(l for l in open(cal) if not l.startswith("#")):
        if r["group"] == "managed" and r["bytes"] == str(64 << 20):
            d[r["case"]][r["trial"]] = float(r["time_ms"])
    h = d["cpu_read_heap"]
    for c in ("cpu_read_random_migrated", "cpu_read_migrated"):
        out.append(f"calibration {i} {c}: " + ", ".join(f"{d[c][t] - h[t]:.2f}" for t in sorted(d[c])))
out.append("=== seed 001's CPU phases under managed, measured/priced (ms; no probe)")
for i in (1, 2):
    for without in (False, True):
        m = model(i, without)
        rows = list(csv.DictReader(l for l in open(f"{D}/tasks-36-{i}.csv") if not l.startswith("#")))
        plain = st.median(float(r["time_ms"]) for r in rows if r["case"] == "seed-001:plain_cpu")
        fin = st.median(float(r["time_ms"]) for r in rows if r["case"] == "seed-001:plain_final")
        by = collections.defaultdict(list)
        for r in csv.DictReader(open(f"{D}/steps-36-{i}.csv")):
            if r["task"] == "seed-001" and r["policy"] == "managed" and r["step"] in ("cpu", "cpu_final"):
                by[r["round"]].append(float(r["ms"]))
        p = subprocess.run([U, "predict", "-m", m, "--task", "tasks/seed-001.json", "--policy", "managed",
                            "--cpu-ms", str(plain), "--cpu-final-ms", str(fin), "--explain", "--json"],
                           capture_output=True, text=True, check=True)
        priced = collections.defaultdict(float)
        for e in json.loads(p.stdout)["explain"]:
            if e["kind"] in ("cpu", "cpu_faults"):
                priced["final" if e["round"] is None else str(e["round"])] += e["ms"]
        out.append(f"calibration {i}{' without the cell' if without else ''} (plain {plain:.2f}, final {fin:.2f}): " + "  ".join(
            f"r{k} {st.median(by[k]):.1f}/{priced[k]:.1f}" for k in sorted(by, key=lambda k: (k == "final", k))))
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "compare.txt"), "w").write("\n".join(out) + "\n")
print("\n".join(out))
