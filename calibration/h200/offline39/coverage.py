#!/usr/bin/env python3
"""The 90 % intervals of the independent programs' committed many-thread cells (run161-run175,
the runs the spread by threads was chosen on; each run's two calibrations, thread counts given):
cells inside, by program and policy, given the plain phases (A) or explicit copy's host phases
inside its trials (E; explicit copy itself left out).
    python3 calibration/h200/offline39/coverage.py UMODEL        (in coverage-BUILD.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile
ROOT=os.path.join(os.path.dirname(os.path.abspath(__file__)),"..","..",".."); UM=sys.argv[1]
RUNS=["run161","run162","run163","run165","run166","run167","run168","run173","run174","run175"]
R={"kmeans":5,"relax":4}
def med(v):
    v=sorted(v); return (v[(len(v)-1)//2]+v[len(v)//2])/2 if v else float("nan")
tmp=tempfile.mkdtemp(); cov={}
for prog in ("kmeans","relax"):
  base=json.load(open(f"{ROOT}/tasks/{prog}.json"))
  for run in RUNS:
    models=sorted(glob.glob(f"{ROOT}/calibration/h200/{run}/model-minimal-*.json"))
    for path in sorted(glob.glob(f"{ROOT}/calibration/h200/{run}/{prog}-*-t*.csv")):
        if "steps" in path: continue
        bytes_,threads=map(int,re.match(rf"{prog}-(\d+)-t(\d+)\.csv",os.path.basename(path)).groups())
        rows=[r for r in csv.DictReader(open(path)) if r["check"]=="ok"]
        pol={}
        for r in rows: pol.setdefault(r["policy"],[]).append(r)
        gpu=med([float(r["gpu_ms"]) for r in pol["plain"]]); ec=pol["explicit-copy"]; fc=prog=="relax"
        for mode in ("A","E"):
            if mode=="A":
                cpu=med([float(r["cpu_ms"]) for r in pol["plain"]]); fin=med([float(r["cpu_final_ms"]) for r in pol["plain"]]) if fc else None
            elif fc:
                fin=med([float(r["cpu_final_ms"]) for r in ec]); cpu=med([(float(r["cpu_ms"])-float(r["cpu_final_ms"]))/4 for r in ec])
            else: fin=None; cpu=med([float(r["cpu_ms"])/5 for r in ec])
            task=dict(base,buffers=[dict(b,bytes=bytes_) for b in base["buffers"]],cpu_threads=threads)
            if fc: task["cpu_final_threads"]=threads
            tf=f"{tmp}/t.json"; json.dump(task,open(tf,"w"))
            for m in models:
                cmd=[UM,"predict","-m",m,"--task",tf,"--cpu-ms",str(cpu),"--gpu-ms",str(gpu),"--json"]
                if fin is not None: cmd+=["--cpu-final-ms",str(fin)]
                out=json.loads(subprocess.run(cmd,capture_output=True,text=True).stdout)
                for q in out:
                    p=q["policy"]
                    if mode=="E" and p=="explicit-copy": continue
                    meas=med([float(r["total_ms"]) for r in pol[p]])
                    lo,hi=q["interval_ms"]
                    cov.setdefault((mode,prog,p),[]).append(lo<=meas<=hi)
for k in sorted(cov):
    v=cov[k]; print(k, f"{sum(v)}/{len(v)}")
tot={}
for (mode,prog,p),v in cov.items():
    a=tot.setdefault(mode,[0,0]); a[0]+=sum(v); a[1]+=len(v)
print(tot)
