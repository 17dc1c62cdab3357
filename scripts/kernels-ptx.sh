#!/bin/bash
# Remakes the PTX umodel embeds for devices of compute capability 9.0
# (crates/umodel-gpu/kernels/ptx/compute_90) after a kernel source changed: installs NVRTC 13.0.88,
# the GPU machines' CUDA 13.0, from PyPI into a virtual environment (about 90 MB, cached in
# ~/.cache/umodel-nvrtc), then runs examples/kernels_ptx.rs with it. No GPU needed. The unit test
# `the_embedded_ptx_was_made_from_these_kernel_sources` fails until this is run; the GPU test
# `the_embedded_ptx_is_what_this_machines_nvrtc_makes` checks the result on a GPU machine.
#   bash scripts/kernels-ptx.sh
set -euo pipefail
cd "$(dirname "$0")/.."
V=${UMODEL_NVRTC_VENV:-$HOME/.cache/umodel-nvrtc}
if [ ! -x "$V/bin/pip" ]; then python3 -m venv "$V"; fi
"$V/bin/pip" install --quiet "nvidia-cuda-nvrtc==13.0.88"
LIB=$("$V/bin/python" -c 'import nvidia, os; print(os.path.join(nvidia.__path__[0], "cu13", "lib"))')
cargo build --release --example kernels_ptx
LD_LIBRARY_PATH="$LIB${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" target/release/examples/kernels_ptx crates/umodel-gpu/kernels/ptx/compute_90
git status --short crates/umodel-gpu/kernels/ptx
