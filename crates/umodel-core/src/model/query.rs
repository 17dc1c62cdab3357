//! The questions a scheduler asks, answered from a loaded model without allocating: how long will
//! policy p take at size B and reuse R, which policy wins, and where two policies' lines cross; and
//! the same of the user's own task (its buffers, rounds and phase times: [`Task`]).
//!
//! [`Predictor`] is the one implementation: load (or compile) once, then ask. Every query checks
//! its inputs; a size of 0, a NaN, negative or infinite reuse, or an answer that is not a finite
//! number is a [`QueryError`], never an answer. A task is compiled once
//! ([`Predictor::compile_task`]) and then asked with the phase times, rounds and reuse of each
//! query ([`TaskOverrides`](super::TaskOverrides)); a NaN, negative or infinite value there is a
//! [`TaskQueryError`], never an answer.
//!
//! ```
//! use umodel_core::model::{CpuUpdate, Decision, Predictor, TaskOverrides};
//! use umodel_core::Policy;
//!
//! // `None`: this machine's model, as the command line finds it (calibrated here, else the
//! // embedded model of this GPU, else the first embedded one); here an embedded one by name.
//! let (p, source) = Predictor::load(Some("gb200-paper"), None)?;
//! println!("using {source}: {}", p.describe());
//!
//! // One alternation (CPU update, movement, 4 GPU passes, sync) on 1 GiB, with its interval.
//! let x = p.predict(Policy::HostMapped, 1 << 30, 4.0)?;
//! assert!(x.interval_ms[0] <= x.time_ms && x.time_ms <= x.interval_ms[1]);
//!
//! // Every policy ranked; the winner, and whether the runner-up is within the noise.
//! let c = p.choose(1 << 30, 4.0)?;
//! assert_eq!(c.best(), Policy::ExplicitCopy);
//!
//! // Where host-mapped stops winning: R* ≈ 1.06 on the GB200 (the paper's figure).
//! let r = p.breakeven(Policy::HostMapped, Policy::ExplicitCopy, 1 << 30)?;
//! assert!((r.unwrap() - 1.06).abs() < 0.01);
//!
//! // Many decisions into the caller's buffer, nothing allocated per query.
//! let mut out = [Decision::default(); 3];
//! p.choose_many(&[1 << 28, 1 << 30, 1 << 30], &[1.0, 1.0, 32.0], &mut out)?;
//! assert_eq!(out[2].best, c.best());
//!
//! // Bad inputs are errors.
//! assert!(p.choose(1 << 30, f64::NAN).is_err());
//! assert!(p.predict_with_cpu(Policy::HostMapped, 1 << 30, 4.0, CpuUpdate::Scaled(-1.0)).is_err());
//!
//! // A task (seed 001, as `tasks/seed-001.json` has it), compiled once, then asked with the phase
//! // times measured for each query. The GB200 model above has no task terms: it says so.
//! let seed = umodel_core::task::workloads::seed_001();
//! assert!(p.compile_task(&seed).is_err());
//! let (h200, _) = Predictor::load(Some("h200"), None)?;
//! let task = h200.compile_task(&seed)?;
//! let given = TaskOverrides { cpu_ms: Some(14.3), gpu_ms: Some(0.29), ..Default::default() };
//! let c = task.choose(given)?;
//! assert_eq!(c.best().policy, Policy::ExplicitCopy);
//! assert!(task.choose(TaskOverrides { gpu_ms: Some(-1.0), ..given }).is_err());
//! // The partial update: over how many GPU passes per round the copy overtakes host-mapped.
//! let partial = h200.compile_task(&umodel_core::task::workloads::partial_update())?;
//! let given = TaskOverrides { cpu_ms: Some(3.96), gpu_ms: Some(0.135), ..Default::default() };
//! let r = partial.breakeven(Policy::HostMapped, Policy::ExplicitCopy, given)?;
//! assert!((r.unwrap() - 1.56).abs() < 0.01);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use serde::Serialize;

use super::task::{CompiledTask, TaskChoice, TaskPrediction, TaskQueryError, TaskTerms};
use super::{eval_knots, PlatformModel, Triple};
use crate::policy::Policy;
use crate::stats::Z90;
use crate::task::Task;

/// Half-width of the 90 % interval of a prediction of `time_ms` whose standard error is `se_ms`:
/// the interval is for a new measured median, so it holds the model's own error, the new cell's
/// sampling error (about as large, same noise source) and any extra relative spread recorded in the
/// model (the run-to-run shift), here as an SD in ms.
pub(crate) fn interval_half_ms(se_ms: f64, extra_sd_ms: f64) -> f64 {
    Z90 * (2.0 * se_ms * se_ms + extra_sd_ms * extra_sd_ms).sqrt()
}

/// A query the model cannot answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The query names a policy the model was not calibrated for.
    #[error("policy `{policy}` is not in this model (it has: {available})")]
    UnknownPolicy {
        /// The policy asked for.
        policy: Policy,
        /// The policies the model has, comma-separated (empty when it has none).
        available: String,
    },
    /// The reuse is negative, NaN or infinite (the value given).
    #[error("reuse must be a finite number ≥ 0 (got {0})")]
    BadReuse(f64),
    /// The size is 0 bytes.
    #[error("size must be at least one byte")]
    ZeroBytes,
    /// A break-even was asked between a policy and itself (the policy given).
    #[error("break-even needs two different policies (got `{0}` twice)")]
    SamePolicy(Policy),
    #[error(
        "policy `{0}`: this model does not separate the CPU update from the rest of an alternation \
         (the data it was fitted from have no `stage:cpu` rows at R = 1, as with published figures \
         such as gb200-paper's; calibrate, or refit a measurement CSV that has them)"
    )]
    /// A CPU update was given but the model does not keep this policy's CPU update apart.
    NoCpuStage(Policy),
    /// The CPU update given is unusable: negative, NaN or infinite, or a time in ms where a
    /// comparison of policies needs a scale (the message says which).
    #[error("{0}")]
    BadCpu(String),
    #[error(
        "policy `{policy}` at {bytes} bytes, R = {reuse}{cpu}: the answer is not a finite number \
         (an input is too large to price)"
    )]
    /// The answer overflowed to a non-finite number (an input too large to price).
    NotFinite {
        /// The policy priced.
        policy: Policy,
        /// Working-set size, bytes.
        bytes: u64,
        /// GPU passes per CPU update.
        reuse: f64,
        /// The CPU update as given, in words (empty for the calibrated one).
        cpu: String,
    },
}

/// An error unless every number of an answer is finite (a huge reuse or CPU time overflows).
#[inline]
fn finite_or(
    values: &[f64],
    policy: Policy,
    bytes: u64,
    reuse: f64,
    cpu: CpuUpdate,
) -> Result<(), QueryError> {
    if values.iter().all(|v| v.is_finite()) {
        return Ok(());
    }
    Err(not_finite(policy, bytes, reuse, cpu))
}

/// The error of an answer that is not a finite number.
#[cold]
fn not_finite(policy: Policy, bytes: u64, reuse: f64, cpu: CpuUpdate) -> QueryError {
    QueryError::NotFinite {
        policy,
        bytes,
        reuse,
        cpu: match cpu {
            CpuUpdate::Calibrated => String::new(),
            CpuUpdate::Scaled(k) => format!(", CPU update scaled by {k}"),
            CpuUpdate::StageMs(ms) => format!(", CPU update {ms} ms"),
        },
    }
}

/// The CPU update a prediction assumes. The model keeps it apart from the platform's share of an
/// alternation (movement, passes, sync) because on a shared VM the CPU's speed moves 9–23 % between
/// runs while the platform's share does not (NOTES.md, "Given the CPU").
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum CpuUpdate {
    /// As it ran during calibration.
    Calibrated,
    /// Every policy's CPU update takes `k` times as long as during calibration (a probe of the
    /// CPU's current speed against the calibrated one, or a heavier or lighter update).
    Scaled(f64),
    /// The CPU update of one alternation takes this long, ms, as it runs under the policy: on
    /// pinned host memory for explicit copy and host-mapped; managed policies include the faults
    /// that bring pages back to the CPU. What a trial's `stage:cpu` row records.
    StageMs(f64),
}

/// One prediction, with its parts and its uncertainty.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Prediction {
    /// The policy predicted.
    pub policy: Policy,
    /// Working-set size, bytes.
    pub bytes: u64,
    /// GPU passes per CPU update.
    pub reuse: f64,
    /// Predicted time of one alternation, ms.
    pub time_ms: f64,
    /// Fixed cost per CPU↔GPU exchange `F_p(B)`, ms.
    pub fixed_ms: f64,
    /// Cost of one GPU pass `G_p(B)`, ms.
    pub per_pass_ms: f64,
    /// 90 % interval for the median of a new measurement of this cell, ms.
    pub interval_ms: [f64; 2],
    /// Standard error of `time_ms` from the calibration trials, ms.
    pub se_ms: f64,
    /// Spread of one trial of this cell (robust SD), ms: differences below it are noise.
    pub spread_ms: f64,
    /// True when `bytes` is outside the calibrated sizes (or their L2 regime).
    pub extrapolated: bool,
    /// The CPU update this prediction assumed, ms, when it was not the calibrated one
    /// ([`Predictor::predict_with_cpu`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_given_ms: Option<f64>,
}

/// A policy and its predicted time, for rankings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Ranked {
    /// The policy.
    pub policy: Policy,
    /// Its predicted time of one alternation, ms.
    pub time_ms: f64,
    /// Spread of one trial of it (robust SD), ms: differences below it are noise.
    #[serde(skip)]
    pub spread_ms: f64,
}

/// All policies ranked at one (B, R). Fixed capacity so `choose` never allocates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    /// Working-set size, bytes.
    pub bytes: u64,
    /// GPU passes per CPU update.
    pub reuse: f64,
    ranking: [Ranked; Policy::ALL.len()],
    len: usize,
    /// How many policies at the top are within the noise of the best (1 = clear winner).
    tied: usize,
    /// True when `bytes` is outside the calibrated sizes of any ranked policy.
    pub extrapolated: bool,
}

impl Choice {
    /// An empty ranking for a valid query.
    #[inline]
    fn start(bytes: u64, reuse: f64) -> Result<Choice, QueryError> {
        check_query(bytes, reuse)?;
        let empty = Ranked {
            policy: Policy::Device,
            time_ms: 0.0,
            spread_ms: 0.0,
        };
        Ok(Choice {
            bytes,
            reuse,
            ranking: [empty; Policy::ALL.len()],
            len: 0,
            tied: 0,
            extrapolated: false,
        })
    }

    /// Inserts a policy, keeping the ranking sorted (≤ 8 entries; equal times keep their order).
    #[inline]
    fn insert(&mut self, policy: Policy, time_ms: f64, spread_ms: f64, extrapolated: bool) {
        let mut i = self.len;
        while i > 0 && self.ranking[i - 1].time_ms > time_ms {
            self.ranking[i] = self.ranking[i - 1];
            i -= 1;
        }
        self.ranking[i] = Ranked {
            policy,
            time_ms,
            spread_ms,
        };
        self.len += 1;
        self.extrapolated |= extrapolated;
    }

    /// Counts the policies within the noise of the best.
    #[inline]
    fn finish(&mut self) -> Result<(), QueryError> {
        if self.len == 0 {
            return Err(QueryError::UnknownPolicy {
                policy: Policy::Device,
                available: String::new(),
            });
        }
        let best = self.ranking[0];
        self.tied = 1;
        while self.tied < self.len {
            let r = self.ranking[self.tied];
            if !within_noise(r.time_ms - best.time_ms, best.spread_ms, r.spread_ms) {
                break;
            }
            self.tied += 1;
        }
        Ok(())
    }

    /// Fastest first.
    pub fn ranking(&self) -> &[Ranked] {
        &self.ranking[..self.len]
    }
    /// The fastest policy.
    pub fn best(&self) -> Policy {
        self.ranking[0].policy
    }
    /// True when the runner-up is within the noise of the best.
    pub fn tie(&self) -> bool {
        self.tied > 1
    }
    /// The best and every policy within the noise of it.
    pub fn tied(&self) -> &[Ranked] {
        &self.ranking[..self.tied]
    }
}

/// The rules every query's size and reuse obey.
#[inline]
fn check_query(bytes: u64, reuse: f64) -> Result<(), QueryError> {
    if !(reuse.is_finite() && reuse >= 0.0) {
        return Err(QueryError::BadReuse(reuse));
    }
    if bytes == 0 {
        return Err(QueryError::ZeroBytes);
    }
    Ok(())
}

/// Root of the sum of squares (`hypot` without its overflow care, which costs ~10 ns here and is
/// not needed for millisecond-sized values).
#[inline]
fn rss(a: f64, b: f64) -> f64 {
    (a * a + b * b).sqrt()
}

/// Whether a predicted gap between two policies is inside the noise: within the combined trial
/// spread of the two, i.e. something a single new run could reverse. The one rule for every tie.
#[inline]
pub fn within_noise(gap_ms: f64, spread_a_ms: f64, spread_b_ms: f64) -> bool {
    gap_ms <= rss(spread_a_ms, spread_b_ms)
}

/// The queries on a model as read: each compiles the model for that one query
/// ([`Predictor::new`]) and asks it. To ask more than once, compile once.
impl PlatformModel {
    /// The task terms as task queries price with them (without the fit's report), with what the
    /// model's GPU's rules price from a probe (rule S:
    /// [`crate::store::probe_prices_fault_runs`]); `None` for a model without task terms.
    pub fn query_task_terms(&self) -> Option<TaskTerms> {
        self.task_terms.as_ref().map(|t| {
            t.without_fit_report().with_fault_runs_from_probe(
                crate::store::probe_prices_fault_runs(&self.platform.gpu),
            )
        })
    }

    /// [`Predictor::predict`], compiling the model for this one query.
    pub fn predict(
        &self,
        policy: Policy,
        bytes: u64,
        reuse: f64,
    ) -> Result<Prediction, QueryError> {
        Predictor::new(self).predict(policy, bytes, reuse)
    }

    /// [`Predictor::predict_with_cpu`], compiling the model for this one query.
    pub fn predict_with_cpu(
        &self,
        policy: Policy,
        bytes: u64,
        reuse: f64,
        cpu: CpuUpdate,
    ) -> Result<Prediction, QueryError> {
        Predictor::new(self).predict_with_cpu(policy, bytes, reuse, cpu)
    }

    /// [`Predictor::choose`], compiling the model for this one query.
    pub fn choose(&self, bytes: u64, reuse: f64) -> Result<Choice, QueryError> {
        Predictor::new(self).choose(bytes, reuse)
    }

    /// [`Predictor::choose_with_cpu`], compiling the model for this one query.
    pub fn choose_with_cpu(
        &self,
        bytes: u64,
        reuse: f64,
        cpu: CpuUpdate,
    ) -> Result<Choice, QueryError> {
        Predictor::new(self).choose_with_cpu(bytes, reuse, cpu)
    }

    /// [`Predictor::breakeven`], compiling the model for this one query.
    pub fn breakeven(&self, a: Policy, b: Policy, bytes: u64) -> Result<Option<f64>, QueryError> {
        Predictor::new(self).breakeven(a, b, bytes)
    }

    /// [`Predictor::breakeven_with_cpu`], compiling the model for this one query.
    pub fn breakeven_with_cpu(
        &self,
        a: Policy,
        b: Policy,
        bytes: u64,
        cpu: CpuUpdate,
    ) -> Result<Option<f64>, QueryError> {
        Predictor::new(self).breakeven_with_cpu(a, b, bytes, cpu)
    }
}

/// One decision of [`Predictor::choose_many`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[non_exhaustive]
pub struct Decision {
    /// The fastest policy.
    pub best: Policy,
    /// Its predicted time, ms.
    pub time_ms: f64,
    /// Whether the runner-up is within the noise of it.
    pub tie: bool,
}

impl Default for Decision {
    fn default() -> Decision {
        Decision {
            best: Policy::ExplicitCopy,
            time_ms: f64::NAN,
            tie: false,
        }
    }
}

/// What went wrong in a batch.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum BatchError {
    /// The sizes, reuses and outputs slices are not all the same length.
    #[error("batch slices differ in length: {bytes} sizes, {reuse} reuses, {out} outputs")]
    Lengths {
        /// Length of the sizes slice.
        bytes: usize,
        /// Length of the reuses slice.
        reuse: usize,
        /// Length of the outputs slice.
        out: usize,
    },
    /// One query of the batch failed; the batch stops there.
    #[error("query {index}: {error}")]
    Query {
        /// Position of the failing query in the batch.
        index: usize,
        /// Why it failed.
        error: QueryError,
    },
}

/// One calibrated size of a [`Predictor`] policy: each quantity as (value, se, sd), the value the
/// model's statistic.
#[derive(Debug, Clone, Copy, PartialEq)]
struct CompiledKnot {
    bytes: u64,
    /// One alternation at R = 1.
    t1: Triple,
    /// One GPU pass.
    g: Triple,
    /// The CPU update inside T(1), and T(1) less it, where the model keeps them apart (zeros
    /// where it does not: [`CompiledPolicy::cpu_split`] says).
    cpu: Triple,
    p1: Triple,
    /// The part of `p1` that runs at the host memory's level (the prefetching policies' prefetch
    /// back, [`super::Knot::host_prefetch_ms`]; zeros elsewhere): scaled with a given CPU update.
    host: Triple,
    /// The next knot's bytes less these, as [`eval_knots`] computes it (`x1 − x0` in f64), so
    /// that interpolation here gives its answers to the bit; 0 at the last knot.
    dx: f64,
}

/// One policy of a [`Predictor`].
#[derive(Debug, Clone, PartialEq)]
struct CompiledPolicy {
    policy: Policy,
    knots: Vec<CompiledKnot>,
    /// Whether every knot keeps the CPU update apart (what a given CPU update needs).
    cpu_split: bool,
    /// The run-to-run relative shift of the platform's share (`settings.platform_extra_rel_sd`);
    /// 0 where the model records none.
    platform_shift: f64,
}

/// A platform model compiled for queries: the one implementation of predict, choose and
/// break-even (the [`PlatformModel`] methods of the same names compile one per call).
///
/// Compiling resolves the model's statistic, packs each policy's knots with what
/// interpolation needs, and notes where every policy was calibrated at the same sizes in one
/// linear regime: there a query finds its interval once instead of once per policy, and
/// [`choose`](Self::choose) over six policies takes about 40 ns, [`choose_many`](Self::choose_many)
/// 50 M decisions/s on one core (NOTES.md, "Embedding"). Every query checks its inputs: a size of 0
/// or a negative, NaN or infinite reuse or CPU update is an error, as is an answer that is not a
/// finite number. It keeps the model's task terms for the task queries
/// ([`compile_task`](Self::compile_task) and the one-shot [`predict_task`](Self::predict_task),
/// [`choose_task`](Self::choose_task), [`breakeven_task`](Self::breakeven_task)). Immutable: share
/// one across threads.
#[derive(Debug, Clone, PartialEq)]
pub struct Predictor {
    policies: Vec<CompiledPolicy>,
    l2: Option<u64>,
    interpolation: super::Interpolation,
    /// One regime, linear: interpolation inside the calibrated range needs no [`eval_knots`].
    simple: bool,
    /// `settings.extra_rel_sd`: relative spread added to every plain prediction's interval.
    extra_rel_sd: f64,
    /// The knot sizes, where every policy has the same ones (a calibration measures every policy
    /// at every size) and the size model is one linear regime.
    shared: Option<Vec<u64>>,
    /// Every knot value is 0 or between 1/[`MODERATE`] and [`MODERATE`], and every recorded
    /// run-to-run shift at most [`MODERATE`] (any real model).
    moderate: bool,
    /// The model in words ([`PlatformModel::describe`]).
    description: String,
    /// The model's task terms (without their fit's report), or what it was fitted from, in words,
    /// for the error that says it has none.
    tasks: Result<TaskTerms, String>,
}

/// Inputs no larger than this (and knot values no smaller, where not 0) cannot make an answer
/// overflow, so [`Predictor::choose`], [`Predictor::decide`] and [`Predictor::choose_with_cpu`]
/// skip the checks for them, and the numbers only the checks need (the checks cost about a fifth
/// of a batch). Why: a knot value ≤ 1e20 stays ≤ 2e39 when extrapolated to any `u64` size (end
/// segments extended by at most 2^64 bytes at a slope ≤ 1e20 per byte); its standard error and
/// spread are scaled by at most 2e39 / 1e-20 = 2e59 (to 2e79), times a reuse and a CPU scale
/// ≤ 1e20 that is ≤ 2e119; a recorded run-to-run shift ≤ 1e20 keeps its term ≤ 1e80; and no sum of
/// a few squares of such numbers comes near `f64::MAX` (1.8e308). Debug builds assert it.
const MODERATE: f64 = 1e20;

/// One policy's numbers given its CPU update, before they are checked.
#[derive(Debug, Clone, Copy)]
struct GivenCpu {
    time: f64,
    se: f64,
    /// Half-width of the 90 % interval.
    half: f64,
    spread: f64,
    /// The CPU update assumed, and its trial spread.
    cpu_ms: f64,
    cpu_sd: f64,
    /// One GPU pass.
    g: f64,
    extrapolated: bool,
}

impl GivenCpu {
    /// Whether it is an answer ([`Predictor::predict_with_cpu`] refuses it otherwise).
    #[inline]
    fn finite(&self) -> bool {
        self.time.is_finite()
            & self.half.is_finite()
            & self.se.is_finite()
            & self.cpu_sd.is_finite()
    }
}

/// Why a [`CpuUpdate::Scaled`] factor cannot be used, if it cannot.
#[inline]
fn check_scale(k: f64) -> Result<(), QueryError> {
    if k.is_finite() && k >= 0.0 {
        return Ok(());
    }
    Err(QueryError::BadCpu(format!(
        "CPU scale must be a finite number ≥ 0 (got {k})"
    )))
}

impl Predictor {
    /// Compiles `m`.
    pub fn new(m: &PlatformModel) -> Predictor {
        let stat = m.settings.statistic;
        let triple = |s: &crate::stats::Summary| [stat.of(s), s.se, s.sd];
        let policies: Vec<CompiledPolicy> = m
            .policies
            .iter()
            .map(|pm| {
                let knots = pm
                    .knots
                    .iter()
                    .enumerate()
                    .map(|(i, k)| {
                        let split = k.cpu_stage_ms.as_ref().zip(k.t1_platform_ms.as_ref());
                        CompiledKnot {
                            bytes: k.bytes,
                            t1: triple(&k.t1_ms),
                            g: triple(&k.g_ms),
                            cpu: split.map_or([0.0; 3], |(c, _)| triple(c)),
                            p1: split.map_or([0.0; 3], |(_, p)| triple(p)),
                            host: k
                                .host_prefetch_ms
                                .as_ref()
                                .filter(|_| split.is_some())
                                .map_or([0.0; 3], triple),
                            dx: pm
                                .knots
                                .get(i + 1)
                                .map_or(0.0, |n| n.bytes as f64 - k.bytes as f64),
                        }
                    })
                    .collect();
                CompiledPolicy {
                    policy: pm.policy,
                    knots,
                    cpu_split: pm
                        .knots
                        .iter()
                        .all(|k| k.cpu_stage_ms.is_some() && k.t1_platform_ms.is_some()),
                    platform_shift: m
                        .settings
                        .platform_extra_rel_sd
                        .iter()
                        .find(|(p, _)| *p == pm.policy)
                        .map_or(0.0, |(_, s)| *s),
                }
            })
            .collect();
        let simple = m.settings.l2_bytes.is_none()
            && m.settings.interpolation == super::Interpolation::Linear;
        let first: Option<Vec<u64>> = policies
            .first()
            .map(|p| p.knots.iter().map(|k| k.bytes).collect());
        let shared = first.filter(|sizes| {
            simple
                && policies.iter().all(|p| {
                    p.knots.len() == sizes.len()
                        && p.knots.iter().zip(sizes).all(|(a, b)| a.bytes == *b)
                })
        });
        let moderate = policies.iter().all(|p| {
            p.platform_shift <= MODERATE
                && p.knots.iter().all(|k| {
                    [k.t1, k.g, k.cpu, k.p1, k.host]
                        .iter()
                        .flatten()
                        .all(|&v| v == 0.0 || (1.0 / MODERATE..=MODERATE).contains(&v))
                })
        });
        Predictor {
            policies,
            moderate,
            l2: m.settings.l2_bytes,
            interpolation: m.settings.interpolation,
            simple,
            extra_rel_sd: m.settings.extra_rel_sd,
            shared,
            description: m.describe(),
            tasks: match m.query_task_terms() {
                Some(t) => Ok(t),
                None if m.provenance.source_csv.is_empty() => Err(m.describe()),
                None => Err(m.provenance.source_csv.clone()),
            },
        }
    }

    /// This machine's model, compiled: [`store::load`](crate::store::load) (a file, an embedded
    /// name, or with `name` `None` the model calibrated here, with the command line's fallbacks),
    /// and where it came from.
    pub fn load(
        name: Option<&str>,
        device: Option<usize>,
    ) -> Result<(Predictor, crate::store::ModelSource), crate::store::StoreError> {
        let (m, source) = crate::store::load(name, device)?;
        Ok((Predictor::new(&m), source))
    }

    /// The model in words (`h200 (NVIDIA H200 ...), fitted from ...`), as
    /// [`PlatformModel::describe`] gave it.
    pub fn describe(&self) -> &str {
        &self.description
    }

    /// The calibrated policies, in model order.
    pub fn policy_list(&self) -> Vec<Policy> {
        self.policies.iter().map(|p| p.policy).collect()
    }

    /// The size used when a query names none, as [`PlatformModel::default_bytes`].
    pub fn default_bytes(&self) -> u64 {
        self.policies
            .iter()
            .filter_map(|p| p.knots.last().map(|k| k.bytes))
            .min()
            .unwrap_or(1 << 30)
    }

    /// Checks a query and finds its policy.
    #[inline]
    fn query(&self, policy: Policy, bytes: u64, reuse: f64) -> Result<&CompiledPolicy, QueryError> {
        check_query(bytes, reuse)?;
        self.policies
            .iter()
            .find(|p| p.policy == policy)
            .ok_or_else(|| QueryError::UnknownPolicy {
                policy,
                available: self
                    .policies
                    .iter()
                    .map(|p| p.policy.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Inside the shared knot sizes: (lower knot, upper knot, weight of the upper).
    #[inline(always)]
    fn shared_at(&self, bytes: u64) -> Option<(usize, usize, f64)> {
        let sizes = self.shared.as_ref()?;
        let k = sizes.iter().position(|&b| b >= bytes)?;
        if sizes[k] == bytes {
            return Some((k, k, 0.0));
        }
        if k == 0 {
            return None;
        }
        let lo = &self.policies[0].knots[k - 1];
        Some((k - 1, k, (bytes as f64 - lo.bytes as f64) / lo.dx))
    }

    /// Time and spread of every policy at a shared interval, handed to `each`.
    #[inline(always)]
    fn each_shared(
        &self,
        (i, j, w): (usize, usize, f64),
        reuse: f64,
        mut each: impl FnMut(Policy, f64, f64),
    ) {
        let extra = reuse - 1.0;
        for p in &self.policies {
            let (a, b) = (&p.knots[i], &p.knots[j]);
            let t1 = a.t1[0] + w * (b.t1[0] - a.t1[0]);
            let t1sd = a.t1[2] + w * (b.t1[2] - a.t1[2]);
            let g = a.g[0] + w * (b.g[0] - a.g[0]);
            let gsd = a.g[2] + w * (b.g[2] - a.g[2]);
            each(p.policy, t1 + extra * g, rss(t1sd, extra * gsd));
        }
    }

    /// `N` quantities of `knots` at `bytes`, as [`eval_knots`] gives them (to the bit). Fast
    /// path: one regime, linear, inside the calibrated range (what a scheduler asks most): a
    /// short linear scan.
    #[inline(always)]
    fn at_size<const N: usize>(
        &self,
        knots: &[CompiledKnot],
        bytes: u64,
        get: impl Fn(&CompiledKnot) -> [Triple; N],
    ) -> ([Triple; N], bool) {
        if self.simple {
            if let Some(k) = knots.iter().position(|k| k.bytes >= bytes) {
                if knots[k].bytes == bytes {
                    return (get(&knots[k]), false);
                }
                if k > 0 {
                    let (a, b) = (&knots[k - 1], &knots[k]);
                    let w = (bytes as f64 - a.bytes as f64) / a.dx;
                    let (va, vb) = (get(a), get(b));
                    let mut out = va;
                    for q in 0..N {
                        for j in 0..3 {
                            out[q][j] = va[q][j] + w * (vb[q][j] - va[q][j]);
                        }
                    }
                    return (out, false);
                }
            }
        }
        eval_knots(knots, |k| k.bytes, self.l2, self.interpolation, bytes, get)
    }

    /// Predicted time and trial spread of one policy (ms), and whether it was extrapolated.
    #[inline(always)]
    fn time_and_spread(&self, p: &CompiledPolicy, bytes: u64, reuse: f64) -> (f64, f64, bool) {
        let extra = reuse - 1.0;
        let ([t1, g], extrapolated) = self.at_size(&p.knots, bytes, |k| [k.t1, k.g]);
        (t1[0] + extra * g[0], rss(t1[2], extra * g[2]), extrapolated)
    }

    /// Predicts one alternation (CPU update, movement, `reuse` GPU passes, sync) of `policy` on
    /// `bytes` bytes: `T(R) = T(1) + (R − 1)·G`, with T(1) and G measured independently (this
    /// form carries the right variance: F = T(1) − G shares T(1)'s error with every R).
    pub fn predict(
        &self,
        policy: Policy,
        bytes: u64,
        reuse: f64,
    ) -> Result<Prediction, QueryError> {
        let p = self.query(policy, bytes, reuse)?;
        let ([t1, g], extrapolated) = self.at_size(&p.knots, bytes, |k| [k.t1, k.g]);
        let extra = reuse - 1.0;
        let time = t1[0] + extra * g[0];
        let se = rss(t1[1], extra * g[1]);
        let spread = rss(t1[2], extra * g[2]);
        let half = interval_half_ms(se, self.extra_rel_sd * time);
        finite_or(
            &[time, half, spread, t1[0], g[0]],
            policy,
            bytes,
            reuse,
            CpuUpdate::Calibrated,
        )?;
        Ok(Prediction {
            policy,
            bytes,
            reuse,
            time_ms: time,
            fixed_ms: t1[0] - g[0],
            per_pass_ms: g[0],
            interval_ms: [(time - half).max(0.0), time + half],
            se_ms: se,
            spread_ms: spread,
            extrapolated,
            cpu_given_ms: None,
        })
    }

    /// As [`predict`](Self::predict), with the CPU update given instead of the calibrated one:
    /// `T = C + P(1) + (R − 1)·G`, where `P(1)` is T(1) less its own trials' CPU update. The interval
    /// holds the trial statistics of `P(1)` and `G` (and of the CPU update scaled, for
    /// [`CpuUpdate::Scaled`]) and the run-to-run shift of the platform's share where the model
    /// records one (`settings.platform_extra_rel_sd`), not the whole alternation's, most of which is
    /// the CPU's.
    pub fn predict_with_cpu(
        &self,
        policy: Policy,
        bytes: u64,
        reuse: f64,
        cpu: CpuUpdate,
    ) -> Result<Prediction, QueryError> {
        // (scale of the calibrated update, or the update itself)
        let (k, given_ms) = match cpu {
            CpuUpdate::Calibrated => return self.predict(policy, bytes, reuse),
            CpuUpdate::Scaled(k) => {
                check_scale(k)?;
                (k, None)
            }
            CpuUpdate::StageMs(ms) if ms.is_finite() && ms >= 0.0 => (0.0, Some(ms)),
            CpuUpdate::StageMs(ms) => {
                return Err(QueryError::BadCpu(format!(
                    "CPU update time must be a finite number of ms ≥ 0 (got {ms})"
                )))
            }
        };
        let p = self.query(policy, bytes, reuse)?;
        self.predict_given_cpu(p, bytes, reuse, k, given_ms, cpu)
    }

    /// [`predict_with_cpu`](Self::predict_with_cpu) of a checked query: the CPU update `k` times
    /// the calibrated one, or `given_ms`.
    #[inline]
    fn predict_given_cpu(
        &self,
        p: &CompiledPolicy,
        bytes: u64,
        reuse: f64,
        k: f64,
        given_ms: Option<f64>,
        cpu: CpuUpdate,
    ) -> Result<Prediction, QueryError> {
        if !p.cpu_split {
            return Err(QueryError::NoCpuStage(p.policy));
        }
        let x = self.given_cpu(p, bytes, reuse, k, given_ms);
        if !x.finite() {
            return Err(not_finite(p.policy, bytes, reuse, cpu));
        }
        Ok(Prediction {
            policy: p.policy,
            bytes,
            reuse,
            time_ms: x.time,
            fixed_ms: x.time - reuse * x.g,
            per_pass_ms: x.g,
            interval_ms: [(x.time - x.half).max(0.0), x.time + x.half],
            se_ms: x.se,
            spread_ms: x.spread,
            extrapolated: x.extrapolated,
            cpu_given_ms: Some(x.cpu_ms),
        })
    }

    /// The numbers of one policy given its CPU update (`p.cpu_split` checked by the caller):
    /// `T = C + P(1) + (R − 1)·G`. Always inlined, as are the interpolation helpers: left out of
    /// line, the numbers a caller does not use are computed anyway, and `choose` given a CPU scale
    /// took about twice as long (`cargo bench --bench predict -- predictor`).
    #[inline(always)]
    fn given_cpu(
        &self,
        p: &CompiledPolicy,
        bytes: u64,
        reuse: f64,
        k: f64,
        given_ms: Option<f64>,
    ) -> GivenCpu {
        let ([c, p1, g, host], extrapolated) =
            self.at_size(&p.knots, bytes, |k| [k.cpu, k.p1, k.g, k.host]);
        let extra = reuse - 1.0;
        let (cpu_ms, cpu_se, cpu_sd) = (given_ms.unwrap_or(k * c[0]), k * c[1], k * c[2]);
        // The prefetch back writes host pages at the host memory's level, which the CPU update
        // shows: it moves with the update given over the calibrated one (NOTES.md, "The prefetch
        // back at the host's level"). 0 where the model keeps no such part; unscaled where the
        // calibrated update is no positive time (an extrapolation far below the knots).
        let level = match given_ms {
            Some(ms) if c[0] > 0.0 => ms / c[0],
            Some(_) => 1.0,
            None => k,
        };
        let host_ms = host[0] * (level - 1.0);
        let time = cpu_ms + p1[0] + host_ms + extra * g[0];
        let se = rss(rss(cpu_se, p1[1]), extra * g[1]);
        // Without earlier runs to measure the platform share's run-to-run shift, a new run's
        // platform share is taken to sit anywhere one calibration trial of it could: its trial
        // spread, not the standard error of its median (fault and prefetch costs move between runs
        // by far more than a median's error: NOTES.md, "Given the CPU").
        let shift_ms = if p.platform_shift > 0.0 {
            p.platform_shift * (time - cpu_ms)
        } else {
            rss(p1[2], extra * g[2])
        };
        GivenCpu {
            time,
            se,
            half: interval_half_ms(se, shift_ms),
            spread: rss(rss(cpu_sd, p1[2]), extra * g[2]),
            cpu_ms,
            cpu_sd,
            g: g[0],
            extrapolated,
        }
    }

    /// Every policy's time and trial spread at (`bytes`, `reuse`), in model order, handed to
    /// `each` with whether it was extrapolated: the interval found once where the sizes are shared.
    #[inline(always)]
    fn each_policy(&self, bytes: u64, reuse: f64, mut each: impl FnMut(Policy, f64, f64, bool)) {
        match self.shared_at(bytes) {
            Some(at) => self.each_shared(at, reuse, |p, t, s| each(p, t, s, false)),
            None => {
                for p in &self.policies {
                    let (time, spread, extrapolated) = self.time_and_spread(p, bytes, reuse);
                    each(p.policy, time, spread, extrapolated);
                }
            }
        }
    }

    /// The error of a query some of whose answers are not finite numbers: it names the first
    /// such policy in model order, as [`predict`](Self::predict) of each in turn would.
    #[cold]
    fn first_not_finite(&self, bytes: u64, reuse: f64) -> QueryError {
        let mut bad = None;
        self.each_policy(bytes, reuse, |policy, t, s, _| {
            if !(t.is_finite() && s.is_finite()) {
                bad.get_or_insert(policy);
            }
        });
        let policy = bad.unwrap_or(self.policies[0].policy);
        not_finite(policy, bytes, reuse, CpuUpdate::Calibrated)
    }

    /// Ranks every calibrated policy at (`bytes`, `reuse`); the best two are a tie when their
    /// predicted gap is within the trial spread of the two (what a single run could reverse).
    pub fn choose(&self, bytes: u64, reuse: f64) -> Result<Choice, QueryError> {
        let mut c = Choice::start(bytes, reuse)?;
        if self.moderate && reuse <= MODERATE {
            self.rank::<false>(&mut c, bytes, reuse)?;
        } else {
            self.rank::<true>(&mut c, bytes, reuse)?;
        }
        c.finish()?;
        Ok(c)
    }

    /// Inserts every policy into `c`. `CHECK`: refuse answers that are not finite, as
    /// [`predict`](Self::predict) does (moderate inputs cannot overflow: [`MODERATE`]).
    #[inline(always)]
    fn rank<const CHECK: bool>(
        &self,
        c: &mut Choice,
        bytes: u64,
        reuse: f64,
    ) -> Result<(), QueryError> {
        let mut finite = true;
        self.each_policy(bytes, reuse, |policy, time, spread, extrapolated| {
            if CHECK {
                finite &= time.is_finite() & spread.is_finite();
            }
            c.insert(policy, time, spread, extrapolated);
        });
        debug_assert!(
            CHECK
                || c.ranking()
                    .iter()
                    .all(|r| r.time_ms.is_finite() && r.spread_ms.is_finite()),
            "moderate inputs overflowed"
        );
        if !finite {
            return Err(self.first_not_finite(bytes, reuse));
        }
        Ok(())
    }

    /// As [`choose`](Self::choose), with every policy's CPU update as `cpu` says: a scale (one
    /// time in ms is one policy's update, since managed policies add their faults to it).
    pub fn choose_with_cpu(
        &self,
        bytes: u64,
        reuse: f64,
        cpu: CpuUpdate,
    ) -> Result<Choice, QueryError> {
        let k =
            match cpu {
                CpuUpdate::Calibrated => return self.choose(bytes, reuse),
                CpuUpdate::Scaled(k) => k,
                CpuUpdate::StageMs(_) => return Err(QueryError::BadCpu(
                    "a CPU update time in ms is one policy's (managed policies add their faults \
                     to it); rank policies with a CPU scale instead"
                        .into(),
                )),
            };
        let mut c = Choice::start(bytes, reuse)?;
        check_scale(k)?;
        if self.moderate && reuse <= MODERATE && k <= MODERATE {
            self.rank_given_cpu::<false>(&mut c, bytes, reuse, k, cpu)?;
        } else {
            self.rank_given_cpu::<true>(&mut c, bytes, reuse, k, cpu)?;
        }
        c.finish()?;
        Ok(c)
    }

    /// Inserts every policy given its CPU update into `c`. `CHECK`: refuse answers that are not
    /// finite, as [`predict_with_cpu`](Self::predict_with_cpu) does; without it, only the time
    /// and spread are computed (for moderate inputs, which cannot overflow: [`MODERATE`]).
    #[inline]
    fn rank_given_cpu<const CHECK: bool>(
        &self,
        c: &mut Choice,
        bytes: u64,
        reuse: f64,
        k: f64,
        cpu: CpuUpdate,
    ) -> Result<(), QueryError> {
        for p in &self.policies {
            if !p.cpu_split {
                return Err(QueryError::NoCpuStage(p.policy));
            }
            let x = self.given_cpu(p, bytes, reuse, k, None);
            if CHECK && !x.finite() {
                return Err(not_finite(p.policy, bytes, reuse, cpu));
            }
            debug_assert!(CHECK || x.finite(), "moderate inputs overflowed: {x:?}");
            c.insert(p.policy, x.time, x.spread, x.extrapolated);
        }
        Ok(())
    }

    /// [`choose_with_cpu`](Self::choose_with_cpu) with [`CpuUpdate::Scaled`]`(k)`: every
    /// policy's CPU update `k` times the calibrated one (a scheduler that probes its CPU's speed).
    pub fn choose_with_cpu_scale(
        &self,
        bytes: u64,
        reuse: f64,
        k: f64,
    ) -> Result<Choice, QueryError> {
        self.choose_with_cpu(bytes, reuse, CpuUpdate::Scaled(k))
    }

    /// The reuse R* at which policies `a` and `b` take equal time at `bytes`; `None` when their lines
    /// do not cross at R ≥ 1 (parallel, or one is faster for every R ≥ 1).
    pub fn breakeven(&self, a: Policy, b: Policy, bytes: u64) -> Result<Option<f64>, QueryError> {
        self.breakeven_with_cpu(a, b, bytes, CpuUpdate::Calibrated)
    }

    /// As [`breakeven`](Self::breakeven), with both policies' CPU update as `cpu` says (a scale:
    /// one time in ms cannot stand for two policies' updates).
    pub fn breakeven_with_cpu(
        &self,
        a: Policy,
        b: Policy,
        bytes: u64,
        cpu: CpuUpdate,
    ) -> Result<Option<f64>, QueryError> {
        if a == b {
            return Err(QueryError::SamePolicy(a));
        }
        if let CpuUpdate::StageMs(_) = cpu {
            return Err(QueryError::BadCpu(
                "a CPU update time in ms is one policy's; compare policies with a CPU scale instead"
                    .into(),
            ));
        }
        let pa = self.predict_with_cpu(a, bytes, 1.0, cpu)?;
        let pb = self.predict_with_cpu(b, bytes, 1.0, cpu)?;
        let dg = pb.per_pass_ms - pa.per_pass_ms;
        if dg == 0.0 {
            return Ok(None);
        }
        let r = (pa.fixed_ms - pb.fixed_ms) / dg;
        Ok((r.is_finite() && r >= 1.0).then_some(r))
    }

    /// [`choose`](Self::choose) for many queries at once: `bytes[i]` with `reuse[i]` into
    /// `out[i]`, without allocating. The slices must have the same length. On a bad query the
    /// error names its index; the decisions before it are written.
    pub fn choose_many(
        &self,
        bytes: &[u64],
        reuse: &[f64],
        out: &mut [Decision],
    ) -> Result<(), BatchError> {
        if bytes.len() != reuse.len() || bytes.len() != out.len() {
            return Err(BatchError::Lengths {
                bytes: bytes.len(),
                reuse: reuse.len(),
                out: out.len(),
            });
        }
        for (i, ((&b, &r), o)) in bytes.iter().zip(reuse).zip(out.iter_mut()).enumerate() {
            *o = self
                .decide(b, r)
                .map_err(|error| BatchError::Query { index: i, error })?;
        }
        Ok(())
    }

    /// The best policy and whether the runner-up ties it, as [`choose`](Self::choose) decides
    /// (and with its errors), without ranking the rest.
    #[inline]
    pub fn decide(&self, bytes: u64, reuse: f64) -> Result<Decision, QueryError> {
        check_query(bytes, reuse)?;
        if self.moderate && reuse <= MODERATE {
            self.decide_checked::<false>(bytes, reuse)
        } else {
            self.decide_checked::<true>(bytes, reuse)
        }
    }

    /// [`decide`](Self::decide) of a valid query; `CHECK` as in [`rank`](Self::rank).
    #[inline(always)]
    fn decide_checked<const CHECK: bool>(
        &self,
        bytes: u64,
        reuse: f64,
    ) -> Result<Decision, QueryError> {
        let mut best = (f64::INFINITY, 0.0, Policy::Device);
        let mut second = (f64::INFINITY, 0.0, Policy::Device);
        let mut finite = true;
        // Strict comparisons: of equal times the first listed wins, as in `Choice::insert`.
        self.each_policy(bytes, reuse, |policy, t, spread, _| {
            if CHECK {
                finite &= t.is_finite() & spread.is_finite();
            }
            debug_assert!(CHECK || (t.is_finite() && spread.is_finite()));
            if t < best.0 {
                second = best;
                best = (t, spread, policy);
            } else if t < second.0 {
                second = (t, spread, policy);
            }
        });
        if !finite {
            return Err(self.first_not_finite(bytes, reuse));
        }
        if !best.0.is_finite() {
            return Err(QueryError::UnknownPolicy {
                policy: Policy::Device,
                available: String::new(),
            });
        }
        Ok(Decision {
            best: best.2,
            time_ms: best.0,
            tie: second.0.is_finite() && within_noise(second.0 - best.0, best.1, second.1),
        })
    }

    /// Predicted time of one policy, ms: [`predict`](Self::predict)'s `time_ms`, with its errors.
    pub fn time_ms(&self, policy: Policy, bytes: u64, reuse: f64) -> Result<f64, QueryError> {
        self.predict(policy, bytes, reuse).map(|p| p.time_ms)
    }
}

/// Task queries: the user's own workload ([`Task`], DESIGN.md §3), priced from the model's task
/// terms. A model fitted without the primitive measurements those come from (gb200-paper, or a
/// model older than the terms) has none: every task query is then
/// [`TaskQueryError::NoTerms`], naming what the model was fitted from.
impl Predictor {
    /// The model's task terms.
    pub fn task_terms(&self) -> Result<&TaskTerms, TaskQueryError> {
        self.tasks
            .as_ref()
            .map_err(|source_desc| TaskQueryError::NoTerms {
                source_desc: source_desc.clone(),
            })
    }

    /// Compiles `task` for repeated queries ([`TaskTerms::compile`]): a scheduler keeps one per
    /// kind of task and passes the phase times it measured to each
    /// [`CompiledTask::choose`](crate::model::CompiledTask::choose) (a few hundred ns, in time
    /// independent of the rounds), [`predict`](crate::model::CompiledTask::predict) or
    /// [`breakeven`](crate::model::CompiledTask::breakeven).
    pub fn compile_task(&self, task: &Task) -> Result<CompiledTask, TaskQueryError> {
        self.task_terms()?.compile(task)
    }

    /// [`Self::compile_task`] with the steps `probe` measured (migration, and the link where it
    /// has a link part) priced at its rates, where one is given ([`TaskTerms::probed`]): what the command line's `--probe`, `serve`, C and Python
    /// compile.
    pub fn compile_task_probed(
        &self,
        task: &Task,
        probe: Option<&super::Probe>,
    ) -> Result<CompiledTask, TaskQueryError> {
        match probe {
            Some(p) => self.task_terms()?.probed(p)?.compile(task),
            None => self.compile_task(task),
        }
    }

    /// `task` under `policy`, priced once from the task ([`predict_task`](super::predict_task)).
    pub fn predict_task(
        &self,
        task: &Task,
        policy: Policy,
    ) -> Result<TaskPrediction, TaskQueryError> {
        super::predict_task(self.task_terms()?, task, policy)
    }

    /// Every task policy ranked on `task`, fastest first, priced once from the task
    /// ([`choose_task`](super::choose_task)).
    pub fn choose_task(&self, task: &Task) -> Result<TaskChoice, TaskQueryError> {
        super::choose_task(self.task_terms()?, task)
    }

    /// The passes per round R* ≥ 1 at which `a` and `b` take equal time on `task`, or `None` where
    /// one is faster at every R ≥ 1 ([`breakeven_task`](super::breakeven_task)).
    pub fn breakeven_task(
        &self,
        task: &Task,
        a: Policy,
        b: Policy,
    ) -> Result<Option<f64>, TaskQueryError> {
        super::breakeven_task(self.task_terms()?, task, a, b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_queries_are_the_task_functions_answers_and_need_task_terms() {
        use crate::model::{self, TaskOverrides};
        use crate::task::workloads;
        let m = crate::store::embedded("h200").unwrap();
        let terms = m.task_terms.as_ref().unwrap();
        let p = Predictor::new(&m);
        let (a, b) = (Policy::ManagedAdvise, Policy::HostMapped);
        for task in workloads::all() {
            let what = &task.name;
            for policy in Policy::HANDOFF {
                assert_eq!(
                    p.predict_task(&task, policy),
                    model::predict_task(terms, &task, policy),
                    "{what}"
                );
            }
            assert_eq!(
                p.choose_task(&task),
                model::choose_task(terms, &task),
                "{what}"
            );
            assert_eq!(
                p.breakeven_task(&task, a, b),
                model::breakeven_task(terms, &task, a, b),
                "{what}"
            );
            let compiled = p.compile_task(&task).unwrap();
            let exact = compiled.round_by_round();
            let o = TaskOverrides::default();
            assert_eq!(exact.choose(o), p.choose_task(&task), "{what}");
            assert_eq!(exact.breakeven(a, b, o), p.breakeven_task(&task, a, b));
        }
        // A model fitted without the primitives (published figures) names what it came from.
        let paper = crate::store::embedded("gb200-paper").unwrap();
        assert!(paper.task_terms.is_none());
        let q = Predictor::new(&paper);
        let task = workloads::seed_001();
        let want = TaskQueryError::NoTerms {
            source_desc: "calibration/gb200-paper/measurements.csv".into(),
        };
        assert_eq!(q.task_terms().unwrap_err(), want);
        assert_eq!(q.compile_task(&task).unwrap_err(), want);
        assert_eq!(q.predict_task(&task, a).unwrap_err(), want);
        assert_eq!(q.choose_task(&task).unwrap_err(), want);
        assert_eq!(q.breakeven_task(&task, a, b).unwrap_err(), want);
        assert!(want.to_string().contains("has no task terms"), "{want}");
        // ... and which embedded models price tasks, for every front end (C, Python, serve).
        assert!(
            want.to_string()
                .ends_with("or use an embedded model that has them: h200, h100"),
            "{want}"
        );
        // And a bad task is refused before any pricing.
        let mut bad = task.clone();
        bad.gpu_ms = Some(f64::NAN);
        for e in [
            p.compile_task(&bad).unwrap_err(),
            p.predict_task(&bad, a).unwrap_err(),
            p.choose_task(&bad).unwrap_err(),
            p.breakeven_task(&bad, a, b).unwrap_err(),
        ] {
            assert!(e.to_string().contains("`gpu_ms`"), "{e}");
        }
    }

    /// The prefetching policies' prefetch back moves with a given CPU update, as the host's level
    /// moves both (NOTES.md, "The prefetch back at the host's level"): at the calibrated update
    /// nothing changes, at K times it the prefetch back adds (K − 1) times itself, in those
    /// policies only, by every query given a CPU; plain queries and models without the part
    /// answer as before.
    #[test]
    fn a_given_cpu_update_moves_the_prefetch_back_in_the_prefetching_policies_only() {
        let m = crate::store::embedded("h200").unwrap();
        assert!(m
            .policies
            .iter()
            .flat_map(|p| &p.knots)
            .all(|k| k.host_prefetch_ms.is_none()));
        let mut with = m.clone();
        for p in &mut with.policies {
            if crate::model::fit::HOST_LEVEL_PREFETCH.contains(&p.policy) {
                for k in &mut p.knots {
                    // Half the platform share, as a calibration's `stage:move_out` is about.
                    let mut h = k.t1_platform_ms.unwrap();
                    h.median /= 2.0;
                    k.host_prefetch_ms = Some(h);
                }
            }
        }
        let (before, after) = (Predictor::new(&m), Predictor::new(&with));
        let bytes = m.policies[0].knots[1].bytes;
        for p in Policy::HANDOFF {
            let knot = &with.policy(p).unwrap().knots[1];
            let (c, h) = (
                knot.cpu_stage_ms.as_ref().unwrap().median,
                knot.host_prefetch_ms.as_ref().map_or(0.0, |h| h.median),
            );
            assert_eq!(
                before.predict(p, bytes, 4.0).unwrap(),
                after.predict(p, bytes, 4.0).unwrap()
            );
            for (cpu, level) in [
                (CpuUpdate::Scaled(1.0), 1.0),
                (CpuUpdate::Scaled(1.5), 1.5),
                (CpuUpdate::StageMs(2.0 * c), 2.0),
                (CpuUpdate::StageMs(0.5 * c), 0.5),
            ] {
                let [a, b] =
                    [&before, &after].map(|q| q.predict_with_cpu(p, bytes, 4.0, cpu).unwrap());
                let moved = b.time_ms - a.time_ms;
                assert!(
                    (moved - h * (level - 1.0)).abs() < 1e-9 * b.time_ms,
                    "{p} {cpu:?}: moved {moved}, host part {h}"
                );
                assert_eq!(h > 0.0, crate::model::fit::HOST_LEVEL_PREFETCH.contains(&p));
                // The ranking given a CPU prices each policy as predict_with_cpu does.
                if let CpuUpdate::Scaled(_) = cpu {
                    let ranked = after.choose_with_cpu(bytes, 4.0, cpu).unwrap();
                    let mine = ranked.ranking().iter().find(|r| r.policy == p).unwrap();
                    assert!(
                        (mine.time_ms - b.time_ms).abs() < 1e-9 * b.time_ms,
                        "{p} {cpu:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn answers_too_large_to_price_are_the_same_error_from_every_query() {
        let m = crate::store::embedded("h200").unwrap();
        let p = Predictor::new(&m);
        let first = m.policies[0].policy;
        let (bytes, reuse) = (1 << 30, 1e300);
        let want = p.predict(first, bytes, reuse).unwrap_err();
        assert!(matches!(want, QueryError::NotFinite { .. }), "{want}");
        assert_eq!(p.choose(bytes, reuse).unwrap_err(), want);
        assert_eq!(p.decide(bytes, reuse).unwrap_err(), want);
        assert_eq!(p.time_ms(first, bytes, reuse).unwrap_err(), want);
        // Given a CPU scale: beyond the moderate inputs the checks run, and name the scale.
        let cpu = CpuUpdate::Scaled(2.0);
        let want = p.predict_with_cpu(first, bytes, reuse, cpu).unwrap_err();
        assert!(want.to_string().contains("scaled by 2"), "{want}");
        assert_eq!(p.choose_with_cpu(bytes, reuse, cpu).unwrap_err(), want);
        let huge = CpuUpdate::Scaled(1e300);
        let want = p.predict_with_cpu(first, bytes, 4.0, huge).unwrap_err();
        assert_eq!(p.choose_with_cpu(bytes, 4.0, huge).unwrap_err(), want);
    }

    #[test]
    fn a_model_with_extreme_values_takes_the_checked_path() {
        let mut m = crate::store::embedded("h200").unwrap();
        assert!(Predictor::new(&m).moderate);
        m.policies[1].knots[0].g_ms.se = 1e200;
        let p = Predictor::new(&m);
        assert!(!p.moderate);
        // At that size, 63 more passes' error squared is past what an f64 holds.
        let (bytes, cpu) = (m.policies[1].knots[0].bytes, CpuUpdate::Scaled(1.0));
        let want = p
            .predict_with_cpu(m.policies[1].policy, bytes, 64.0, cpu)
            .unwrap_err();
        assert!(matches!(want, QueryError::NotFinite { .. }), "{want}");
        assert_eq!(p.choose_with_cpu(bytes, 64.0, cpu).unwrap_err(), want);
    }

    #[test]
    fn the_shared_interval_and_the_general_path_agree_to_the_bit() {
        // The H200 model has shared sizes; an L2 split makes every query take the general path.
        let m = crate::store::embedded("h200").unwrap();
        let fast = Predictor::new(&m);
        assert!(fast.shared.is_some());
        let mut split = m.clone();
        split.settings.l2_bytes = Some(1);
        let general = Predictor::new(&split);
        assert!(general.shared.is_none());
        let (lo, hi) = m.calibrated_range().unwrap();
        for i in 0..=200u64 {
            let bytes = lo + (hi - lo) / 200 * i;
            for reuse in [0.0, 1.0, 3.5, 64.0] {
                let (a, b) = (
                    fast.choose(bytes, reuse).unwrap(),
                    general.choose(bytes, reuse),
                );
                assert_eq!(a.ranking(), b.unwrap().ranking(), "{bytes} B, R = {reuse}");
                for p in m.policy_list() {
                    assert_eq!(
                        fast.predict(p, bytes, reuse),
                        general.predict(p, bytes, reuse)
                    );
                }
            }
        }
    }
}
