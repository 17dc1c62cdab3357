//! Output: aligned text for people, JSON (snake_case keys, units in names) for programs.

use std::path::Path;

use anyhow::Result;
use serde::Serialize;

use crate::model::{
    self, Choice, FitReport, LsqFit, PlatformModel, Prediction, ValidationReport, ValidationSummary,
};
use crate::policy::Policy;
use crate::stats::Estimate;
use crate::store::ModelSource;
use crate::units::format_size;

/// Milliseconds with about four significant digits.
pub(crate) fn ms(x: f64) -> String {
    let a = x.abs();
    if a >= 1000.0 {
        format!("{x:.0}")
    } else if a >= 100.0 {
        format!("{x:.1}")
    } else if a >= 10.0 {
        format!("{x:.2}")
    } else if a >= 1.0 {
        format!("{x:.3}")
    } else {
        format!("{x:.4}")
    }
}

/// A count that may be fractional (a term's calls: one fault run per touched stretch of pages, a
/// share of a buffer's): whole as an integer, else to one decimal, never f64's seventeen digits.
pub(crate) fn count(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x:.1}")
    }
}

fn reuse(r: f64) -> String {
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r}")
    }
}

/// Prints `v` as indented JSON, its fields in the order its type declares them.
pub(super) fn json<T: Serialize + ?Sized>(v: &T) -> Result<()> {
    out!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// Prints `v` as indented JSON with every object's keys in alphabetical order (through
/// [`serde_json::Value`]): the order the answers of [`super::answer`], `fit`, `bench` and
/// `calibrate` have always printed in.
pub(super) fn json_sorted<T: Serialize + ?Sized>(v: &T) -> Result<()> {
    json(&super::answer::value(v))
}

pub(super) fn predict_text(m: &PlatformModel, _src: &ModelSource, p: &Prediction, explain: bool) {
    let interval = if p.interval_ms[1] > p.interval_ms[0] {
        format!(
            "90% interval {}–{} ms",
            ms(p.interval_ms[0]),
            ms(p.interval_ms[1])
        )
    } else {
        // gb200-paper: fitted from single published values, so no trial spread to build one from.
        "no interval: the model has no trial statistics".to_string()
    };
    out!(
        "{} at {}, R = {}: {} ms  ({interval})",
        p.policy,
        format_size(p.bytes),
        reuse(p.reuse),
        ms(p.time_ms),
    );
    out!(
        "  = fixed F {} ms + {} × per-pass G {} ms",
        ms(p.fixed_ms),
        reuse(p.reuse),
        ms(p.per_pass_ms)
    );
    if let Some(c) = p.cpu_given_ms {
        out!(
            "  F holds the CPU update as given, {} ms, not the calibrated one (the interval holds the run-to-run shift of the rest, not the CPU's)",
            ms(c)
        );
    }
    if p.extrapolated {
        let (lo, hi) = m
            .policy(p.policy)
            .map(|pm| pm.calibrated_range())
            .unwrap_or((0, 0));
        out!(
            "  extrapolated: {} is outside the sizes calibrated for {} ({} … {}) or their L2 regime",
            format_size(p.bytes),
            p.policy,
            format_size(lo),
            format_size(hi)
        );
    }
    if explain {
        let e = model::explain(m, p);
        out!("  decomposition:");
        for part in &e.parts {
            out!(
                "    {:<11} {:>10} ms  {}",
                part.kind,
                ms(part.ms),
                part.basis
            );
        }
        for note in &e.notes {
            out!("    note: {note}");
        }
    }
}

/// The line that says a query did not use the calibrated CPU update.
fn cpu_scale_line(cpu_scale: Option<f64>) {
    if let Some(k) = cpu_scale {
        out!("  (every policy's CPU update taken as {k} × the calibrated one)");
    }
}

pub(super) fn choose_text(c: &Choice, cpu_scale: Option<f64>) {
    out!(
        "At {}, R = {}{}:",
        format_size(c.bytes),
        reuse(c.reuse),
        if c.extrapolated {
            " (extrapolated)"
        } else {
            ""
        }
    );
    cpu_scale_line(cpu_scale);
    out!(
        "  {:<4} {:<24} {:>10} {:>10}",
        "rank",
        "policy",
        "time_ms",
        "spread_ms"
    );
    for (i, r) in c.ranking().iter().enumerate() {
        out!(
            "  {:<4} {:<24} {:>10} {:>10}",
            i + 1,
            r.policy.name(),
            ms(r.time_ms),
            ms(r.spread_ms)
        );
    }
    if c.tie() {
        let names: Vec<&str> = c.tied().iter().map(|r| r.policy.name()).collect();
        out!(
            "best: tie between {} (their gap is within the measured noise)",
            names.join(", ")
        );
    } else {
        out!("best: {}", c.best());
    }
}

/// `winner`: the faster above R* where the lines cross, else the faster for every R ≥ 1.
pub(super) fn breakeven_text(
    a: Policy,
    b: Policy,
    bytes: u64,
    r: Option<f64>,
    winner: Policy,
    cpu_scale: Option<f64>,
) {
    cpu_scale_line(cpu_scale);
    match r {
        Some(r) => {
            let slower_above = if winner == a { b } else { a };
            out!("At {}: R* = {:.3}", format_size(bytes), r);
            out!("  {slower_above} is faster below R*, {winner} above it");
        }
        None => out!(
            "At {}: no break-even at R ≥ 1 ({winner} is at least as fast for every R ≥ 1)",
            format_size(bytes)
        ),
    }
}

pub(super) fn validate_text(
    src: &ModelSource,
    r: &ValidationReport,
    failed_rows: usize,
    verbose: bool,
) {
    let s = &r.summary;
    out!(
        "Validation of {src} on {} ({} points, target: {:?} of trials)",
        s.source,
        s.n_points,
        s.target
    );
    if failed_rows > 0 {
        out!("  {failed_rows} rows with a failed check were excluded");
    }
    if verbose {
        out!(
            "  {:<24} {:>9} {:>5} {:>11} {:>11} {:>8} {:>4}",
            "policy",
            "bytes",
            "R",
            "measured",
            "predicted",
            "APE %",
            "in90"
        );
        for p in &r.points {
            out!(
                "  {:<24} {:>9} {:>5} {:>11} {:>11} {:>8.2} {:>4}{}",
                p.policy.name(),
                format_size(p.bytes),
                p.reuse,
                ms(p.measured_ms),
                ms(p.predicted_ms),
                p.ape_pct,
                if p.in_interval { "yes" } else { "no" },
                if p.extrapolated {
                    "  (extrapolated)"
                } else {
                    ""
                }
            );
        }
    }
    out!(
        "  {:<24} {:>6} {:>12} {:>10}",
        "policy",
        "points",
        "median APE %",
        "max APE %"
    );
    for e in &s.per_policy {
        out!(
            "  {:<24} {:>6} {:>12.2} {:>10.2}",
            e.policy.name(),
            e.points,
            e.median_ape_pct,
            e.max_ape_pct
        );
    }
    out!(
        "  {:<24} {:>6} {:>12.2} {:>10.2}",
        "all",
        s.n_points,
        s.median_ape_pct,
        s.max_ape_pct
    );
    out!(
        "  90% intervals contain {:.1}% of the measured values{}",
        s.interval_coverage_pct,
        s.interval_coverage_trials_only_pct
            .map(|c| format!(
                " ({c:.1}% without the model's run-to-run shift, trial statistics alone)"
            ))
            .unwrap_or_default()
    );
    if s.picks_total > 0 {
        out!(
            "  policy picks: {}/{} right; {}/{} where the measured gap exceeds the spread; {}/{} cells inside the noise called a tie",
            s.picks_correct, s.picks_total, s.clear_picks_correct, s.clear_picks_total, s.unclear_ties_declared, s.unclear_total
        );
        for p in r.picks.iter().filter(|p| !p.correct) {
            out!(
                "    wrong at {} R = {}: measured best {} (gap {} ms, spread {} ms), predicted {}",
                format_size(p.bytes),
                p.reuse,
                p.measured_best,
                ms(p.measured_gap_ms),
                ms(p.measured_spread_ms),
                p.predicted_best
            );
        }
    }
    for b in &s.break_even {
        let pred = b
            .predicted_r_star
            .map(|r| format!("{r:.2}"))
            .unwrap_or_else(|| "none".into());
        let meas = b
            .measured_bracket
            .map(|[lo, hi]| format!("between R = {lo} and {hi}"))
            .unwrap_or_else(|| "no flip measured".into());
        out!(
            "  break-even {} vs {} at {}: predicted R* = {pred}; measured: {meas}",
            b.a,
            b.b,
            format_size(b.bytes)
        );
    }
}

fn knot_table(m: &PlatformModel) {
    out!(
        "  {:<24} {:>9} {:>22} {:>12} {:>12} {:>9} {:>14}",
        "policy",
        "bytes",
        "T(R=1) ms [min–max] n",
        "G ms/pass",
        "F ms",
        "CPU ms",
        "LSQ F / G"
    );
    for pm in &m.policies {
        for k in &pm.knots {
            let lsq = k
                .lsq
                .as_ref()
                .map(|l| format!("{} / {}", ms(l.f_ms.point), ms(l.g_ms.point)))
                .unwrap_or_default();
            // The CPU update inside F (what --cpu-ms replaces), where the model keeps it apart.
            let cpu = k
                .cpu_stage_ms
                .as_ref()
                .map(|c| ms(m.settings.statistic.of(c)))
                .unwrap_or_else(|| "-".into());
            out!(
                "  {:<24} {:>9} {:>22} {:>12} {:>12} {:>9} {:>14}",
                pm.policy.name(),
                format_size(k.bytes),
                format!(
                    "{} [{}–{}] {}",
                    ms(k.t1_ms.median),
                    ms(k.t1_ms.min),
                    ms(k.t1_ms.max),
                    k.t1_ms.n
                ),
                ms(m.settings.statistic.of(&k.g_ms)),
                format!("{}±{}", ms(k.f_ms.point), ms(k.f_ms.se)),
                cpu,
                lsq
            );
        }
    }
}

/// `fit --json`: where the model went, what the fit used, and each policy's knots.
#[derive(Serialize)]
pub(super) struct FitAnswer<'a> {
    /// The model file written.
    model: String,
    policies: Vec<FitPolicy<'a>>,
    rows_failed: usize,
    rows_used: usize,
    /// The held-out check on the cells the fit did not use, where there were any.
    validation: Option<&'a ValidationSummary>,
    warnings: &'a [String],
}

/// One policy of a [`FitAnswer`].
#[derive(Serialize)]
struct FitPolicy<'a> {
    knots: Vec<FitKnot<'a>>,
    policy: Policy,
}

/// One calibrated size of a [`FitPolicy`], each time the model's statistic of its trials.
#[derive(Serialize)]
struct FitKnot<'a> {
    bytes: u64,
    /// The CPU update inside the R = 1 alternations, where recorded.
    cpu_stage_ms: Option<f64>,
    f_ms: &'a Estimate,
    g_ms: f64,
    lsq: &'a Option<LsqFit>,
    t1_ms: f64,
}

impl<'a> FitAnswer<'a> {
    pub(super) fn new(m: &'a PlatformModel, report: &'a FitReport, out: &Path) -> FitAnswer<'a> {
        let stat = m.settings.statistic;
        FitAnswer {
            model: out.display().to_string(),
            policies: m
                .policies
                .iter()
                .map(|pm| FitPolicy {
                    knots: pm
                        .knots
                        .iter()
                        .map(|k| FitKnot {
                            bytes: k.bytes,
                            cpu_stage_ms: k.cpu_stage_ms.as_ref().map(|c| stat.of(c)),
                            f_ms: &k.f_ms,
                            g_ms: stat.of(&k.g_ms),
                            lsq: &k.lsq,
                            t1_ms: stat.of(&k.t1_ms),
                        })
                        .collect(),
                    policy: pm.policy,
                })
                .collect(),
            rows_failed: report.rows_failed,
            rows_used: report.rows_used,
            validation: m.validation.as_ref(),
            warnings: &report.warnings,
        }
    }
}

pub(super) fn fit_text(m: &PlatformModel, report: &FitReport, out: &Path) {
    out!(
        "Fitted {} policies from {} ({} rows used, {} failed rows excluded); wrote {}",
        m.policies.len(),
        m.provenance.source_csv,
        report.rows_used,
        report.rows_failed,
        out.display()
    );
    knot_table(m);
    for w in &report.warnings {
        out!("  warning: {w}");
    }
    if let Some(v) = &m.validation {
        out!(
            "  held-out check ({} points not used for F and G): median APE {:.2} %, max {:.2} %, picks {}/{}",
            v.n_points, v.median_ape_pct, v.max_ape_pct, v.picks_correct, v.picks_total
        );
    }
}

/// The task terms a model prices tasks with (`predict|choose|breakeven --task`): each term's
/// latency and rate with its standard error, the cells and sizes behind it, and how far it moved
/// between calibrations where that was measured.
fn task_terms_table(t: &crate::model::TaskTerms) {
    match t.fit.pooled_over {
        0 => out!(
            "  task terms ({} fitted jointly over {} cells, residual scale {:.2}):",
            t.iter().count(),
            t.fit.cells,
            t.fit.residual_scale
        ),
        n => out!(
            "  task terms ({}, each from the calibration at their median of {n} joint fits over {} cells in all, residual scale {:.2} at the median):",
            t.iter().count(),
            t.fit.cells,
            t.fit.residual_scale
        ),
    }
    let w = crate::model::TermId::NAME_WIDTH;
    out!(
        "    {:<w$} {:>10} {:>20} {:>5}  {:<17} between calibrations",
        "term",
        "latency ms",
        "ms/GiB ± se",
        "cells",
        "sizes"
    );
    for (id, c) in t.iter() {
        let sizes = if c.sizes[0] == c.sizes[1] {
            format_size(c.sizes[0])
        } else {
            format!("{}–{}", format_size(c.sizes[0]), format_size(c.sizes[1]))
        };
        out!(
            "    {:<w$} {:>10.4} {:>20} {:>5}  {:<17} {}",
            id.name(),
            c.lat_ms,
            format!("{:.3} ± {:.3}", c.ms_per_gib, c.cov[2].max(0.0).sqrt()),
            c.cells,
            sizes,
            if c.run_shift > 0.0 {
                format!("{:.1} % RMS", 100.0 * c.run_shift)
            } else {
                "not measured here".into()
            }
        );
    }
    let at = crate::store::CHECK_TASK_TERMS_AT;
    for p in t.priced_from_pool() {
        out!(
            "    {} priced from a pool of {} calibrations of this GPU: {:.3} ms at {} ({} measured {:.3})",
            p.term.name(),
            p.calibrations,
            t.cost_at(p.term, at as f64).unwrap_or(f64::NAN),
            format_size(at),
            t.whose_fit(),
            p.own.at(at as f64)
        );
    }
    for p in t.pools() {
        out!(
            "    pool for calibrations of this GPU: {} at {:.3} ms at {} (the median of {} calibrations, {:.3}–{:.3}; spread {:.1} % RMS)",
            p.term.name(),
            p.cost.at(at as f64),
            format_size(at),
            p.calibrations,
            p.range_ms[0],
            p.range_ms[1],
            100.0 * p.cost.run_shift
        );
    }
    if let Some(f) = t.faults_under_compute() {
        out!(
            "    faults under a compute-bound kernel: {:.0} % of what the kernel could hide stays exposed (± {:.0} %, {} trials at {})",
            100.0 * f.share,
            100.0 * f.se,
            f.trials,
            format_size(f.bytes)
        );
    }
    match t.link_under_faults() {
        Some(l) => out!(
            "    a pass's wait on the link hidden under first-touch faults: {:.0} % where pages migrate, {:.0} % where read-mostly pages are duplicated ({})",
            100.0 * l.migrating,
            100.0 * l.duplicating,
            // Every fit carries the H200's shares; a model of another GPU carries them unmeasured
            // there (NOTES.md, "A second platform: the H100").
            if *l == crate::model::task::LinkUnderFaults::MEASURED {
                "faultmix.cu on an H200 VM, calibration/h200/run189; not measured on other GPUs"
            } else {
                "as this model file gives them"
            }
        ),
        None => out!(
            "    a pass's wait on the link hidden under first-touch faults: not in this model (fitted before it; `umodel fit` of its calibration CSV adds it)"
        ),
    }
    if let Some(shares) = fault_back_shares(t) {
        out!("    faults back on many host threads, of one thread's cost: {shares}");
    }
}

/// The shares many host threads pay to fault pages back, of one thread's cost, reading all of 64
/// and 256 MiB, and, where the model has the sparse writes' terms, writing one page in ten of 64
/// MiB (`calibrate`'s summary and `show`); `None` where the model prices none.
pub(super) fn fault_back_shares(t: &crate::model::TaskTerms) -> Option<String> {
    use crate::model::task::THREAD_COUNTS;
    let at = |what: String, bytes: f64, runs: f64| -> Option<String> {
        let v: Vec<String> = THREAD_COUNTS
            .iter()
            .filter_map(|c| {
                t.fault_back_share(c.threads, bytes, runs)
                    .map(|s| format!("{} threads {s:.2}", c.threads))
            })
            .collect();
        (!v.is_empty()).then(|| format!("{what}: {}", v.join(", ")))
    };
    let mut parts: Vec<String> = [64u64 << 20, 256 << 20]
        .into_iter()
        .filter_map(|b| {
            at(
                format!("at {}", crate::units::format_size(b)),
                b as f64,
                0.0,
            )
        })
        .collect();
    if THREAD_COUNTS.iter().any(|c| t.get(c.run).is_some()) {
        // A tenth of the pages, each its own run (as the calibration's sparse cells write them).
        let pages = (64u64 << 20) as f64 / 4096.0;
        let bytes = (64u64 << 20) as f64 / 10.0;
        parts.extend(at("one page in ten of 64 MiB".into(), bytes, pages / 10.0));
    }
    (!parts.is_empty()).then(|| parts.join("; "))
}

pub(super) fn show_text(m: &PlatformModel, src: &ModelSource) {
    let p = &m.platform;
    out!("Model: {src}");
    out!("  platform: {}", m.describe());
    for (k, v) in [
        ("gpu", p.gpu.clone()),
        ("compute capability", p.compute_capability.clone()),
        (
            "driver / CUDA",
            format!("{} / {}", p.driver_version, p.cuda_version),
        ),
        ("link", p.link.clone()),
        ("host CPU", p.host_cpu.clone()),
        (
            "host L3",
            p.host_l3_bytes.map(format_size).unwrap_or_default(),
        ),
        ("host kernel", p.host_kernel.clone()),
        ("L2", p.l2_bytes.map(format_size).unwrap_or_default()),
    ] {
        if !v.trim().is_empty() && v.trim() != "/" {
            out!("  {k}: {v}");
        }
    }
    out!(
        "  fitted {} by umodel {} (statistic: {:?})",
        m.provenance.created_utc,
        m.provenance.umodel_version,
        m.settings.statistic
    );
    if let Some(t) = &m.provenance.measured_utc {
        out!("  measured {t}");
    }
    match &m.stamp {
        Some(st) => out!("  measured under: {}", st.words()),
        None => out!("  measured under: no stamp recorded (fitted before stamps; the platform facts above stand in)"),
    }
    knot_table(m);
    if let Some(t) = &m.terms {
        out!("  terms:");
        for v in &t.values {
            out!(
                "    {:<36} {:>10.4} [{:.4}–{:.4}] n={} at {}",
                v.name,
                v.value,
                v.min,
                v.max,
                v.n,
                format_size(v.bytes)
            );
        }
    }
    if let Some(t) = &m.task_terms {
        task_terms_table(t);
    }
    if let Some(n) = &m.noise {
        out!(
            "  noise (robust SD of one trial / median): alternating {:.1} %, GPU-only {:.1} %{}{}",
            100.0 * n.alternating_rel_sd,
            100.0 * n.gpu_only_rel_sd,
            n.cpu_only_rel_sd
                .map(|c| format!(", CPU-only {:.1} %", 100.0 * c))
                .unwrap_or_default(),
            n.between_run_rel_sd
                .map(|b| format!("; between runs {:.1} % RMS (in the intervals)", 100.0 * b))
                .unwrap_or_default()
        );
        for note in &n.notes {
            out!("    {note}");
        }
    }
    if !m.settings.platform_extra_rel_sd.is_empty() {
        let each: Vec<String> = m
            .settings
            .platform_extra_rel_sd
            .iter()
            .map(|(p, s)| format!("{p} {:.1} %", 100.0 * s))
            .collect();
        out!(
            "  between runs without the CPU update (in intervals given --cpu-ms/--cpu-scale): {}",
            each.join(", ")
        );
    }
    if let Some(v) = &m.validation {
        out!(
            "  validation on {}: {} points, median APE {:.2} %, max {:.2} %, picks {}/{}, 90% coverage {:.0} %{}",
            v.source, v.n_points, v.median_ape_pct, v.max_ape_pct, v.picks_correct, v.picks_total, v.interval_coverage_pct,
            v.interval_coverage_trials_only_pct.map(|c| format!(" ({c:.0} % from the trial statistics alone)")).unwrap_or_default()
        );
    }
    for o in &m.other_runs {
        out!(
            "  checked against {} ({} cells): median APE {:.2} %, max {:.2} %{}",
            o.source,
            o.n_points,
            o.median_ape_pct,
            o.max_ape_pct,
            o.given_cpu_median_ape_pct
                .map(|g| format!("; {g:.2} % given each trial's CPU update"))
                .unwrap_or_default()
        );
    }
    if let Some(p) = &m.peer {
        for pair in &p.pairs {
            let gbps = |s: crate::peer::PeerStep| {
                pair.steps
                    .get(&s)
                    .and_then(|c| c.gbps())
                    .map_or("–".to_string(), |g| format!("{g:.0}"))
            };
            use crate::peer::PeerStep::*;
            out!(
                "  data on GPU {} used on GPU {}: peer copy {} / {} GB/s in/out, peer read {} GB/s, staged {} GB/s, managed prefetch {} GB/s, faulting pass {} GB/s ({} steps; --from-device {})",
                pair.from, pair.to, gbps(CopyIn), gbps(CopyOut), gbps(AccessRead), gbps(StagedIn),
                gbps(PrefetchIn), gbps(FaultInplace), pair.steps.len(), pair.from
            );
        }
        for c in &p.contention {
            out!(
                "  {} with {} GPUs at once: {:.2}x the time alone (worst GPU {:.2}x): {}",
                c.what.label(),
                c.gpus,
                c.factor,
                c.worst,
                if c.contended {
                    "contended"
                } else {
                    "no contention beyond the noise"
                }
            );
        }
    }
    for n in shown_notes(&m.provenance.notes) {
        out!("  note: {n}");
    }
}

/// The provenance notes as `show` prints them: a run of more than [`FOLD_AFTER`] notes naming
/// the calibrations task terms were fitted from (the shipped H200 model names thirty, one line
/// and a SHA-256 each) becomes one line naming their number, the first and the last; the file
/// and `show --json` keep every note.
fn shown_notes(notes: &[String]) -> Vec<String> {
    const FROM: &str = "task terms fitted from ";
    let mut out = Vec::with_capacity(notes.len());
    let mut i = 0;
    while i < notes.len() {
        let run = notes[i..]
            .iter()
            .take_while(|n| n.starts_with(FROM))
            .count();
        if run > FOLD_AFTER {
            let path = |n: &str| {
                let rest = &n[FROM.len()..];
                path_at(rest).map_or(rest, |(p, _)| p).to_string()
            };
            out.push(format!(
                "task terms fitted from {run} calibrations, {} … {} (each with its SHA-256: `show --json`)",
                path(&notes[i]),
                path(&notes[i + run - 1])
            ));
            i += run;
        } else {
            out.push(fold_paths(&notes[i]));
            i += 1;
        }
    }
    out
}

/// How many "task terms fitted from" notes, or files in one note's list, `show` prints one by one
/// before folding them.
const FOLD_AFTER: usize = 3;

/// A file's path in a note, with the SHA-256 a note may give it: `(path, its length in the text)`
/// where `s` starts with one.
fn path_at(s: &str) -> Option<(&str, usize)> {
    let end = s.find([' ', ',']).unwrap_or(s.len());
    let path = &s[..end];
    if !(path.contains('/') && path.ends_with(".csv")) {
        return None;
    }
    let rest = &s[end..];
    let sha = rest
        .strip_prefix(" (sha256 ")
        .filter(|r| r.len() > 64 && r.as_bytes()[64] == b')')
        .filter(|r| r[..64].bytes().all(|b| b.is_ascii_hexdigit()))
        .map_or(0, |_| " (sha256 ".len() + 65);
    Some((path, end + sha))
}

/// A note with a list of more than [`FOLD_AFTER`] files (the calibrations a pooled model's shifts
/// or pool come from, thousands of characters in the shipped H200 model) says how many, the first
/// and the last instead; `show --json` keeps the list.
fn fold_paths(note: &str) -> String {
    const SEP: &str = ", ";
    let mut out = String::with_capacity(note.len().min(400));
    let mut rest = note;
    while let Some(at) = rest
        .char_indices()
        .filter(|&(i, _)| i == 0 || rest[..i].ends_with(' '))
        .map(|(i, _)| i)
        .find(|&i| path_at(&rest[i..]).is_some())
    {
        let (first, mut len) = path_at(&rest[at..]).unwrap();
        let (mut last, mut n) = (first, 1);
        while let Some((p, l)) = rest[at + len..].strip_prefix(SEP).and_then(path_at) {
            (last, n) = (p, n + 1);
            len += SEP.len() + l;
        }
        out.push_str(&rest[..at]);
        if n > FOLD_AFTER {
            out.push_str(&format!(
                "{n} files, {first} … {last} (each: `show --json`)"
            ));
        } else {
            out.push_str(&rest[at..at + len]);
        }
        rest = &rest[at + len..];
    }
    out.push_str(rest);
    out
}

pub(super) fn ablation_text(csv: &Path, rows: &[crate::calibrate::AblationRow]) {
    out!("Ablation on {} (fit on R = 1 + GPU-only rows of the plan; validate on every other alternating cell)", csv.display());
    out!(
        "  {:<34} {:>6} {:>7} {:>13} {:>9} {:>7} {:>8} {:>8} {:>9} {:>7}",
        "sizes",
        "trials",
        "stat",
        "size model",
        "measure s",
        "points",
        "med APE",
        "max APE",
        "clear ok",
        "cov %"
    );
    for r in rows {
        let sizes: Vec<String> = r
            .sizes
            .iter()
            .map(|b| format_size(*b).replace(' ', ""))
            .collect();
        out!(
            "  {:<34} {:>6} {:>7} {:>13} {:>9.1} {:>7} {:>8.2} {:>8.2} {:>9} {:>7.0}",
            sizes.join(","),
            r.max_trials
                .map(|k| k.to_string())
                .unwrap_or_else(|| "all".into()),
            format!("{:?}", r.statistic).to_lowercase(),
            format!(
                "{}{}",
                if r.interpolation == crate::model::Interpolation::LogLog {
                    "loglog"
                } else {
                    "linear"
                },
                if r.l2_split { "+L2" } else { "" }
            ),
            r.measure_s,
            r.points,
            r.median_ape_pct,
            r.max_ape_pct,
            format!("{}/{}", r.clear_picks_correct, r.clear_picks_total),
            r.coverage_pct
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_of_files_in_a_note_is_folded_and_a_short_one_kept() {
        let sha = "ab".repeat(32);
        let list = |n: usize, with_sha: bool| {
            (1..=n)
                .map(|i| {
                    if with_sha {
                        format!("c/run{i}/m.csv (sha256 {sha})")
                    } else {
                        format!("c/run{i}/m.csv")
                    }
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let note = format!(
            "moved between the median and {} (36 terms; most: x 71 %)",
            list(30, false)
        );
        assert_eq!(
            fold_paths(&note),
            "moved between the median and 30 files, c/run1/m.csv … c/run30/m.csv (each: `show --json`) (36 terms; most: x 71 %)"
        );
        let note = format!("pools over 31 calibrations: {}", list(31, true));
        assert_eq!(
            fold_paths(&note),
            "pools over 31 calibrations: 31 files, c/run1/m.csv … c/run31/m.csv (each: `show --json`)"
        );
        // Three or fewer, and notes without files, print as they are.
        for note in [
            format!("shift over {} and more", list(3, true)),
            "CPU update: single thread pinned to core 15, then 4".to_string(),
            "a/b.csv, not a list".to_string(),
            String::new(),
        ] {
            assert_eq!(fold_paths(&note), note);
        }
    }
}
