//! Fitting a platform model from a measurement table.
//!
//! The paper's estimator (seed 000, §VIII-B): `G_p(B)` is the GPU-only pass, `F_p(B) = T_p(B,1) − G_p(B)`
//! from the alternating rows at R = 1, so alternating rows at other R stay held out for validation.
//! Where several R were measured at a size, a weighted least-squares fit of `T = F + R·G` over them is
//! reported beside it (never used for predictions, so held-out rows stay held out).

use std::collections::BTreeMap;
use std::path::Path;

use nalgebra::{Matrix2, Vector2};

use super::{
    Knot, LsqFit, NoiseReport, PlatformModel, PolicyModel, Provenance, Settings, Statistic,
    SCHEMA_VERSION,
};
use crate::platform::Platform;
use crate::policy::Policy;
use crate::stats::{median, Estimate, Summary};
use crate::store;
use crate::table::Table;
use crate::table::{HandoffCase, Stage};

/// Why no model could be fitted.
#[derive(Debug, thiserror::Error)]
pub enum FitError {
    /// No policy has both GPU-only and R = 1 alternating rows at one size (of those fitted).
    #[error(
        "{path}: no policy has both `gpu_only` rows and `alternating` rows at R = 1 in group `handoff` \
         (a handoff calibration needs both, per policy and size; {rows} usable rows, {failed} failed)"
    )]
    NoHandoff {
        /// The measurement CSV.
        path: String,
        /// Its usable rows.
        rows: usize,
        /// Its rows whose check failed.
        failed: usize,
    },
    /// A handoff `alternating` row has an empty `reuse`.
    #[error("{path}:{line}: `alternating` row without a `reuse` value (R must be given, ≥ 1)")]
    MissingReuse {
        /// The measurement CSV.
        path: String,
        /// The row's line (1 = header).
        line: usize,
    },
    /// A handoff `alternating` row has `reuse` 0.
    #[error(
        "{path}:{line}: `alternating` row with reuse 0 (R counts GPU passes per CPU update, ≥ 1)"
    )]
    ZeroReuse {
        /// The measurement CSV.
        path: String,
        /// The row's line (1 = header).
        line: usize,
    },
}

/// How to fit.
#[derive(Debug, Clone, Default)]
pub struct FitOptions {
    /// The statistic that stands for a cell (median unless told).
    pub statistic: Statistic,
    /// Platform facts (from the run's facts file); the L2 size sets the size model's regimes.
    pub platform: Platform,
    /// Only calibrate at these sizes (the others stay held out); all when `None`.
    pub sizes: Option<Vec<u64>>,
    /// Provenance to record (source path and hash are filled by the caller).
    pub provenance: Provenance,
    /// Split the size model at the platform's L2 size. Off by default: on the H200 the split made
    /// held-out errors worse (NOTES.md, ablation), because F is dominated by host-side work that does
    /// not care about the GPU's L2.
    pub l2_split: bool,
    /// Interpolation between calibrated sizes.
    pub interpolation: super::Interpolation,
    /// What the run was measured under (its facts file's stamp), recorded in the model.
    pub stamp: Option<crate::stamp::Stamp>,
    /// Fit the handoff as before the host-level prefetch back: keep no
    /// [`Knot::host_prefetch_ms`], so a given CPU update leaves the prefetch back as calibrated.
    /// What reproduces the embedded models and every model fitted before 2026-12-03.
    pub no_host_level: bool,
}

/// What the fit did, for the person running it.
#[derive(Debug, Clone, Default)]
pub struct FitReport {
    /// Usable rows of the table (check `ok` or empty).
    pub rows_used: usize,
    /// Rows whose check failed: excluded.
    pub rows_failed: usize,
    /// Things skipped and why (a policy measured at R = 1 without GPU-only rows, …).
    pub warnings: Vec<String>,
}

#[derive(Default)]
struct Cells {
    gpu_only: BTreeMap<(Policy, u64), Vec<f64>>,
    cpu_only: BTreeMap<(Policy, u64), Vec<f64>>,
    alternating: BTreeMap<(Policy, u64, u32), Vec<f64>>,
    /// R = 1 alternations: each trial's CPU stage, and the trial less it.
    cpu_stage: BTreeMap<(Policy, u64), Vec<f64>>,
    t1_platform: BTreeMap<(Policy, u64), Vec<f64>>,
    /// R = 1 alternations of the prefetching policies: each trial's prefetch back to the host.
    host_prefetch: BTreeMap<(Policy, u64), Vec<f64>>,
}

/// The policies whose movement back is the driver writing host pages ([`Knot::host_prefetch_ms`]).
/// An explicit copy back into its host buffer is not scaled: shifting its `stage:move_out` with
/// the CPU update took its cells from 0.23 to 2.31 % median error against the full runs
/// (`calibration/h200/heldout-back/sim.txt`; NOTES.md, "The prefetch back at the host's level").
pub const HOST_LEVEL_PREFETCH: [Policy; 2] =
    [Policy::ManagedPrefetch, Policy::ManagedAdvisePrefetch];

/// Each handoff `alternating` row with the CPU update of its own trial (the `stage:cpu` row of the
/// same policy, size, R and trial), in row order. Tables joined from several files repeat trial
/// numbers, so the n-th alternation of a (cell, trial) is paired with the n-th CPU stage of it.
pub(crate) fn alternations_with_cpu(table: &Table) -> Vec<(&crate::table::Row, Option<f64>)> {
    type Key = (Policy, u64, Option<u32>, u32);
    let mut cpu: BTreeMap<Key, std::collections::VecDeque<f64>> = BTreeMap::new();
    for r in table.select(&HandoffCase::Stage(Stage::Cpu)) {
        cpu.entry((r.policy, r.bytes, r.reuse, r.trial))
            .or_default()
            .push_back(r.time_ms);
    }
    table
        .select(&HandoffCase::Alternating)
        .map(|r| {
            let c = cpu
                .get_mut(&(r.policy, r.bytes, r.reuse, r.trial))
                .and_then(|q| q.pop_front());
            (r, c)
        })
        .collect()
}

/// Fits a model from `table`.
pub fn fit(table: &Table, opts: &FitOptions) -> Result<(PlatformModel, FitReport), FitError> {
    let path = table.source.display().to_string();
    let mut cells = Cells::default();
    for r in table.rows.iter().filter(|r| r.group == HandoffCase::GROUP) {
        let in_sizes = opts.sizes.as_ref().is_none_or(|s| s.contains(&r.bytes));
        match HandoffCase::parse(&r.case) {
            Some(HandoffCase::GpuOnly) if in_sizes => cells
                .gpu_only
                .entry((r.policy, r.bytes))
                .or_default()
                .push(r.time_ms),
            Some(HandoffCase::CpuOnly) if in_sizes => cells
                .cpu_only
                .entry((r.policy, r.bytes))
                .or_default()
                .push(r.time_ms),
            Some(HandoffCase::Stage(Stage::MoveOut))
                if in_sizes && r.reuse == Some(1) && HOST_LEVEL_PREFETCH.contains(&r.policy) =>
            {
                cells
                    .host_prefetch
                    .entry((r.policy, r.bytes))
                    .or_default()
                    .push(r.time_ms)
            }
            Some(HandoffCase::Alternating) => {
                let reuse = r.reuse.ok_or(FitError::MissingReuse {
                    path: path.clone(),
                    line: r.line,
                })?;
                if reuse == 0 {
                    return Err(FitError::ZeroReuse {
                        path: path.clone(),
                        line: r.line,
                    });
                }
                if in_sizes {
                    cells
                        .alternating
                        .entry((r.policy, r.bytes, reuse))
                        .or_default()
                        .push(r.time_ms);
                }
            }
            _ => {}
        }
    }
    for (r, cpu) in alternations_with_cpu(table) {
        let in_sizes = opts.sizes.as_ref().is_none_or(|s| s.contains(&r.bytes));
        if let (Some(1), Some(c), true) = (r.reuse, cpu, in_sizes) {
            let key = (r.policy, r.bytes);
            cells.cpu_stage.entry(key).or_default().push(c);
            cells
                .t1_platform
                .entry(key)
                .or_default()
                .push(r.time_ms - c);
        }
    }
    let stat = opts.statistic;
    let mut report = FitReport {
        rows_used: table.rows.len(),
        rows_failed: table.failed.len(),
        ..Default::default()
    };
    let mut policies = Vec::new();
    for policy in Policy::ALL {
        let mut knots = Vec::new();
        let sizes: Vec<u64> = cells
            .alternating
            .keys()
            .filter(|(p, _, r)| *p == policy && *r == 1)
            .map(|(_, b, _)| *b)
            .chain(
                cells
                    .gpu_only
                    .keys()
                    .filter(|(p, _)| *p == policy)
                    .map(|(_, b)| *b),
            )
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        for bytes in sizes {
            let g = cells
                .gpu_only
                .get(&(policy, bytes))
                .and_then(|v| Summary::of(v));
            let t1 = cells
                .alternating
                .get(&(policy, bytes, 1))
                .and_then(|v| Summary::of(v));
            let (Some(g), Some(t1)) = (g, t1) else {
                report.warnings.push(format!(
                    "{policy} at {}: {} rows missing, size skipped",
                    crate::units::format_size(bytes),
                    if g.is_none() {
                        "gpu_only"
                    } else {
                        "alternating R = 1"
                    }
                ));
                continue;
            };
            let est = |s: &Summary| Estimate {
                point: stat.of(s),
                ..s.estimate()
            };
            let f = est(&t1).minus(est(&g));
            let by_r: Vec<(u32, Summary)> = cells
                .alternating
                .range((policy, bytes, 0)..=(policy, bytes, u32::MAX))
                .filter_map(|((_, _, r), v)| Summary::of(v).map(|s| (*r, s)))
                .collect();
            let lsq = (by_r.len() >= 2)
                .then(|| least_squares(&by_r, stat))
                .flatten();
            knots.push(Knot {
                bytes,
                t1_ms: t1,
                g_ms: g,
                f_ms: f,
                cpu_only_ms: cells
                    .cpu_only
                    .get(&(policy, bytes))
                    .and_then(|v| Summary::of(v)),
                cpu_stage_ms: cells
                    .cpu_stage
                    .get(&(policy, bytes))
                    .and_then(|v| Summary::of(v)),
                t1_platform_ms: cells
                    .t1_platform
                    .get(&(policy, bytes))
                    .and_then(|v| Summary::of(v)),
                host_prefetch_ms: cells
                    .host_prefetch
                    .get(&(policy, bytes))
                    .filter(|_| !opts.no_host_level)
                    .and_then(|v| Summary::of(v)),
                lsq,
            });
        }
        if !knots.is_empty() {
            policies.push(PolicyModel { policy, knots });
        }
    }
    if policies.is_empty() {
        return Err(FitError::NoHandoff {
            path,
            rows: table.rows.len(),
            failed: table.failed.len(),
        });
    }
    let noise = noise_report(&cells);
    let terms = super::terms::fit_terms(table);
    let task_terms = super::task::fit_task_terms(table, opts.platform.l2_bytes);
    let mut provenance = opts.provenance.clone();
    provenance.rows_used = table.rows.len() as u64;
    provenance.rows_failed = table.failed.len() as u64;
    let l2_bytes = if opts.l2_split {
        opts.platform.l2_bytes
    } else {
        None
    };
    let model = PlatformModel {
        schema_version: SCHEMA_VERSION,
        platform: opts.platform.clone(),
        provenance,
        settings: Settings {
            statistic: stat,
            l2_bytes,
            interpolation: opts.interpolation,
            size_model: super::size_model_words(l2_bytes, opts.interpolation),
            ..Settings::default()
        },
        policies,
        terms,
        task_terms,
        peer: super::peer::fit_peer(table),
        noise: Some(noise),
        validation: None,
        other_runs: Vec::new(),
        stamp: opts.stamp.clone(),
    };
    Ok((model, report))
}

/// Weighted least squares of `T = F + R·G` over the cells of one policy and size. Weights are
/// 1/se² when every cell has a spread, else equal. The covariance is scaled up by the reduced χ²
/// when the points scatter more than their standard errors say.
fn least_squares(by_r: &[(u32, Summary)], stat: Statistic) -> Option<LsqFit> {
    let weighted = by_r.iter().all(|(_, s)| s.se > 0.0);
    let mut xtx = Matrix2::<f64>::zeros();
    let mut xty = Vector2::<f64>::zeros();
    for (r, s) in by_r {
        let w = if weighted { 1.0 / (s.se * s.se) } else { 1.0 };
        let x = Vector2::new(1.0, f64::from(*r));
        xtx += w * x * x.transpose();
        xty += w * stat.of(s) * x;
    }
    let inv = xtx.try_inverse()?;
    let beta = inv * xty;
    let n = by_r.len();
    let mut rss = 0.0;
    let mut chi2 = 0.0;
    for (r, s) in by_r {
        let res = stat.of(s) - (beta[0] + beta[1] * f64::from(*r));
        rss += res * res;
        if weighted {
            chi2 += (res / s.se).powi(2);
        }
    }
    let dof = n.saturating_sub(2);
    let cov = if weighted {
        inv * if dof > 0 {
            (chi2 / dof as f64).max(1.0)
        } else {
            1.0
        }
    } else if dof > 0 {
        inv * (rss / dof as f64)
    } else {
        Matrix2::zeros()
    };
    let n_min = by_r.iter().map(|(_, s)| s.n).min().unwrap_or(1);
    let sd = median(&by_r.iter().map(|(_, s)| s.sd).collect::<Vec<_>>()).unwrap_or(0.0);
    Some(LsqFit {
        f_ms: Estimate {
            point: beta[0],
            se: cov[(0, 0)].max(0.0).sqrt(),
            sd,
            n: n_min,
        },
        g_ms: Estimate {
            point: beta[1],
            se: cov[(1, 1)].max(0.0).sqrt(),
            sd: 0.0,
            n: n_min,
        },
        reuse: by_r.iter().map(|(r, _)| *r).collect(),
        rms_residual_ms: (rss / n as f64).sqrt(),
    })
}

fn rel_sd(v: &[f64]) -> Option<f64> {
    let s = Summary::of(v)?;
    (s.n > 1 && s.median > 0.0).then(|| s.sd / s.median)
}

fn noise_report(c: &Cells) -> NoiseReport {
    let alt: Vec<f64> = c.alternating.values().filter_map(|v| rel_sd(v)).collect();
    let gpu: Vec<f64> = c.gpu_only.values().filter_map(|v| rel_sd(v)).collect();
    let cpu: Vec<f64> = c.cpu_only.values().filter_map(|v| rel_sd(v)).collect();
    let per_policy = Policy::ALL
        .iter()
        .filter_map(|&p| {
            let v: Vec<f64> = c
                .alternating
                .iter()
                .filter(|((q, _, _), _)| *q == p)
                .filter_map(|(_, v)| rel_sd(v))
                .collect();
            median(&v).map(|m| (p, m))
        })
        .collect();
    let mut notes = Vec::new();
    if alt.is_empty() {
        notes.push(
            "single trial per cell: no spread measured, so intervals and ties carry no noise"
                .into(),
        );
    }
    NoiseReport {
        alternating_rel_sd: median(&alt).unwrap_or(0.0),
        gpu_only_rel_sd: median(&gpu).unwrap_or(0.0),
        cpu_only_rel_sd: median(&cpu),
        per_policy,
        between_run_rel_sd: None,
        notes,
    }
}

/// Puts the run-to-run level shift between `here` (the table `m` was fitted from) and `others` into
/// `m`'s prediction intervals (`settings.extra_rel_sd`, `noise.between_run_rel_sd`, a provenance note
/// naming `sources`). Returns the shift; `None` (and `m` untouched) when no R = 1 cells match.
pub fn add_between_run_noise(
    m: &mut PlatformModel,
    here: &Table,
    others: &[Table],
    sources: &[String],
) -> Option<f64> {
    let shift = between_run_rel_sd(here, others)?;
    m.settings.extra_rel_sd = shift;
    m.settings.platform_extra_rel_sd = platform_between_run_rel_sd(here, others);
    if let Some(n) = m.noise.as_mut() {
        n.between_run_rel_sd = Some(shift);
    }
    m.provenance.notes.push(format!(
        "prediction intervals include the level shift between runs, {:.1} % (RMS over the R = 1 cells of {}){}",
        100.0 * shift,
        sources.join(", "),
        if m.settings.platform_extra_rel_sd.is_empty() {
            String::new()
        } else {
            "; those given the CPU update, the shift of the rest of an alternation per policy".into()
        }
    ));
    Some(shift)
}

/// The size at which a task term's run-to-run shift is taken: the larger of the minimal plan's two
/// primitive sizes, and the validation tasks' buffer size (64 MiB).
pub const TASK_SHIFT_BYTES: f64 = (64u64 << 20) as f64;

/// Puts how far each task term moves between calibrations of this machine into `m`'s task terms
/// ([`Cost::run_shift`](super::task::Cost::run_shift)): `others` are the CSVs of other
/// calibrations of it, whose task terms are fitted here and compared with `m`'s at
/// [`TASK_SHIFT_BYTES`]. Returns how many terms got a shift (`None`, and `m` untouched, when `m`
/// has no task terms or no other table measures one of them).
pub fn add_task_term_shift(
    m: &mut PlatformModel,
    others: &[Table],
    sources: &[String],
) -> Option<usize> {
    let theirs = task_terms_of_runs(m, others);
    add_task_term_shift_of(m, &theirs, sources)
}

/// The task terms of other calibrations of `m`'s machine (their CSVs), fitted as `m`'s were.
pub fn task_terms_of_runs(m: &PlatformModel, others: &[Table]) -> Vec<super::task::TaskTerms> {
    let l2 = m.platform.l2_bytes;
    others
        .iter()
        .filter_map(|t| super::task::fit_task_terms(t, l2))
        .collect()
}

/// [`add_task_term_shift`] from task terms already fitted ([`task_terms_of_runs`]).
pub fn add_task_term_shift_of(
    m: &mut PlatformModel,
    theirs: &[super::task::TaskTerms],
    sources: &[String],
) -> Option<usize> {
    let terms = m.task_terms.as_mut()?;
    let shifts = terms.run_shifts(theirs, TASK_SHIFT_BYTES);
    if shifts.is_empty() {
        return None;
    }
    terms.set_run_shift(&shifts);
    let share = terms.share_shift(theirs);
    if let Some(s) = share {
        terms.set_share_shift(s);
    }
    let mut sorted = shifts.clone();
    sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
    let whose = terms.whose_fit();
    m.provenance.notes.push(format!(
        "task intervals include how far each task term moved between {whose} and {} ({} terms; \
         most: {})",
        sources.join(", "),
        shifts.len(),
        sorted
            .iter()
            .take(3)
            .map(|(t, s)| format!("{} {:.0} %", t.name(), 100.0 * s))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    if let Some(s) = share {
        m.provenance.notes.push(format!(
            "task intervals include how far the share of faults a kernel leaves exposed moved between those calibrations that measured it ({:.0} %)",
            100.0 * s
        ));
    }
    Some(shifts.len())
}

/// The run-to-run level shift: root-mean-square of log(median elsewhere / median here) over the
/// alternating R = 1 cells that `here` and each of `others` both measured. `None` without matches.
pub fn between_run_rel_sd(here: &Table, others: &[Table]) -> Option<f64> {
    let theirs: Vec<_> = others.iter().map(|o| r1_medians(o, false)).collect();
    rms_log_shift(&r1_medians(here, false), &theirs, |_| true)
}

/// The same per policy for the platform's share of those cells (each trial less its own CPU
/// update): what a prediction given the CPU update still moves by between runs. Policies without
/// matching cells are left out.
pub fn platform_between_run_rel_sd(here: &Table, others: &[Table]) -> Vec<(Policy, f64)> {
    let mine = r1_medians(here, true);
    let theirs: Vec<_> = others.iter().map(|o| r1_medians(o, true)).collect();
    Policy::ALL
        .iter()
        .filter_map(|&p| rms_log_shift(&mine, &theirs, |q| q == p).map(|s| (p, s)))
        .collect()
}

/// Median per R = 1 alternating cell: of the whole trial, or of the trial less its CPU stage.
fn r1_medians(t: &Table, platform: bool) -> BTreeMap<(Policy, u64), f64> {
    let mut m: BTreeMap<(Policy, u64), Vec<f64>> = BTreeMap::new();
    for (r, cpu) in alternations_with_cpu(t) {
        if r.reuse != Some(1) {
            continue;
        }
        let v = match (platform, cpu) {
            (false, _) => r.time_ms,
            (true, Some(c)) => r.time_ms - c,
            (true, None) => continue,
        };
        m.entry((r.policy, r.bytes)).or_default().push(v);
    }
    m.into_iter()
        .filter_map(|(k, v)| median(&v).map(|x| (k, x)))
        .collect()
}

/// Root-mean-square of log(theirs / mine) over the cells of the policies `keep` accepts that both
/// measured. `None` without matches.
fn rms_log_shift(
    mine: &BTreeMap<(Policy, u64), f64>,
    theirs: &[BTreeMap<(Policy, u64), f64>],
    keep: impl Fn(Policy) -> bool,
) -> Option<f64> {
    let logs: Vec<f64> = theirs
        .iter()
        .flat_map(|t| {
            mine.iter()
                .filter(|((p, _), _)| keep(*p))
                .filter_map(|(k, a)| {
                    t.get(k)
                        .filter(|b| **b > 0.0 && *a > 0.0)
                        .map(|b| (b / a).ln())
                })
                .collect::<Vec<_>>()
        })
        .collect();
    (!logs.is_empty()).then(|| (logs.iter().map(|l| l * l).sum::<f64>() / logs.len() as f64).sqrt())
}

/// What went wrong fitting a file.
#[derive(Debug, thiserror::Error)]
pub enum FitFileError {
    /// The measurement CSV could not be read.
    #[error(transparent)]
    Table(#[from] crate::table::TableError),
    /// Its facts file could not be read.
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    /// The rows could not be fitted ([`FitError`]).
    #[error(transparent)]
    Fit(#[from] FitError),
}

/// Reads a measurement CSV (and its facts file, when there is one), and fits a model; shared by
/// `umodel fit` and `calibrate`.
pub fn fit_file(
    csv: &Path,
    facts: Option<&Path>,
    opts: FitOptions,
) -> Result<(PlatformModel, FitReport, Table), FitFileError> {
    let bytes = Table::read_bytes(csv)?;
    let hash = store::sha256_hex(&bytes);
    let table = Table::parse(csv, bytes)?;
    let facts_path = match facts {
        Some(p) => Some(p.to_path_buf()),
        None => Some(store::facts_path_for(csv)).filter(|p| p.exists()),
    };
    let facts = match &facts_path {
        Some(p) => Some(store::read_facts(p)?),
        None => None,
    };
    let mut provenance = Provenance {
        source_csv: csv.display().to_string(),
        source_sha256: hash,
        created_utc: crate::platform::now_utc(),
        umodel_version: env!("CARGO_PKG_VERSION").to_string(),
        plan: opts.provenance.plan.clone(),
        measured_utc: facts
            .as_ref()
            .map(|f| f.started_utc.clone())
            .filter(|s| !s.is_empty()),
        ..Provenance::default()
    };
    if let Some(c) = facts.as_ref().and_then(|f| f.conditions.get("cpu_update")) {
        provenance.notes.push(format!("CPU update: {c}"));
    }
    if facts.is_none() {
        provenance.notes.push(format!(
            "no facts file ({} not found): platform unknown",
            store::facts_path_for(csv).display()
        ));
    }
    let opts = FitOptions {
        stamp: facts.as_ref().and_then(|f| f.stamp.clone()),
        platform: facts.map(|f| f.platform).unwrap_or_default(),
        provenance,
        ..opts
    };
    let (m, report) = fit(&table, &opts)?;
    Ok((m, report, table))
}
