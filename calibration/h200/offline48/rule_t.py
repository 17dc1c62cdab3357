#!/usr/bin/env python3
"""Rule T (committed as "rule R" in 2f6ba0b, renamed: run192 has a rule R of its own),
written and committed before any model it names priced a task (2026-12-05): make the
embedded `h200` model's task terms from the thirty calibrations it has now (run167-run187) and the
thirteen made since on six fresh VMs (run188, run190, run191, run193, run197, run199), all of the
current measurement plan, refitted by the current build.

Why: on the H100, rule P took the embedded model's terms from every current-plan calibration
rather than a few VMs' and priced three fresh VMs better than before (calibration/h100/run200-
run202). The `h200` model's thirty come from fourteen VMs measured on 2026-12-04 and -05 before
run188; the six fresh VMs since are eligible by the same plan and build (offline42/walls.py).

Recipe T over a set S: offline41/make_embedded.sh as it was (the handoff, the pool, the thirty;
`THIRTY_ONLY=1` since the adoption), with S's calibrations added to the thirty (`EXTRA_TERMS`),
each task term from the calibration at the median at 64 MiB (the lower middle of an even count)
and their run-to-run shifts from the same set.

Judged held out, each fresh VM priced by T over the other five VMs' calibrations, against the
shipped model (the thirty's, which none of the six made; kept as h200-until-2026-12-05.json), as
a user with no calibration is priced: the programs written without umodel's code given the
medians of their plain phases and thread counts (offline40/common.py `programs_in`), umodel's
workloads `validate --task --final-beside --cpu-beside`, paired, no probe; every cell of each VM
(run193 has no programs):

  T1. over the six VMs together, T puts no more cells beyond 5 % than the shipped model;
  T2. on no more than two of the six VMs T puts more cells beyond 5 % than the shipped model.

Adopted if T1 and T2 hold (make_embedded.sh over the forty-three). Beside it, judging nothing:
the workloads with the run's probe, and the median signed error per policy.

    python3 calibration/h200/offline48/rule_t.py UMODEL        (in rule_t.txt)
"""
import glob, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "calibration", "h100", "offline46"))
import rule_n as n  # noqa: E402  (reads UMODEL from argv; the pricing rules N and P were judged by)

H = os.path.join(ROOT, "calibration", "h200")
M = "nvidia-h200-0931b6b9ea7c.minimal.csv"
SHIPPED = os.path.join(HERE, "h200-until-2026-12-05.json")
FRESH = {"run188": ["run188"], "run190": ["run190"], "run191": ["run191"],
         "run193": ["run193/run193a", "run193/run193b"], "run197": ["run197/run197a", "run197/run197b"],
         "run199": ["run199/run199a", "run199/run199b"]}


def calibrations(vm):
    return sorted(c for part in FRESH[vm] for c in glob.glob(os.path.join(H, part, "data-*", "models", M)))


def recipe(vms, out):
    extra = " ".join(os.path.relpath(c, ROOT) for vm in vms for c in calibrations(vm))
    subprocess.run(["bash", os.path.join(H, "offline41", "make_embedded.sh"), n.UM, out], check=True,
                   capture_output=True, env=dict(os.environ, THIRTY_ONLY="1", EXTRA_TERMS=extra))
    return out


def cells(model, vm, probe=False):
    """The VM's program cells (none with the probe: it prices umodel's workloads only) and its
    workload cells, each (configuration or task, policy, error %)."""
    out = []
    for part in FRESH[vm]:
        d = os.path.join(H, part)
        out += ([] if probe else n.programs(model, d)) + n.workloads(model, n.tables(d), probe)
    return out


lines, worse, tot = [], 0, [0, 0]
allr, alls = [], []
for vm in FRESH:
    assert calibrations(vm), vm
    r = recipe([v for v in FRESH if v != vm], os.path.join(n.TMP, f"r-without-{vm}.json"))
    s_c, r_c = cells(SHIPPED, vm), cells(r, vm)
    s_p, r_p = cells(SHIPPED, vm, True), cells(r, vm, True)
    allr += r_c
    alls += s_c
    bs, br = n.count(s_c)[0], n.count(r_c)[0]
    tot[0] += bs; tot[1] += br; worse += br > bs
    lines += [f"{vm} ({len(calibrations(vm))} calibrations), from the terms alone:",
              n.line("the shipped model (the thirty)", s_c), n.line("T without this VM", r_c)]
    lines += n.by_policy(s_c, r_c)
    lines += ["  beside it, the workloads with the run's probe:",
              n.line("the shipped model", s_p), n.line("T without this VM", r_p), ""]
lines += [f"over the six VMs, from the terms alone: the shipped model {tot[0]} of {len(alls)} beyond 5 %, "
          f"T {tot[1]} (median |error| {n.count(alls)[1]:.2f} -> {n.count(allr)[1]:.2f} %)"]
lines += n.by_policy(alls, allr)
lines.append(f"T1 {'holds' if tot[1] <= tot[0] else 'fails'} ({tot[1]} against {tot[0]}); "
             f"T2 {'holds' if worse <= 2 else 'fails'} (T worse on {worse} of 6 VMs)")
lines.append("Rule T " + ("holds: adopted" if tot[1] <= tot[0] and worse <= 2 else "fails: not adopted"))
text = "\n".join(lines) + "\n"
open(os.path.join(HERE, "rule_t.txt"), "w").write(text)
print(text, end="")
