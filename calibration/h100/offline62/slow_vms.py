"""A reading judging nothing: every slow-link H100 run so far with the producer/consumer and
seed 001 beside its calibrations and a probe (run313-run317 of run312.sh, run333-run337 and
run359-run361 of run318.sh; five VMs), every policy priced from each calibration's terms, with
the run's first probe as `--probe` prices today (rule R priced), and with that probe less its
`fault_in`: offline61's fast-link reading on the slow link, per VM and pooled.
    python3 calibration/h100/offline62/slow_vms.py UMODEL   (in slow_vms.txt)
UMODEL: a build from e02186d on (rule R priced)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline60"))
import fast_vms  # noqa: E402

fast_vms.RUNS = [f"calibration/h100/run{n}/run{n}"
                 for n in (313, 314, 316, 317, 333, 334, 335, 336, 337, 359, 360, 361)]

if __name__ == "__main__":
    fast_vms.main(sys.argv[1])
