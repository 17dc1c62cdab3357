"""Rule M (rule_m.md, written before this was computed): price a probe's passes over managed
pages kept on the host from its passes over pinned memory. Each folder's seed 001 and/or
producer/consumer priced by the embedded h100 model with probe-1.json as it is and as the rule
would have it; the judged folders' moved cells against the rule's three conditions.
    python3 calibration/h100/offline53/rule_m.py UMODEL > calibration/h100/offline53/rule_m.txt
    python3 calibration/h100/offline53/rule_m.py UMODEL RUN...   (later VMs, judged alone)
UMODEL must price a probe as before the rule (devbin/r255's build, main at 0a651fd): "now" is
its pricing of the probe file as it is."""
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

U = sys.argv[1]
JUDGED = sys.argv[2:] or ["run226", "run227", "run232"]
IN_SAMPLE = [] if sys.argv[2:] else ["run272"]
TASKS = [("seed-001", "workload.csv"), ("producer-consumer", "prodcons.csv")]
emb = json.load(open("models/h100.json"))["task_terms"]


def at(term, b):
    c = emb[term]
    return c["lat_ms"] + c["ms_per_gib"] * b / 2**30


def rule_m(probe):
    p = json.loads(json.dumps(probe))
    link = p["link"]
    b = link["bytes"]
    for x in ("read", "write", "read_write"):
        pinned = link[f"map_{x}"]
        link[f"managed_map_{x}"] = {
            "ms": at(f"managed_map_{x}", b) * pinned["ms"] / at(f"map_{x}", b),
            "rel_sd": pinned["rel_sd"], "samples": pinned["samples"]}
    return p


def priced(task, csv, probe_file):
    out = subprocess.run([U, "validate", "-m", "h100", "--probe-from", probe_file, "--task",
                          f"tasks/{task}.json", csv, "--final-beside", "--cpu-beside", "--json"],
                         capture_output=True, text=True, check=True).stdout
    return {(p["policy"], p["reuse"]): p for p in json.loads(out)["points"]}


def err(p):
    return 100 * (p["predicted_ms"] / p["measured_ms"] - 1)


tmp = tempfile.mkdtemp()
moved = {}
for run in JUDGED + IN_SAMPLE:
    d = f"calibration/h100/{run}/{run}"
    probe = json.load(open(f"{d}/probe-1.json"))
    m_file = os.path.join(tmp, f"{run}-rule-m.json")
    json.dump(rule_m(probe), open(m_file, "w"))
    lk = probe["link"]
    print(f"{run}{' (in sample)' if run in IN_SAMPLE else ''}: probe-1's managed passes "
          + ", ".join(f"{x} {lk[f'managed_map_{x}']['ms']:.3f} -> "
                      f"{rule_m(probe)['link'][f'managed_map_{x}']['ms']:.3f} ms"
                      for x in ("read", "write", "read_write")))
    for task, csv in TASKS:
        if not os.path.exists(f"{d}/{csv}"):
            continue
        now, m = priced(task, f"{d}/{csv}", f"{d}/probe-1.json"), priced(task, f"{d}/{csv}", m_file)
        for k in now:
            a, b = err(now[k]), err(m[k])
            changed = abs(now[k]["predicted_ms"] - m[k]["predicted_ms"]) > 1e-9
            print(f"  {task:<18} {k[0]:<24} R={k[1]:g}  measured {now[k]['measured_ms']:8.2f} ms"
                  f"  now {a:+6.2f} %  rule M {b:+6.2f} %{'' if changed else '  (not moved)'}")
            if changed:
                moved.setdefault(run, []).append((a, b))
    print()


def summary(cells):
    now = [abs(a) for a, _ in cells]
    m = [abs(b) for _, b in cells]
    return (sum(x > 5 for x in now), sum(x > 5 for x in m), st.median(now), st.median(m),
            max(y - x for x, y in zip(now, m)))


for name, runs in (("judged", JUDGED), ("in sample", IN_SAMPLE)):
    cells = [c for r in runs for c in moved.get(r, [])]
    if not cells:
        print(f"{name}: no cell moved")
        continue
    b_now, b_m, med_now, med_m, grow = summary(cells)
    print(f"{name} ({', '.join(runs)}): {len(cells)} cells moved; beyond 5 % {b_now} -> {b_m}; "
          f"median |error| {med_now:.2f} -> {med_m:.2f} %; the largest growth of |error| {grow:+.2f} points")
    if name == "judged":
        ok = (b_m <= b_now, med_m < med_now, grow <= 2.0)
        print(f"  (1) {'met' if ok[0] else 'not met'}, (2) {'met' if ok[1] else 'not met'}, "
              f"(3) {'met' if ok[2] else 'not met'}: rule M {'passes' if all(ok) else 'does not pass'}")
