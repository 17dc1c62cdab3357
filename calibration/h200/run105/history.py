#!/usr/bin/env python3
"""The producer/consumer's managed GPU faults against the calibration's cell for them.

Per run with a producer/consumer run and a calibration that measured `managed/cold-scalar`
(run72 on): the median over the managed rows' rounds after the first of the `gpu` step
(`steps-*-prodcons.csv`: the kernel `y = x + 1` faulting in 64 MiB of pages the host read back
the round before, `x` resident), against each of the run's calibrations' 64 MiB
`cold-scalar` less `reused-scalar` (paired by trial, median: an in-place pass of one float a
thread over pages the host just filled), and their ratio.

    python3 calibration/h200/run105/history.py     (from the repository root; output history.txt)
    python3 calibration/h200/run105/history.py calibration/h100    (another platform's runs;
                                                                    output history.txt there)
"""
import collections, csv, glob, os, statistics as st, sys

H = sys.argv[1] if len(sys.argv) > 1 else "calibration/h200"
HERE = os.path.dirname(os.path.abspath(__file__)) if len(sys.argv) == 1 else H
out, ratios = [], []
for r in range(70, 200):
    steps = sorted(glob.glob(f"{H}/run{r}/steps-*-prodcons.csv"))
    if not steps:
        continue
    rounds = [float(x["ms"]) for x in csv.DictReader(l for l in open(steps[0]) if not l.startswith("#"))
              if x["policy"] == "managed" and x["step"] == "gpu" and int(x["round"]) >= 2]
    task = st.median(rounds)
    for cal in sorted(glob.glob(f"{H}/run{r}/data*/models/*.minimal*.csv")):
        c = collections.defaultdict(dict)
        for x in csv.DictReader(l for l in open(cal) if not l.startswith("#")):
            if x["group"] == "managed" and x["case"] in ("cold-scalar", "reused-scalar") \
                    and x["bytes"] == str(64 << 20):
                c[x["case"]][x["trial"]] = float(x["time_ms"])
        if not c["cold-scalar"]:
            continue
        cell = st.median([c["cold-scalar"][k] - c["reused-scalar"][k]
                          for k in c["cold-scalar"] if k in c["reused-scalar"]])
        ratios.append(task / cell)
        out.append(f"run{r:<4} {os.path.basename(steps[0]):24s} task {task:5.2f} ms ({len(rounds)} rounds)"
                   f"   {cal.split('/')[3]:8s} cell {cell:5.2f} ms   ratio {task / cell:.2f}")
out.append(f"{len(ratios)} (run, calibration) pairs: ratio median {st.median(ratios):.2f}, "
           f"range {min(ratios):.2f}-{max(ratios):.2f}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "history.txt"), "w").write(text)
print(text, end="")
