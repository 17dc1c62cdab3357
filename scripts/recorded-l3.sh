#!/usr/bin/env bash
# Prints the host L3 size (e.g. `300MiB`) that the runs of the calibration CSVs given recorded in
# their machine.txt (`lscpu`'s "L3 cache:" line; RUN/.../data-N/models/X.csv → RUN/.../machine.txt),
# for `umodel fit --host-l3` where the calibrations' facts files predate recording it (the
# embedded models' make scripts). Fails where the runs recorded two sizes or none; the runs that
# recorded none are named on stderr.
#   bash scripts/recorded-l3.sh CALIBRATION.csv...
set -euo pipefail
sizes=()
for c in "$@"; do
    d=$(dirname "$(dirname "$(dirname "$c")")")
    s=$(grep -hs "^L3 cache:" "$d/machine.txt" | awk '{print $3 $4}' | sort -u || true)
    if [ -z "$s" ]; then
        echo "recorded-l3: $d recorded no L3" >&2
    else
        sizes+=("$s")
    fi
done
[ ${#sizes[@]} -gt 0 ] || { echo "recorded-l3: none of the $# runs recorded an L3" >&2; exit 1; }
u=$(printf '%s\n' "${sizes[@]}" | sort -u)
[ "$(printf '%s\n' "$u" | wc -l)" -eq 1 ] || { echo "recorded-l3: the runs recorded several: $(echo $u)" >&2; exit 1; }
echo "recorded-l3: ${#sizes[@]} of $# runs recorded $u" >&2
echo "$u"
