#!/usr/bin/env bash
# The task queries' output, for comparing two builds byte for byte:
#   scripts/task-outputs.sh BINARY OUTDIR   (then: diff -r OUTDIR-A OUTDIR-B)
# Runs predict|choose|breakeven --task on every tasks/*.json, with and without --policy, --json and
# --explain, with --cpu-ms/--gpu-ms/--cpu-final-ms/--rounds/--reuse overrides, break-even pairs
# (crossing and not), a model without task terms, the default model, and bad input; keeps each
# invocation's stdout, stderr and exit status (about 4,000 invocations, 10 s). Copy both binaries to
# the same file name first: clap's usage lines name the program.
set -u
bin=$1
out=$2
mkdir -p "$out"
cd "$(dirname "$0")/.."
cases() {
  local T M o p pair
  T=$(ls tasks/*.json)
  local OV=("" "--cpu-ms 14.29 --gpu-ms 0.294" "--cpu-ms 14.29 --gpu-ms 0.294 --cpu-final-ms 26.51"
    "--rounds 16 --reuse 8" "--rounds 1" "--reuse 3.5 --gpu-ms 4.32" "--cpu-ms 0 --gpu-ms 0 --cpu-final-ms 0"
    "--rounds 1000 --cpu-ms 3 --gpu-ms 40" "--gpu-ms 50 --reuse 64")
  for m in h200 gb200-paper ""; do
    M=${m:+-m $m}
    for t in $T; do
      for o in "${OV[@]}"; do
        echo "choose $M --task $t $o"
        echo "choose $M --task $t $o --json"
        echo "predict $M --task $t $o"
        echo "predict $M --task $t $o --json"
        [ "$m" = h200 ] || continue
        echo "predict $M --task $t $o --explain"
        echo "predict $M --task $t $o --explain --json"
        for p in explicit-copy host-mapped managed managed-prefetch managed-advise managed-advise-prefetch; do
          echo "predict $M --task $t $o --policy $p"
          echo "predict $M --task $t $o --policy $p --json"
          echo "predict $M --task $t $o --policy $p --explain --json"
        done
        echo "predict $M --task $t $o --policy managed --explain"
      done
      for o in "" "--cpu-ms 14.29 --gpu-ms 0.294" "--cpu-ms 3 --gpu-ms 40 --rounds 16" \
        "--gpu-ms 0 --cpu-ms 0 --cpu-final-ms 0" "--rounds 1" "--gpu-ms 4.32 --cpu-ms 8.7 --cpu-final-ms 26.82"; do
        for pair in "host-mapped explicit-copy" "explicit-copy host-mapped" "managed managed-prefetch" \
          "managed-advise explicit-copy" "explicit-copy managed-advise-prefetch" \
          "managed-prefetch managed-advise-prefetch" "host-mapped managed-advise" "managed host-mapped" \
          "explicit-copy explicit-copy" "device explicit-copy"; do
          echo "breakeven $M --task $t $o $pair"
          echo "breakeven $M --task $t $o $pair --json"
        done
      done
    done
  done
  echo "choose -m h200 --task tasks/none.json"
  echo "choose -m h200 --task /dev/null"
  echo "choose -m h200 --task tasks/seed-001.json --reuse 0.5"
  echo "choose -m h200 --task tasks/seed-001.json --reuse nan"
  echo "choose -m h200 --task tasks/seed-001.json --cpu-ms -1"
  echo "choose -m h200 --task tasks/seed-001.json --gpu-ms inf"
  echo "choose -m h200 --task tasks/seed-001.json --rounds 0"
  echo "predict -m h200 --task tasks/seed-001.json --policy device"
  echo "predict -m h200 --task tasks/seed-001.json --policy peer-copy --json"
  echo "breakeven -m h200 --task tasks/seed-001.json --reuse 2 host-mapped explicit-copy"
  echo "predict -m h200 --task README.md"
}
cases > "$out/cases.txt"
i=0
while IFS= read -r line; do
  i=$((i + 1))
  n=$(printf %05d $i)
  # shellcheck disable=SC2086
  "$bin" $line > "$out/$n.out" 2> "$out/$n.err" < /dev/null
  echo "$? $line" > "$out/$n.rc"
done < "$out/cases.txt"
echo "$i invocations in $out"
