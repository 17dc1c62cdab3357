#!/usr/bin/env python3
"""run211's reading of the embedded PTX's check, written before the call (2026-12-05 17:45 UTC).

    python3 calibration/h200/run211/verify.py DIR        (DIR: the folder verify.sh filled; in
                                                        DIR/verify.txt)

Judged, decided before the call: the embedded PTX stays `Gpu::open`'s default only if
  V1. the GPU test `the_embedded_ptx_is_what_this_machines_nvrtc_makes` passed, and it compared
      (the machine's NVRTC is 13.0): the same PTX, so the same machine code as compiling it; and
  V2. both calibrations ended with rc 0, no row failed its check, and their facts say
      `startup.nvrtc` = no, and every GPU test passed.
Else the default goes back to NVRTC's PTX at every open (`KernelCode::PtxCompiled`). Beside it,
judging nothing: the calibrations' walls, seconds outside their blocks and the open's pieces; the
open alone, embedded against NVRTC's.
"""
import csv, glob, json, os, re, statistics as st, sys

D = os.path.abspath(sys.argv[1])
out = []
tests = open(os.path.join(D, "gpu-tests.log")).read() if os.path.exists(os.path.join(D, "gpu-tests.log")) else ""
compared = "test the_embedded_ptx_is_what_this_machines_nvrtc_makes ... ok" in tests and "nothing to compare" not in tests
v1 = compared
out.append(f"V1: the embedded PTX test {'passed and compared' if compared else 'did not pass, or did not compare'}")
cals = []
for i in (1, 2):
    err = os.path.join(D, f"calibrate-{i}.err")
    facts = glob.glob(os.path.join(D, f"data-{i}", "models", "*.minimal.facts.json"))
    table = glob.glob(os.path.join(D, f"data-{i}", "models", "*.minimal.csv"))
    m = re.findall(r"rc=(\d+) wall_ms=(\d+)", open(err).read()) if os.path.exists(err) else []
    if not m or not facts or not table:
        out.append(f"calibration {i}: missing")
        cals.append(None)
        continue
    c = json.load(open(facts[0]))["conditions"]
    failed = sum(r["check"] == "failed" for r in csv.DictReader(open(table[0])))
    wall = int(m[-1][1]) / 1000
    blocks = sum(float(v) for k, v in c.items() if k.startswith("seconds."))
    cals.append((int(m[-1][0]), failed, c.get("startup.nvrtc")))
    out.append(f"calibration {i}: rc={m[-1][0]} {wall:.2f} s, outside the blocks {wall - blocks:.2f} s, {failed} rows "
               f"failed; nvrtc={c.get('startup.nvrtc')} context {c.get('startup.context_s')} compile "
               f"{c.get('startup.compile_s')} load {c.get('startup.load_s')} facts {c.get('startup.facts_s')}")
all_passed = "test result: ok" in tests and "rc=0" in tests
v2 = all(x is not None and x[0] == 0 and x[1] == 0 and x[2] == "no" for x in cals) and all_passed
out.append(f"V2: {'met' if v2 else 'not met'} (calibrations {cals}, GPU tests {'passed' if all_passed else 'not passed'})")
out.append(f"the embedded PTX stays the default: {'yes' if v1 and v2 else 'no'}")
rows = list(csv.DictReader(open(os.path.join(D, "opens.csv")))) if os.path.exists(os.path.join(D, "opens.csv")) else []
for asked in ("ptx", "ptx-compiled"):
    sel = [r for r in rows if r["asked"] == asked and r["total_s"]]
    if sel:
        out.append(f"the open alone, {asked}, n={len(sel)}: " + ", ".join(
            f"{k[:-2]} {st.median(float(r[k]) for r in sel):.3f}" for k in ("context_s", "compile_s", "load_s", "total_s"))
            + f", nvrtc {sorted(set(r['nvrtc'] for r in sel))}")
text = "\n".join(out) + "\n"
open(os.path.join(D, "verify.txt"), "w").write(text)
print(text, end="")
