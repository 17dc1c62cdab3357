#!/usr/bin/env python3
"""run103 and run104 (fresh VMs, commit 1cec39d): each workload row is followed by the
calibration's 64 MiB sparse cell (`sparse_cpu_beside`: the CPU writing one page in ten of pages
on the device; `sparse_gpu_beside`: a GPU pass faulting them back in). An offline what-if: pair
each row's fault-run terms with the level beside it.

For every workload of the run, on its own calibration (fitted by this code), with the run's probe
and both plain passes beside each row (`--final-beside --cpu-beside`), trial by trial:
- paired:  the row's prediction over its total (a table of that trial's rows alone, so each
           point's `paired_error_pct` is that trial's error);
- +faults: the same with the model's `cpu_fault_run` and `gpu_fault_run` scaled by the sparse
           cells beside the row over the calibration's own (the median of its trials of
           `cpu_write_sparse`, `sparse-refault` at 64 MiB): the level the row met against the one
           the calibration met.
- +cpu:    `cpu_fault_run` alone scaled so (added after run103's data came back: the GPU cell
           beside the partial update's managed rows did not follow their GPU refaults, r = 0.0,
           the CPU cell followed their CPU writes, r = +0.74).
Each (workload, policy) reports the median over trials of each, as `validate` does; and for the
partial update's managed rows, the correlation over trials of each sparse cell beside a row with
the row's own rounds after the first (`--step-times`, the median of its rounds).

python3 calibration/h200/run103/faults.py [UMODEL] from the repository root; output faults.txt
beside this file. Written before run103's data came back: nothing in it was chosen on them.
"""
import csv, glob, json, os, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
RUNS = {r: t for r, t in (("run103", "56"), ("run104", "57")) if os.path.isdir(f"{H}/{r}/data")}
WORKLOADS = {"partial": ["partial-update"], "prodcons": ["producer-consumer"],
             "workload": ["seed-001", "seed-001-overlapped"]}
MIB64 = str(64 << 20)


def lines_of(path):
    return [l for l in open(path) if not l.startswith("#")]


def cal_median(cal, case):
    v = [float(r["time_ms"]) for r in csv.DictReader(lines_of(cal))
         if r["case"] == case and r["bytes"] == MIB64]
    return st.median(v)


def validate(model, task, table):
    args = [U, "validate", "-m", model, "--task", f"tasks/{task}.json", table, "--probe", "--json",
            "--final-beside", "--cpu-beside"]
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode:
        raise SystemExit(f"{' '.join(args)}: {r.stderr}")
    return {(p["policy"], p["reuse"]): p["paired_error_pct"] for p in json.loads(r.stdout)["points"]}


def corr(x, y):
    mx, my = st.mean(x), st.mean(y)
    sx, sy = sum((a - mx) ** 2 for a in x) ** .5, sum((b - my) ** 2 for b in y) ** .5
    return sum((a - mx) * (b - my) for a, b in zip(x, y)) / (sx * sy) if sx and sy else float("nan")


def follow(run, tag, beside):
    """How the cells beside the partial update's managed rows follow the rows' own rounds."""
    own = {}
    for r in csv.DictReader(open(f"{H}/{run}/steps-{tag}-partial.csv")):
        if r["policy"] == "managed" and r["round"] in "234":
            own.setdefault(r["trial"], {}).setdefault(r["step"], []).append(float(r["ms"]))
    out = []
    for side in ("cpu", "gpu"):
        tr = [t for t in own if ("partial-update", "managed", "1", t) in beside]
        x = [st.median(own[t][side]) for t in tr]
        y = [beside[("partial-update", "managed", "1", t)][f"sparse_{side}_beside"] for t in tr]
        out.append(f"  partial update, managed: its {side.upper()} rounds after the first against the "
                   f"{side.upper()} cell beside the row, r = {corr(x, y):+.2f} over {len(tr)} trials")
    return out


def main():
    tmp = tempfile.mkdtemp()
    out = []
    ways = ("paired", "faults", "cpu")
    tot = {k: [] for k in ways}
    per_workload = []
    for run, tag in RUNS.items():
        cal = glob.glob(f"{H}/{run}/data/models/*.minimal.csv")[0]
        base = os.path.join(tmp, f"{run}.json")
        subprocess.run([U, "fit", cal, "-o", base], capture_output=True, check=True)
        model = json.load(open(base))
        c_cpu, c_gpu = cal_median(cal, "cpu_write_sparse"), cal_median(cal, "sparse-refault")
        out.append(f"{run}: the calibration's 64 MiB sparse cells {c_cpu:.2f} ms (CPU), {c_gpu:.2f} ms (GPU)")
        for w, tasks in WORKLOADS.items():
            path = f"{H}/{run}/tasks-{tag}-{w}.csv"
            if not os.path.exists(path):
                continue
            text = open(path).read().splitlines(keepends=True)
            header = [l for l in text if l.startswith("#")]
            body = [l for l in text if not l.startswith("#")]
            cols = body[0].rstrip("\n").split(",")
            it, ic, ip, ir, im = (cols.index(k) for k in ("trial", "case", "policy", "reuse", "time_ms"))
            rows = [l.rstrip("\n").split(",") for l in body[1:]]
            beside = {}
            for f in rows:
                if f[ic].endswith(":sparse_cpu_beside") or f[ic].endswith(":sparse_gpu_beside"):
                    k = (f[ic].split(":")[0], f[ip], f[ir], f[it])
                    beside.setdefault(k, {})[f[ic].split(":")[1]] = float(f[im])
            out.append(f"  beside the rows of {w}: CPU {st.median(v['sparse_cpu_beside'] for v in beside.values()):.2f} ms "
                       f"[{min(v['sparse_cpu_beside'] for v in beside.values()):.2f}-{max(v['sparse_cpu_beside'] for v in beside.values()):.2f}], "
                       f"GPU {st.median(v['sparse_gpu_beside'] for v in beside.values()):.2f} ms, {len(beside)} rows")
            for task in tasks:
                err = {}
                # Trials of the rows (the probe's rows number their rounds on).
                for trial in sorted({f[it] for f in rows if f[ic].endswith(":total")}, key=int):
                    one = os.path.join(tmp, f"{run}-{w}-{trial}.csv")
                    with open(one, "w") as fh:
                        fh.writelines(header + [body[0]] + [
                            l for l, f in zip(body[1:], rows)
                            if f[it] == trial or ":probe_" in f[ic]])
                    for (pol, reuse), e in validate(base, task, one).items():
                        err.setdefault((pol, reuse), {k: [] for k in ways})["paired"].append(e)
                    for f in rows:
                        if f[it] != trial or not f[ic].endswith(":total") or not f[ic].startswith(task + ":"):
                            continue
                        b = beside.get((task, f[ip], f[ir], trial))
                        if not b:
                            continue
                        for way, gpu_too in (("faults", True), ("cpu", False)):
                            m = json.loads(json.dumps(model))
                            tt = m["task_terms"]
                            tt["cpu_fault_run"]["lat_ms"] *= b["sparse_cpu_beside"] / c_cpu
                            if gpu_too:
                                tt["gpu_fault_run"]["lat_ms"] *= b["sparse_gpu_beside"] / c_gpu
                            scaled = os.path.join(tmp, "scaled.json")
                            json.dump(m, open(scaled, "w"))
                            e = validate(scaled, task, one).get((f[ip], float(f[ir])))
                            if e is not None:
                                err[(f[ip], float(f[ir]))][way].append(e)
                wl = {k: [] for k in ways}
                for (pol, reuse), v in err.items():
                    e = {k: st.median(v[k]) for k in ways}
                    for k in ways:
                        tot[k].append(e[k])
                        wl[k].append(abs(e[k]))
                    out.append(f"  {task:20} {pol:24} R{reuse:<3g} paired {e['paired']:+6.1f} %, +faults "
                               f"{e['faults']:+6.1f} %, +cpu {e['cpu']:+6.1f} % ({len(v['paired'])} trials)")
                out.append(f"  {task}: median |error| " + ", ".join(f"{k} {st.median(wl[k]):.2f} %" for k in ways))
                per_workload.append(st.median(wl["paired"]))
                if task == "partial-update":
                    out += follow(run, tag, beside)
        out.append("")
    out.append(f"(run, workload) pairs with the median |error| within 2.5 % (paired): "
               f"{sum(x <= 2.5 for x in per_workload)} of {len(per_workload)}")
    for k, v in tot.items():
        if v:
            out.append(f"{k:7}: {sum(abs(x) > 5 for x in v)} of {len(v)} beyond 5 %, median |error| "
                       f"{st.median(abs(x) for x in v):.2f} %, max {max(abs(x) for x in v):.1f} %")
    text = "\n".join(out) + "\n"
    open(os.path.join(HERE, "faults.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
