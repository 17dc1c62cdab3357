#!/bin/bash
# run223 (planned 2026-12-05, not run when written): does the managed group's untimed work swing
# between processes on one VM, and is a VM's first process the slow one? offline50/first_blocks.txt
# found a calibration's primitives moving by up to 3.2 s between one VM's calibrations, nearly all
# of it outside the timed trials of the managed and prefetch blocks, on H200 and H100 alike. Here
# the managed group alone at 64 MiB (the bench's whole group, not calibrate's lean one), N times in
# separate processes as a fresh VM's first commands, each block's seconds in its facts. About
# 5 s a process. Either GPU.
#   bash calibration/h200/run223/run223.sh        (device: carry devbin/r216; N=8 by default)
set -u
RUN=${RUN:-run223}; BIN=${BIN:-devbin/r216}; N=${N:-8}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/umodel
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
for i in $(seq 1 $N); do
  s=$(date +%s%N)
  timeout 60 bin/umodel bench managed --sizes 64MiB --trials 3 --out managed-$i.csv > managed-$i.log 2> managed-$i.err
  echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> managed-$i.err
  uptime >> machine.txt; pack
done
uptime >> machine.txt; pack
cat machine.txt; tail -qn1 managed-*.err; grep -c ",failed$" managed-*.csv; true
