"""run318's reading (plan.md; rule M4, written before any probe timed the migration after one
thread's writes):
    python3 calibration/h100/run318/reading.py UMODEL DIR... > calibration/h100/run318/reading.txt
Each DIR a run of run318.sh (calibration/h100/runN/runN). First each probe's figures beside each
calibration's terms at the probe's size: `fault_in` and `fault_in_scalar_one_thread`. Then rule
M4: each calibration's model as the run wrote it, priced by `validate --final-beside --cpu-beside`
on the run's producer/consumer and seed 001 with the run's first probe, "now" the probe file less
`fault_in_scalar_one_thread` (rule M3′ as adopted), "M4" the file as measured; each moved cell's
signed error against its measured median; judged pooled per GPU and link as plan.md says."""
import glob
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

U, DIRS = sys.argv[1], sys.argv[2:]
FIG = "fault_in_scalar_one_thread"
WORK = [("prodcons", "producer-consumer"), ("workload", "seed-001")]
GIB = 1 << 30


def link(d):
    facts = open(f"{d}/machine.txt").read()
    gpu = "H200" if "H200" in facts else "H100"
    l3 = next((l.split(":")[1].strip() for l in facts.splitlines() if "L3" in l), "?")
    return gpu, l3


def err(p):
    return 100 * (p["predicted_ms"] / p["measured_ms"] - 1)


def priced(model_file, d, work, task, probe_file):
    args = [U, "validate", "-m", model_file, "--task", f"tasks/{task}.json", f"{d}/{work}.csv",
            "--final-beside", "--cpu-beside", "--json", "--probe-from", probe_file]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return {(p["policy"], p["reuse"]): p for p in json.loads(out)["points"]}


def at(term, b):
    return term["lat_ms"] + term["ms_per_gib"] * b / GIB


tmp = tempfile.mkdtemp()
moved = {}
for d in DIRS:
    gpu, l3 = link(d)
    print(f"{d}: {gpu}, host L3 {l3}")
    models = sorted(glob.glob(f"{d}/model-minimal-*.json"))
    for pf in sorted(glob.glob(f"{d}/probe-*.json")):
        p = json.load(open(pf))
        if FIG not in p:
            sys.exit(f"{pf}: no {FIG}")
        b = p["bytes"]
        line = (f"  {os.path.basename(pf)} {b >> 20} MiB: fault_in {p['fault_in']['ms']:.3f} ms "
                f"(± {100 * p['fault_in']['rel_sd']:.0f} %), {FIG} {p[FIG]['ms']:.3f} ms "
                f"(± {100 * p[FIG]['rel_sd']:.0f} %, {p[FIG]['samples']} rounds)")
        for mf in models:
            t = json.load(open(mf))["task_terms"]
            i = mf.rsplit("-", 1)[1].split(".")[0]
            one = f"{at(t[FIG], b):.3f}" if FIG in t else "held"
            line += (f"; calibration {i}: fault_in {at(t['fault_in'], b):.3f}, "
                     f"fault_in_scalar {at(t['fault_in_scalar'], b):.3f}, {FIG} {one}")
        print(line)
    probe = f"{d}/probe-1.json"
    stripped = os.path.join(tmp, f"probe-{len(moved)}-{os.path.basename(d)}.json")
    p = json.load(open(probe))
    del p[FIG]
    json.dump(p, open(stripped, "w"))
    for mf in models:
        i = mf.rsplit("-", 1)[1].split(".")[0]
        for work, task in WORK:
            a, b = priced(mf, d, work, task, stripped), priced(mf, d, work, task, probe)
            for k in a:
                if abs(a[k]["predicted_ms"] - b[k]["predicted_ms"]) > 1e-9:
                    ea, eb = err(a[k]), err(b[k])
                    moved.setdefault((gpu, l3), []).append((ea, eb))
                    print(f"  calibration {i} {task:<18} probe  {k[0]:<24} R={k[1]} measured "
                          f"{a[k]['measured_ms']:7.2f} ms  now {ea:+7.2f} %  rule M4 {eb:+7.2f} %")
print()
if not moved:
    print("no cell moved: rule M4 is not judged on these runs")
pooled = {}
for (gpu, l3), c in sorted(moved.items()):
    pooled.setdefault((gpu, "every link"), []).extend(c)
for (gpu, l3), c in sorted(moved.items()) + (sorted(pooled.items()) if len(moved) > 1 else []):
    now = [abs(a) for a, _ in c]
    m4 = [abs(b) for _, b in c]
    # (3′): only a cell that ends beyond 5 % counts.
    growth = max((y - x for x, y in zip(now, m4) if y > 5), default=0.0)
    ok = (sum(x > 5 for x in m4) <= sum(x > 5 for x in now), st.median(m4) < st.median(now),
          growth <= 2.0)
    where = l3 if l3 == "every link" else f"host L3 {l3}"
    print(f"{gpu}, {where}: {len(c)} cells moved; beyond 5 % {sum(x > 5 for x in now)} -> "
          f"{sum(x > 5 for x in m4)}; median |error| {st.median(now):.2f} -> {st.median(m4):.2f} %; "
          f"the largest growth of |error| ending beyond 5 % {growth:+.2f} points: "
          + ", ".join(f"({n}) {'met' if o else 'not met'}" for n, o in enumerate(ok, 1))
          + f": rule M4 {'passes' if all(ok) else 'does not pass'}")
