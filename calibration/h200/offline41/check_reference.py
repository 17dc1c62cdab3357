#!/usr/bin/env python3
"""What a calibration's check against the embedded model (`calibrate` and `fit` warn of a task
term far from it: NOTES.md "A calibration checked against the embedded model") says of the
committed calibrations, against the model as rule E made it (`embedded.py`) and against the one
before (run65's terms). A reading, after the rule, judging nothing.

The check is replicated here (`TaskTerms::unusual_against`: |ln(mine / reference)| at 64 MiB past
both ln 2 and 3 run-to-run shifts of the reference's term, the move's deferred cost only above;
terms either side prices at zero, or measured another way, not compared) and checked first against the warnings `fit` prints with the
model as embedded. Then held out: each current-build calibration (run167-run187) against the
reference made without its VM's calibrations, as embedded.py's candidates are made.

    python3 calibration/h200/offline41/check_reference.py UMODEL OLD_MODEL.json  (in check_reference.txt)

UMODEL must embed models/h200.json as it now is; OLD_MODEL.json is the model before rule E
(`calibration/h200/offline41/h200-until-2026-12-04.json`)."""
import glob, json, math, os, re, sys

from thirty import H, MIN, TMP, model_without, run, runnum

UM, OLD = sys.argv[1], sys.argv[2]
HERE = os.path.dirname(os.path.abspath(__file__))
AT = 64 << 20


def price(c):
    return c["lat_ms"] + c["ms_per_gib"] * AT / 2**30


def costs(t):
    return {k: v for k, v in t.items() if isinstance(v, dict) and "lat_ms" in v}


def unusual(mine, ref):
    """(term, ratio) of `mine`'s task terms past the check against `ref`'s."""
    out = []
    for k, c in costs(mine).items():
        r = costs(ref).get(k)
        if r is None:
            continue
        if k in ("duplicate", "duplicate_random") and bool(mine.get("duplication_after_fill")) != bool(ref.get("duplication_after_fill")):
            continue
        if k == "prefetch_noop" and bool(mine.get("noop_in_sequence")) != bool(ref.get("noop_in_sequence")):
            continue
        ms, rm = price(c), price(r)
        if not (ms > 0 and rm > 0 and math.isfinite(ms) and math.isfinite(rm)):
            continue
        allowed = max(math.log(2.0), 3.0 * r.get("run_shift", 0.0))
        log = math.log(ms / rm)
        # The move's deferred cost, met by chance, is named only above (`MET_BY_CHANCE`).
        if (log if k in ("prefetch_next", "prefetch_noop_after_move") else abs(log)) > allowed:
            out.append((k, ms / rm))
    return out


# Every committed minimal calibration, fitted by this build, and what `fit` warned of.
cals = sorted(glob.glob(f"{H}/run*/*/{MIN}*.csv"))
fitted, warned = {}, {}
for c in cals:
    out = os.path.join(TMP, f"{len(fitted)}.json")
    p = run([UM, "fit", c, "-o", out])
    fitted[c] = json.load(open(out))["task_terms"]
    warned[c] = sorted(re.findall(r"warning: task term `([a-z_0-9]+)`", p.stderr))

new = json.load(open("models/h200.json"))["task_terms"]
old = json.load(open(OLD))["task_terms"]
mismatch = [c for c in cals if sorted(k for k, _ in unusual(fitted[c], new)) != warned[c]]
lines = []
say = lines.append
say(f"{len(cals)} committed minimal calibrations; the replica agrees with `fit`'s warnings against "
    f"the embedded model on {len(cals) - len(mismatch)} of them" + (f" (not: {mismatch[:3]})" if mismatch else ""))


def tally(ref_of, which):
    flags = [(c, k, r) for c in which for k, r in unusual(fitted[c], ref_of(c))]
    by_term = {}
    for _, k, _ in flags:
        by_term[k] = by_term.get(k, 0) + 1
    return flags, ", ".join(f"{k} {n}" for k, n in sorted(by_term.items())) or "none"


current = [c for c in cals if 167 <= runnum(c) <= 187 and "old" not in c]
earlier = [c for c in cals if c not in current]
for name, ref in (("before rule E (run65's terms)", old), ("as rule E made it", new)):
    f1, t1 = tally(lambda c: ref, current)
    f2, t2 = tally(lambda c: ref, earlier)
    say(f"Against the model {name}:")
    say(f"  the {len(current)} calibrations of run167-run187's build: {len(f1)} warnings in "
        f"{len({c for c, _, _ in f1})} calibrations ({t1})")
    say(f"  the {len(earlier)} of earlier builds: {len(f2)} warnings in {len({c for c, _, _ in f2})} ({t2})")

# Held out: each current-build calibration against the reference its VM did not make.
def held_out_ref(c):
    return json.load(open(model_without(UM, runnum(c))))["task_terms"]


f3, t3 = tally(held_out_ref, current)
say("Held out (each against the reference made without its VM's calibrations):")
say(f"  the {len(current)} calibrations of run167-run187's build: {len(f3)} warnings in "
    f"{len({c for c, _, _ in f3})} calibrations ({t3})")
for c, k, r in f3:
    say(f"    {os.path.relpath(c, H)}: {k} {r:.2f}x")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "check_reference.txt"), "w").write(text)
print(text, end="")
