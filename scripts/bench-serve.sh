#!/usr/bin/env bash
# Throughput of `umodel serve` over a pipe: 400,000 queries through `cat | umodel serve -m h200`,
# three times; prints queries per second. What is asked (first argument):
#   plain (default)  `choose` at a random size of 16 MiB-1 GiB and a random R of 1-32
#   task             `choose` of a task file (one of tasks/*.json at random, each compiled once and
#                    kept) with a random CPU phase of 1-30 ms and GPU pass of 0.05-5 ms
#   task-inline      the same with seed 001's task object in every line instead of its path
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:-plain}
cargo build --release --quiet
bin="${CARGO_TARGET_DIR:-target}/release/umodel"
q=$(mktemp)
trap 'rm -f "$q"' EXIT
python3 - "$q" "$kind" <<'P'
import glob, json, random, sys
random.seed(1)
kind = sys.argv[2]
tasks = sorted(glob.glob("tasks/*.json"))
inline = json.dumps(json.load(open("tasks/seed-001.json")), separators=(",", ":"))
with open(sys.argv[1], "w") as f:
    for _ in range(400000):
        if kind == "plain":
            f.write('{"op":"choose","bytes":%d,"reuse":%d}\n' % (random.choice([16, 64, 256, 1024]) << 20, random.randint(1, 32)))
        else:
            task = json.dumps(random.choice(tasks)) if kind == "task" else inline
            f.write('{"op":"choose","task":%s,"cpu_ms":%.3f,"gpu_ms":%.4f}\n' % (task, random.uniform(1, 30), random.uniform(0.05, 5)))
P
for i in 1 2 3; do
  s=$(date +%s%N)
  n=$(cat "$q" | "$bin" serve -m h200 2>/dev/null | wc -l)
  e=$(date +%s%N)
  echo "$kind run $i: $n answers in $(( (e - s) / 1000000 )) ms: $(( n * 1000000000 / (e - s) )) queries/s"
done
