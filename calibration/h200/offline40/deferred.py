#!/usr/bin/env python3
"""Prices the tasks without the cost `deferred_steps.py` finds umodel's harness paying after a
move (in the move itself or in the next call) and the programs written without umodel's code
never paying: each calibration's model with `prefetch_next` (the second move of a sequence
beyond a first's price) and `prefetch_noop_after_move` (a no-op in a move's gap or the gap
after it, at the sequence's mean) taken out, so that a second move is priced as a first and
every no-op at the settled cells (`prefetch_noop`), as the model prices them when a calibration
lacks the two terms. Then each of the two alone. Committed files only (`common.py` says which
calibrations and tasks); in sample: the runs these figures come from are those the finding was
read on.

    python3 calibration/h200/offline40/deferred.py UMODEL      (in deferred.txt)
"""
import os
from common import HERE, calibrations, compare, edited, med, program_cells, programs, workload_cells

VARIANTS = {"both": ["prefetch_next", "prefetch_noop_after_move"],
            "prefetch_next alone": ["prefetch_next"],
            "prefetch_noop_after_move alone": ["prefetch_noop_after_move"]}


def without(terms):
    def edit(r, tt):
        for k in terms:
            tt.pop(k, None)
    return lambda r, label, path: edited(r, label, path, edit, "without-" + "-".join(terms))


own = lambda r, label, path: path
cals = calibrations()
progs = programs(cals)
out = []
for title, cells in (("the independent programs (run160-run177)", lambda m: program_cells(cals, progs, m)),
                     ("umodel's workloads (run117-run137)", lambda m: workload_cells(cals, m))):
    a = cells(own)
    for name, terms in VARIANTS.items():
        b = cells(without(terms))
        lines = compare(f"{title}, as fitted -> without {name}", a, b)
        if name != "both":
            lines = lines[:1]
        out += lines
    out.append("")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "deferred.txt"), "w").write(text)
print(text, end="")
