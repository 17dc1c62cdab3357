#!/usr/bin/env python3
"""The workloads' no-op prefetches, step by step: how often each met the slow spell (over 1 ms)
and what it cost, by where it stands against the last prefetch that moved pages.

Every run with step times up to run116 (`steps-*.csv`: one row per step of every trial). A step
is taken as a no-op by its position (task, policy, reuse, step index): those whose median over
all runs is under 0.5 ms, where a move of the same buffer takes 1.4 ms or more. Each is classed
by the model's rule, from the step order of one trial: a prefetch moved pages in its own gap
between phases ("after a move, same gap"), in the gap before ("a gap after a move"), or in
neither ("no move in either gap"). What the split (`prefetch_noop_after_move` against
`prefetch_noop`, crates/umodel-core/src/model/task.rs) was chosen on; run117 onwards held it out.

    python3 calibration/h200/run116/noop_steps.py     (from the repository root; output
                                                       noop_steps.txt beside this file)
"""
import collections, glob, os, re, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
LAST = 116

steps = collections.defaultdict(list)  # (task, policy, reuse, index) -> [ms]
order = {}  # (task, policy, reuse) -> [(index, step, buffer, to)] of one trial
for f in sorted(glob.glob("calibration/h200/run*/steps-*.csv")):
    if int(re.search(r"run(\d+)", f).group(1)) > LAST:
        continue
    for line in open(f):
        p = line.rstrip("\n").split(",")
        if p[0] == "task" or p[1] not in ("managed-prefetch", "managed-advise-prefetch"):
            continue
        key = (p[0], p[1], p[2])
        steps[key + (int(p[4]),)].append(float(p[9]))
        if p[3] == "0":
            order.setdefault(key, {})[int(p[4])] = (p[6], p[7], p[8])

classes = collections.defaultdict(list)
rows = []
for key, seq in sorted(order.items()):
    since = None  # phases since a prefetch moved pages
    for i in sorted(seq):
        step, buf, to = seq[i]
        if step in ("cpu", "gpu", "cpu_final", "copy"):
            since = None if since is None else since + 1
            continue
        if step != "prefetch":
            continue  # side-stream prefetches run beside the GPU phase
        v = steps[key + (i,)]
        if st.median(v) >= 0.5:
            since = 0
            continue
        c = ("after a move, same gap" if since == 0 else
             "a gap after a move" if since == 1 else "no move in either gap")
        classes[c] += v
        rows.append((key, i, buf, to, c, v))

out = [f"No-op prefetches in the workloads' steps, run72-run{LAST} (each position pooled over its runs):", ""]
for key, i, buf, to, c, v in rows:
    out.append(f"  {key[0]:20} {key[1]:24} R{key[2]:<3} step {i:2} {buf:7} to {to:6} {c:22} "
               f"n={len(v):4} median {st.median(v):.3f} mean {st.mean(v):.3f} ms, "
               f"{100 * sum(x > 1 for x in v) / len(v):4.1f} % over 1 ms")
out += ["", "By class:"]
for c in ("after a move, same gap", "a gap after a move", "no move in either gap"):
    v = classes[c]
    out.append(f"  {c:22} n={len(v):5} median {st.median(v):.3f} mean {st.mean(v):.3f} ms, "
               f"{100 * sum(x > 1 for x in v) / len(v):4.1f} % over 1 ms")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "noop_steps.txt"), "w").write(text)
print(text, end="")
