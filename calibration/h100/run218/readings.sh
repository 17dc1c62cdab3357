#!/bin/bash
# run218's and run219's readings.txt: run197's reading with the shipped h100 model, then rule P on
# each part. Judging nothing but rule P's Q1 (plan.md).
#   bash calibration/h100/run218/readings.sh UMODEL run218      (and run219)
set -eu
UM=$1; RUN=$2; D=calibration/h100/$RUN
{
  echo "# $RUN's readings (after the call; the plan in plan.md, judging nothing but rule P's Q1)"
  echo "# SHIPPED=h100 python3 calibration/h200/run197/readings.py UMODEL $D"
  echo
  SHIPPED=h100 python3 calibration/h200/run197/readings.py "$UM" $D
  echo
  echo "# python3 calibration/h100/offline47/rule_p_fresh.py UMODEL $D/${RUN}a, then ${RUN}b"
  echo
  for p in a b; do python3 calibration/h100/offline47/rule_p_fresh.py "$UM" $D/$RUN$p; done
} > $D/readings.txt
