#!/usr/bin/env python3
"""run108 (`examples/fault_history.rs`): each variant's faults (the pass on the host's pages less
the same pass again) over the calibration's cell's (`converge/filled-wide`) in the same cycle,
then the kernel's part and the history's part of the gap between the task's step
(`produce/read-back`) and the cell.

    python3 calibration/h200/run108/pairs.py     (from the repository root; output pairs.txt)
"""
import collections, csv, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))


def faults_by_cycle(path):
    """Each cycle of a fault_history.csv (five consecutive rows, one of each variant, rotated)
    as {variant: the pass on the host's pages less the same pass again, ms}."""
    cycles, cur = [], {}
    for r in csv.DictReader(open(path)):
        cur[r["variant"]] = float(r["cold_ms"]) - float(r["again_ms"])
        if len(cur) == 5:
            cycles.append(cur)
            cur = {}
    return cycles


def q(v):
    v = sorted(v)
    at = lambda p: v[round((len(v) - 1) * p)]
    return f"median {at(.5):.3f} [quartiles {at(.25):.3f}-{at(.75):.3f}]"


def main():
    cycles = faults_by_cycle(os.path.join(HERE, "history.csv"))
    base = "converge/filled-wide"
    out = [f"{len(cycles)} cycles of five paired variants; faults = the pass on the host's pages less the same pass again"]
    for name in ["converge/filled-wide", "converge/filled-pinned", "converge/read-back",
                 "produce/filled-wide", "produce/read-back"]:
        out.append(f"  {name:24s} faults {q([c[name] for c in cycles])} ms; over the cell {q([c[name] / c[base] for c in cycles])}")
    out.append("Parts of the task's step against the cell, per cycle:")
    out.append(f"  kernel  (produce/filled-wide over converge/filled-wide): {q([c['produce/filled-wide'] / c[base] for c in cycles])}")
    out.append(f"  history (produce/read-back over produce/filled-wide):    {q([c['produce/read-back'] / c['produce/filled-wide'] for c in cycles])}")
    out.append(f"  history under the cell's kernel (converge/read-back over converge/filled-wide): {q([c['converge/read-back'] / c[base] for c in cycles])}")
    text = "\n".join(out) + "\n"
    open(os.path.join(HERE, "pairs.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
