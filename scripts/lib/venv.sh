# Sourced by scripts/python/run.sh and scripts/notebooks/run.sh: one way to make a virtual
# environment from pinned PyPI requirements and to reuse it while they and the interpreter stay
# the same.
#
#   ensure_venv VENV REQUIREMENTS LABEL STAMP
#
# Makes VENV (or remakes it when REQUIREMENTS or the Python changed) with ${PYTHON:-python3} and
# installs REQUIREMENTS into it; prints what it did, prefixed by LABEL. Only ever removes a folder
# that is a virtual environment. STAMP: the file inside VENV that records what it was made from.
ensure_venv() {
    local venv="$1" req="$2" label="$3"
    local py="${PYTHON:-python3}"
    local stamp_file="$venv/$4"
    local t0 stamp
    t0=$(date +%s.%N)
    stamp="$({ sha256sum "$req" | cut -d' ' -f1; "$py" -c 'import sys; print(sys.version)'; } | sha256sum | cut -d' ' -f1)"
    if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp_file" 2>/dev/null)" = "$stamp" ]; then
        echo "$label: reusing $venv"
        return 0
    fi
    if [ -e "$venv" ]; then
        [ -f "$venv/pyvenv.cfg" ] || { echo "$label: $venv exists and is not a virtual environment" >&2; return 2; }
        rm -rf "$venv"
    fi
    echo "$label: making $venv from $req"
    "$py" -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$req"
    echo "$stamp" >"$stamp_file"
    echo "$label: environment ready in $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s"
}
