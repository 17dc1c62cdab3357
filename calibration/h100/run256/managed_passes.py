"""run256: the passes over managed pages kept on the host (and over pinned memory) as four
measure them on one VM: lastwrite.cu (the median of 10 trials after the same GPU pass), the run's
two probes (each the mean over 8 rounds), the VM's calibration (the fitted term at 64 MiB) and
the embedded model (its term at 64 MiB); each over the embedded model's price. Written before the
call; the rules it applies are in plan.md.
    python3 calibration/h100/run256/managed_passes.py DIR"""
import csv
import json
import statistics as st
import sys

d = sys.argv[1]
emb = json.load(open("models/h100.json"))["task_terms"]
own = json.load(open(f"{d}/model-minimal-1.json"))["task_terms"]
probes = [json.load(open(f"{d}/probe-{i}.json"))["link"] for i in (1, 2)]
rows = [x for x in csv.DictReader(open(f"{d}/lastwrite.csv")) if x["check"] == "ok"]
b = probes[0]["bytes"]


def at(costs, term):
    c = costs[term]
    return c["lat_ms"] + c["ms_per_gib"] * b / 2**30


PASSES = [("pinned", "read", "map_read"), ("pinned", "write", "map_write"),
          ("pinned", "inplace", "map_read_write"), ("managed-host", "read", "managed_map_read"),
          ("managed-host", "write", "managed_map_write"),
          ("managed-host", "inplace", "managed_map_read_write")]
print(f"at {b / 2**20:.0f} MiB, ms (each / the embedded model's price)")
print(f"{'memory':<13}{'pass':<8}{'lastwrite.cu':>16}{'probe 1':>16}{'probe 2':>16}"
      f"{'calibration':>16}{'embedded':>10}")
verdicts = {}
for mem, pass_, term in PASSES:
    lw = st.median(float(x["ms"]) for x in rows
                   if x["memory"] == mem and x["pass"] == pass_ and x["before"] == "gpu")
    e = at(emb, term)
    p1, p2 = probes[0][term]["ms"], probes[1][term]["ms"]
    c = at(own, term)
    cell = lambda v: f"{v:.3f} ({v / e:.2f})"
    print(f"{mem:<13}{pass_:<8}{cell(lw):>16}{cell(p1):>16}{cell(p2):>16}{cell(c):>16}{e:>10.3f}")
    verdicts[(mem, pass_)] = (lw / e, min(p1, p2) / lw)
r, gap = verdicts[("managed-host", "inplace")]
print()
print(f"Q1, lastwrite.cu's managed in-place pass {r:.2f}x the embedded model's price, the lower "
      f"probe {gap:.2f}x lastwrite.cu's:",
      "yes (every program pays the dear pass here)" if r >= 1.5 and gap <= 1.2 else
      "no (the program at the model's price, the probes above it)" if r <= 1.15 else
      "neither (between the rule's two bounds)")
