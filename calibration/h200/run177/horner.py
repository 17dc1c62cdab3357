#!/usr/bin/env python3
"""run158's rule, written before its data came back: does umodel predict a third workload it did
not write, and where host-mapped overtakes the explicit copy? contrib/independent/horner.cu (the
host writes a batch of inputs and sums the outputs every round, the GPU makes R = 4 passes of a
degree-K polynomial per round; four rounds, host first, then the host sums the outputs;
tasks/horner.json) ran under the six handoff policies on a fresh VM with two minimal
calibrations: 64 MiB a buffer with K = 16 (the passes wait for memory and the link) and K = 4096
(the link hides under the arithmetic), and 256 MiB with K = 4096.

Each configuration is predicted with each calibration, given the medians of the phases the
program timed on plain memory (`umodel predict --task --cpu-ms --gpu-ms --cpu-final-ms`, the
task file at the run's size and R), and compared with each policy's median total. The issue's
workload targets, per (configuration, calibration), as for the k-means (run142/judge.py):
  1. every policy within 5 %;
  2. the median |error| over the policies at most 2.5 %;
  3. every clear ordering right (measured ranges that do not overlap, ordered the same way).
Also shown, not judged: whether host-mapped and the explicit copy are ordered as measured in each
configuration (the crossover), the 90 % intervals' coverage, each row's host side (its phases and
final sum inside the trial against the given phases with their faults priced) and the rest, and
the embedded `h200` model.
    python3 calibration/h200/run177/horner.py UMODEL        (in horner.txt; run158/judge.py verbatim)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def read(path):
    plain, pol, failed = {"cpu": [], "gpu": [], "fin": []}, {}, 0
    for r in csv.DictReader(open(path)):
        if r["check"] != "ok":
            failed += 1
        elif r["policy"] == "plain":
            plain["cpu"].append(float(r["cpu_ms"]))
            plain["gpu"].append(float(r["gpu_ms"]))
            plain["fin"].append(float(r["cpu_final_ms"]))
        else:
            pol.setdefault(r["policy"], []).append((float(r["total_ms"]), float(r["cpu_ms"])))
    return plain, pol, failed


def predict(model, task, cpu, gpu, fin):
    p = subprocess.run([UMODEL, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}",
                        "--gpu-ms", f"{gpu}", "--cpu-final-ms", f"{fin}", "--json"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model} {task}: {p.stderr.strip()}")
    return {q["policy"]: q for q in json.loads(p.stdout)}


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(ROOT, "tasks", "horner.json")))
    models = [(os.path.basename(m)[:-5], m) for m in sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))]
    models.append(("embedded h200", "h200"))
    verdicts, allerr = [], {}
    for path in sorted(glob.glob(os.path.join(HERE, "horner-*.csv"))):
        m = re.match(r"horner-(\d+)-k(\d+)\.csv", os.path.basename(path))
        bytes_, k = int(m.group(1)), int(m.group(2))
        plain, pol, failed = read(path)
        if not pol:
            print(f"{os.path.basename(path)}: no rows")
            continue
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        tf = os.path.join(tmp, f"horner-{bytes_}-{k}.json")
        json.dump(task, open(tf, "w"))
        cpu, gpu, fin = med(plain["cpu"]), med(plain["gpu"]), med(plain["fin"])
        print(f"{bytes_ >> 20} MiB a buffer, K = {k}: {len(plain['cpu'])} trials, {failed} failed rows; given CPU phase "
              f"{cpu:.3f} ms [{min(plain['cpu']):.3f}-{max(plain['cpu']):.3f}], GPU pass {gpu:.4f} ms, final "
              f"access {fin:.3f} ms [{min(plain['fin']):.3f}-{max(plain['fin']):.3f}]")
        for name, model in models:
            pred = predict(model, tf, cpu, gpu, fin)
            errs, inside, rows = [], 0, []
            for p, v in pol.items():
                tot = [x[0] for x in v]
                m = med(tot)
                q = pred[p]
                e = 100 * (q["time_ms"] - m) / m
                errs.append(abs(e))
                inside += q["interval_ms"][0] <= m <= q["interval_ms"][1]
                host = med([x[1] for x in v])
                ph = q["parts"]["cpu_ms"] + q["parts"]["cpu_faults_ms"]
                rest = med([x[0] - x[1] for x in v])
                rows.append(f"    {p:<24} predicted {q['time_ms']:8.2f} [{q['interval_ms'][0]:.1f}-{q['interval_ms'][1]:.1f}]"
                            f"  measured {m:8.2f} [{min(tot):.2f}-{max(tot):.2f}] of {len(tot)}  {e:+6.2f} %"
                            f"   host {ph:.2f} / {host:.2f}, the rest {q['time_ms'] - ph:.2f} / {rest:.2f}")
            clear = right = 0
            ps = list(pol)
            for i in range(len(ps)):
                for j in range(i + 1, len(ps)):
                    a, b = [x[0] for x in pol[ps[i]]], [x[0] for x in pol[ps[j]]]
                    if max(a) < min(b) or max(b) < min(a):
                        clear += 1
                        right += (med(a) < med(b)) == (pred[ps[i]]["time_ms"] < pred[ps[j]]["time_ms"])
            hm, ec = [x[0] for x in pol["host-mapped"]], [x[0] for x in pol["explicit-copy"]]
            won = "host-mapped" if med(hm) < med(ec) else "explicit-copy"
            said = "host-mapped" if pred["host-mapped"]["time_ms"] < pred["explicit-copy"]["time_ms"] else "explicit-copy"
            sep = "clear" if (max(hm) < min(ec) or max(ec) < min(hm)) else "not clear"
            print(f"  {name}: crossover: measured {won} first ({sep}), predicted {said} first")
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
        print(f"{name}: over the three configurations, median |error| {med(e):.2f} %, {sum(x > 5 for x in e)} of {len(e)} beyond 5 %")
    print(f"verdict: the targets met in {sum(verdicts)} of {len(verdicts)} (configuration, calibration) pairs")


if __name__ == "__main__":
    main()
