#!/usr/bin/env python3
"""Rule N4, written after rule N was adopted (rule_n.txt) and before its side effect was computed
(2026-12-05). Recipe N gives the `h100` model a pool of the prefetch back (run110, run111 and the
five current-plan calibrations), as the `h200` model has one. `calibrate` (and `fit
--price-from-pool`) on an H100 then prices a calibration's prefetch back from that pool, as on the
H200, where before, with no pool, it kept its own. Rule N judged the embedded model's prices, not
this. Judged on the one H100 calibration the pool does not hold, run112's, refitted as `calibrate`
fits it (`fit --price-from-pool`) by the build before N (UMODEL_OLD: no pool) and by the build with
N's model embedded (UMODEL_NEW), on run112's workloads as its own calibration prices them (the
run's probe, `--final-beside --cpu-beside`, every cell's paired error):

  N4. no more cells beyond 5 % with the pool, and a median |error| no higher.
If N4 fails, the pool is left out of the shipped model (the recipe without `--pool-from` and
`--price-from-pool`) and N1-N3 are recomputed for that model and recorded as a reading.

    python3 calibration/h100/offline46/rule_n4.py UMODEL_OLD UMODEL_NEW      (in rule_n4.txt)
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rule_n as n  # noqa: E402  (its UMODEL is UMODEL_OLD; every call here names its build)

OLD, NEW = sys.argv[1], sys.argv[2]
run, med = n.run, n.med


def cells(um, tag):
    model = os.path.join(n.TMP, f"{tag}.json")
    fit = [um, "fit", n.minimal("run112/data"), "-o", model]
    # `fit --price-from-pool` refuses a GPU whose embedded model has no pool, where `calibrate`
    # keeps the fit as it is (store::price_from_embedded_pools): the build before N fits plainly.
    p = subprocess.run(fit + ["--price-from-pool"], capture_output=True, text=True)
    if p.returncode:
        if "carries a pool" not in p.stderr:
            sys.exit(p.stderr.strip())
        run(fit)
    pooled = "priced_from_pool" in json.load(open(model))["task_terms"]
    tables = [(os.path.join(n.H, "run112", f"tasks-64-{g}.csv"), g) for g in n.GROUPS]
    return n.workloads(model, tables, True, um), pooled


(a, pa), (b, pb) = cells(OLD, "old"), cells(NEW, "new")
lines = []
for label, c, pooled in (("before N (no pool)", a, pa), ("with N's model embedded", b, pb)):
    ab = [abs(x[-1]) for x in c]
    lines.append(f"run112's calibration refitted {label}: priced from a pool: {pooled}; {len(ab)} cells, "
                 f"{sum(x > 5 for x in ab)} beyond 5 %, median |error| {med(ab):.2f} %")
for (t, p, e0), (_, _, e1) in zip(a, b):
    if abs(e0 - e1) > 0.005:
        lines.append(f"   {t:<20} {p:<24} {e0:+7.2f} -> {e1:+7.2f} %")
ba, bb = sum(abs(x[-1]) > 5 for x in a), sum(abs(x[-1]) > 5 for x in b)
ok = bb <= ba and med([abs(x[-1]) for x in b]) <= med([abs(x[-1]) for x in a])
lines.append("Rule N4 " + ("holds: the pool stays in the shipped model" if ok else "fails: the pool is left out"))
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "rule_n4.txt"), "w").write(text)
print(text, end="")
