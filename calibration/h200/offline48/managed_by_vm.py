#!/usr/bin/env python3
"""A reading, judging nothing: the programs written without umodel's code on the five fresh H200
VMs that ran them (run188, run190, run191, run197, run199), each configuration's signed error per
policy on each of the VM's calibrations as `calibrate` wrote them and on the embedded `h200`
model, given the medians of its plain phases and its thread counts (offline40/common.py's
`programs_in` and `predict`, as run197/readings.py prices them). Then, per configuration and
policy measured on every VM, the range of its errors over the VMs' own calibrations: how far a
row moves between VMs.

    SHIPPED=calibration/h200/offline48/h200-until-2026-12-05.json \
        python3 calibration/h200/offline48/managed_by_vm.py UMODEL      (in managed_by_vm.txt)
"""
import glob, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
import common as c  # noqa: E402  (reads UMODEL from argv)

VMS = ["run188", "run190", "run191", "run197/run197b", "run199/run199b"]
# managed_by_vm.txt priced the thirty's model (SHIPPED=calibration/h200/offline48/h200-until-2026-12-05.json).
EMBEDDED = os.environ.get("SHIPPED", os.path.join(c.ROOT, "models", "h200.json"))
POLICIES = ["explicit-copy", "host-mapped", "managed", "managed-prefetch", "managed-advise",
            "managed-advise-prefetch"]
lines = [f"{'VM':16} {'configuration':24} {'model':18} " + " ".join(f"{p[:16]:>16}" for p in POLICIES)]
own = {}
for vm in VMS:
    d = os.path.join(c.H, vm)
    models = sorted(glob.glob(os.path.join(d, "model-minimal-*.json"))) + [EMBEDDED]
    for cfg, tf, cpu, gpu, fin, pol in c.programs_in(d):
        for m in models:
            err = {q["policy"]: 100 * (q["time_ms"] - c.med(pol[q["policy"]])) / c.med(pol[q["policy"]])
                   for q in c.predict(m, tf, cpu, gpu, fin) if q["policy"] in pol}
            name = "h200 (embedded)" if m == EMBEDDED else os.path.basename(m)[:-5]
            lines.append(f"{vm:16} {cfg:24} {name:18} "
                         + " ".join(f"{err[p]:+16.1f}" if p in err else f"{'':>16}" for p in POLICIES))
            if m != EMBEDDED:
                for p, e in err.items():
                    own.setdefault((cfg, p), {}).setdefault(vm, []).append(e)
lines += ["", "per configuration and policy measured on all five VMs: the range of its errors over the VMs' own calibrations"]
for (cfg, p), by in sorted(own.items()):
    if len(by) == len(VMS):
        v = [e for es in by.values() for e in es]
        lo, hi = min(v), max(v)
        lines.append(f"  {cfg:24} {p:24} {lo:+6.1f} .. {hi:+6.1f} %  ({hi - lo:.1f} points)")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "managed_by_vm.txt"), "w").write(text)
print(text, end="")
