#!/usr/bin/env python3
"""What the duplicating share of rule G (`link_under_faults.duplicating`) is worth to a
prediction: every k-means cell (kmeans.cu, the only program whose pass both duplicates pages on
first touch and waits on the link: its points advised read-mostly beside its labels written over
the link) priced with the share run189 measured (0.466, what the models carry), the share run192
measured on another VM (0.20), and none (0.0). A reading, judging nothing: it asks whether the
share, which did not hold from one VM to the next (run192's rule R), moves predictions by enough
to be worth a calibration cell of its own.

Models: the shipped `h200` model (models/h200.json), and each run's own calibration refitted by
UMODEL (`fit --price-from-pool`, data-1); the runs are every committed run with k-means programs
and a minimal calibration (run160-run191). Cells as offline40/common.py prices them: the
programs given the medians of their plain phases and thread counts.

    python3 calibration/h200/offline44/dup_share.py UMODEL        (in dup_share.txt)

dup_share.txt priced the model shipped then (the thirty's, until rule T):
    SHIPPED=calibration/h200/offline48/h200-until-2026-12-05.json python3 ...dup_share.py UMODEL
"""
import glob, json, math, os, re, statistics as st, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
sys.path.insert(0, os.path.join(HERE, "..", "offline43"))
import common  # noqa: E402  (reads UMODEL from argv)
import faultmix_shares as fm  # noqa: E402

UM, ROOT, TMP, H, med, run = common.UM, common.ROOT, common.TMP, common.H, common.med, common.run
SHARES = {"0.466": 0.466, "0.20": 0.20, "0.0": 0.0}
MIGRATING = 0.578  # LinkUnderFaults::MEASURED, left as the models carry it
ADVISED = ("managed-advise", "managed-advise-prefetch")


def variant(path, tag, dup):
    m = json.load(open(path))
    m["task_terms"]["link_under_faults"] = {"migrating": MIGRATING, "duplicating": dup}
    p = os.path.join(TMP, f"{tag}.json")
    json.dump(m, open(p, "w"))
    return p


def predicted(model, tf, cpu, gpu, fin):
    return {q["policy"]: q["time_ms"] for q in common.predict(model, tf, cpu, gpu, fin)}


def cells():
    """[(run, configuration, policy, which model, measured median ms, {share: predicted ms})]"""
    out = []
    shipped = os.environ.get("SHIPPED", os.path.join(ROOT, "models", "h200.json"))
    for d in sorted(glob.glob(os.path.join(H, "run1[6-9]?")), key=common.num):
        r = os.path.basename(d)
        progs = [p for p in common.programs_in(d, TMP) if p[0].startswith("kmeans")]
        csvs = glob.glob(os.path.join(d, "data-1", "models", "*.minimal.csv"))
        if not progs or not csvs:
            continue
        own = os.path.join(TMP, f"{r}-own.json")
        run([UM, "fit", csvs[0], "-o", own, "--price-from-pool"])
        models = {"shipped": {k: variant(shipped, f"shipped-{k}", s) for k, s in SHARES.items()},
                  "own": {k: variant(own, f"{r}-own-{k}", s) for k, s in SHARES.items()}}
        for cfg, tf, cpu, gpu, fin, pol in progs:
            for which, ms in models.items():
                pred = {k: predicted(m, tf, cpu, gpu, fin) for k, m in ms.items()}
                for p in ADVISED:
                    if p in pol:
                        out.append((r, cfg, p, which, med(pol[p]), {k: pred[k][p] for k in SHARES}))
    return out


def err(c, k):
    return 100 * (c[5][k] - c[4]) / c[4]


def table(cs):
    lines = []
    say = lines.append
    runs = sorted({c[0] for c in cs}, key=lambda r: int(r[3:]))
    say(f"k-means cells: {len(cs) // 2} (runs {', '.join(runs)}), each priced by two models")
    for which in ("shipped", "own"):
        for p in ADVISED:
            sub = [c for c in cs if c[3] == which and c[2] == p]
            if not sub:
                continue
            say(f"{which} model, {p} ({len(sub)} cells): beyond 5 %, median |error|, "
                f"median signed error; the move from 0.466 in ms and % of the measured total")
            for k in SHARES:
                a = [err(c, k) for c in sub]
                mv_ms = [c[5][k] - c[5]["0.466"] for c in sub]
                mv_pc = [100 * (c[5][k] - c[5]["0.466"]) / c[4] for c in sub]
                say(f"  duplicating {k:5}  {sum(abs(x) > 5 for x in a):3}  {med([abs(x) for x in a]):5.2f} %"
                    f"  {med(a):+6.2f} %   move {med(mv_ms):+.3f} ms [{min(mv_ms):+.3f}, {max(mv_ms):+.3f}],"
                    f" {med(mv_pc):+.2f} % [{min(mv_pc):+.2f}, {max(mv_pc):+.2f}]")
    say("")
    say("Every cell (error %, duplicating 0.466 / 0.20 / 0.0):")
    for c in cs:
        say(f"  {c[0]} {c[1]:22} {c[2]:24} {c[3]:7} " + " ".join(f"{err(c, k):+7.2f}" for k in SHARES))
    return lines


def cell_cost():
    """What a calibration cell for the share would cost, from faultmix.cu's own runs at 64 MiB
    (run189, run192): the spread of one trial's h (dup-read against dup and link-read, the
    cheapest combination), the trials a 90 % interval of +-0.1 and of +-0.27 (the two VMs' gap)
    would take at that spread, and the seconds a case took there (the file's wall over its cases:
    fresh managed buffers, the host's fill, the advice, the pass and its check)."""
    lines = []
    for r in ("run189", "run192"):
        path = os.path.join(H, r, "faultmix-67108864.csv")
        by = fm.trials_of(path)
        h = [v[0] for v in fm.shares(by, {"dup-read": ("dup", "link-read")}).values()]
        sd = st.stdev(h)
        wall = int(re.search(r"wall_s=(\d+)", open(path[:-4] + ".err").read()).group(1))
        cases = sum(len(d) for d in by.values())
        need = {w: math.ceil((1.645 * sd / w) ** 2) for w in (0.1, 0.27)}
        lines.append(f"  {r}: one trial's h sd {sd:.2f} ({len(h)} trials, median {st.median(h):+.2f});"
                     f" +-0.1 takes {need[0.1]} trials, +-0.27 {need[0.27]};"
                     f" {wall / cases:.2f} s a case ({cases} cases in {wall} s), so three cases a trial"
                     f" {3 * need[0.27] * wall / cases:.0f} s for +-0.27")
    return lines


if __name__ == "__main__":
    lines = table(cells())
    lines += ["", "A calibration cell for the share (dup, dup-read, link-read each trial):"] + cell_cost()
    text = "\n".join(lines) + "\n"
    open(os.path.join(HERE, "dup_share.txt"), "w").write(text)
    print(text, end="")
