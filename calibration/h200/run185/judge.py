#!/usr/bin/env python3
"""Rule D, written before run185's data came back: price a program whose thread is not pinned
without the move's deferred cost. run183 showed the cost comes with a pinned issuing thread
(umodel's harness pins; the programs written without umodel's code do not) and every calibration
measures pinned, so its `prefetch_next` (a second move beyond a first's price) and
`prefetch_noop_after_move` (the sequence's no-op at its mean) carry the cost when the calibration
meets it. Two pricings of the same cells, by one build (UMODEL, devbin/r183): (a) each
calibration's model as fitted; (b) the same with those two terms taken out, a second move
priced as a first and every no-op at the settled cells (`prefetch_noop`), as the model prices a
calibration without them. The choice was read, in sample, on run160-run177
(offline40/deferred.txt).

Held out: run184's programs on its two pinned calibrations (their errors under (a) were seen in
judging rule U, not under (b)) and run185's on its two (a fresh VM): relax.cu and kmeans.cu on 64
MiB with 16 and 1 host threads, horner.cu K = 16, every policy, given each program's plain
phases and thread counts (as run177/judge.py).

  D1. the programs' cells beyond 5 %: no more under (b) than under (a);
  D2. the prefetching rows' (managed-prefetch, managed-advise-prefetch: the only rows (b)
      moves) median |error|: lower under (b).
Adopted (a task on an unpinned thread priced without the two terms, umodel's own workloads,
run pinned, with them) if both hold. A reading beside it, judging nothing: run185's relax.cu on
one thread pinned (`relaxpinned-*`), whose prefetching rows (a) should price better than (b).

    python3 calibration/h200/run185/judge.py UMODEL        (in judge.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
UM = sys.argv[1]
RUNS = {"run184": "model-pinned-*.json", "run185": "model-minimal-*.json"}
PREFETCHING = ("managed-prefetch", "managed-advise-prefetch")
DEFERRED = ("prefetch_next", "prefetch_noop_after_move")


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def configurations(d, tmp):
    out = []
    for path in sorted(glob.glob(os.path.join(d, "*.csv"))):
        name = os.path.basename(path)
        m = re.match(r"(relax|relaxpinned|kmeans)-(\d+)-t(\d+)\.csv$|horner-(\d+)-k(\d+)\.csv$", name)
        if not m:
            continue
        prog = "horner" if m.group(4) else m.group(1)
        bytes_ = int(m.group(4) or m.group(2))
        threads = int(m.group(3)) if m.group(3) else 1
        rows = [r for r in csv.DictReader(open(path)) if r["check"] == "ok"]
        plain = [r for r in rows if r["policy"] == "plain"]
        pol = {}
        for r in rows:
            if r["policy"] not in ("plain", "plain-woken"):
                pol.setdefault(r["policy"], []).append(float(r["total_ms"]))
        cpu = med([float(r["cpu_ms"]) for r in plain])
        gpu = med([float(r["gpu_ms"]) for r in plain])
        fin = med([float(r["cpu_final_ms"]) for r in plain]) if prog != "kmeans" else None
        base = json.load(open(os.path.join(ROOT, "tasks", f"{'relax' if prog == 'relaxpinned' else prog}.json")))
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        if prog != "horner":
            task["cpu_threads"] = threads
            if fin is not None:
                task["cpu_final_threads"] = threads
        tf = os.path.join(tmp, f"{os.path.basename(d)}-{name[:-4]}.json")
        json.dump(task, open(tf, "w"))
        out.append((prog, name[:-4], tf, cpu, gpu, fin, pol))
    return out


def without(path, tmp):
    m = json.load(open(path))
    for k in DEFERRED:
        m["task_terms"].pop(k, None)
    p = os.path.join(tmp, os.path.basename(os.path.dirname(path)) + "-b-" + os.path.basename(path))
    json.dump(m, open(p, "w"))
    return p


tmp = tempfile.mkdtemp()
cells = []  # (run, program, configuration, calibration, policy, error (a), error (b))
for r, pattern in RUNS.items():
    d = os.path.join(HERE, "..", r)
    for prog, cfg, tf, cpu, gpu, fin, pol in configurations(d, tmp):
        for m in sorted(glob.glob(os.path.join(d, pattern))):
            err = {}
            for way, model in (("a", m), ("b", without(m, tmp))):
                cmd = [UM, "predict", "-m", model, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
                if fin is not None:
                    cmd += ["--cpu-final-ms", f"{fin}"]
                for q in json.loads(run(cmd)):
                    if q["policy"] in pol:
                        meas = med(pol[q["policy"]])
                        err.setdefault(q["policy"], {})[way] = 100 * (q["time_ms"] - meas) / meas
            for p, e in err.items():
                cells.append((r, prog, cfg, os.path.basename(m), p, e["a"], e["b"]))

out = []
say = out.append
held = [c for c in cells if c[1] != "relaxpinned"]
for r in RUNS:
    say(f"{r}: prefetching rows, (a) -> (b), by configuration and calibration:")
    for c in held:
        if c[0] == r and c[4] in PREFETCHING:
            say(f"  {c[2]:22} {c[3]:22} {c[4]:24} {c[5]:+6.2f} -> {c[6]:+6.2f} %")
say("")
a_all, b_all = [abs(c[5]) for c in held], [abs(c[6]) for c in held]
a_pf = [abs(c[5]) for c in held if c[4] in PREFETCHING]
b_pf = [abs(c[6]) for c in held if c[4] in PREFETCHING]
d1 = sum(x > 5 for x in b_all) <= sum(x > 5 for x in a_all)
d2 = med(b_pf) < med(a_pf)
pinned = [c for c in cells if c[1] == "relaxpinned" and c[4] in PREFETCHING]
say(f"The programs, held out ({len(held)} cells): beyond 5 % (a) {sum(x > 5 for x in a_all)}, (b) {sum(x > 5 for x in b_all)}")
say(f"Their prefetching rows ({len(a_pf)} cells): median |error| (a) {med(a_pf):.2f} %, (b) {med(b_pf):.2f} %; "
    f"signed (a) {med([c[5] for c in held if c[4] in PREFETCHING]):+.2f} %, (b) {med([c[6] for c in held if c[4] in PREFETCHING]):+.2f} %")
say("")
say("Reading (judging nothing): relax.cu on one thread pinned, its prefetching rows:")
for c in pinned:
    say(f"  {c[3]:22} {c[4]:24} (a) {c[5]:+6.2f} %, (b) {c[6]:+6.2f} %")
say("")
say(f"D1 (cells beyond 5 % do not rise): {'met' if d1 else 'not met'}")
say(f"D2 (the prefetching rows' median |error| falls): {'met' if d2 else 'not met'}")
say(f"rule D: {'passed' if d1 and d2 else 'not passed'}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "judge.txt"), "w").write(text)
print(text, end="")
