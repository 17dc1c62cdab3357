#!/bin/bash
# run226's reading (written before the call): seed 001 and the producer/consumer priced by the
# embedded model of the run's GPU with no probe, with the run's in-trial migration probe
# (--probe), with the link probe taken before the workloads (--probe-from probe-1.json, migration
# and link) and by the VM's own calibration; then each link figure of both probes beside the
# same term of the calibration and of the embedded model at 64 MiB (link_terms.py).
#   bash calibration/h100/run226/reading.sh UMODEL DIR > DIR/../reading.txt
set -u
U=$1; D=$2
M=h100; grep -q H200 $D/machine.txt && M=h200
for t in "seed-001 workload" "producer-consumer prodcons"; do
  set -- $t
  for how in "-m $M" "-m $M --probe" "-m $M --probe-from $D/probe-1.json" "-m $D/model-minimal-1.json"; do
    echo "# umodel validate $how --task tasks/$1.json $D/$2.csv --final-beside --cpu-beside"
    $U validate $how --task tasks/$1.json $D/$2.csv --final-beside --cpu-beside 2>&1
    echo
  done
done
python3 $(dirname $0)/link_terms.py $M $D
