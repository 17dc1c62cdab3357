#!/usr/bin/env python3
"""run162's rule, written before its data came back: with the host's reads on 8 threads a term
too (`cpu_fault_back_8t`, beside the 4- and 16-thread ones), does a task's `cpu_threads` price the
k-means's managed row with many host threads, at counts between those measured (2, 12) and at 8?

Each configuration is predicted with each of the run's two calibrations, given the run's plain
phases (as run142/judge.py does), three ways:
  A: without `cpu_threads` (as every judgement before run160);
  B: with `cpu_threads` set to the configuration's threads, the model as calibrated;
  C: the same, the model without the 8-thread term (what run161's build priced).
Only the faults the host phase takes change, so only the managed row can move. Over the (five
configurations, two calibrations) pairs, ten:
  1. B's managed host side (the given phases plus the faults back priced) is within 15 % of what
     the trials' host phases took in at least eight of ten (run161: 5 of 10);
  2. B's median |error| of the managed total is below A's;
  3. where B and C differ (8 and 12 threads), B's median |error| of the managed host side is
     below C's.
Passed when all three hold. Shown, not judged: every policy under B by run142's targets, and the
calibrations' wall times and terms.
    python3 calibration/h200/run162/judge.py UMODEL        (in judge.txt)"""
import glob, importlib.util, json, os, re, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge142", os.path.join(HERE, "..", "run142", "judge.py"))
j = importlib.util.module_from_spec(spec)
spec.loader.exec_module(j)
j.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"
TERMS = ("cpu_fault_back_8t",)
SPELLED = TERMS


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(j.ROOT, "tasks", "kmeans.json")))
    models = []
    for m in sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json"))):
        name = os.path.basename(m)[:-5]
        doc = json.load(open(m))
        tt = doc.get("task_terms", {})
        f = tt.get("cpu_fault_back_threads")
        wall = open(os.path.join(HERE, f"calibrate-{name[-1]}.err")).read().strip().splitlines()[-1]
        print(f"{name} ({wall}): share on 16 threads "
              + (f"{f['ratio']:.3f} ({f['trials']} trials at {f['bytes'] >> 20} MiB)" if f else "not measured")
              + "; " + ", ".join(f"{t} {tt[t]['lat_ms']:.3f} ms + {tt[t]['ms_per_gib']:.1f} ms/GiB"
                                 for t in ("cpu_fault_back", "cpu_fault_back_4t", "cpu_fault_back_8t", "cpu_fault_back_16t") if t in tt))
        for t in SPELLED:
            tt.pop(t, None)
        c = os.path.join(tmp, name + "-no8.json")
        json.dump(doc, open(c, "w"))
        models.append((name, m, c))
    host = {"A": [], "B": [], "C": []}
    differ = {"B": [], "C": []}
    total = {"A": [], "B": [], "C": []}
    every_b = []
    for path in sorted(glob.glob(os.path.join(HERE, "kmeans-*-t*.csv"))):
        name = os.path.basename(path)
        bytes_, threads = map(int, re.match(r"kmeans-(\d+)-t(\d+)\.csv", name).groups())
        plain, pol, failed = j.read(path)
        if "managed" not in pol or threads < 2:
            print(f"{name}: left out")
            continue
        cpu, gpu = j.med(plain["cpu"]), j.med(plain["gpu"])
        meas_host = j.med([x[1] for x in pol["managed"]])
        meas_total = j.med([x[0] for x in pol["managed"]])
        print(f"{bytes_ >> 20} MiB, {threads} threads: given CPU {cpu:.3f} ms, GPU {gpu:.4f} ms; {failed} failed rows; "
              f"managed measured: host phases {meas_host:.2f} ms, total {meas_total:.2f} ms "
              f"[{min(x[0] for x in pol['managed']):.2f}-{max(x[0] for x in pol['managed']):.2f}] of {len(pol['managed'])}")
        for k in "ABC":
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
            if k != "A":
                task["cpu_threads"] = threads
            tf = os.path.join(tmp, f"kmeans-{bytes_}-{threads}-{k}.json")
            json.dump(task, open(tf, "w"))
            for mname, m, share in models:
                pred = j.predict(share if k == "C" else m, tf, cpu, gpu)
                q = pred["managed"]
                ph = q["parts"]["cpu_ms"] + q["parts"]["cpu_faults_ms"]
                eh = 100 * (ph - meas_host) / meas_host
                et = 100 * (q["time_ms"] - meas_total) / meas_total
                errs = {p: 100 * (pred[p]["time_ms"] - j.med([x[0] for x in v])) / j.med([x[0] for x in v])
                        for p, v in pol.items()}
                print(f"  {k} {mname}: managed host side {ph:.2f} ms ({eh:+.1f} %), total "
                      f"{q['time_ms']:.2f} ms ({et:+.2f} %); every policy: "
                      + ", ".join(f"{p} {e:+.1f}" for p, e in errs.items()))
                host[k].append(abs(eh))
                total[k].append(abs(et))
                if k != "A" and threads in (8, 12):
                    differ[k].append(abs(eh))
                if k == "B":
                    every_b.extend(abs(e) for e in errs.values())
    if not host["B"]:
        print("verdict: no multi-thread configuration came back")
        return
    n = len(host["B"])
    c1 = sum(x <= 15 for x in host["B"])
    print("managed host side within 15 %: " + ", ".join(f"{k} {sum(x <= 15 for x in host[k])} of {n}" for k in "ABC"))
    ok1 = c1 >= 8 and n == 10
    print(f"  criterion 1 (B in at least eight of ten): {'met' if ok1 else 'not met'}")
    print("managed total median |error|: " + ", ".join(f"{k} {j.med(total[k]):.2f} %" for k in "ABC"))
    ok2 = j.med(total["B"]) < j.med(total["A"])
    print(f"  criterion 2 (B's below A's): {'met' if ok2 else 'not met'}")
    print("managed host side median |error|: " + ", ".join(f"{k} {j.med(host[k]):.2f} %" for k in "ABC"))
    print("  at 8 and 12 threads: " + ", ".join(f"{k} {j.med(differ[k]):.2f} %" for k in "BC"))
    ok3 = bool(differ["B"]) and j.med(differ["B"]) < j.med(differ["C"])
    print(f"  criterion 3 (B's below C's there): {'met' if ok3 else 'not met'}")
    print(f"every cell under B: median |error| {j.med(every_b):.2f} %, {sum(x > 5 for x in every_b)} of {len(every_b)} beyond 5 %")
    print("verdict:", "passed" if ok1 and ok2 and ok3 else "not passed")


if __name__ == "__main__":
    main()
