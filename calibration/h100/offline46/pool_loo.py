#!/usr/bin/env python3
"""A reading, judging nothing (rule N5 on run196 judges): the prefetch-back pool on the H100s, one
VM left out at a time, in the style of the H200's "seen: leave one out" column ("The prefetch
back, priced from a pool"). For each H100 VM with tasks, each of its calibrations fitted by UMODEL
as it stands (no pool) and priced from a pool of every other H100 calibration (`fit --pool-from
... --price-from-pool`; run110, run111, run112, run194's three, run195's two, less the VM's own);
its tasks priced by both: the workloads (paired with both passes beside each row, from the terms
alone and with the run's probe) and run195's programs (given their plain phases and threads).

    python3 calibration/h100/offline46/pool_loo.py UMODEL        (in pool_loo.txt)
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

VMS = {  # VM: (its calibrations, its workload tables [(path, group)], its programs folder or None)
    "run110": (["run110/data"], [(f"run110/tasks-62-{g}.csv", g) for g in ("prodcons", "workload", "partial")], None),
    "run111": (["run111/data"], [(f"run111/tasks-63-{g}.csv", g) for g in ("prodcons", "workload", "compute")], None),
    "run112": (["run112/data"], [(f"run112/tasks-64-{g}.csv", g) for g in ("prodcons", "workload", "partial", "compute")], None),
    "run194": (n.CAL["run194"], [(f"run194/run193a/{g}.csv", g) for g in ("prodcons", "workload", "partial")]
               + [("run194/run193b/compute.csv", "compute")], None),
    "run195": (n.CAL["run195"], [], "run195"),
}
ALL = [c for cals, _, _ in VMS.values() for c in cals]


def workloads(model, tables, probe):
    return n.workloads(model, [(os.path.join(n.H, t), g) for t, g in tables], probe)


lines = []
say = lines.append
totals = {}
for vm, (cals, tables, progs) in VMS.items():
    others = [c for c in ALL if c not in cals]
    for c in cals:
        own, pooled = (os.path.join(n.TMP, f"{vm}-{i}.json") for i in ("own", "pooled"))
        n.run([n.UM, "fit", n.minimal(c), "-o", own])
        args = [n.UM, "fit", n.minimal(c), "-o", pooled, "--price-from-pool"]
        for o in others:
            args += ["--pool-from", n.minimal(o)]
        n.run(args)
        t = json.load(open(pooled))["task_terms"]
        used = "priced from the pool" if t.get("priced_from_pool") else "kept its own (outside the pool)"
        say(f"{c}: {used}")
        kinds = [("workloads, terms alone", lambda m: workloads(m, tables, False)),
                 ("workloads, the run's probe", lambda m: workloads(m, tables, True))]
        if progs:
            kinds.append(("programs", lambda m: n.programs(m, os.path.join(n.H, progs))))
        for kind, cells_of in kinds:
            a, b = cells_of(own), cells_of(pooled)
            if not a:
                continue
            (ba, ma, k), (bb, mb, _) = n.count(a), n.count(b)
            say(f"   {kind:<27} own {ba:>2} of {k} beyond 5 % (median {ma:.2f} %), pool {bb:>2} ({mb:.2f} %)")
            tot = totals.setdefault(kind, [[], []])
            tot[0] += a
            tot[1] += b
say("\nAll VMs together:")
for kind, (a, b) in totals.items():
    (ba, ma, k), (bb, mb, _) = n.count(a), n.count(b)
    say(f"   {kind:<27} own {ba:>2} of {k} beyond 5 % (median {ma:.2f} %), pool {bb:>2} ({mb:.2f} %)")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "pool_loo.txt"), "w").write(text)
print(text, end="")
