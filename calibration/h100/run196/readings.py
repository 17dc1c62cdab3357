#!/usr/bin/env python3
"""run196's reading, written before the call (2026-12-05): rule N on a fresh H100 VM none of its
calibrations came from. Rule N (calibration/h100/offline46/rule_n.txt) remade the embedded `h100`
model's task terms from the five current-plan calibrations of run194 and run195; here its
confirmation, priced as a user with no calibration is (no probe), against the model until then
(offline46/h100-until-2026-12-05.json), on run196's programs (given the medians of their plain
phases and thread counts, offline40/common.py `programs_in`) and umodel's workloads (4 trials a
cell, `validate --task --final-beside --cpu-beside`, every cell's paired error):

  R1. the programs: the shipped model (models/h100.json) puts no more cells beyond 5 % than the
      model until N;
  R2. the workloads: the same.
"N held on a fresh VM" if both hold; if not, NOTES say which failed (the rule stays adopted: one
VM is recorded, not a reason to revert).

Rule N5, added before the call once offline46/pool_run195.txt showed (post hoc, in sample) that
pricing run195's calibrations' prefetch back from the new model's pool took its programs'
prefetching rows from -13 and -2 % to -24 and -23 % signed: `calibrate` on an H100 prices from the
pool since rule N (rule N4 changed nothing on run112's calibration). Here the VM's two
calibrations, each refitted by UMODEL without the pool (as `calibrate` fitted before N) and with
it (`fit --price-from-pool`, as it fits since), on the programs and on the workloads with the
run's probe (as a user's own calibration prices them), both calibrations' cells together:

  N5. with the pool, no more cells beyond 5 % than without, programs and workloads together.
If N5 fails, the shipped model is made without the pool (make_embedded_h100.sh without
`--pool-from` and `--price-from-pool`), so that `calibrate` on an H100 keeps its own prefetch
back, and N1-N3 are recomputed for that model and recorded as a reading. Beside them, judging nothing: the same cells on the VM's
own two calibrations as `calibrate` wrote them (model-minimal-1.json, -2.json; the workloads also
with the run's probe), and the calibrations' walls.

    python3 calibration/h100/run196/readings.py UMODEL        (in readings.txt)
    python3 calibration/h100/run196/readings.py UMODEL DIR    (a dry run on another run's files)
"""
import glob, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

DATA = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else HERE
BEFORE = os.path.join(ROOT, "calibration", "h100", "offline46", "h100-until-2026-12-05.json")
# The shipped model when the reading was made; a later reading of the same files names the file it
# had then (SHIPPED=..., calibration/h100/README.md says which).
SHIPPED = os.environ.get("SHIPPED", os.path.join(ROOT, "models", "h100.json"))


def workloads(model, probe=False):
    return n.workloads(model, n.tables(DATA), probe)


def main():
    lines = []
    say = lines.append
    say(f"{os.path.basename(DATA)} ({os.path.relpath(DATA, ROOT)}): rule N on a fresh H100 VM, from the terms alone")
    verdict = []
    for rule, what, cells_of in (("R1", "the programs", lambda m: n.programs(m, DATA)),
                                 ("R2", "the workloads (paired)", workloads)):
        a, b = cells_of(BEFORE), cells_of(SHIPPED)
        say(f"{rule} {what}")
        say(n.line("the model until rule N", a))
        say(n.line("the shipped model (rule N)", b))
        ok = n.count(b)[0] <= n.count(a)[0]
        verdict.append(ok)
        say(f"   {'holds' if ok else 'fails'} (no more beyond 5 %)")
        lines += n.by_policy(a, b)
    say("N " + ("held on a fresh VM (R1, R2)" if all(verdict) else "did not hold on this VM: " +
                ", ".join(r for r, ok in zip(("R1", "R2"), verdict) if not ok)))
    say("\nN5: the VM's calibrations refitted without and with the pool (programs; workloads with the probe)")
    totals = {}
    for i in (1, 2):
        csvs = [c for c in glob.glob(os.path.join(DATA, f"data-{i}", "models", "*.minimal.csv"))]
        if not csvs:
            continue
        for label, extra in (("without the pool", []), ("with the pool", ["--price-from-pool"])):
            m = os.path.join(n.TMP, f"n5-{i}-{len(extra)}.json")
            p = subprocess.run([n.UM, "fit", csvs[0], "-o", m] + extra, capture_output=True, text=True)
            if p.returncode:
                say(f"  calibration {i} {label}: fit refused: {p.stderr.strip()}")
                continue
            cells = n.programs(m, DATA) + workloads(m, True)
            totals.setdefault(label, []).extend(cells)
            say(n.line(f"calibration {i} {label}", cells))
    if len(totals) == 2:
        a, b = n.count(totals["without the pool"]), n.count(totals["with the pool"])
        say(f"N5 {'holds' if b[0] <= a[0] else 'fails'}: {b[0]} of {b[2]} beyond 5 % with the pool, "
            f"{a[0]} of {a[2]} without")
    say("\nBeside it, judging nothing: the VM's own calibrations as `calibrate` wrote them")
    for i in (1, 2):
        m = os.path.join(DATA, f"model-minimal-{i}.json")
        if not os.path.exists(m):
            continue
        say(n.line(f"calibration {i}: the programs", n.programs(m, DATA)))
        say(n.line(f"calibration {i}: the workloads, terms alone", workloads(m)))
        say(n.line(f"calibration {i}: the workloads, the run's probe", workloads(m, True)))
        err = os.path.join(DATA, f"calibrate-{i}.err")
        if os.path.exists(err):
            say(f"  calibration {i}: {open(err).read().strip().splitlines()[-1]}")
    text = "\n".join(lines) + "\n"
    if DATA == HERE:
        open(os.path.join(HERE, "readings.txt"), "w").write(text)
    print(text, end="")


main()
