#!/usr/bin/env python3
"""Rule for the embedded H200 model, written 2026-12-03 before any of its figures were computed:
does the host-level prefetch back (NOTES.md, "The prefetch back at the host's level"), adopted
for calibrations by heldout-back/judge2.py, also belong in the shipped `h200` model?

before: models/h200.json as shipped (fitted with --no-host-level).
after:  the same file with each knot's `host_prefetch_ms` taken from `umodel fit
        calibration/h200/run2/full-3.csv` (the embedded model's source, fitted with the part);
        the script checks that the two fits differ in nothing else.

Targets, none used in making the model, each given each trial's CPU update
(`validate --cpu-from-trials`):
  A. the six full runs of the H200 not in the recipe: run3/full-4, run5/full-5, run10/full-6,
     run26/full, run132/full, run133/full;
  B. the minimal calibrations of run75-run133 (the first CSV of each run; run109's, with its
     altered cell, left out as in the earlier rules).
Criteria, in each group: (a) pairs with median APE <= 1.0 % do not fall; (b) the prefetching
policies' largest APE, median over pairs, does not rise; (c) the median APE, median over pairs,
does not rise; (d) clear picks right do not fall; (e) pairs whose 90 % intervals hold >= 90 %
do not fall. Adopted when every criterion holds in both groups; then the shipped model takes
the part and the figures it moves are recorded again.

    python3 calibration/h200/embedded-back/judge.py UMODEL

from the repository root; output judge.txt beside this file.
"""
import glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1]
H = "calibration/h200"
FULL = ["run3/full-4.csv", "run5/full-5.csv", "run10/full-6.csv",
        "run26/full/models/nvidia-h200-0931b6b9ea7c.full.csv",
        "run132/full/models/nvidia-h200-0931b6b9ea7c.full.csv",
        "run133/full/models/nvidia-h200-0931b6b9ea7c.full.csv"]
PREFETCHING = ("managed-prefetch", "managed-advise-prefetch")


def minimal():
    out = []
    for n in range(75, 134):
        if n == 109:
            continue
        cs = sorted(glob.glob(f"{H}/run{n}/data/models/*.minimal*.csv"))
        if cs:
            out.append(cs[0][len(H) + 1:])
    return out


def run(args):
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return r.stdout


tmp = tempfile.mkdtemp()
shipped = json.load(open("models/h200.json"))
run([U, "fit", f"{H}/run2/full-3.csv", "-o", f"{tmp}/host.json"])
run([U, "fit", f"{H}/run2/full-3.csv", "--no-host-level", "-o", f"{tmp}/plain.json"])
host, plain = json.load(open(f"{tmp}/host.json")), json.load(open(f"{tmp}/plain.json"))
after = json.loads(json.dumps(shipped))
parts = 0
for p, ph, pp in zip(after["policies"], host["policies"], plain["policies"]):
    assert p["policy"] == ph["policy"] == pp["policy"]
    for k, kh, kp in zip(p["knots"], ph["knots"], pp["knots"]):
        extra = {x: v for x, v in kh.items() if x not in kp}
        assert set(extra) <= {"host_prefetch_ms"}, extra
        assert {x: v for x, v in kh.items() if x in kp} == kp, (p["policy"], k["bytes"])
        assert k == kp, ("the shipped model is the --no-host-level fit", p["policy"], k["bytes"])
        if extra:
            k.update(extra)
            parts += 1
json.dump(after, open(f"{tmp}/after.json", "w"))
models = {"before": "models/h200.json", "after": f"{tmp}/after.json"}

groups = {"A": FULL, "B": minimal()}
res = {}
for build, m in models.items():
    for g, targets in groups.items():
        for t in targets:
            s = json.loads(run([U, "validate", "--cpu-from-trials", "--json", "--model", m, f"{H}/{t}"]))
            pf = max(p["max_ape_pct"] for p in s["per_policy"] if p["policy"] in PREFETCHING)
            res.setdefault((build, g), []).append(
                (s["median_ape_pct"], pf, s["clear_picks_correct"], s["clear_picks_total"],
                 s["interval_coverage_pct"], s["max_ape_pct"], t))

out = [f"host-level part on {parts} knots; targets given each trial's CPU update", ""]
fig = {}
for g, targets in groups.items():
    out.append(f"group {g}: {len(targets)} targets ({targets[0]} ... {targets[-1]})")
    for build in models:
        r = res[(build, g)]
        f = (sum(x[0] <= 1.0 for x in r), st.median(x[0] for x in r), st.median(x[1] for x in r),
             sum(x[2] for x in r), sum(x[3] for x in r), sum(x[4] >= 90.0 for x in r),
             st.median(x[5] for x in r))
        fig[(build, g)] = f
        out.append(f"  {build:6}: {f[0]} of {len(r)} pairs <= 1.0 %, median {f[1]:.2f} %, prefetching max "
                   f"{f[2]:.1f} %, max {f[6]:.1f} %, clear picks {f[3]}/{f[4]}, intervals >= 90 % in {f[5]}")
    if g == "A":
        for b, a in zip(res[("before", g)], res[("after", g)]):
            out.append(f"    {a[6]}: median {b[0]:.2f} -> {a[0]:.2f} %, prefetching max {b[1]:.1f} -> "
                       f"{a[1]:.1f} %, coverage {b[4]:.1f} -> {a[4]:.1f} %")
ok = True
for g in groups:
    b, a = fig[("before", g)], fig[("after", g)]
    checks = {"(a) pairs <= 1.0 % do not fall": a[0] >= b[0],
              "(b) prefetching max does not rise": a[2] <= b[2],
              "(c) median APE does not rise": a[1] <= b[1],
              "(d) clear picks right do not fall": a[3] >= b[3],
              "(e) pairs with intervals >= 90 % do not fall": a[5] >= b[5]}
    out.append("")
    out += [f"group {g}: {k}: {'yes' if v else 'no'}" for k, v in checks.items()]
    ok = ok and all(checks.values())
out.append("adopted" if ok else "not adopted")
text = "\n".join(out) + "\n"
open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "judge.txt"), "w").write(text)
print(text, end="")
