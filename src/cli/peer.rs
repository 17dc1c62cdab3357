//! Queries about data that live on another GPU (`--from-device`), and the peer part of `validate`.

use anyhow::{bail, Result};
use serde::Serialize;

use super::commands::load_for;
use super::render;
use crate::model::peer::{validate_peer, PeerError, PeerModel, PeerPrediction};
use crate::model::PlatformModel;
use crate::policy::Policy;
use crate::table::Table;
use crate::units::format_size;

/// The largest size the peer terms were fitted at (the default size of a peer query).
pub(super) fn default_bytes(p: &PeerModel, from: u32, to: u32) -> u64 {
    p.pair(from, to)
        .ok()
        .and_then(|pair| pair.steps.values().map(|c| c.sizes[1]).max())
        .unwrap_or(1 << 30)
}

fn peer_of(m: &PlatformModel) -> Result<&PeerModel> {
    m.peer
        .as_ref()
        .ok_or_else(|| crate::model::peer::PeerError::NoPeerTerms.into())
}

fn pair_of(from: u32, device: Option<usize>) -> Result<(u32, u32)> {
    let to = device.unwrap_or(0) as u32;
    if from == to {
        bail!("--from-device {from} is the device the work runs on (--device {to}): the data are local; ask without --from-device");
    }
    Ok((from, to))
}

fn line(p: &PeerPrediction) -> String {
    format!(
        "{:<18} {:>10.4}  {:.4}–{:.4}  (F {:.4} + R·{:.4})",
        p.policy.name(),
        p.time_ms,
        p.lo_ms,
        p.hi_ms,
        p.f_ms,
        p.g_ms
    )
}

#[derive(Serialize)]
pub(super) struct PeerAnswer<'a> {
    pub(super) from_device: u32,
    pub(super) device: u32,
    pub(super) bytes: u64,
    pub(super) reuse: f64,
    #[serde(flatten)]
    pub(super) prediction: &'a PeerPrediction,
}

#[derive(Serialize)]
struct PeerTaskChoice<'a> {
    task: &'a str,
    from_device: u32,
    device: u32,
    best: Option<Policy>,
    tie: bool,
    ranking: &'a [crate::model::peer::PeerTaskPrediction],
}

/// `--task FILE --from-device J`: the task's data live on GPU J; its CPU side is J's phase.
fn peer_task(
    a_task: &super::TaskArgs,
    cpu_ms: Option<f64>,
    reuse: Option<f64>,
    p: &PeerModel,
    (from, to): (u32, u32),
    policy: Option<Policy>,
    json: bool,
) -> Result<()> {
    use crate::model::peer::{choose_peer_task, predict_peer_task};
    let task = super::tasks::task_of(a_task, cpu_ms, reuse)?;
    let (ranking, tie) = match policy {
        Some(pol) => (vec![predict_peer_task(p, from, to, &task, pol)?], false),
        None => choose_peer_task(p, from, to, &task)?,
    };
    if json {
        return render::json(&PeerTaskChoice {
            task: &task.name,
            from_device: from,
            device: to,
            best: ranking.first().map(|x| x.policy),
            tie,
            ranking: &ranking,
        });
    }
    out!(
        "{}: data on GPU {from}, used on GPU {to}; {} rounds, R = {}; GPU {from}'s phase {} ms, GPU {to}'s pass {} ms",
        task.name,
        task.rounds,
        task.reuse,
        task.cpu_ms.map_or("?".into(), |v| format!("{v}")),
        task.gpu_ms.map_or("?".into(), |v| format!("{v}"))
    );
    out!(
        "  rank {:<18} {:>10}  {:>10} {:>10} {:>10}  90% interval (ms)",
        "policy",
        "time_ms",
        "moving",
        "phases",
        "handover"
    );
    for (i, r) in ranking.iter().enumerate() {
        out!(
            "  {:<4} {:<18} {:>10.4}  {:>10.4} {:>10.4} {:>10.4}  {:.4}–{:.4}",
            i + 1,
            r.policy.name(),
            r.time_ms,
            r.move_ms,
            r.phases_ms,
            r.handover_ms,
            r.lo_ms,
            r.hi_ms
        );
    }
    if let Some(b) = ranking.first() {
        if policy.is_none() {
            out!(
                "best: {}{}",
                b.policy,
                if tie {
                    " (a tie: inside the measured noise)"
                } else {
                    ""
                }
            );
        }
    }
    Ok(())
}

pub(super) fn predict(a: super::PredictArgs) -> Result<()> {
    let (from, to) = pair_of(a.dev.from_device.expect("dispatched on it"), a.dev.device)?;
    let (m, _) = load_for(&a.model, a.dev.device)?;
    let p = peer_of(&m)?;
    if a.task.task.is_some() {
        return peer_task(&a.task, a.cpu_ms, a.reuse, p, (from, to), a.policy, a.json);
    }
    let (Some(policy), Some(reuse)) = (a.policy, a.reuse) else {
        bail!("--policy and --reuse are needed");
    };
    let bytes = a.bytes.unwrap_or_else(|| default_bytes(p, from, to));
    let x = p.predict(from, to, policy, bytes as f64, reuse)?;
    if a.json {
        return render::json(&PeerAnswer {
            from_device: from,
            device: to,
            bytes,
            reuse,
            prediction: &x,
        });
    }
    out!(
        "{} on GPU {from}, used on GPU {to} with R = {reuse}: {}: {:.4} ms (90 % interval {:.4}–{:.4})",
        format_size(bytes),
        policy.name(),
        x.time_ms,
        x.lo_ms,
        x.hi_ms
    );
    out!(
        "  F = {:.4} ms (moving the data there and back, the home's read of the result, the handover), G = {:.4} ms per pass",
        x.f_ms,
        x.g_ms
    );
    Ok(())
}

#[derive(Serialize)]
pub(super) struct PeerChoice<'a> {
    pub(super) from_device: u32,
    pub(super) device: u32,
    pub(super) bytes: u64,
    pub(super) reuse: f64,
    pub(super) best: Policy,
    pub(super) tie: bool,
    pub(super) ranking: &'a [PeerPrediction],
}

pub(super) fn choose(a: super::ChooseArgs) -> Result<()> {
    let (from, to) = pair_of(a.dev.from_device.expect("dispatched on it"), a.dev.device)?;
    let (m, _) = load_for(&a.model, a.dev.device)?;
    let p = peer_of(&m)?;
    if a.task.task.is_some() {
        return peer_task(&a.task, a.cpu_ms, a.reuse, p, (from, to), None, a.json);
    }
    let reuse = a
        .reuse
        .ok_or_else(|| anyhow::anyhow!("--reuse is needed"))?;
    let bytes = a.bytes.unwrap_or_else(|| default_bytes(p, from, to));
    let (ranking, tie) = p.choose(from, to, bytes as f64, reuse)?;
    let Some(best) = ranking.first() else {
        bail!("no peer policy is calibrated for data on GPU {from} used on GPU {to}");
    };
    if a.json {
        return render::json(&PeerChoice {
            from_device: from,
            device: to,
            bytes,
            reuse,
            best: best.policy,
            tie,
            ranking: &ranking,
        });
    }
    out!(
        "{} on GPU {from}, used on GPU {to}, R = {reuse}",
        format_size(bytes)
    );
    out!(
        "  rank {:<18} {:>10}  90% interval (ms)",
        "policy",
        "time_ms"
    );
    for (i, r) in ranking.iter().enumerate() {
        out!("  {:<4} {}", i + 1, line(r));
    }
    if tie {
        out!(
            "best: {} (a tie with {}: inside the measured noise)",
            best.policy,
            ranking[1].policy
        );
    } else {
        out!("best: {}", best.policy);
    }
    Ok(())
}

/// `breakeven A B --from-device J --json`, and the server's `breakeven` with `from_device`.
#[derive(Serialize)]
pub(super) struct PeerBreakeven {
    a: Policy,
    b: Policy,
    bytes: u64,
    /// The GPU that runs the work.
    device: u32,
    /// The faster of the two above R*; null where the lines do not cross at R ≥ 1.
    faster_above_r_star: Option<Policy>,
    /// The GPU the data live on.
    from_device: u32,
    /// The reuse at which both take the same time; null where that is not at R ≥ 1.
    r_star: Option<f64>,
}

/// R* of `a` against `b` for data on GPU `from` used on GPU `to`, and the policy that wins: the
/// faster above R* where the lines cross, else the faster at every R.
pub(super) fn breakeven_answer(
    p: &PeerModel,
    (from, to): (u32, u32),
    (a, b): (Policy, Policy),
    bytes: u64,
) -> Result<(PeerBreakeven, Policy), PeerError> {
    let r = p.breakeven(from, to, a, b, bytes as f64)?;
    let pa = p.predict(from, to, a, bytes as f64, 1.0)?;
    let pb = p.predict(from, to, b, bytes as f64, 1.0)?;
    let (faster_above_r_star, winner) =
        super::answer::breakeven_winners((a, b), (pa.g_ms, pb.g_ms), (pa.time_ms, pb.time_ms), r);
    let answer = PeerBreakeven {
        a,
        b,
        bytes,
        device: to,
        faster_above_r_star,
        from_device: from,
        r_star: r,
    };
    Ok((answer, winner))
}

pub(super) fn breakeven(a: super::BreakevenArgs) -> Result<()> {
    let (from, to) = pair_of(a.dev.from_device.expect("dispatched on it"), a.dev.device)?;
    if a.task.task.is_some() {
        bail!("breakeven --task with --from-device is not supported yet: rank the task at the reuses you care about with `choose --task FILE --from-device J --reuse R`");
    }
    let (m, _) = load_for(&a.model, a.dev.device)?;
    let p = peer_of(&m)?;
    let bytes = a.bytes.unwrap_or_else(|| default_bytes(p, from, to));
    let (answer, winner) = breakeven_answer(p, (from, to), (a.a, a.b), bytes)?;
    if a.json {
        return render::json_sorted(&answer);
    }
    match answer.r_star {
        Some(r) => out!(
            "{} on GPU {from}, used on GPU {to}: {} and {} take the same time at R* = {r:.2}; above it {} wins",
            format_size(bytes),
            a.a,
            a.b,
            winner
        ),
        None => out!(
            "{} on GPU {from}, used on GPU {to}: no crossing; {} is faster at every R",
            format_size(bytes),
            winner
        ),
    }
    Ok(())
}

/// `validate` on a table with peer alternations: `None` when it has none (the handoff path runs).
pub(super) fn validate(m: &PlatformModel, table: &Table, json: bool) -> Result<Option<()>> {
    let has_peer = table
        .rows
        .iter()
        .any(|r| r.group == crate::table::Group::Peer && r.case.ends_with(":alternating"));
    if !has_peer {
        return Ok(None);
    }
    let p = peer_of(m)?;
    let Some(v) = validate_peer(p, table) else {
        bail!(
            "{}: its peer alternations are for device pairs this model has no terms for",
            table.source.display()
        );
    };
    if json {
        render::json(&v)?;
        return Ok(Some(()));
    }
    out!(
        "{} held-out peer alternations ({} cells of pair × size × R): median APE {:.2} %, max {:.2} %, 90 % interval holds {:.0} %; clear picks {}/{} right, all picks {}/{}",
        v.points.len(),
        v.cells,
        v.median_ape_pct,
        v.max_ape_pct,
        100.0 * v.coverage,
        v.clear_right,
        v.clear_picks,
        v.picks_right,
        v.cells
    );
    out!("  pair policy                size     R   measured_ms  predicted_ms   APE %");
    for x in &v.points {
        out!(
            "  {}>{}  {:<18} {:>8} {:>3} {:>12.4} {:>13.4} {:>7.2}{}",
            x.from,
            x.to,
            x.policy.name(),
            format_size(x.bytes),
            x.reuse,
            x.measured_ms,
            x.predicted_ms,
            x.ape_pct,
            if x.in_interval { "" } else { "  (outside)" }
        );
    }
    Ok(Some(()))
}

#[derive(Serialize)]
struct FleetMember {
    name: String,
    gpu_model: String,
    source: String,
}

#[derive(Serialize)]
struct FleetSpread {
    gpu_model: String,
    #[serde(flatten)]
    spread: crate::fleet::Spread,
}

#[derive(Serialize)]
struct FleetReport {
    members: Vec<FleetMember>,
    spread: Vec<FleetSpread>,
    outliers: Vec<crate::fleet::Outlier>,
    /// Names of GPUs that can share a model, per class; the first class of each GPU model has no
    /// outlying term.
    classes: Vec<Vec<String>>,
    problems: Vec<String>,
}

/// `umodel fleet DIR`.
pub(super) fn fleet(dir: &std::path::Path, json: bool) -> Result<()> {
    use crate::fleet::{compare, scan, Member};
    let (found, problems) =
        scan(dir).map_err(|e| anyhow::anyhow!("{}: cannot read: {e}", dir.display()))?;
    if found.is_empty() {
        bail!(
            "{}: no calibrated GPUs found (expected DIR/<node>/models/<platform>.gpuN.json){}",
            dir.display(),
            if problems.is_empty() {
                String::new()
            } else {
                format!("; unreadable: {}", problems.join("; "))
            }
        );
    }
    // GPUs are compared only with GPUs of the same model.
    let mut kinds: Vec<String> = found.iter().map(|f| f.model.platform.gpu.clone()).collect();
    kinds.sort();
    kinds.dedup();
    let mut report = FleetReport {
        members: found
            .iter()
            .map(|f| FleetMember {
                name: f.name.clone(),
                gpu_model: f.model.platform.gpu.clone(),
                source: f.source.display().to_string(),
            })
            .collect(),
        spread: Vec::new(),
        outliers: Vec::new(),
        classes: Vec::new(),
        problems,
    };
    for kind in &kinds {
        let group: Vec<&crate::fleet::Found> = found
            .iter()
            .filter(|f| &f.model.platform.gpu == kind)
            .collect();
        let members: Vec<Member<'_>> = group
            .iter()
            .map(|f| Member {
                name: f.name.clone(),
                model: &f.model,
            })
            .collect();
        let c = compare(&members);
        report
            .spread
            .extend(c.spread.into_iter().map(|s| FleetSpread {
                gpu_model: kind.clone(),
                spread: s,
            }));
        report.outliers.extend(c.outliers);
        report.classes.extend(
            c.classes
                .into_iter()
                .map(|cl| cl.into_iter().map(|i| group[i].name.clone()).collect()),
        );
    }
    if json {
        return render::json(&report);
    }
    out!(
        "{} GPUs on {} nodes under {} ({})",
        report.members.len(),
        {
            let mut n: Vec<&str> = report
                .members
                .iter()
                .map(|m| m.name.split('/').next().unwrap_or(""))
                .collect();
            n.dedup();
            n.len()
        },
        dir.display(),
        kinds.join(", ")
    );
    out!(
        "  {:<24} {:<22} {:>10} {:>10} {:>10} {:>5}",
        "GPU model",
        "term",
        "ref GB/s",
        "min",
        "max",
        "GPUs"
    );
    for s in &report.spread {
        out!(
            "  {:<24} {:<22} {:>10.1} {:>10.1} {:>10.1} {:>5}",
            s.gpu_model,
            s.spread.term,
            s.spread.reference_gbps,
            s.spread.min_gbps,
            s.spread.max_gbps,
            s.spread.gpus
        );
    }
    if report.outliers.is_empty() {
        out!("no GPU stands out: every term within its tolerance of the fleet's reference");
    }
    for o in &report.outliers {
        out!("OUTLIER {o}");
    }
    for (i, c) in report.classes.iter().enumerate() {
        out!("  class {}: {}", i + 1, c.join(", "));
    }
    for p in &report.problems {
        out!("  unreadable: {p}");
    }
    Ok(())
}
