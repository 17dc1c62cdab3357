#!/usr/bin/env python3
"""run225's second reading (written with the amendment, before the call; judging nothing): per
process in the order they ran, the wall and what the kernel counted (ru.py): user and system CPU
seconds over all threads, minor page faults, context switches.

    python3 calibration/h100/run225/ru_reading.py DIR        (> DIR/ru_reading.txt)
"""
import glob, json, os, re, sys

d = sys.argv[1]
rows = []
for f in glob.glob(os.path.join(d, "*.ru.json")):
    name = os.path.basename(f)[: -len(".ru.json")]
    err = open(os.path.join(d, name + ".err")).read()
    w = re.findall(r"wall_ms=(\d+)", err)
    # A bench process's facts lie beside its CSV, a calibration's in its data directory.
    facts = (glob.glob(os.path.join(d, name + ".facts.json"))
             or glob.glob(os.path.join(d, "data-" + name.split("-")[-1], "models", "*.minimal.facts.json")))
    t = json.load(open(facts[0]))["started_utc"] if facts else "?"
    rows.append((t, name, int(w[-1]) / 1000 if w else float("nan"), json.load(open(f))))
rows.sort()
out = ["process        started    wall s  user s  sys s  minor faults  major  vol cs  invol cs  max rss MiB"]
for t, name, wall, u in rows:
    out.append(f"{name:13s} {t[11:19]:>9} {wall:8.2f} {u['utime_s']:7.2f} {u['stime_s']:6.2f} {u['minflt']:13d} "
               f"{u['majflt']:6d} {u['nvcsw']:7d} {u['nivcsw']:9d} {u['maxrss_kb'] / 1024:12.0f}")
text = "\n".join(out) + "\n"
open(os.path.join(d, "ru_reading.txt"), "w").write(text)
print(text, end="")
