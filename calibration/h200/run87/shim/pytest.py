"""The two pieces of pytest that crates/umodel-py/tests/test_umodel.py's fault-scale tests use,
for a machine whose Python has no pytest (run87.sh; the device's tree allows no more): `fixture`
as a plain decorator and `raises` with `match`."""
import contextlib
import re


def fixture(*args, **kwargs):
    return (lambda f: f) if not args or not callable(args[0]) else args[0]


@contextlib.contextmanager
def raises(exc, match=None):
    try:
        yield
    except exc as e:
        if match is not None and not re.search(match, str(e)):
            raise AssertionError(f"{type(e).__name__} {e!s} does not match {match!r}")
        return
    raise AssertionError(f"did not raise {exc}")
