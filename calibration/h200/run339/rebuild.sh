#!/bin/bash
# Rebuilds the ignored device builds the plans carry, where a checkout lacks them (a new
# checkout holds no ignored files; session 72's first tries would have found no binary):
#   bash calibration/h200/run339/rebuild.sh [r258 r257 r255]
# Each is the release `umodel` and the `gpu` test binary of its plan's commit, stripped, `xz -9`,
# into devbin/NAME/umodel.xz and gpu.xz: r258 = e19bf03 (run326's plan, rule S), r257 = 26f7be9
# (run318's), r255 = 0a651fd (run197's, run325's plan). All three took 5 min 13 s on the
# development VM from a cold target folder, which they share.
set -eu
ROOT=$(git rev-parse --show-toplevel)
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-/tmp/umodel-devbin-target}
declare -A REV=([r258]=e19bf03 [r257]=26f7be9 [r255]=0a651fd)
names=("$@"); [ ${#names[@]} -eq 0 ] && names=(r258 r257)
for name in "${names[@]}"; do
  rev=${REV[$name]:?"unknown build $name (r258, r257 or r255)"}
  wt=/tmp/umodel-devbin-$name
  git -C "$ROOT" worktree remove --force "$wt" 2>/dev/null || rm -rf "$wt"
  git -C "$ROOT" worktree add --quiet --detach "$wt" "$rev"
  (cd "$wt" && cargo build --release --bin umodel --quiet)
  gpu=$(cd "$wt" && cargo test --release --test gpu --no-run --quiet --message-format=json-render-diagnostics |
    python3 -c 'import sys, json
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("executable") and m["target"]["name"] == "gpu":
        print(m["executable"])' | tail -1)
  [ -n "$gpu" ] || { echo "$name: no gpu test binary built" >&2; exit 1; }
  mkdir -p "$ROOT/devbin/$name"
  for pair in "umodel:$CARGO_TARGET_DIR/release/umodel" "gpu:$gpu"; do
    tmp=$(mktemp); cp "${pair#*:}" "$tmp"; strip "$tmp"
    xz -9 -c "$tmp" > "$ROOT/devbin/$name/${pair%%:*}.xz"; rm -f "$tmp"
  done
  git -C "$ROOT" worktree remove --force "$wt"
  echo "$name ($rev): $(cd "$ROOT" && sha1sum devbin/$name/*.xz | cut -c1-7,41- | tr '\n' ' ')"
done
