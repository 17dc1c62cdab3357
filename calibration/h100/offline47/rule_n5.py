#!/usr/bin/env python3
"""Rule N5's consequence (run196/readings.py, written before that call): N5 failed on run196's
fresh VM (run196/readings.txt: 59 of 136 cells beyond 5 % with the pool, 46 without), so the
shipped `h100` model is made without the pool (make_embedded_h100.sh without `--pool-from` and
`--price-from-pool`), and N1-N3 are recomputed for that recipe and recorded as a reading, judging
nothing. Each line gives the model until rule N, rule N as first adopted (with the pool,
offline46/rule_n.txt) and rule N without the pool, on the same held-out cells from the terms alone;
then run196's R1 and R2 on the three shipped models (the VM none of them saw).

    python3 calibration/h100/offline47/rule_n5.py UMODEL        (in rule_n5.txt)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
import rule_n as n  # noqa: E402  (reads UMODEL from argv)

H, TMP = n.H, n.TMP


def main():
    lines = []
    say = lines.append
    cur = os.path.join(H, "offline46", "h100-until-2026-12-05.json")
    c194, c195 = n.CAL["run194"], n.CAL["run195"]
    make = lambda s, name, pool: n.recipe_n(s, os.path.join(TMP, f"{name}-{pool}.json"), pool)
    t194 = [t for part in ("run193a", "run193b") for t in n.tables(os.path.join(H, "run194", part))]
    t112 = n.tables(os.path.join(H, "run112"), "tasks-64-{g}.csv")
    r196 = os.path.join(H, "run196")
    for name, what, s, cells_of in (
            ("N1", "run195's programs, N over run194's three", c194, lambda m: n.programs(m, os.path.join(H, "run195"))),
            ("N2", "run194's workloads, N over run195's two", c195, lambda m: n.workloads(m, t194)),
            ("N3", "run112's workloads, N over all five", c194 + c195, lambda m: n.workloads(m, t112)),
            ("R1", "run196's programs, N over all five", c194 + c195, lambda m: n.programs(m, r196)),
            ("R2", "run196's workloads, N over all five", c194 + c195, lambda m: n.workloads(m, n.tables(r196)))):
        pooled, plain = make(s, name, True), make(s, name, False)
        a, b, c = cells_of(cur), cells_of(pooled), cells_of(plain)
        say(f"{name} {what} ({len(a)} cells), beyond 5 % and median |error|:")
        for label, cells in (("the model until rule N", a), ("N with the pool", b), ("N without the pool", c)):
            k, m, _ = n.count(cells)
            say(f"   {label:<24} {k:3d}  {m:6.2f} %")
        say("   with the pool -> without, per policy:")
        lines.extend("  " + x for x in n.by_policy(b, c))
    text = "\n".join(lines) + "\n"
    open(os.path.join(HERE, "rule_n5.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
