#!/usr/bin/env python3
"""Rule M, written 2026-12-05 before its effect on any task's prediction was computed: do the
prefetches of pages advised preferred-location host + accessed-by device cost what the
calibration's own prefetching handoffs say they do?

Why it might. The handoff's managed-advise-prefetch cells advise their buffer exactly so (the
handoff's advice, `Task::advice`'s `PreferHostMapped`), and in 121 minimal calibrations since run96
their stages moved dearer than managed-prefetch's at the same sizes: `stage:move_out` 1.035-1.049
and `stage:move_in` 1.024-1.041 at the median by size (above 1 in 81-115 of 121). The fit pools both
policies' stages into `prefetch_to_device` and `prefetch_to_host`, and the run's probe, which prices
the prefetch back when given, prefetches unadvised pages. What motivated the rule: the workloads'
own steps (offline45/advised_steps.txt: the producer/consumer's output back 1.035 / 1.051 times the
unadvised step, the partial update's buffer 1.02-1.07, the compute-bound input 1.03; seed 001's
output, advised preferred-location device, 0.99), and the advice + prefetch rows' movement short
by 1.45-2.21 % of their totals. Those step ratios were looked at; the totals under the rule were not.

The rule: a fit carries, from the calibration's own handoff stages, the ratio of managed-advise-
prefetch's median to managed-prefetch's at each size both measured, the median over sizes, one for
moves to the device (`stage:move_in`) and one to the host (`stage:move_out`). Under
managed-advise-prefetch, a prefetch that moves pages of a buffer advised preferred-location host +
accessed-by device costs its term times that ratio. Nothing else moves; models without the ratio
price as before.

Judged, each cell's paired error (`validate --task ... --final-beside --cpu-beside --probe`),
without and with the ratio (the same refit by this build, the field removed for "without"):
  past:   run96-run137, each on its own calibration (`fit --price-from-pool`);
  latest: run188, run190, run191, each on its calibrations refitted from their minimal CSVs.
Criteria, in each group:
  (a) the managed-advise-prefetch cells' median |paired error| falls;
  (b) the cells beyond 5 %, over every cell, do not rise;
  (c) no cell of another policy, or of a task with no such buffer, moves;
  (d) the managed-advise-prefetch cells' median signed error comes nearer 0.
Adopted (fits carry the ratio; calibrate writes it) when all four hold in both groups. run193, not
yet run, is its fresh test either way.

    python3 calibration/h200/offline45/mapped_advice.py UMODEL        (in mapped_advice.txt)
"""
