#!/bin/bash
# A reading after the call, judging nothing: run225's two workloads (seed 001 at 8 trials, the
# producer/consumer at 15) priced by the embedded `h100` model and by each of the VM's three
# calibrations, given the phases the same run timed beside each row (`umodel validate --task`),
# from the terms alone and with the run's probe (`--probe`: the migrating steps at the rates the
# run measured beside its plain phases).
#   bash calibration/h100/run225/validate.sh UMODEL        (> calibration/h100/run225/validate.txt)
set -eu
UM=$1; D=calibration/h100/run225/run225
{
  for m in h100 $D/data-1/models/*[0-9a-f].json $D/data-2/models/*[0-9a-f].json $D/data-3/models/*[0-9a-f].json; do
    for t in seed-001:workload producer-consumer:prodcons; do
      for probe in "" --probe; do
        echo "# umodel validate -m $m --task tasks/${t%%:*}.json $D/${t##*:}.csv --final-beside --cpu-beside $probe"
        "$UM" validate -m "$m" --task "tasks/${t%%:*}.json" "$D/${t##*:}.csv" --final-beside --cpu-beside $probe 2>&1 | grep -v "^umodel: using"
        echo
      done
    done
  done
} > calibration/h100/run225/validate.txt
