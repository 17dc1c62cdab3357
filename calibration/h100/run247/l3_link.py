"""Each H100 folder whose machine.txt records the host's L3 (lscpu), beside the GPU's read of
pinned host memory there (`map_read` at 64 MiB: each probe file's figure and each calibration's
term, lat_ms + ms_per_gib / 16): do the slow-link VMs go with the 105 MiB-L3 hosts?
run232/host_cpu.py asked it of the calibrations alone; this adds the probes (run233-run247 ran
probes, few calibrations). A reading after run247, judging nothing.

    python3 calibration/h100/run247/l3_link.py > calibration/h100/run247/l3_link.txt
"""
import glob
import json
import os
import re

MODEL = 1.336  # the embedded h100 model's map_read at 64 MiB (umodel probe's text, run233-run247)
SAME_VM = {
    "calibration/h100/run231/run231": ["calibration/h100/run232/run232"],
    # run251 ran on run250's warm machine (its own machine.txt says the same host).
    "calibration/h100/run250/run250": ["calibration/h100/run251/run251"],
}
SEEN_UNDER = {d for ds in SAME_VM.values() for d in ds}

rows = []
for m in sorted(glob.glob("calibration/h100/**/machine.txt", recursive=True)):
    l3 = re.search(r"L3 cache:\s+(\d+) MiB", open(m).read())
    if not l3 or os.path.dirname(m) in SEEN_UNDER:
        continue
    figures = []
    for d in [os.path.dirname(m)] + SAME_VM.get(os.path.dirname(m), []):
        for p in sorted(glob.glob(f"{d}/probe*.json")):
            link = json.load(open(p)).get("link") or {}
            if "map_read" in link and link.get("bytes") == 64 << 20:
                figures.append(link["map_read"]["ms"])
        for j in sorted(glob.glob(f"{d}/model-minimal-*.json")):
            c = (json.load(open(j)).get("task_terms") or {}).get("map_read")
            if c:
                figures.append(c["lat_ms"] + c["ms_per_gib"] / 16)
    if figures:
        rows.append((int(l3.group(1)), os.path.dirname(m), figures))

for l3 in sorted({r[0] for r in rows}):
    these = [r for r in rows if r[0] == l3]
    slow = [r for r in these if max(r[2]) > 1.15 * MODEL]
    print(f"L3 {l3} MiB: {len(these)} VMs, {len(slow)} with a map_read above 1.15x the model's {MODEL} ms")
    for _, d, f in these:
        print(f"  {d}: {', '.join(f'{x:.3f}' for x in f)}")
