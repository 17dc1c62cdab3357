#!/usr/bin/env bash
# Builds every CUDA program under contrib/independent (or those named) with nvcc 13.0.88, the GPU
# machines' CUDA ("release 13.0, V13.0.88" in each run's machine.txt), installed from PyPI into a
# virtual environment (about 300 MB, cached in ~/.cache/umodel-nvcc), with the flags
# contrib/independent/README.md gives. Compile only (`-c`: host and device code, no link, no GPU,
# no driver); what it prints is nvcc's. CI runs it: those programs run only on the GPU machines,
# where a compile error costs a call.
#   bash scripts/contrib-build.sh [FILE.cu ...]
set -euo pipefail
cd "$(dirname "$0")/.."
V=${UMODEL_NVCC_VENV:-$HOME/.cache/umodel-nvcc}
if [ ! -x "$V/bin/pip" ]; then python3 -m venv "$V"; fi
"$V/bin/pip" install --quiet "nvidia-cuda-nvcc==13.0.88" "nvidia-cuda-runtime==13.0.96" \
    "nvidia-cuda-crt==13.0.88" "nvidia-nvvm==13.0.88" "nvidia-cuda-cccl==13.0.85"
CU=$("$V/bin/python" -c 'import nvidia, os; print(os.path.join(nvidia.__path__[0], "cu13"))')
find "$CU/bin" "$CU/nvvm/bin" -maxdepth 1 -type f -exec chmod +x {} +
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ $# -gt 0 ]; then files=("$@"); else files=(contrib/independent/*.cu); fi
failed=0
for f in "${files[@]}"; do
    if "$CU/bin/nvcc" -O3 -arch=sm_90 -fmad=false -std=c++17 -c -o "$out/x.o" "$f" 2> "$out/err"; then
        echo "built $f"
    else
        echo "FAILED $f"
        failed=$((failed + 1))
    fi
    cat "$out/err"
done
echo "${#files[@]} programs, $failed failed"
exit $((failed > 0))
