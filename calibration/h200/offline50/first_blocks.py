#!/usr/bin/env python3
"""A reading, judging nothing: where a VM's first calibration spends the extra seconds of its
primitives on the H200 (offline42/walls.txt: the first longer by a median 0.46 s over 18 runs,
by 1.3-3.2 s in five). Per run with two calibrations or more of the current plan (run167-run199,
as walls.py reads them), per block of the primitives (the facts' `seconds.*`, but the handoff
blocks, which the pacer fits to its deadline): the first calibration (by `started_utc`) less the
median of the later ones, split into the block's timed cells (the sum of its rows' `time_ms` in
the calibration's CSV) and the rest of the block (allocations, fills, checks, warm-ups). Then,
per case of the managed group at 64 MiB, the first calibration's median trial over the later
ones' (the cells themselves). The same for the H100's runs of the current plan (run194 on),
whose first calibrations were not slower.

    python3 calibration/h200/offline50/first_blocks.py        (in first_blocks.txt)
"""
import collections, csv, glob, json, os, re, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
# A block's name in the facts (`seconds.managed 64 MiB`) against its rows' group and size; the
# managed group's 256 MiB rows are its host reads' block.
BLOCK = re.compile(r"^seconds\.(hbm|host_mapped|managed|prefetch|transfer)( host reads)? (\d+) MiB$")


def calibration(facts_path):
    """(started, {block: (seconds, timed cells' seconds)}, {managed 64 MiB case: [trial ms]})"""
    j = json.load(open(facts_path))
    cells = collections.defaultdict(float)
    cases = collections.defaultdict(list)
    for r in csv.DictReader(open(facts_path.replace(".facts.json", ".csv"))):
        if r["time_ms"]:
            cells[(r["group"], int(r["bytes"]) >> 20)] += float(r["time_ms"]) / 1000
            if r["group"] == "managed" and r["bytes"] == "67108864":
                cases[f"{r['policy']}/{r['case']}"].append(float(r["time_ms"]))
    blocks = {}
    for k, v in j["conditions"].items():
        m = BLOCK.match(k)
        if m:
            blocks[k[len("seconds."):]] = (float(v), cells[(m.group(1), int(m.group(3)))])
    return j["started_utc"], blocks, cases


def reading(gpu, first_run):
    """The reading over calibration/GPU's runs numbered first_run and on, as lines."""
    runs = []
    for d in sorted(glob.glob(os.path.join(ROOT, "calibration", gpu, "run[0-9]*"))):
        m = re.fullmatch(r"run(\d+)", os.path.basename(d))
        if not m or int(m.group(1)) < first_run:
            continue
        cals = sorted(calibration(f) for f in
                      glob.glob(os.path.join(d, "**", "models", "*.minimal.facts.json"), recursive=True)
                      if "old" not in os.path.relpath(f, d))
        if len(cals) >= 2:
            runs.append((os.path.basename(d), cals))

    out = ["the first calibration less the median of the later ones, seconds: the primitives' blocks "
           "(all, as offline42/walls.txt; their timed cells; the rest), then the blocks whose own rest "
           "(the block's first less its median) moved 0.15 s or more"]
    rest_by_block = collections.defaultdict(list)
    totals = []
    for run, cals in runs:
        first, later = cals[0][1], [c[1] for c in cals[1:]]
        diff = {}
        for b, (s, c) in first.items():
            ls = [x[b] for x in later if b in x]
            diff[b] = (s - st.median(v for v, _ in ls), c - st.median(v for _, v in ls))
        # The whole as walls.py takes it: the first's sum less the median of the later ones' sums.
        all_, cells = ((sum(v[i] for v in first.values()) - st.median(sum(v[i] for v in x.values()) for x in later))
                       for i in (0, 1))
        managed_rest = sum(s - c for b, (s, c) in diff.items() if b.startswith(("managed", "prefetch")))
        totals.append((run, all_, cells, all_ - cells, managed_rest, sum(s - c for s, c in diff.values())))
        for b, (s, c) in diff.items():
            rest_by_block[b].append(s - c)
        big = ", ".join(f"{b} {s - c:+.2f}" for b, (s, c) in sorted(diff.items()) if abs(s - c) >= 0.15)
        out.append(f"  {run}: {all_:+.2f} (cells {cells:+.2f}, rest {all_ - cells:+.2f}){'; ' + big if big else ''}")
    out.append(f"  {len(totals)} runs, median: all {st.median(t[1] for t in totals):+.2f}, cells "
               f"{st.median(t[2] for t in totals):+.2f}, rest {st.median(t[3] for t in totals):+.2f}; "
               f"the rest larger in the first in {sum(t[3] > 0 for t in totals)} of {len(totals)}")
    slow = [t for t in totals if t[1] >= 1.0]
    out.append(f"  the {len(slow)} runs whose first took 1 s or more longer ({', '.join(t[0] for t in slow)}): "
               f"cells {', '.join(f'{t[2]:+.2f}' for t in slow)}; rest {', '.join(f'{t[3]:+.2f}' for t in slow)}; "
               f"of the blocks' own rests (summed, {', '.join(f'{t[5]:+.2f}' for t in slow)}) the managed and prefetch "
               f"blocks' {', '.join(f'{t[4]:+.2f}' for t in slow)}")
    out.append("")
    out.append("each block's rest (the block less its timed cells), the first less the later ones' median, over the runs:")
    for b, v in sorted(rest_by_block.items(), key=lambda kv: -st.median(kv[1])):
        out.append(f"  {b:28s} median {st.median(v):+.2f} s, {min(v):+.2f} to {max(v):+.2f}, larger in the first in {sum(x > 0 for x in v)} of {len(v)}")
    out.append("")
    out.append("the managed group's cases at 64 MiB: the first calibration's median trial over the later ones' median, "
               "per run; then the median of those ratios over the runs")
    ratios = collections.defaultdict(list)
    for run, cals in runs:
        first, later = cals[0][2], [c[2] for c in cals[1:]]
        for case, t in first.items():
            ls = [st.median(x[case]) for x in later if x.get(case)]
            if t and ls:
                ratios[case].append(st.median(t) / st.median(ls))
    for case, v in sorted(ratios.items(), key=lambda kv: -st.median(kv[1])):
        out.append(f"  {case:40s} {st.median(v):.3f} ({min(v):.2f}-{max(v):.2f}; higher in the first in {sum(x > 1 for x in v)} of {len(v)})")
    return out


# The H200's runs as offline42/walls.py reads them; the H100's of the current plan (run194 on),
# whose first calibrations' primitives were not slower (calibration/h100/run220/walls.txt).
out = reading("h200", 167) + ["", "", "the same on the H100 (calibration/h100, run194 on):", ""] + reading("h100", 194)
open(os.path.join(HERE, "first_blocks.txt"), "w").write("\n".join(out) + "\n")
print("\n".join(out))
