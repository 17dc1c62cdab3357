"""Which figures of each committed H100 probe file `umodel probe` would name as off the embedded
`h100` model's price (ProbeAgainst::differs: more than 10 % and more than twice the figure's
rounds' relative spread; each term priced at its part's size, lat_ms + ms_per_gib * bytes / 2^30,
as TaskTerms prices it). A reading after run232, judging nothing.
    python3 calibration/h100/run232/differs.py"""
import glob
import json

emb = json.load(open("models/h100.json"))["task_terms"]
for path in sorted(glob.glob("calibration/h100/run2[2-9]*/run*/probe-1.json")):
    p = json.load(open(path))
    parts = [(p, p["bytes"])] + ([(p["link"], p["link"]["bytes"])] if "link" in p else [])
    off = []
    for part, b in parts:
        for term, f in part.items():
            c = emb.get(term)
            if not isinstance(f, dict) or c is None:
                continue
            model = c["lat_ms"] + c["ms_per_gib"] * b / 2**30
            r = f["ms"] / model
            if abs(r - 1) > max(0.10, 2 * f["rel_sd"]):
                off.append(f"{term} ×{r:.2f} (± {100 * f['rel_sd']:.0f} %)")
    print(f"{path}: {len(off)} named" + "".join(f"\n  {o}" for o in off))
