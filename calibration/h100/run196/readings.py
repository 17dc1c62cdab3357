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
VM is recorded, not a reason to revert). Beside them, judging nothing: the same cells on the VM's
own two calibrations as `calibrate` wrote them (model-minimal-1.json, -2.json; the workloads also
with the run's probe), and the calibrations' walls.

    python3 calibration/h100/run196/readings.py UMODEL        (in readings.txt)
    python3 calibration/h100/run196/readings.py UMODEL DIR    (a dry run on another run's files)
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

DATA = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else HERE
BEFORE = os.path.join(ROOT, "calibration", "h100", "offline46", "h100-until-2026-12-05.json")
SHIPPED = os.path.join(ROOT, "models", "h100.json")


def workloads(model, probe=False):
    tables = [(os.path.join(DATA, f"{g}.csv"), g) for g in n.GROUPS
              if os.path.exists(os.path.join(DATA, f"{g}.csv"))]
    if not probe:
        return n.workloads(model, tables)
    out = []
    for table, group in tables:
        for task in n.GROUPS[group]:
            v = json.loads(n.run([n.UM, "validate", "-m", model, "--task",
                                  os.path.join(ROOT, "tasks", f"{task}.json"), table,
                                  "--final-beside", "--cpu-beside", "--probe", "--json"]))
            out += [(task, p["policy"], p["paired_error_pct"]) for p in v["points"]]
    return out


def line(label, cells):
    b, m, k = n.count(cells)
    return f"  {label:<44} {b:>3} of {k:<3} beyond 5 %, median |error| {m:5.2f} %"


def main():
    lines = []
    say = lines.append
    say(f"run196 ({os.path.relpath(DATA, ROOT)}): rule N on a fresh H100 VM, from the terms alone")
    verdict = []
    for rule, what, cells_of in (("R1", "the programs", lambda m: n.programs(m, DATA)),
                                 ("R2", "the workloads (paired)", workloads)):
        a, b = cells_of(BEFORE), cells_of(SHIPPED)
        say(f"{rule} {what}")
        say(line("the model until rule N", a))
        say(line("the shipped model (rule N)", b))
        ok = n.count(b)[0] <= n.count(a)[0]
        verdict.append(ok)
        say(f"   {'holds' if ok else 'fails'} (no more beyond 5 %)")
        byp = {}
        for (*_, pol, e0), (*_, _, e1) in zip(a, b):
            byp.setdefault(pol, []).append((e0, e1))
        for pol, v in byp.items():
            say(f"   {pol:<24} median signed {n.med([x for x, _ in v]):+7.2f} -> {n.med([y for _, y in v]):+7.2f} %"
                f"   beyond 5 % {sum(abs(x) > 5 for x, _ in v)} -> {sum(abs(y) > 5 for _, y in v)} of {len(v)}")
    say("N " + ("held on a fresh VM (R1, R2)" if all(verdict) else "did not hold on this VM: " +
                ", ".join(r for r, ok in zip(("R1", "R2"), verdict) if not ok)))
    say("\nBeside it, judging nothing: the VM's own calibrations as `calibrate` wrote them")
    for i in (1, 2):
        m = os.path.join(DATA, f"model-minimal-{i}.json")
        if not os.path.exists(m):
            continue
        say(line(f"calibration {i}: the programs", n.programs(m, DATA)))
        say(line(f"calibration {i}: the workloads, terms alone", workloads(m)))
        say(line(f"calibration {i}: the workloads, the run's probe", workloads(m, True)))
        err = os.path.join(DATA, f"calibrate-{i}.err")
        if os.path.exists(err):
            say(f"  calibration {i}: {open(err).read().strip().splitlines()[-1]}")
    text = "\n".join(lines) + "\n"
    if DATA == HERE:
        open(os.path.join(HERE, "readings.txt"), "w").write(text)
    print(text, end="")


main()
