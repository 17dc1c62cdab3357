#!/usr/bin/env python3
"""Which prefetch makes the advice + prefetch rows' movement lean short further than the plain
prefetch rows' ("Where the managed rows still lean, side by side"): every prefetch step the suite's
workloads timed (`--step-times`, `steps-*-*.csv`), the managed-advise-prefetch row's against the
managed-prefetch row's of the same run, task, buffer, direction and round (round 1, later rounds,
the final access), each as the median over the run's trials; the ratio per run, then its median
over every run from run96 to run137 with step times (15 trials a cell; 9 for the compute-bound
task). Both rows are priced by the same terms, so a ratio away from 1 is the advice. Then each
prefetching row's movement side, predicted less measured over the row's measured total, the median
over the same runs, each on its own calibration with its probe (`validate --task --parts`, as
offline45/resolved.py prices them). A reading, no device.

    python3 calibration/h200/offline45/advised_steps.py UMODEL        (in advised_steps.txt)
"""
import csv, glob, os, re, statistics as st, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import resolved  # noqa: E402  (reads UMODEL from argv)

HERE = os.path.dirname(os.path.abspath(__file__))
H = os.path.normpath(os.path.join(HERE, ".."))


def num(f):
    return int(re.search(r"run(\d+)", f).group(1))


pairs = {}
for f in sorted(glob.glob(os.path.join(H, "run*", "steps-*-*.csv")), key=num):
    if not 96 <= num(f) <= 137:
        continue
    d = {}
    for r in csv.DictReader(open(f)):
        if r["step"] != "prefetch":
            continue
        when = r["round"] if r["round"] in ("1", "final") else "later"
        d.setdefault((r["task"], r["policy"], r["buffer"], r["to"], when), []).append(float(r["ms"]))
    for (task, policy, buf, to, when), v in d.items():
        plain = d.get((task, "managed-prefetch", buf, to, when))
        if policy == "managed-advise-prefetch" and plain:
            pairs.setdefault((task, buf, to, when), []).append((st.median(v), st.median(plain)))

lines = [f"{'task':20} {'buffer':7} {'to':6} {'round':6} runs  advised ms  plain ms  ratio (range)  runs above 1"]
for (task, buf, to, when), v in sorted(pairs.items()):
    r = [a / b for a, b in v]
    lines.append(f"{task:20} {buf:7} {to:6} {when:6} {len(v):4}  {st.median(a for a, _ in v):10.3f}"
                 f"  {st.median(b for _, b in v):8.3f}  {st.median(r):.3f} ({min(r):.2f}-{max(r):.2f})"
                 f"  {sum(x > 1 for x in r)}")

lines += ["", "movement side, predicted less measured, % of the row's measured total (median over runs):"]
lean = {}
for _, model, tables in resolved.past_runs():
    for table, task in tables:
        for p in resolved.points(model, task, table, True):
            if "prefetch" in p["policy"] and p.get("parts"):
                m = p["parts"]["movement"]
                lean.setdefault((task, p["policy"], p["reuse"]), []).append(
                    100 * (m["predicted_ms"] - m["measured_ms"]) / p["measured_ms"])
for (task, policy, reuse), v in sorted(lean.items()):
    lines.append(f"  {task:20} {policy:24} R={reuse:<3g} {len(v):3} runs  {st.median(v):+.2f} %"
                 f"  (short in {sum(x < 0 for x in v)})")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "advised_steps.txt"), "w").write(text)
print(text, end="")
