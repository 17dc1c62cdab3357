"""Rule M2 (rule_m2.md, written before this was computed): a calibration prices its passes over
managed pages kept on the host from its own pinned passes, scaled from a held-out reference.
    python3 calibration/h100/offline53/rule_m2.py UMODEL > calibration/h100/offline53/rule_m2.txt"""
import glob
import json
import os
import statistics as st
import subprocess
import sys
import tempfile

U = sys.argv[1]
REF = {"h100": "models/h100.json", "h200": "calibration/h200/offline48/h200-until-2026-12-05.json"}
LEFT_OUT = {"calibration/h100/run194/run193a", "calibration/h100/run196", "calibration/h100/run198"}
B = 64 << 20


def at(c):
    return c["lat_ms"] + c["ms_per_gib"] * B / 2**30


def rule(model, ref):
    m = json.loads(json.dumps(model))
    t, r = m["task_terms"], ref["task_terms"]
    for x in ("read", "write", "read_write"):
        if all(k in d for d in (t, r) for k in (f"map_{x}", f"managed_map_{x}")):
            k = at(t[f"map_{x}"]) / at(r[f"map_{x}"])
            ref_m = r[f"managed_map_{x}"]
            t[f"managed_map_{x}"] = dict(t[f"managed_map_{x}"], lat_ms=ref_m["lat_ms"] * k,
                                         ms_per_gib=ref_m["ms_per_gib"] * k)
    return m


def priced(model_file, csv):
    out = subprocess.run([U, "validate", "-m", model_file, "--task",
                          "tasks/producer-consumer.json", csv, "--final-beside", "--cpu-beside",
                          "--json"], capture_output=True, text=True, check=True).stdout
    return {(p["policy"], p["reuse"]): p for p in json.loads(out)["points"]}


def err(p):
    return 100 * (p["predicted_ms"] / p["measured_ms"] - 1)


tmp = tempfile.mkdtemp()
moved = {"h100": [], "h200": []}
folders = sorted({os.path.dirname(p) for p in glob.glob("calibration/**/prodcons.csv", recursive=True)})
for d in folders:
    models = sorted(glob.glob(f"{d}/model-minimal-*.json"))
    if not models or d in LEFT_OUT:
        continue
    gpu = d.split("/")[1]
    ref = json.load(open(REF[gpu]))
    for mf in models:
        m2 = os.path.join(tmp, d.replace("/", "_") + os.path.basename(mf))
        json.dump(rule(json.load(open(mf)), ref), open(m2, "w"))
        now, new = priced(mf, f"{d}/prodcons.csv"), priced(m2, f"{d}/prodcons.csv")
        for k in now:
            if abs(now[k]["predicted_ms"] - new[k]["predicted_ms"]) > 1e-9:
                a, b = err(now[k]), err(new[k])
                moved[gpu].append((a, b))
                print(f"{mf:<58} {k[0]:<24} measured {now[k]['measured_ms']:7.2f} ms  now {a:+6.2f} %"
                      f"  rule M2 {b:+6.2f} %")
print()
for gpu, cells in moved.items():
    if not cells:
        print(f"{gpu}: no cell moved")
        continue
    now = [abs(a) for a, _ in cells]
    m2 = [abs(b) for _, b in cells]
    ok = (sum(x > 5 for x in m2) <= sum(x > 5 for x in now), st.median(m2) < st.median(now),
          max(y - x for x, y in zip(now, m2)) <= 2.0)
    print(f"{gpu}: {len(cells)} cells moved; beyond 5 % {sum(x > 5 for x in now)} -> "
          f"{sum(x > 5 for x in m2)}; median |error| {st.median(now):.2f} -> {st.median(m2):.2f} %; "
          f"the largest growth of |error| {max(y - x for x, y in zip(now, m2)):+.2f} points: "
          + ", ".join(f"({i}) {'met' if o else 'not met'}" for i, o in enumerate(ok, 1))
          + f": rule M2 {'passes' if all(ok) else 'does not pass'}")
