#!/usr/bin/env python3
"""A reading, judging nothing: how long `umodel calibrate` took end to end in every committed run of
the current build on the H200 VMs (the measurement plan since the sparse writes on many threads,
run167-run191: the thirty calibrations of run167-run187 the embedded model takes its task terms
from, the four unpinned ones of run184 and run186, and the fresh VMs' of run188, run190, run191,
run193, run197 and run199, whose builds changed only what is fitted; run168's `old-*` ran the build
before). A run's calibrations may lie in part folders (run193a/, run197b/). The wall clock of
the whole process, as each run's script recorded it (`rc=0 wall_ms=…` at the end of
`calibrate-*.err`). Then whether a VM's first calibration spends longer in its primitives than
the later ones (the facts' `seconds.*`), and outside its blocks.

    python3 calibration/h200/offline42/walls.py        (in walls.txt)
"""
import glob, json, os, re, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
rows = []
for f in sorted(glob.glob(os.path.join(ROOT, "calibration", "h200", "run1[6-9][0-9]", "**", "calibrate*.err"),
                          recursive=True)):
    run = int(re.search(r"/run(\d+)/", f).group(1))
    if run < 167 or "old" in os.path.basename(f):
        continue
    m = re.findall(r"rc=(\d+) wall_ms=(\d+)", open(f).read())
    if not m:
        continue
    rc, ms = m[-1]
    rows.append((os.path.relpath(f, ROOT), int(rc), int(ms) / 1000))
ok = [s for _, rc, s in rows if rc == 0]
out = [f"{p}: {s:.1f} s" + ("" if rc == 0 else f" (rc={rc})") for p, rc, s in rows]
out.append("")
out.append(f"{len(ok)} calibrations (rc 0 of {len(rows)}), {len({p.split('/')[2] for p, _, _ in rows})} runs: "
           f"median {st.median(ok):.1f} s, {min(ok):.1f}-{max(ok):.1f} s, "
           f"{sum(s <= 20 for s in ok)} within 20 s")
# Whether a VM's first calibration is the slow one: per run with two calibrations or more, the
# seconds its primitives took (the facts' `seconds.*` but the handoff blocks, which the pacer fits
# to the deadline), the first by `started_utc` against the median of the later ones.
def primitives(facts):
    c = facts["conditions"]
    return sum(float(v) for k, v in c.items() if k.startswith("seconds.") and not k.startswith("seconds.handoff"))


firsts = []
for d in sorted(glob.glob(os.path.join(ROOT, "calibration", "h200", "run1[6-9][0-9]"))):
    if int(re.search(r"run(\d+)$", d).group(1)) < 167:
        continue
    fs = sorted((facts["started_utc"], primitives(facts)) for facts in
                (json.load(open(f)) for f in
                 glob.glob(os.path.join(d, "**", "models", "*.minimal.facts.json"), recursive=True)
                 if "old" not in os.path.relpath(f, d)))
    if len(fs) >= 2:
        p = [x for _, x in fs]
        firsts.append((os.path.basename(d), p[0] - st.median(p[1:]), p))
out.append("")
out.append("the primitives' seconds, a run's first calibration against the median of its later ones:")
out += [f"  {r}: {d:+.2f} s ({', '.join(f'{x:.2f}' for x in p)})" for r, d, p in firsts]
out.append(f"  {len(firsts)} runs: median {st.median(d for _, d, _ in firsts):+.2f} s, "
           f"the first longer in {sum(d > 0 for _, d, _ in firsts)}")
# The seconds outside the blocks (the process's wall less every `seconds.*`: opening the device,
# the facts, the fit, the files), the first calibration against the later ones (since run203).
def outside(facts_path):
    data = os.path.dirname(os.path.dirname(facts_path))
    err = os.path.join(os.path.dirname(data), "calibrate" + os.path.basename(data)[4:] + ".err")
    m = re.findall(r"rc=0 wall_ms=(\d+)", open(err).read()) if os.path.exists(err) else []
    c = json.load(open(facts_path))["conditions"]
    return int(m[-1]) / 1000 - sum(float(v) for k, v in c.items() if k.startswith("seconds.")) if m else None


outs = []
for d in sorted(glob.glob(os.path.join(ROOT, "calibration", "h200", "run1[6-9][0-9]"))):
    if int(re.search(r"run(\d+)$", d).group(1)) < 167:
        continue
    fs = sorted((json.load(open(f))["started_utc"], outside(f)) for f in
                glob.glob(os.path.join(d, "**", "models", "*.minimal.facts.json"), recursive=True)
                if "old" not in os.path.relpath(f, d))
    p = [x for _, x in fs if x is not None]
    if len(p) >= 2 and len(p) == len(fs):
        outs.append((os.path.basename(d), p[0] - st.median(p[1:]), p))
out.append("")
out.append("the seconds outside the blocks (the wall less every seconds.*), a run's first calibration against "
           "the median of its later ones:")
out += [f"  {r}: {d:+.2f} s ({', '.join(f'{x:.2f}' for x in p)})" for r, d, p in outs]
out.append(f"  {len(outs)} runs: median {st.median(d for _, d, _ in outs):+.2f} s, "
           f"the first longer in {sum(d > 0 for _, d, _ in outs)}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "walls.txt"), "w").write(text)
print(text, end="")
