"""A reading on runs already seen, judging nothing: the nine fast-link H100 runs of session 65
(run339-run347, three VMs of three runs each, run318.sh), every policy of the producer/consumer
and seed 001 priced from each calibration's terms, with the run's first probe, and with that
probe less its `fault_in` (offline55's three ways), per VM and pooled.
    python3 calibration/h100/offline60/fast_vms.py UMODEL   (in fast_vms.txt)
The same reading of other runs, named by number or range (later readings, offline64 on):
    python3 calibration/h100/offline60/fast_vms.py UMODEL 339-347 349-358 362-365
UMODEL: any build from b4c9196 on (rule R withdrawn) or before 58f4fb7. Each calibration's model
as offline54's m3prime.py builds it; the signed error of each prediction against the measured
median (`validate --final-beside --cpu-beside`)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline54"))
sys.path.insert(0, os.path.join(HERE, "..", "offline55"))
sys.path.insert(0, os.path.join(HERE, "..", "run348"))
from m3prime import link_of  # noqa: E402
from probe_one_thread import WAYS, moved_line, policy_rows, scopes, three_ways  # noqa: E402
from reading import vm_of  # noqa: E402

RUNS = [f"calibration/h100/run{n}/run{n}" for n in range(339, 348)]


def runs_of(args):
    """Run folders of `args`, each a run number (`362`) or an inclusive range (`339-347`)."""
    runs = []
    for a in args:
        lo, _, hi = a.partition("-")
        runs += [f"calibration/h100/run{n}/run{n}" for n in range(int(lo), int(hi or lo) + 1)]
    return runs


def main(U, runs=None):
    cells = three_ways(U, runs or RUNS, lambda d: [link_of(d), f"{link_of(d)}, VM {vm_of(d)[:12]}"])
    print("per workload and policy: cells (calibrations), median |error| %, beyond 5 %, "
          "signed range; " + " | ".join(WAYS))
    for key in sorted({k[0] for k in cells}, key=lambda k: (", VM" in k, k)):
        runs = sorted({x[0] for k, v in cells.items() if k[0] == key for x in v})
        print(f"\n{key}: {', '.join(runs)}")
        if ", VM" not in key:
            policy_rows(cells, key, WAYS)
        scopes(cells, key)
        print(moved_line(cells, key, "probe", "probe less fault_in"))


if __name__ == "__main__":
    main(sys.argv[1], runs_of(sys.argv[2:]))
