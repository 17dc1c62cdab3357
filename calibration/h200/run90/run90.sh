#!/bin/bash
# run90: commit a1e9165 (the bindings lend 8-byte aligned copies where the size allows): the C
# API's GPU test and crates/umodel-py/tests/test_fault_scale.py (the package built for the
# device's CPython 3.12 with run87/pyo3-312.cfg; run87's pytest shim), once each.
set -u
R=$PWD; W=/root/work/run90; mkdir -p $W/bin $W/site; cd $W
xz -dc $R/devbin/r90/api.xz > bin/api; chmod +x bin/api
xz -dc $R/devbin/r90/umodel-py.tar.xz | tar xf - -C site
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; python3 --version; } > machine.txt 2>&1
timeout 60 bin/api --ignored --test-threads 1 fault_scale > c-api.log 2>&1; echo "rc=$?" >> c-api.log
PYTHONPATH=$W/site:$R/calibration/h200/run87/shim timeout 120 python3 $R/calibration/h200/run87/run_tests.py $R/crates/umodel-py/tests > py.log 2>&1; echo "rc=$?" >> py.log
tar czf $OUT/run90.tgz -C /root/work --exclude=run90/bin --exclude=run90/site run90
grep -h "test result\|rc=" c-api.log; cat py.log
