"""Runs crates/umodel-py/tests/test_fault_scale.py's tests with the pytest shim (run87.sh): each
test by name, PASS or the traceback."""
import sys
import traceback

sys.path.insert(0, sys.argv[1])  # the tests' folder
import test_fault_scale as t  # noqa: E402

failed = 0
print("gpu present:", t._gpu())
for name in [n for n in dir(t) if n.startswith("test_")]:
    try:
        getattr(t, name)()
        print("PASS", name)
    except Exception:
        failed += 1
        print("FAIL", name)
        traceback.print_exc()
sys.exit(1 if failed else 0)
