#!/usr/bin/env python3
"""Does the suite's own workload code run its host phases inside the trials as fast as in its
plain timings? relax.cu's did not (its sum, inlined into the trial, compiled to a slower loop;
NOTES.md, "An independent workload"), and in the suite the same functions are inlined at both
call sites too. Per run with step times (run100 on) and task: the explicit-copy row's CPU phases
and final access inside the trials (`steps-*.csv`, `cpu` and `cpu_final`, medians over trials
and rounds) against the same plain passes timed right after each explicit-copy row
(`plain_cpu_beside`, `plain_final_beside`, medians). Then, per task and phase, the ratios'
range over the runs. It judges nothing, it tabulates.
    python3 calibration/h200/run157/suite_phases.py        (in suite_phases.txt)"""
import collections, csv, glob, os, statistics as st

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    ratios = collections.defaultdict(list)
    for steps in sorted(glob.glob(os.path.join(HERE, "..", "run*", "steps-*.csv"))):
        d = os.path.dirname(steps)
        tasks = os.path.join(d, "tasks-" + os.path.basename(steps)[len("steps-"):])
        if not os.path.exists(tasks):
            continue
        inside = collections.defaultdict(list)
        for r in csv.DictReader(open(steps)):
            if r.get("policy") == "explicit-copy" and r.get("step") in ("cpu", "cpu_final"):
                inside[(r["task"], r["step"])].append(float(r["ms"]))
        beside = collections.defaultdict(list)
        for r in csv.DictReader(open(tasks)):
            if r["policy"] == "explicit-copy" and r["check"] == "ok" and ":" in r["case"]:
                task, part = r["case"].rsplit(":", 1)
                if part in ("plain_cpu_beside", "plain_final_beside"):
                    beside[(task, "cpu" if part == "plain_cpu_beside" else "cpu_final")].append(float(r["time_ms"]))
        for k, v in sorted(inside.items()):
            if beside.get(k):
                ratio = st.median(v) / st.median(beside[k])
                ratios[k].append((os.path.basename(d), ratio))
                print(f"{os.path.basename(d):<8} {k[0]:<22} {k[1]:<9} inside {st.median(v):9.3f} ms  beside {st.median(beside[k]):9.3f} ms  ratio {ratio:.3f}")
    print("\nper task and phase, over the runs: the ratio inside / beside")
    for k, v in sorted(ratios.items()):
        r = [x[1] for x in v]
        print(f"{k[0]:<22} {k[1]:<9} median {st.median(r):.3f}  range {min(r):.3f}-{max(r):.3f}  of {len(r)} runs")


if __name__ == "__main__":
    main()
