#!/usr/bin/env python3
"""run80, run81 and run83 held out as run78/scaled.py computes it: each workload on the run's first
calibration with the run's probe, as the task files stand and with seed 001's and the
compute-bound task's final checks' own fault-back given (`cpu_final_fault_scale`), here the median
of the ratios of every process of run72–run79 (calibration/h200/run77/final_ratio.py), none of
them these runs'. Then these runs' own ratios, for the record.

python3 calibration/h200/run80/scaled.py [UMODEL] from the repository root; output scaled.txt
beside this file.
"""
import os, statistics as st, sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "run77"))
sys.path.insert(0, os.path.join(here, "..", "run78"))
from final_ratio import ratios, table  # noqa: E402
from scaled import scaled  # noqa: E402

earlier = table()
scales = {t: round(st.median(r["final"] for (k, _), r in earlier.items() if k == t), 2)
          for t in ("seed-001", "compute-bound")}
RUNS = [("run80", "data-1", "40"), ("run81", "data-1", "41"), ("run83", "data", "42")]
count = {t: sum(k == t for k, _ in earlier) for t in scales}
out = ["scales, the median of the final checks' ratios in the processes of run72–run79: " +
       ", ".join(f"{t} {s} (of {count[t]})" for t, s in scales.items())]
out += scaled(RUNS, lambda task, proc: scales[task])
out.append("these runs' own ratios (probe fault-back ms, rounds, final):")
for run, _, tag in RUNS:
    for w, task, final in [("workload", "seed-001", True), ("compute", "compute-bound", True),
                           ("prodcons", "producer-consumer", False)]:
        if os.path.exists(f"calibration/h200/{run}/tasks-{tag}-{w}.csv"):
            r = ratios(run, f"tasks-{tag}-{{}}.csv", f"steps-{tag}-{{}}.csv", w, task, final)
            out.append(f"  {run} {task:18} {r['probe']:6.2f} {r['rounds']:6.2f}"
                       + (f" {r['final']:6.2f}" if final else ""))
open(os.path.join(here, "scaled.txt"), "w").write("\n".join(out) + "\n")
print("\n".join(out))
