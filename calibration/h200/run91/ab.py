#!/usr/bin/env python3
"""run91's A/B: twelve calibrations on one machine, alternating `a` (3 trials a cell for the
managed group's scalar and compute-bound fault cells) and `b` (9, FAULT_PAIR_TRIALS = 3). Per
arm: the wall clock and the managed group's 64 MiB block (facts `seconds.*`); the two terms
those cells decide (`fault_in_scalar`/`fault_in`, which is what a run's probe leaves of
`fault_in_scalar`, and `faults_under_compute`'s share), each calibration's value and the SD
between the six; their bootstrap SD within each calibration (trials.py's resampling); the
other task terms' between SD, which the change should leave alone.

python3 calibration/h200/run91/ab.py [UMODEL] [B] from the repository root; output ab.txt beside
this file.
"""
import glob, json, os, random, statistics as st, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import trials  # noqa: E402

H = "calibration/h200/run91"
ARMS = {"a": "3 trials (ca10fbe)", "b": "9 trials"}
KEY = ["fault_in_scalar/fault_in", "faults_under_compute"]


def arm(v):
    return [glob.glob(f"{H}/data-{v}-{i}/models/*.minimal.csv")[0] for i in range(1, 7)]


def seconds(v, i):
    wall = int(open(f"{H}/calibrate-{v}-{i}.err").read().rsplit("wall_ms=", 1)[1]) / 1e3
    facts = glob.glob(f"{H}/data-{v}-{i}/models/*.minimal.facts.json")[0]
    c = json.load(open(facts))["conditions"]
    return wall, float(c["seconds.managed 64 MiB"]), float(c["seconds.managed 16 MiB"])


def main():
    nb = int(sys.argv[2]) if len(sys.argv) > 2 else 40
    rng = random.Random(91)
    out = []
    point = {}
    for v, name in ARMS.items():
        s = [seconds(v, i) for i in range(1, 7)]
        w = [x[0] for x in s]
        out.append(f"{v}, {name}: wall {st.median(w):.1f} s [{min(w):.1f}-{max(w):.1f}]; managed "
                   f"block 16 MiB {st.median(x[2] for x in s):.2f} s, 64 MiB "
                   f"{st.median(x[1] for x in s):.2f} s [{min(x[1] for x in s):.2f}-{max(x[1] for x in s):.2f}] (medians of 6)")
    out.append("")
    for v in ARMS:
        cals = arm(v)
        point[v] = [trials.fit(open(c).read(), c[:-4] + ".facts.json") for c in cals]
        boot = [[trials.fit(trials.resample(c, rng), c[:-4] + ".facts.json") for _ in range(nb)]
                for c in cals]
        for k in KEY:
            vals = [p[k] for p in point[v] if k in p]
            within = st.median(st.pstdev([b[k] for b in bs if k in b]) / p[k] * 100
                               for p, bs in zip(point[v], boot) if p.get(k))
            out.append(f"{v} {k:<26} " + " ".join(f"{x:.3f}" for x in vals)
                       + f"; median {st.median(vals):.3f}, between SD {st.stdev(vals):.3f} "
                       f"({st.stdev(vals) / st.median(vals) * 100:.1f} %), within {within:.1f} %")
    out.append("")
    out.append("the other task terms' between SD, % of the median (a / b):")
    names = sorted(set(point["a"][0]) & set(point["b"][0]) - set(KEY))
    for n in names:
        sd = {}
        for v in ARMS:
            vals = [p[n] for p in point[v] if n in p]
            sd[v] = st.stdev(vals) / st.median(vals) * 100 if len(vals) > 1 and st.median(vals) else float("nan")
        out.append(f"  {n:<24} {sd['a']:6.1f} / {sd['b']:6.1f}")
    text = "\n".join(out) + "\n"
    open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "ab.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
