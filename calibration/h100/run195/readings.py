#!/usr/bin/env python3
"""run195's reading, written before the call (2026-12-05), judging nothing: the programs
written without umodel's code (relax.cu on 16, 4, 1 threads at 64 MiB and 16 at 256; kmeans.cu
on 16 and 8 at 64 MiB and 16 at 256; horner.cu K = 16) on an H100, priced as the H200's judges
price them (offline40/common.py `programs_in`: the medians of their plain phases and their thread
counts) by three models: the two `calibrate` wrote on the VM (model-minimal-1.json, -2.json,
each held out on the programs) and the embedded `h100` model (made on other VMs). Per model and
program: the cells beyond 5 %, the median and largest |error|; and the clear orderings (two
policies whose measured min-max ranges do not overlap) the model puts in the measured order.
The H200's figures on the same plan are run191/readings.txt's.

    python3 calibration/h100/run195/readings.py UMODEL        (in readings.txt)
    python3 calibration/h100/run195/readings.py UMODEL DIR    (a dry run on another run's files)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h200", "offline40"))
import common  # noqa: E402  (reads UMODEL from argv)

TMP, med = common.TMP, common.med
DATA = os.path.abspath(sys.argv[2]) if len(sys.argv) > 2 else HERE
MODELS = {"own-1": os.path.join(DATA, "model-minimal-1.json"),
          "own-2": os.path.join(DATA, "model-minimal-2.json"),
          # The embedded model when the reading was made; a later reading names the file it was
          # then (SHIPPED=..., calibration/h100/README.md says which).
          "embedded h100": os.environ.get("SHIPPED", os.path.join(ROOT, "models", "h100.json"))}


def main():
    lines = []
    say = lines.append
    progs = common.programs_in(DATA, TMP)
    say(f"{len(progs)} configurations: " + ", ".join(c for c, *_ in progs))
    for label, model in MODELS.items():
        if not os.path.exists(model):
            say(f"\n{label}: no model file ({os.path.relpath(model, ROOT)})")
            continue
        say(f"\n{label} ({os.path.relpath(model, ROOT)})")
        say(f"  {'configuration':<22} {'cells':>5} {'>5%':>4} {'med|e|':>7} {'max|e|':>7}  clear orderings right")
        allerr, beyond, right, clear = [], 0, 0, 0
        for cfg, tf, cpu, gpu, fin, pol in progs:
            if cfg.startswith("relaxpinned"):
                continue
            p = {q["policy"]: q["time_ms"] for q in common.predict(model, tf, cpu, gpu, fin)}
            err = {k: 100 * (p[k] - med(v)) / med(v) for k, v in pol.items() if k in p}
            ab = [abs(e) for e in err.values()]
            n_b = sum(a > 5 for a in ab)
            r = c = 0
            ks = sorted(err)
            for i, a in enumerate(ks):
                for b in ks[i + 1:]:
                    if max(pol[a]) < min(pol[b]) or max(pol[b]) < min(pol[a]):
                        c += 1
                        r += (med(pol[a]) < med(pol[b])) == (p[a] < p[b])
            worst = max(err, key=lambda k: abs(err[k]))
            say(f"  {cfg:<22} {len(ab):>5} {n_b:>4} {med(ab):>6.2f}% {max(ab):>6.2f}%  {r} of {c}"
                f"   (largest: {worst} {err[worst]:+.2f} %)")
            allerr += ab
            beyond += n_b
            right += r
            clear += c
        if not allerr:
            continue
        say(f"  {'all':<22} {len(allerr):>5} {beyond:>4} {med(allerr):>6.2f}% {max(allerr):>6.2f}%  {right} of {clear}")
    print("\n".join(lines))


main()
