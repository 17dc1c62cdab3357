"""A reading on runs already seen, judging nothing (a lead for a rule, not a rule): on the H100
runs that timed the one-thread cell (offline55's list), whether the probe's migration level
belongs to pages the host wrote and the calibration's to pages the host only read back.
    python3 calibration/h100/offline58/host_written.py UMODEL   (in host_written.txt)
Why: with the run's probe the producer/consumer's managed row runs long on the slow link and seed
001's does not (offline55). Seed 001 migrates host-written pages only in its first round (the
fill; its table's later migrations are random, which the probe does not scale); the
producer/consumer migrates its output again in every later round, pages the GPU wrote and the
CPU only read back. The probe times its migration right after the host's writes, which a slow
link charges more for (calibration/h100/run295/reading-run297.txt).
The "host-written" way is a what-if computed beside the build, not a pricing it has: the probe's
prediction less, for each GPU fault step from round 2 on buffers the task's CPU does not
write, the step's probe price over its price from the terms (`predict --explain --json`, the
same model and probe; a step's migration does not depend on the phase times). UMODEL: a build
from `6388095` to before `58f4fb7` (which prices rule R itself, so the excess would be nil;
`host_written.txt` was made by `750b25e`'s). Per link, the moved cells judged as rule M3′'s
criteria read a move."""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline54"))
sys.path.insert(0, os.path.join(HERE, "..", "offline55"))
from m3prime import WORK, link_of, models, written  # noqa: E402
from probe_one_thread import RUNS, points, report  # noqa: E402

WAYS = ["terms", "probe", "probe, host-written only"]


def steps(U, model, task, policy, probe):
    args = [U, "predict", "-m", model, "--task", f"tasks/{task}.json", "--policy", policy,
            "--cpu-ms", "10", "--gpu-ms", "1", "--explain", "--json"]
    if probe:
        args += ["--probe", probe]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    return json.loads(out)["explain"]


def read_back_excess(U, model, task, policy, probe):
    """What the probe adds over the terms to the GPU fault steps of rounds after the first whose
    buffers the task's CPU never writes (ms)."""
    bufs = {b["name"]: b for b in json.load(open(f"tasks/{task}.json"))["buffers"]}
    writes = {n for n, b in bufs.items() if b.get("cpu", "none") in ("write", "readwrite")}
    def faults(probe):
        """The GPU fault steps of rounds after the first on buffers the CPU never writes."""
        out = {}
        for s in steps(U, model, task, policy, probe):
            bs = s.get("buffers", [])
            if (s["kind"] == "gpu_faults" and isinstance(s["round"], int) and s["round"] >= 2
                    and not writes & set(bs)):
                k = (s["round"], tuple(bs))
                out[k] = out.get(k, 0.0) + s["ms"]
        return out
    with_, without = faults(probe), faults(None)
    assert with_.keys() == without.keys(), (task, policy)
    return sum(with_[k] - without[k] for k in with_)


def main(U):
    tmp = tempfile.mkdtemp()
    cells = {}
    for d in RUNS:
        link = link_of(d)
        pf = f"{d}/probe-1.json"
        for i, _, with_ in models(U, d, tmp):
            f = written(tmp, d, i, with_)
            for work, task in WORK:
                for way, p in zip(WAYS[:2], [None, pf]):
                    for pt in points(U, f, d, work, task, p):
                        err = 100 * (pt["predicted_ms"] / pt["measured_ms"] - 1)
                        cells.setdefault((link, task, pt["policy"], way), []).append(
                            (os.path.basename(d), i, err))
                        if p:
                            x = read_back_excess(U, f, task, pt["policy"], p)
                            err = 100 * ((pt["predicted_ms"] - x) / pt["measured_ms"] - 1)
                            cells.setdefault((link, task, pt["policy"], WAYS[2]), []).append(
                                (os.path.basename(d), i, err))
    report(cells, WAYS, "probe", WAYS[2])


if __name__ == "__main__":
    main(sys.argv[1])
