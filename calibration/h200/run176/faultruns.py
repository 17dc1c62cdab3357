#!/usr/bin/env python3
"""run167's rule, written before its data came back: the sparse writes on many threads, measured.
The calibration now writes one page in ten of migrated pages on 4, 8 and 16 threads beside the
same writes to heap memory, and fits a fault-run term per count (`cpu_fault_run_4t`, `_8t`,
`_16t`); a sparse host touch on many threads is priced from them (the count's dense per-byte
part for the bytes moved, its run term per run), where until now it took the dense reads' share
at its few bytes, bounded at one thread's (run165, run166). relax.cu (unchanged) on 64 MiB with
16, 4 and 8 threads and 256 MiB with 16.

Each configuration is predicted with each of the run's two calibrations, given the run's plain
phases (as run156/judge.py does): without the thread counts (A); with them, the calibration's
fault-run terms per count taken out (B, the pricing judged on run165 and run166 with its bound);
with them and the terms (C, the design judged here). Only the managed row's host side can move.
Over the (four configurations, two calibrations) pairs, eight:
  1. C's managed host side (the given phases plus the faults back priced) is within 15 % of what
     the trials' host passes took in at least six of eight;
  2. C's median |error| of the managed total is below both A's and B's.
Passed when both hold. Shown, not judged: every policy under A, B and C; each calibration's
fault-run terms and what its sparse cells measured per count (the managed write less the heap
write, paired by trial, median, at 16 and 64 MiB), beside one thread's.
    python3 calibration/h200/run167/judge.py UMODEL        (in judge.txt)"""
import csv, glob, importlib.util, json, os, re, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("judge156", os.path.join(HERE, "..", "run156", "judge.py"))
j = importlib.util.module_from_spec(spec)
spec.loader.exec_module(j)
j.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"

RUN_TERMS = ("cpu_fault_run_4t", "cpu_fault_run_8t", "cpu_fault_run_16t")
SPARSE = (("1", "cpu_write_sparse", "cpu_write_sparse_heap"),
          ("4", "cpu_write_sparse_4t", "cpu_write_sparse_heap_4t"),
          ("8", "cpu_write_sparse_8t", "cpu_write_sparse_heap_8t"),
          ("16", "cpu_write_sparse_wide", "cpu_write_sparse_heap_wide"))


def sparse_cells(n):
    """The sparse cells of calibration n: {(threads, bytes): median managed − heap, ms}."""
    rows = {}
    for path in glob.glob(os.path.join(HERE, f"data-{n}", "models", "*.minimal.csv")):
        for r in csv.DictReader(open(path)):
            if r["group"] == "managed" and r["case"].startswith("cpu_write_sparse"):
                rows.setdefault((r["case"], int(r["bytes"])), {})[r["trial"]] = (float(r["time_ms"]), r["check"])
    out = {}
    for threads, case, heap in SPARSE:
        for (c, b), trials in rows.items():
            if c != case or (heap, b) not in rows:
                continue
            base = rows[(heap, b)]
            d = [t[0] - base[k][0] for k, t in trials.items() if k in base and t[1] == "ok"]
            if d:
                out[(threads, b)] = (j.med(d), len(d), sum(t[1] != "ok" for t in trials.values()))
    return out


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(j.ROOT, "tasks", "relax.json")))
    models = []
    for m in sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json"))):
        name = os.path.basename(m)[:-5]
        doc = json.load(open(m))
        tt = doc.get("task_terms", {})
        wall = open(os.path.join(HERE, f"calibrate-{name[-1]}.err")).read().strip().splitlines()[-1]
        print(f"{name}: {wall}; " + ", ".join(
            f"{t} {tt[t]['lat_ms'] * 1e3:.2f} µs" for t in ("cpu_fault_run",) + RUN_TERMS if t in tt))
        print("  " + ", ".join(f"{t} {tt[t]['lat_ms']:.3f} ms + {tt[t]['ms_per_gib']:.1f} ms/GiB"
                              for t in ("cpu_fault_back", "cpu_fault_back_4t", "cpu_fault_back_8t",
                                        "cpu_fault_back_16t") if t in tt))
        cells = sparse_cells(name[-1])
        for (threads, b), (d, k, bad) in sorted(cells.items(), key=lambda x: (x[0][1], int(x[0][0]))):
            one = cells.get(("1", b))
            share = f", {d / one[0]:.2f} of one thread's" if one and one[0] > 0 and threads != "1" else ""
            print(f"  sparse writes of {b >> 20} MiB on {threads} threads: {d:.3f} ms beyond heap "
                  f"({k} trials, {bad} failed){share}")
        for t in RUN_TERMS:
            tt.pop(t, None)
        c = os.path.join(tmp, name + "-no-runs.json")
        json.dump(doc, open(c, "w"))
        models.append((name, m, c))
    host = {k: [] for k in "ABC"}
    total = {k: [] for k in "ABC"}
    every = {k: [] for k in "ABC"}
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
        for k in "ABC":
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
            if k != "A":
                task["cpu_threads"] = threads
                task["cpu_final_threads"] = threads
            tf = os.path.join(tmp, f"relax-{bytes_}-{threads}-{k}.json")
            json.dump(task, open(tf, "w"))
            for name_, full, no_runs in models:
                pred = j.predict(no_runs if k == "B" else full, tf, cpu, gpu, fin)
                q = pred["managed"]
                ph = q["parts"]["cpu_ms"] + q["parts"]["cpu_faults_ms"]
                eh = 100 * (ph - meas_host) / meas_host
                et = 100 * (q["time_ms"] - meas_total) / meas_total
                errs = {p: 100 * (pred[p]["time_ms"] - j.med([x[0] for x in v])) / j.med([x[0] for x in v])
                        for p, v in pol.items()}
                print(f"  {k} {name_}: managed host side {ph:.2f} ms ({eh:+.1f} %), total "
                      f"{q['time_ms']:.2f} ms ({et:+.2f} %); every policy: "
                      + ", ".join(f"{p} {e:+.1f}" for p, e in errs.items()))
                host[k].append(abs(eh))
                total[k].append(abs(et))
                every[k].extend(abs(e) for e in errs.values())
    if not host["C"]:
        print("verdict: no configuration came back")
        return
    n = len(host["C"])
    c1 = sum(x <= 15 for x in host["C"])
    print("managed host side within 15 %: " + ", ".join(f"{k} {sum(x <= 15 for x in host[k])} of {n}" for k in "ABC"))
    ok1 = c1 >= 6 and n == 8
    print(f"  criterion 1 (C in at least six of eight): {'met' if ok1 else 'not met'}")
    print("managed total median |error|: " + ", ".join(f"{k} {j.med(total[k]):.2f} %" for k in "ABC"))
    ok2 = j.med(total["C"]) < min(j.med(total["A"]), j.med(total["B"]))
    print(f"  criterion 2 (C's below A's and B's): {'met' if ok2 else 'not met'}")
    for k in "ABC":
        print(f"every cell, {k}: median |error| {j.med(every[k]):.2f} %, {sum(x > 5 for x in every[k])} of {len(every[k])} beyond 5 %")
    print("verdict:", "passed" if ok1 and ok2 else "not passed")


if __name__ == "__main__":
    main()
