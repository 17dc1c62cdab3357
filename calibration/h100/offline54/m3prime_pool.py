"""Rule M3′'s verdict (calibration/h100/run315/plan.md: pooled per GPU over the runs from run315
on) with the runs made since it was adopted (run318, run319) in the pool:
    python3 calibration/h100/offline54/m3prime_pool.py UMODEL > calibration/h100/offline54/m3prime_pool.txt
As calibration/h100/run315/reading.py, but a model that has `fault_in_scalar_one_thread` already
(written by the build that adopted M3′) is "M3′" as written and "now" without the term. Priced
from the terms and with the run's first probe, whose migration after one thread's writes (run318
on) prices nothing (Probe::prices)."""
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

from m3prime import WORK, l3, models

U = sys.argv[1]
RUNS = [f"calibration/h100/run{n}/run{n}" for n in range(315, 320)]


def priced(model, d, work, task, probe):
    args = [U, "validate", "-m", model, "--task", f"tasks/{task}.json", f"{d}/{work}.csv",
            "--final-beside", "--cpu-beside", "--json"]
    if probe:
        args += ["--probe-from", f"{d}/probe-1.json"]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return {(p["policy"], p["reuse"]): p for p in json.loads(out)["points"]}


def err(p):
    return 100 * (p["predicted_ms"] / p["measured_ms"] - 1)


tmp = tempfile.mkdtemp()
moved = {}
for d in RUNS:
    where = f"host L3 {l3(d)}"
    for i, now, m in models(U, d, tmp):
        fa, fb = (os.path.join(tmp, f"{os.path.basename(d)}-{i}-{n}.json") for n in ("now", "m3"))
        json.dump(now, open(fa, "w"))
        json.dump(m, open(fb, "w"))
        for work, task in WORK:
            for probe in (False, True):
                a, b = priced(fa, d, work, task, probe), priced(fb, d, work, task, probe)
                for k in a:
                    if abs(a[k]["predicted_ms"] - b[k]["predicted_ms"]) > 1e-9:
                        moved.setdefault(where, []).append((os.path.basename(d), err(a[k]),
                                                            err(b[k])))
                        print(f"  {os.path.basename(d)} calibration {i} {task:<18} "
                              f"{'probe' if probe else 'terms'} {k[0]:<24} now {err(a[k]):+7.2f} % "
                              f" rule M3′ {err(b[k]):+7.2f} %")
print()
pools = sorted(moved.items()) + [("every link", [c for v in moved.values() for c in v])]
for where, c in pools:
    now = [abs(a) for _, a, _ in c]
    m3 = [abs(b) for _, _, b in c]
    growth = max((y - x for x, y in zip(now, m3) if y > 5), default=0.0)
    ok = (sum(x > 5 for x in m3) <= sum(x > 5 for x in now), st.median(m3) < st.median(now),
          growth <= 2.0)
    runs = sorted({r for r, _, _ in c})
    print(f"H100, {where} ({', '.join(runs)}): {len(c)} cells moved; beyond 5 % "
          f"{sum(x > 5 for x in now)} -> {sum(x > 5 for x in m3)}; median |error| "
          f"{st.median(now):.2f} -> {st.median(m3):.2f} %; the largest growth of |error| ending "
          f"beyond 5 % {growth:+.2f} points: "
          + ", ".join(f"({n}) {'met' if o else 'not met'}" for n, o in enumerate(ok, 1))
          + f": rule M3′ {'passes' if all(ok) else 'does not pass'}")
