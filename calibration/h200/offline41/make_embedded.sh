#!/bin/bash
# Makes models/h200.json as rules E and T adopted it (offline41/embedded.py, in embedded.txt;
# offline48/rule_t.py, in rule_t.txt): run2's handoff and level shifts, as the embedded model has
# had since 2026-11-30; its task terms, term by term, from the calibration whose price at 64 MiB
# is the median of the forty-three minimal calibrations of the current plan (the thirty pinned
# ones of run167-run187 and, since rule T, the thirteen of the fresh VMs run188-run199), and
# their run-to-run shifts from the same forty-three; the prefetch back
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
# Rule T (offline48/rule_t.txt): the thirteen calibrations of the six fresh VMs since, run188-
# run199, by the same plan. THIRTY_ONLY=1 leaves them out, and EXTRA_TERMS (space-separated
# paths) adds calibrations, as rule T judged its sets (the model until rule T is
# offline48/h200-until-2026-12-05.json).
if [ -z "${THIRTY_ONLY:-}" ]; then
  for c in run188/data-1 run190/data-1 run191/data-1 run191/data-2 run193/run193a/data-1 \
           run193/run193a/data-2 run193/run193b/data-1 run197/run197a/data-1 run197/run197a/data-2 \
           run197/run197b/data-1 run199/run199a/data-1 run199/run199a/data-2 run199/run199b/data-1; do
    S+=("$R/$c/$M.csv")
  done
  [ ${#S[@]} -eq 43 ] || { echo "expected 43 calibrations, found ${#S[@]}" >&2; exit 1; }
fi
for c in ${EXTRA_TERMS:-}; do S+=("$c"); done
for c in "${S[@]}"; do args+=(--task-terms-from "$c"); done
for c in "${S[@]}"; do args+=(--task-noise-from "$c"); done
for r in 77 78 79 83 84 92 93 95 96 97 98 99 100 101 102 103 104 105 106 107 114 115 116 117 118 \
         119 120 121 122 123 124; do
  args+=(--pool-from "$R/run$r/data/$M.csv")
done
# The host's L3, which the facts files of these runs predate: what the task-term calibrations'
# runs recorded by `lscpu` (300 MiB in each that recorded one; run167's and run168's, and run2's
# behind the handoff, recorded none), so that a query on a host of another L3 is warned (since
# 2026-12-06).
L3=$(bash scripts/recorded-l3.sh "${S[@]}")
"$U" "${args[@]}" --price-from-pool --no-host-level --host-l3 "$L3" -o "$OUT"
