"""The runs of run216's H200 VM (session 61, plan.md), in the order they ran, each as a folder
under calibration/h200; read by vm.py, across.py and handoff.py."""
RUNS = ["run216/run216c", "run216/run216z", "run216/run216b", "run216/run216y", "run216/run216a",
        "run322/run322c", "run323/run323", "run324/run324a"]
