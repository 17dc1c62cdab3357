"""Each H100 folder whose machine.txt records the guest's kernel (`uname -r`) and has a probe
with a link part at 64 MiB: the probe's passes over managed pages kept on the host
(`managed_map_read`, `_write`, `_read_write`) and over pinned memory (`map_read`), each over the
embedded h100 model's price, by kernel and host L3. Do the dear managed passes of run254 and
run255 go with their guest kernel? A reading after run266, judging nothing.

    python3 calibration/h100/run255/kernel_link.py > calibration/h100/run255/kernel_link.txt
"""
import glob
import json
import os
import re

# The embedded h100 model's prices at 64 MiB, ms (umodel probe's text, run233-run266).
MODEL = {"map_read": 1.336, "managed_map_read": 1.352, "managed_map_write": 1.474,
         "managed_map_read_write": 1.650}
# run232 and run251 ran on run231's and run250's warm machines, which recorded the facts.
SAME_VM = {"calibration/h100/run232/run232": "calibration/h100/run231/run231",
           "calibration/h100/run251/run251": "calibration/h100/run250/run250"}

rows = []
for p in sorted(glob.glob("calibration/h100/**/probe-1.json", recursive=True)):
    d = os.path.dirname(p)
    if d in SAME_VM:
        continue
    try:
        text = open(f"{d}/machine.txt").read()
    except FileNotFoundError:
        continue
    kernel = re.search(r"^(\d+\.\d+\.\d+-\S+)$", text, re.M)
    l3 = re.search(r"L3 cache:\s+(\d+) MiB", text)
    link = json.load(open(p)).get("link") or {}
    if not kernel or link.get("bytes") != 64 << 20:
        continue
    ratios = {t: link[t]["ms"] / MODEL[t] for t in MODEL if t in link}
    rows.append((kernel.group(1), l3.group(1) + " MiB" if l3 else "L3 ?", d, ratios))

print("probe-1's figure over the embedded h100 model's price at 64 MiB")
print(f"{'folder':<34}{'kernel':<24}{'L3':<9}" + "".join(f"{t:>24}" for t in MODEL))
for k, l3, d, r in sorted(rows, key=lambda x: (x[0], x[1], x[2])):
    print(f"{d:<34}{k:<24}{l3:<9}" + "".join(f"{r.get(t, float('nan')):>24.2f}" for t in MODEL))
print()
for k, l3 in sorted({(r[0], r[1]) for r in rows}):
    these = [r[3]["managed_map_read_write"] for r in rows if (r[0], r[1]) == (k, l3)]
    print(f"{k}, {l3}: {len(these)} VMs, managed in-place {min(these):.2f}-{max(these):.2f}x the model")
