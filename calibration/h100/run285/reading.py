"""run285's reading, written before the call (plan.md has the rules it applies):
    python3 calibration/h100/run285/reading.py DIR
DIR holds manybufs.csv, probe-1.json and probe-small-1.json (and, on a slow link, lastwrite.csv
and the second probes). Every pass is judged against the same process's pinned pass of its kind
(manybufs.csv: the pinned buffer's median over its start and end; a probe: its own map_* figure)."""
import csv
import json
import os
import statistics as st
import sys

d = sys.argv[1]
rows = list(csv.DictReader(open(f"{d}/manybufs.csv")))
bad = [x for x in rows if x["check"] != "ok"]
rows = [x for x in rows if x["check"] == "ok"]
PASSES = ["read", "write", "inplace"]
LO, HI = 1.15, 1.5


def med(sel):
    v = [float(x["ms"]) for x in sel]
    return st.median(v) if v else float("nan")


pinned = {p: med([x for x in rows if x["memory"] == "pinned" and x["pass"] == p]) for p in PASSES}
print(f"manybufs.csv: {len(rows)} passes checked ok, {len(bad)} failed")
print("pinned (start and end pooled), ms: " +
      ", ".join(f"{p} {pinned[p]:.3f}" for p in PASSES))
for p in PASSES:
    se = [med([x for x in rows if x["memory"] == "pinned" and x["pass"] == p and x["phase"] == ph])
          for ph in ("start", "end")]
    print(f"  {p}: start {se[0]:.3f}, end {se[1]:.3f}")
print()
print("managed buffers kept on the host, each pass's median ms (over the pinned pass's median)")
print(f"{'phase':<10}{'buf':>4} {'first':<6}{'address':<16}" +
      "".join(f"{p:>17}" for p in PASSES))
bufs = []
for ph in ("fresh", "migrated"):
    for b in sorted({int(x["buffer"]) for x in rows if x["phase"] == ph}):
        sel = [x for x in rows if x["phase"] == ph and int(x["buffer"]) == b]
        r = {p: med([x for x in sel if x["pass"] == p]) / pinned[p] for p in PASSES}
        cells = "".join(f"{med([x for x in sel if x['pass'] == p]):>9.3f} ({r[p]:.2f})"
                        for p in PASSES)
        print(f"{ph:<10}{b:>4} {sel[0]['first']:<6}{sel[0]['address']:<16}{cells}")
        bufs.append((ph, b, sel[0]["first"], r))
print()


def w(sel):
    return [r["write"] for (_, _, _, r) in sel]


# Q1: within a phase and a first touch, one buffer dear and another not.
q1 = "not decided"
spread = []
for ph in ("fresh", "migrated"):
    for f in ("one", "all"):
        ws = w([x for x in bufs if x[0] == ph and x[2] == f])
        if ws:
            spread.append((ph, f, min(ws), max(ws), st.median(ws)))
if any(lo <= LO and hi >= HI for (_, _, lo, hi, _) in spread):
    q1 = "yes (the allocation sets it)"
elif all(hi <= m * LO and lo >= m / LO for (_, _, lo, hi, m) in spread):
    q1 = "no (every buffer within 1.15x of its kind's median)"
print("Q1, the write pass over pinned's, by phase and first touch (min, median, max): " +
      "; ".join(f"{ph} {f} {lo:.2f}, {m:.2f}, {hi:.2f}" for (ph, f, lo, hi, m) in spread))
print(f"   {q1}")

# Q2: the first touch on every core.
one = w([x for x in bufs if x[2] == "one"])
all_ = w([x for x in bufs if x[2] == "all"])
q2 = "not decided"
if one and all_ and min(all_) >= HI and max(one) <= LO:
    q2 = "yes (every `all` buffer dear, every `one` buffer not)"
elif one and all_ and (max(all_) <= LO or abs(st.median(all_) / st.median(one) - 1) <= 0.10):
    q2 = "no"
print(f"Q2, the write pass by first touch: one {st.median(one):.2f} (of {len(one)}), "
      f"all {st.median(all_):.2f} (of {len(all_)}): {q2}")

# Q3: a migrated buffer freed before the allocation.
fr = w([x for x in bufs if x[0] == "fresh"])
mi = w([x for x in bufs if x[0] == "migrated"])
q3 = "not decided"
if fr and mi and max(fr) <= LO and min(mi) >= HI:
    q3 = "yes (every migrated-phase buffer dear, every fresh one not)"
elif fr and mi and abs(st.median(mi) / st.median(fr) - 1) <= 0.10:
    q3 = "no"
print(f"Q3, the write pass by phase: fresh {st.median(fr):.2f}, migrated {st.median(mi):.2f}: {q3}")
print()

# Q4: the probe's migration rounds before its link part.
TERMS = [("read", "map_read", "managed_map_read"), ("write", "map_write", "managed_map_write"),
         ("inplace", "map_read_write", "managed_map_read_write")]
probes = {}
for name in ("1", "small-1", "small-2", "2"):
    f = f"{d}/probe-{name}.json"
    if os.path.exists(f):
        probes[name] = json.load(open(f))["link"]
print("the probes' managed passes over their own pinned ones (ms managed / ms pinned)")
for name, l in probes.items():
    print(f"  probe-{name:<8}" + "  ".join(
        f"{p} {l[m]['ms']:.3f}/{l[pn]['ms']:.3f} ({l[m]['ms'] / l[pn]['ms']:.2f})"
        for (p, pn, m) in TERMS))


def wr(l):
    return l["managed_map_write"]["ms"] / l["map_write"]["ms"]


q4 = "not decided"
small = [wr(l) for n, l in probes.items() if n.startswith("small")]
full = [wr(l) for n, l in probes.items() if not n.startswith("small")]
if small and full and max(small) <= LO and min(full) >= HI:
    q4 = "yes (the migration rounds before the link part make the gap)"
elif small and full and min(small) >= HI and min(full) >= HI:
    q4 = "no (the gap without them too)"
print(f"Q4, the managed write over the pinned one: default probes {', '.join(f'{x:.2f}' for x in full)}; "
      f"one-page migration part {', '.join(f'{x:.2f}' for x in small)}: {q4}")

if os.path.exists(f"{d}/lastwrite.csv"):
    lw = [x for x in csv.DictReader(open(f"{d}/lastwrite.csv")) if x["check"] == "ok"]
    print()
    print("lastwrite.cu, after the same GPU pass (median ms; managed over pinned)")
    for p in PASSES:
        a = med([x for x in lw if x["memory"] == "pinned" and x["pass"] == p and x["before"] == "gpu"])
        m = med([x for x in lw if x["memory"] == "managed-host" and x["pass"] == p
                 and x["before"] == "gpu"])
        print(f"  {p}: pinned {a:.3f}, managed {m:.3f} ({m / a:.2f})")
