"""Each H100 run folder whose machine.txt records the host's L3 (lscpu), beside the `map_read`
term at 64 MiB of every calibration in that folder (lat_ms + ms_per_gib / 16): does the GPU's
slow read of host memory go with the host's CPU? A reading after run232, judging nothing.
    python3 calibration/h100/run232/host_cpu.py"""
import glob
import json
import os
import re


def add(rows, l3, d):
    figures = []
    for j in sorted(glob.glob(f"{d}/model-minimal-*.json")):
        c = (json.load(open(j)).get("task_terms") or {}).get("map_read")
        if c:
            figures.append(c["lat_ms"] + c["ms_per_gib"] / 16)
    if figures:
        rows.append((l3, d, figures))

# Folders whose calibrations ran on the VM of another folder's machine.txt: run232 ran on run231's
# warm machine, and its script does not call lscpu.
SAME_VM = {"calibration/h100/run231/run231": ["calibration/h100/run232/run232"]}

rows = []
for m in sorted(glob.glob("calibration/h100/**/machine.txt", recursive=True)):
    l3 = re.search(r"L3 cache:\s+(\d+ MiB)", open(m).read())
    if not l3:
        continue
    for d in [os.path.dirname(m)] + SAME_VM.get(os.path.dirname(m), []):
        add(rows, l3.group(1), d)
for l3 in sorted({r[0] for r in rows}):
    mine = [r for r in rows if r[0] == l3]
    allf = [f for r in mine for f in r[2]]
    print(f"L3 {l3}: {len(mine)} run folders, {len(allf)} calibrations, map_read at 64 MiB "
          f"{min(allf):.3f}-{max(allf):.3f} ms")
    for _, d, f in mine:
        print(f"  {d}: " + ", ".join(f"{x:.3f}" for x in f))
