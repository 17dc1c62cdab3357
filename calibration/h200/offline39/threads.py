#!/usr/bin/env python3
"""How far a host phase timed on its own (the plain rows) stands from the same phase inside the
explicit-copy trials, by the phase's host threads: every committed run of the k-means and the
relaxation with threads in its name, run142-run175 (the relaxation's phase and final sum apart):
the median ratio, the root mean square of its log (what `GIVEN_CPU_REL_SD_ON_THREADS` halves for
the interval scale) and its range.
    python3 calibration/h200/offline39/threads.py        (in threads.txt)"""
import csv, glob, os, re, math, sys
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..")
def med(v):
    v=sorted(v); return (v[(len(v)-1)//2]+v[len(v)//2])/2 if v else float("nan")
LO,HI=142,175  # every committed run of both programs with explicit copy and plain rows, to run175
out={}
for prog in ("kmeans","relax"):
  for path in sorted(set(glob.glob(f"{ROOT}/calibration/h200/run*/{prog}-*-t*.csv"))):
    if "steps" in path: continue
    m=re.search(rf"run(\d+)/{prog}-(\d+)-t(\d+)\.csv",path)
    run,b,t=int(m.group(1)),int(m.group(2)),int(m.group(3))
    if not LO<=run<=HI: continue
    rows=[r for r in csv.DictReader(open(path)) if r.get("check")=="ok"]
    pol={}
    for r in rows: pol.setdefault(r["policy"],[]).append(r)
    if prog=="relax":
        pc=med([float(r["cpu_ms"]) for r in pol["plain"]]); pf=med([float(r["cpu_final_ms"]) for r in pol["plain"]])
        ec=pol["explicit-copy"]; ef=med([float(r["cpu_final_ms"]) for r in ec]); e=med([(float(r["cpu_ms"])-float(r["cpu_final_ms"]))/4 for r in ec])
        rs=[e/pc,ef/pf]
    else:
        pc=med([float(r["cpu_ms"]) for r in pol["plain"]]); e=med([float(r["cpu_ms"])/5 for r in pol["explicit-copy"]])
        rs=[e/pc]
    for v in rs: out.setdefault(t,[]).append((prog,run,b>>20,round(v,3)))
for t in sorted(out):
    v=[x[3] for x in out[t]]
    rms=math.sqrt(sum(math.log(x)**2 for x in v)/len(v))
    print(t,"n",len(v),"median %.3f rmslog %.3f  sd=rms/2 %.3f"%(med(v),rms,rms/2), "min %.3f max %.3f"%(min(v),max(v)))
