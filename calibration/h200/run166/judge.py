#!/usr/bin/env python3
"""run165's rule, written before its data came back: a second independent program on many host
threads. relax.cu ran its host passes (the writes of one page in ten each round, the final sum)
on 16 and on 4 threads; does the task's `cpu_threads` (with `cpu_final_threads`, the same count)
price its managed row, whose host side faults the written pages back sparsely each round and the
whole field at the end?

Each configuration is predicted with each of the run's two calibrations, given the run's plain
phases (as run156/judge.py does), without the thread counts (A) and with them (B). Only the
faults the host takes change, so only the managed row can move. Over the (three configurations,
two calibrations) pairs, six:
  1. B's managed host side (the given phases plus the faults back priced) is within 15 % of what
     the trials' host passes took in at least four of six;
  2. B's median |error| of the managed total is below A's.
Passed when both hold. Shown, not judged: every policy under A and B, by the issue's targets.
    python3 calibration/h200/run165/judge.py UMODEL        (in judge.txt)"""
import glob, importlib.util, json, os, re, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge156", os.path.join(HERE, "..", "run156", "judge.py"))
j = importlib.util.module_from_spec(spec)
spec.loader.exec_module(j)
j.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(j.ROOT, "tasks", "relax.json")))
    models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
    for m in models:
        name = os.path.basename(m)[:-5]
        wall = open(os.path.join(HERE, f"calibrate-{name[-1]}.err")).read().strip().splitlines()[-1]
        print(f"{name}: {wall}")
    host = {"A": [], "B": []}
    total = {"A": [], "B": []}
    every = {"A": [], "B": []}
    for path in sorted(glob.glob(os.path.join(HERE, "relax-*-t*.csv"))):
        name = os.path.basename(path)
        bytes_, threads = map(int, re.match(r"relax-(\d+)-t(\d+)\.csv", name).groups())
        plain, pol, failed = j.read(path)
        if "managed" not in pol:
            print(f"{name}: no managed rows; left out")
            continue
        cpu, gpu, fin = j.med(plain["cpu"]), j.med(plain["gpu"]), j.med(plain["fin"])
        meas_host = j.med([x[1] for x in pol["managed"]])
        meas_total = j.med([x[0] for x in pol["managed"]])
        print(f"{bytes_ >> 20} MiB, {threads} threads: given CPU {cpu:.3f} ms, GPU {gpu:.4f} ms, final {fin:.3f} ms; "
              f"{failed} failed rows; managed measured: host passes {meas_host:.2f} ms, total {meas_total:.2f} ms "
              f"[{min(x[0] for x in pol['managed']):.2f}-{max(x[0] for x in pol['managed']):.2f}] of {len(pol['managed'])}")
        for k in "AB":
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
            if k == "B":
                task["cpu_threads"] = threads
                task["cpu_final_threads"] = threads
            tf = os.path.join(tmp, f"relax-{bytes_}-{threads}-{k}.json")
            json.dump(task, open(tf, "w"))
            for m in models:
                pred = j.predict(m, tf, cpu, gpu, fin)
                q = pred["managed"]
                ph = q["parts"]["cpu_ms"] + q["parts"]["cpu_faults_ms"]
                eh = 100 * (ph - meas_host) / meas_host
                et = 100 * (q["time_ms"] - meas_total) / meas_total
                errs = {p: 100 * (pred[p]["time_ms"] - j.med([x[0] for x in v])) / j.med([x[0] for x in v])
                        for p, v in pol.items()}
                print(f"  {k} {os.path.basename(m)[:-5]}: managed host side {ph:.2f} ms ({eh:+.1f} %), total "
                      f"{q['time_ms']:.2f} ms ({et:+.2f} %); every policy: "
                      + ", ".join(f"{p} {e:+.1f}" for p, e in errs.items()))
                host[k].append(abs(eh))
                total[k].append(abs(et))
                every[k].extend(abs(e) for e in errs.values())
    if not host["B"]:
        print("verdict: no configuration came back")
        return
    n = len(host["B"])
    c1 = sum(x <= 15 for x in host["B"])
    print(f"managed host side within 15 %: A {sum(x <= 15 for x in host['A'])} of {n}, B {c1} of {n}")
    ok1 = c1 >= 4 and n == 6
    print(f"  criterion 1 (B in at least four of six): {'met' if ok1 else 'not met'}")
    print(f"managed total median |error|: A {j.med(total['A']):.2f} %, B {j.med(total['B']):.2f} %")
    ok2 = j.med(total["B"]) < j.med(total["A"])
    print(f"  criterion 2 (B's below A's): {'met' if ok2 else 'not met'}")
    for k in "AB":
        print(f"every cell, {k}: median |error| {j.med(every[k]):.2f} %, {sum(x > 5 for x in every[k])} of {len(every[k])} beyond 5 %")
    print("verdict:", "passed" if ok1 and ok2 else "not passed")


if __name__ == "__main__":
    main()
