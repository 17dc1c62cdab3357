#!/usr/bin/env bash
# Builds the Python package (crates/umodel-py) into a virtual environment with maturin, runs its
# pytest tests and prints the batch throughput (`Model.choose_many`; the target is ≥ 5 M
# decisions/s), as CI does.
#
#   scripts/python/run.sh              # all tests
#   scripts/python/run.sh -k choose    # extra arguments go to pytest
#
# Environment:
#   PY_VENV           virtual environment to use (default ~/.cache/umodel-py-venv); made, or remade
#                     when crates/umodel-py/requirements-dev.txt or the Python changed, from PyPI
#   PYTHON            interpreter to make it with (default python3; the pins are for 3.11)
#   CARGO_TARGET_DIR  where cargo builds (kept as given; default: the workspace's target/)
#   UMODEL_BIN        the `umodel` binary the tests compare against (default: the release binary in
#                     the target dir, when one is there: .ci/run builds it first); without one the
#                     tests compare against the Rust API's answers written into them
set -euo pipefail
cd "$(dirname "$0")/../.."
t0=$(date +%s.%N)
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

VENV="${PY_VENV:-$HOME/.cache/umodel-py-venv}"
. scripts/lib/venv.sh
ensure_venv "$VENV" crates/umodel-py/requirements-dev.txt python .umodel-py

# Build and install the package (release: the throughput is the point). maturin honours
# CARGO_TARGET_DIR; `develop` installs into the environment VIRTUAL_ENV names.
t1=$(date +%s.%N)
export VIRTUAL_ENV="$VENV"
export PATH="$VENV/bin:$PATH"
unset CONDA_PREFIX
maturin develop --release --quiet -m crates/umodel-py/Cargo.toml
echo "python: package built and installed in $(elapsed "$t1") s"

if [ -z "${UMODEL_BIN:-}" ] && [ -x "${CARGO_TARGET_DIR:-$PWD/target}/release/umodel" ]; then
    export UMODEL_BIN="${CARGO_TARGET_DIR:-$PWD/target}/release/umodel"
fi
if [ -n "${UMODEL_BIN:-}" ]; then
    echo "python: comparing with the command line $UMODEL_BIN"
else
    echo "python: no umodel binary (UMODEL_BIN): comparing with the known answers only"
fi

export PYTHONDONTWRITEBYTECODE=1
t3=$(date +%s.%N)
"$VENV/bin/python" -m pytest -q -p no:cacheprovider crates/umodel-py/tests "$@"
echo "python: tests ran in $(elapsed "$t3") s"

# The batch throughput: one core, 1 Mi decisions per call, best of 7.
"$VENV/bin/python" - <<'PY'
import time
import numpy as np
import umodel

m = umodel.Model.load("h200")
n = 1 << 20
rng = np.random.default_rng(1)
sizes = rng.integers(1 << 20, 4 << 30, size=n, dtype=np.uint64)
reuses = rng.uniform(1.0, 64.0, size=n)
m.choose_many(sizes, reuses)
best = float("inf")
for _ in range(7):
    t = time.perf_counter()
    m.choose_many(sizes, reuses)
    best = min(best, time.perf_counter() - t)
t = time.perf_counter()
for i in range(100_000):
    m.choose(268435456, 4.0)
one = (time.perf_counter() - t) / 100_000
print(f"python: choose_many {n / best / 1e6:.1f} M decisions/s (target >= 5); "
      f"one choose() call {one * 1e9:.0f} ns")
task = m.compile_task("tasks/seed-001.json")
t = time.perf_counter()
for i in range(100_000):
    task.choose(cpu_ms=14.29, gpu_ms=0.294)
print(f"python: one Task.choose() call (seed 001, phase times given) "
      f"{(time.perf_counter() - t) / 100_000 * 1e9:.0f} ns")
PY
echo "python: total $(elapsed "$t0") s"
