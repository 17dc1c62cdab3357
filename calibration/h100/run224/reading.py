#!/usr/bin/env python3
"""run224's reading, written before the call, judging nothing. In the order they ran, the bench's
managed-group processes (`managed-N`) and the calibrations (`calibrate-N`): the wall, the managed
64 MiB block (the facts' `seconds.managed 64 MiB`), its rows' timed trials (the sum of the block's
`time_ms`) and the rest (allocations, fills of managed pages, warm-ups, checks); for the
calibrations also the managed 16 MiB and prefetch 64 MiB blocks' rests. Then each kind's rest:
median and range. What would say a calibration's swing comes from what runs before the managed
block in its own process: the calibrations' rests spreading while the processes between them stay
flat. What would say the VM's state moves: both moving together, in time.

    python3 calibration/h100/run224/reading.py DIR        (DIR holds managed-N.csv, data-N/; > DIR/reading.txt)
"""
import collections, csv, glob, json, os, re, statistics as st, sys

d = sys.argv[1]


def block(facts, rows, name, group, mib):
    s = float(facts["conditions"].get(f"seconds.{name}", "nan"))
    cells = sum(float(r["time_ms"]) for r in rows
                if r["time_ms"] and r["group"] == group and int(r["bytes"]) >> 20 == mib) / 1000
    return s, cells, s - cells


def wall(err):
    m = re.findall(r"rc=(\d+) wall_ms=(\d+)", open(err).read())
    return (int(m[-1][0]), int(m[-1][1]) / 1000) if m else (None, float("nan"))


runs = []
for f in glob.glob(os.path.join(d, "managed-*.csv")):
    i = int(re.search(r"-(\d+)\.csv$", f).group(1))
    facts = json.load(open(f[:-4] + ".facts.json"))
    rows = list(csv.DictReader(open(f)))
    rc, w = wall(f[:-4] + ".err")
    runs.append(dict(kind="managed", i=i, t=facts["started_utc"], rc=rc, wall=w,
                     b64=block(facts, rows, "managed 64 MiB", "managed", 64),
                     failed=sum(r["check"] != "ok" for r in rows)))
for f in glob.glob(os.path.join(d, "data-*", "models", "*.minimal.facts.json")):
    i = int(re.search(r"data-(\d+)", f).group(1))
    facts = json.load(open(f))
    rows = list(csv.DictReader(open(f.replace(".facts.json", ".csv"))))
    rc, w = wall(os.path.join(d, f"calibrate-{i}.err"))
    runs.append(dict(kind="calibrate", i=i, t=facts["started_utc"], rc=rc, wall=w,
                     b64=block(facts, rows, "managed 64 MiB", "managed", 64),
                     b16=block(facts, rows, "managed 16 MiB", "managed", 16),
                     p64=block(facts, rows, "prefetch 64 MiB", "prefetch", 64),
                     failed=sum(r["check"] != "ok" for r in rows)))
runs.sort(key=lambda r: (r["t"], r["kind"]))

out = ["in order        started   rc  wall s  managed 64: block  cells   rest   failed  "
       "(calibrations: managed 16 rest, prefetch 64 rest)"]
for r in runs:
    s, c, rest = r["b64"]
    extra = f"  {r['b16'][2]:.2f}  {r['p64'][2]:.2f}" if r["kind"] == "calibrate" else ""
    out.append(f"{r['kind']}-{r['i']:<3d} {r['t'][11:19]} {r['rc']!s:>4} {r['wall']:7.2f} {s:17.2f} "
               f"{c:6.2f} {rest:6.2f} {r['failed']:7d}{extra}")
out.append("")
for kind in ("managed", "calibrate"):
    v = [r["b64"][2] for r in runs if r["kind"] == kind]
    if v:
        out.append(f"{kind:9s}: managed 64 MiB block's rest over {len(v)}: median {st.median(v):.2f} s, "
                   f"{min(v):.2f}-{max(v):.2f} (range {max(v) - min(v):.2f})")
text = "\n".join(out) + "\n"
open(os.path.join(d, "reading.txt"), "w").write(text)
print(text, end="")
