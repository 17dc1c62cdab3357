#!/bin/bash
# How managed memory's migration costs move: within one process over 40 s, across short processes
# back to back, and against the CPU's level (examples/migration_levels.rs).
set -u
B=$PWD/devbin; W=/root/work/run29; mkdir -p $W; cd $W
pack() { tar czf $OUT/run29.tgz -C /root/work run29; }
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc; uptime;
  echo "thp: $(cat /sys/kernel/mm/transparent_hugepage/enabled) defrag: $(cat /sys/kernel/mm/transparent_hugepage/defrag)";
  grep -E 'MemFree|MemAvailable|AnonHugePages|HugePages_Total' /proc/meminfo; uname -r;
  for f in /sys/module/nvidia_uvm/parameters/*; do echo "$(basename $f)=$(cat $f 2>/dev/null)"; done; } > machine.txt 2>&1
$B/migration_levels 40 > long-a.csv 2> long-a.err; echo "rc=$?" >> long-a.err; pack
for i in 1 2 3 4 5 6; do $B/migration_levels 5 > short-$i.csv 2> short-$i.err; echo "rc=$?" >> short-$i.err; done; pack
$B/migration_levels 40 > long-b.csv 2> long-b.err; echo "rc=$?" >> long-b.err
uptime >> machine.txt; pack
tail -n2 *.err
