#!/usr/bin/env python3
"""Writes a program's timings as umodel's measurement CSV, so that `umodel validate --task`
judges them as it judges the suite's workloads:

    python3 contrib/independent/to_csv.py tasks/kmeans.json kmeans.csv > measured.csv
    umodel validate --task tasks/kmeans.json measured.csv

The program's CSV (as kmeans.cu and relax.cu write it): `policy,trial,bytes,...,total_ms,
cpu_ms,gpu_ms[,cpu_final_ms],check`, where `plain` rows hold the phases timed on ordinary
memory (`plain-woken` rows, relax.cu's with RELAX_WAKE=1, the same phases with their threads
woken first, are left out: umodel takes one timing of each phase) and the others each policy's
whole-task time. Rows of a task carry `case =
<task name>:<quantity>` (`total`, `plain_cpu`, `plain_gpu`, `plain_final`) in the `task` group
(the rows of a user's own program; the suite writes its own tasks' rows in its groups, `workload`
and the others, and never this one) and the task's footprint as `bytes`: each buffer at the size
the program ran, as the task file must describe it."""
import csv, json, sys

HEADER = "group,policy,case,pattern,bytes,useful_bytes,reuse,trial,time_ms,move_ms,check"


def main():
    if len(sys.argv) != 3:
        sys.exit(f"usage: {sys.argv[0]} TASK.json PROGRAM.csv > MEASURED.csv")
    task = json.load(open(sys.argv[1]))
    name, buffers = task["name"], len(task["buffers"])
    out = [HEADER]
    for r in csv.DictReader(open(sys.argv[2])):
        footprint = int(r["bytes"]) * buffers
        row = lambda policy, part, ms, reuse="": (
            f"task,{policy},{name}:{part},,{footprint},,{reuse},{r['trial']},{ms},,{r['check']}")
        if r["policy"] == "plain-woken":
            continue
        if r["policy"] == "plain":
            out.append(row("pageable", "plain_cpu", r["cpu_ms"]))
            out.append(row("device", "plain_gpu", r["gpu_ms"]))
            if r.get("cpu_final_ms"):
                out.append(row("pageable", "plain_final", r["cpu_final_ms"]))
        else:
            out.append(row(r["policy"], "total", r["total_ms"], task.get("reuse", 1)))
    print("\n".join(out))


if __name__ == "__main__":
    main()
