"""A reading judging nothing: offline65's reading of every fast-link H100 run of run318.sh
(run339-run358 but run348, run362-run367; thirteen VMs) with the one fast-link run since, run368
(GPU-9b352460, a VM new to these runs): every policy of the producer/consumer and seed 001
priced from each calibration's terms, with the run's first probe, and with that probe less its
`fault_in`, per VM and pooled.
    python3 calibration/h100/offline66/fast_vms.py UMODEL   (in fast_vms.txt)
UMODEL: a build from e02186d on (rule R priced)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline60"))
import fast_vms  # noqa: E402

fast_vms.RUNS = [f"calibration/h100/run{n}/run{n}"
                 for n in list(range(339, 359)) + list(range(362, 369)) if n != 348]

if __name__ == "__main__":
    fast_vms.main(sys.argv[1])
