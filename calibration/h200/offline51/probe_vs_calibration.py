"""Each committed probe file judged as `umodel probe --from FILE -m GPU --json` judges it, and each
figure against the calibrations made in the same run folder (the same VM, minutes apart).

    python3 calibration/h200/offline51/probe_vs_calibration.py UMODEL > probe_vs_calibration.txt

UMODEL: a `umodel` binary with `probe --from`. Reads every `probe*.json` at 64 MiB under
calibration/h100 and calibration/h200 and the `model*.json` beside it; prices a calibration's
term at 64 MiB as `lat_ms + ms_per_gib / 16`, as the task terms price a step (the model files'
own `task_terms`). A reading: it judges nothing.
"""
import glob
import json
import os
import statistics
import subprocess
import sys

umodel = sys.argv[1]
SIZE = 64 << 20


def figures(probe):
    out = {k: v for k, v in probe.items() if isinstance(v, dict) and "ms" in v}
    link = probe.get("link") or {}
    out.update({k: v for k, v in link.items() if isinstance(v, dict) and "ms" in v})
    return out


for gpu in ["h100", "h200"]:
    named, to_model, to_cal, probes = {}, {}, {}, 0
    for f in sorted(glob.glob(f"calibration/{gpu}/**/probe*.json", recursive=True)):
        with open(f) as fh:
            p = json.load(fh)
        if p.get("bytes") != SIZE:
            continue
        probes += 1
        j = json.loads(subprocess.run([umodel, "probe", "--from", f, "-m", gpu, "--json"],
                                      capture_output=True, text=True, check=True).stdout)
        for x in j["figures"]:
            if x["ratio"] is not None:
                to_model.setdefault(x["term"], []).append(x["ratio"])
                named.setdefault(x["term"], 0)
                named[x["term"]] += bool(x["differs"])
        cal = {}
        for mf in glob.glob(os.path.join(os.path.dirname(f), "model*.json")):
            with open(mf) as fh:
                terms = json.load(fh).get("task_terms") or {}
            for t, c in terms.items():
                if isinstance(c, dict) and "ms_per_gib" in c:
                    cal.setdefault(t, []).append(c.get("lat_ms", 0.0) + c["ms_per_gib"] / 16)
        for t, v in figures(p).items():
            for c in cal.get(t, []):
                to_cal.setdefault(t, []).append(v["ms"] / c)
    print(f"{gpu}: {probes} probe files at 64 MiB, each judged against the embedded model `{gpu}`;")
    print("  and each figure over each calibration's price of it in the same folder (pairs)")
    print(f"  {'term':<24} {'probes':>6} {'named':>6}  {'x model (median, range)':<26}"
          f" {'pairs':>5}  {'x calibration (median, range)':<30} {'above 1.1':>9}")
    for t in to_model:
        r, c = to_model[t], to_cal.get(t, [])
        cal_text = (f"{statistics.median(c):.2f} ({min(c):.2f}-{max(c):.2f})" if c else "-")
        print(f"  {t:<24} {len(r):>6} {named[t]:>6}  "
              f"{statistics.median(r):.2f} ({min(r):.2f}-{max(r):.2f}){'':<11} {len(c):>5}  "
              f"{cal_text:<30} {sum(x > 1.1 for x in c):>9}")
    print()
