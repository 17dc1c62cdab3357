"""Rule T's reading (plan.md, written before any run it judges).
    python3 calibration/h100/offline62/rule_t.py UMODEL DIR...
Each DIR a run of run318.sh on a slow-link H100 made after the plan, in the order they ran (a
fast-link run is named and skipped). The runs kept (at most three a VM, by GPU UUID), each moved
cell (the one-thread tasks' managed and managed-advise rows) now and under T, the criteria and,
once six runs from two VMs or more are kept, the verdict.
UMODEL: a build from e02186d on."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "run348"))
sys.path.insert(0, os.path.join(HERE, "..", "offline58"))
from on_demand import cells_of, link_of  # noqa: E402
from reading import vm_of  # noqa: E402
from rule_r import verdict  # noqa: E402

PER_VM, RUNS, VMS = 3, 6, 2
ROWS = ("managed", "managed-advise")


def main(U, dirs):
    kept, per = [], {}
    for d in dirs:
        name = os.path.basename(d)
        if not link_of(d).startswith("slow"):
            print(f"{name}: {link_of(d)}, not this rule's link")
            continue
        vm = vm_of(d)
        if per.get(vm, 0) >= PER_VM or len(kept) >= RUNS:
            print(f"{name} (VM {vm[:12]}): not kept ({PER_VM} from this VM or {RUNS} already)")
            continue
        per[vm] = per.get(vm, 0) + 1
        kept.append(d)
    if not kept:
        print("no slow-link run kept")
        return
    cells = cells_of(U, kept)
    now = {(k[1], k[2]): v for k, v in cells.items() if k[3] == "probe" and k[2] in ROWS}
    t = {(k[1], k[2]): v for k, v in cells.items()
         if k[3] == "probe less on-demand" and k[2] in ROWS}
    cs = [(a[0], a[1], task, pol, a[2], b[2])
          for (task, pol), v in sorted(now.items()) for a, b in zip(v, t[(task, pol)])
          if abs(a[2] - b[2]) > 1e-9]
    print(f"slow link: runs {', '.join(os.path.basename(d) for d in kept)}; VMs "
          + ", ".join(f"{v[:12]} ({n})" for v, n in per.items()))
    for c in cs:
        print(f"  {c[0]} cal {c[1]} {c[2]:<18} {c[3]:<16} now {c[4]:+7.2f} %   T {c[5]:+7.2f} %")
    if not cs:
        print("  no cell moved")
        return
    # (3''): at most one moved cell in twenty may end beyond 5 % more than 2 points worse.
    line, ok = verdict(cs, allowed=len(cs) // 20)
    print(f"{line} (at most {len(cs) // 20} allowed)")
    if len(kept) < RUNS or len(per) < VMS:
        print(f"  {len(kept)} of {RUNS} runs from {len(per)} of {VMS} VMs: read, not judged")
    else:
        print(f"  rule T {'passes' if ok else 'does not pass'} on the slow link")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
