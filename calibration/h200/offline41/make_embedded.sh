#!/bin/bash
# Makes models/h200.json as rule E adopted it (offline41/embedded.py, in embedded.txt): run2's
# handoff and level shifts, as the embedded model has had since 2026-11-30; its task terms, term by
# term, from the calibration whose price at 64 MiB is the median of the thirty pinned minimal
# calibrations of run167-run187, and their run-to-run shifts from the same thirty; the prefetch back
# priced from its pool over run77-run124 ("The prefetch back, priced from a pool"); the handoff
# fitted as before the host-level prefetch back (`--no-host-level`, "The embedded model keeps its
# prefetch back unscaled"). Only `created_utc` differs from one making to the next.
#
#     bash calibration/h200/offline41/make_embedded.sh UMODEL [OUT]      (OUT: models/h200.json)
#     EXTRA_TERMS="a.csv b.csv" bash calibration/h200/offline41/make_embedded.sh UMODEL OUT
set -euo pipefail
U=${1:?usage: make_embedded.sh UMODEL [OUT]}
OUT=${2:-models/h200.json}
cd "$(dirname "$0")/../../.."
R=calibration/h200
M=models/nvidia-h200-0931b6b9ea7c.minimal
args=(fit "$R/run2/full-3.csv")
for n in full-1 minimal-1 minimal-2 minimal-3; do args+=(--noise-from "$R/run2/$n.csv"); done
S=()
for c in $R/run1[6-8][0-9]/*/$M.csv; do
  n=${c#$R/run}; n=${n%%/*}
  case $c in *old*|*free*) continue ;; esac
  if [ "$n" -ge 167 ] && [ "$n" -le 187 ]; then S+=("$c"); fi
done
[ ${#S[@]} -eq 30 ] || { echo "expected 30 calibrations, found ${#S[@]}" >&2; exit 1; }
# EXTRA_TERMS: more calibrations (space-separated paths) for a rule that judges a larger set
# (offline48/rule_r.py); unset, the model is the thirty's.
for c in ${EXTRA_TERMS:-}; do S+=("$c"); done
for c in "${S[@]}"; do args+=(--task-terms-from "$c"); done
for c in "${S[@]}"; do args+=(--task-noise-from "$c"); done
for r in 77 78 79 83 84 92 93 95 96 97 98 99 100 101 102 103 104 105 106 107 114 115 116 117 118 \
         119 120 121 122 123 124; do
  args+=(--pool-from "$R/run$r/data/$M.csv")
done
"$U" "${args[@]}" --price-from-pool --no-host-level -o "$OUT"
