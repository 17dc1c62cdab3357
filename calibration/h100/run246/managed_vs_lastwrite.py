"""umodel's link probe against lastwrite.cu on the same VM: the probe's three passes over managed
pages kept on the host (`managed_map_read`, `_write`, `_read_write`: the mean over 8 rounds, after
the host's fill on every core and an untimed pass) beside lastwrite.cu's same passes (the median
of 10 trials after an untimed pass, and after the host's writes on every core; the mean and the
largest of its 40 in-place passes), on every VM that ran both (`run233`-`run240`, `run246`).

    python3 calibration/h100/run246/managed_vs_lastwrite.py > calibration/h100/run246/managed_vs_lastwrite.txt

A reading after the runs, judging nothing.
"""
import csv
import json
import statistics as st

RUNS = ["run233", "run234", "run235", "run236", "run237", "run238", "run239", "run240", "run246"]
print(f"{'run':<7} {'probe read':>10} {'write':>7} {'in place (± a round)':>21} | lastwrite medians after "
      f"the GPU's pass: {'read':>6} {'write':>6} {'in place':>8} | in place after every core's writes; "
      f"its 40 in place: mean, largest | probe in place / lastwrite's")
for r in RUNS:
    d = f"calibration/h100/{r}/{r}"
    with open(f"{d}/probe-1.json") as f:
        p = json.load(f)["link"]
    with open(f"{d}/lastwrite.csv") as f:
        rows = [x for x in csv.DictReader(f) if x["memory"] == "managed-host" and x["check"] == "ok"]

    def med(pass_, before):
        return st.median(float(x["ms"]) for x in rows if x["pass"] == pass_ and x["before"] == before)

    inplace = [float(x["ms"]) for x in rows if x["pass"] == "inplace"]
    mrw = p["managed_map_read_write"]
    print(f"{r:<7} {p['managed_map_read']['ms']:>10.3f} {p['managed_map_write']['ms']:>7.3f} "
          f"{mrw['ms']:>13.3f} (± {100 * mrw['rel_sd']:2.0f} %) | {'':>37}{med('read', 'gpu'):>6.3f} "
          f"{med('write', 'gpu'):>6.3f} {med('inplace', 'gpu'):>8.3f} | {med('inplace', 'host-write-all'):>6.3f}; "
          f"{st.mean(inplace):.3f}, {max(inplace):.3f} | {mrw['ms'] / med('inplace', 'gpu'):.2f}")
