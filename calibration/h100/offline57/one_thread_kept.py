"""A reading on runs already seen, judging nothing (a lead for a rule, not a rule): on the H100
runs that timed the one-thread cell (run312-run319, run330), a one-thread task's rows under rule
M3′ priced with the run's first probe as `--probe` prices today, against the same probe with the
one-thread migration kept at the calibration's price while `fault_in` and the scalar faults move
with the probe's `fault_in` (offline55's "probe less fault_in" kept none of them moving).
    python3 calibration/h100/offline57/one_thread_kept.py UMODEL   (in one_thread_kept.txt)
The "kept" way is a what-if on edited models: `fault_in_scalar_one_thread` divided by the probe's
`fault_in` over the model's at the probe's size, so that `--probe`, which scales it by that
ratio, leaves it at the calibration's price. UMODEL: a build from `6388095` to before `58f4fb7`,
rule R's adoption (the rows here price no fault runs of the CPU's, so rule S moves none of them;
R moves the producer/consumer's managed row). Per link, the moved cells judged as rule M3′'s
criteria read a move."""
import json
import os
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline54"))
sys.path.insert(0, os.path.join(HERE, "..", "offline55"))
from m3prime import WORK, link_of, models, written  # noqa: E402
from probe_one_thread import RUNS, points, report  # noqa: E402

TERM = "fault_in_scalar_one_thread"
GIB = float(1 << 30)
WAYS = ["terms", "probe", "probe, one-thread kept"]


def kept(model, probe):
    """`model` with the one-thread term divided by what `--probe` will multiply it by."""
    m = json.loads(json.dumps(model))
    t = m["task_terms"]
    f = t["fault_in"]
    k = probe["fault_in"]["ms"] / (f["lat_ms"] + f["ms_per_gib"] * probe["bytes"] / GIB)
    for key in ("lat_ms", "ms_per_gib"):
        t[TERM][key] /= k
    return m


def main(U):
    tmp = tempfile.mkdtemp()
    cells = {}
    for d in RUNS:
        link = link_of(d)
        pf = f"{d}/probe-1.json"
        probe = json.load(open(pf))
        for i, _, with_ in models(U, d, tmp):
            files = [written(tmp, d, i, m, name)
                     for name, m in (("as", with_), ("kept", kept(with_, probe)))]
            for work, task in WORK:
                for way, (f, p) in zip(WAYS, [(files[0], None), (files[0], pf), (files[1], pf)]):
                    for pt in points(U, f, d, work, task, p):
                        err = 100 * (pt["predicted_ms"] / pt["measured_ms"] - 1)
                        cells.setdefault((link, task, pt["policy"], way), []).append(
                            (os.path.basename(d), i, err))
    report(cells, WAYS, "probe", "probe, one-thread kept")

if __name__ == "__main__":
    main(sys.argv[1])
