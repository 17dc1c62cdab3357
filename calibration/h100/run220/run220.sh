#!/bin/bash
# run220 (planned 2026-12-05 19:20 UTC, before the call): with the session's last ~330 s of
# device time, two calibrations as a fresh VM's first commands by main's build (devbin/r216, the
# kernels' PTX embedded since 2c6d92e): on an H200, the first H200 calibrations to load the
# embedded PTX and to record the open's pieces (startup.*), for the calibrate <= 20 s target; on
# an H100, two more first-and-second calibration pairs for the H100's walls (the raw files then
# go under calibration/h100/run220). Read by walls (wall_ms in calibrate-N.err less the facts'
# seconds.*, and startup.*), judging nothing.
#   bash calibration/h200/run220/run220.sh        (device: nvidia-h200, carry devbin/r216; the path it ran
#   from; since in calibration/h100/run220/, and RUN= names another run: run221's plan)
set -u
RUN=${RUN:-run220}; BIN=${BIN:-devbin/r216}
R=$PWD; W=/root/work/$RUN; mkdir -p $W/bin; cd $W
xz -dc $R/$BIN/umodel.xz > bin/umodel; chmod +x bin/*
{ date -u; nvidia-smi --query-gpu=name,driver_version,utilization.gpu,memory.used,clocks.sm,clocks.mem,temperature.gpu,pcie.link.gen.current,pcie.link.width.current --format=csv; nproc; free -g | head -2; uname -r; uptime; } > machine.txt 2>&1
for i in 1 2; do
  s=$(date +%s%N); UMODEL_DATA_DIR=$W/data-$i timeout 45 bin/umodel calibrate > calibrate-$i.log 2> calibrate-$i.err
  echo "rc=$? wall_ms=$(( ($(date +%s%N) - s) / 1000000 ))" >> calibrate-$i.err; uptime >> machine.txt
  tar czf $OUT/$RUN.tgz -C /root/work --exclude=$RUN/bin $RUN
done
cat machine.txt; tail -qn1 calibrate-*.err
