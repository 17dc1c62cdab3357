#!/bin/bash
# run249 (planned 2026-12-06 06:45 UTC, not run when written): the H100 branch of session 55's
# later calls naming nvidia-h200: the machine's facts (the host's L3 among them) and one link
# probe, about 5 s; each further H100 as run250, run251, ... (RUN=runN).
#   bash calibration/h100/run249/run249.sh     (device; carry devbin/r227, or BIN=devbin/rNNN with that build)
set -u
RUN=${RUN:-run249}; BIN=${BIN:-devbin/r227}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
pack() { tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN; }
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/umodel
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; lscpu | grep -i "model name\|socket\|numa node(s)\|L3"; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
s=$(date +%s%N); timeout 60 bin/umodel probe -o probe-1.json > probe-1.txt 2> probe-1.err; echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> probe-1.err
pack
grep L3 machine.txt; grep " map_read " probe-1.txt; tail -1 probe-1.err; true
