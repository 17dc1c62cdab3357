#!/bin/bash
# run256's reading (written before the call): the managed passes four ways (managed_passes.py,
# Q1), then seed 001 and the producer/consumer priced by the embedded model, with the run's
# in-trial migration probe, with probe-1.json and by the VM's calibration (run226's reading,
# which ends with each link figure beside the calibration's and the embedded model's terms; Q2
# is read from its managed-advise rows as plan.md says).
#   bash calibration/h100/run256/reading.sh UMODEL calibration/h100/run256/run256 > calibration/h100/run256/reading.txt
set -u
python3 $(dirname $0)/managed_passes.py $2
echo
bash $(dirname $0)/../run226/reading.sh $1 $2
