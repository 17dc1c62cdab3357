"""Rule R's reading (plan.md, written before any run it judges):
    python3 calibration/h100/offline58/rule_r.py UMODEL DIR...
Each DIR a run of run318.sh on an H100 made after the plan. Every calibration of the run against
its producer/consumer and seed 001 (`validate --final-beside --cpu-beside`, the run's first
probe): "now" as UMODEL prices it, "R" that less the read-back steps' probe excess
(host_written.py). Per link each moved cell, then the verdict as the plan reads it. UMODEL: a
build that does not price R: before `58f4fb7`, which adopted it, or from `b4c9196`, which
withdrew it (with R priced "now" is R and no cell moves). run348/reading.py reuses `cells` and
`show`."""
import os
import statistics as st
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline54"))
sys.path.insert(0, os.path.join(HERE, "..", "offline55"))
from m3prime import WORK, link_of, models, written  # noqa: E402
from probe_one_thread import points  # noqa: E402
from host_written import read_back_excess  # noqa: E402

RUNS_NEEDED = 3


def cells(U, dirs):
    """Per link the runs read and each moved cell: (run, calibration, task, policy, now %, R %)."""
    tmp = tempfile.mkdtemp()
    moved, runs = {}, {}
    for d in dirs:
        link = link_of(d)
        runs.setdefault(link, []).append(os.path.basename(d))
        pf = f"{d}/probe-1.json"
        for i, _, with_ in models(U, d, tmp):
            f = written(tmp, d, i, with_)
            for work, task in WORK:
                for pt in points(U, f, d, work, task, pf):
                    x = read_back_excess(U, f, task, pt["policy"], pf)
                    if abs(x) < 1e-9:
                        continue
                    now = 100 * (pt["predicted_ms"] / pt["measured_ms"] - 1)
                    r = 100 * ((pt["predicted_ms"] - x) / pt["measured_ms"] - 1)
                    moved.setdefault(link, []).append(
                        (os.path.basename(d), i, task, pt["policy"], now, r))
    return runs, moved


def verdict(cells, allowed=0):
    """The plan's three criteria over `cells`: (the summary line, whether R passes). `allowed`:
    how many cells may end beyond 5 % more than 2 points worse (R's plan: none; rule T's,
    offline62/rule_t.py, one in twenty)."""
    b_now = sum(abs(c[4]) > 5 for c in cells)
    b_r = sum(abs(c[5]) > 5 for c in cells)
    m_now = st.median(abs(c[4]) for c in cells)
    m_r = st.median(abs(c[5]) for c in cells)
    grew = [c for c in cells if abs(c[5]) > 5 and abs(c[5]) - abs(c[4]) > 2]
    ok = b_r <= b_now and m_r < m_now and len(grew) <= allowed
    line = (f"  {len(cells)} moved cells: beyond 5 % {b_now} -> {b_r}, median |error| "
            f"{m_now:.2f} -> {m_r:.2f} %, ending beyond 5 % more than 2 points worse: "
            + (", ".join(f"{c[0]} cal {c[1]} {c[2]} {c[3]}" for c in grew) or "none"))
    return line, ok


def show(header, cs, short=None):
    """Prints `header`, each moved cell in `cs`, the criteria and, unless `short` says what the
    link still lacks, the verdict."""
    print(header)
    for run, i, task, pol, now, r in cs:
        print(f"  {run} cal {i} {task:<18} {pol:<24} now {now:+7.2f} %   R {r:+7.2f} %")
    if not cs:
        print("  no cell moved")
        return
    line, ok = verdict(cs)
    print(line)
    if short:
        print(f"  {short}: read, not judged")
    else:
        print(f"  rule R {'passes' if ok else 'does not pass'} on this link")


def main(U, dirs):
    runs, moved = cells(U, dirs)
    for link in sorted(runs):
        n = len(runs[link])
        show(f"{link}: runs {', '.join(runs[link])}", moved.get(link, []),
             f"{n} of {RUNS_NEEDED} runs" if n < RUNS_NEEDED else None)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
