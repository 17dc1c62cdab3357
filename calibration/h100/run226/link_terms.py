"""run226: each link figure of the run's two probes beside the same term of the VM's calibration
and of the embedded model, at the probe's size (a term's cost at B bytes: lat_ms + ms_per_gib *
B / 2^30). Judges nothing; written before the call.
    python3 calibration/h100/run226/link_terms.py MODEL DIR"""
import json
import sys

model, d = sys.argv[1], sys.argv[2]
embedded = json.load(open(f"models/{model}.json"))["task_terms"]
own = json.load(open(f"{d}/model-minimal-1.json"))["task_terms"]
probes = [json.load(open(f"{d}/probe-{i}.json")) for i in (1, 2)]


def at(costs, term, b):
    c = costs.get(term)
    return None if c is None else c["lat_ms"] + c["ms_per_gib"] * b / 2**30


terms = [t for t in probes[0].get("link", {}) if t != "bytes"]
b = probes[0]["link"]["bytes"]
print(f"link terms at {b / 2**20:.0f} MiB, ms: each probe's mean over its rounds (its rel. sd), "
      f"the VM's calibration, the embedded model `{model}`; ratios to the embedded")
print(f"{'term':<24}{'probe 1':>16}{'probe 2':>16}{'calibration':>12}{'embedded':>10}"
      f"{'p1/emb':>8}{'p2/emb':>8}{'cal/emb':>8}")
for t in terms:
    f = [p.get("link", {}).get(t) for p in probes]
    e, c = at(embedded, t, b), at(own, t, b)
    cell = lambda x: f"{x['ms']:.3f} ({100 * x['rel_sd']:.0f} %)" if x else "-"
    ratio = lambda x: f"{x / e:.2f}" if x and e else "-"
    print(f"{t:<24}{cell(f[0]):>16}{cell(f[1]):>16}{c if c is None else round(c, 3):>12}"
          f"{round(e, 3):>10}{ratio(f[0] and f[0]['ms']):>8}{ratio(f[1] and f[1]['ms']):>8}"
          f"{ratio(c):>8}")
