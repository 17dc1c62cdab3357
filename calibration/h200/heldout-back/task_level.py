#!/usr/bin/env python3
"""Would a reading of the host's level help price a task's prefetch back? The partial update's
256 MiB prefetch back follows the host's level (level.txt); this looks at what a task's probe
already gives, over every run with step files, before building anything on it.

1. Across runs: the run's median prefetch back (the prefetching rows, rounds 2-4 and the final
   one) against the mean of the run's probe `probe_to_host` (in the task's shape) and against the
   median of its plain final pass (`plain_final`, the phase the user times).
2. Within runs, row by row: the row's mean prefetch back against a plain final pass timed beside
   (a) that row, (b) the row before it in the same trial (a reading right before the task) and
   (c) the trial's first row (a reading a few seconds earlier); and against the probe at the
   trial's start.

    python3 calibration/h200/heldout-back/task_level.py

from the repository root; output task_level.txt beside this file.
"""
import collections, csv, glob, math, os, statistics as st


def corr(a, b):
    ma, mb = st.mean(a), st.mean(b)
    sa = math.sqrt(sum((x - ma) ** 2 for x in a))
    sb = math.sqrt(sum((y - mb) ** 2 for y in b))
    return sum((x - ma) * (y - mb) for x, y in zip(a, b)) / (sa * sb) if sa and sb else float("nan")


PREFETCHING = ("managed-prefetch", "managed-advise-prefetch")
out = []
for task, buf in (("partial", "x"), ("workload", "table")):
    runs = sorted(glob.glob(f"calibration/h200/run*/steps-*-{task}.csv"),
                  key=lambda p: int(p.split("/")[2][3:]))
    across, within = [], collections.defaultdict(list)
    for steps in runs:
        name = steps.split("/")[2]
        back = collections.defaultdict(list)
        for r in csv.DictReader(open(steps)):
            if (r["policy"] in PREFETCHING and r["step"] == "prefetch" and r["to"] == "host"
                    and r["round"] != "1" and r["buffer"] == buf):
                back[(r["policy"], r["reuse"], r["trial"])].append(float(r["ms"]))
        beside, order, probe, plain = {}, collections.defaultdict(list), collections.defaultdict(list), []
        for r in csv.DictReader(open(steps.replace("steps-", "tasks-"))):
            if r["check"] != "ok":
                continue
            c = r["case"].split(":")[-1]
            if c == "plain_final_beside":
                beside[(r["policy"], r["reuse"], r["trial"])] = float(r["time_ms"])
                order[(r["reuse"], r["trial"])].append(r["policy"])
            elif c == "probe_to_host":
                probe[r["trial"]].append(float(r["time_ms"]))
            elif c == "plain_final":
                plain.append(float(r["time_ms"]))
        if back and probe and plain:
            across.append((st.median(x for v in back.values() for x in v),
                           st.mean(x for v in probe.values() for x in v), st.median(plain)))
        rows = []
        for k, v in back.items():
            if k not in beside:
                continue
            o = order[(k[1], k[2])]
            i = o.index(k[0])
            prev = beside.get((o[i - 1], k[1], k[2])) if i > 0 else None
            rows.append((st.mean(v), beside[k], prev, beside[(o[0], k[1], k[2])] if i > 0 else None,
                         st.mean(probe[k[2]]) if probe[k[2]] else None))
        if len(rows) < 10:
            continue
        for j, what in ((1, "own"), (2, "before"), (3, "first"), (4, "probe")):
            pr = [(r[0], r[j]) for r in rows if r[j] is not None]
            within[what].append(corr([x for x, _ in pr], [y for _, y in pr]))
    b = [r[0] for r in across]
    out.append(f"{task} ({buf}), {len(across)} runs with a probe and a plain final pass:")
    out.append(f"  across runs, the run's prefetch back against the run's probe {corr(b, [r[1] for r in across]):+.2f},"
               f" against its plain final pass {corr(b, [r[2] for r in across]):+.2f}")
    out.append(f"  within runs ({len(within['own'])} runs), row by row, median [min-max] of the runs' correlations:")
    for what, label in (("own", "the pass beside the row"), ("before", "the pass beside the row before"),
                        ("first", "the pass beside the trial's first row"), ("probe", "the probe at the trial's start")):
        v = [x for x in within[what] if x == x]
        out.append(f"    {label:40} {st.median(v):+.2f} [{min(v):+.2f} - {max(v):+.2f}]")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "task_level.txt"), "w").write(text)
print(text, end="")
