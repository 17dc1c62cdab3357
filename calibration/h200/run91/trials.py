#!/usr/bin/env python3
"""Would more trials a cell steady the task terms? Calibrate's margin (14.6-16.1 s against the
20 s target) could buy trials for the managed group (3 a cell) and the other task cells. That pays
only if a term's move between calibrations comes from the few trials within one, not from the
process's level. This script sets the two side by side, offline, on the ten calibrations of the
current build (run81's four, run82's last three, run83, run84, run85):

- within: each calibration's CSV resampled B times, trials drawn with replacement per cell and
  refitted with `umodel fit`; a term's bootstrap SD at 64 MiB, relative to its value. A trial
  index is drawn once per (group, size, trial count), so cells timed in one trial stay paired
  (the fit pairs them: e.g. the random reads beside the in-place pass over the link);
- between: the SD of the ten calibrations' own values of the term, relative to their median;
- what doubling the trials would leave: sqrt(between^2 - w^2 / 2), the process's part kept and
  the trials' part halved (variances add). w is the within figure raised by sqrt(3/2): a
  bootstrap over n trials understates the spread by about sqrt((n - 1) / n), and 3 is the
  fewest trials a task cell has, so the gain shown is an upper bound.

python3 calibration/h200/run91/trials.py [UMODEL] [B] from the repository root; output trials.txt
beside this file. Seeded, so a rerun prints the same figures.
"""
import csv, io, json, math, os, random, statistics as st, subprocess, sys, tempfile

U = sys.argv[1] if len(sys.argv) > 1 else "target/release/umodel"
B = int(sys.argv[2]) if len(sys.argv) > 2 else 40
HERE = os.path.dirname(os.path.abspath(__file__))
H = "calibration/h200"
M = "models/nvidia-h200-0931b6b9ea7c.minimal.csv"
CALS = ([f"{H}/run81/data-{i}/{M}" for i in (1, 2, 3, 4)]
        + [f"{H}/run82/data-81-{i}/{M}" for i in (1, 2, 3)]
        + [f"{H}/run{r}/data/{M}" for r in (83, 84, 85)])
AT = 64 / 1024  # GiB: the size the workloads' terms are compared at elsewhere (64 MiB)


def terms(model_path):
    """{term: value at 64 MiB in ms (or the exposed share for faults_under_compute)}"""
    t = json.load(open(model_path))["task_terms"]
    out = {}
    for k, v in t.items():
        if isinstance(v, dict) and "ms_per_gib" in v:
            val = v["lat_ms"] + v["ms_per_gib"] * AT
            if val > 0:
                out[k] = val
        elif k == "faults_under_compute" and isinstance(v, dict):
            out[k] = v["share"]
    # With a run's probe, fault_in is replaced by the probe's figure and fault_in_scalar scaled
    # with it (TaskTerms::with_probe): what the calibration still decides is their ratio.
    if out.get("fault_in") and out.get("fault_in_scalar"):
        out["fault_in_scalar/fault_in"] = out["fault_in_scalar"] / out["fault_in"]
    return out


def fit(csv_text, facts):
    with tempfile.TemporaryDirectory() as d:
        c, m = os.path.join(d, "m.csv"), os.path.join(d, "m.json")
        open(c, "w").write(csv_text)
        args = [U, "fit", c, "-o", m] + (["--facts", facts] if os.path.exists(facts) else [])
        subprocess.run(args, check=True, capture_output=True)
        return terms(m)


def resample(path, rng):
    lines = open(path).read().splitlines()
    head = [l for l in lines if l.startswith("#")]
    body = [l for l in lines if not l.startswith("#")]
    rows = list(csv.DictReader(body))
    cells = {}
    for r in rows:
        key = (r["group"], r["policy"], r["case"], r["pattern"], r["bytes"], r["reuse"])
        cells.setdefault(key, {})[int(r["trial"])] = r
    draws = {}  # (group, bytes, n) -> trial drawn for each trial index
    out = []
    for key, by_trial in cells.items():
        idx = sorted(by_trial)
        dk = (key[0], key[4], len(idx))
        if dk not in draws:
            draws[dk] = [rng.randrange(len(idx)) for _ in idx]
        for t, pick in zip(idx, draws[dk]):
            r = dict(by_trial[idx[pick]])
            r["trial"] = str(t)
            out.append(r)
    s = io.StringIO()
    w = csv.DictWriter(s, fieldnames=list(rows[0].keys()), lineterminator="\n")
    w.writeheader()
    w.writerows(out)
    return "\n".join(head + [s.getvalue()])


def main():
    rng = random.Random(91)
    point, boot = [], []
    for path in CALS:
        facts = path[:-4] + ".facts.json"
        point.append(fit(open(path).read(), facts))
        boot.append([fit(resample(path, rng), facts) for _ in range(B)])
    # a term a calibration lacks (faults_under_compute when its check refused the cell) is
    # compared over the calibrations that have it
    names = sorted(n for n in set().union(*point) if sum(n in p for p in point) >= len(CALS) - 2)
    lines = [f"# {len(CALS)} calibrations of the current build, {B} bootstrap refits each; "
             "terms at 64 MiB (ms; faults_under_compute: share exposed)",
             "# within: median over calibrations of the bootstrap SD / the calibration's value; "
             "between: SD of the calibrations' values / their median; doubled: what doubling "
             "every cell's trials would leave of between",
             f"{'term':<24}{'n':>3}{'median':>9}{'range':>20}{'within %':>10}{'between %':>11}{'doubled %':>11}"]
    summary = []
    for n in names:
        vals = [p[n] for p in point if n in p]
        med = st.median(vals)
        within = st.median(st.pstdev([b[n] for b in bs if n in b]) / p[n]
                           for p, bs in zip(point, boot) if p.get(n)) * 100
        between = st.stdev(vals) / med * 100
        doubled = math.sqrt(max(between ** 2 - 1.5 * within ** 2 / 2, 0))
        summary.append((n, within, between, doubled))
        lines.append(f"{n:<24}{len(vals):>3}{med:>9.3f}{min(vals):>10.3f}-{max(vals):<9.3f}{within:>10.1f}"
                     f"{between:>11.1f}{doubled:>11.1f}")
    gain = [b - d for _, _, b, d in summary]
    lines.append(f"# doubling the trials would lower a term's between-calibration SD by "
                 f"{min(gain):.1f}-{max(gain):.1f} points (median {st.median(gain):.1f}); "
                 f"terms whose within exceeds half their between: "
                 + (", ".join(n for n, w, b, _ in summary if w > b / 2) or "none"))
    text = "\n".join(lines) + "\n"
    open(os.path.join(HERE, "trials.txt"), "w").write(text)
    print(text, end="")


if __name__ == "__main__":
    main()
