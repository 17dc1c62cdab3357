#!/usr/bin/env bash
# Executes every notebook under notebooks/ headless, as CI does, and fails if any cell raises
# (each notebook asserts the figures it computes against the committed data).
#
#   scripts/notebooks/run.sh            # all notebooks
#   scripts/notebooks/run.sh b_h200     # those whose name contains b_h200
#
# Environment:
#   NOTEBOOK_VENV  virtual environment to use (default ~/.cache/umodel-nb-venv); made, or remade when
#                  notebooks/requirements.txt or the Python changed, from PyPI
#   PYTHON         interpreter to make it with (default python3; the pins are for 3.11)
#   NOTEBOOK_OUT   keep the executed notebooks (with outputs) in this folder; by default they go to a
#                  temporary folder that is removed. The committed notebooks stay without outputs.
set -euo pipefail
cd "$(dirname "$0")/../.."
t0=$(date +%s.%N)
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

VENV="${NOTEBOOK_VENV:-$HOME/.cache/umodel-nb-venv}"
. scripts/lib/venv.sh
ensure_venv "$VENV" notebooks/requirements.txt notebooks .umodel-notebooks

# The committed notebooks carry no outputs (they are executed here, not in git).
"$VENV/bin/python" - <<'PY'
import json, pathlib, sys
bad = []
for p in sorted(pathlib.Path("notebooks").glob("*.ipynb")):
    for i, c in enumerate(json.loads(p.read_text())["cells"]):
        if c["cell_type"] == "code" and (c.get("outputs") or c.get("execution_count") is not None):
            bad.append(f"{p} cell {i}")
if bad:
    sys.exit("notebooks with outputs (strip them before committing):\n  " + "\n  ".join(bad))
PY

if [ -n "${NOTEBOOK_OUT:-}" ]; then
    out="$NOTEBOOK_OUT"
    mkdir -p "$out"
else
    out="$(mktemp -d)"
    trap 'rm -rf "$out"' EXIT
fi
# Jupyter's and matplotlib's state inside the environment: the venv's own kernel, a font cache
# built once, nothing written to the user's folders.
export JUPYTER_DATA_DIR="$VENV/share/jupyter"
export JUPYTER_CONFIG_DIR="$VENV/etc/jupyter"
export JUPYTER_RUNTIME_DIR="$out/.runtime"
export JUPYTER_PLATFORM_DIRS=1
export IPYTHONDIR="$VENV/.ipython"
export MPLCONFIGDIR="$VENV/.matplotlib"
unset MPLBACKEND
export PYTHONDONTWRITEBYTECODE=1

t1=$(date +%s.%N)
failed=()
n=0
for nb in notebooks/*.ipynb; do
    name="$(basename "$nb" .ipynb)"
    if [ $# -gt 0 ] && [[ "$name" != *"$1"* ]]; then
        continue
    fi
    n=$((n + 1))
    t=$(date +%s.%N)
    if "$VENV/bin/jupyter" nbconvert --to notebook --execute \
        --ExecutePreprocessor.timeout=120 --ExecutePreprocessor.kernel_name=python3 \
        --output-dir "$out" --log-level=WARN "$nb" >"$out/$name.log" 2>&1; then
        echo "notebooks: $name ok ($(elapsed "$t") s)"
    else
        echo "notebooks: $name FAILED ($(elapsed "$t") s)"
        tail -n 40 "$out/$name.log" | sed 's/^/    /'
        failed+=("$name")
    fi
done
[ "$n" -gt 0 ] || { echo "run.sh: no notebook matches '${1:-}'" >&2; exit 2; }
echo "notebooks: executed $n in $(elapsed "$t1") s (total $(elapsed "$t0") s)${NOTEBOOK_OUT:+; executed copies in $NOTEBOOK_OUT}"
if [ "${#failed[@]}" -gt 0 ]; then
    echo "notebooks: ${#failed[@]} failed: ${failed[*]}"
    exit 1
fi
echo "$n passed, 0 failed"
