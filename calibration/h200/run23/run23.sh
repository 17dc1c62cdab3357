#!/bin/bash
# After the bench moved behind the Backend boundary (CellSpec/Trial rows, run_with) and the CSV
# reader moved off polars: GPU tests, a default calibrate, a kill at 6 s + --resume, a short hbm and
# transfer bench against the reference figures, and the CLI's cold predict time.
set -u
B=$PWD/devbin; W=/root/work/run23; mkdir -p $W; cd $W
pack() { tar czf $OUT/run23.tgz -C /root/work run23; }
step() { local n=$1 t=$2; shift 2; local s=$(date +%s%N)
  timeout $t "$@" > $n.log 2> $n.err; local rc=$?
  echo "rc=$rc wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> $n.err; pack; }
{ date -u; nvidia-smi --query-gpu=index,name,uuid,pci.bus_id,driver_version,pcie.link.gen.current,pcie.link.width.current --format=csv; cat /proc/driver/nvidia/version; nproc; uptime; } > machine.txt 2>&1
export UMODEL_DATA_DIR=$W/data
step gpu-tests 150 $B/gpu-tests --ignored --test-threads=1
step calibrate 120 $B/umodel calibrate
step bench 120 $B/umodel bench hbm transfer --sizes 256MiB,1GiB --trials 5 --out $W/bench.csv
mkdir -p $W/kill
timeout -s KILL 6 $B/umodel calibrate -o $W/kill/model.json --data $W/kill > kill-1.log 2> kill-1.err; echo "rc=$? (killed)" >> kill-1.err
wc -l $W/kill/*.csv >> kill-1.err 2>&1
step kill-2 120 $B/umodel calibrate -o $W/kill/model.json --data $W/kill --resume
wc -l $W/kill/*.csv >> kill-2.err 2>&1
# Cold predict: 200 fresh processes, each timed.
for i in $(seq 200); do s=$(date +%s%N); $B/umodel predict --policy host-mapped --reuse 4 >/dev/null 2>&1; echo $(( ($(date +%s%N) - s) / 1000 )); done > cold-predict-us.txt
sort -n cold-predict-us.txt | awk '{a[NR]=$1} END {print "cold predict us: min", a[1], "median", a[int(NR/2)], "max", a[NR], "n", NR}' > cold-predict.txt
step choose-task 20 $B/umodel choose --task $PWD/tasks/seed-001.json --cpu-ms 14.3 --gpu-ms 0.29 --json
uptime >> machine.txt; pack
for f in gpu-tests calibrate bench kill-2 choose-task; do echo "$f: $(tail -n 1 $f.err)"; done
grep -E "test result" gpu-tests.log; tail -3 calibrate.err; grep -ciE ",failed$" bench.csv; grep -iE "triad|copy|h2d|d2h" bench.log | head -12
tail -2 kill-1.err; tail -3 kill-2.err; cat cold-predict.txt; cat choose-task.log | head -5
