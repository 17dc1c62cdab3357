#!/usr/bin/env python3
"""run179's reading, written before its data came back (it judges nothing): relax.cu's first GPU
pass under managed-advise, `b` faulting in beside `x` over the link, against its parts alone
(contrib/independent/faultmix.cu), and what the run's two calibrations price each at. The prices
come from tasks/relax.json at the run's size as a one-round task, GPU first, under managed-advise
(`predict --explain`): `b`'s first touch is its `gpu_faults` part, `x`'s pass its `gpu` and `link`
parts, and the whole pass their sum. Printed per size: each case's median [min-max] of its
trials; the prices; and three ratios that say where a miss in the whole pass lies:
  advice   fault-advised / fault   (does the advice to live on the card change the first touch?)
  overlap  both / (fault-advised + link)   (do the two add, as the model adds them?)
  price    both / its price, per calibration
    python3 calibration/h200/run179/faultmix.py UMODEL        (in faultmix.txt)"""
import csv, glob, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..", "..")
UMODEL = sys.argv[1] if len(sys.argv) > 1 else "umodel"


def med(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2 if v else float("nan")


def prices(model, bytes_, tmp):
    base = json.load(open(os.path.join(ROOT, "tasks", "relax.json")))
    task = dict(base, rounds=1, first="gpu", cpu_ms=0.0, gpu_ms=0.001, cpu_final_ms=0.0,
                buffers=[dict(b, bytes=bytes_) for b in base["buffers"]])
    tf = os.path.join(tmp, f"relax-{bytes_}.json")
    json.dump(task, open(tf, "w"))
    p = subprocess.run([UMODEL, "predict", "-m", model, "--task", tf, "--policy", "managed-advise",
                        "--json", "--explain"], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"predict {model}: {p.stderr.strip()}")
    q = json.loads(p.stdout)
    q = q[0] if isinstance(q, list) else q
    fault = sum(e["ms"] for e in q["explain"] if e["kind"] == "gpu_faults" and e["round"] == 1)
    link = sum(e["ms"] for e in q["explain"] if e["kind"] in ("gpu", "link") and e["round"] == 1)
    return fault, link


def main():
    tmp = tempfile.mkdtemp()
    models = sorted(glob.glob(os.path.join(HERE, "model-minimal-*.json")))
    for path in sorted(glob.glob(os.path.join(HERE, "faultmix-*.csv"))):
        bytes_ = int(os.path.basename(path)[len("faultmix-"):-4])
        rows = list(csv.DictReader(open(path)))
        failed = sum(r["check"] != "ok" for r in rows)
        m = {}
        print(f"{bytes_ >> 20} MiB a buffer: {len(rows)} passes, {failed} failed checks")
        for case in ("fault", "fault-advised", "link", "both", "both-plain"):
            v = [float(r["ms"]) for r in rows if r["case"] == case and r["check"] == "ok"]
            m[case] = med(v)
            print(f"  {case:14s} {m[case]:8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
        print(f"  advice  fault-advised / fault: {m['fault-advised'] / m['fault']:.3f}")
        print(f"  overlap both / (fault-advised + link): {m['both'] / (m['fault-advised'] + m['link']):.3f};"
              f" both-plain / (fault + link): {m['both-plain'] / (m['fault'] + m['link']):.3f}")
        for mi, model in enumerate(models, 1):
            fault, link = prices(model, bytes_, tmp)
            print(f"  calibration {mi}: b's first touch priced {fault:.3f} ms (fault {m['fault'] / fault:.3f},"
                  f" fault-advised {m['fault-advised'] / fault:.3f} of it); x's pass {link:.3f} ms"
                  f" (link {m['link'] / link:.3f}); the whole pass {fault + link:.3f} ms"
                  f" (both {m['both'] / (fault + link):.3f}, both-plain {m['both-plain'] / (fault + link):.3f})")


if __name__ == "__main__":
    main()
