#!/usr/bin/env bash
# Throughput of `umodel serve` over a pipe: 400,000 `choose` queries (random size of 16 MiB-1 GiB,
# random R of 1-32) through `cat | umodel serve -m h200`, three times; prints queries per second.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
q=$(mktemp)
trap 'rm -f "$q"' EXIT
python3 - "$q" <<'P'
import random, sys
random.seed(1)
with open(sys.argv[1], "w") as f:
    for _ in range(400000):
        f.write('{"op":"choose","bytes":%d,"reuse":%d}\n' % (random.choice([16, 64, 256, 1024]) << 20, random.randint(1, 32)))
P
for i in 1 2 3; do
  s=$(date +%s%N)
  n=$(cat "$q" | target/release/umodel serve -m h200 2>/dev/null | wc -l)
  e=$(date +%s%N)
  echo "run $i: $n answers in $(( (e - s) / 1000000 )) ms: $(( n * 1000000000 / (e - s) )) queries/s"
done
