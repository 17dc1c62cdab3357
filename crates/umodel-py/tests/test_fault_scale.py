"""`umodel.fault_scale`: your own code's fault-back scale, measured on a GPU. Bad input is refused
before a GPU is looked for; without one (CI) the call raises the driver's message; with one it
measures, and no view of its buffers outlives a call unseen. Only the standard library besides
umodel, so that these run on a GPU machine with a bare Python (calibration/h200/run87)."""

import ctypes
import zlib

import pytest

import umodel


def _gpu():
    """Whether a measurement runs here: a small one answers, or raises the driver's message."""
    try:
        umodel.fault_scale(b"\0" * 4096, lambda v: None, rounds=1)
        return True
    except umodel.UmodelError as e:
        assert "driver" in str(e) or "GPU" in str(e) or "CUDA" in str(e), str(e)
        return False


def test_fault_scale_refuses_bad_input_before_it_looks_for_a_gpu():
    calls = []
    with pytest.raises(umodel.UmodelError, match=r"multiple of 4 bytes \(got 6\)"):
        umodel.fault_scale(b"\0" * 6, calls.append)
    with pytest.raises(umodel.UmodelError, match=r"multiple of 4 bytes \(got 0\)"):
        umodel.fault_scale(b"", calls.append)
    with pytest.raises(umodel.UmodelError, match=r"rounds must be at least 1"):
        umodel.fault_scale(b"\0" * 8, calls.append, rounds=0)
    with pytest.raises(TypeError, match="callable"):
        umodel.fault_scale(b"\0" * 8, 42)
    with pytest.raises(TypeError):
        umodel.fault_scale("text is not bytes", calls.append)
    assert calls == []


def test_fault_scale_measures_or_says_there_is_no_gpu():
    if not _gpu():
        return  # _gpu checked the message
    # 64 MiB read once by C code (a CRC): about what the calibration's read pays.
    data = bytes(range(256)) * ((64 << 20) // 256)
    crcs = []
    r = umodel.fault_scale(data, lambda v: crcs.append(zlib.crc32(v)), rounds=3)
    assert set(r) == {"scale", "code_extra_ms", "read_extra_ms", "rounds", "failed", "bytes"}
    assert (r["rounds"], r["failed"], r["bytes"]) == (3, 0, 64 << 20)
    assert crcs == [zlib.crc32(data)] * 8, "every copy the code saw held the data"
    assert 0.3 < r["scale"] < 3.0, r
    # Code that keeps a buffer made from its view (a memoryview of it, as an array would; a slice;
    # a cast): an error, and the memory stays valid for what kept it.
    for keep in (memoryview, lambda v: v[:4096], lambda v: v.cast("I")):
        kept = []
        with pytest.raises(umodel.UmodelError, match="kept a view"):
            umodel.fault_scale(b"\1" * 4096, lambda v: kept.append(keep(v)), rounds=1)
        assert bytes(kept[0])[:4] == b"\1" * 4
    # The view itself and its exporter may be kept: the view is released (reading it is then an
    # error) and the exporter lends no more.
    kept = []
    umodel.fault_scale(b"\1" * 4096, lambda v: kept.extend([v, v.obj]), rounds=1)
    with pytest.raises(ValueError):
        kept[0][0]
    with pytest.raises(BufferError):
        memoryview(kept[1])

    # The copies are aligned for 8-byte types where the size allows, else for 4-byte ones.
    def aligned(size):
        at = []
        umodel.fault_scale(b"\0" * size, lambda v: at.append(ctypes.addressof(ctypes.c_char.from_buffer(v))), rounds=1)
        return {a % 8 for a in at}, {a % 4 for a in at}

    assert aligned(16 << 20)[0] == {0}
    assert aligned((16 << 20) + 4)[1] == {0}

    # What the code raises reaches the caller.
    def boom(v):
        raise RuntimeError("from the code")

    with pytest.raises(RuntimeError, match="from the code"):
        umodel.fault_scale(b"\0" * 4096, boom, rounds=1)
