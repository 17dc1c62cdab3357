#!/usr/bin/env bash
# The hostile-user probes of issue 11, rerun against a umodel binary. Prints one markdown table row
# per probe (exit code, first line of stderr, verdict) and exits with the number of failures.
# Every probe runs in a scratch directory; no GPU and no root needed (as root, device nodes are
# made in the scratch directory, so a regression could never replace the machine's /dev/null).
#
#   scripts/hostile-probes.sh [path/to/umodel]      (default: target/release/umodel)
set -uo pipefail
cd "$(dirname "$0")/.."
REPO=$PWD
BIN=${1:-${CARGO_TARGET_DIR:-target}/release/umodel}
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
[ -x "$BIN" ] || { echo "no binary at $BIN (cargo build --release)" >&2; exit 2; }
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W"
export UMODEL_DATA_DIR="$W/data"
# No machine (no NVIDIA driver) unless a probe gives one.
mkdir -p "$W/bare" && export UMODEL_SYSROOT="$W/bare"

PAPER=$REPO/calibration/gb200-paper/measurements.csv
CAL=$REPO/calibration/h200/run16/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv
cp "$PAPER" run.csv && cp "${PAPER%.csv}.facts.json" run.facts.json
FAILS=0
echo "| # | probe | exit | first line of stderr | verdict |"
echo "|---|---|---|---|---|"
N=0
# probe NAME WANT_EXIT CHECK -- CMD...: runs CMD (stdout in out.txt, stderr in err.txt), then
# requires the exit code WANT_EXIT ('fail' = 1 or 2), no panic, and CHECK (a shell test) to hold.
probe() {
    local name=$1 want=$2 check=$3; shift 4
    N=$((N + 1))
    "$@" >out.txt 2>err.txt
    local rc=$?
    local first
    # The error if there is one, else the first line that is not the model-source note.
    first=$( (grep -E '^(umodel: )?error' err.txt || grep -v '^umodel: using ' err.txt) | head -1 |
        cut -c1-110 | sed 's/|/\\|/g')
    local verdict=ok
    if [ "$want" = fail ]; then
        [ "$rc" = 1 ] || [ "$rc" = 2 ] || verdict=FAIL
    else
        [ "$rc" = "$want" ] || verdict=FAIL
    fi
    grep -q panicked err.txt && verdict=FAIL
    [ "$rc" = 101 ] && verdict=FAIL
    eval "$check" || verdict="FAIL ($check)"
    [ "$verdict" = ok ] || FAILS=$((FAILS + 1))
    echo "| $N | $name | $rc | ${first:-} | $verdict |"
}
sum() { sha256sum "$@" | cut -d' ' -f1; }
mkdev() { # NAME MINOR: a character device like /dev/null (3) or /dev/full (7)
    if [ "$(id -u)" = 0 ]; then mknod "$W/$1" c 1 "$2" && echo "$W/$1"; else echo "/dev/$1"; fi
}
is_chr() { [ -c "$1" ]; }
edit() { # SRC OUT AWK: a CSV with an awk edit applied to its data rows
    awk -F, 'BEGIN{OFS=","} NR==1{print; next} {'"$3"'; print}' "$1" >"$2"
}

NULLDEV=$(mkdev null 3); FULLDEV=$(mkdev full 7)
probe "fit -o $(basename "$NULLDEV") (device node)" fail "is_chr $NULLDEV && ! grep -q wrote out.txt" -- "$BIN" fit run.csv -o "$NULLDEV"
probe "fit -o $(basename "$FULLDEV") (device node)" fail "is_chr $FULLDEV && ! grep -q wrote out.txt" -- "$BIN" fit run.csv -o "$FULLDEV"
mkdir adir
probe "fit -o DIRECTORY" fail "[ -d adir ]" -- "$BIN" fit run.csv -o adir
S=$(sum run.csv run.facts.json)
probe "fit run.csv -o run.csv" fail '[ "$(sum run.csv run.facts.json)" = "$S" ]' -- "$BIN" fit run.csv -o run.csv
probe "fit run.csv -o run.facts.json" fail '[ "$(sum run.csv run.facts.json)" = "$S" ]' -- "$BIN" fit run.csv -o run.facts.json
ln run.csv hard.json
probe "fit run.csv -o HARDLINK-of-run.csv" fail '[ "$(sum run.csv run.facts.json)" = "$S" ]' -- "$BIN" fit run.csv -o hard.json
"$BIN" fit "$CAL" -o good.json >/dev/null 2>&1
G=$(sum good.json)
edit "$CAL" zero.csv 'if ($1=="handoff" && $2=="explicit-copy" && $3=="alternating" && $5=="16777216") $9=0'
probe "fit (a 0 ms cell) over a good model" fail '[ "$(sum good.json)" = "$G" ] && grep -q "16 MiB" err.txt' -- "$BIN" fit zero.csv -o good.json
edit "$CAL" tiny.csv 'if ($1=="transfer") $9="1e-320"'
probe "fit (a 1e-320 ms primitive) over a good model" fail '[ "$(sum good.json)" = "$G" ]' -- "$BIN" fit tiny.csv -o good.json
probe "the good model still reads" 0 true -- "$BIN" show -m good.json
echo "keep me" >victim
for p in $(seq 1 200); do ln -s "$W/victim" ".m.json.tmp.$p"; done
probe "fit -o m.json with links planted at .m.json.tmp.PID" 0 '[ "$(cat victim)" = "keep me" ] && "$BIN" show -m m.json >/dev/null 2>&1' -- "$BIN" fit run.csv -o m.json
rm -f .m.json.tmp.*
touch -d '2 hours ago' .m.json.tmp.4242 ".m.json.Ab12Cd.umodel-tmp"
touch .m.json.fresh.umodel-tmp
probe "stale temp files are removed, fresh kept" 0 '[ ! -e .m.json.tmp.4242 ] && [ ! -e .m.json.Ab12Cd.umodel-tmp ] && [ -e .m.json.fresh.umodel-tmp ]' -- "$BIN" fit run.csv -o m.json
rm -f .m.json.fresh.umodel-tmp
probe "8 concurrent fits to one file" 0 '[ "$(ls -a | grep -c umodel-tmp)" = 0 ]' -- bash -c "for i in 1 2 3 4 5 6 7 8; do '$BIN' fit run.csv -o conc.json >/dev/null 2>&1 & done; wait; '$BIN' show -m conc.json >/dev/null"
probe "predict 2>/dev/full" 0 'grep -q "host-mapped at 1 GiB" out.txt' -- bash -c "'$BIN' predict -p host-mapped -r 4 2>/dev/full"
probe "predict >/dev/full" 1 true -- bash -c "'$BIN' predict -p host-mapped -r 4 >/dev/full"
probe "show --json | head -1 (closed pipe)" 0 true -- bash -c "'$BIN' show --json | head -1 >/dev/null; exit \${PIPESTATUS[0]}"
head -1 run.csv >head.csv
probe "ablate header-only CSV" fail '[ ! -s out.txt ]' -- "$BIN" ablate head.csv
grep -E '^(group|hbm,)' "$CAL" >hbm.csv
probe "ablate CSV without handoff rows" fail true -- "$BIN" ablate hbm.csv
probe "predict --reuse 1e308" fail 'grep -q 1e308 err.txt && ! grep -q inf out.txt' -- "$BIN" predict -p host-mapped --reuse 1e308
probe "predict --cpu-ms 1e308" fail 'grep -q 1e308 err.txt' -- "$BIN" predict -m h200 -p host-mapped -r 2 --cpu-ms 1e308
probe "choose --cpu-scale 1e308" fail 'grep -q 1e308 err.txt' -- "$BIN" choose -m h200 -r 2 --cpu-scale 1e308
probe "predict --task --cpu-ms 1e308" fail true -- "$BIN" predict --task "$REPO/tasks/seed-001.json" -m h200 --cpu-ms 1e308
python3 -c "open('deep.toml','w').write('x = ' + '[' * 900000)"
probe "task file in TOML nested 900 000 deep" fail 'grep -q "deep.toml:1:" err.txt' -- "$BIN" choose -m h200 --task deep.toml
printf 'rounds = 1\nrounds = 2\n' >dup.toml
probe "task file in TOML with a key twice" fail 'grep -q "dup.toml:2:1: duplicate key .rounds." err.txt' -- "$BIN" choose -m h200 --task dup.toml
probe "-m /dev/zero" fail 'grep -q "larger than" err.txt' -- timeout 60 "$BIN" show -m /dev/zero
truncate -s 65M big.json
probe "-m 65 MiB file" fail 'grep -q "larger than" err.txt' -- "$BIN" show -m big.json
truncate -s 300M big.csv
probe "fit 300 MiB CSV" fail 'grep -q "larger than" err.txt && [ ! -e x.json ]' -- "$BIN" fit big.csv -o x.json
probe "validate 300 MiB CSV" fail 'grep -q "larger than" err.txt' -- "$BIN" validate -m h200 big.csv
probe "predict --reuse -1" 2 '! grep -q "unexpected argument" err.txt' -- "$BIN" predict -p host-mapped --reuse -1
probe "predict --bytes -5" 2 '! grep -q "unexpected argument" err.txt' -- "$BIN" predict -p host-mapped -r 2 --bytes -5
printf '\xef\xbb\xbf' >bom.json && cat "$REPO/models/h200.json" >>bom.json
probe "model file with a BOM" 0 true -- "$BIN" predict -m bom.json -p host-mapped -r 2
{ cat run.csv; tail -n +2 run.csv; } >twice.csv
probe "CSV with every row twice" 0 'grep -q "trial index repeats" err.txt' -- "$BIN" fit twice.csv -o w1.json
sed '1s/check,/bytes,/' run.csv >dupcol.csv
probe "CSV with a column twice" fail 'grep -q "appears twice" err.txt' -- "$BIN" fit dupcol.csv -o w2.json
edit "$PAPER" neg.csv 'if ($2=="explicit-copy" && $3=="gpu_only") $9=100'
probe "fit with a negative F" 0 'grep -q "negative" err.txt' -- "$BIN" fit neg.csv -o w3.json
probe "fit single-trial cells" 0 'grep -q "single trial" err.txt' -- "$BIN" fit run.csv -o w4.json
probe 'UMODEL_DATA_DIR=""' 0 '! grep -q "^data directory: *$" out.txt && ! grep -q "^data directory: models" out.txt' -- env UMODEL_DATA_DIR= "$BIN" doctor
probe "--bytes 9223372036854775807 --json" 0 'grep -q "\"bytes\": 9223372036854775807" out.txt' -- "$BIN" predict -p host-mapped -r 2 --bytes 9223372036854775807 --json
probe "--bytes 200PiB (formatting above 160 PiB)" 0 'grep -q "200 PiB" out.txt' -- "$BIN" predict -p host-mapped -r 2 --bytes 200PiB
# A machine with a GPU, as the kernel driver lists it (a fixture tree; UMODEL_SYSROOT).
mk() { mkdir -p "$(dirname "$W/gpu/$1")" && printf '%b' "$2" >"$W/gpu/$1"; }
mk proc/driver/nvidia/version 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  590.44.01  Thu Oct 30 2026\n'
mk proc/driver/nvidia/gpus/0000:18:00.0/information 'Model: \t\t NVIDIA H200\nGPU UUID: \t GPU-5b1c9a2e-0d3f-7a41-9c55-1e2f3a4b5c6d\nBus Location: \t 0000:18:00.0\n'
mk proc/cpuinfo 'model name\t: Intel(R) Xeon(R) Processor\nflags\t\t: fpu hypervisor\n'
cp "$REPO/models/h200.json" h200.json
probe "model measured under another driver" 0 'grep -q "driver: 580.159.04 → 590.44.01" err.txt' -- env UMODEL_SYSROOT="$W/gpu" "$BIN" choose -r 2 -m h200.json
probe "... with --strict" 1 '[ ! -s out.txt ] && grep -q strict err.txt' -- env UMODEL_SYSROOT="$W/gpu" "$BIN" choose -r 2 -m h200.json --strict
CALIB=$(UMODEL_SYSROOT="$W/gpu" "$BIN" doctor --json 2>/dev/null | sed -n 's/.*"expected_model": "\(.*\)".*/\1/p')
mkdir -p "$(dirname "$CALIB")" && printf '{"schema_version": 1, "platf' >"$CALIB"
probe "corrupt calibrated model in the data dir" 1 'grep -q "umodel doctor" err.txt && grep -q "rm " err.txt' -- env UMODEL_SYSROOT="$W/gpu" "$BIN" predict -p host-mapped -r 2
probe "doctor on it" 1 'grep -q CORRUPT out.txt' -- env UMODEL_SYSROOT="$W/gpu" "$BIN" doctor
# The task page (`report --task`).
echo keep > afile
probe "report --task -o A-FILE" fail '[ "$(cat afile)" = keep ] && grep -q afile err.txt' -- "$BIN" report -m h200 --task "$REPO/tasks/seed-001.json" -o afile
probe "report --task with every phase 0 ms" 0 '[ -s rz/report.html ] && ! grep -qwiE "nan|inf" rz/report.html' -- "$BIN" report -m h200 --task "$REPO/tasks/seed-001.json" --cpu-ms 0 --gpu-ms 0 --cpu-final-ms 0 -o rz
# A probe file judged with no GPU (`probe --from`).
probe "probe --from /dev/zero" fail 'grep -q "larger than" err.txt' -- timeout 60 "$BIN" probe -m h200 --from /dev/zero
echo '{"bytes": 67108864, "fault_in": {"ms": 1e308, "rel_sd": 1e308}}' > huge-probe.json
probe "probe --from a probe of 1e308 ms" fail 'grep -q "not 1e308" err.txt && [ ! -s out.txt ]' -- "$BIN" probe -m h200 --from huge-probe.json
echo
echo "$N probes, $FAILS failed ($BIN)"
exit "$FAILS"
