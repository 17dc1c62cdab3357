"""The calibration's own cell of the host's first update after a prefetch back against its fitted
term and against the probe: which of the two the probe's higher `cpu_after_prefetch` comes from.

    python3 calibration/h200/offline51/probe_vs_cell.py > calibration/h200/offline51/probe_vs_cell.txt

Reads every committed minimal calibration CSV (`*.minimal.csv`) with the model fitted from it
beside it (`*.json`, as `calibrate` wrote it) under calibration/h100 and calibration/h200: the
cell at 16 and 64 MiB is the median over trials of `cpu_write_prefetched` less `cpu_write_heap`,
paired by trial; the term is the model's `cpu_after_prefetch` priced at 64 MiB. Then each probe
file at 64 MiB against each such calibration in its folder (the same VM, minutes apart). A
reading: it judges nothing.
"""
import csv
import glob
import json
import os
import statistics as st

AT = 64 << 20


def cells(path):
    t = {}
    with open(path) as f:
        for r in csv.DictReader(f):
            if r.get("case") in ("cpu_write_heap", "cpu_write_prefetched") and r.get("check") == "ok":
                t.setdefault((r["case"], int(r["bytes"])), {})[int(r["trial"])] = float(r["time_ms"])
    out = {}
    for b in (16 << 20, AT):
        h, p = t.get(("cpu_write_heap", b), {}), t.get(("cpu_write_prefetched", b), {})
        d = [p[k] - h[k] for k in p if k in h]
        if d:
            out[b] = st.median(d)
    return out


def term_at_64(model_path):
    with open(model_path) as f:
        t = (json.load(f).get("task_terms") or {}).get("cpu_after_prefetch")
    return t["lat_ms"] + t["ms_per_gib"] * AT / 2**30 if t else None


def summary(xs):
    return f"median {st.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})"


for gpu in ["h100", "h200"]:
    cal = {}  # folder -> [(cell at 64 MiB, term at 64 MiB)]
    per_cal = []
    for c in sorted(glob.glob(f"calibration/{gpu}/**/*.minimal.csv", recursive=True)):
        m = c[: -len(".minimal.csv")] + ".json"
        if not os.path.exists(m):
            continue
        term, cell = term_at_64(m), cells(c)
        if term is None or len(cell) < 2:
            continue
        per_cal.append((cell[16 << 20] * 64, cell[AT] * 16, cell[AT] / term))
        # The folder the probes of this VM sit in: the calibration's data folder's parent.
        folder = os.path.dirname(os.path.dirname(os.path.dirname(c)))
        cal.setdefault(folder, []).append((cell[AT], term))
    print(f"{gpu}: {len(per_cal)} calibrations with the cell at 16 and 64 MiB and their model")
    print(f"  ms/GiB from the 16 MiB cell {summary([x[0] for x in per_cal])}")
    print(f"  ms/GiB from the 64 MiB cell {summary([x[1] for x in per_cal])}")
    print(f"  64 MiB cell over the term at 64 MiB {summary([x[2] for x in per_cal])}, "
          f"above 1.1 in {sum(x[2] > 1.1 for x in per_cal)}")
    over_cell, over_term, each = [], [], []
    for folder, cs in cal.items():
        probes = []
        for pf in sorted(glob.glob(os.path.join(folder, "probe*.json"))):
            with open(pf) as f:
                p = json.load(f)
            if p.get("bytes") != AT or "cpu_after_prefetch" not in p:
                continue
            probes.append(p["cpu_after_prefetch"]["ms"])
            for cell, term in cs:
                over_cell.append(p["cpu_after_prefetch"]["ms"] / cell)
                over_term.append(p["cpu_after_prefetch"]["ms"] / term)
        if probes:
            each.append(f"    {folder}: probes {', '.join(f'{x:.2f}' for x in probes)} ms; cells "
                        f"{', '.join(f'{c:.2f}' for c, _ in cs)}; terms {', '.join(f'{t:.2f}' for _, t in cs)}")
    if over_cell:
        print(f"  {len(over_cell)} (probe, calibration) pairs in one folder: probe over the 64 MiB cell "
              f"{summary(over_cell)}; probe over the term {summary(over_term)}")
    if gpu == "h100":
        print("  each folder (ms at 64 MiB):")
        print("\n".join(each))
    print()
