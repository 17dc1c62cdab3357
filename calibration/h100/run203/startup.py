#!/usr/bin/env python3
"""run203 part c's reading, written before the call (2026-12-05 17:35 UTC): what opening the GPU
costs a process with the kernels loaded as PTX (every build before `run203c`'s: the driver compiles
it on load, caching the result per user) and as machine code NVRTC made (the build of part c), and
whether that build's calibrations measure what the PTX build's measured on the same VM.

    python3 calibration/h200/run203/startup.py        (in startup.txt)
    PTX=".:2" python3 calibration/h100/run203/startup.py    (the card was an H100: run196's short
                                                            plan's files lie in run203/ itself)

Judged, and decided before the call: machine code stays the default (`Gpu::open`) only if
  S1. with an empty JIT cache (a machine's first process), the open's median total is shorter as
      machine code than as PTX; and
  S2. every device-memory cell (the `hbm` group, 16 and 64 MiB) of part c's two calibrations has
      its median time within 3 % of the same cell's median over the PTX build's later
      calibrations on this VM (part a's second, part b's), the kernels' own speed unchanged; and
  S3. no row of part c's calibrations failed its check, both ended with rc 0, and the GPU tests
      passed.
Else `Gpu::open` goes back to PTX, keeping the startup's record. Read beside it, judging nothing:
the calibrations' walls, the seconds outside their blocks (the wall less the facts' `seconds.*`),
and the host-mapped and managed cells' ratios.
"""
import csv, glob, json, os, re, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
out = []


def span(xs, f="{:.3f}"):
    return f"{f.format(st.median(xs))} [{f.format(min(xs))}-{f.format(max(xs))}] n={len(xs)}"


# startup.sh wrote the code twice, its own and the example's first column (which says what was
# loaded), under a header that names it once: each row has one field more than the header. Read
# by position; the loaded code is the fourth field.
NAMES = ["round", "cache", "code", "loaded", "libraries_s", "context_s", "compile_s", "load_s", "total_s",
         "process_ms"]
rows = [dict(zip(NAMES, r)) for r in list(csv.reader(open(os.path.join(HERE, "run203c", "startup.csv"))))[1:]]
ok = [r for r in rows if len(r) == len(NAMES) and r["total_s"] and r["loaded"] == r["code"]]
out.append(f"opens: {len(ok)} of {len(rows)} printed a row with the code asked for (startup.csv)")
cols = ["libraries_s", "context_s", "compile_s", "load_s", "total_s", "process_ms"]
out.append("cache code  " + "  ".join(c.ljust(26) for c in cols))
med = {}
for cache in ("cold", "warm"):
    for code in ("ptx", "cubin"):
        sel = [r for r in ok if r["cache"] == cache and r["code"] == code]
        if not sel:
            continue
        cells = []
        for c in cols:
            xs = [float(r[c]) for r in sel]
            med[(cache, code, c)] = st.median(xs)
            cells.append(span(xs, "{:.0f}" if c == "process_ms" else "{:.3f}").ljust(26))
        out.append(f"{cache:5} {code:5} " + "  ".join(cells))
s1 = ("cold", "cubin", "total_s") in med and med[("cold", "cubin", "total_s")] < med[("cold", "ptx", "total_s")]
if ("cold", "cubin", "total_s") in med:
    out.append(f"S1: cold-cache open as machine code {med[('cold', 'cubin', 'total_s')]:.3f} s against PTX "
               f"{med[('cold', 'ptx', 'total_s')]:.3f} s at the median: {'met' if s1 else 'not met'}")


def cal(folder, i):
    err = open(os.path.join(HERE, folder, f"calibrate-{i}.err")).read()
    m = re.findall(r"rc=(\d+) wall_ms=(\d+)", err)
    facts = glob.glob(os.path.join(HERE, folder, f"data-{i}", "models", "*.minimal.facts.json"))
    table = glob.glob(os.path.join(HERE, folder, f"data-{i}", "models", "*.minimal.csv"))
    if not m or not facts or not table:
        return None
    c = json.load(open(facts[0]))["conditions"]
    blocks = sum(float(v) for k, v in c.items() if k.startswith("seconds."))
    cells = {}
    failed = 0
    for r in csv.DictReader(open(table[0])):
        failed += r["check"] == "failed"
        if r["group"] in ("hbm", "host_mapped", "managed") and r["time_ms"]:
            cells.setdefault((r["group"], r["policy"], r["case"], int(r["bytes"])), []).append(float(r["time_ms"]))
    return dict(rc=int(m[-1][0]), wall=int(m[-1][1]) / 1000, outside=int(m[-1][1]) / 1000 - blocks,
                startup={k: v for k, v in c.items() if k.startswith("startup.")}, failed=failed,
                cells={k: st.median(v) for k, v in cells.items()})


cals = {}
for folder, i in [("run203a", 1), ("run203a", 2), ("run203b", 1), ("run203c", 1), ("run203c", 2)]:
    if os.path.exists(os.path.join(HERE, folder, f"calibrate-{i}.err")):
        cals[(folder, i)] = cal(folder, i)
# The PTX build's later calibrations on this VM; on an H100 (run196's short plan as run203) its
# second: PTX="run203:2".
LATER = [tuple(x.split(":")) for x in os.environ.get("PTX", "run203a:2 run203b:1").split()]
for f, i in LATER:
    if (f, int(i)) not in cals and os.path.exists(os.path.join(HERE, f, f"calibrate-{i}.err")):
        cals[(f, int(i))] = cal(f, int(i))
out.append("")
out.append("calibrations (PTX build: the later ones named by PTX; machine code: run203c): wall, outside the blocks, rows failed")
for (folder, i), c in cals.items():
    if c is None:
        out.append(f"  {folder}/calibrate-{i}: no wall or no model")
        continue
    st_ = " ".join(f"{k[8:]}={v}" for k, v in sorted(c["startup"].items()))
    out.append(f"  {folder}/calibrate-{i}: rc={c['rc']} {c['wall']:.1f} s, outside {c['outside']:.2f} s, "
               f"{c['failed']} failed{'; ' + st_ if st_ else ''}")
ptx = [c for (f, i), c in cals.items() if c and (f, str(i)) in LATER]
new = [c for (f, i), c in cals.items() if c and f == "run203c"]
s2 = None
if ptx and new:
    out.append("")
    out.append("each cell's median, machine-code build / PTX build's later calibrations (median of the calibrations' medians)")
    worst = 0.0
    for key in sorted(set(ptx[0]["cells"]) & set(new[0]["cells"])):
        a = st.median(c["cells"][key] for c in ptx if key in c["cells"])
        b = st.median(c["cells"][key] for c in new if key in c["cells"])
        ratio = b / a
        if key[0] == "hbm":
            worst = max(worst, abs(ratio - 1))
        out.append(f"  {key[0]:11} {key[2]:24} {key[3] >> 20:4} MiB  {a:9.4f} -> {b:9.4f} ms  x{ratio:.3f}")
    s2 = worst <= 0.03
    out.append(f"S2: the largest device-memory cell's move {100 * worst:.1f} %: {'met' if s2 else 'not met'}")
tests = open(os.path.join(HERE, "run203c", "gpu-tests.log")).read() if os.path.exists(
    os.path.join(HERE, "run203c", "gpu-tests.log")) else ""
tests_ok = "test result: ok" in tests and "rc=0" in tests
s3 = bool(new) and len(new) == 2 and all(c["rc"] == 0 and c["failed"] == 0 for c in new) and tests_ok
out.append(f"S3: part c's calibrations {[(c['rc'], c['failed']) for c in new]} (rc, rows failed), GPU tests "
           f"{'passed' if tests_ok else 'not passed'}: {'met' if s3 else 'not met'}")
out.append(f"machine code stays the default: {'yes' if s1 and s2 and s3 else 'no'}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "startup.txt"), "w").write(text)
print(text, end="")
