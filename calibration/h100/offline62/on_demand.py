"""A reading on runs already seen, judging nothing: with each run's own calibration, how a
one-thread task prices under `--probe` when the probe's on-demand migration figures (`fault_in`,
`fault_in_scalar_one_thread`, `cpu_fault_back`) are left out, so those steps keep the
calibration's price while the probe's prefetch steps and link passes still price. Every fast-link
H100 run of run318.sh (run339-run358 but the plan run348) and every slow-link run with a probe
and both one-thread workloads (run313-run317, run333-run337, run359-run361); the producer/consumer
and seed 001, every policy, three ways: the terms, the probe as `--probe` prices today (rule R
priced), and the probe less its on-demand figures. Per link: each row, then the cells the last way
moves from today's, as rule R's criteria read a move.
    python3 calibration/h100/offline62/on_demand.py UMODEL   (in on_demand.txt)
UMODEL: a build from e02186d on (rule R priced)."""
import os
import statistics as st
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline54"))
sys.path.insert(0, os.path.join(HERE, "..", "offline55"))
from m3prime import WORK, link_of  # noqa: E402
from probe_one_thread import moved_line, three_ways  # noqa: E402

FAST = [f"calibration/h100/run{n}/run{n}" for n in range(339, 359) if n != 348]
SLOW = [f"calibration/h100/run{n}/run{n}"
        for n in (313, 314, 316, 317, 333, 334, 335, 336, 337, 359, 360, 361)]
ON_DEMAND = ("fault_in", "fault_in_scalar_one_thread", "cpu_fault_back")
WAYS = ["terms", "probe", "probe less on-demand"]


def cells_of(U, runs):
    """`cells[(link, task, policy, way)]`: (run, calibration, signed error %) for each way."""
    return three_ways(U, runs, lambda d: [link_of(d)], ON_DEMAND, WAYS)


def main(U):
    cells = cells_of(U, FAST + SLOW)
    print("per link, workload and policy: median |error| %, cells beyond 5 % of n; "
          + " | ".join(WAYS))
    for link in sorted({k[0] for k in cells}):
        runs = sorted({x[0] for k, v in cells.items() if k[0] == link for x in v})
        print(f"\n{link}: {', '.join(runs)}")
        for pol in sorted({k[2] for k in cells if k[0] == link}):
            for _, task in WORK:
                parts = []
                for way in WAYS:
                    e = [x[2] for x in cells[(link, task, pol, way)]]
                    parts.append(f"{st.median(abs(v) for v in e):5.2f} % "
                                 f"{sum(abs(v) > 5 for v in e):2d} of {len(e)}")
                print(f"  {task:<18} {pol:<24} " + " | ".join(parts))
        print(moved_line(cells, link, "probe", "probe less on-demand"))


if __name__ == "__main__":
    main(sys.argv[1])
