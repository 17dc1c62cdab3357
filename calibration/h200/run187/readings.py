#!/usr/bin/env python3
"""run187's reading, written before the call (run187.sh says what runs). umodel's four
validation workloads, run pinned and unpinned, each validated on both of the run's calibrations
(`validate --task ... --final-beside --cpu-beside --probe`, every cell's paired error) two ways:
as they ran (the facts beside the CSV say the harness's pinning, which since rule D decides
whether a suite row pays the move's deferred cost) and as if the other way (the same CSV beside
facts whose `cpu_update` says the other).

  C1. the unpinned rows: priced as they ran, no more cells beyond 5 % than priced as pinned, and
      the prefetching rows' (managed-prefetch, managed-advise-prefetch) median |error| lower;
  C2. the pinned rows: priced as they ran, the prefetching rows' median |error| no higher than
      priced as unpinned.
"The adopted pricing fits the suite's own rows both ways" if both hold.

    python3 calibration/h200/run187/readings.py UMODEL        (in readings.txt)
"""
import glob, json, os, shutil, statistics as st, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
UM = sys.argv[1]
TASKS = {"workload": ["seed-001", "seed-001-overlapped"], "partial": ["partial-update"],
         "compute": ["compute-bound"], "prodcons": ["producer-consumer"]}
PREFETCHING = ("managed-prefetch", "managed-advise-prefetch")
SAYS = {"pinned": "single thread pinned to core 15", "free": "single thread, not pinned"}
tmp = tempfile.mkdtemp()


def med(v):
    return st.median(v) if v else float("nan")


def cells(side, priced):
    """Every paired error of `side`'s rows, priced as if the harness were `priced`."""
    out = []
    for group, tasks in TASKS.items():
        src = os.path.join(HERE, f"{group}-{side}.csv")
        if not os.path.exists(src):
            continue
        csv = os.path.join(tmp, f"{group}-{side}-as-{priced}.csv")
        shutil.copy(src, csv)
        facts = json.load(open(os.path.join(HERE, f"{group}-{side}.facts.json")))
        facts["conditions"]["cpu_update"] = SAYS[priced]
        json.dump(facts, open(csv[:-4] + ".facts.json", "w"))
        for m in sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json"))):
            for task in tasks:
                p = subprocess.run([UM, "validate", "-m", m, "--task", os.path.join(ROOT, "tasks", f"{task}.json"),
                                    csv, "--final-beside", "--cpu-beside", "--probe", "--json"],
                                   capture_output=True, text=True)
                if p.returncode:
                    sys.exit(f"{csv} {task}: {p.stderr.strip()}")
                for q in json.loads(p.stdout)["points"]:
                    if q.get("paired_error_pct") is not None:
                        out.append((task, q["policy"], q["reuse"], os.path.basename(m), q["paired_error_pct"]))
    return out


out = []
fig = {}
for side in ("free", "pinned"):
    for priced in ("free", "pinned"):
        c = cells(side, priced)
        e = [abs(x[4]) for x in c]
        pf = [abs(x[4]) for x in c if x[1] in PREFETCHING]
        fig[(side, priced)] = (sum(x > 5 for x in e), med(pf), len(e))
        out.append(f"{side:6} rows priced as {priced:6}: {len(e)} cells, beyond 5 % {sum(x > 5 for x in e)}, "
                   f"median |error| {med(e):.2f} %; prefetching rows ({len(pf)}) median |error| {med(pf):.2f} %, "
                   f"signed {med([x[4] for x in c if x[1] in PREFETCHING]):+.2f} %")
        if priced == side:
            for x in c:
                if x[1] in PREFETCHING:
                    out.append(f"    {x[0]:20} {x[1]:24} R{x[2]:<4} {x[3]:22} {x[4]:+6.2f} %")
out.append("")
a, b = fig[("free", "free")], fig[("free", "pinned")]
c1 = a[2] > 0 and a[0] <= b[0] and a[1] < b[1]
p, q = fig[("pinned", "pinned")], fig[("pinned", "free")]
c2 = p[2] > 0 and p[1] <= q[1]
out.append(f"C1 (unpinned rows, as run against as pinned): beyond 5 % {a[0]} vs {b[0]}, prefetching median "
           f"{a[1]:.2f} vs {b[1]:.2f} %: {'yes' if c1 else 'no'}")
out.append(f"C2 (pinned rows, as run against as unpinned): prefetching median {p[1]:.2f} vs {q[1]:.2f} %: "
           f"{'yes' if c2 else 'no'}")
out.append("the adopted pricing fits the suite's own rows both ways: " + ("yes" if c1 and c2 else "not shown"))
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
