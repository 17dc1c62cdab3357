#!/usr/bin/env python3
"""run184's rule, written before its data came back. run183: umodel's issuing thread, pinned
to one core as every committed calibration ran, brings its moves a deferred cost that programs
with an unpinned thread never pay. Should the suite measure with the thread unpinned by default
(`--cpu-core none`)?

Cells: each program written without umodel's code (relax.cu, kmeans.cu, horner.cu, unpinned as
written) in each configuration, priced by each of the run's four calibrations (two pinned, two
unpinned) and each policy, given the medians of its `plain` rows and its thread counts (as
run177/judge.py gives them); and umodel's seed 001 workloads, run pinned and unpinned, each side
validated on its own side's two calibrations (`validate --task ... --final-beside --cpu-beside
--probe`, every cell's paired error, as run134/judge.py). One build prices all: UMODEL
(devbin/r183, 395e129's code).

Rule U (adopted, the suite's default thread unpinned, if all three hold):
  U1. the programs' cells beyond 5 %: no more priced by the unpinned calibrations than by the
      pinned ones;
  U2. the programs' median |error|: lower priced by the unpinned calibrations;
  U3. umodel's workloads: no more cells beyond 5 % unpinned (rows and calibrations) than pinned.
Also printed (judging nothing): each program and policy's signed median each way, the cells
inside their 90 % intervals each way, the calibrations' walls and their prefetch terms at 64 MiB.

    python3 calibration/h200/run184/judge.py UMODEL        (in judge.txt)"""
import csv, glob, json, os, re, statistics as st, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
UM = sys.argv[1]
SIDES = ("pinned", "free")


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def run(args):
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"{' '.join(args)}: {p.stderr.strip()}")
    return p.stdout


def configurations(tmp):
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "*.csv"))):
        name = os.path.basename(path)
        m = re.match(r"(relax|kmeans)-(\d+)-t(\d+)\.csv$|horner-(\d+)-k(\d+)\.csv$", name)
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
        base = json.load(open(os.path.join(ROOT, "tasks", f"{prog}.json")))
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        if prog != "horner":
            task["cpu_threads"] = threads
            if fin is not None:
                task["cpu_final_threads"] = threads
        tf = os.path.join(tmp, name[:-4] + ".json")
        json.dump(task, open(tf, "w"))
        out.append((prog, name[:-4], tf, cpu, gpu, fin, pol))
    return out


def models(side):
    return sorted(glob.glob(os.path.join(HERE, f"model-{side}-*.json")))


tmp = tempfile.mkdtemp()
out = []
say = out.append
cells = {s: [] for s in SIDES}  # (program, configuration, model, policy, error %, inside)
for prog, cfg, tf, cpu, gpu, fin, pol in configurations(tmp):
    for side in SIDES:
        for m in models(side):
            cmd = [UM, "predict", "-m", m, "--task", tf, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
            if fin is not None:
                cmd += ["--cpu-final-ms", f"{fin}"]
            for q in json.loads(run(cmd)):
                if q["policy"] in pol:
                    meas = med(pol[q["policy"]])
                    lo, hi = q["interval_ms"]
                    cells[side].append((prog, cfg, os.path.basename(m), q["policy"],
                                        100 * (q["time_ms"] - meas) / meas, lo <= meas <= hi))
say("The programs written without umodel's code, priced by each side's calibrations:")
for side in SIDES:
    c = cells[side]
    e = [abs(x[4]) for x in c]
    say(f"  {side:6}: {len(c)} cells, beyond 5 % {sum(x > 5 for x in e)}, median |error| {med(e):.2f} %, "
        f"inside the 90 % interval {sum(x[5] for x in c)}")
for key in sorted(set((x[1], x[3]) for x in cells["pinned"])):
    row = []
    for side in SIDES:
        v = [x[4] for x in cells[side] if (x[1], x[3]) == key]
        row.append(f"{side} {' '.join(f'{y:+6.2f}' for y in v)}")
    say(f"    {key[0]:22} {key[1]:24} {' | '.join(row)} %")

wl = {s: [] for s in SIDES}
for side in SIDES:
    table = os.path.join(HERE, f"workload-{side}.csv")
    if not os.path.exists(table):
        continue
    for m in models(side):
        for task in ("seed-001", "seed-001-overlapped"):
            v = json.loads(run([UM, "validate", "-m", m, "--task", os.path.join(ROOT, "tasks", f"{task}.json"),
                                table, "--final-beside", "--cpu-beside", "--probe", "--json"]))
            for p in v["points"]:
                if p.get("paired_error_pct") is not None:
                    wl[side].append((task, p["policy"], os.path.basename(m), p["paired_error_pct"]))
say("")
say("umodel's seed 001 workloads, each side's rows on its own side's calibrations (paired errors):")
for side in SIDES:
    e = [abs(x[3]) for x in wl[side]]
    say(f"  {side:6}: {len(e)} cells, beyond 5 % {sum(x > 5 for x in e)}, median |error| {med(e):.2f} %")
    for x in wl[side]:
        say(f"    {x[0]:20} {x[1]:24} {x[2]:22} {x[3]:+6.2f} %")

say("")
say("The calibrations (wall, and prefetch terms at 64 MiB, ms):")
for side in SIDES:
    for m in models(side):
        label = os.path.basename(m)[6:-5]
        err = open(os.path.join(HERE, f"calibrate-{label}.err")).read()
        wall = re.findall(r"wall_ms=(\d+)", err)
        tt = json.load(open(m))["task_terms"]
        terms = ", ".join(f"{k} {tt[k]['lat_ms'] + tt[k]['ms_per_gib'] / 16:.3f}"
                          for k in ("prefetch_to_device", "prefetch_next", "prefetch_noop_after_move",
                                    "prefetch_noop", "prefetch_to_host") if k in tt)
        say(f"  {label:9} wall {int(wall[-1]) / 1000 if wall else float('nan'):.1f} s; {terms}")

say("")
p_e = [abs(x[4]) for x in cells["pinned"]]
f_e = [abs(x[4]) for x in cells["free"]]
w_p = sum(abs(x[3]) > 5 for x in wl["pinned"])
w_f = sum(abs(x[3]) > 5 for x in wl["free"])
u1 = bool(f_e) and sum(x > 5 for x in f_e) <= sum(x > 5 for x in p_e)
u2 = bool(f_e) and med(f_e) < med(p_e)
u3 = bool(wl["free"]) and w_f <= w_p
say(f"U1 (the programs' cells beyond 5 %): {sum(x > 5 for x in p_e)} -> {sum(x > 5 for x in f_e)}: {'met' if u1 else 'not met'}")
say(f"U2 (the programs' median |error|): {med(p_e):.2f} -> {med(f_e):.2f} %: {'met' if u2 else 'not met'}")
say(f"U3 (umodel's workloads' cells beyond 5 %): {w_p} -> {w_f}: {'met' if u3 else 'not met'}")
say(f"rule U: {'passed' if u1 and u2 and u3 else 'not passed'}")
text = "\n".join(out) + "\n"
open(os.path.join(HERE, "judge.txt"), "w").write(text)
print(text, end="")
