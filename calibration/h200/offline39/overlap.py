#!/usr/bin/env python3
"""What a longer-of rule for faults beside a link pass in the same kernel would do to the
managed-advise rows of both programs (run167-run177, explicit copy's in-loop host phases): the
first round's faults and link pass recombined as the longer of the faults and the link pass
with the faulted buffer's bytes at the mapped read rate. Not adopted (NOTES.md, "The GPU side,
round by round").
    python3 calibration/h200/offline39/overlap.py UMODEL        (in overlap.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile
ROOT=os.path.join(os.path.dirname(os.path.abspath(__file__)),"..","..",".."); UM=sys.argv[1]
RUNS=["run167","run168","run173","run174","run175","run176","run177"]
R={"kmeans":5,"relax":4}
def med(v):
    v=sorted(v); return (v[(len(v)-1)//2]+v[len(v)//2])/2 if v else float("nan")
tmp=tempfile.mkdtemp(); res={}
for prog in ("kmeans","relax"):
  base=json.load(open(f"{ROOT}/tasks/{prog}.json"))
  for run in RUNS:
    for path in sorted(p for p in glob.glob(f"{ROOT}/calibration/h200/{run}/{prog}-*-t*.csv") if "steps" not in p):
        bytes_,threads=map(int,re.match(rf"{prog}-(\d+)-t(\d+)\.csv",os.path.basename(path)).groups())
        rows=[r for r in csv.DictReader(open(path)) if r["check"]=="ok"]
        pol={}
        for r in rows: pol.setdefault(r["policy"],[]).append(r)
        gpu=med([float(r["gpu_ms"]) for r in pol["plain"]]); ec=pol["explicit-copy"]; fc=prog=="relax"
        if fc: fin=med([float(r["cpu_final_ms"]) for r in ec]); cpu=med([(float(r["cpu_ms"])-float(r["cpu_final_ms"]))/4 for r in ec])
        else: fin=None; cpu=med([float(r["cpu_ms"])/5 for r in ec])
        task=dict(base,buffers=[dict(b,bytes=bytes_) for b in base["buffers"]],cpu_threads=threads)
        if fc: task["cpu_final_threads"]=threads
        tf=f"{tmp}/t.json"; json.dump(task,open(tf,"w"))
        for m in sorted(glob.glob(f"{ROOT}/calibration/h200/{run}/model-minimal-*.json")):
            pr=json.load(open(m))["task_terms"]["managed_map_read"]["ms_per_gib"]
            cmd=[UM,"predict","-m",m,"--task",tf,"--cpu-ms",str(cpu),"--gpu-ms",str(gpu),"--json","--explain","--policy","managed-advise"]
            if fin is not None: cmd+=["--cpu-final-ms",str(fin)]
            q=json.loads(subprocess.run(cmd,capture_output=True,text=True).stdout)
            q=q[0] if isinstance(q,list) else q
            F=sum(e["ms"] for e in q["explain"] if e["kind"]=="gpu_faults" and e["round"]==1)
            L=sum(e["ms"] for e in q["explain"] if e["kind"] in ("gpu","link") and e["round"]==1)
            moved=bytes_/2**30  # the faulting buffer's bytes (b for relax; points for kmeans)
            new=q["time_ms"]-(F+L)+max(F, L+moved*pr) if F>0 and L>0 else q["time_ms"]
            meas=med([float(r["total_ms"]) for r in pol["managed-advise"]])
            res.setdefault(prog,[]).append((100*(q["time_ms"]-meas)/meas,100*(new-meas)/meas))
for p,v in res.items():
    print(p,len(v),"signed median %.2f -> %.2f; |e| median %.2f -> %.2f; beyond5 %d -> %d"%(med([a for a,b in v]),med([b for a,b in v]),med([abs(a) for a,b in v]),med([abs(b) for a,b in v]),sum(abs(a)>5 for a,b in v),sum(abs(b)>5 for a,b in v)))
