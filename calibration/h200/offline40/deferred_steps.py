#!/usr/bin/env python3
"""The slow spell of prefetches, step by step: is it the no-op's, or a cost of the move before it
that lands in whichever call comes next? From committed step times only.

1. The calibration's prefetch sequence at 64 MiB (`seq_first`, `seq_next`, `seq_noop` of each
   trial; every minimal calibration of run73-run179): how often the no-op is slow (over 1 ms)
   when the move right before it (`seq_next`) met the slow rate (over 2.5 ms; 1.4 ms is its
   usual) and when it did not; the same a trial later and further (lags 1-6).
2. Seed 001's managed-prefetch rows in umodel's workload runs (`steps-*-workload.csv`, rounds
   2-4): the table's move to the device, then the no-ops of `keys` and `out`.
3. The programs written without umodel's code (`relax.cu`, `kmeans.cu`; run175, run181,
   run182, 64 MiB): how often their moves to the device met the slow rate and their no-ops
   went over 1 ms.
4. The handoff's prefetching policies' moves in, by size (every minimal calibration): how often
   one exceeds 1.5 times its cell's median plus 0.5 ms (a 16 MiB move takes about 0.4 ms, so a
   cost of a few milliseconds shows there; a 256 MiB one takes about 6).
5. Whether the share is a VM's: each run's calibrations against its seed 001 rows (other
   processes of the same VM, minutes apart), correlated over the runs with both.

    python3 calibration/h200/offline40/deferred_steps.py      (in deferred_steps.txt)
"""
import collections, csv, glob, os, statistics

HERE = os.path.dirname(os.path.abspath(__file__))
H = os.path.join(HERE, "..")
MOVE_SLOW, NOOP_SLOW = 2.5, 1.0
out = []

# 1. The calibration's sequence.
seqs = []
files = glob.glob(f"{H}/run*/data*/models/*.minimal.csv")
for f in files:
    t = collections.defaultdict(dict)
    for row in csv.DictReader(open(f)):
        if row.get("group") == "prefetch" and row["bytes"] == "67108864" and row["case"] in (
                "seq_first", "seq_next", "seq_noop"):
            t[int(row["trial"])][row["case"]] = float(row["time_ms"])
    seq = [t[i] for i in sorted(t) if len(t[i]) == 3]
    if seq:
        seqs.append(seq)
trials = [x for s in seqs for x in s]
out.append(f"1. The calibration's prefetch sequence, 64 MiB: {len(trials)} trials of {len(seqs)} calibrations")
for name, cond in (("the move before it fast", lambda x: x["seq_next"] <= MOVE_SLOW),
                   ("the move before it slow", lambda x: x["seq_next"] > MOVE_SLOW)):
    sel = [x for x in trials if cond(x)]
    k = sum(x["seq_noop"] > NOOP_SLOW for x in sel)
    out.append(f"   {name:24}: {len(sel):5} trials, the no-op over 1 ms in {k:4} ({100 * k / len(sel):4.1f} %)")
slow = {"the no-op over 1 ms": lambda x: x["seq_noop"] > NOOP_SLOW,
        "the second move slow": lambda x: x["seq_next"] > MOVE_SLOW,
        "either": lambda x: x["seq_next"] > MOVE_SLOW or x["seq_noop"] > NOOP_SLOW,
        "the first move slow": lambda x: x["seq_first"] > MOVE_SLOW}
out.append("   how often, and how often again k trials after one that was (k = 1..6):")
for name, fn in slow.items():
    base = sum(fn(x) for x in trials) / len(trials)
    lags = []
    for k in range(1, 7):
        hit = after = 0
        for s in seqs:
            v = [fn(x) for x in s]
            for i in range(k, len(v)):
                if v[i - k]:
                    after += 1
                    hit += v[i]
        lags.append(f"{hit / after:.2f}" if after else "-")
    out.append(f"   {name:24}: {100 * base:4.1f} % of trials; after one: {' '.join(lags)}")

# 2. Seed 001's managed-prefetch rows.
c = collections.Counter()
for f in glob.glob(f"{H}/run*/steps-*-workload.csv"):
    t = collections.defaultdict(dict)
    for r in csv.DictReader(open(f)):
        if (r["task"], r["policy"], r["step"], r["to"]) == ("seed-001", "managed-prefetch", "prefetch",
                                                           "device") and r["round"] != "1":
            t[(r["trial"], r["round"])][r["buffer"]] = float(r["ms"])
    for v in t.values():
        if len(v) == 3:
            c[(v["table"] > MOVE_SLOW, v["keys"] > NOOP_SLOW, v["out"] > NOOP_SLOW)] += 1
out += ["", f"2. Seed 001's managed-prefetch rows, rounds 2-4: {sum(c.values())} rounds "
            f"(the table's move, then the no-ops of keys and out)"]
for name, sel in (("the table's move fast", lambda k: not k[0]), ("the table's move slow", lambda k: k[0])):
    n = sum(v for k, v in c.items() if sel(k))
    a = sum(v for k, v in c.items() if sel(k) and k[1])
    b = sum(v for k, v in c.items() if sel(k) and k[2])
    out.append(f"   {name:24}: {n:5} rounds; keys' no-op over 1 ms {100 * a / n:4.1f} %, out's {100 * b / n:4.1f} %")
for name, sel in (("keys' no-op fast", lambda k: not k[1]), ("keys' no-op slow", lambda k: k[1])):
    n = sum(v for k, v in c.items() if sel(k))
    b = sum(v for k, v in c.items() if sel(k) and k[2])
    out.append(f"   {name:24}: {n:5} rounds; out's no-op over 1 ms {100 * b / n:4.1f} %")
n = sum(c.values())
anyslow = sum(v for k, v in c.items() if any(k))
out.append(f"   one of the three slow in {100 * anyslow / n:.1f} % of rounds, two or more in "
           f"{100 * sum(v for k, v in c.items() if sum(k) >= 2) / n:.1f} %")

# 3. The independent programs.
out += ["", "3. The programs written without umodel's code, 64 MiB (rounds after the first):"]
for f in sorted(glob.glob(f"{H}/run17[5-9]/*67108864*.steps.csv") + glob.glob(f"{H}/run18?/*67108864*.steps.csv")):
    rows = list(csv.DictReader(open(f)))
    moves = [float(r["ms"]) for r in rows if r["step"] == "prefetch_to_device" and r["round"] != "0"
             and r["buffer"] != "b"]
    noops = [float(r["ms"]) for r in rows if r["step"] == "prefetch_to_device" and r["round"] != "0"
             and r["buffer"] == "b"]
    name = os.path.relpath(f, H)
    out.append(f"   {name:45} moves to the device {len(moves):4}, slow {sum(x > MOVE_SLOW for x in moves):2}; "
               f"no-ops {len(noops):3}, over 1 ms {sum(x > NOOP_SLOW for x in noops)}")
# 4. The handoff's prefetching moves in, every minimal calibration.
agg = collections.defaultdict(lambda: [0, 0])
for f in files:
    cells = collections.defaultdict(list)
    for r in csv.DictReader(open(f)):
        if r.get("group") == "handoff" and r["case"] == "stage:move_in" and r["check"] == "ok" and \
                r["policy"] in ("managed-prefetch", "managed-advise-prefetch"):
            cells[(r["policy"], int(r["bytes"]) >> 20)].append(float(r["time_ms"]))
    for (pol, mib), v in cells.items():
        m = statistics.median(v)
        agg[mib][0] += len(v)
        agg[mib][1] += sum(x > 1.5 * m + 0.5 for x in v)
out += ["", "4. The handoff's prefetching policies' moves in (`stage:move_in`), over 1.5 times their "
            "cell's median plus 0.5 ms:"]
for mib in sorted(agg):
    n, k = agg[mib]
    out.append(f"   {mib:4} MiB: {k:4} of {n:5} trials ({100 * k / n:4.1f} %)")
# 5. Is the share a VM's? Each run's calibrations against its seed 001 rows, other processes of
# the same VM minutes apart.
by_run = collections.defaultdict(lambda: [[], []])
for f in files:
    run = os.path.relpath(f, H).split(os.sep)[0]
    t = collections.defaultdict(dict)
    for r in csv.DictReader(open(f)):
        if r.get("group") == "prefetch" and r["bytes"] == "67108864" and r["case"] in ("seq_next", "seq_noop"):
            t[r["trial"]][r["case"]] = float(r["time_ms"])
    by_run[run][0] += [x["seq_next"] > MOVE_SLOW or x["seq_noop"] > NOOP_SLOW for x in t.values() if len(x) == 2]
for f in glob.glob(f"{H}/run*/steps-*-workload.csv"):
    run = os.path.relpath(f, H).split(os.sep)[0]
    t = collections.defaultdict(dict)
    for r in csv.DictReader(open(f)):
        if (r["task"], r["policy"], r["step"], r["to"]) == ("seed-001", "managed-prefetch", "prefetch",
                                                           "device") and r["round"] != "1":
            t[(r["trial"], r["round"])][r["buffer"]] = float(r["ms"])
    by_run[run][1] += [v["table"] > MOVE_SLOW or v["keys"] > NOOP_SLOW or v["out"] > NOOP_SLOW
                       for v in t.values() if len(v) == 3]
pairs = [(100 * sum(c) / len(c), 100 * sum(w) / len(w)) for c, w in by_run.values() if c and w]
xs, ys = [p[0] for p in pairs], [p[1] for p in pairs]
r = statistics.correlation(xs, ys)
out += ["", f"5. By run ({len(pairs)} runs with both): the calibration's share {min(xs):.0f}-{max(xs):.0f} %, "
            f"the workload's {min(ys):.0f}-{max(ys):.0f} %, correlated at r = {r:+.2f}"]
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "deferred_steps.txt"), "w").write(text)
print(text, end="")
