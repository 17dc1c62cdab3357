"""A reading on H200 runs already seen, judging nothing: whether rule R's idea (pages the CPU only
read back migrate at another price than pages the host wrote; calibration/h100/offline58) could
carry to the H200 as one fixed factor. On every H200 run with the producer/consumer and
calibrations beside it, its managed row from each calibration's terms (`validate --final-beside
--cpu-beside`, no probe) and the factor X on the later rounds' read-back migration
(`predict --explain --json`, rounds 2-4 of the output) that would make the prediction equal the
measured median: X = 1 + (measured - predicted) / read-back ms.
    python3 calibration/h200/offline59/read_back_x.py UMODEL   (in read_back_x.txt)
"""
import glob
import json
import os
import statistics as st
import subprocess
import sys

RUNS = ["run188", "run190", "run191", "run193/run193a", "run197/run197a", "run199/run199a",
        "run216/run216a", "run216/run216c", "run216/run216y", "run216/run216z", "run322/run322c",
        "run323/run323", "run324/run324a"]
TASK = "producer-consumer"


def run(*args):
    return json.loads(subprocess.run(args, capture_output=True, text=True, check=True).stdout)


def read_back_ms(U, model):
    """The managed row's GPU fault steps from round 2 on buffers the task's CPU never writes."""
    bufs = json.load(open(f"tasks/{TASK}.json"))["buffers"]
    writes = {b["name"] for b in bufs if b.get("cpu", "none") in ("write", "readwrite")}
    steps = run(U, "predict", "-m", model, "--task", f"tasks/{TASK}.json", "--policy", "managed",
                "--cpu-ms", "10", "--gpu-ms", "1", "--explain", "--json")["explain"]
    return sum(s["ms"] for s in steps
               if s["kind"] == "gpu_faults" and isinstance(s["round"], int) and s["round"] >= 2
               and not writes & set(s.get("buffers", [])))


def main(U):
    xs = []
    for d in [f"calibration/h200/{r}" for r in RUNS]:
        for mf in sorted(glob.glob(f"{d}/model-minimal-*.json")):
            v = run(U, "validate", "-m", mf, "--task", f"tasks/{TASK}.json", f"{d}/prodcons.csv",
                    "--final-beside", "--cpu-beside", "--json")
            p = next(p for p in v["points"] if p["policy"] == "managed")
            rb = read_back_ms(U, mf)
            x = 1 + (p["measured_ms"] - p["predicted_ms"]) / rb
            xs.append(x)
            err = 100 * (p["predicted_ms"] / p["measured_ms"] - 1)
            print(f"{d} {os.path.basename(mf)}: managed {err:+6.2f} %, read-back migration "
                  f"{rb:6.2f} of {p['predicted_ms']:.1f} ms; X {x:.2f}")
    print(f"{len(xs)} calibrations: X median {st.median(xs):.2f}, {min(xs):.2f}-{max(xs):.2f}")


if __name__ == "__main__":
    main(sys.argv[1])
