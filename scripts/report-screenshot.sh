#!/usr/bin/env bash
# Renders the report of the embedded H200 model (with the CSV it was fitted from) and the page of
# seed 001's task (README's command), and photographs them in headless Chromium:
# docs/report-h200.png and docs/report-task.png, the pictures the README shows. Installs Chromium
# from the Debian archive when it is missing (root). Run from anywhere; writes only those two.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-dejavu-core >/dev/null
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cargo run --release --quiet -- report -m h200 -o "$out"
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,3480 \
  --screenshot="$PWD/docs/report-h200.png" "file://$out/report.html" 2>/dev/null
cargo run --release --quiet -- report -m h200 --task tasks/seed-001.json --cpu-ms 14 --gpu-ms 0.29 \
  --cpu-final-ms 26 -o "$out/task" calibration/h200/run191/workload.csv --final-beside --cpu-beside
chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars --window-size=1280,2000 \
  --screenshot="$PWD/docs/report-task.png" "file://$out/task/report.html" 2>/dev/null
echo "wrote docs/report-h200.png docs/report-task.png"
