#!/usr/bin/env python3
"""A reading, judging nothing: the producer/consumer's GPU side under `managed`, round by round,
against each run's own first minimal calibration refitted by UMODEL (`fit --price-from-pool`).
Its managed row leans high on the fresh VMs' own calibrations (+12.9 % on run188, +15.9 % on
run190; `validate --parts`: the GPU side +17 to +42 %, offline43/shipped_under_g.txt). Every run
with `bench --step-times` files (`steps-N-prodcons.csv`, run100-run135; run138-run140's
buffers are not the task file's): per round, the median
over trials of the GPU step against what `predict --explain` gives that round (GPU passes, its
faults and sync), given the median of the run's plain GPU pass; likewise the CPU step (its phase
given as the median of the managed row's plain CPU phase timed beside, and its faults back).

    python3 calibration/h200/offline43/prodcons_rounds.py UMODEL        (in prodcons_rounds.txt)
"""
import csv, glob, json, os, re, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "offline40"))
import common  # noqa: E402  (reads UMODEL from argv)

UM, H, TMP, med, run = common.UM, common.H, common.TMP, common.med, common.run
TASK = os.path.join(common.ROOT, "tasks", "producer-consumer.json")
lines = []
say = lines.append
say("run    round  GPU measured / predicted ms (error %)    CPU measured / predicted ms (error %)")
errs = {"gpu1": [], "gpu2+": [], "cpu": []}
for steps in sorted(glob.glob(os.path.join(H, "run*", "steps-*-prodcons.csv")), key=lambda p: int(re.search(r"/run(\d+)/", p).group(1))):
    d = os.path.dirname(steps)
    r = os.path.basename(d)
    if int(r[3:]) < 100:
        continue
    cal = sorted(glob.glob(os.path.join(d, "data*", "models", "*.minimal.csv")))
    table = steps.replace("steps-", "tasks-")
    if not cal or not os.path.exists(table):
        continue
    rows = [x for x in csv.DictReader(open(table)) if x["check"] == "ok"]
    if any(x["bytes"] and int(x["bytes"]) < 67108864 for x in rows):
        continue  # the small tasks (run138-run140), not the task file's buffers
    gpu = med([float(x["time_ms"]) for x in rows if x["case"] == "producer-consumer:plain_gpu"])
    cpu = med([float(x["time_ms"]) for x in rows
               if x["case"] == "producer-consumer:plain_cpu_beside" and x["policy"] == "managed"])
    model = os.path.join(TMP, f"{r}.json")
    run([UM, "fit", cal[0], "-o", model, "--price-from-pool"])
    ex = json.loads(run([UM, "predict", "-m", model, "--task", TASK, "--policy", "managed", "--explain",
                         "--json", "--cpu-ms", f"{cpu}", "--gpu-ms", f"{gpu}"]))["explain"]
    st = [x for x in csv.DictReader(open(steps)) if x["policy"] == "managed"]
    for rnd in range(1, 5):
        mg = med([float(x["ms"]) for x in st if int(x["round"]) == rnd and x["step"] == "gpu"])
        mc = med([float(x["ms"]) for x in st if int(x["round"]) == rnd and x["step"] == "cpu"])
        pg = sum(x["ms"] for x in ex if x.get("round") == rnd and x["kind"] in ("gpu", "gpu_faults", "sync"))
        pc = sum(x["ms"] for x in ex if x.get("round") == rnd and x["kind"] in ("cpu", "cpu_faults"))
        eg, ec = 100 * (pg - mg) / mg, 100 * (pc - mc) / mc
        errs["gpu1" if rnd == 1 else "gpu2+"].append(eg)
        errs["cpu"].append(ec)
        say(f"{r:6} {rnd:5}  {mg:7.2f} / {pg:7.2f} ({eg:+6.1f})               {mc:7.2f} / {pc:7.2f} ({ec:+6.1f})")
say("")
for k, v in errs.items():
    s = sorted(v)
    say(f"{k:6}: {len(v)} rounds, signed error median {med(v):+.1f} %, quartiles {s[len(s) // 4]:+.1f} / {s[3 * len(s) // 4]:+.1f} %")
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "prodcons_rounds.txt"), "w").write(text)
print(text, end="")
