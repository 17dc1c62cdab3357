#!/usr/bin/env python3
"""run144's rule, written before its data came back: should a no-op prefetch of read-mostly pages
be priced at the settled no-op (`prefetch_noop`) even in a move's gap or the gap after it?

Why it is asked: the independent k-means (run142, run143) prefetches its read-mostly points in
place every round, beside its labels' moves. Those no-ops cost 0.10-0.16 ms at 64 MiB (medians;
none of 480 over 0.7 ms; run143/moves.txt), where the model prices them at the sequence's no-op at
its mean (0.76 ms on run143's first calibration), the price the no-ops of pages that had just
moved earned by meeting a slow spell in 4-20 % of the workloads' steps. The workloads' own no-ops
of read-mostly pages met it in 0-0.7 % (seed 001's table, calibration/h200/run116/noop_steps.txt),
but for the first one after round 1's moves (5.7 %).

  A: the model as it stands (UMODEL_A); B: read-mostly no-ops at the settled price (UMODEL_B).
  Both price every model file the same otherwise.
Adopted when both hold:
  1. on run144 (a fresh VM, held out: the same runs as run142, on its two calibrations, given the
     run's plain phases), B puts no more cells beyond 5 % than A and its median |error| over the
     managed-advise-prefetch cells is lower;
  2. on every earlier run with seed 001 and a calibration that has `prefetch_noop_after_move`
     (the rows B moves: seed 001 and its overlapped variant under managed-advise-prefetch; plain
     `validate --task`, each run's own calibrations), B puts no more cells beyond 5 % than A and
     its median |error| is at most 0.25 points higher.
    python3 calibration/h200/run144/judge.py UMODEL_A UMODEL_B        (in judge.txt)"""
import glob, importlib.util, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
H200 = os.path.join(HERE, "..")
ROOT = os.path.join(H200, "..", "..")
spec = importlib.util.spec_from_file_location("judge142", os.path.join(H200, "run142", "judge.py"))
j142 = importlib.util.module_from_spec(spec)
spec.loader.exec_module(j142)
A, B = sys.argv[1], sys.argv[2]
MAP = "managed-advise-prefetch"


def kmeans(binary):
    """Every (configuration, calibration, policy) cell of run144: (policy, |error| %)."""
    j142.UMODEL = binary
    out = []
    base = json.load(open(os.path.join(ROOT, "tasks", "kmeans.json")))
    for path in sorted(glob.glob(os.path.join(HERE, "kmeans-*-t*.csv"))):
        bytes_ = int(os.path.basename(path).split("-")[1])
        plain, pol, _ = j142.read(path)
        task = dict(base, buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
        tf = os.path.join(tempfile.mkdtemp(), f"kmeans-{bytes_}.json")
        json.dump(task, open(tf, "w"))
        for m in sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json"))):
            pred = j142.predict(m, tf, j142.med(plain["cpu"]), j142.med(plain["gpu"]))
            for p, v in pol.items():
                meas = j142.med([x[0] for x in v])
                out.append((os.path.basename(path), os.path.basename(m), p,
                            100 * abs(pred[p]["time_ms"] - meas) / meas))
    return out


def seed(binary):
    """seed 001's managed-advise-prefetch cells on the earlier runs: (run, model, task, |error| %)."""
    out, skipped = [], []
    for d in sorted(glob.glob(os.path.join(H200, "run1[0-4][0-9]"))):
        if os.path.basename(d) in ("run142", "run143", "run144"):
            continue
        for csv in sorted(glob.glob(os.path.join(d, "tasks-*-workload.csv"))):
            for m in sorted(glob.glob(os.path.join(d, "model-minimal-*.json"))):
                if "prefetch_noop_after_move" not in open(m).read():
                    continue
                for t in ("seed-001", "seed-001-overlapped"):
                    p = subprocess.run([binary, "validate", "-m", m, "--task",
                                        os.path.join(ROOT, "tasks", t + ".json"), csv, "--json"],
                                       capture_output=True, text=True)
                    if p.returncode != 0:
                        skipped.append(f"{os.path.basename(d)} {os.path.basename(m)} {t}")
                        continue
                    for q in json.loads(p.stdout)["points"]:
                        if q["policy"] == MAP:
                            out.append((os.path.basename(d), os.path.basename(m), t, q["ape_pct"]))
    return out, skipped


def main():
    ka, kb = kmeans(A), kmeans(B)
    print("run144, k-means: |error| % A -> B per cell")
    for x, y in zip(ka, kb):
        assert x[:3] == y[:3]
        print(f"  {x[0]:<26} {x[1]:<22} {x[2]:<24} {x[3]:6.2f} -> {y[3]:6.2f}")
    na, nb = sum(x[3] > 5 for x in ka), sum(x[3] > 5 for x in kb)
    ma = j142.med([x[3] for x in ka if x[2] == MAP])
    mb = j142.med([x[3] for x in kb if x[2] == MAP])
    c1 = nb <= na and mb < ma
    print(f"  beyond 5 %: A {na} of {len(ka)}, B {nb}; {MAP} median |error|: A {ma:.2f} %, B {mb:.2f} %")
    print(f"  criterion 1 (B no more beyond 5 %, lower median on {MAP}): {'met' if c1 else 'not met'}")
    (sa, skipped), (sb, _) = seed(A), seed(B)
    print(f"earlier runs, seed 001 and its overlapped variant under {MAP}: {len(sa)} cells"
          f" ({len(skipped)} (run, calibration, task) not validated: {', '.join(skipped) or 'none'})")
    na, nb = sum(x[3] > 5 for x in sa), sum(x[3] > 5 for x in sb)
    ma, mb = j142.med([x[3] for x in sa]), j142.med([x[3] for x in sb])
    c2 = nb <= na and mb <= ma + 0.25
    print(f"  beyond 5 %: A {na}, B {nb}; median |error|: A {ma:.2f} %, B {mb:.2f} %")
    print(f"  criterion 2 (B no more beyond 5 %, median at most 0.25 points higher): {'met' if c2 else 'not met'}")
    print("verdict:", "adopt B" if c1 and c2 else "keep A")


if __name__ == "__main__":
    main()
