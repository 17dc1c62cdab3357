#!/usr/bin/env python3
"""run193's reading, written 2026-12-05 before the call (run193.sh): the workload target at 15
trials a cell on a fresh VM, on the current build, each workload on the calibrations made in the
same call (`model-minimal-N.json` of `run193a/` for seed 001, its overlapped variant, the partial
update and the producer/consumer; of `run193b/` for the compute-bound task), paired with both
passes beside each row, with the run's probe and from the calibration's terms alone; and, on the
same rows, what their first four trials alone would have said (the three latest VMs measured four).

What it answers (no rule to adopt anything; recorded in NOTES, "The measurement's own resolution"):
  Q1. the target on this VM at 15 trials: (workload, calibration) pairs met, cells beyond 5 %,
      resolved. On run96-run137 at 15 trials: 79 of 126 pairs met, 54 of 736 cells beyond 5 %,
      12 of them resolved (offline45/resolved.txt).
  Q2. four trials against fifteen on the same rows. On run96-run137 the first four put 99 of 736
      cells beyond 5 % against all fifteen's 54 (offline45/resolved.txt); the three latest VMs
      put 24 of 80 there at four. About 13 % of cells beyond 5 % at four trials and 7 % at fifteen
      here would say this VM is as the earlier ones were; about 30 % at four, as the latest were.

  Q3. Rule M2, written 2026-12-05 after rule M failed (offline45/mapped_advice.txt) and before
      M2's effect on any task was computed: the prefetches under advice + prefetch of buffers
      advised preferred-location host + accessed-by device priced at a fixed ratio, the median
      over every committed minimal calibration from run96 to run191 of that calibration's ratio as
      rule M takes it (its advised prefetching handoff's stages over the plain one's, the median
      over sizes; to the device and back), instead of each calibration's own, whose noise (four
      trials a stage) sank rule M. Judged on run193's cells only, each calibration's model as
      calibrate wrote it, without and with that ratio inserted, priced by the build of branch
      `mapped-advice` (UMODEL_M; without the ratio it prices as main), with the run's probe,
      paired. Adopted (fits carry the pooled ratio) when all hold: (a) the managed-advise-prefetch
      cells' median |paired error| falls; (b) cells beyond 5 % do not rise; (c) no other cell
      moves; (d) the managed-advise-prefetch cells' median signed error comes nearer 0.

    python3 calibration/h200/run193/readings.py UMODEL [UMODEL_M]        (in readings.txt)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline45"))
import resolved as r  # noqa: E402  (reads UMODEL from argv)

PARTS = [p for p in ("run193a", "run193b") if os.path.isdir(os.path.join(HERE, p))]
RUNS = [os.path.join("run193", p) for p in PARTS]


for probe, way in ((True, "with the run's probe"), (False, "from the calibration's terms alone")):
    r.summary(f"run193, 15 trials (9 for the compute-bound task), {way}", r.own(RUNS, probe))
    h, r.H = r.H, None
    cut = []
    for part in PARTS:
        r.H = r.cut_folder(HERE, [part], 4)
        cut += r.own([part], probe)
    r.H = h
    r.summary(f"run193, the first 4 trials of the same rows, {way}", cut)


def pooled_ratio():
    """Rule M2's ratios: each committed minimal calibration's (run96-run191) as rule M takes it,
    the median over calibrations."""
    import csv, glob, re, statistics as st
    per = {"stage:move_in": [], "stage:move_out": []}
    for f in glob.glob(os.path.join(r.H, "run*", "data*", "models", "*.minimal*.csv")):
        if not 96 <= int(re.search(r"run(\d+)", f).group(1)) <= 191:
            continue
        d = {}
        for x in csv.DictReader(open(f)):
            if x["group"] == "handoff" and x["case"] in per and x["check"] == "ok":
                d.setdefault((x["policy"], x["case"], x["bytes"]), []).append(float(x["time_ms"]))
        for case, out in per.items():
            ratios = [st.median(d[("managed-advise-prefetch", case, b)]) / st.median(d[("managed-prefetch", case, b)])
                      for (p, c, b) in d if p == "managed-advise-prefetch" and c == case
                      and ("managed-prefetch", case, b) in d]
            if ratios:
                out.append(st.median(ratios))
    return {"to_device": st.median(per["stage:move_in"]), "to_host": st.median(per["stage:move_out"])}


def rule_m2(um_m):
    import glob, json, statistics as st
    ratio = pooled_ratio()
    before, after = {}, {}
    for part in PARTS:
        for model in sorted(glob.glob(os.path.join(HERE, part, "model-minimal-*.json"))):
            m = json.load(open(model))
            m["task_terms"].pop("mapped_advice_moves", None)
            without = os.path.join(r.TMP, f"{part}-{os.path.basename(model)}")
            json.dump(m, open(without, "w"))
            m["task_terms"]["mapped_advice_moves"] = ratio
            with_ = without[:-5] + "-m2.json"
            json.dump(m, open(with_, "w"))
            for group, tasks in r.TASKS.items():
                table = os.path.join(HERE, part, f"{group}.csv")
                if not os.path.exists(table):
                    continue
                for task in tasks:
                    for dest, mp in ((before, without), (after, with_)):
                        r.UM, saved = um_m, r.UM
                        for c in r.cells(mp, task, table, True):
                            dest[(part, os.path.basename(model), task, c[0], c[4])] = c[1]
                        r.UM = saved
    keys = sorted(before)
    adv = [k for k in keys if k[3] == "managed-advise-prefetch"]
    med_abs = lambda d: st.median(abs(d[k]) for k in adv)
    med = lambda d: st.median(d[k] for k in adv)
    beyond = lambda d: sum(abs(d[k]) > 5 for k in keys)
    moved = [k for k in keys if k[3] != "managed-advise-prefetch" and before[k] != after[k]]
    checks = {"a": med_abs(after) < med_abs(before), "b": beyond(after) <= beyond(before),
              "c": not moved, "d": abs(med(after)) < abs(med(before))}
    r.say(f"Rule M2 (ratio to the device {ratio['to_device']:.4f}, to the host {ratio['to_host']:.4f}), "
          f"{len(keys)} cells:")
    r.say(f"  (a) median |paired error| {med_abs(before):.2f} -> {med_abs(after):.2f} %; (b) beyond 5 % "
          f"{beyond(before)} -> {beyond(after)}; (c) other cells moved {len(moved)}; (d) median signed "
          f"{med(before):+.2f} -> {med(after):+.2f} %")
    r.say(f"  " + ", ".join(f"({k}) {'held' if v else 'not held'}" for k, v in checks.items())
          + f": rule M2 {'adopted' if all(checks.values()) else 'not adopted'}")


if len(sys.argv) > 2:
    rule_m2(sys.argv[2])
else:
    r.say("Rule M2: not judged (give the build of branch mapped-advice as the second argument)")
text = "\n".join(r.lines)
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
