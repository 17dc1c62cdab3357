#!/usr/bin/env python3
"""run177's rules, written before its data came back. Three builds: BEFORE (main before either
change), LINK (a pass whose reads outweigh its writes over the link takes the longer of the two
directions, the writes hiding under the reads; chosen on run175's kernel steps and the relax and
horner runs before this one) and BOTH (LINK and the given CPU phase's spread by its threads,
7e2b5f8, which failed run176's rule by one cell, eight of its nine misses relax's host-mapped
row). Every cell: a program's configuration, one of the run's two calibrations, one policy; the
prediction given the phases as a user times them on their own (the medians of the `plain`
rows), the thread counts given.

Rule L (the link; adopted if all three hold, BEFORE against LINK):
  L1. relax's host-mapped cells: median |error| lower under LINK;
  L2. horner's host-mapped and managed-advise cells: the median |error| of the rest (each row's
      total less its host phases inside the trial, against the prediction less its host side)
      lower under LINK;
  L3. every cell of the three programs: no more beyond 5 % under LINK than under BEFORE.
Rule I (the spread by threads, a second reading; adopted if L passed and both hold, LINK against
BOTH, over the many-thread cells of relax and the k-means):
  I1. BOTH's 90 % intervals hold at least 90 % of them;
  I2. BOTH's hold more of them than LINK's.
    python3 calibration/h200/run177/judge.py BEFORE LINK BOTH        (in judge.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
BUILDS = dict(zip(("BEFORE", "LINK", "BOTH"), sys.argv[1:4]))
ROUNDS = {"kmeans": 5, "relax": 4}


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def predict(um, model, task, cpu, gpu, fin):
    cmd = [um, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}", "--json"]
    if fin is not None:
        cmd += ["--cpu-final-ms", f"{fin}"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    return {q["policy"]: q for q in json.loads(p.stdout)}


def configurations(tmp):
    """(program, label, task file, threads, cpu, gpu, fin, {policy: [(total, host)]})."""
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "*.csv"))):
        name = os.path.basename(path)
        m = re.match(r"(relax|kmeans)-(\d+)-t(\d+)\.csv|horner-(\d+)-k(\d+)\.csv", name)
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
                pol.setdefault(r["policy"], []).append((float(r["total_ms"]), float(r["cpu_ms"])))
        fin_col = prog != "kmeans"
        cpu = med([float(r["cpu_ms"]) for r in plain])
        gpu = med([float(r["gpu_ms"]) for r in plain])
        fin = med([float(r["cpu_final_ms"]) for r in plain]) if fin_col else None
        base = json.load(open(os.path.join(ROOT, "tasks", f"{prog}.json")))
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        if prog != "horner":
            task["cpu_threads"] = threads
            if fin_col:
                task["cpu_final_threads"] = threads
        tf = os.path.join(tmp, name[:-4] + ".json")
        json.dump(task, open(tf, "w"))
        out.append((prog, name[:-4], tf, threads, cpu, gpu, fin, pol))
    return out


def main():
    tmp = tempfile.mkdtemp()
    models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
    err = {b: [] for b in BUILDS}  # (prog, policy, |error|, |rest error|)
    inside = {b: [] for b in BUILDS}
    for prog, label, tf, threads, cpu, gpu, fin, pol in configurations(tmp):
        print(f"{label}: given CPU {cpu:.3f} ms, GPU {gpu:.4f} ms" + (f", final {fin:.3f} ms" if fin is not None else ""))
        for m in models:
            line = {}
            for b, um in BUILDS.items():
                pred = predict(um, m, tf, cpu, gpu, fin)
                for p, v in pol.items():
                    q = pred[p]
                    meas = med([x[0] for x in v])
                    rest = med([x[0] - x[1] for x in v])
                    host = q["parts"]["cpu_ms"] + q["parts"]["cpu_faults_ms"]
                    e = 100 * (q["time_ms"] - meas) / meas
                    er = 100 * (q["time_ms"] - host - rest) / rest
                    err[b].append((prog, p, abs(e), abs(er)))
                    if threads > 1:
                        inside[b].append(q["interval_ms"][0] <= meas <= q["interval_ms"][1])
                    line.setdefault(p, []).append(f"{b} {e:+6.2f} %")
            print(f"  {os.path.basename(m)[:-5]}: " + "; ".join(f"{p} " + ", ".join(v) for p, v in line.items()))
    pick = lambda b, f: [x for x in err[b] if f(x)]
    rx = lambda x: x[0] == "relax" and x[1] == "host-mapped"
    hz = lambda x: x[0] == "horner" and x[1] in ("host-mapped", "managed-advise")
    l1 = (med([x[2] for x in pick("BEFORE", rx)]), med([x[2] for x in pick("LINK", rx)]))
    l2 = (med([x[3] for x in pick("BEFORE", hz)]), med([x[3] for x in pick("LINK", hz)]))
    l3 = (sum(x[2] > 5 for x in err["BEFORE"]), sum(x[2] > 5 for x in err["LINK"]), len(err["LINK"]))
    ok_l = [l1[1] < l1[0], l2[1] < l2[0], l3[1] <= l3[0]]
    print(f"L1 (relax host-mapped median |error|): {l1[0]:.2f} -> {l1[1]:.2f} %: {'met' if ok_l[0] else 'not met'}")
    print(f"L2 (horner host-mapped and managed-advise, the rest's median |error|): {l2[0]:.2f} -> {l2[1]:.2f} %: {'met' if ok_l[1] else 'not met'}")
    print(f"L3 (cells beyond 5 %): {l3[0]} -> {l3[1]} of {l3[2]}: {'met' if ok_l[2] else 'not met'}")
    print("rule L:", "passed" if all(ok_l) else "not passed")
    il, ib = inside["LINK"], inside["BOTH"]
    ok_i = [sum(ib) >= 0.9 * len(ib), sum(ib) > sum(il)]
    print(f"I1 (BOTH holds >= 90 % of the many-thread cells): {sum(ib)} of {len(ib)} ({100 * sum(ib) / len(ib):.1f} %): {'met' if ok_i[0] else 'not met'}")
    print(f"I2 (BOTH holds more than LINK): {sum(ib)} against {sum(il)} (BEFORE {sum(inside['BEFORE'])}): {'met' if ok_i[1] else 'not met'}")
    print("rule I:", "passed" if all(ok_l) and all(ok_i) else "not passed")


if __name__ == "__main__":
    main()
