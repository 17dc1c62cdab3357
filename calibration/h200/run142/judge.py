#!/usr/bin/env python3
"""run142's rule, written before its data came back: does umodel predict a workload written
without any of its code? contrib/independent/kmeans.cu (one-dimensional k-means, five rounds, GPU
first; tasks/kmeans.json describes it) ran under the six handoff policies on a fresh VM, at 64 MiB
a buffer with one host thread and with every core, and at 256 MiB with one thread; the same VM
made two minimal calibrations (before and after).

Each configuration is predicted with each calibration, given the medians of the phases the
program timed on plain memory in the same run (`umodel predict --task --cpu-ms --gpu-ms`), and
compared with each policy's median total. The issue's workload targets, per configuration and
calibration:
  1. every policy within 5 %;
  2. the median |error| over the policies at most 2.5 %;
  3. every clear ordering right: where two policies' measured ranges (min-max over the trials) do
     not overlap, the prediction orders them the same way.
Also shown, not judged: the 90 % intervals' coverage of the measured medians, and the embedded
`h200` model (no calibration of this VM).
    python3 calibration/h200/run142/judge.py UMODEL        (in judge.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def read(path):
    plain, pol, failed = {"cpu": [], "gpu": []}, {}, 0
    for r in csv.DictReader(open(path)):
        if r["check"] != "ok":
            failed += 1
            continue
        if r["policy"] == "plain":
            plain["cpu"].append(float(r["cpu_ms"]))
            plain["gpu"].append(float(r["gpu_ms"]))
        else:
            pol.setdefault(r["policy"], []).append((float(r["total_ms"]), float(r["cpu_ms"])))
    return plain, pol, failed


def predict(model, task, cpu, gpu):
    p = subprocess.run([UMODEL, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}",
                        "--gpu-ms", f"{gpu}", "--json"], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    return {q["policy"]: q for q in json.loads(p.stdout)}


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(ROOT, "tasks", "kmeans.json")))
    models = [(os.path.basename(m)[:-5], m) for m in sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))]
    models.append(("embedded h200", "h200"))
    allerr, verdicts = {}, []
    for path in sorted(glob.glob(os.path.join(HERE, "kmeans-*-t*.csv"))):
        bytes_, threads = map(int, re.match(r"kmeans-(\d+)-t(\d+)\.csv", os.path.basename(path)).groups())
        plain, pol, failed = read(path)
        if not pol:
            print(f"{os.path.basename(path)}: no rows")
            continue
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        tf = os.path.join(tmp, f"kmeans-{bytes_}.json")
        json.dump(task, open(tf, "w"))
        cpu, gpu = med(plain["cpu"]), med(plain["gpu"])
        print(f"{bytes_ >> 20} MiB a buffer, {threads} host thread(s): {len(plain['cpu'])} trials, {failed} failed rows; "
              f"given CPU phase {cpu:.3f} ms [{min(plain['cpu']):.3f}-{max(plain['cpu']):.3f}], GPU pass {gpu:.4f} ms")
        for name, model in models:
            pred = predict(model, tf, cpu, gpu)
            errs, inside, rows = [], 0, []
            for p, v in pol.items():
                tot = [x[0] for x in v]
                m = med(tot)
                q = pred[p]
                e = 100 * (q["time_ms"] - m) / m
                errs.append(abs(e))
                inside += q["interval_ms"][0] <= m <= q["interval_ms"][1]
                rows.append(f"    {p:<24} predicted {q['time_ms']:9.2f} [{q['interval_ms'][0]:.1f}-{q['interval_ms'][1]:.1f}]"
                            f"  measured {m:9.2f} [{min(tot):.2f}-{max(tot):.2f}] of {len(tot)}  {e:+6.2f} %"
                            f"   (host phases in the trial {med([x[1] for x in v]):.2f} ms, 5 x given {5 * cpu:.2f})")
            clear = right = 0
            ps = list(pol)
            for i in range(len(ps)):
                for j in range(i + 1, len(ps)):
                    a, b = [x[0] for x in pol[ps[i]]], [x[0] for x in pol[ps[j]]]
                    if max(a) < min(b) or max(b) < min(a):
                        clear += 1
                        right += (med(a) < med(b)) == (pred[ps[i]]["time_ms"] < pred[ps[j]]["time_ms"])
            beyond = sum(x > 5 for x in errs)
            ok = [beyond == 0, med(errs) <= 2.5, right == clear]
            print(f"  {name}: median |error| {med(errs):.2f} %, max {max(errs):.2f} %, {beyond} of {len(errs)} beyond 5 %; "
                  f"clear orderings right {right}/{clear}; 90 % intervals hold {inside}/{len(errs)}")
            print("\n".join(rows))
            if name != "embedded h200":
                print(f"    targets: every policy within 5 % {'met' if ok[0] else 'not met'}; median <= 2.5 % "
                      f"{'met' if ok[1] else 'not met'}; clear orderings {'met' if ok[2] else 'not met'}")
                verdicts.append(all(ok))
                allerr.setdefault(name, []).extend(errs)
    for name, e in allerr.items():
        print(f"{name}: over every configuration, median |error| {med(e):.2f} %, {sum(x > 5 for x in e)} of {len(e)} beyond 5 %")
    print(f"verdict: the targets met in {sum(verdicts)} of {len(verdicts)} (configuration, calibration) pairs")


if __name__ == "__main__":
    main()
