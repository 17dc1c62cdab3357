#!/usr/bin/env python3
"""run208's reading (an H100's fresh VM; its plan's H100 branch), judging nothing: where the VM's
first calibration, its first CUDA process, spends its seconds outside the blocks (the wall less
every `seconds.*`), against its second, from the facts' `startup.*`; and the open alone in six
later processes, four with the user's JIT cache and two with an empty one (`opens.csv`).

    python3 calibration/h100/run208/readings.py        (in readings.txt)
    python3 calibration/h100/run208/readings.py calibration/h100/run210    (run210, whose build
        also timed the start's facts and the end's conditions; in its readings.txt)
"""
import csv, glob, json, os, re, statistics as st, sys

HERE = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
out = []
for i in (1, 2):
    wall = int(re.findall(r"rc=0 wall_ms=(\d+)", open(os.path.join(HERE, f"calibrate-{i}.err")).read())[-1]) / 1000
    c = json.load(open(glob.glob(os.path.join(HERE, f"data-{i}", "models", "*.minimal.facts.json"))[0]))["conditions"]
    blocks = sum(float(v) for k, v in c.items() if k.startswith("seconds."))
    opened = sum(float(c[f"startup.{k}_s"]) for k in ("libraries", "context", "compile", "load"))
    out.append(f"calibration {i}: {wall:.2f} s, blocks {blocks:.2f} s, outside {wall - blocks:.2f} s, of it the open "
               f"{opened:.2f} s (context {c['startup.context_s']}, compile {c['startup.compile_s']}, "
               f"load {c['startup.load_s']}) and the rest {wall - blocks - opened:.2f} s"
               + (f" (the start's facts {c['startup.facts_s']}, the end's conditions {c['end.conditions_s']})"
                  if "startup.facts_s" in c else ""))
rows = list(csv.DictReader(open(os.path.join(HERE, "opens.csv"))))
for cache in ("user", "empty"):
    sel = [r for r in rows if r["cache"] == cache]
    cells = []
    for k in ("context_s", "compile_s", "load_s", "total_s"):
        xs = [float(r[k]) for r in sel]
        cells.append(f"{k[:-2]} {st.median(xs):.3f} [{min(xs):.3f}-{max(xs):.3f}]")
    out.append(f"the open alone, {cache} JIT cache, n={len(sel)}: " + ", ".join(cells))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
