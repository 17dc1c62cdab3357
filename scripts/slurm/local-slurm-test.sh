#!/usr/bin/env bash
# Tests contrib/slurm/calibrate-fleet.sbatch against a real, local, one-node Slurm (Debian's
# slurmctld + slurmd, 22.05 on bookworm), with a fake `umodel calibrate` that needs no GPU.
#
#     sudo scripts/slurm/local-slurm-test.sh
#     UMODEL_BIN=target/debug/umodel scripts/slurm/local-slurm-test.sh   # also checks `umodel fleet`
#
# What it does, all as root on a Debian 12 machine without systemd (a CI container):
#  1. installs slurmctld, slurmd, slurm-client and munge with apt-get if sbatch is missing;
#  2. starts a private munged, slurmctld and slurmd (own key, socket, ports, spool and state
#     under a temp dir; nothing under /etc is touched), and waits for the node to be idle;
#  3. submits the sbatch script as a 3-task job array (FLEET_PER_TASK=1: every task runs on this
#     one node, each into its own "<host>-task<N>" directory), with UMODEL pointing at a fake
#     umodel that writes two per-GPU models copied from a real H200 model; in array task 1 the
#     fake halves GPU 1's H2D bandwidth (task_terms.copy_h2d.ms_per_gib doubled): a planted outlier;
#  4. waits for the array, checks each task COMPLETED with exit code 0, its log and done marker,
#     and 3 node directories with 2 model files each;
#  5. if UMODEL_BIN names a umodel with a `fleet` subcommand: runs `umodel fleet DIR --json` and
#     checks that exactly one outlier is reported, "<host>-task1/gpu1" on "H2D"; else says skipped;
#  6. stops the daemons it started and removes its temp dir (KEEP=1 keeps it), prints a summary.
# Exits non-zero with a message naming the step on any failure. Safe to run again.
# Knobs: UMODEL_BIN (above); REQUIRE_FLEET=1 fails instead of skipping the fleet check; KEEP=1; FAKE_FAIL_TASK=N makes the fake fail in array task N, so the
# test must fail (a check of the test itself); SAMPLE_MODEL=FILE another model JSON to copy.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
sbatch_script="$repo/contrib/slurm/calibrate-fleet.sbatch"
# A real model JSON to copy: a two-GPU H200 calibration's, else the embedded H200 model.
sample_model="${SAMPLE_MODEL:-$repo/calibration/h200x2/run19/model-after-2.json}"
[ -n "${SAMPLE_MODEL:-}" ] || [ -f "$sample_model" ] || sample_model="$repo/models/h200.json"
ntasks=3
t_start=$(date +%s)

step="start"
fail() {
    echo "local-slurm-test: FAILED at step '$step': $*" >&2
    exit 1
}
say() { echo "local-slurm-test: $*"; }

[ "$(id -u)" = 0 ] || fail "must run as root (it installs packages and starts Slurm daemons)"
[ -f "$sbatch_script" ] || fail "missing $sbatch_script"
[ -f "$sample_model" ] || fail "missing sample model $sample_model"
command -v python3 >/dev/null || fail "python3 is needed"

# ---------------------------------------------------------------------------------------- install
step="install"
apt_s=0
if ! command -v sbatch >/dev/null || ! command -v slurmctld >/dev/null \
    || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
    say "installing slurmctld slurmd slurm-client munge with apt-get"
    t0=$(date +%s)
    export DEBIAN_FRONTEND=noninteractive
    pkgs=(slurmctld slurmd slurm-client munge)
    if ! apt-get install -y -q --no-install-recommends "${pkgs[@]}" >/tmp/local-slurm-test-apt.log 2>&1; then
        apt-get update -q >>/tmp/local-slurm-test-apt.log 2>&1 || true
        apt-get install -y -q --no-install-recommends "${pkgs[@]}" >>/tmp/local-slurm-test-apt.log 2>&1 \
            || { tail -n 30 /tmp/local-slurm-test-apt.log >&2; fail "apt-get install failed (log above)"; }
    fi
    apt_s=$(($(date +%s) - t0))
    say "installed in ${apt_s}s"
fi

# ------------------------------------------------------------------------------------- temp state
step="setup"
work="$(mktemp -d /tmp/umodel-slurm-test.XXXXXX)"
chmod 0755 "$work"
started_pids=()
cleanup() {
    local rc=$?
    set +e
    # Stop only the daemons this run started, by their pids, newest first.
    local i pid
    for ((i = ${#started_pids[@]} - 1; i >= 0; i--)); do
        pid="${started_pids[$i]}"
        kill "$pid" 2>/dev/null
    done
    for pid in "${started_pids[@]}"; do
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null
    done
    if [ "$rc" -ne 0 ] && [ -d "$work/log" ]; then
        for f in "$work"/log/*.log "$work"/out/*.out; do
            [ -f "$f" ] || continue
            echo "----- last lines of $f" >&2
            tail -n 15 "$f" >&2
        done
    fi
    if [ "${KEEP:-0}" = 1 ]; then
        echo "local-slurm-test: kept $work" >&2
    else
        rm -rf "$work"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$work"/{state,spool,log,out,munge,bin,fleet}
host="$(hostname -s)"
cpus="$(nproc)"
mem_mb="$(free -m | awk '/^Mem:/ {print int($2 * 0.9)}')"
# Two free TCP ports, so that this Slurm never meets another one on this host.
read -r ctld_port slurmd_port < <(python3 - <<'PY'
import socket
socks = [socket.socket() for _ in range(2)]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in socks])
PY
)

# -------------------------------------------------------------------------------------------- munge
step="munge"
chmod 0755 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 0400 "$work/munge/munge.key"
munge_socket="$work/munge/munge.socket"
munged --force \
    --socket="$munge_socket" --key-file="$work/munge/munge.key" \
    --pid-file="$work/munge/munged.pid" --log-file="$work/log/munged.log" \
    --seed-file="$work/munge/munged.seed" \
    || fail "munged did not start (see $work/log/munged.log)"
for _ in $(seq 50); do [ -s "$work/munge/munged.pid" ] && break; sleep 0.1; done
started_pids+=("$(cat "$work/munge/munged.pid")")
munge --socket="$munge_socket" -n </dev/null | unmunge --socket="$munge_socket" >/dev/null \
    || fail "munge round trip failed"

# --------------------------------------------------------------------------------------- slurm.conf
step="slurm.conf"
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<EOF
# A one-node Slurm for scripts/slurm/local-slurm-test.sh (no systemd, no cgroups, no accounting).
ClusterName=umodeltest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$munge_socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
MailProg=/bin/true
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF

slurm_version="$(sbatch --version 2>/dev/null || echo 'slurm, version unknown')"

# ---------------------------------------------------------------------------------------- daemons
step="slurmctld"
t_up=$(date +%s)
slurmctld -f "$SLURM_CONF" -i || fail "slurmctld did not start"
for _ in $(seq 100); do [ -s "$work/slurmctld.pid" ] && break; sleep 0.1; done
[ -s "$work/slurmctld.pid" ] || fail "slurmctld wrote no pid file"
started_pids+=("$(cat "$work/slurmctld.pid")")

step="slurmd"
slurmd -f "$SLURM_CONF" -N "$host" || fail "slurmd did not start"
for _ in $(seq 100); do [ -s "$work/slurmd.pid" ] && break; sleep 0.1; done
[ -s "$work/slurmd.pid" ] || fail "slurmd wrote no pid file"
started_pids+=("$(cat "$work/slurmd.pid")")

step="node idle"
state=""
for _ in $(seq 60); do
    state="$(sinfo -h -N -n "$host" -o '%T' 2>/dev/null | head -n 1 || true)"
    [ "$state" = idle ] && break
    sleep 1
done
[ "$state" = idle ] || fail "node $host is '${state:-not listed}', not idle, after 60 s"
idle_s=$(($(date +%s) - t_up))
say "Slurm $slurm_version up: node $host idle ($cpus CPUs, ${mem_mb} MB), ports $ctld_port/$slurmd_port"

# -------------------------------------------------------------------------------------- fake umodel
step="fake umodel"
cp "$sample_model" "$work/bin/sample-model.json"
fake="$work/bin/umodel"
cat >"$fake" <<EOF
#!/usr/bin/env bash
# A fake umodel for the Slurm test: "calibrate --device all" writes two per-GPU models.
set -euo pipefail
[ "\$*" = "calibrate --device all" ] || { echo "fake umodel: unexpected arguments: \$*" >&2; exit 64; }
[ -n "\${UMODEL_DATA_DIR:-}" ] || { echo "fake umodel: UMODEL_DATA_DIR is not set" >&2; exit 65; }
models="\$UMODEL_DATA_DIR/models"
mkdir -p "\$models"
echo "fake umodel: calibrating 2 GPUs on \$(hostname -s), task \${SLURM_ARRAY_TASK_ID:-none}, into \$models"
for g in 0 1; do
    cp "$work/bin/sample-model.json" "\$models/nvidia-h200-0931b6b9ea7c.gpu\$g.json"
done
if [ "\${SLURM_ARRAY_TASK_ID:-}" = 1 ]; then
    python3 - "\$models/nvidia-h200-0931b6b9ea7c.gpu1.json" <<'PY'
import json, sys
path = sys.argv[1]
with open(path) as f:
    m = json.load(f)
m["task_terms"]["copy_h2d"]["ms_per_gib"] *= 2.0
with open(path, "w") as f:
    json.dump(m, f, indent=1)
print("fake umodel: planted outlier: gpu1 H2D at half bandwidth")
PY
fi
if [ "\${SLURM_ARRAY_TASK_ID:-}" = "${FAKE_FAIL_TASK:-none}" ]; then
    echo "fake umodel: failing on purpose (FAKE_FAIL_TASK)" >&2
    exit 3
fi
echo "fake umodel: done"
EOF
chmod 0755 "$fake"

# ------------------------------------------------------------------------------------------ submit
step="sbatch"
t_sub=$(date +%s)
fleet="$work/fleet"
# The script's own #SBATCH lines say --exclusive --nodes=1: on one node the tasks run in turn.
job="$(cd "$work" && sbatch --parsable --array=0-$((ntasks - 1)) \
    --output="$work/out/task-%A_%a.out" \
    --export=ALL,UMODEL="$fake",FLEET_DIR="$fleet",FLEET_PER_TASK=1 \
    "$sbatch_script")" || fail "sbatch refused the job"
job="${job%%;*}"
say "submitted array job $job ($ntasks tasks)"

step="wait for array"
for _ in $(seq 240); do
    [ -z "$(squeue -h -j "$job" -o %i 2>/dev/null)" ] && break
    sleep 0.5
done
[ -z "$(squeue -h -j "$job" -o %i 2>/dev/null)" ] \
    || fail "array job $job still queued/running after 120 s: $(squeue -h -j "$job" -o '%i %T %R' | tr '\n' ' ')"
array_s=$(($(date +%s) - t_sub))

# ------------------------------------------------------------------------------------------- check
step="check tasks"
declare -A task_state task_exit task_node task_models
errors=0
for ((t = 0; t < ntasks; t++)); do
    info="$(scontrol -o show job "${job}_$t" 2>/dev/null || true)"
    task_state[$t]="$(sed -n 's/.* JobState=\([^ ]*\).*/\1/p' <<<"$info")"
    task_exit[$t]="$(sed -n 's/.* ExitCode=\([^ ]*\).*/\1/p' <<<"$info")"
    task_node[$t]="$host-task$t"
    d="$fleet/$host-task$t"
    n=0
    [ -d "$d/models" ] && n="$(find "$d/models" -maxdepth 1 -name 'nvidia-h200-0931b6b9ea7c.gpu[01].json' | wc -l)"
    task_models[$t]=$n
    out="$work/out/task-${job}_$t.out"
    [ -f "$out" ] || out=""
    if [ "${task_state[$t]}" != COMPLETED ] || [ "${task_exit[$t]}" != 0:0 ]; then
        echo "task $t: state '${task_state[$t]:-unknown}' exit '${task_exit[$t]:-unknown}'" >&2; errors=$((errors + 1))
    fi
    if [ "$n" != 2 ]; then echo "task $t: $n model files in $d/models, want 2" >&2; errors=$((errors + 1)); fi
    if [ ! -f "$d/calibrate.done" ] || ! grep -qx "task=$t" "$d/calibrate.done"; then
        echo "task $t: no calibrate.done for task $t in $d" >&2; errors=$((errors + 1))
    fi
    if ! grep -q '^fake umodel: done' "$d/calibrate.log" 2>/dev/null \
        || ! grep -q '^# finished .* status 0$' "$d/calibrate.log"; then
        echo "task $t: $d/calibrate.log lacks the fake's output or status 0" >&2; errors=$((errors + 1))
    fi
    if [ -z "$out" ] || ! grep -q "calibrated into $d/models" "$out"; then
        echo "task $t: Slurm output file missing or without the success line" >&2; errors=$((errors + 1))
    fi
done
dirs="$(find "$fleet" -mindepth 1 -maxdepth 1 -type d | wc -l)"
[ "$dirs" = "$ntasks" ] || { echo "$dirs node directories under $fleet, want $ntasks" >&2; errors=$((errors + 1)); }
[ "$errors" = 0 ] || fail "$errors check(s) failed on the array's output"

# The planted outlier is really in the data: task 1's gpu1 H2D is twice the per-GiB time.
python3 - "$fleet/$host-task1/models" <<'PY' || fail "the planted outlier is not in task 1's gpu1 model"
import json, sys
d = sys.argv[1]
a = json.load(open(f"{d}/nvidia-h200-0931b6b9ea7c.gpu0.json"))["task_terms"]["copy_h2d"]["ms_per_gib"]
b = json.load(open(f"{d}/nvidia-h200-0931b6b9ea7c.gpu1.json"))["task_terms"]["copy_h2d"]["ms_per_gib"]
assert abs(b / a - 2.0) < 1e-9, (a, b)
PY

# ------------------------------------------------------------------------------------------- fleet
step="umodel fleet"
fleet_result="skipped (UMODEL_BIN not set)"
if [ -n "${UMODEL_BIN:-}" ]; then
    if [ -x "$UMODEL_BIN" ] && "$UMODEL_BIN" fleet --help >/dev/null 2>&1; then
        "$UMODEL_BIN" fleet "$fleet" --json >"$work/fleet.json" 2>"$work/fleet.err" \
            || { cat "$work/fleet.err" >&2; fail "'$UMODEL_BIN fleet $fleet --json' failed"; }
        "$UMODEL_BIN" fleet "$fleet" >"$work/fleet.txt" 2>&1 || true
        sed 's/^/    /' "$work/fleet.txt"
        fleet_result="$(python3 - "$work/fleet.json" "$host-task1/gpu1" "$ntasks" <<'PY'
import json, sys
path, want, ntasks = sys.argv[1], sys.argv[2], int(sys.argv[3])
r = json.load(open(path))
members = [m["name"] if isinstance(m, dict) else m for m in r.get("members", [])]
if members and len(members) != 2 * ntasks:
    sys.exit(f"fleet lists {len(members)} GPUs, want {2 * ntasks}: {members}")
got = [(o["gpu"], o["term"]) for o in r["outliers"]]
if got != [(want, "H2D")]:
    sys.exit(f"fleet outliers {got}, want exactly [({want!r}, 'H2D')]")
o = r["outliers"][0]
print(f"1 outlier: {o['gpu']} {o['term']} {o.get('gbps', 0):.1f} vs {o.get('reference_gbps', 0):.1f} GB/s"
      f" ({o.get('deviation', 0):+.0%})")
PY
)" || fail "umodel fleet did not report exactly the planted outlier (JSON: $(tr -d '\n' <"$work/fleet.json" | cut -c1-600))"
    else
        fleet_result="skipped ($UMODEL_BIN has no working 'fleet' subcommand)"
    fi
fi

if [ "${REQUIRE_FLEET:-0}" = 1 ] && [[ "$fleet_result" == skipped* ]]; then
    fail "REQUIRE_FLEET=1 but the fleet comparison was $fleet_result"
fi

# ----------------------------------------------------------------------------------------- summary
step="summary"
total_s=$(($(date +%s) - t_start))
echo
echo "local-slurm-test: PASSED ($slurm_version, array job $job)"
printf '  %-5s %-22s %-10s %-5s %-7s %s\n' task "node dir" state exit models note
for ((t = 0; t < ntasks; t++)); do
    note=""
    [ "$t" = 1 ] && note="gpu1 H2D halved (planted)"
    printf '  %-5s %-22s %-10s %-5s %-7s %s\n' "$t" "${task_node[$t]}" "${task_state[$t]}" \
        "${task_exit[$t]}" "${task_models[$t]}/2" "$note"
done
echo "  fleet: $fleet_result"
echo "  time: apt install ${apt_s}s, node up ${idle_s}s, array ${array_s}s, total ${total_s}s"
