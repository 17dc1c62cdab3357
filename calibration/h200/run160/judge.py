#!/usr/bin/env python3
"""run160's rule, written before its data came back: does the calibration's share of the faults
back that 16 host threads pay (`cpu_fault_back_threads`), priced through a task's `cpu_threads`,
take the k-means's managed-row miss off with many host threads?

Each configuration is predicted with each of the run's two calibrations, given the run's plain
phases (as run142/judge.py does), without `cpu_threads` (A: as every earlier judgement did) and
with it set to the configuration's threads (B). Only the faults the host phase takes change, so
only the managed row (the one whose host phase faults pages back) can move. Over the (multi-thread
configuration, calibration) pairs (64 MiB with 16 and with 4 threads, 256 MiB with 16: six):
  1. B's managed host side (the given phases plus the faults back priced) is within 15 % of what
     the trials' host phases took in at least five of six (A: 47-105 % high in run142, run144);
  2. B's median |error| of the managed total over the six is below A's.
Passed when both hold. Shown, not judged: the one-thread configuration (A and B the same by
construction), every policy under B by run142's targets, and each calibration's share.
    python3 calibration/h200/run160/judge.py UMODEL        (in judge.txt)"""
import glob, importlib.util, json, os, re, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge142", os.path.join(HERE, "..", "run142", "judge.py"))
j = importlib.util.module_from_spec(spec)
spec.loader.exec_module(j)
j.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(j.ROOT, "tasks", "kmeans.json")))
    models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
    for m in models:
        f = json.load(open(m)).get("task_terms", {}).get("cpu_fault_back_threads")
        print(f"{os.path.basename(m)[:-5]}: faults back on many threads: "
              + (f"{f['ratio']:.3f} of one thread's on {f['threads']} (± {f['se']:.3f}, {f['trials']} trials at "
                 f"{f['bytes'] >> 20} MiB)" if f else "not measured"))
    host = {"A": [], "B": []}
    total = {"A": [], "B": []}
    every_b = []
    for path in sorted(glob.glob(os.path.join(HERE, "kmeans-*-t*.csv"))):
        name = os.path.basename(path)
        bytes_, threads = map(int, re.match(r"kmeans-(\d+)-t(\d+)\.csv", name).groups())
        plain, pol, failed = j.read(path)
        if "managed" not in pol:
            print(f"{name}: no managed rows; left out")
            continue
        cpu, gpu = j.med(plain["cpu"]), j.med(plain["gpu"])
        meas_host = j.med([x[1] for x in pol["managed"]])
        meas_total = j.med([x[0] for x in pol["managed"]])
        print(f"{bytes_ >> 20} MiB, {threads} thread(s): given CPU {cpu:.3f} ms, GPU {gpu:.4f} ms; {failed} failed rows; "
              f"managed measured: host phases {meas_host:.2f} ms, total {meas_total:.2f} ms "
              f"[{min(x[0] for x in pol['managed']):.2f}-{max(x[0] for x in pol['managed']):.2f}] of {len(pol['managed'])}")
        for k in "AB":
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
            if k == "B" and threads > 1:
                task["cpu_threads"] = threads
            tf = os.path.join(tmp, f"kmeans-{bytes_}-{threads}-{k}.json")
            json.dump(task, open(tf, "w"))
            for m in models:
                pred = j.predict(m, tf, cpu, gpu)
                q = pred["managed"]
                ph = q["parts"]["cpu_ms"] + q["parts"]["cpu_faults_ms"]
                eh = 100 * (ph - meas_host) / meas_host
                et = 100 * (q["time_ms"] - meas_total) / meas_total
                errs = {p: 100 * (pred[p]["time_ms"] - j.med([x[0] for x in v])) / j.med([x[0] for x in v])
                        for p, v in pol.items()}
                print(f"  {k} {os.path.basename(m)[:-5]}: managed host side {ph:.2f} ms ({eh:+.1f} %), total "
                      f"{q['time_ms']:.2f} ms ({et:+.2f} %); every policy: "
                      + ", ".join(f"{p} {e:+.1f}" for p, e in errs.items()))
                if threads > 1:
                    host[k].append(abs(eh))
                    total[k].append(abs(et))
                    if k == "B":
                        every_b.extend(abs(e) for e in errs.values())
    if not host["B"]:
        print("verdict: no multi-thread configuration came back")
        return
    c1 = sum(x <= 15 for x in host["B"])
    print(f"managed host side within 15 %: A {sum(x <= 15 for x in host['A'])} of {len(host['A'])}, "
          f"B {c1} of {len(host['B'])}")
    ok1 = c1 >= 5 and len(host["B"]) == 6
    print(f"  criterion 1 (B in at least five of six): {'met' if ok1 else 'not met'}")
    print(f"managed total median |error|: A {j.med(total['A']):.2f} %, B {j.med(total['B']):.2f} %")
    ok2 = j.med(total["B"]) < j.med(total["A"])
    print(f"  criterion 2 (B's below A's): {'met' if ok2 else 'not met'}")
    print(f"every cell of the multi-thread configurations under B: median |error| {j.med(every_b):.2f} %, "
          f"{sum(x > 5 for x in every_b)} of {len(every_b)} beyond 5 %")
    print("verdict:", "passed" if ok1 and ok2 else "not passed")


if __name__ == "__main__":
    main()
