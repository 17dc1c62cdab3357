//! `predict|choose|breakeven|validate --task FILE`: the user's task, priced from the platform terms,
//! rendered for people or as JSON.
//!
//! The queries compile the task file ([`Predictor::compile_task`]) and ask it with the command
//! line's values as [`TaskOverrides`], summed round by round
//! ([`CompiledTask::round_by_round`](crate::model::CompiledTask::round_by_round)): the answers of
//! the one-shot task functions to the bit, and the same path `umodel serve` answers task queries
//! on, through the same answer types below.

use anyhow::{Context, Result};
use serde::Serialize;

use super::commands::{load_named, load_warned_of_host_l3};
use super::render::{count, json, json_sorted, ms};
use super::{BreakevenArgs, ChooseArgs, PredictArgs, ProbeArgs, TaskArgs, ValidateArgs};
use crate::model::task::{Assumptions, Item, Parts, TermUse};
use crate::model::{
    self, PhaseOverrides, Predictor, RoundByRound, TaskChoice, TaskOverrides, TaskPrediction,
    TaskQueryError,
};
use crate::policy::Policy;
use crate::task::{Side, Task};
use crate::units::format_size;

/// A task query of the command line: the task file as read, the command line's values as
/// overrides of it, and the task with them applied (checked again; what the text shows).
pub(super) struct TaskQuery {
    pub(super) file: Task,
    pub(super) overrides: TaskOverrides,
    pub(super) applied: Task,
}

/// `umodel report --task`: the task's page, with its measurements checked as `validate --task`
/// checks them (with the same `--final-beside` and `--cpu-beside`).
pub(super) fn report(a: super::ReportArgs) -> Result<()> {
    let Compiled {
        task: c,
        query: q,
        model: m,
        source: src,
        probe,
    } = compiled_with_model(&a.model, &a.task, a.cpu_ms, a.reuse)?;
    let path = a.task.task.as_deref().expect("dispatched on --task");
    let predictor = Predictor::new(&m);
    let calibrated = predictor.task_terms()?;
    // A probe given for the task prices the measurements' migrating steps too, as `validate
    // --probe-from` would.
    let probed = probe.as_ref().map(|p| calibrated.probed(p)).transpose()?;
    let terms = probed.as_ref().unwrap_or(calibrated);
    let mut validations = Vec::new();
    for csv in &a.measurements {
        let table = super::commands::read_measurements(std::slice::from_ref(csv))?;
        let v = model::validate_task(
            terms,
            &q.file,
            &table,
            PhaseOverrides {
                final_beside: a.final_beside,
                cpu_beside: a.cpu_beside,
                ..PhaseOverrides::default()
            },
        )
        .with_context(|| format!("validating {} on {}", path.display(), csv.display()))?;
        validations.push(v);
    }
    let html = crate::report::render_task(&crate::report::TaskReportInput {
        model: &m,
        model_name: src.to_string(),
        task: &c,
        overrides: q.overrides,
        spec: &q.applied,
        headline: &|assumed| headline(&q.applied, assumed),
        checked: &checked_with(a.cpu_beside, a.final_beside, probed.is_some()),
        validations,
        probe: probe.as_ref().map(|p| {
            let against = p.against(calibrated);
            crate::report::ProbeReport {
                source: a
                    .task
                    .probe
                    .as_ref()
                    .map_or(String::new(), |f| f.display().to_string()),
                verdict: probe_verdict(&against),
                against,
            }
        }),
    })?;
    let out = super::commands::write_page(&a.out, &html)?;
    out!("wrote {}", out.display());
    Ok(())
}

/// What priced the task page's measurements, for the page (HTML): the run's plain phases, those
/// timed beside each policy's rows where asked, and a probe's rates where one was given.
fn checked_with(cpu_beside: bool, final_beside: bool, probe: bool) -> String {
    let beside: Vec<(&str, &str)> = [
        (cpu_beside, ("CPU phase", "--cpu-beside")),
        (final_beside, ("final host access", "--final-beside")),
    ]
    .into_iter()
    .filter_map(|(on, what)| on.then_some(what))
    .collect();
    let mut s = String::from("priced with that run's own plain phase times");
    if beside.is_empty() {
        s.push_str(" (its plain rows at each trial's start)");
    } else {
        let (names, flags): (Vec<&str>, Vec<&str>) = beside.into_iter().unzip();
        s += &format!(
            ", each policy's {} timed right after its rows (<code>{}</code>)",
            names.join(" and "),
            flags.join(" ")
        );
    }
    if probe {
        s.push_str(", the steps the probe given measured at its rates (<code>--probe</code>)");
    }
    s + ", not the phase times above"
}

/// The task file and the command line's values.
pub(super) fn task_query(
    a: &TaskArgs,
    cpu_ms: Option<f64>,
    reuse: Option<f64>,
) -> Result<TaskQuery> {
    let path = a.task.as_deref().expect("dispatched on --task");
    let file = Task::read(path)?;
    let overrides = TaskOverrides {
        cpu_ms,
        gpu_ms: a.gpu_ms,
        cpu_final_ms: a.cpu_final_ms,
        rounds: a.rounds,
        reuse,
    };
    let applied = overrides.applied_to(&file);
    applied
        .check()
        .map_err(|e| anyhow::anyhow!("{}: with the command line's values: {e}", path.display()))?;
    Ok(TaskQuery {
        file,
        overrides,
        applied,
    })
}

/// The task file with the command line's overrides applied, checked again.
pub(super) fn task_of(a: &TaskArgs, cpu_ms: Option<f64>, reuse: Option<f64>) -> Result<Task> {
    Ok(task_query(a, cpu_ms, reuse)?.applied)
}

/// The model of `a` and the task query, compiled (the task file as read).
fn compiled(
    model: &super::ModelArg,
    a: &TaskArgs,
    cpu_ms: Option<f64>,
    reuse: Option<f64>,
) -> Result<(model::CompiledTask, TaskQuery)> {
    compiled_with_model(model, a, cpu_ms, reuse).map(|c| (c.task, c.query))
}

/// A compiled task query with what it was compiled from.
struct Compiled {
    task: model::CompiledTask,
    query: TaskQuery,
    model: crate::model::PlatformModel,
    source: crate::store::ModelSource,
    /// The probe given (`--probe`), read once.
    probe: Option<model::Probe>,
}

/// [`compiled`], with the model it loaded, where from, and the probe it read.
fn compiled_with_model(
    model: &super::ModelArg,
    a: &TaskArgs,
    cpu_ms: Option<f64>,
    reuse: Option<f64>,
) -> Result<Compiled> {
    let (m, src, warned) = load_warned_of_host_l3(model)?;
    let q = task_query(a, cpu_ms, reuse)?;
    let probe = read_probe(a.probe.as_deref(), &q.file)?;
    let c = match Predictor::new(&m).compile_task_probed(&q.file, probe.as_ref()) {
        // No model named and none calibrated here: the fallback has no task terms. The core's
        // advice (calibrate, refit, or name a model) is for a model the user chose.
        Err(TaskQueryError::NoTerms { .. }) if model.model.is_none() => {
            anyhow::bail!(
                "no model of this machine prices tasks (it fell back on the {src}): calibrate it \
                 with `umodel calibrate`, or ask a model measured elsewhere: {}",
                crate::store::embedded_with_task_terms()
                    .iter()
                    .map(|n| format!("`-m {n}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        }
        r => r?,
    };
    if let Some(hint) = probe_hint(&src, model.model.is_some(), probe.is_some(), warned) {
        note!("umodel: note: {hint}");
    }
    Ok(Compiled {
        task: c,
        query: q,
        model: m,
        source: src,
        probe,
    })
}

/// What a task query says when it fell back on the embedded model of this machine's GPU with no
/// probe: that model was measured on other VMs, and a VM's link can differ from theirs unseen
/// (`calibration/h100/run226`: seed 001's host-mapped row 47 % short by the embedded `h100`
/// model, 1.2 % with `umodel probe`'s figures). Not for a model the user named, which may be
/// asked on a machine without that GPU, nor where the stamp's warning (`warned`: this host's L3
/// is not the model's hosts') already said to probe.
fn probe_hint(
    src: &crate::store::ModelSource,
    named: bool,
    probed: bool,
    warned: bool,
) -> Option<&'static str> {
    (matches!(src, crate::store::ModelSource::Embedded(_)) && !named && !probed && !warned).then_some(
        "priced by a model measured on other machines of this GPU, whose link and migration \
         rates a VM may not share: `umodel probe -o probe.json` measures this one's in about three \
         seconds, and `--probe probe.json` prices with them (or `umodel calibrate` measures it all)",
    )
}

/// The probe file at `path`, if any, noting on stderr when it was taken in another shape than the
/// task's (`Probe::shape_mismatch`).
fn read_probe(path: Option<&std::path::Path>, task: &Task) -> Result<Option<model::Probe>> {
    let probe = path.map(model::Probe::read).transpose()?;
    if let Some(why) = probe.as_ref().and_then(|p| p.shape_mismatch(task)) {
        note!("umodel: note: {why}");
    }
    Ok(probe)
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
    .chain(
        [
            ("CPU phase", t.cpu_fault_scale),
            ("final host access", t.cpu_final_fault_scale),
        ]
        .into_iter()
        .filter_map(|(name, x)| x.map(|x| format!("{name} faults back at {x}×"))),
    )
    .chain(
        [
            ("CPU phase", t.cpu_threads),
            ("final host access", t.cpu_final_threads),
        ]
        .into_iter()
        .filter_map(|(name, x)| x.map(|x| format!("{name} on {x} threads"))),
    )
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

/// `predict --task --json` (one per policy), and the server's task `predict`.
#[derive(Serialize)]
pub(super) struct PredictionJson<'a> {
    task: &'a str,
    #[serde(flatten)]
    prediction: &'a TaskPrediction,
    assumptions: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Vec<Item>>,
    /// What each calibrated term priced, with `--explain`.
    #[serde(skip_serializing_if = "Option::is_none")]
    terms: Option<Vec<TermUse>>,
    /// With a probe (`predict --task --probe`), the price from the calibration's terms alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    terms_alone_ms: Option<f64>,
}

impl<'a> PredictionJson<'a> {
    pub(super) fn new(
        task: &'a str,
        prediction: &'a TaskPrediction,
        explained: Option<Explained>,
    ) -> PredictionJson<'a> {
        let (explain, terms) = match explained {
            Some((items, terms)) => (Some(items), Some(terms)),
            None => (None, None),
        };
        PredictionJson {
            task,
            prediction,
            assumptions: prediction.assumptions.notes(),
            explain,
            terms,
            terms_alone_ms: None,
        }
    }

    /// With the price of the same policy from the calibration's terms alone (a query with a
    /// probe: `predict --task --probe`, and the server's the same).
    pub(super) fn with_terms_alone(self, ms: Option<f64>) -> PredictionJson<'a> {
        PredictionJson {
            terms_alone_ms: ms,
            ..self
        }
    }
}

/// An explained prediction's priced items and what each term priced.
type Explained = (Vec<Item>, Vec<TermUse>);

/// A policy's prediction, with its priced items where they were asked for.
type Priced = (TaskPrediction, Option<Explained>);

/// The task under `policy` (or, with `None`, every task policy the model can price, in the order
/// of [`Policy::HANDOFF`], each it cannot left out with a note to stderr), with every priced item
/// where `explain`.
fn predictions(
    q: RoundByRound<'_>,
    o: TaskOverrides,
    policy: Option<Policy>,
    explain: bool,
) -> Result<Vec<Priced>, TaskQueryError> {
    let policies: Vec<Policy> = match policy {
        Some(p) => vec![p],
        None => Policy::HANDOFF.to_vec(),
    };
    let mut results = Vec::new();
    for p in policies {
        let r = if explain {
            q.explain(p, o)
                .map(|(p, items, terms)| (p, Some((items, terms))))
        } else {
            q.predict(p, o).map(|p| (p, None))
        };
        match r {
            Ok(x) => results.push(x),
            Err(e) if policy.is_none() && !matches!(e, TaskQueryError::BadTask(_)) => {
                note!("umodel: {p} left out: {e}");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(results)
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
    let compiled = compiled_with_model(&a.model, &a.task, a.cpu_ms, a.reuse)?;
    let (c, q) = (&compiled.task, &compiled.query);
    let task = &q.applied;
    let results = predictions(c.round_by_round(), q.overrides, a.policy, a.explain)?;
    let alone = TermsAlone::of(&compiled, results.iter().map(|(p, _)| p.policy))?;
    let alone_of = |p: Policy| alone.get(p);
    if a.json {
        let v: Vec<PredictionJson> = results
            .iter()
            .map(|(p, items)| {
                PredictionJson::new(&task.name, p, items.clone())
                    .with_terms_alone(alone_of(p.policy))
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
    out!("{}: {}", task.name, headline(task, assumed));
    for (p, items) in &results {
        out!(
            "{} under {}: {} ms  ({}{})",
            task.name,
            p.policy,
            ms(p.time_ms),
            interval(p),
            alone_of(p.policy).map_or(String::new(), |t| format!("; terms alone {} ms", ms(t)))
        );
        parts_lines(&p.parts);
        if let Some((items, terms)) = items {
            // The buffer an item concerns, or the several it prices together.
            let whose = |i: &crate::model::task::Item| match (&i.buffer, i.buffers.is_empty()) {
                (Some(b), _) => b.clone(),
                (None, false) => i.buffers.join("+"),
                (None, true) => "-".to_string(),
            };
            let width = items
                .iter()
                .map(|i| whose(i).len())
                .max()
                .unwrap_or(0)
                .max(8);
            out!(
                "    {:<6} {:<10} {:<width$} {:>10}  what",
                "round",
                "part",
                "buffer",
                "ms"
            );
            for i in items.iter().filter(|i| i.ms != 0.0) {
                out!(
                    "    {:<6} {:<10} {:<width$} {:>10}  {}",
                    i.round.map_or("final".to_string(), |r| r.to_string()),
                    serde_json::to_value(i.kind)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default(),
                    whose(i),
                    ms(i.ms),
                    i.what
                );
            }
            // The same time by calibrated term: which measurement each millisecond comes from.
            let w = model::TermId::NAME_WIDTH;
            out!(
                "    {:<w$} {:>7} {:>9} {:>10}  by calibrated term (a link term: whole passes that wait for the link)",
                "term",
                "calls",
                "GiB",
                "ms"
            );
            for t in terms {
                out!(
                    "    {:<w$} {:>7} {:>9.4} {:>10}",
                    t.term.name(),
                    count(t.calls),
                    t.gib,
                    ms(t.ms)
                );
            }
        }
    }
    alone.notes(
        "the times price the steps the probe measured",
        &compiled.model,
        task,
    );
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
    /// With a probe (`choose --task --probe`), the price from the calibration's terms alone.
    #[serde(skip_serializing_if = "Option::is_none")]
    terms_alone_ms: Option<f64>,
}

/// With a probe, each policy's price from the calibration's terms alone, which `predict|choose
/// --task --probe` print beside the probe's: on an H100 the probe has priced a one-thread
/// task's managed and managed-advise rows long more often than the terms (80 against 53 of 176
/// cells beyond 5 % on fast links, calibration/h100/offline63/fast_vms.txt; 61 against 4 of 96
/// on slow ones, offline62/slow_vms.txt), so the caller sees both. Empty without a probe.
struct TermsAlone(Option<Vec<(Policy, f64)>>);

impl TermsAlone {
    /// Each of `policies` that `c`'s model prices from its terms with no probe, where `c` was
    /// compiled with one.
    fn of(c: &Compiled, policies: impl IntoIterator<Item = Policy>) -> Result<TermsAlone> {
        if c.probe.is_none() {
            return Ok(TermsAlone(None));
        }
        let plain = Predictor::new(&c.model).compile_task_probed(&c.query.file, None)?;
        let q = plain.round_by_round();
        Ok(TermsAlone(Some(
            policies
                .into_iter()
                .filter_map(|p| q.predict(p, c.query.overrides).ok().map(|t| (p, t.time_ms)))
                .collect(),
        )))
    }

    /// Whether there was a probe to price beside.
    fn given(&self) -> bool {
        self.0.is_some()
    }

    /// `p`'s price from the terms alone, where there is one.
    fn get(&self, p: Policy) -> Option<f64> {
        self.0.as_ref()?.iter().find(|x| x.0 == p).map(|x| x.1)
    }

    /// The notes under the answer: what each price prices (`times` names the probe's), and the
    /// caveat on a model that prices a one-thread migration (the H100's) for a task on one
    /// thread; nothing without a probe.
    fn notes(&self, times: &str, m: &crate::model::PlatformModel, task: &Task) {
        if !self.given() {
            return;
        }
        out!("  note: {times} at its rates, terms alone at the calibration's");
        let one_thread = m
            .task_terms
            .as_ref()
            .is_some_and(|t| t.get(model::TermId::FaultInScalarOneThread).is_some());
        if one_thread && task.threads(false) <= 1 {
            out!(
                "  note: on this GPU the probe has priced one-thread tasks' managed rows long more \
                 often than the terms, on slow-link hosts most (README.md, \"Predict your own \
                 task\")"
            );
        }
    }
}

#[derive(Serialize)]
struct SkippedJson {
    policy: Policy,
    reason: String,
}

/// `choose --task --json` (DESIGN.md §3), and the server's task `choose`.
#[derive(Serialize)]
pub(super) struct ChoiceJson<'a> {
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

impl<'a> ChoiceJson<'a> {
    /// The answer of `c` on the task `task` of `rounds` rounds and `reuse` passes per round.
    pub(super) fn new(task: &'a str, rounds: u32, reuse: f64, c: &TaskChoice) -> ChoiceJson<'a> {
        ChoiceJson {
            task,
            rounds,
            reuse,
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
                    terms_alone_ms: None,
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
            assumptions: c.assumptions().notes(),
        }
    }

    /// With each ranked policy's price from the calibration's terms alone, as `of` gives it (a
    /// query with a probe: `choose --task --probe`, and the server's the same).
    pub(super) fn with_terms_alone(mut self, of: impl Fn(Policy) -> Option<f64>) -> ChoiceJson<'a> {
        for r in &mut self.ranking {
            r.terms_alone_ms = of(r.policy);
        }
        self
    }
}

pub(super) fn choose(a: ChooseArgs) -> Result<()> {
    let compiled = compiled_with_model(&a.model, &a.task, a.cpu_ms, a.reuse)?;
    let q = &compiled.query;
    let task = &q.applied;
    let c = compiled.task.round_by_round().choose(q.overrides)?;
    let assumed = c.assumptions();
    let alone = TermsAlone::of(&compiled, c.ranking().iter().map(|p| p.policy))?;
    let alone_of = |p: Policy| alone.get(p);
    if a.json {
        let j = ChoiceJson::new(&task.name, task.rounds, task.reuse, &c).with_terms_alone(alone_of);
        return json(&j);
    }
    out!("{}: {}", task.name, headline(task, assumed));
    let beside = |v: &str| {
        if alone.given() {
            v.to_string()
        } else {
            String::new()
        }
    };
    out!(
        "  {:<4} {:<24} {:>10}  {:<24}{}",
        "rank",
        "policy",
        "time_ms",
        "90% interval (ms)",
        beside(&format!(" {:>11}", "terms alone"))
    );
    for (i, p) in c.ranking().iter().enumerate() {
        let range = format!("{}–{}", ms(p.interval_ms[0]), ms(p.interval_ms[1]));
        let t = alone_of(p.policy).map_or(String::new(), |t| format!(" {:>11}", ms(t)));
        out!(
            "  {:<4} {:<24} {:>10}  {}",
            i + 1,
            p.policy.name(),
            ms(p.time_ms),
            if t.is_empty() {
                range
            } else {
                format!("{range:<24}{t}")
            }
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
    alone.notes(
        "time_ms prices the steps the probe measured",
        &compiled.model,
        task,
    );
    for n in assumed.notes() {
        out!("  note: {n}");
    }
    Ok(())
}

/// `breakeven --task FILE A B --json`, and the server's task `breakeven`; keys in alphabetical
/// order, as it has always printed them.
#[derive(Serialize)]
pub(super) struct TaskBreakeven<'a> {
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

impl<'a> TaskBreakeven<'a> {
    /// R* of `a` against `b` on the task `name` with `o`, and which of them is faster above it (or,
    /// without a crossing, at every R ≥ 1).
    pub(super) fn new(
        q: RoundByRound<'_>,
        name: &'a str,
        (a, b): (Policy, Policy),
        o: TaskOverrides,
    ) -> Result<(TaskBreakeven<'a>, Policy), TaskQueryError> {
        let r = q.breakeven(a, b, o)?;
        let probe = r.map_or(1.0, |r| r * 2.0 + 1.0);
        let at = TaskOverrides {
            reuse: Some(probe),
            ..o
        };
        let (ta, tb) = (q.predict(a, at)?.time_ms, q.predict(b, at)?.time_ms);
        let faster = if ta <= tb { a } else { b };
        Ok((
            TaskBreakeven {
                a,
                b,
                faster: r.is_none().then_some(faster),
                faster_above_r_star: r.map(|_| faster),
                r_star: r,
                task: name,
            },
            faster,
        ))
    }
}

pub(super) fn breakeven(a: BreakevenArgs) -> Result<()> {
    let (c, q) = compiled(&a.model, &a.task, a.cpu_ms, None)?;
    let task = &q.applied;
    let (answer, faster) =
        TaskBreakeven::new(c.round_by_round(), &task.name, (a.a, a.b), q.overrides)?;
    let r = answer.r_star;
    if a.json {
        return json_sorted(&answer);
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

/// Each point's sides, predicted against measured (`validate --task --parts`).
fn print_parts(v: &model::TaskValidation) {
    if v.points.iter().all(|p| p.parts.is_none()) {
        out!(
            "  no parts: the run has no `{}:cpu`, `:gpu` and `:move` rows",
            v.task
        );
        return;
    }
    out!(
        "  each side, predicted / measured ms (error %): CPU phases with their faults; GPU phases with theirs; copies and prefetches"
    );
    out!(
        "  {:<24} {:>4} {:>26} {:>26} {:>26}",
        "policy",
        "R",
        "CPU",
        "GPU",
        "movement"
    );
    let side = |c: &model::PartCheck| {
        let err = c.error_pct();
        let err = if c.measured_ms == 0.0 && c.predicted_ms == 0.0 {
            String::from("—")
        } else if err.is_finite() {
            format!("{err:+.1}")
        } else {
            String::from("n/a")
        };
        format!("{} / {} ({err})", ms(c.predicted_ms), ms(c.measured_ms))
    };
    for p in &v.points {
        let Some(q) = &p.parts else { continue };
        out!(
            "  {:<24} {:>4} {:>26} {:>26} {:>26}",
            p.policy.name(),
            p.reuse,
            side(&q.cpu),
            side(&q.gpu),
            side(&q.movement)
        );
    }
}

/// Whether the harness that measured `csvs` pinned its thread, from the facts beside them:
/// unpinned only where every run with a word on it says so (runs of the suite disagreeing are
/// priced as the committed ones were, pinned); `None` where none says.
fn harness_pinned(csvs: &[std::path::PathBuf]) -> Option<bool> {
    let said: Vec<bool> = csvs
        .iter()
        .filter_map(|c| crate::store::read_facts(&crate::store::facts_path_for(c)).ok())
        .filter_map(|f| f.harness_pinned())
        .collect();
    (!said.is_empty()).then(|| said.contains(&true))
}

pub(super) fn validate(a: ValidateArgs) -> Result<()> {
    let (m, _) = load_named(Some(&a.model), false, None)?;
    let path = a.task.as_deref().expect("dispatched on --task");
    let task = Task::read(path)?;
    let table = super::commands::read_measurements(&a.measurements)?;
    let terms = Predictor::new(&m);
    let given = read_probe(a.probe_from.as_deref(), &task)?;
    let v = model::validate_task(
        terms.task_terms()?,
        &task,
        &table,
        PhaseOverrides {
            probe: given.as_ref(),
            use_probe: a.probe,
            final_beside: a.final_beside,
            cpu_beside: a.cpu_beside,
            faults_beside: a.faults_beside,
            probe_beside: a.probe_beside,
            back_beside: a.back_beside,
            // The suite's rows: priced as its harness ran them (the facts beside the CSVs).
            harness_pinned: harness_pinned(&a.measurements),
            ..PhaseOverrides::default()
        },
    )
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
    if v.thread_pinned {
        out!(
            "  priced as issued from a pinned thread (umodel's harness pins its own, or the task says so): a second move and a no-op right after a move pay the cost a move leaves for the next call"
        );
    }
    // The phases each policy was given from the passes beside its own rows, where asked for.
    let given = |what: &str, of: fn(&model::TaskPoint) -> Option<f64>| {
        let each: Vec<String> = v
            .points
            .iter()
            .filter_map(|p| of(p).map(|f| format!("{} R={} {} ms", p.policy, p.reuse, ms(f))))
            .collect();
        if !each.is_empty() {
            out!(
                "  each policy given the plain {what} timed beside its rows: {}",
                each.join(", ")
            );
        }
    };
    given("CPU phase", |p| p.cpu_ms);
    given("final access", |p| p.cpu_final_ms);
    let scales: Vec<String> = v
        .points
        .iter()
        .filter_map(|p| {
            let k = p.cpu_fault_run_scale?;
            Some(format!("{} R={} ×{k:.2}", p.policy, p.reuse))
        })
        .collect();
    if !scales.is_empty() {
        out!(
            "  each policy's faults of separate pages at the level timed beside its rows (over the calibration's): {}",
            scales.join(", ")
        );
    }
    if let Some(p) = &v.probe {
        let from = match &a.probe_from {
            Some(f) => format!("the probe {}", f.display()),
            None => "the run's probe".to_string(),
        };
        let calibrated = terms.task_terms()?;
        let (link_bytes, link) = p
            .link
            .map_or((0, Vec::new()), |l| (l.bytes, l.figures().to_vec()));
        for (what, bytes, figures) in [
            ("migrating steps", p.bytes, p.figures().to_vec()),
            ("link's passes", link_bytes, link),
        ] {
            let figures: Vec<_> = figures
                .into_iter()
                .filter_map(|(t, f)| f.map(|f| (t, f)))
                .collect();
            if figures.is_empty() {
                continue;
            }
            out!(
                "  the {what} priced from {from} on {}: {} ({} rounds)",
                format_size(bytes),
                figures
                    .iter()
                    .map(|(t, f)| match model::LinkProbe::pinned_for(*t) {
                        _ if !f.resolved() => format!(
                            "{} {} ms (not resolved from zero, not priced)",
                            t.name(),
                            ms(f.ms)
                        ),
                        // Shown as measured, priced from the pinned pass (rule M).
                        Some(pinned) => format!(
                            "{} {} ms (priced from {})",
                            t.name(),
                            ms(f.ms),
                            pinned.name()
                        ),
                        None if *t == model::TermId::CpuFaultRun => format!(
                            "{} {} ms (the sparse cell at {}, {})",
                            t.name(),
                            ms(f.ms),
                            format_size(model::Probe::SPARSE_BYTES),
                            if calibrated.probe_prices(*t) {
                                "priced over the calibration's own: rule S"
                            } else {
                                "shown, not priced"
                            }
                        ),
                        None if !model::Probe::prices(*t) => format!(
                            "{} {} ms (shown, not priced: its term moves with fault_in)",
                            t.name(),
                            ms(f.ms)
                        ),
                        None => format!("{} {} ms", t.name(), ms(f.ms)),
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                figures.iter().map(|(_, f)| f.samples).max().unwrap_or(0)
            );
        }
    }
    if let Some(n) = v.trial_probes {
        out!(
            "  each trial paired with the probe at its own start ({n} trials' probes): the medians below from the run's, the paired errors from each trial's"
        );
    }
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
    if let Some(ps) = &v.paired {
        let each: Vec<String> = v
            .points
            .iter()
            .filter_map(|p| {
                p.paired_error_pct
                    .map(|e| format!("{} R={} {:+.2} %", p.policy, p.reuse, e))
            })
            .collect();
        out!(
            "  paired by trial (each trial's prediction, given the passes beside its row{}, over its total): median |error| {:.2} %, max {:.2} %, {} beyond 5 %: {}",
            if v.trial_probes.is_some() {
                " and its trial's probe"
            } else {
                ""
            },
            ps.median_abs_pct,
            ps.max_abs_pct,
            ps.beyond_5pct,
            each.join(", ")
        );
        if ps.beyond_5pct > 0 {
            out!(
                "  paired beyond 5 %: {} of {} resolved (the trials' paired errors that hold their median, by order statistics at least 80 %, lie wholly beyond 5 % on one side)",
                ps.beyond_5pct_resolved,
                ps.beyond_5pct
            );
        }
    }
    if v.beyond_5pct > 0 {
        // Cells whose trials hold the median in no range at the level resolve nothing.
        let (sure, few): (Vec<_>, Vec<_>) = v.points.iter().partition(|p| p.median_range_holds());
        let c = sure
            .iter()
            .map(|p| p.median_range_coverage)
            .fold(f64::INFINITY, f64::min);
        out!(
            "  beyond 5 %: {} cell{}, {} of them with the prediction outside the trials that hold the measured median ({}){}",
            v.beyond_5pct,
            if v.beyond_5pct == 1 { "" } else { "s" },
            v.beyond_5pct_resolved,
            if sure.is_empty() {
                "no cell has the 4 trials that would hold it at 80 %".to_string()
            } else {
                format!("order statistics, at least {:.1} %", 100.0 * c)
            },
            if few.is_empty() || sure.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} cell{} of fewer than 4 trials resolve{} none",
                    few.len(),
                    if few.len() == 1 { "" } else { "s" },
                    if few.len() == 1 { "s" } else { "" }
                )
            }
        );
    }
    if a.parts {
        print_parts(&v);
    }
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

/// `umodel probe`: the migration probe on this machine's GPU, printed and optionally written
/// (with `--from`, a probe file judged instead: [`probe_from`]).
pub(super) fn probe(a: ProbeArgs) -> Result<()> {
    if let Some(path) = &a.from {
        return probe_from(&a, path);
    }
    let task = a.task.as_deref().map(Task::read).transpose()?;
    let mut shape = task
        .as_ref()
        .map_or(crate::task::ProbeShape::DEFAULT, Task::probe_shape);
    if let Some(b) = a.bytes {
        shape.bytes = b;
    }
    anyhow::ensure!(
        (4096..=16 << 30).contains(&shape.bytes),
        "{} {}: the probe buffer must be between 4 KiB and 16 GiB",
        if a.bytes.is_some() {
            "--bytes"
        } else {
            "the task's buffer"
        },
        shape.bytes
    );
    let gpu = crate::gpu::Gpu::open(a.device)?;
    // The model a task query on this GPU would price with, for the text's comparison; loaded
    // before the GPU work so that a bad `-m` fails first.
    let model = (!a.json)
        .then(|| super::commands::load_for(&a.model, Some(a.device)))
        .transpose()?;
    let samples = crate::bench::probe::run(&gpu, shape, a.rounds)?;
    let failed = samples.failed();
    let Some(mut p) = samples.probe() else {
        anyhow::bail!(
            "no round of the probe passed its checks ({failed} of {} failed): the GPU or the \
             driver returned wrong data; nothing written",
            a.rounds
        );
    };
    let link = (!a.no_link)
        .then(|| crate::bench::probe::run_link(&gpu, a.rounds))
        .transpose()?;
    let link_failed = link.as_ref().map_or(0, |l| l.failed());
    if let Some(l) = &link {
        p.link = l.link();
        anyhow::ensure!(
            p.link.is_some(),
            "no round of the link probe passed its checks ({link_failed} of {} failed): the GPU \
             or the driver returned wrong data; nothing written (--no-link probes migration only)",
            a.rounds
        );
    }
    if let Some(path) = &a.output {
        crate::store::write_atomic(path, serde_json::to_string_pretty(&p)?.as_bytes())
            .with_context(|| format!("writing the probe to {}", path.display()))?;
    }
    if a.json {
        return json(&p);
    }
    out!(
        "migration probe on GPU {}{}: {} rounds on {}{}{}",
        a.device,
        match &task {
            Some(t) if t.probe_buffer().is_some() => {
                format!(" in the shape of `{}`", t.name)
            }
            Some(t) => format!(
                " (`{}` has no buffer both sides touch in a round: the default shape)",
                t.name
            ),
            None => String::new(),
        },
        a.rounds,
        format_size(p.bytes),
        touched_share(&p),
        if failed > 0 {
            format!(" ({failed} failed their checks and are left out)")
        } else {
            String::new()
        }
    );
    let link_head = p.link.as_ref().map(|l| {
        format!(
            "link probe: {} rounds on {} of pinned host memory and of managed pages kept on the \
             host{}",
            a.rounds,
            format_size(l.bytes),
            if link_failed > 0 {
                format!(" ({link_failed} failed their checks and are left out)")
            } else {
                String::new()
            }
        )
    });
    print_judged(&p, link_head, model.as_ref(), a.model.model.is_none());
    if let Some(n) = left_out(&p) {
        out!("  left out, not resolved from zero over the rounds (the calibration's terms price them): {n}");
    }
    Ok(())
}

/// The steps every measuring probe times whose figure it left out, its rounds' mean not resolved
/// from zero ([`model::ProbeFigure::resolved`]), by name; `None` where it kept every one.
fn left_out(p: &model::Probe) -> Option<String> {
    use model::TermId::*;
    let always = [PrefetchToHost, FaultIn, CpuFaultBack, CpuAfterPrefetch];
    let migrating = p
        .figures()
        .into_iter()
        .filter(|(t, f)| always.contains(t) && f.is_none());
    let link = p
        .link
        .iter()
        .flat_map(|l| l.figures())
        .filter(|(_, f)| f.is_none());
    let names: Vec<&str> = migrating.chain(link).map(|(t, _)| t.name()).collect();
    (!names.is_empty()).then(|| names.join(", "))
}

/// What a probe's heading says of the share of pages its CPU touched (nothing where it touched
/// every page).
fn touched_share(p: &model::Probe) -> String {
    if p.cpu_fraction < 1.0 {
        format!(
            ", the CPU touching {:.3} of its pages before each prefetch back",
            p.cpu_fraction
        )
    } else {
        String::new()
    }
}

/// `umodel probe --from FILE`: a probe written earlier, judged against the model task queries here
/// would price with (or `-m`'s) as a measuring probe's text judges it; no GPU is opened.
fn probe_from(a: &ProbeArgs, path: &std::path::Path) -> Result<()> {
    let p = model::Probe::read(path)?;
    let model = super::commands::load_for(&a.model, Some(a.device))?;
    if a.json {
        return json(&Judged::new(
            &p,
            path.display().to_string(),
            &model.0,
            model.1.to_string(),
        ));
    }
    out!(
        "probe from {}: migration on {}{}",
        path.display(),
        format_size(p.bytes),
        touched_share(&p)
    );
    if model.0.task_terms.is_none() {
        out!(
            "the {} has no task terms to judge it against: -m names one that has (h200, h100, or \
             a calibrated model)",
            model.1
        );
    }
    let link_head = p.link.as_ref().map(|l| {
        format!(
            "link probe on {} of pinned host memory and of managed pages kept on the host",
            format_size(l.bytes)
        )
    });
    print_judged(&p, link_head, Some(&model), a.model.model.is_none());
    Ok(())
}

/// `umodel probe --from FILE --json` (and `serve`'s `probe` op): each figure of the probe beside
/// the model's price, and the figures off it ([`model::ProbeAgainst::differs`]).
#[derive(Serialize)]
pub(super) struct Judged {
    /// The probe: its file, or what stands for it.
    probe: String,
    /// The model judged against, in words.
    model: String,
    /// The share of the model's price a figure must lie off by (and twice its rounds' spread).
    beyond: f64,
    /// The figures off the model's price, by term.
    differs: Vec<&'static str>,
    figures: Vec<model::JudgedFigure>,
}

impl Judged {
    /// `p` judged against `m`'s task terms (none judged where it has none), each named as given.
    pub(super) fn new(
        p: &model::Probe,
        probe: String,
        m: &model::PlatformModel,
        model: String,
    ) -> Judged {
        let figures = p.judged(m.query_task_terms().as_ref());
        Judged {
            probe,
            model,
            beyond: model::ProbeAgainst::DIFFERS_BEYOND,
            differs: figures
                .iter()
                .filter(|f| f.differs == Some(true))
                .map(|f| f.term)
                .collect(),
            figures,
        }
    }
}

/// A probe's figures, each beside `model`'s price of the same step (`default_model`: the model
/// task queries here use, not one named with `-m`), then the link's under `link_head`, then the
/// verdict ([`probe_verdict`]).
fn print_judged(
    p: &model::Probe,
    link_head: Option<String>,
    model: Option<&(model::PlatformModel, crate::store::ModelSource)>,
    default_model: bool,
) {
    let terms = model.and_then(|(m, _)| m.query_task_terms());
    let against: Vec<model::ProbeAgainst> =
        terms.as_ref().map(|t| p.against(t)).unwrap_or_default();
    let line = |t: model::TermId, f: model::ProbeFigure| {
        let beside = match against.iter().find(|x| x.term == t) {
            Some(x) => format!(
                "  the model: {} ms{}",
                ms(x.model_ms),
                x.ratio().map_or(String::new(), |r| format!(", ×{r:.2}"))
            ),
            None => String::new(),
        };
        // A managed pass is priced from the pinned pass of its kind (rule M); the migration
        // after one thread's writes moves with `fault_in` (rule M4 did not pass).
        let from = match model::LinkProbe::pinned_for(t) {
            _ if !f.resolved() => "; not resolved from zero, not priced".to_string(),
            Some(p) => format!("; priced from {}", p.name()),
            None if !model::Probe::prices_on(terms.as_ref(), t) => {
                "; shown, not priced".to_string()
            }
            None => String::new(),
        };
        out!(
            "  {:<w$} {:>9} ms  (± {:>2.0} % a round, {} rounds){beside}{from}",
            t.name(),
            ms(f.ms),
            100.0 * f.rel_sd,
            f.samples,
            w = model::TermId::NAME_WIDTH
        );
    };
    if let Some((_, src)) = model.filter(|_| !against.is_empty()) {
        out!(
            "each figure beside the price of the same step by the {src}{}:",
            if default_model {
                ", which task queries here use"
            } else {
                ""
            }
        );
    }
    for (t, f) in p.figures() {
        if let Some(f) = f {
            line(t, f);
        }
    }
    if let (Some(l), Some(head)) = (&p.link, link_head) {
        out!("{head}");
        for (t, f) in l.figures() {
            if let Some(f) = f {
                line(t, f);
            }
        }
    }
    if let Some(v) = probe_verdict(&against) {
        out!("{v}");
    }
}

/// `umodel probe`'s last line: the figures off the model's price ([`model::ProbeAgainst::differs`])
/// and what to do, or that there are none; `None` with no model to compare.
fn probe_verdict(against: &[model::ProbeAgainst]) -> Option<String> {
    if against.is_empty() {
        return None;
    }
    let rule = format!(
        "off the model's price by more than {:.0} % and twice the rounds' spread",
        100.0 * model::ProbeAgainst::DIFFERS_BEYOND
    );
    let list = |xs: &[&model::ProbeAgainst]| {
        xs.iter()
            .filter_map(|x| Some(format!("{} ×{:.2}", x.term.name(), x.ratio()?)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    // The passes over managed pages kept on the host are shown but not priced from (rule M,
    // `LinkProbe::pinned_for`): say so, and advise nothing on them.
    let (off, unpriced): (Vec<&model::ProbeAgainst>, Vec<&model::ProbeAgainst>) = against
        .iter()
        .filter(|x| x.differs())
        .partition(|x| x.priced());
    // The migration after one thread's writes is shown and judged, not priced (rule M4,
    // `Probe::prices`).
    let (shown, one_thread): (Vec<&model::ProbeAgainst>, Vec<&model::ProbeAgainst>) = unpriced
        .into_iter()
        .partition(|x| model::LinkProbe::pinned_for(x.term).is_some());
    // So is the sparse cell (`Probe::cpu_fault_run`) where rule S was not adopted on the GPU.
    let (sparse, one_thread): (Vec<&model::ProbeAgainst>, Vec<&model::ProbeAgainst>) = one_thread
        .into_iter()
        .partition(|x| x.term == model::TermId::CpuFaultRun);
    let passes = if shown.len() == 1 {
        "is a pass"
    } else {
        "are passes"
    };
    // What is named apart from the figures to price with: the managed passes, then the
    // migration after one thread's writes.
    let mut apart = if shown.is_empty() {
        String::new()
    } else {
        format!(
            "; {} {passes} over managed pages kept on the host, which `--probe` prices from its \
             pinned passes, as tasks paid them: it times these right after filling them on every \
             core, which a slow link charged up to 3.5× (NOTES.md, \"The link probe\")",
            list(&shown)
        )
    };
    if !one_thread.is_empty() {
        apart += &format!(
            "; {} is the migration after one thread's writes, shown only: `--probe` moves its \
             term with fault_in, as pricing from it missed more (NOTES.md, \"The migration \
             probe\")",
            list(&one_thread)
        );
    }
    if !sparse.is_empty() {
        apart += &format!(
            "; {} is the CPU's sparse writes on migrated pages against the calibration's own \
             cell, shown only on this GPU: their level comes in spells, and `--probe` prices the \
             CPU's fault runs from it only where rule S was adopted, on the H100 (NOTES.md, \
             \"How well they are predicted (held out)\")",
            list(&sparse)
        );
    }
    if off.is_empty() {
        let what = if shown.is_empty() && one_thread.is_empty() && sparse.is_empty() {
            "no figure"
        } else {
            "no other figure"
        };
        return Some(format!(
            "{what} lies {rule}: the model prices these steps as this machine runs them now{apart}"
        ));
    }
    // Calibrating replaces the link's terms with what the probe measures; not the migrating
    // steps' (`ProbeAgainst::is_link`).
    let (link, migrating) = (
        off.iter().any(|x| x.is_link()),
        off.iter().any(|x| !x.is_link()),
    );
    let why = match (link, migrating) {
        (true, false) => {
            ", or calibrate this machine (a calibration measures the link's passes as the probe \
             does)"
        }
        (false, _) => {
            ": a calibration samples the migrating steps once and would not price them as this \
             probe does"
        }
        (true, true) => {
            "; calibrating this machine measures the link's passes as the probe does, not the \
             migrating steps"
        }
    };
    Some(format!(
        "{rule}: {}; price your tasks at these rates with `--probe FILE` (`-o FILE` writes it){why}{apart}",
        list(&off)
    ))
}

#[cfg(test)]
mod tests {
    use super::{probe_hint, probe_verdict};
    use crate::model::{ProbeAgainst, ProbeFigure, TermId};
    use crate::store::ModelSource;

    #[test]
    fn the_probes_last_line_names_the_figures_off_the_model_or_says_there_are_none() {
        let at = |term, ms, rel_sd| ProbeAgainst {
            term,
            bytes: 64 << 20,
            probe: ProbeFigure {
                ms,
                rel_sd,
                samples: 8,
            },
            model_ms: 1.0,
            priced: crate::model::Probe::prices(term),
        };
        assert_eq!(probe_verdict(&[]), None);
        let fast = probe_verdict(&[at(TermId::MapRead, 1.05, 0.01)]).unwrap();
        assert!(fast.starts_with("no figure lies off the model's price by more than 10 %"));
        // run231's slow read beside a noisy migrating step at 1.46x (± 30 %): only the first.
        let slow = probe_verdict(&[
            at(TermId::MapRead, 1.54, 0.01),
            at(TermId::PrefetchToHost, 1.46, 0.30),
        ])
        .unwrap();
        assert!(
            slow.contains("spread: map_read ×1.54; price your tasks"),
            "{slow}"
        );
        assert!(!slow.contains("prefetch_to_host"), "{slow}");
        // The link off the model: calibrating measures it.
        assert!(slow.ends_with("or calibrate this machine (a calibration measures the link's passes as the probe does)"), "{slow}");
        // A migrating step off the model (the first writes after a prefetch back at 1.35x, ± 5 %,
        // as on run233's VM): the probe, not a calibration, prices it.
        let step = at(TermId::CpuAfterPrefetch, 1.35, 0.05);
        let migrating = probe_verdict(&[step, at(TermId::MapRead, 1.0, 0.01)]).unwrap();
        assert!(
            migrating.contains("cpu_after_prefetch ×1.35; price your tasks")
                && migrating.contains("would not price them as this probe does")
                && !migrating.contains("or calibrate"),
            "{migrating}"
        );
        let both = probe_verdict(&[step, at(TermId::MapRead, 1.54, 0.01)]).unwrap();
        assert!(
            both.contains("cpu_after_prefetch ×1.35, map_read ×1.54")
                && both.ends_with(
                    "measures the link's passes as the probe does, not the migrating steps"
                ),
            "{both}"
        );
        // run272's slow link: the managed passes far off are named apart, as passes `--probe`
        // prices from the pinned ones; alone, they ask for nothing.
        let slow = probe_verdict(&[
            at(TermId::MapRead, 1.47, 0.01),
            at(TermId::ManagedMapWrite, 2.41, 0.08),
        ])
        .unwrap();
        assert!(
            slow.contains("spread: map_read ×1.47; price your tasks")
                && slow.ends_with(
                    "; managed_map_write ×2.41 is a pass over managed pages kept on the host, \
                     which `--probe` prices from its pinned passes, as tasks paid them: it times \
                     these right after filling them on every core, which a slow link charged up \
                     to 3.5× (NOTES.md, \"The link probe\")"
                ),
            "{slow}"
        );
        let alone = probe_verdict(&[
            at(TermId::MapRead, 1.0, 0.01),
            at(TermId::ManagedMapWrite, 2.41, 0.08),
            at(TermId::ManagedMapRead, 1.8, 0.05),
        ])
        .unwrap();
        assert!(
            alone.starts_with("no other figure lies off the model's price")
                && alone.contains("managed_map_write ×2.41, managed_map_read ×1.80 are passes")
                && !alone.contains("price your tasks at these rates"),
            "{alone}"
        );
        // The migration after one thread's writes off the model (run318's second probe, 1.39x):
        // shown only, and not as a pass over managed pages; beside a priced step, named apart.
        let one = at(TermId::FaultInScalarOneThread, 1.39, 0.05);
        let shown = probe_verdict(&[one]).unwrap();
        assert!(
            shown.starts_with("no other figure lies off the model's price")
                && shown.ends_with(
                    "; fault_in_scalar_one_thread ×1.39 is the migration after one thread's \
                     writes, shown only: `--probe` moves its term with fault_in, as pricing from \
                     it missed more (NOTES.md, \"The migration probe\")"
                )
                && !shown.contains("managed pages"),
            "{shown}"
        );
        let beside = probe_verdict(&[one, step]).unwrap();
        assert!(
            beside.contains("spread: cpu_after_prefetch ×1.35; price your tasks")
                && beside.contains("; fault_in_scalar_one_thread ×1.39 is the migration"),
            "{beside}"
        );
        // The sparse cell off the calibration's own (×0.80, ± 5 %): named apart where rule S
        // was not adopted; where it was (the H100's terms), a figure to price with.
        let sparse = at(TermId::CpuFaultRun, 0.8, 0.05);
        let apart = probe_verdict(&[sparse]).unwrap();
        assert!(
            apart.starts_with("no other figure lies off")
                && apart.contains("; cpu_fault_run ×0.80 is the CPU's sparse writes")
                && apart.contains("only where rule S was adopted"),
            "{apart}"
        );
        let priced = probe_verdict(&[ProbeAgainst {
            priced: true,
            ..sparse
        }])
        .unwrap();
        assert!(
            priced.contains("spread: cpu_fault_run ×0.80; price your tasks")
                && !priced.contains("sparse writes"),
            "{priced}"
        );
    }

    #[test]
    fn only_the_unprobed_fallback_on_this_gpus_embedded_model_is_told_to_probe() {
        let embedded = ModelSource::Embedded("h100");
        assert!(
            probe_hint(&embedded, false, false, false).is_some_and(|h| h.contains("umodel probe"))
        );
        // Probed already; or a model the user named, perhaps on a machine without that GPU; or
        // the stamp's warning on this host's L3 said to probe already.
        assert_eq!(probe_hint(&embedded, false, true, false), None);
        assert_eq!(probe_hint(&embedded, true, false, false), None);
        assert_eq!(probe_hint(&embedded, false, false, true), None);
        // A model of this machine, or a file, measured the machine it was made for.
        for src in [
            ModelSource::Calibrated("m.json".into()),
            ModelSource::File("m.json".into()),
        ] {
            assert_eq!(probe_hint(&src, false, false, false), None);
        }
    }
}
