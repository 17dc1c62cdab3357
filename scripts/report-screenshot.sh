#!/usr/bin/env bash
# Renders the report of the embedded H200 model (with the CSV it was fitted from) and photographs it
# in headless Chromium: docs/report-h200.png, the picture the README shows. Installs Chromium from
# the Debian archive when it is missing (root). Run from anywhere; writes only docs/report-h200.png.
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
echo "wrote docs/report-h200.png"
