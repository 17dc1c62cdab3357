#!/bin/bash
# Makes models/h100.json as rules N and P adopted it (offline46/rule_n.py, in rule_n.txt;
# offline47/rule_p.py, in rule_p.txt): the handoff, its level shifts and noise from run110's
# minimal calibration with run111's and run113's full plan (as the model has had since
# 2026-12-02); each task term from the calibration whose price at 64 MiB is the median of the nine
# current-plan H100 calibrations on four VMs (run194: run193a's two and run193b's one; run195's,
# run196's and run198's two each; the lower middle of an even count; rule N took the first five),
# their run-to-run shifts from the same nine; the handoff fitted as before the host-level
# prefetch back (`--no-host-level`), as the h200 model's. No pool of the prefetch back: rule N5
# failed on run196's and run198's fresh VMs (their own calibrations priced from the pool put
# 59 of 136 and 47 of 100 cells beyond 5 %, without it 46 and 30; run196/readings.txt,
# run198/readings.txt), so `calibrate` on an H100 keeps its own (offline47/rule_n5.txt). run112
# is in none of it (the holdout). Only `created_utc` differs from one making to the next.
#
#     bash calibration/h100/offline46/make_embedded_h100.sh UMODEL [OUT]      (OUT: models/h100.json)
set -euo pipefail
U=${1:?usage: make_embedded_h100.sh UMODEL [OUT]}
OUT=${2:-models/h100.json}
cd "$(dirname "$0")/../../.."
H=calibration/h100
M=models/nvidia-h100-80gb-hbm3-ed53a484761b
S=(run194/run193a/data-1 run194/run193a/data-2 run194/run193b/data-1 run195/data-1 run195/data-2
   run196/data-1 run196/data-2 run198/data-1 run198/data-2)
args=(fit "$H/run110/data/$M.minimal.csv" --noise-from "$H/run111/data/$M.minimal.csv"
      --noise-from "$H/run113/full/$M.full.csv")
for s in "${S[@]}"; do args+=(--task-terms-from "$H/$s/$M.minimal.csv"); done
for s in "${S[@]}"; do args+=(--task-noise-from "$H/$s/$M.minimal.csv"); done
# The host's L3, which the facts files of these runs predate: what the nine task-term
# calibrations' runs recorded by `lscpu` (300 MiB each; run110's recorded none), so that a query on
# a host of another L3 is warned (since 2026-12-06).
C=(); for s in "${S[@]}"; do C+=("$H/$s/$M.minimal.csv"); done
L3=$(bash scripts/recorded-l3.sh "${C[@]}")
"$U" "${args[@]}" --no-host-level --host-l3 "$L3" -o "$OUT"
