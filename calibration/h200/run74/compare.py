#!/usr/bin/env python3
"""Every workload held out on each run's first calibration, fitted by this code (`umodel fit`),
with the run's own probe (`--probe`) and as the model stands: run64, run65 (before duplication
after the fill), run70, run71 (with it and `fault_in_scalar`), run72 (the same, every step timed),
run73 and run74 (with prefetches in a task's sequence: `prefetch_next`, the no-op at its mean;
run74's compute-bound workload cut at 170 s), and for run73 and run74 the same calibration with
its sequence cells left out (`… without seq`): what the cells change on the same data.

python3 calibration/h200/run74/compare.py [UMODEL]   (from the repository root; output
compare.txt beside this file). Per run: cells beyond 5 %, inside the 90 % intervals, median
|error| per workload, the cells beyond; with the probe also the managed rows' sides (predicted
less measured, ms: c CPU, g GPU, m movement) and the mean |movement side| over the prefetching
rows of seed 001 (both variants), the producer/consumer and the compute-bound task at R = 1.
"""
import glob, json, os, shutil, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
TASKS = ["seed-001", "seed-001-overlapped", "partial-update", "compute-bound", "producer-consumer"]
W = ["workload", "prodcons", "compute", "partial"]
RUNS = [("run64", ["tasks-29"], False), ("run65", ["tasks-30"], False), ("run70", ["tasks-31"], False),
        ("run71", ["tasks-32-workload", "tasks-32-prodcons", "tasks-32-compute"], False),
        ("run72", [f"tasks-33-{w}" for w in W], False), ("run73", [f"tasks-34-{w}" for w in W], False),
        ("run73", [f"tasks-34-{w}" for w in W], True), ("run74", [f"tasks-35-{w}" for w in W], False),
        ("run74", [f"tasks-35-{w}" for w in W], True)]


def compare(runs, here):
    """The figures of `runs` [(run, its workload CSVs' stems, without the sequence cells)],
    written to compare.txt in the folder `here` and printed."""
    out = []
    for probe in (["--probe"], []):
        out.append(f"=== {'with the run’s probe' if probe else 'as the model stands'}")
        for run, csv, noseq in runs:
            d = f"calibration/h200/{run}"
            cal = sorted(glob.glob(f"{d}/data/models/*.minimal*.csv") or glob.glob(f"{d}/data-1/models/*.minimal*.csv"))
            ts = [c for c in cal if "Z.csv" in c]
            cal = ts[0] if ts else [c for c in cal if c.endswith("minimal.csv")][0]
            tmp = tempfile.mkdtemp()
            if noseq:
                # The facts go along: they give the GPU's L2, below which random reads are left out.
                kept = os.path.join(tmp, "minimal.csv")
                with open(cal) as f, open(kept, "w") as g:
                    g.writelines(l for l in f if ",seq_" not in l)
                shutil.copy(cal[:-len(".csv")] + ".facts.json", os.path.join(tmp, "minimal.facts.json"))
                cal = kept
            m = os.path.join(tmp, "m.json")
            subprocess.run([U, "fit", cal, "-o", m], capture_output=True, check=True)
            n, beyond, worst, meds, inside, sides, moves = 0, 0, [], [], 0, [], []
            for t in TASKS:
                r = subprocess.run([U, "validate", "-m", m, "--task", f"tasks/{t}.json",
                                    *[f"{d}/{c}.csv" for c in csv], "--json", "--parts", *probe],
                                   capture_output=True, text=True)
                if r.returncode:  # run71: the device time ran out before the partial update
                    meds.append(f"{t} not run")
                    continue
                pts = json.loads(r.stdout)["points"]
                errs = []
                for p in pts:
                    e = 100 * (p["predicted_ms"] - p["measured_ms"]) / p["measured_ms"]
                    errs.append(abs(e)); n += 1; inside += p["in_interval"]
                    if abs(e) > 5:
                        beyond += 1; worst.append(f"{t}/{p['policy']}/R{p['reuse']:g} {e:+.1f}")
                    if p["policy"].startswith("managed") and p["reuse"] == 1 and "parts" in p:
                        sides.append(f"{t[:8]}/{p['policy'][8:] or 'plain'}: " + " ".join(
                            f"{k[0]}{v['predicted_ms'] - v['measured_ms']:+.1f}" for k, v in p["parts"].items()
                            if v["measured_ms"] > 0 or v["predicted_ms"] > 0))
                        mv = [v for k, v in p["parts"].items() if k.startswith("m")]
                        if "prefetch" in p["policy"] and t != "partial-update" and mv:
                            moves.append(abs(mv[0]["predicted_ms"] - mv[0]["measured_ms"]))
                meds.append(f"{t} {st.median(errs):.2f}")
            label = run + (" without seq" if noseq else "")
            out.append(f"{label}: {beyond} of {n} beyond 5 %, {inside} inside the 90 % intervals; median |error|: " + ", ".join(meds))
            out.append("   beyond: " + "; ".join(worst))
            if probe:
                out.append("   managed sides (ms): " + "; ".join(sides))
                out.append(f"   mean |movement side| over {len(moves)} prefetching rows: {st.mean(moves):.2f} ms")
    open(os.path.join(here, "compare.txt"), "w").write("\n".join(out) + "\n")
    print("\n".join(out))


if __name__ == "__main__":
    compare(RUNS, os.path.dirname(os.path.abspath(__file__)))
