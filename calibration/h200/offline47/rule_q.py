#!/usr/bin/env python3
"""Rule Q, written and committed before it was computed (2026-12-05, after rule N5 failed on two
fresh H100 VMs, calibration/h100/run196 and run198): does pricing a calibration's prefetch back
from the `h200` model's pool (`calibrate` on an H200 does, since 2026-12-03: NOTES.md, "The
prefetch back, priced from a pool") help on the H200's fresh VMs measured since? None of them
is in the pool (run77-run124).

On each fresh VM of the current plan with workloads or programs (run188, run190, run191, run193,
run197), each of its minimal calibrations refitted by UMODEL without the pool (`fit CSV`) and
with it (`fit CSV --price-from-pool`, as `calibrate` fits), priced as rule N5 priced the H100's:
the programs written without umodel's code (given the medians of their plain phases and thread
counts) and umodel's workloads with the run's probe (paired with the passes beside each row),
every VM's cells together:

  Q. with the pool, no more cells beyond 5 % than without.
If Q fails, `models/h200.json` is made without its pool (offline41/make_embedded.sh without
`--pool-from` and `--price-from-pool`), so that `calibrate` on an H200 keeps its own prefetch
back, as on the H100 since rule N5; if it holds, nothing changes. Beside it, judging nothing: the
same per VM, and the workloads from the terms alone.

    python3 calibration/h200/offline47/rule_q.py UMODEL        (in rule_q.txt)
"""
import glob, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

H2 = os.path.join(ROOT, "calibration", "h200")
VMS = {"run188": [""], "run190": [""], "run191": [""], "run193": ["run193a", "run193b"],
       "run197": ["run197a", "run197b"]}


def main():
    lines = []
    say = lines.append
    total = {}
    for vm, parts in VMS.items():
        dirs = [os.path.join(H2, vm, p) for p in parts]
        cals = sorted(c for d in dirs for c in glob.glob(os.path.join(d, "data-*", "models", "*.minimal.csv")))
        for c in cals:
            for label, extra in (("without the pool", []), ("with the pool", ["--price-from-pool"])):
                m = os.path.join(n.TMP, "q.json")
                p = subprocess.run([n.UM, "fit", c, "-o", m] + extra, capture_output=True, text=True)
                if p.returncode:
                    say(f"  {os.path.relpath(c, H2)} {label}: fit refused: {p.stderr.strip()}")
                    continue
                judged = [x for d in dirs for x in n.programs(m, d) + n.workloads(m, n.tables(d), True)]
                alone = [x for d in dirs for x in n.workloads(m, n.tables(d))]
                total.setdefault(label, []).extend(judged)
                k, med, cnt = n.count(judged)
                ka, meda, cnta = n.count(alone)
                say(f"  {os.path.relpath(c, H2):<58} {label:<17} {k:>3} of {cnt:<3} beyond 5 % "
                    f"(median |error| {med:5.2f} %); beside: the workloads from the terms alone "
                    f"{ka} of {cnta} ({meda:.2f} %)")
    a, b = n.count(total["without the pool"]), n.count(total["with the pool"])
    say(f"Q {'holds' if b[0] <= a[0] else 'fails'}: {b[0]} of {b[2]} beyond 5 % with the pool "
        f"(median |error| {b[1]:.2f} %), {a[0]} of {a[2]} without ({a[1]:.2f} %)")
    say("   " + "\n   ".join(n.by_policy(total["without the pool"], total["with the pool"])))
    text = "\n".join(lines) + "\n"
    open(os.path.join(HERE, "rule_q.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
