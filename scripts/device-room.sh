#!/usr/bin/env bash
# Makes room in the working tree for a call to the GPU device, which copies every tracked file
# and what the call carries, 64 MiB in all; the committed runs under calibration/h200 and
# calibration/h100 are most of it (calibration/h200/README.md). Device commands need none of the
# older run folders. Under h200 whole run folders move; under h100 only a run folder's
# subfolders (its raw runs), so its scripts stay where a call runs them (run318/run318.sh).
#
#   scripts/device-room.sh out [MiB] [--keep DIR]...   move the largest run folders (not the
#                                                     kept ones, nor the three newest of each
#                                                     GPU) out
#                                                     until MiB are free; by
#                                                     default until what travels (tracked and
#                                                     untracked, not ignored) is at most 50 MiB,
#                                                     leaving room for the binaries a call carries
#   scripts/device-room.sh back                       put them back
#   scripts/device-room.sh status                     what is out, and the tree's size
#
# Folders go to $UMODEL_ROOM (default /tmp/umodel-device-room) and are listed in its `moved` file.
# Should that be lost, `git checkout -- calibration` restores every tracked file.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOM=${UMODEL_ROOM:-/tmp/umodel-device-room}
LIMIT=$((64 * 1024 * 1024))

# What a device call sends: tracked files and untracked ones git does not ignore (a run folder
# not yet committed counts too).
tree_bytes() {
    git ls-files -co --exclude-standard -z |
        while IFS= read -r -d '' f; do [ -f "$f" ] && stat -c %s "$f"; done |
        awk '{s += $1} END {print s + 0}'
}

# The default room: down to 50 MiB of the 64 a call may carry (a stripped, xz'd umodel is 1.7 MiB,
# the GPU test binary 0.9; calibration/h200/README.md). 56 left too little in practice: a call
# with 55.6 MiB and two builds of 3.0 MiB each was refused as over the limit (session 63,
# calibration/h200/run333/plan.md), one with 58.6 MiB in all went (session 62).
TARGET=$((50 * 1024 * 1024))

# Each run folder's bytes as tree_bytes counts them (its files' sizes; du would add the
# directories' own).
folder_bytes() {
    for d in calibration/h200/run[0-9]* calibration/h100/run[0-9]*/*/; do
        d=${d%/}
        find "$d" -type f -printf '%s\n' | awk -v d="$d" '{s += $1} END {print s + 0, d}'
    done
}

mib() { awk -v b="$1" 'BEGIN {printf "%.1f MiB", b / 1048576}'; }

case "${1:-status}" in
out)
    shift
    want_mib=
    keep=()
    while [ $# -gt 0 ]; do
        case "$1" in
        --keep) keep+=("${2%/}"); shift 2 ;;
        *) want_mib=$1; shift ;;
        esac
    done
    [ -s "$ROOM/moved" ] && { echo "folders are already out (scripts/device-room.sh back first):" >&2; cat "$ROOM/moved" >&2; exit 1; }
    mkdir -p "$ROOM"
    : > "$ROOM/moved"
    freed=0
    if [ -n "$want_mib" ]; then
        want=$((want_mib * 1024 * 1024))
    else
        want=$(($(tree_bytes) - TARGET))
    fi
    # Largest first. The three newest run folders stay: a call's script lives in one of them, not
    # always the newest (run116's call ran run114/run114.sh, and a start was lost when run114
    # went out with the others).
    newest=$(for g in h200 h100; do ls -d calibration/$g/run[0-9]* | sort -V | tail -3; done)
    while read -r bytes dir; do
        [ "$freed" -ge "$want" ] && break
        # An h100 subfolder goes by its run folder: kept or newest, it stays.
        run=$dir
        case $dir in calibration/h100/*/*) run=$(dirname "$dir") ;; esac
        grep -qxF "$run" <<< "$newest" && continue
        for k in "${keep[@]+"${keep[@]}"}"; do [ "$run" = "$k" ] && continue 2; done
        mkdir -p "$ROOM/$(dirname "$dir")"
        mv "$dir" "$ROOM/$dir"
        echo "$dir" >> "$ROOM/moved"
        freed=$((freed + bytes))
    done < <(folder_bytes | sort -rn)
    echo "moved $(wc -l < "$ROOM/moved") folders ($(mib "$freed")) to $ROOM; tracked files now $(mib "$(tree_bytes)") of $(mib $LIMIT)"
    ;;
back)
    [ -s "$ROOM/moved" ] || { echo "nothing is out"; exit 0; }
    n=0
    : > "$ROOM/left"
    while read -r dir; do
        if [ -e "$dir" ]; then
            echo "$dir exists in the tree; left $ROOM/$dir where it is" >&2
            echo "$dir" >> "$ROOM/left"
            continue
        fi
        mkdir -p "$(dirname "$dir")"
        mv "$ROOM/$dir" "$dir"
        n=$((n + 1))
    done < "$ROOM/moved"
    mv "$ROOM/left" "$ROOM/moved"
    echo "put back $n folders; git status: $(git status --short calibration | wc -l) changed paths under calibration"
    if [ -s "$ROOM/moved" ]; then exit 1; fi
    ;;
status)
    if [ -s "$ROOM/moved" ]; then echo "out:"; sed 's/^/  /' "$ROOM/moved"; else echo "nothing is out"; fi
    echo "tracked files in the tree: $(mib "$(tree_bytes)") of the $(mib $LIMIT) a device call may carry (with what it carries)"
    ;;
*)
    sed -n '2,14p' "$0" >&2
    exit 2
    ;;
esac
