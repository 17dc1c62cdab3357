#!/usr/bin/env python3
"""The producer/consumer's CPU side inside its rows against the plain CPU phase timed beside each
row: for every trial, the row's `cpu` part (four rounds, each the host reading what the GPU wrote)
over four times the `plain_cpu_beside` pass of the same trial, the median over trials per run and
policy, for the three policies whose CPU side has no faults (explicit copy, host-mapped,
managed-advise). Every committed run with the passes beside each row (run96 onwards), at the task
file's size (64 MiB a buffer). A reading, no device: `validate --task --cpu-beside` prices the rows
at the plain pass, so a ratio below 1 is a prediction that high.

    python3 calibration/h200/offline45/cpu_in_row.py        (in cpu_in_row.txt)
"""
import csv, glob, os, re, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))
H = os.path.normpath(os.path.join(HERE, ".."))
POLICIES = ("explicit-copy", "host-mapped", "managed-advise")


def num(f):
    return int(re.search(r"run(\d+)", f).group(1))


lines = []
say = lines.append
by_policy = {p: {"earlier": [], "latest": []} for p in POLICIES}
for f in sorted(glob.glob(os.path.join(H, "run*", "*prodcons*.csv")), key=num):
    rows = list(csv.DictReader(open(f)))
    if not rows or "case" not in rows[0]:
        continue  # the step-time files
    d = {}
    for r in rows:
        # Two buffers of 64 MiB (the task file's size); run138-run140 also measured smaller ones.
        if r["bytes"] != str(128 << 20) or r["check"] != "ok":
            continue
        d.setdefault((r["policy"], r["case"].split(":")[-1]), {})[r["trial"]] = float(r["time_ms"])
    out = []
    for p in POLICIES:
        cpu, plain = d.get((p, "cpu")), d.get((p, "plain_cpu_beside"))
        if not cpu or not plain:
            continue
        ratios = [cpu[t] / (4 * plain[t]) for t in cpu if t in plain]
        m = st.median(ratios)
        by_policy[p]["latest" if num(f) >= 188 else "earlier"].append(m)
        out.append(f"{p} {m:.3f} [{min(ratios):.2f}-{max(ratios):.2f}] n={len(ratios)}")
    if out:
        say(f"{os.path.relpath(f, H):36} " + " | ".join(out))
say("")
for p in POLICIES:
    for k, label in (("earlier", "run96-run187"), ("latest", "run188-run191 (three fresh VMs)")):
        v = by_policy[p][k]
        if v:
            say(f"{p:15} {label:32} median over tables {st.median(v):.3f} ({min(v):.3f}-{max(v):.3f}, "
                f"{len(v)} tables, {sum(x < 1 for x in v)} below 1)")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "cpu_in_row.txt"), "w").write(text)
print(text, end="")
