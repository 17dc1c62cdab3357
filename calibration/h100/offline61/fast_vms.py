"""A reading judging nothing: every fast-link H100 run of run318.sh so far (run339-run358, seven
VMs, 1-3 runs each), every policy of the producer/consumer and seed 001 priced from each
calibration's terms, with the run's first probe as `--probe` prices today (rule R priced again
since e02186d), and with that probe less its `fault_in`: offline60's reading on all twenty runs,
per VM and pooled, to say how the probe does on one-thread tasks on the current code.
    python3 calibration/h100/offline61/fast_vms.py UMODEL   (in fast_vms.txt)
UMODEL: a build from e02186d on (rule R priced)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline60"))
import fast_vms  # noqa: E402

fast_vms.RUNS = [f"calibration/h100/run{n}/run{n}" for n in range(339, 359) if n != 348]

if __name__ == "__main__":
    fast_vms.main(sys.argv[1])
