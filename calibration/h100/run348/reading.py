"""run348's reading (plan.md, written before any run it judges): rule R judged across VMs.
    python3 calibration/h100/run348/reading.py UMODEL DIR...
Each DIR a run of run318.sh on an H100 made after the plan, in the order they ran. Per link the
runs kept (at most three a VM, by GPU UUID in machine.txt), each moved cell now and under R
(offline58/rule_r.py's cells), then the verdict once six runs from two VMs or more are kept.
UMODEL: a build that does not price R (from b4c9196, which withdrew it)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline58"))
from rule_r import cells, show  # noqa: E402
from m3prime import link_of  # noqa: E402

PER_VM, RUNS, VMS = 3, 6, 2


def vm_of(d):
    """The run's GPU UUID, from machine.txt's `nvidia-smi -L` line."""
    with open(f"{d}/machine.txt") as f:
        for line in f:
            if "UUID:" in line:
                return line.split("UUID:")[1].strip(" )\n")
    raise SystemExit(f"{d}/machine.txt: no GPU UUID")


def main(U, dirs):
    kept, per = {}, {}
    for d in dirs:
        link, vm = link_of(d), vm_of(d)
        n = per.setdefault(link, {}).get(vm, 0)
        if n >= PER_VM or len(kept.get(link, [])) >= RUNS:
            print(f"{os.path.basename(d)} ({link}, VM {vm[:12]}): not kept ({PER_VM} from this "
                  f"VM or {RUNS} on this link already)")
            continue
        per[link][vm] = n + 1
        kept.setdefault(link, []).append(d)
    for link in sorted(kept):
        ds, vms = kept[link], per[link]
        _, moved = cells(U, ds)
        short = (f"{len(ds)} of {RUNS} runs from {len(vms)} of {VMS} VMs"
                 if len(ds) < RUNS or len(vms) < VMS else None)
        show(f"{link}: runs {', '.join(os.path.basename(d) for d in ds)}; VMs "
             + ", ".join(f"{v[:12]} ({n})" for v, n in vms.items()), moved.get(link, []), short)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
