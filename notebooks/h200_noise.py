# %% [markdown]
# # Where the handoff time goes on the H200, and how much it moves
#
# A notebook in percent format (VS Code and Jupyter open it as cells; `python3 notebooks/h200_noise.py`
# runs it as a script). Standard library only. It reads the committed runs under `calibration/h200/`
# and prints the two facts NOTES.md builds on: the CPU update dominates every alternation, and it moves
# in levels, within a run from trial to trial and between runs as a whole.

# %%
import csv
import statistics as st
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "calibration" / "h200"


def cells(name):
    out = defaultdict(list)
    with open(ROOT / name) as f:
        for r in csv.DictReader(f):
            if r["group"] == "handoff" and r["check"] != "failed":
                out[(r["policy"], int(r["bytes"]) >> 20, r["case"], r["reuse"])].append(float(r["time_ms"]))
    return out


full = cells("full.csv")

# %% [markdown]
# ## Stage breakdown at 1 GiB, R = 1 (medians, ms)

# %%
policies = ["explicit-copy", "host-mapped", "managed", "managed-prefetch", "managed-advise", "managed-advise-prefetch"]
print(f"{'policy':<25} {'total':>8} {'cpu':>8} {'in':>7} {'passes':>7} {'out':>7}")
for p in policies:
    get = lambda case: st.median(full[(p, 1024, case, "1")])
    print(f"{p:<25} {get('alternating'):8.1f} {get('stage:cpu'):8.1f} {get('stage:move_in'):7.1f} "
          f"{get('stage:passes'):7.2f} {get('stage:move_out'):7.1f}")

# %% [markdown]
# ## The CPU update moves in levels within a run (explicit copy, 1 GiB, every R)

# %%
for r in ["1", "2", "4", "8", "16", "32"]:
    v = full[("explicit-copy", 1024, "stage:cpu", r)]
    print(f"R={r:>2}: " + " ".join(f"{x:6.1f}" for x in v))

# %% [markdown]
# ## ... and between runs (R = 1 medians, ms: minimal A, minimal B, full, suite)

# %%
runs = {name: cells(f"{name}.csv") for name in ["minimal-a", "minimal-b", "full", "suite"]}
for p in policies:
    for size in [16, 256, 1024]:
        vals = [runs[n].get((p, size, "alternating", "1")) for n in runs]
        if all(vals):
            meds = [st.median(v) for v in vals]
            spread = 100 * (max(meds) / min(meds) - 1)
            print(f"{p:<25} {size:>5} MiB " + " ".join(f"{m:8.2f}" for m in meds) + f"   max/min {spread:5.1f} %")

# %% [markdown]
# ## Two levels (run2, the final code): explicit copy, CPU stage per trial, by R
#
# The second session's full-plan run (`run2/full-3.csv`, 7–21 trials per cell). At 256 MiB and 1 GiB
# the update runs at one of two speeds 1.34x apart, holding each for several seconds; a cell's median
# is whichever level most of its trials saw.

# %%
def stage_cpu(path, policy):
    out = defaultdict(list)
    with open(path) as f:
        for r in csv.DictReader(f):
            if r["group"] == "handoff" and r["policy"] == policy and r["case"] == "stage:cpu":
                out[(int(r["bytes"]) >> 20, r["reuse"])].append(float(r["time_ms"]))
    return out


run2 = stage_cpu(ROOT / "run2" / "full-3.csv", "explicit-copy")
for size in [256, 1024]:
    for r in ["1", "2", "4", "8", "16", "32"]:
        v = run2[(size, r)]
        print(f"{size:>5} MiB R={r:>2}: " + " ".join(f"{x:6.1f}" for x in v))
    both = sorted(x for r in ["1", "2", "4", "8", "16", "32"] for x in run2[(size, r)])
    gap = max(range(len(both) - 1), key=lambda i: both[i + 1] / both[i])
    fast, slow = st.median(both[: gap + 1]), st.median(both[gap + 1 :])
    print(f"{size:>5} MiB: levels {fast:.1f} and {slow:.1f} ms (x{slow / fast:.2f}), "
          f"fast level in {100 * (gap + 1) / len(both):.0f} % of {len(both)} trials")
