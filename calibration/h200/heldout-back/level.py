#!/usr/bin/env python3
"""What led to pricing the handoff's prefetch back at the host's level (judge.py's docstring
cites these figures; looked at before the change was built):

1. In every minimal calibration of run72-run131, the prefetching handoffs' prefetch back
   (`stage:move_out`, R = 1) against the CPU update of the same trials (`stage:cpu`): their
   medians across calibrations (correlation, and how far each moves, RMS of log over the
   calibrations' geometric mean) and, within a calibration, trial by trial.
2. The partial update's 256 MiB prefetch back (rounds 3, 4 and the final, managed-prefetch, from
   the steps files) against the same run's plain host pass over the buffer (`plain_final`).

    python3 calibration/h200/heldout-back/level.py

from the repository root; output level.txt beside this file.
"""
import collections, csv, glob, math, os, statistics as st

H = "calibration/h200"


def corr(a, b):
    ma, mb = st.mean(a), st.mean(b)
    num = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    den = (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5
    return num / den if den else float("nan")


def rms_log(v):
    m = st.mean(math.log(x) for x in v)
    return st.mean((math.log(x) - m) ** 2 for x in v) ** 0.5


def run_numbers(lo, hi):
    for d in glob.glob(f"{H}/run*"):
        n = os.path.basename(d)[3:]
        if n.isdigit() and lo <= int(n) <= hi:
            yield int(n), d


out = []
cal = collections.defaultdict(list)  # bytes -> [(move_out median, cpu median, within-run corr)]
names = []
for n, d in sorted(run_numbers(72, 131)):
    cs = sorted(glob.glob(f"{d}/data/models/*.minimal*.csv"))
    if not cs:
        continue
    names.append(n)
    by = collections.defaultdict(dict)
    for r in csv.DictReader(open(cs[0])):
        if (r["group"] == "handoff" and r["reuse"] == "1"
                and r["policy"] in ("managed-prefetch", "managed-advise-prefetch")
                and r["case"] in ("stage:cpu", "stage:move_out")):
            by[(r["policy"], int(r["bytes"]), r["trial"])][r["case"]] = float(r["time_ms"])
    for b in sorted({k[1] for k in by}):
        pairs = [v for k, v in by.items() if k[1] == b and len(v) == 2]
        mo = [v["stage:move_out"] for v in pairs]
        cp = [v["stage:cpu"] for v in pairs]
        cal[b].append((st.median(mo), st.median(cp), corr(mo, cp)))
out.append(f"1. {len(names)} minimal calibrations (run{names[0]}-run{names[-1]}), the two prefetching policies:")
for b, v in sorted(cal.items()):
    mo, cp, within = zip(*v)
    out.append(f"  {b >> 20:4d} MiB: across calibrations corr {corr(mo, cp):.2f}; RMS log: prefetch back "
               f"{rms_log(mo):.3f}, CPU update {rms_log(cp):.3f}, their ratio "
               f"{rms_log([a / c for a, c in zip(mo, cp)]):.3f}; within a calibration, median corr "
               f"{st.median(x for x in within if x == x):.2f}")
pf, back = [], []
for n, d in sorted(run_numbers(72, 131)):
    for f in glob.glob(f"{d}/tasks-*-partial.csv"):
        s = f.replace("tasks-", "steps-")
        if not os.path.exists(s):
            continue
        fin = [float(r["time_ms"]) for r in csv.DictReader(open(f))
               if r["case"] == "partial-update:plain_final"]
        b = [float(r["ms"]) for r in csv.DictReader(open(s))
             if r["policy"] == "managed-prefetch" and r["step"] == "prefetch" and r["to"] == "host"
             and r["round"] in ("3", "4", "final")]
        if fin and b:
            pf.append(st.median(fin))
            back.append(st.median(b))
out.append(f"2. the partial update in {len(pf)} runs: its 256 MiB prefetch back against the run's plain host "
           f"pass, corr {corr(pf, back):.2f} (prefetch back {min(back):.1f}-{max(back):.1f} ms, plain pass "
           f"{min(pf):.1f}-{max(pf):.1f} ms)")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "level.txt"), "w").write(text)
print(text, end="")
