#!/usr/bin/env python3
"""run213's reading: the criteria its plan wrote before the call, read from its files.

    python3 calibration/h100/run213/readings.py        (in readings.txt)
"""
import csv, glob, json, os, re

HERE = os.path.dirname(os.path.abspath(__file__))


def text(name):
    p = os.path.join(HERE, name)
    return open(p).read() if os.path.exists(p) else ""


out = []
dl = text("dlopen.txt")
hidden = "does not load" in dl and "loads\n" not in dl
out.append(f"NVRTC hidden in the namespace: {'yes' if hidden else 'no'} ({dl.strip().count(chr(10)) + 1} names tried)")
ok = [hidden]
for i in (1, 2):
    m = re.findall(r"rc=(\d+) wall_ms=(\d+)", text(f"calibrate-{i}.err"))
    d = os.path.join(HERE, f"data-{i}", "models")
    facts = json.load(open(glob.glob(os.path.join(d, "*.minimal.facts.json"))[0]))
    rows = list(csv.DictReader(open(glob.glob(os.path.join(d, "*.minimal.csv"))[0])))
    failed = sum(r["check"] == "failed" for r in rows)
    nvrtc = facts["conditions"].get("startup.nvrtc")
    out.append(f"calibration {i} ({'NVRTC hidden' if i == 1 else 'NVRTC visible'}): rc={m[-1][0]}, "
               f"{int(m[-1][1]) / 1000:.1f} s, {len(rows)} rows, {failed} failed, startup.nvrtc={nvrtc}, "
               f"NVRTC_VERSION {'recorded' if 'NVRTC_VERSION' in facts['platform']['attributes'] else 'absent'}")
    ok.append(m[-1][0] == "0" and failed == 0 and nvrtc == "no")
probe = text("probe-1.txt")
out.append(f"umodel probe, NVRTC hidden: {probe.strip().splitlines()[-1]}")
ok.append(probe.strip().endswith("rc=0"))
ptx, compiled = text("open-ptx.txt"), text("open-ptx-compiled.txt")
out.append(f"the open with the embedded PTX, NVRTC hidden: {' / '.join(ptx.strip().splitlines())}")
out.append(f"the open with NVRTC's PTX, NVRTC hidden: {' / '.join(compiled.strip().splitlines())}")
ok.append(ptx.strip().endswith("rc=0") and compiled.strip().endswith("rc=1") and "NoNvrtc" in compiled
          and "panicked" not in compiled)
tests = text("gpu-tests.log")
out.append("the GPU tests, NVRTC visible: " + " ".join(l for l in tests.splitlines() if l.startswith("test result")))
ok.append("test result: ok" in tests)
out.append(f"the change holds: {'yes' if all(ok) else 'no'}")
t = "\n".join(out) + "\n"
open(os.path.join(HERE, "readings.txt"), "w").write(t)
print(t, end="")
