#!/bin/bash
# run110, run111 and run112 (each on a freshly started VM): the first H100 runs, commit ab2a6e8's
# build unchanged. A second platform for the task path: the GPU tests (every ignored one; run110),
# a minimal calibration, the probe, then in other processes the producer/consumer and seed 001 at
# 15 trials a cell, and the partial update at 15 (cut at 160 s) and/or the compute-bound task at 9
# (cut at 200 s), every step timed. Written before any H100 data came back; run112's line was
# added after run110's and run111's came back, before its own ran (the held-out check of the
# embedded model fitted from those two).
#   bash calibration/h100/run110/run110.sh run110 62 partial gpu
#   bash calibration/h100/run110/run110.sh run111 63 compute
#   bash calibration/h100/run110/run110.sh run112 64 "partial compute"
set -u
RUN=$1; TAG=$2; LAST=$3; TESTS=${4:-}
R=$PWD; B=$R/devbin/r110; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
for f in umodel gpu; do xz -dc $B/$f.xz > bin/$f; chmod +x bin/$f; done
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin --exclude=$RUN/tasks $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
ln -sfn $R/tasks tasks
if [ -n "$TESTS" ]; then timeout 120 bin/gpu --ignored --test-threads 1 > gpu-tests.log 2>&1; echo "rc=$?" >> gpu-tests.log; pack; fi
s=$(date +%s%N); UMODEL_DATA_DIR=$W/data timeout 40 bin/umodel calibrate > calibrate-1.log 2> calibrate-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-1.err
cp $(ls $W/data/models/*.json | head -1) $W/model-minimal-1.json
timeout 30 bin/umodel probe -o probe-1.json > probe-1.txt 2>&1; echo "rc=$?" >> probe-1.txt
pack
for w in prodcons workload $LAST; do
  n=15; lim=100; [ $w = partial ] && lim=160; [ $w = compute ] && { n=9; lim=200; }
  s=$(date +%s); timeout $lim bin/umodel bench $w --trials $n --out tasks-$TAG-$w.csv --step-times steps-$TAG-$w.csv > tasks-$TAG-$w.log 2> tasks-$TAG-$w.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> tasks-$TAG-$w.err
  uptime >> machine.txt; pack
done
cat machine.txt; grep -h "test result\|rc=" gpu-tests.log 2>/dev/null; tail -qn1 calibrate-1.err tasks-$TAG-*.err; grep -c ",failed$" tasks-$TAG-*.csv; ls data/models; true
