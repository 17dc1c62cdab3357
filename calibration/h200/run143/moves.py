#!/usr/bin/env python3
"""run143's second question: does waiting after every move change what the moves cost? The
k-means ran `batched` (a phase's moves enqueued back to back, one wait) and `each` (a wait after
every move, as umodel's runner times its steps) on the same VM; every move was timed by events
around it. Per mode, thread count, policy and move: the median over trials and rounds (the first
round apart, where a prefetch of a new read-mostly allocation duplicates it), with what
model-minimal-1 prices the same step at. Written before the data came back; it judges nothing,
it tabulates.
    python3 calibration/h200/run143/moves.py UMODEL        (in moves.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "run142"))
import judge  # noqa: E402

judge.UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def priced(model, task, cpu, gpu, policy):
    p = subprocess.run([judge.UMODEL, "predict", "-m", model, "--task", task, "--cpu-ms", f"{cpu}",
                        "--gpu-ms", f"{gpu}", "--policy", policy, "--explain", "--json"],
                       capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(p.stderr)
    out = {}
    for it in json.loads(p.stdout)["explain"]:
        if it["kind"] in ("prefetch", "copy"):
            step = it["what"].replace(" ", "_")
            first = "first" if it["round"] == 1 else "later"
            out.setdefault((step, it["buffer"], first), []).append(it["ms"])
    return out


def main():
    tmp = tempfile.mkdtemp()
    base = json.load(open(os.path.join(judge.ROOT, "tasks", "kmeans.json")))
    model = os.path.join(HERE, "model-minimal-1.json")
    print("mode     threads policy                   move                          round  median ms [min-max] of n   priced ms")
    for path in sorted(glob.glob(os.path.join(HERE, "steps-*kmeans-*-t*.csv"))):
        m = re.search(r"kmeans-(\d+)-t(\d+)\.csv", path)
        bytes_, threads = int(m.group(1)), int(m.group(2))
        main_csv = os.path.join(HERE, os.path.basename(path)[len("steps-"):])
        plain, _, _ = judge.read(main_csv)
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        tf = os.path.join(tmp, f"kmeans-{bytes_}.json")
        json.dump(task, open(tf, "w"))
        cells = {}
        for r in csv.DictReader(open(path)):
            first = "first" if r["round"] == "0" else "later"
            cells.setdefault((r["mode"], r["policy"], r["step"], r["buffer"], first), []).append(float(r["ms"]))
        prices = {}
        for (mode, policy, step, buf, first), v in sorted(cells.items()):
            if policy not in prices:
                prices[policy] = priced(model, tf, judge.med(plain["cpu"]), judge.med(plain["gpu"]), policy)
            want = prices[policy].get((step, buf, first))
            w = f"{judge.med(want):9.3f}" if want else "        -"
            print(f"{mode:<8} {threads:>3} {bytes_ >> 20:>4} MiB {policy:<24} {step + ' ' + buf:<30} {first:<6} "
                  f"{judge.med(v):8.3f} [{min(v):.3f}-{max(v):.3f}] of {len(v):<3} {w}")


if __name__ == "__main__":
    main()
