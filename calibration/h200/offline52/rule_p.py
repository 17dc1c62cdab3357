#!/usr/bin/env python3
"""Rule P, written and committed before it was computed (2026-12-06): price the host's first
update after a prefetch back (`cpu_after_prefetch`) from the calibration's own 64 MiB cell.

Why: the fit prices that term per byte with no fixed part, through its cells at 16 and 64 MiB,
and the step costs more per byte at 64 MiB (H200: 47 ms/GiB at 16 MiB, 80 at 64 over 227
calibrations; H100: 66 and 81 over 50), so at 64 MiB the term sits below its own cell (the cell
over the term 1.18 at the median on the H200, 1.03 on the H100; on calibration/h100/run241 5.51
against 3.66 ms). The migration probe measures that step as the 64 MiB cell does (probe over
cell 1.10 on the H200, 1.05 on the H100, at the median; 1.47 and 1.38 over the term), and
afterprefetch.cu in four orders measured it as the cell did (run241/reading.txt).

Variant P of a calibration: its model as `calibrate` fits it (`fit CSV --price-from-pool` on the
H200; on the H100 `fit CSV`, as `calibrate` fits there since rule N5) with
`cpu_after_prefetch` replaced by the per-byte price of its 64 MiB paired cell (the median over
trials of `cpu_write_prefetched` less `cpu_write_heap` at 64 MiB, over 64 MiB; no fixed part),
everything else kept; calibrations without that cell stay as fitted. Judged on every folder of
the current measurement plan with a minimal calibration and workload tables or programs beside
it (H200 from run188, H100 from run194; found by the script, none left out), each calibration on
its own folder's cells, priced as a user without a probe (the programs given the medians of their
plain phases and thread counts; umodel's workloads `validate --task --final-beside --cpu-beside`
without `--probe`; with a probe the term is the probe's either way):
  P1. H200: P puts no more cells beyond 5 % than the fit, over all of them, and the prefetching
      rows (managed-prefetch, managed-advise-prefetch) have a lower median |error|;
  P2. H100: P puts no more cells beyond 5 % than the fit.
Adopted if P1 and P2 hold: the fit then takes `cpu_after_prefetch` from its largest size's cell
alone, and the embedded models are remade by their recipes with it; else nothing changes.

    python3 calibration/h200/offline52/rule_p.py UMODEL        (in rule_p.txt)
"""
import csv, glob, json, os, re, statistics, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

AT = 64 << 20
FIRST = {"h200": 188, "h100": 194}
PREFETCHING = {"managed-prefetch", "managed-advise-prefetch"}


def cell_at_64(csv_path):
    """The median over trials of cpu_write_prefetched less cpu_write_heap at 64 MiB, paired by
    trial, or None."""
    t = {}
    with open(csv_path) as f:
        for r in csv.DictReader(f):
            if r.get("case") in ("cpu_write_heap", "cpu_write_prefetched") and r.get("check") == "ok" \
                    and int(r["bytes"]) == AT:
                t.setdefault(r["case"], {})[int(r["trial"])] = float(r["time_ms"])
    h, p = t.get("cpu_write_heap", {}), t.get("cpu_write_prefetched", {})
    d = [p[k] - h[k] for k in p if k in h]
    return statistics.median(d) if d else None


def folders(gpu):
    """Every folder under calibration/GPU from the current plan's first run on holding a minimal
    calibration (data-*/models/*.minimal.csv) and workload tables or programs."""
    out = []
    for d in sorted(glob.glob(os.path.join(ROOT, "calibration", gpu, "run*", "**"), recursive=True)):
        m = re.search(r"/run(\d+)", d)
        if not os.path.isdir(d) or not m or int(m.group(1)) < FIRST[gpu]:
            continue
        cals = sorted(glob.glob(os.path.join(d, "data-*", "models", "*.minimal.csv")))
        if cals and (n.tables(d) or n.common.programs_in(d, n.TMP)):
            out.append((d, cals))
    return out


def cells(model, d):
    return n.programs(model, d) + n.workloads(model, n.tables(d))


def main():
    lines = []
    say = lines.append
    verdict = []
    for gpu, name in (("h200", "P1"), ("h100", "P2")):
        a_all, b_all = [], []
        for d, cals in folders(gpu):
            for c in cals:
                a = os.path.join(n.TMP, "a.json")
                # As `calibrate` fits: the prefetch back from the embedded model's pool on the
                # H200; on the H100 its own (rule N5: the `h100` model carries no pool). The first
                # run of this script passed --price-from-pool on both, and every H100 fit was
                # refused (P2 judged no cell); mended after that run, P1's cells unchanged.
                pool = ["--price-from-pool"] if gpu == "h200" else []
                p = subprocess.run([n.UM, "fit", c, "-o", a] + pool, capture_output=True, text=True)
                if p.returncode:
                    say(f"  {os.path.relpath(c, ROOT)}: fit refused: {p.stderr.strip()}")
                    continue
                model = json.load(open(a))
                cell = cell_at_64(c)
                term = model["task_terms"].get("cpu_after_prefetch")
                b = os.path.join(n.TMP, "b.json")
                if cell is not None and cell > 0 and term:
                    before = term["lat_ms"] + term["ms_per_gib"] * AT / 2**30
                    term["lat_ms"], term["ms_per_gib"] = 0.0, cell * 2**30 / AT
                    note = f"term at 64 MiB {before:.3f} -> {cell:.3f} ms"
                else:
                    note = "no 64 MiB cell: kept"
                json.dump(model, open(b, "w"))
                ca, cb = cells(a, d), cells(b, d)
                a_all += ca
                b_all += cb
                (ka, ma, k), (kb, mb, _) = n.count(ca), n.count(cb)
                say(f"  {os.path.relpath(c, ROOT):<72} {note}: {ka} -> {kb} of {k} beyond 5 %, "
                    f"median |error| {ma:.2f} -> {mb:.2f} %")
        (ka, ma, k), (kb, mb, _) = n.count(a_all), n.count(b_all)
        pa = [abs(x[-1]) for x in a_all if x[-2] in PREFETCHING]
        pb = [abs(x[-1]) for x in b_all if x[-2] in PREFETCHING]
        ok = kb <= ka and (gpu == "h100" or n.med(pb) < n.med(pa))
        verdict.append(ok)
        say(f"{name} ({gpu}, {k} cells): as fitted {ka} beyond 5 % (median |error| {ma:.2f} %), P {kb} "
            f"({mb:.2f} %); the prefetching rows' median |error| {n.med(pa):.2f} -> {n.med(pb):.2f} % "
            f"({len(pa)} cells): {'holds' if ok else 'fails'}")
        lines += n.by_policy(a_all, b_all)
        say("")
    say("Rule P " + ("adopted: P1 and P2 hold" if all(verdict) else "not adopted"))
    text = "\n".join(lines) + "\n"
    open(os.path.join(HERE, "rule_p.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
