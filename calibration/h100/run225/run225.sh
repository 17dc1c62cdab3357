#!/bin/bash
# run225 (planned 2026-12-05, not run when written): run224 alternated the bench's managed group
# and calibrate on one fresh H100 VM with nothing else between: both flat (rests 2.51-2.64 s and
# 1.92-1.97 s). The VMs whose calibrations swung by up to 1.09 s in that block ran umodel's
# workloads between them. Here the same alternation with a workload after each of the first two
# calibrations: m, cal, prodcons (15 trials), m, cal, workload (8 trials), m, cal. About 2.5
# minutes. Either GPU. Each m and cal under ru.py (amended before the call): the kernel's count of
# its CPU seconds (user, system), page faults and context switches.
#   bash calibration/h100/run225/run225.sh        (device: carry devbin/r216)
set -u
RUN=${RUN:-run225}; BIN=${BIN:-devbin/r216}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } > machine.txt 2>&1
m() { s=$(date +%s%N); python3 $R/calibration/h100/run225/ru.py managed-$1.ru.json timeout 60 bin/umodel bench managed --sizes 64MiB --trials 3 --out managed-$1.csv > managed-$1.log 2> managed-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> managed-$1.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 python3 $R/calibration/h100/run225/ru.py calibrate-$1.ru.json timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; uptime >> machine.txt; pack; }
wl() { f=$1; s=$(date +%s); timeout $3 bin/umodel bench $f --trials $2 --out $f.csv > $f.log 2> $f.err; echo "rc=$? wall_s=$(( $(date +%s) - s ))" >> $f.err; uptime >> machine.txt; pack; }
m 1; cal 1; wl prodcons 15 100; m 2; cal 2; wl workload 8 100; m 3; cal 3
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 managed-*.err calibrate-*.err prodcons.err workload.err; grep -c ",failed$" *.csv data-*/models/*.csv; true
