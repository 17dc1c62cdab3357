#!/usr/bin/env python3
"""The link's two directions against the composition before them, on every committed relaxation
run with a final sum column (run146-run176; the choice, not a held-out test): per mode (A: the
plain phases given; E: explicit copy's host phases inside its trials) and policy, the median
|error|, the median signed error and the cells beyond 5 %, each run's calibrations, thread counts
given. Only host-mapped moves.
    python3 calibration/h200/offline39/link.py BEFORE AFTER      (in link.txt)"""
import csv, glob, json, os, re, subprocess, sys, tempfile
HERE=os.path.dirname(os.path.abspath(__file__)); ROOT=os.path.join(HERE,"..","..",".."); B,A=sys.argv[1],sys.argv[2]
def med(v):
    v=sorted(v); return (v[(len(v)-1)//2]+v[len(v)//2])/2 if v else float("nan")
tmp=tempfile.mkdtemp()
base=json.load(open(f"{ROOT}/tasks/relax.json"))
res={}
for path in sorted(glob.glob(f"{ROOT}/calibration/h200/run1*/relax-*.csv")):
    if "steps" in path: continue
    m=re.match(r"relax-(\d+)(?:-t(\d+))?\.csv",os.path.basename(path))
    if not m: continue
    bytes_,threads=int(m.group(1)),int(m.group(2) or 1)
    run=path.split("/")[-2]
    if int(run[3:])>176: continue  # the choice's runs only
    rows=[r for r in csv.DictReader(open(path)) if r.get("check")=="ok"]
    pol={}
    for r in rows: pol.setdefault(r["policy"],[]).append(r)
    if "plain" not in pol or "host-mapped" not in pol or not all(r.get("cpu_final_ms") for r in pol["explicit-copy"]+pol["plain"]): continue
    gpu=med([float(r["gpu_ms"]) for r in pol["plain"]]); ec=pol["explicit-copy"]
    modes={"A":(med([float(r["cpu_ms"]) for r in pol["plain"]]),med([float(r["cpu_final_ms"]) for r in pol["plain"]])),
           "E":(med([(float(r["cpu_ms"])-float(r["cpu_final_ms"]))/4 for r in ec]),med([float(r["cpu_final_ms"]) for r in ec]))}
    task=dict(base,buffers=[dict(b,bytes=bytes_) for b in base["buffers"]])
    if threads>1: task.update(cpu_threads=threads,cpu_final_threads=threads)
    tf=f"{tmp}/t.json"; json.dump(task,open(tf,"w"))
    for mf in sorted(glob.glob(f"{ROOT}/calibration/h200/{run}/model-minimal-*.json")):
        for k,(c,f) in modes.items():
            out={}
            for tag,um in (("B",B),("A",A)):
                p=subprocess.run([um,"predict","-m",mf,"--task",tf,"--cpu-ms",str(c),"--gpu-ms",str(gpu),"--cpu-final-ms",str(f),"--json"],capture_output=True,text=True)
                if p.returncode: print(p.stderr); sys.exit(1)
                out[tag]={q["policy"]:q["time_ms"] for q in json.loads(p.stdout)}
            for pp in pol:
                if pp=="plain" or pp=="plain-woken": continue
                meas=med([float(r["total_ms"]) for r in pol[pp]])
                res.setdefault((k,pp),[]).append((run,bytes_>>20,threads,100*(out["B"][pp]-meas)/meas,100*(out["A"][pp]-meas)/meas))
for k in sorted(res):
    v=res[k]; b=[x[3] for x in v]; a=[x[4] for x in v]
    if max(abs(x-y) for x,y in zip(a,b))<1e-9: print(k,"unchanged",len(v)); continue
    print(k,"n",len(v),"median|e| %.2f -> %.2f; signed %.2f -> %.2f; beyond5 %d -> %d"%(med([abs(x) for x in b]),med([abs(x) for x in a]),med(b),med(a),sum(abs(x)>5 for x in b),sum(abs(x)>5 for x in a)))
