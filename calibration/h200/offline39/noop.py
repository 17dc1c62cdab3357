#!/usr/bin/env python3
"""What pricing the relaxation's prefetches of `b` after the first (no-ops right after `x` moved)
at the settled no-op (`prefetch_noop`) instead of `prefetch_noop_after_move` would do to its two
prefetching rows, given explicit copy's in-loop host phases, over run165-run175: the prediction's
explained items of `b`'s later prefetches replaced by the settled price. Not adopted (NOTES.md,
"The GPU side, round by round").
    python3 calibration/h200/offline39/noop.py UMODEL        (in noop.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile
ROOT=os.path.join(os.path.dirname(os.path.abspath(__file__)),"..","..",".."); UM=sys.argv[1]
RUNS=["run165","run166","run167","run168","run173","run174","run175"]
def med(v):
    v=sorted(v); return (v[(len(v)-1)//2]+v[len(v)//2])/2 if v else float("nan")
tmp=tempfile.mkdtemp()
base=json.load(open(f"{ROOT}/tasks/relax.json"))
res={}
for run in RUNS:
    models=sorted(glob.glob(f"{ROOT}/calibration/h200/{run}/model-minimal-*.json"))
    for path in sorted(glob.glob(f"{ROOT}/calibration/h200/{run}/relax-*-t*.csv")):
        if "steps" in path: continue
        bytes_,threads=map(int,re.match(r"relax-(\d+)-t(\d+)\.csv",os.path.basename(path)).groups())
        if threads<2: continue
        rows=[r for r in csv.DictReader(open(path)) if r["check"]=="ok"]
        pol={}
        for r in rows: pol.setdefault(r["policy"],[]).append(r)
        gpu=med([float(r["gpu_ms"]) for r in pol["plain"]]); ec=pol["explicit-copy"]
        ef=med([float(r["cpu_final_ms"]) for r in ec]); ecpu=med([(float(r["cpu_ms"])-float(r["cpu_final_ms"]))/4 for r in ec])
        task=dict(base,buffers=[dict(b,bytes=bytes_) for b in base["buffers"]],cpu_threads=threads,cpu_final_threads=threads)
        tf=f"{tmp}/t.json"; json.dump(task,open(tf,"w"))
        for m in models:
            tt=json.load(open(m))["task_terms"]["prefetch_noop"]
            noop=tt["lat_ms"]+tt["ms_per_gib"]*bytes_/2**30
            p=subprocess.run([UM,"predict","-m",m,"--task",tf,"--cpu-ms",str(ecpu),"--gpu-ms",str(gpu),"--cpu-final-ms",str(ef),"--json","--explain"],capture_output=True,text=True)
            for q in json.loads(p.stdout):
                if "prefetch" not in q["policy"]: continue
                meas=med([float(r["total_ms"]) for r in pol[q["policy"]]])
                old=q["time_ms"]
                bn=[e["ms"] for e in q["explain"] if e["kind"]=="prefetch" and e.get("buffer")=="b" and e["round"] and e["round"]>1]
                new=old-sum(bn)+len(bn)*noop
                res.setdefault(q["policy"],[]).append((run,bytes_>>20,threads,100*(old-meas)/meas,100*(new-meas)/meas))
for p,v in res.items():
    a=[abs(x[3]) for x in v]; b=[abs(x[4]) for x in v]
    print(p,"n",len(v),"median|e| old %.2f new %.2f; signed old %.2f new %.2f; beyond5 old %d new %d"%(med(a),med(b),med([x[3] for x in v]),med([x[4] for x in v]),sum(x>5 for x in a),sum(x>5 for x in b)))
    if False:
        for x in v: print("   ",x[:3],"%.1f -> %.1f"%(x[3],x[4]))
