#!/usr/bin/env python3
"""Where relax's prefetching rows miss (run156, run157): every move the program timed by events
around it (its steps CSV, batched moves), the median over trials per policy, move and round,
beside what each of the VM's two minimal calibrations prices the same step at (`umodel predict
--task --explain`, given the plain phases' medians). Rounds: `first` (round 1), `later` (rounds
2-4), `last` (after the last round, before the final sum). It judges nothing, it tabulates.
    python3 calibration/h200/run157/moves.py UMODEL        (in moves.txt)"""
import csv, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
sys.path.insert(0, os.path.join(HERE, "..", "run146"))
import judge  # noqa: E402

UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def which(r):
    return "first" if r == 0 else ("last" if r == 4 else "later")


def priced(model, task, cpu, gpu, fin, policy):
    p = subprocess.run([UMODEL, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}", "--gpu-ms",
                        f"{gpu}", "--cpu-final-ms", f"{fin}", "--policy", policy, "--explain", "--json"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(p.stderr)
    out = {}
    for it in json.loads(p.stdout)["explain"]:
        if it["kind"] in ("prefetch", "copy"):
            r = 4 if it["round"] is None else it["round"] - 1
            out.setdefault((it["what"].replace(" ", "_"), it["buffer"], which(r)), []).append(it["ms"])
    return out


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(ROOT, "tasks", "relax.json")))
    print("run     size     policy                   move                      rounds  median ms [min-max] of n      priced (cal 1, cal 2)")
    for run in ("run156", "run157"):
        d = os.path.join(HERE, "..", run)
        for bytes_ in (67108864, 268435456):
            plain, _, _ = judge.read(os.path.join(d, f"relax-{bytes_}.csv"))
            cpu, gpu, fin = (judge.med(plain[k]) for k in ("cpu", "gpu", "fin"))
            task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
            tf = os.path.join(tmp, f"relax-{bytes_}.json")
            json.dump(task, open(tf, "w"))
            cells = {}
            for r in csv.DictReader(open(os.path.join(d, f"steps-relax-{bytes_}.csv"))):
                cells.setdefault((r["policy"], r["step"], r["buffer"], which(int(r["round"]))), []).append(float(r["ms"]))
            prices = {}
            for (policy, step, buf, w), v in sorted(cells.items()):
                if policy not in prices:
                    prices[policy] = [priced(os.path.join(d, f"model-minimal-{c}.json"), tf, cpu, gpu, fin, policy)
                                      for c in (1, 2)]
                want = [p.get((step, buf, w)) for p in prices[policy]]
                ws = ", ".join(f"{judge.med(x):.3f}" if x else "-" for x in want)
                print(f"{run}  {bytes_ >> 20:>3} MiB  {policy:<24} {step + ' ' + buf:<25} {w:<6}  "
                      f"{judge.med(v):8.3f} [{min(v):.3f}-{max(v):.3f}] of {len(v):<3}  {ws}")


if __name__ == "__main__":
    main()
