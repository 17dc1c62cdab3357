#!/usr/bin/env python3
"""Rule P on a fresh H100 VM none of its calibrations came from, written before the call that
measures it (2026-12-05, run199's plan): the shipped model (models/h100.json, rule P: the median
of nine calibrations on four VMs) against rule N's without the pool (offline47/h100-rule-n.json,
the median of five on two VMs), from the terms alone, as a user with no calibration is priced:
the programs given the medians of their plain phases and thread counts, umodel's workloads paired
with the passes beside each row.

  Q1. cells beyond 5 %, programs and workloads together: P no more than N ("P held on a fresh
      VM"); otherwise NOTES say so (one VM is recorded, not a reason to revert).
Beside it, judging nothing: the median signed error per policy; the VM's own calibrations as
`calibrate` wrote them, from the terms alone and (the workloads) with the run's probe.

    python3 calibration/h100/offline47/rule_p_fresh.py UMODEL DIR      (DIR: the run's folder;
                                                                       prints its readings)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
DATA = os.path.abspath(sys.argv[2])
del sys.argv[2:]
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

N = os.path.join(HERE, "h100-rule-n.json")
P = os.path.join(ROOT, "models", "h100.json")


def cells(model, probe=False, programs=True):
    return (n.programs(model, DATA) if programs else []) + n.workloads(model, n.tables(DATA), probe)


lines = [f"{os.path.basename(DATA)} ({os.path.relpath(DATA, ROOT)}): rule P on a fresh H100 VM, from the terms alone"]
a, b = cells(N), cells(P)
lines += [n.line("rule N's model (five calibrations, no pool)", a, 46), n.line("the shipped model (rule P, nine)", b, 46)]
lines += n.by_policy(a, b)
lines.append("Q1: P " + ("held on a fresh VM" if n.count(b)[0] <= n.count(a)[0] else "did not hold on this VM"))
lines.append("\nBeside it, judging nothing: the VM's own calibrations as `calibrate` wrote them")
for i in (1, 2):
    m = os.path.join(DATA, f"model-minimal-{i}.json")
    if os.path.exists(m):
        lines.append(n.line(f"calibration {i}, terms alone", cells(m), 46))
        lines.append(n.line(f"calibration {i}, the workloads with the probe", cells(m, True, False), 46))
print("\n".join(lines))
