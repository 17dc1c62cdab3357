#!/usr/bin/env python3
"""run194's reading: umodel's workloads at 15 trials a cell on an H100 VM (9 for the compute-bound
task), run by run193's plan (calibration/h200/run193/run193.sh a and b) when the device service
gave an H100 for a call that named an H200. Written after the data came back, so it judges
nothing: it describes, as offline45/resolved.py does for the H200's runs, each workload on the
calibrations made in the same call (`run193a/model-minimal-1.json` and `-2` for seed 001, its
overlapped variant, the partial update and the producer/consumer; `run193b/model-minimal-1.json`
for the compute-bound task) and on the embedded `h100` model (made from run110-run113's VMs, so
held out here), paired with both passes beside each row, with the run's probe and from the terms
alone; and what the same rows' first four trials alone say.

readings.txt was written by a build embedding the `h100` model until rule N (offline46). A build
since embeds rule N's model, which run194's calibrations are part of: its embedded rows then price
that model, in sample.

    python3 calibration/h100/run194/readings.py UMODEL        (in readings.txt)
"""
import os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "h200", "offline45"))
import resolved as r  # noqa: E402  (reads UMODEL from argv)

PARTS = ("run193a", "run193b")


def embedded(probe):
    """The cells priced by the embedded `h100` model."""
    return r.on_model("h100", "h100", HERE, PARTS, probe)


r.H = HERE
for probe, way in ((True, "with the run's probe"), (False, "from the terms alone")):
    r.summary(f"H100 run194, each workload on its own call's calibrations, {way}", r.own(PARTS, probe))
    r.summary(f"H100 run194, on the embedded h100 model, {way}", embedded(probe))
r.H = r.cut_folder(HERE, PARTS, 4)
r.summary("H100 run194, the first 4 trials of the same rows, own calibrations, with the run's probe",
          r.own(PARTS, True))
text = "\n".join(r.lines)
open(os.path.join(HERE, "readings.txt"), "w").write(text)
print(text, end="")
