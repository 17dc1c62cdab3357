"""The shares of a link pass hidden under first-touch faults in faultmix.cu's files, as run189's
readings.py computes them (its functions, kept there as the code that rule ran): per trial, each
whole pass against its parts of the same trial, h = (first touch alone + link pass alone - whole)
/ link pass alone; a kind's share the median of its combinations' h, with a 90 % interval from
2000 resamples of the trials (a trial's combinations kept together; seed 189)."""
import csv, os, random, statistics as st
import sys

MIGRATE = {"both": ("fault-advised", "link"), "both-plain": ("fault", "link"),
           "fault-read": ("fault", "link-read"), "fault-write": ("fault", "link-write")}
DUP = {"dup-read": ("dup", "link-read"), "dup-write": ("dup", "link-write"),
       "dup-both": ("dup", "link")}


def med(v):
    return st.median(v) if v else float("nan")


def trials_of(path):
    """{trial: {case: ms}}; refuses a file with a failed check."""
    rows = list(csv.DictReader(open(path)))
    bad = [r for r in rows if r["check"] != "ok"]
    if bad:
        sys.exit(f"{path}: {len(bad)} failed checks: no figure from a failed check")
    by = {}
    for r in rows:
        by.setdefault(int(r["trial"]), {})[r["case"]] = float(r["ms"])
    return by


def shares(by, kind):
    """{trial: [h of each combination of `kind` in that trial]}"""
    out = {}
    for t, d in by.items():
        for whole, (first, link) in kind.items():
            if whole in d and first in d and link in d:
                out.setdefault(t, []).append((d[first] + d[link] - d[whole]) / d[link])
    return out


def estimate(per_trial):
    """(median, 5 %, 95 %, trials) of the pooled h."""
    pool = [h for v in per_trial.values() for h in v]
    rng = random.Random(189)
    keys = sorted(per_trial)
    boot = []
    for _ in range(2000):
        pick = [rng.choice(keys) for _ in keys]
        boot.append(med([h for k in pick for h in per_trial[k]]))
    boot.sort()
    return med(pool), boot[int(0.05 * len(boot))], boot[int(0.95 * len(boot)) - 1], len(keys)


def read_run(d, name, say):
    """Every case's median [min-max] and both shares with their 90 % intervals, at 64 and 256 MiB,
    of the faultmix files in directory `d`, as run192's reading prints them (through `say`);
    returns {(bytes, "mig" | "dup"): (median, low, high)}."""
    got = {}
    for size in (64 << 20, 256 << 20):
        path = os.path.join(d, f"faultmix-{size}.csv")
        if not os.path.exists(path):
            sys.exit(f"{path}: missing")
        by = trials_of(path)
        say(f"{name}, {size >> 20} MiB a buffer: {len(by)} trials")
        for case in sorted({c for t in by.values() for c in t}):
            v = [t[case] for t in by.values() if case in t]
            say(f"  {case:14} {med(v):8.3f} ms [{min(v):.3f}-{max(v):.3f}] of {len(v)}")
        for kind, combos in (("mig", MIGRATE), ("dup", DUP)):
            m, lo, hi, n = estimate(shares(by, combos))
            say(f"  H_{kind} = {m:+.2f} (90 % [{lo:+.2f}, {hi:+.2f}], {n} trials)")
            got[(size, kind)] = (m, lo, hi)
    return got
