//! The platform model: per-policy reuse curves `T_p(B, R) = F_p(B) + R·G_p(B)` over calibrated sizes,
//! the access and management terms behind them, and the queries a scheduler asks (predict, choose,
//! break-even). Pure math: no GPU, no I/O.
//!
//! ## Size model
//! `F_p` and `G_p` are known at the calibrated sizes ("knots"). Between knots they are interpolated
//! linearly in bytes: a cost of the form latency + bytes/bandwidth is affine in B, so linear
//! interpolation reproduces it exactly and reproduces every calibrated point exactly. Outside the
//! calibrated range the end segment's line is extended (latency + bytes/bandwidth); with one knot
//! the cost is scaled with bytes. Every such answer is marked `extrapolated`.
//!
//! The form was chosen from data (NOTES.md, "Size model"): on the H200 a split of the knots at the
//! GPU's L2 size (60 MiB), with each regime extended on its own, made held-out errors worse (max 45–
//! 112 % against 15–32 % without it), because F is dominated by the CPU update and the copies, which
//! do not care about the GPU's L2, while the L2 effect on G is small next to F. The split remains an
//! option (`Settings::l2_bytes`), as does interpolation in log–log space (a power law between knots),
//! which did as well as linear within the noise. The L2 regime is handled by calibrating one size in
//! it (16 MiB) in every plan.

pub mod fault_scale;
pub mod fit;
pub mod peer;
pub mod query;
pub mod robust;
pub mod task;
pub mod task_validate;
pub mod terms;
pub mod validate;

use serde::{Deserialize, Serialize};

use crate::platform::Platform;
use crate::policy::Policy;
use crate::stats::{Estimate, Summary};

pub use fault_scale::{FaultScale, FaultScaleError, HostAccess};
pub use fit::{
    add_between_run_noise, add_task_term_shift, add_task_term_shift_of, between_run_rel_sd, fit,
    fit_file, task_terms_of_runs, FitError, FitFileError, FitOptions, FitReport,
};

pub use query::{
    BatchError, Choice, CpuUpdate, Decision, Prediction, Predictor, QueryError, Ranked,
};
pub use task::{
    breakeven_task, choose_task, explain_task, fit_task_terms, predict_task, Assumptions,
    CompiledTask, FaultsUnderCompute, JudgedFigure, LinkProbe, MachineTerm, PoolUse, PooledTerm,
    Probe, ProbeAgainst, ProbeError, ProbeFigure, RepeatedHere, RoundByRound, SparseReference,
    TaskChoice, TaskOverrides, TaskPrediction, TaskQueryError, TaskTerms, TermId, TermPool,
    TermUse, UnusualTerm, POOLED_TERMS, POOL_SHIFTS,
};
pub use task_validate::{
    validate_task, PairedSummary, PartCheck, PartsCheck, PhaseOverrides, TaskPoint,
    TaskValidateError, TaskValidation,
};
pub use terms::{compose, composed_fg, explain, Composed, Explanation, Part, TermValue, Terms};
pub use validate::{
    check_other_runs, validate, validate_given_trial_cpu, ValidationReport, ValidationSummary,
};

/// The model file's schema version; readers refuse any other.
pub const SCHEMA_VERSION: u32 = 1;

/// Which statistic of a cell's trials stands for the cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Statistic {
    /// The median: robust to outliers; the paper's choice.
    #[default]
    Median,
    /// The fastest trial (lower envelope): insensitive to slow interference, which on a shared VM
    /// only ever adds time (H200.md, "Noise"). Tried and not adopted (NOTES.md, "Why the targets
    /// are missed"): `umodel ablate` still compares it, and model files fitted with it still load.
    Min,
}

impl Statistic {
    /// The value of this statistic in `s`.
    pub fn of(self, s: &Summary) -> f64 {
        match self {
            Statistic::Median => s.median,
            Statistic::Min => s.min,
        }
    }
}

/// One calibrated size of one policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Knot {
    /// Working-set size in bytes.
    pub bytes: u64,
    /// One whole alternation at R = 1 (CPU update, movement, one GPU pass, sync), ms.
    pub t1_ms: Summary,
    /// One GPU pass on data already placed (the `gpu_only` rows), ms.
    pub g_ms: Summary,
    /// The paper's fixed cost `F = T(1) − G`, ms (derived; kept for people reading the file).
    pub f_ms: Estimate,
    /// The CPU update alone, ms, where measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_only_ms: Option<Summary>,
    /// The CPU update inside the R = 1 alternations themselves (their trials' `stage:cpu` rows), ms,
    /// where recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_stage_ms: Option<Summary>,
    /// T(1) less the CPU update of the same trial (per trial `alternating − stage:cpu` at R = 1), ms:
    /// the platform's share of an alternation (movement, one pass, sync), free of the CPU's level,
    /// which on a shared VM moves between runs while this part does not (NOTES.md, "Given the CPU").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub t1_platform_ms: Option<Summary>,
    /// The prefetching policies' prefetch back to the host inside the R = 1 alternations (their
    /// trials' `stage:move_out` rows), ms, where recorded: part of `t1_platform_ms` that runs at
    /// the host memory's level, as the CPU update does, so a prediction given a CPU update scales
    /// it with that update (NOTES.md, "The prefetch back at the host's level").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_prefetch_ms: Option<Summary>,
    /// Least-squares `F`, `G` over all measured R at this size, where several R were measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lsq: Option<LsqFit>,
}

/// A least-squares fit of `T = F + R·G` over the alternating rows of several R.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LsqFit {
    /// The fixed cost `F`, ms.
    pub f_ms: Estimate,
    /// The cost of one GPU pass `G`, ms.
    pub g_ms: Estimate,
    /// The R values used.
    pub reuse: Vec<u32>,
    /// Root-mean-square residual of the cell medians, ms.
    pub rms_residual_ms: f64,
}

/// The reuse model of one policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PolicyModel {
    /// The policy.
    pub policy: Policy,
    /// Calibrated sizes, ascending, unique.
    pub knots: Vec<Knot>,
}

/// Everything a model file holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlatformModel {
    /// The file's schema version ([`SCHEMA_VERSION`]).
    pub schema_version: u32,
    /// What is known of the machine measured (GPU, link, L2 size).
    pub platform: Platform,
    /// Where the model came from.
    pub provenance: Provenance,
    /// How it was fitted and is evaluated.
    pub settings: Settings,
    /// The reuse model of each policy calibrated.
    pub policies: Vec<PolicyModel>,
    /// Access and management terms (bandwidths, fault throughput, overheads), where measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub terms: Option<Terms>,
    /// The platform terms of task predictions (`model::task`), fitted jointly over the calibration
    /// cells, where measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_terms: Option<TaskTerms>,
    /// Data on another GPU and GPUs moving data at once (`peer` and `contention` groups), where
    /// measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peer: Option<peer::PeerModel>,
    /// The noise seen in the calibration data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub noise: Option<NoiseReport>,
    /// Held-out validation, where the model was checked against measurements it was not fitted on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub validation: Option<ValidationSummary>,
    /// The model checked against earlier runs of the same machine (measurements it was not fitted
    /// on, taken in other processes); `calibrate` fills it from the calibrations kept beside it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub other_runs: Vec<OtherRunCheck>,
    /// What the measurements were taken under (driver, GPU UUID and bus id, link, VM); queries
    /// compare it with the machine they run on. Absent in files written before stamps (their
    /// `platform` facts stand in: [`PlatformModel::stamp_or_platform`]); older readers ignore it,
    /// so the schema version stays 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stamp: Option<crate::stamp::Stamp>,
}

/// A model against every alternating cell of another run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OtherRunCheck {
    /// The other run's measurement CSV.
    pub source: String,
    /// Alternating cells compared.
    pub n_points: usize,
    /// Against that run's medians.
    pub median_ape_pct: f64,
    /// The largest absolute percentage error of a cell, %.
    pub max_ape_pct: f64,
    /// With each of its trials given its own CPU update, where it recorded one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub given_cpu_median_ape_pct: Option<f64>,
}

/// Where a model came from.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Provenance {
    /// The measurement CSV it was fitted from (as given).
    pub source_csv: String,
    /// SHA-256 of that file's bytes.
    pub source_sha256: String,
    /// Usable rows of the table (check `ok` or empty).
    pub rows_used: u64,
    /// Rows whose check failed: excluded.
    pub rows_failed: u64,
    /// When the model was fitted (UTC, RFC 3339).
    pub created_utc: String,
    /// The umodel version that fitted it.
    pub umodel_version: String,
    /// The calibration plan, where `umodel calibrate` made it.
    pub plan: Option<String>,
    /// When the measurements were taken, from the run's facts file.
    pub measured_utc: Option<String>,
    /// What a reader should know about the fit, one note an entry.
    pub notes: Vec<String>,
    /// Task terms far from the embedded model that this machine's earlier calibrations repeated
    /// when `umodel calibrate` made it: the machine's, not a cell's.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub machine_terms: Vec<MachineTerm>,
}

/// How the model was fitted and is evaluated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    /// The statistic that stands for a cell.
    pub statistic: Statistic,
    /// Regime boundary of the size model (the L2 size), bytes; none = one regime.
    pub l2_bytes: Option<u64>,
    /// Relative spread added to every prediction interval for what the trial spread does not show
    /// (run-to-run level shifts, model error), as a fraction of the predicted time.
    pub extra_rel_sd: f64,
    /// Per policy, the relative run-to-run shift of the platform's share of an alternation (T(1)
    /// less its own CPU update), for predictions given the CPU update
    /// ([`PlatformModel::predict_with_cpu`]); empty where no other runs were compared.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub platform_extra_rel_sd: Vec<(Policy, f64)>,
    /// How values between two calibrated sizes are interpolated.
    #[serde(default)]
    pub interpolation: Interpolation,
    /// The size model in words.
    pub size_model: String,
}

/// Interpolation between calibrated sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Interpolation {
    /// Linear in bytes: exact for latency + bytes/bandwidth.
    #[default]
    Linear,
    /// Linear in log(bytes) and log(time) (a power law between knots): follows costs whose rate
    /// changes with size, such as a CPU pass that runs from the host's caches at small sizes.
    LogLog,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            statistic: Statistic::Median,
            l2_bytes: None,
            interpolation: Interpolation::Linear,
            extra_rel_sd: 0.0,
            platform_extra_rel_sd: Vec::new(),
            size_model: SIZE_MODEL.to_string(),
        }
    }
}

/// The size model in words (see the module docs), for the default settings.
pub const SIZE_MODEL: &str =
    "piecewise linear in bytes between calibrated sizes; end segments extended \
    (latency + bytes/bandwidth) outside the calibrated range; proportional to bytes from a single \
    calibrated size";

/// Cells of a measurement table that no model can rest on, for the message of a fit that failed:
/// a trial of 0 ms (a time cannot be zero; a missing value written as 0). At most five.
pub fn suspect_cells(table: &crate::table::Table) -> Vec<String> {
    let mut seen = std::collections::BTreeSet::new();
    table
        .rows
        .iter()
        .filter(|r| r.time_ms <= 0.0 && seen.insert(r.key()))
        .take(5)
        .map(|r| {
            format!(
                "{} {} {} at {}{} (line {}: {} ms)",
                r.group,
                r.policy,
                r.case,
                crate::units::format_size(r.bytes),
                r.reuse.map(|x| format!(", R = {x}")).unwrap_or_default(),
                r.line,
                r.time_ms
            )
        })
        .collect()
}

/// The size model in words for given settings (recorded in the model file for its readers).
pub fn size_model_words(l2_bytes: Option<u64>, interpolation: Interpolation) -> String {
    let between = match interpolation {
        Interpolation::Linear => "piecewise linear in bytes between calibrated sizes",
        Interpolation::LogLog => {
            "piecewise linear in log(bytes) and log(time) between calibrated sizes"
        }
    };
    let split = match l2_bytes {
        Some(l2) => format!(", split at the L2 size ({})", crate::units::format_size(l2)),
        None => String::new(),
    };
    format!(
        "{between}{split}; end segments extended (latency + bytes/bandwidth) outside the calibrated \
         range; proportional to bytes from a single calibrated size"
    )
}

/// The noise seen in calibration data, per policy and overall.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct NoiseReport {
    /// Median relative robust SD of one alternating trial, over all cells.
    pub alternating_rel_sd: f64,
    /// The same for GPU-only passes.
    pub gpu_only_rel_sd: f64,
    /// The same for the CPU update alone, where measured.
    pub cpu_only_rel_sd: Option<f64>,
    /// Per policy: median relative SD of the alternating cells.
    pub per_policy: Vec<(Policy, f64)>,
    /// Root-mean-square relative difference of the R = 1 cells between this run and other runs of
    /// the same machine (the level shifts between processes), where other runs were given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub between_run_rel_sd: Option<f64>,
    /// What a reader should know about the noise (a single trial per cell, …).
    pub notes: Vec<String>,
}

/// A measured quantity at some size: value, standard error, trial spread.
pub(crate) type Triple = [f64; 3];

/// Evaluates `N` measured quantities of the knots at `bytes` at once (see the module docs for the
/// rules); returns them and whether this was an extrapolation. The segment is located once, which
/// keeps `choose` over every policy well under 100 ns.
#[inline]
pub(crate) fn eval_knots<K, const N: usize>(
    knots: &[K],
    size_of: impl Fn(&K) -> u64,
    l2: Option<u64>,
    interpolation: Interpolation,
    bytes: u64,
    get: impl Fn(&K) -> [Triple; N],
) -> ([Triple; N], bool) {
    debug_assert!(!knots.is_empty());
    let mut regime_missing = false;
    let slice = match l2 {
        Some(l2) => {
            let split = knots.partition_point(|k| size_of(k) <= l2);
            if split > 0 && split < knots.len() {
                if bytes <= l2 {
                    &knots[..split]
                } else {
                    &knots[split..]
                }
            } else {
                // All knots on one side: a query on the other side crosses the regime boundary.
                regime_missing =
                    (split == 0 && bytes <= l2) || (split == knots.len() && bytes > l2);
                knots
            }
        }
        None => knots,
    };
    let x = bytes as f64;
    let n = slice.len();
    let (first, last) = (&slice[0], &slice[n - 1]);
    // Scales a knot's (value, se, sd) to a new value, keeping se and sd relative to it.
    let scaled = |t: Triple, v: f64| -> Triple {
        let r = if t[0] > 0.0 { v / t[0] } else { 1.0 };
        [v, t[1] * r, t[2] * r]
    };
    if bytes == size_of(first) || bytes == size_of(last) {
        let k = if bytes == size_of(first) { first } else { last };
        return (get(k), regime_missing);
    }
    if n == 1 {
        let r = x / size_of(first) as f64;
        return (get(first).map(|t| [t[0] * r, t[1] * r, t[2] * r]), true);
    }
    if bytes < size_of(first) {
        let (x0, x1) = (size_of(first) as f64, size_of(&slice[1]) as f64);
        let (a, b) = (get(first), get(&slice[1]));
        let mut out = a;
        for q in 0..N {
            let s = (b[q][0] - a[q][0]) / (x1 - x0);
            let line = a[q][0] + s * (x - x0);
            let v = if s >= 0.0 && line > 0.0 {
                line
            } else {
                a[q][0] * x / x0
            };
            out[q] = scaled(a[q], v);
        }
        return (out, true);
    }
    if bytes > size_of(last) {
        let (x0, x1) = (size_of(&slice[n - 2]) as f64, size_of(last) as f64);
        let (a, b) = (get(&slice[n - 2]), get(last));
        let mut out = b;
        for q in 0..N {
            let s = ((b[q][0] - a[q][0]) / (x1 - x0)).max(0.0);
            out[q] = scaled(b[q], b[q][0] + s * (x - x1));
        }
        return (out, true);
    }
    let i = slice.partition_point(|k| size_of(k) <= bytes) - 1;
    let (x0, x1) = (size_of(&slice[i]) as f64, size_of(&slice[i + 1]) as f64);
    let (a, b) = (get(&slice[i]), get(&slice[i + 1]));
    let mut out = a;
    match interpolation {
        Interpolation::Linear => {
            let w = (x - x0) / (x1 - x0);
            for q in 0..N {
                for j in 0..3 {
                    out[q][j] = a[q][j] + w * (b[q][j] - a[q][j]);
                }
            }
        }
        Interpolation::LogLog => {
            let w = (x / x0).ln() / (x1 / x0).ln();
            for q in 0..N {
                let (va, vb) = (a[q][0], b[q][0]);
                out[q][0] = if va > 0.0 && vb > 0.0 {
                    va * (vb / va).powf(w)
                } else {
                    va + w * (vb - va)
                };
                for j in 1..3 {
                    out[q][j] = a[q][j] + w * (b[q][j] - a[q][j]);
                }
            }
        }
    }
    (out, regime_missing)
}

impl PolicyModel {
    /// Smallest and largest calibrated size.
    pub fn calibrated_range(&self) -> (u64, u64) {
        (self.knots[0].bytes, self.knots[self.knots.len() - 1].bytes)
    }
}

impl PlatformModel {
    /// Evaluates quantities of `m`'s knots at `bytes` with this model's size model (see
    /// [`eval_knots`]).
    #[inline]
    pub(crate) fn at_size<const N: usize>(
        &self,
        m: &PolicyModel,
        bytes: u64,
        get: impl Fn(&Knot) -> [Triple; N],
    ) -> ([Triple; N], bool) {
        eval_knots(
            &m.knots,
            |k| k.bytes,
            self.settings.l2_bytes,
            self.settings.interpolation,
            bytes,
            get,
        )
    }

    /// The model of one policy, if calibrated.
    pub fn policy(&self, p: Policy) -> Option<&PolicyModel> {
        self.policies.iter().find(|m| m.policy == p)
    }

    /// The calibrated policies, in model order.
    pub fn policy_list(&self) -> Vec<Policy> {
        self.policies.iter().map(|m| m.policy).collect()
    }

    /// The size used when a query names none: the largest size calibrated for every policy
    /// (1 GiB for the paper's GB200 data).
    pub fn default_bytes(&self) -> u64 {
        self.policies
            .iter()
            .map(|m| m.calibrated_range().1)
            .min()
            .unwrap_or(1 << 30)
    }

    /// Overall calibrated size range (smallest and largest size of any policy).
    pub fn calibrated_range(&self) -> Option<(u64, u64)> {
        let lo = self.policies.iter().map(|m| m.calibrated_range().0).min()?;
        let hi = self.policies.iter().map(|m| m.calibrated_range().1).max()?;
        Some((lo, hi))
    }

    /// A one-line description for messages (`GB200 (NVIDIA GB200), fitted from …`). Where the
    /// task terms are pooled over several calibrations (the embedded `h200` and `h100` models),
    /// it says how many: the CSV named is only the handoff's, and a task query prices with the
    /// pooled terms.
    pub fn describe(&self) -> String {
        let p = &self.platform;
        let mut s = if p.label.is_empty() {
            p.gpu.clone()
        } else {
            p.label.clone()
        };
        if !p.gpu.is_empty() && p.gpu != s {
            s.push_str(&format!(" ({})", p.gpu));
        }
        if !self.provenance.source_csv.is_empty() {
            s.push_str(&format!(", fitted from {}", self.provenance.source_csv));
        }
        match self.task_terms.as_ref().map(|t| t.fit.pooled_over) {
            Some(n) if n > 1 => s.push_str(&format!("; task terms the median of {n} calibrations")),
            _ => {}
        }
        s
    }

    /// The model's stamp, or what its platform facts say where it has none.
    pub fn stamp_or_platform(&self) -> crate::stamp::Stamp {
        self.stamp
            .clone()
            .unwrap_or_else(|| crate::stamp::Stamp::from_platform(&self.platform))
    }

    /// What a person should know about a fitted model that still answers: a negative fixed cost
    /// (a GPU-only pass slower than a whole alternation: mislabelled or very noisy cells) and
    /// calibrated cells of one trial (no spread, so no interval and no measure of noise).
    pub fn warnings(&self) -> Vec<String> {
        let mut out = Vec::new();
        let mut single = 0;
        for m in &self.policies {
            for k in &m.knots {
                if k.f_ms.point < 0.0 {
                    out.push(format!(
                        "policy `{}` at {}: the fixed cost F = T(1) - G is negative ({:.4} ms): its \
                         GPU-only pass took longer than a whole alternation; check those cells",
                        m.policy,
                        crate::units::format_size(k.bytes),
                        k.f_ms.point
                    ));
                }
                if k.t1_ms.n <= 1 || k.g_ms.n <= 1 {
                    single += 1;
                }
            }
        }
        if single > 0 {
            out.push(format!(
                "{single} calibrated size(s) rest on a single trial: no spread is known there, so \
                 predictions have no interval and a single slow run goes unnoticed"
            ));
        }
        out
    }

    /// Checks the invariants the queries rely on; the store calls this on every file it reads.
    pub fn check(&self) -> Result<(), String> {
        if self.policies.is_empty() {
            return Err("no policies".into());
        }
        let mut seen = Vec::new();
        let finite = |name: &str, v: &[f64], m: &PolicyModel, i: usize, k: &Knot| {
            if v.iter().all(|x| x.is_finite()) {
                Ok(())
            } else {
                Err(format!(
                    "policy `{}`: knot {i} ({} bytes): `{name}` is not a finite number",
                    m.policy, k.bytes
                ))
            }
        };
        for m in &self.policies {
            for (i, k) in m.knots.iter().enumerate() {
                finite("f_ms", &[k.f_ms.point, k.f_ms.se, k.f_ms.sd], m, i, k)?;
                if let Some(l) = &k.lsq {
                    let v = [
                        l.f_ms.point,
                        l.f_ms.se,
                        l.f_ms.sd,
                        l.g_ms.point,
                        l.g_ms.se,
                        l.g_ms.sd,
                        l.rms_residual_ms,
                    ];
                    finite("lsq", &v, m, i, k)?;
                }
                if let Some(c) = &k.cpu_only_ms {
                    finite(
                        "cpu_only_ms",
                        &[c.median, c.min, c.max, c.sd, c.se],
                        m,
                        i,
                        k,
                    )?;
                }
            }
        }
        for m in &self.policies {
            if seen.contains(&m.policy) {
                return Err(format!("policy `{}` appears twice", m.policy));
            }
            seen.push(m.policy);
            if m.knots.is_empty() {
                return Err(format!("policy `{}` has no calibrated sizes", m.policy));
            }
            for (i, k) in m.knots.iter().enumerate() {
                if k.bytes == 0 {
                    return Err(format!("policy `{}`: knot {i} has zero bytes", m.policy));
                }
                if i > 0 && k.bytes <= m.knots[i - 1].bytes {
                    return Err(format!(
                        "policy `{}`: sizes not strictly ascending at knot {i}",
                        m.policy
                    ));
                }
                let optional = [
                    ("cpu_stage_ms", &k.cpu_stage_ms),
                    ("t1_platform_ms", &k.t1_platform_ms),
                    ("host_prefetch_ms", &k.host_prefetch_ms),
                ];
                let present = optional
                    .iter()
                    .filter_map(|(n, s)| s.as_ref().map(|s| (*n, s)));
                for (name, s) in [("t1_ms", &k.t1_ms), ("g_ms", &k.g_ms)]
                    .into_iter()
                    .chain(present)
                {
                    let vals = [s.median, s.min, s.max, s.sd, s.se];
                    if vals.iter().any(|v| !v.is_finite() || *v < 0.0) || s.n == 0 {
                        return Err(format!(
                            "policy `{}`: knot {i} ({} bytes): `{name}` has a negative, non-finite or empty value",
                            m.policy, k.bytes
                        ));
                    }
                }
            }
        }
        if let Some(t) = &self.task_terms {
            t.check()?;
        }
        if !(self.settings.extra_rel_sd.is_finite() && self.settings.extra_rel_sd >= 0.0) {
            return Err("settings.extra_rel_sd must be a finite, non-negative number".into());
        }
        if let Some((p, _)) = self
            .settings
            .platform_extra_rel_sd
            .iter()
            .find(|(_, v)| !(v.is_finite() && *v >= 0.0))
        {
            return Err(format!(
                "settings.platform_extra_rel_sd: `{p}` must be a finite, non-negative number"
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_model_words_say_what_the_settings_do() {
        let plain = size_model_words(None, Interpolation::Linear);
        assert_eq!(plain, SIZE_MODEL);
        assert!(!plain.contains("L2"));
        let split = size_model_words(Some(60 << 20), Interpolation::LogLog);
        assert!(split.contains("split at the L2 size (60 MiB)"), "{split}");
        assert!(split.contains("log(bytes)"), "{split}");
    }

    #[test]
    fn answers_that_overflow_are_errors_not_infinities() {
        let mut m = crate::store::embedded("h200").unwrap();
        for k in &mut m.policies[0].knots {
            k.g_ms.median = 1e300;
        }
        let p = m.policies[0].policy;
        let e = m.predict(p, 1 << 30, 1e9).unwrap_err();
        assert!(matches!(e, QueryError::NotFinite { .. }), "{e}");
        assert!(e.to_string().contains("R = 1000000000"), "{e}");
        let e = m
            .predict_with_cpu(p, 1 << 30, 1e9, CpuUpdate::Scaled(2.0))
            .unwrap_err();
        assert!(e.to_string().contains("scaled by 2"), "{e}");
        assert!(m.choose(1 << 30, 1e9).is_err());
        // Ordinary answers are untouched.
        assert!(m.predict(m.policies[1].policy, 1 << 30, 4.0).is_ok());
    }
}
