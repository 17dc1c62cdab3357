//! `predict|choose|breakeven|validate --task FILE`: the user's task, priced from the platform terms,
//! rendered for people or as JSON.

use anyhow::{Context, Result};
use serde::Serialize;

use super::commands::{load, load_named};
use super::render::{json, json_sorted, ms};
use super::{BreakevenArgs, ChooseArgs, PredictArgs, TaskArgs, ValidateArgs};
use crate::model::task::{Assumptions, Item, Parts};
use crate::model::{
    self, PhaseOverrides, PlatformModel, TaskPrediction, TaskQueryError, TaskTerms,
};
use crate::policy::Policy;
use crate::task::{Side, Task};
use crate::units::format_size;

/// The task file with the command line's overrides applied, checked again.
pub(super) fn task_of(a: &TaskArgs, cpu_ms: Option<f64>, reuse: Option<f64>) -> Result<Task> {
    let path = a.task.as_deref().expect("dispatched on --task");
    let mut t = Task::read(path)?;
    if let Some(v) = cpu_ms {
        t.cpu_ms = Some(v);
    }
    if let Some(v) = a.gpu_ms {
        t.gpu_ms = Some(v);
    }
    if let Some(v) = a.cpu_final_ms {
        t.cpu_final_ms = Some(v);
    }
    if let Some(v) = a.rounds {
        t.rounds = v;
    }
    if let Some(v) = reuse {
        t.reuse = v;
    }
    t.check()
        .map_err(|e| anyhow::anyhow!("{}: with the command line's values: {e}", path.display()))?;
    Ok(t)
}

fn terms_of(m: &PlatformModel) -> Result<&TaskTerms, TaskQueryError> {
    m.task_terms
        .as_ref()
        .ok_or_else(|| TaskQueryError::NoTerms {
            source_desc: if m.provenance.source_csv.is_empty() {
                m.describe()
            } else {
                m.provenance.source_csv.clone()
            },
        })
}

/// The task in one line: rounds, order, reuse and the phase times, given or estimated.
fn headline(t: &Task, a: Assumptions) -> String {
    let phase = |v: Option<f64>, estimated: bool, name: &str| match v {
        Some(x) => format!("{name} {} ms", ms(x)),
        None if estimated => format!("{name} estimated"),
        None => String::new(),
    };
    let parts: Vec<String> = [
        phase(t.cpu_ms, a.has(Assumptions::CPU_ESTIMATED), "CPU phase"),
        phase(t.gpu_ms, a.has(Assumptions::GPU_ESTIMATED), "GPU pass"),
        phase(
            t.cpu_final_ms,
            a.has(Assumptions::FINAL_ESTIMATED),
            "final host access",
        ),
    ]
    .into_iter()
    .filter(|s| !s.is_empty())
    .collect();
    format!(
        "{} rounds ({} first), R = {}, {} in {} buffers; {}",
        t.rounds,
        match t.first {
            Side::Cpu => "CPU",
            Side::Gpu => "GPU",
        },
        t.reuse,
        format_size(t.footprint()),
        t.buffers.len(),
        parts.join(", ")
    )
}

#[derive(Serialize)]
struct PredictionJson<'a> {
    task: &'a str,
    #[serde(flatten)]
    prediction: &'a TaskPrediction,
    assumptions: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Vec<Item>>,
}

fn parts_lines(p: &Parts) {
    for (name, v, what) in [
        (
            "CPU phases",
            p.cpu_ms,
            "as given (or estimated), with the final host access",
        ),
        (
            "CPU faults",
            p.cpu_faults_ms,
            "faults back, first touches after a prefetch",
        ),
        ("GPU passes", p.gpu_ms, "at device speed"),
        ("link", p.link_ms, "passes waiting for data over the link"),
        (
            "GPU faults",
            p.gpu_faults_ms,
            "migration and duplication on first touch",
        ),
        ("copies", p.copy_ms, "cudaMemcpy"),
        ("prefetches", p.prefetch_ms, "cudaMemPrefetchAsync"),
        ("sync", p.sync_ms, "launch and synchronisation"),
    ] {
        if v != 0.0 {
            out!("    {name:<12} {:>10} ms  {what}", ms(v));
        }
    }
}

fn interval(p: &TaskPrediction) -> String {
    format!(
        "90% interval {}–{} ms",
        ms(p.interval_ms[0]),
        ms(p.interval_ms[1])
    )
}

pub(super) fn predict(a: PredictArgs) -> Result<()> {
    let (m, _) = load(&a.model)?;
    let task = task_of(&a.task, a.cpu_ms, a.reuse)?;
    let terms = terms_of(&m)?;
    let policies: Vec<Policy> = match a.policy {
        Some(p) => vec![p],
        None => Policy::HANDOFF.to_vec(),
    };
    let mut results = Vec::new();
    for p in policies {
        let r = if a.explain {
            model::explain_task(terms, &task, p).map(|(p, items)| (p, Some(items)))
        } else {
            model::predict_task(terms, &task, p).map(|p| (p, None))
        };
        match r {
            Ok(x) => results.push(x),
            Err(e) if a.policy.is_none() => {
                note!("umodel: {p} left out: {e}");
            }
            Err(e) => return Err(e.into()),
        }
    }
    if a.json {
        let v: Vec<PredictionJson> = results
            .iter()
            .map(|(p, items)| PredictionJson {
                task: &task.name,
                prediction: p,
                assumptions: p.assumptions.notes(),
                explain: items.clone(),
            })
            .collect();
        return if a.policy.is_some() {
            json(&v[0])
        } else {
            json(&v)
        };
    }
    let assumed = results.iter().fold(Assumptions::default(), |acc, (p, _)| {
        acc.union(p.assumptions)
    });
    out!("{}: {}", task.name, headline(&task, assumed));
    for (p, items) in &results {
        out!(
            "{} under {}: {} ms  ({})",
            task.name,
            p.policy,
            ms(p.time_ms),
            interval(p)
        );
        parts_lines(&p.parts);
        if let Some(items) = items {
            out!(
                "    {:<6} {:<10} {:<8} {:>10}  what",
                "round",
                "part",
                "buffer",
                "ms"
            );
            for i in items.iter().filter(|i| i.ms != 0.0) {
                out!(
                    "    {:<6} {:<10} {:<8} {:>10}  {}",
                    i.round.map_or("final".to_string(), |r| r.to_string()),
                    serde_json::to_value(i.kind)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default(),
                    i.buffer.as_deref().unwrap_or("-"),
                    ms(i.ms),
                    i.what
                );
            }
        }
    }
    for n in assumed.notes() {
        out!("  note: {n}");
    }
    Ok(())
}

#[derive(Serialize)]
struct RankedJson {
    policy: Policy,
    time_ms: f64,
    lo_ms: f64,
    hi_ms: f64,
    sd_ms: f64,
}

#[derive(Serialize)]
struct SkippedJson {
    policy: Policy,
    reason: String,
}

#[derive(Serialize)]
struct ChoiceJson<'a> {
    task: &'a str,
    rounds: u32,
    reuse: f64,
    best: Policy,
    tie: bool,
    tied: Vec<Policy>,
    ranking: Vec<RankedJson>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    skipped: Vec<SkippedJson>,
    assumptions: Vec<&'static str>,
}

pub(super) fn choose(a: ChooseArgs) -> Result<()> {
    let (m, _) = load(&a.model)?;
    let task = task_of(&a.task, a.cpu_ms, a.reuse)?;
    let c = model::choose_task(terms_of(&m)?, &task)?;
    let assumed = c
        .ranking()
        .iter()
        .fold(Assumptions::default(), |acc, p| acc.union(p.assumptions));
    if a.json {
        return json(&ChoiceJson {
            task: &task.name,
            rounds: task.rounds,
            reuse: task.reuse,
            best: c.best().policy,
            tie: c.tie(),
            tied: if c.tie() {
                c.tied().iter().map(|p| p.policy).collect()
            } else {
                Vec::new()
            },
            ranking: c
                .ranking()
                .iter()
                .map(|p| RankedJson {
                    policy: p.policy,
                    time_ms: p.time_ms,
                    lo_ms: p.interval_ms[0],
                    hi_ms: p.interval_ms[1],
                    sd_ms: p.sd_ms,
                })
                .collect(),
            skipped: c
                .skipped
                .iter()
                .map(|(p, e)| SkippedJson {
                    policy: *p,
                    reason: e.to_string(),
                })
                .collect(),
            assumptions: assumed.notes(),
        });
    }
    out!("{}: {}", task.name, headline(&task, assumed));
    out!(
        "  {:<4} {:<24} {:>10}  {:<24}",
        "rank",
        "policy",
        "time_ms",
        "90% interval (ms)"
    );
    for (i, p) in c.ranking().iter().enumerate() {
        out!(
            "  {:<4} {:<24} {:>10}  {}–{}",
            i + 1,
            p.policy.name(),
            ms(p.time_ms),
            ms(p.interval_ms[0]),
            ms(p.interval_ms[1])
        );
    }
    if c.tie() {
        let names: Vec<&str> = c.tied().iter().map(|p| p.policy.name()).collect();
        out!(
            "best: tie between {} (their gap is within the predictions' spread)",
            names.join(", ")
        );
    } else {
        out!("best: {}", c.best().policy);
    }
    for (p, e) in &c.skipped {
        out!("  not ranked: {p}: {e}");
    }
    for n in assumed.notes() {
        out!("  note: {n}");
    }
    Ok(())
}

/// `breakeven --task FILE A B --json`; keys in alphabetical order, as it has always printed them.
#[derive(Serialize)]
struct TaskBreakeven<'a> {
    a: Policy,
    b: Policy,
    /// Where the lines do not cross at R ≥ 1: the faster at every R (null otherwise).
    faster: Option<Policy>,
    /// Where they cross: the faster above R* (null otherwise).
    faster_above_r_star: Option<Policy>,
    /// GPU passes per round at which both take the same time.
    r_star: Option<f64>,
    task: &'a str,
}

pub(super) fn breakeven(a: BreakevenArgs) -> Result<()> {
    let (m, _) = load(&a.model)?;
    let task = task_of(&a.task, a.cpu_ms, None)?;
    let terms = terms_of(&m)?;
    let r = model::breakeven_task(terms, &task, a.a, a.b)?;
    let at = |reuse: f64| -> Result<(f64, f64)> {
        let mut t = task.clone();
        t.reuse = reuse;
        Ok((
            model::predict_task(terms, &t, a.a)?.time_ms,
            model::predict_task(terms, &t, a.b)?.time_ms,
        ))
    };
    // Which is faster above R* (or, without a crossing, at every R ≥ 1).
    let probe = r.map_or(1.0, |r| r * 2.0 + 1.0);
    let (ta, tb) = at(probe)?;
    let faster = if ta <= tb { a.a } else { a.b };
    if a.json {
        return json_sorted(&TaskBreakeven {
            a: a.a,
            b: a.b,
            faster: r.is_none().then_some(faster),
            faster_above_r_star: r.map(|_| faster),
            r_star: r,
            task: &task.name,
        });
    }
    match r {
        Some(r) => {
            let slower = if faster == a.a { a.b } else { a.a };
            out!(
                "{}: R* = {:.3} GPU passes per round ({} rounds)",
                task.name,
                r,
                task.rounds
            );
            out!("  {slower} is faster below R*, {faster} above it");
        }
        None => out!(
            "{}: no break-even at R ≥ 1 ({faster} is at least as fast for every R ≥ 1)",
            task.name
        ),
    }
    Ok(())
}

pub(super) fn validate(a: ValidateArgs) -> Result<()> {
    let (m, _) = load_named(Some(&a.model), false, None)?;
    let path = a.task.as_deref().expect("dispatched on --task");
    let task = Task::read(path)?;
    let table = super::commands::read_measurements(&a.measurements)?;
    let v = model::validate_task(terms_of(&m)?, &task, &table, PhaseOverrides::default())
        .with_context(|| format!("validating {}", path.display()))?;
    if a.json {
        return json(&v);
    }
    let ph = &v.phases[&task.name];
    out!(
        "{} on {}: given the same run's plain-memory phases (CPU {} ms over {} trials, GPU pass {} ms{})",
        v.task,
        v.source,
        ms(ph.cpu_ms),
        ph.cpu_trials,
        ms(ph.gpu_ms),
        ph.cpu_final_ms
            .map_or(String::new(), |f| format!(", final host access {} ms", ms(f)))
    );
    out!(
        "  {:<24} {:>4} {:>10} {:>21} {:>10} {:>21} {:>3} {:>7} {:>3}",
        "policy",
        "R",
        "predicted",
        "90% interval",
        "measured",
        "[min–max]",
        "n",
        "APE %",
        "in"
    );
    for p in &v.points {
        out!(
            "  {:<24} {:>4} {:>10} {:>21} {:>10} {:>21} {:>3} {:>7.2} {:>3}",
            p.policy.name(),
            p.reuse,
            ms(p.predicted_ms),
            format!("{}–{}", ms(p.interval_ms[0]), ms(p.interval_ms[1])),
            ms(p.measured_ms),
            format!("[{}–{}]", ms(p.measured_min_ms), ms(p.measured_max_ms)),
            p.trials,
            p.ape_pct,
            if p.in_interval { "yes" } else { "no" }
        );
    }
    out!(
        "  median APE {:.2} %, max {:.2} %; 90 % intervals hold {:.0} %; clear orderings right {}/{}",
        v.median_ape_pct,
        v.max_ape_pct,
        v.coverage_pct,
        v.order_right,
        v.order_total
    );
    for o in &v.misordered {
        out!(
            "  misordered at R = {}: {} measured faster than {} by {} ms, predicted slower by {} ms",
            o.reuse,
            o.faster,
            o.slower,
            ms(o.measured_gap_ms),
            ms(-o.predicted_gap_ms)
        );
    }
    if v.failed_rows > 0 {
        out!(
            "  {} rows failed their check and were left out",
            v.failed_rows
        );
    }
    Ok(())
}
