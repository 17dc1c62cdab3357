#!/usr/bin/env python3
"""A reading after rule N4 (judging nothing): what pricing the prefetch back from the `h100`
model's pool (rule N) does to the calibrations of run195's VM, whose programs ran between them.
N4 was judged on run112's calibration, which the pool does not hold, and changed nothing there.
run195's two calibrations are in the pool, so this is not held out; run196/readings.py (rule N5,
written before its call) judges it on a fresh VM.

Each H100 calibration's prefetch back at 64 MiB as the current build fits it (no pool), then
run195's programs (offline40/common.py `programs_in`) on its two calibrations fitted without the
pool (as `calibrate` did before N) and with it (`fit --price-from-pool`, as it does since): the
median signed error per policy and the cells beyond 5 %.

The pool is rule N's, which `models/h100.json` carried until rule N5 took it out (kept as
offline47/h100-rule-n-pooled.json); `--price-from-pool` prices from the pool UMODEL embeds, so
UMODEL is a build of that model (devbin/r196, the build of 5fcce3a).

    python3 calibration/h100/offline46/pool_run195.py UMODEL        (in pool_run195.txt)
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

CALS = ["run110/data", "run111/data", "run112/data"] + n.CAL["run194"] + n.CAL["run195"]
lines = []
say = lines.append
say("prefetch_to_host at 64 MiB, each H100 calibration fitted by UMODEL without a pool:")
for c in CALS:
    m = os.path.join(n.TMP, "one.json")
    n.run([n.UM, "fit", n.minimal(c), "-o", m])
    t = json.load(open(m))["task_terms"]["prefetch_to_host"]
    say(f"  {c:<24} {t['lat_ms'] + t['ms_per_gib'] / 16:6.3f} ms")
POOLED = os.path.join(n.H, "offline47", "h100-rule-n-pooled.json")
pool = json.load(open(POOLED))["task_terms"]["pools"][0]
say(f"  the pool (rule N's model): {pool['cost']['lat_ms'] + pool['cost']['ms_per_gib'] / 16:.3f} ms "
    f"over {pool['calibrations']} calibrations")
d = os.path.join(n.H, "run195")
for c in n.CAL["run195"]:
    say(f"\nrun195's programs on {c}:")
    for label, extra in (("without the pool", []), ("with the pool", ["--price-from-pool"])):
        m = os.path.join(n.TMP, "cal.json")
        n.run([n.UM, "fit", n.minimal(c), "-o", m] + extra)
        cells = n.programs(m, d)
        byp = {}
        for _, pol, e in cells:
            byp.setdefault(pol, []).append(e)
        b, med, k = n.count(cells)
        say(f"  {label:<17} {b} of {k} beyond 5 %, median |error| {med:.2f} %; median signed: " +
            ", ".join(f"{p} {n.med(v):+.1f}" for p, v in byp.items()))
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "pool_run195.txt"), "w").write(text)
print(text, end="")
