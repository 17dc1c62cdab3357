#!/usr/bin/env python3
"""Rule 3, written 2026-12-03 after the change was adopted by rule 2 (judge2.txt) and before
run133's data came back: the same four criteria on a second fresh VM's full plan (run133,
run132.sh), alone and pooled with run132 and the three earlier held-out runs. The change stays
on main either way; if it fails here, NOTES.md reports the adoption as mixed and says so.

    python3 calibration/h200/heldout-back/judge3.py BEFORE AFTER

from the repository root; output judge3.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

BUILDS = {"before": sys.argv[1], "after": sys.argv[2]}
H = "calibration/h200"
NEW = ["run133/full/models/nvidia-h200-0931b6b9ea7c.full.csv"]
HELD_OUT = ["run132/full/models/nvidia-h200-0931b6b9ea7c.full.csv", "run5/full-5.csv", "run10/full-6.csv", "run26/full/models/nvidia-h200-0931b6b9ea7c.full.csv"]
SEEN = ["run2/full-1.csv", "run2/full-3.csv", "run3/full-4.csv"]
PREFETCHING = ("managed-prefetch", "managed-advise-prefetch")


def calibrations():
    out = []
    for n in range(81, 134):
        if n == 109:
            continue
        cs = sorted(glob.glob(f"{H}/run{n}/data/models/*.minimal*.csv"))
        if cs:
            out.append((f"run{n}", cs[0]))
    return out


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return r.stdout


tmp = tempfile.mkdtemp()
cals = calibrations()
res = {}  # (build, targets) -> list of (median, prefetching max, clear right, clear total)
for build, u in BUILDS.items():
    for name, csv in cals:
        m = f"{tmp}/{build}-{name}.json"
        run([u, "fit", csv, "-o", m])
        for group, targets in (("new", NEW), ("held out", HELD_OUT), ("seen", SEEN)):
            for t in targets:
                s = json.loads(run([u, "validate", "--cpu-from-trials", "--json", "--model", m, f"{H}/{t}"]))
                pf = max(p["max_ape_pct"] for p in s["per_policy"] if p["policy"] in PREFETCHING)
                res.setdefault((build, group), []).append(
                    (s["median_ape_pct"], pf, s["clear_picks_correct"], s["clear_picks_total"],
                     s["max_ape_pct"]))

out = [f"{len(cals)} calibrations ({cals[0][0]}-{cals[-1][0]} but run109) against each target, given each",
       "trial's CPU update; per build: pairs with median APE <= 1.0 %, the median over pairs of the",
       "median APE, of the prefetching policies' largest APE and of the largest APE; clear picks right", ""]
fig = {}
res[("before", "pooled")] = res[("before", "new")] + res[("before", "held out")]
res[("after", "pooled")] = res[("after", "new")] + res[("after", "held out")]
LISTS = {"new": NEW, "held out": HELD_OUT, "seen": SEEN, "pooled": NEW + HELD_OUT}
for group in ("new", "pooled", "held out", "seen"):
    out.append(f"{group}: {', '.join(LISTS[group])}")
    for build in BUILDS:
        r = res[(build, group)]
        f = (sum(x[0] <= 1.0 for x in r), st.median(x[0] for x in r), st.median(x[1] for x in r),
             sum(x[2] for x in r), sum(x[3] for x in r), st.median(x[4] for x in r))
        fig[(build, group)] = f
        out.append(f"  {build:6}: {f[0]} of {len(r)} pairs <= 1.0 %, median {f[1]:.2f} %, prefetching max "
                   f"{f[2]:.1f} %, max {f[5]:.1f} %, clear picks {f[3]}/{f[4]}")
ok = True
for group in ("new", "pooled"):
    b, a = fig[("before", group)], fig[("after", group)]
    checks = {"(a) pairs <= 1.0 % do not fall": a[0] >= b[0],
              "(b) prefetching max does not rise": a[2] <= b[2],
              "(c) median APE does not rise": a[1] <= b[1],
              "(d) clear picks right do not fall": a[3] >= b[3]}
    out.append("")
    out += [f"{group}: {k}: {'yes' if v else 'no'}" for k, v in checks.items()]
    ok = ok and all(checks.values())
out.append("adopted" if ok else "not adopted")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "judge3.txt"), "w").write(text)
print(text, end="")
