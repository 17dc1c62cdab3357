#!/bin/bash
# run226 (planned 2026-12-06 00:56 UTC, not run when written): the link probe (`umodel probe`
# since 916afea) on a fresh VM of either GPU, against the same VM's calibration and umodel's two
# workloads with a host-mapped row. About 2 minutes. The probe before the workloads, the GPU
# tests of both probes, a calibration, the producer/consumer and seed 001 at 15 trials, a second
# probe after them.
#   bash calibration/h100/run226/run226.sh     (device: carry devbin/r226)
# devbin/r226/umodel.xz: main's release build at 35559b9 (strip; xz -9); devbin/r226/gpu-tests.xz:
# `cargo test --release --test gpu --no-run`'s binary of the same commit (xz -9).
set -u
RUN=${RUN:-run226}; BIN=${BIN:-devbin/r226}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; xz -dc $R/$BIN/gpu-tests.xz > bin/gpu-tests; chmod +x bin/*
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
pr() { s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-$1.json > probe-$1.txt 2> probe-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-$1.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; cp $(ls $W/data-$1/models/*.json | grep -v facts | head -1) $W/model-minimal-$1.json; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
pr 1
(cd $R && timeout 120 $W/bin/gpu-tests --ignored --test-threads 1 probe) > gpu-tests.txt 2>&1; echo "rc=$?" >> gpu-tests.txt; pack
cal 1
wl prodcons 15 100
wl workload 15 150
pr 2
uptime >> machine.txt; pack
cat machine.txt probe-1.txt probe-2.txt; tail -n3 gpu-tests.txt; tail -qn1 probe-*.err calibrate-*.err prodcons.err workload.err; grep -c ",failed$" *.csv data-*/models/*.csv; true
