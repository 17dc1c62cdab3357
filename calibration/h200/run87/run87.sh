#!/bin/bash
# run87: the Python binding of the fault-scale call (umodel.fault_scale) on the H200: the
# package built here for the device's CPython 3.12 (PYO3_CONFIG_FILE=pyo3-312.cfg cargo build
# --release -p umodel-py --features pyo3/extension-module, the .so renamed
# umodel.cpython-312-x86_64-linux-gnu.so beside maturin's __init__.py), the tests of
# crates/umodel-py/tests/test_fault_scale.py with the GPU present, three times (pytest did not fit the tree the device takes: shim/pytest.py
# and run_tests.py run the committed test functions).
set -u
R=$PWD; W=/root/work/run87; mkdir -p $W/site; cd $W
{ date -u; nvidia-smi --query-gpu=name,driver_version --format=csv; python3 --version; which python3.11; } > machine.txt 2>&1
xz -dc $R/devbin/r87/umodel-py.tar.xz | tar xf - -C site
PY=$(command -v python3.11 || command -v python3)
for i in 1 2 3; do
  PYTHONPATH=$W/site:$R/calibration/h200/run87/shim timeout 120 $PY $R/calibration/h200/run87/run_tests.py $R/crates/umodel-py/tests > py-$i.log 2>&1; echo "rc=$?" >> py-$i.log
done
tar czf $OUT/run87.tgz -C /root/work --exclude=run87/site run87
cat machine.txt; cat py-*.log
