#!/bin/bash
# run224 (planned 2026-12-05, not run when written): run223 found the managed group's untimed work
# at 64 MiB flat over eight back-to-back processes on a fresh H100 VM (rest 1.97-2.05 s), where a
# calibration's managed 64 MiB block moved by up to 1.09 s between one VM's calibrations
# (calibration/h200/offline50/first_blocks.txt). Here the bench's managed group (as run223) and a
# calibration alternate on one fresh VM: m, cal, m, cal, m, cal, m. About 65 s. Either GPU.
#   bash calibration/h100/run224/run224.sh        (device: carry devbin/r216)
set -u
RUN=${RUN:-run224}; BIN=${BIN:-devbin/r216}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; free -g | head -2; uname -r; cat /sys/kernel/mm/transparent_hugepage/enabled; uptime; } > machine.txt 2>&1
m() { s=$(date +%s%N); timeout 60 bin/umodel bench managed --sizes 64MiB --trials 3 --out managed-$1.csv > managed-$1.log 2> managed-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> managed-$1.err; uptime >> machine.txt; pack; }
cal() { s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$1 timeout 45 bin/umodel calibrate > calibrate-$1.log 2> calibrate-$1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$1.err; uptime >> machine.txt; pack; }
m 1; cal 1; m 2; cal 2; m 3; cal 3; m 4
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 managed-*.err calibrate-*.err; grep -c ",failed$" managed-*.csv data-*/models/*.csv; true
