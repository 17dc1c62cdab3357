//! The questions a scheduler asks, answered from a loaded model without allocating: how long will
//! policy p take at size B and reuse R, which policy wins, and where two policies' lines cross.

use serde::Serialize;

use super::{eval_knots, PlatformModel, PolicyModel, Triple};
use crate::policy::Policy;
use crate::stats::Z90;

/// Half-width of the 90 % interval of a prediction of `time_ms` whose standard error is `se_ms`:
/// the interval is for a new measured median, so it holds the model's own error, the new cell's
/// sampling error (about as large, same noise source) and any extra relative spread recorded in the
/// model (the run-to-run shift), here as an SD in ms.
pub(crate) fn interval_half_ms(se_ms: f64, extra_sd_ms: f64) -> f64 {
    Z90 * (2.0 * se_ms * se_ms + extra_sd_ms * extra_sd_ms).sqrt()
}

/// A query the model cannot answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum QueryError {
    #[error("policy `{policy}` is not in this model (it has: {available})")]
    UnknownPolicy { policy: Policy, available: String },
    #[error("reuse must be a finite number ≥ 0 (got {0})")]
    BadReuse(f64),
    #[error("size must be at least one byte")]
    ZeroBytes,
    #[error("break-even needs two different policies (got `{0}` twice)")]
    SamePolicy(Policy),
    #[error(
        "policy `{0}`: this model does not separate the CPU update from the rest of an alternation \
         (the data it was fitted from have no `stage:cpu` rows at R = 1, as with published figures \
         such as gb200-paper's; calibrate, or refit a measurement CSV that has them)"
    )]
    NoCpuStage(Policy),
    #[error("{0}")]
    BadCpu(String),
    #[error(
        "policy `{policy}` at {bytes} bytes, R = {reuse}{cpu}: the answer is not a finite number \
         (an input is too large to price)"
    )]
    NotFinite {
        policy: Policy,
        bytes: u64,
        reuse: f64,
        /// The CPU update as given, in words (empty for the calibrated one).
        cpu: String,
    },
}

/// An error unless every number of an answer is finite (a huge reuse or CPU time overflows).
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
    Err(QueryError::NotFinite {
        policy,
        bytes,
        reuse,
        cpu: match cpu {
            CpuUpdate::Calibrated => String::new(),
            CpuUpdate::Scaled(k) => format!(", CPU update scaled by {k}"),
            CpuUpdate::StageMs(ms) => format!(", CPU update {ms} ms"),
        },
    })
}

/// The CPU update a prediction assumes. The model keeps it apart from the platform's share of an
/// alternation (movement, passes, sync) because on a shared VM the CPU's speed moves 9–23 % between
/// runs while the platform's share does not (NOTES.md, "Given the CPU").
#[derive(Debug, Clone, Copy, PartialEq)]
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
pub struct Prediction {
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
    /// ([`PlatformModel::predict_with_cpu`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_given_ms: Option<f64>,
}

/// A policy and its predicted time, for rankings.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Ranked {
    pub policy: Policy,
    pub time_ms: f64,
    #[serde(skip)]
    pub spread_ms: f64,
}

/// All policies ranked at one (B, R). Fixed capacity so `choose` never allocates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Choice {
    pub bytes: u64,
    pub reuse: f64,
    ranking: [Ranked; Policy::ALL.len()],
    len: usize,
    /// How many policies at the top are within the noise of the best (1 = clear winner).
    tied: usize,
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

impl PlatformModel {
    /// (time, se, spread, T(1), G, extrapolated) of one policy at (bytes, reuse).
    #[inline]
    fn eval(&self, m: &PolicyModel, bytes: u64, reuse: f64) -> (f64, f64, f64, f64, f64, bool) {
        let stat = self.settings.statistic;
        let ([t1, g], extrapolated) = self.at_size(m, bytes, |k| {
            [
                [stat.of(&k.t1_ms), k.t1_ms.se, k.t1_ms.sd],
                [stat.of(&k.g_ms), k.g_ms.se, k.g_ms.sd],
            ]
        });
        // T(R) = T(1) + (R − 1)·G, with T(1) and G measured independently: this form carries the
        // right variance (F = T(1) − G shares T(1)'s error with every R).
        let extra = reuse - 1.0;
        let time = t1[0] + extra * g[0];
        (
            time,
            rss(t1[1], extra * g[1]),
            rss(t1[2], extra * g[2]),
            t1[0],
            g[0],
            extrapolated,
        )
    }

    /// Checks a query and finds its policy's model.
    #[inline]
    fn query(&self, policy: Policy, bytes: u64, reuse: f64) -> Result<&PolicyModel, QueryError> {
        check_query(bytes, reuse)?;
        self.policy(policy)
            .ok_or_else(|| QueryError::UnknownPolicy {
                policy,
                available: self
                    .policy_list()
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    #[inline]
    /// Predicts one alternation (CPU update, movement, `reuse` GPU passes, sync) of `policy` on
    /// `bytes` bytes.
    pub fn predict(
        &self,
        policy: Policy,
        bytes: u64,
        reuse: f64,
    ) -> Result<Prediction, QueryError> {
        let m = self.query(policy, bytes, reuse)?;
        let (time, se, spread, t1, g, extrapolated) = self.eval(m, bytes, reuse);
        let half = interval_half_ms(se, self.settings.extra_rel_sd * time);
        finite_or(
            &[time, half, spread, t1, g],
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
            fixed_ms: t1 - g,
            per_pass_ms: g,
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
            CpuUpdate::Scaled(k) if k.is_finite() && k >= 0.0 => (k, None),
            CpuUpdate::StageMs(ms) if ms.is_finite() && ms >= 0.0 => (0.0, Some(ms)),
            CpuUpdate::Scaled(k) => {
                return Err(QueryError::BadCpu(format!(
                    "CPU scale must be a finite number ≥ 0 (got {k})"
                )))
            }
            CpuUpdate::StageMs(ms) => {
                return Err(QueryError::BadCpu(format!(
                    "CPU update time must be a finite number of ms ≥ 0 (got {ms})"
                )))
            }
        };
        let m = self.query(policy, bytes, reuse)?;
        if m.knots
            .iter()
            .any(|k| k.cpu_stage_ms.is_none() || k.t1_platform_ms.is_none())
        {
            return Err(QueryError::NoCpuStage(policy));
        }
        let stat = self.settings.statistic;
        let triple = |s: &crate::stats::Summary| [stat.of(s), s.se, s.sd];
        let ([c, p1, g], extrapolated) = self.at_size(m, bytes, |k| {
            [
                triple(k.cpu_stage_ms.as_ref().expect("checked")),
                triple(k.t1_platform_ms.as_ref().expect("checked")),
                triple(&k.g_ms),
            ]
        });
        let extra = reuse - 1.0;
        let (cpu_ms, cpu_se, cpu_sd) = (given_ms.unwrap_or(k * c[0]), k * c[1], k * c[2]);
        let time = cpu_ms + p1[0] + extra * g[0];
        let se = rss(rss(cpu_se, p1[1]), extra * g[1]);
        // The run-to-run shift of the platform's share (movement, passes, sync), per policy.
        let shift = self
            .settings
            .platform_extra_rel_sd
            .iter()
            .find(|(p, _)| *p == policy)
            .map_or(0.0, |(_, s)| *s);
        // Without earlier runs to measure that shift, a new run's platform share is taken to sit
        // anywhere one calibration trial of it could: its trial spread, not the standard error of
        // its median (H200: fault and prefetch costs move 15-30 % between runs, far more than a
        // median's error; NOTES.md, "Tasks" → "Intervals").
        let shift_ms = if shift > 0.0 {
            shift * (time - cpu_ms)
        } else {
            rss(p1[2], extra * g[2])
        };
        let half = interval_half_ms(se, shift_ms);
        finite_or(&[time, half, se, cpu_sd], policy, bytes, reuse, cpu)?;
        Ok(Prediction {
            policy,
            bytes,
            reuse,
            time_ms: time,
            fixed_ms: time - reuse * g[0],
            per_pass_ms: g[0],
            interval_ms: [(time - half).max(0.0), time + half],
            se_ms: se,
            spread_ms: rss(rss(cpu_sd, p1[2]), extra * g[2]),
            extrapolated,
            cpu_given_ms: Some(cpu_ms),
        })
    }

    /// As [`choose`](Self::choose), with every policy's CPU update as `cpu` says.
    pub fn choose_with_cpu(
        &self,
        bytes: u64,
        reuse: f64,
        cpu: CpuUpdate,
    ) -> Result<Choice, QueryError> {
        if cpu == CpuUpdate::Calibrated {
            return self.choose(bytes, reuse);
        }
        if let CpuUpdate::StageMs(_) = cpu {
            return Err(QueryError::BadCpu(
                "a CPU update time in ms is one policy's (managed policies add their faults to it); \
                 rank policies with a CPU scale instead"
                    .into(),
            ));
        }
        let mut c = Choice::start(bytes, reuse)?;
        for m in &self.policies {
            let p = self.predict_with_cpu(m.policy, bytes, reuse, cpu)?;
            c.insert(m.policy, p.time_ms, p.spread_ms, p.extrapolated);
        }
        c.finish()?;
        Ok(c)
    }

    /// Ranks every calibrated policy at (`bytes`, `reuse`); the best two are a tie when their
    /// predicted gap is within the trial spread of the two (what a single run could reverse).
    pub fn choose(&self, bytes: u64, reuse: f64) -> Result<Choice, QueryError> {
        let mut c = Choice::start(bytes, reuse)?;
        for m in &self.policies {
            let (time, _, spread, _, _, extrapolated) = self.eval(m, bytes, reuse);
            finite_or(
                &[time, spread],
                m.policy,
                bytes,
                reuse,
                CpuUpdate::Calibrated,
            )?;
            c.insert(m.policy, time, spread, extrapolated);
        }
        c.finish()?;
        Ok(c)
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
}

/// One decision of [`Predictor::choose_many`].
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
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
pub enum BatchError {
    #[error("batch slices differ in length: {bytes} sizes, {reuse} reuses, {out} outputs")]
    Lengths {
        bytes: usize,
        reuse: usize,
        out: usize,
    },
    #[error("query {index}: {error}")]
    Query { index: usize, error: QueryError },
}

/// One calibrated size of a [`Predictor`] policy: T(1) and G as (value, se, sd), for the model's
/// statistic.
#[derive(Debug, Clone, Copy, PartialEq)]
struct CompiledKnot {
    bytes: u64,
    t1: Triple,
    g: Triple,
    /// The CPU update inside T(1) and T(1) less it, where the model keeps them apart.
    cpu_split: Option<(Triple, Triple)>,
    /// 1 / (next knot's bytes − these bytes): interpolation multiplies instead of dividing.
    inv_dx: f64,
}

/// A model compiled for the hot path of a scheduler: the knots of every policy packed next to each
/// other, the statistic resolved, interpolation by multiplication. Answers as [`PlatformModel`] does
/// (to rounding; a property test checks), and `choose` over six policies stays under 100 ns
/// (NOTES.md).
#[derive(Debug, Clone, PartialEq)]
pub struct Predictor {
    policies: Vec<(Policy, Vec<CompiledKnot>)>,
    l2: Option<u64>,
    interpolation: super::Interpolation,
    /// The knot sizes, where every policy has the same ones (a calibration measures every policy
    /// at every size) and the size model is one linear regime: the interval is found once per
    /// query instead of once per policy.
    shared: Option<Vec<u64>>,
}

impl Predictor {
    /// Compiles `m`.
    pub fn new(m: &PlatformModel) -> Predictor {
        let stat = m.settings.statistic;
        let policies: Vec<(Policy, Vec<CompiledKnot>)> = m
            .policies
            .iter()
            .map(|pm| {
                let knots = pm
                    .knots
                    .iter()
                    .enumerate()
                    .map(|(i, k)| CompiledKnot {
                        bytes: k.bytes,
                        t1: [stat.of(&k.t1_ms), k.t1_ms.se, k.t1_ms.sd],
                        g: [stat.of(&k.g_ms), k.g_ms.se, k.g_ms.sd],
                        cpu_split: k
                            .cpu_stage_ms
                            .as_ref()
                            .zip(k.t1_platform_ms.as_ref())
                            .map(|(c, p)| ([stat.of(c), c.se, c.sd], [stat.of(p), p.se, p.sd])),
                        inv_dx: pm
                            .knots
                            .get(i + 1)
                            .map_or(0.0, |n| 1.0 / (n.bytes - k.bytes) as f64),
                    })
                    .collect();
                (pm.policy, knots)
            })
            .collect();
        let first: Option<Vec<u64>> = policies
            .first()
            .map(|(_, k)| k.iter().map(|k| k.bytes).collect());
        let shared = first.filter(|sizes| {
            m.settings.l2_bytes.is_none()
                && m.settings.interpolation == super::Interpolation::Linear
                && policies.iter().all(|(_, k)| {
                    k.len() == sizes.len() && k.iter().zip(sizes).all(|(a, b)| a.bytes == *b)
                })
        });
        Predictor {
            policies,
            l2: m.settings.l2_bytes,
            interpolation: m.settings.interpolation,
            shared,
        }
    }

    /// Inside the shared knot sizes: (lower knot, upper knot, weight of the upper).
    #[inline]
    fn shared_at(&self, bytes: u64) -> Option<(usize, usize, f64)> {
        let sizes = self.shared.as_ref()?;
        let k = sizes.iter().position(|&b| b >= bytes)?;
        if sizes[k] == bytes {
            return Some((k, k, 0.0));
        }
        if k == 0 {
            return None;
        }
        let lo = &self.policies[0].1[k - 1];
        Some((k - 1, k, (bytes - lo.bytes) as f64 * lo.inv_dx))
    }

    /// Time and spread of every policy at a shared interval, handed to `each`.
    #[inline]
    fn each_shared(
        &self,
        (i, j, w): (usize, usize, f64),
        reuse: f64,
        mut each: impl FnMut(Policy, f64, f64),
    ) {
        let extra = reuse - 1.0;
        for (policy, knots) in &self.policies {
            let (a, b) = (&knots[i], &knots[j]);
            let t1 = a.t1[0] + w * (b.t1[0] - a.t1[0]);
            let t1sd = a.t1[2] + w * (b.t1[2] - a.t1[2]);
            let g = a.g[0] + w * (b.g[0] - a.g[0]);
            let gsd = a.g[2] + w * (b.g[2] - a.g[2]);
            each(*policy, t1 + extra * g, rss(t1sd, extra * gsd));
        }
    }

    /// `N` quantities of `knots` at `bytes`, as [`eval_knots`] gives them. Fast path: one regime,
    /// linear, inside the calibrated range (what a scheduler asks most): a short linear scan and
    /// one multiply per value.
    #[inline]
    fn at_size<const N: usize>(
        &self,
        knots: &[CompiledKnot],
        bytes: u64,
        get: impl Fn(&CompiledKnot) -> [Triple; N],
    ) -> ([Triple; N], bool) {
        if self.l2.is_none() && self.interpolation == super::Interpolation::Linear {
            if let Some(k) = knots.iter().position(|k| k.bytes >= bytes) {
                if k > 0 {
                    let (a, b) = (&knots[k - 1], &knots[k]);
                    let w = (bytes - a.bytes) as f64 * a.inv_dx;
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
    #[inline]
    fn time_and_spread(&self, knots: &[CompiledKnot], bytes: u64, reuse: f64) -> (f64, f64, bool) {
        let extra = reuse - 1.0;
        let ([t1, g], extrapolated) = self.at_size(knots, bytes, |k| [k.t1, k.g]);
        (t1[0] + extra * g[0], rss(t1[2], extra * g[2]), extrapolated)
    }

    /// As [`PlatformModel::choose`].
    pub fn choose(&self, bytes: u64, reuse: f64) -> Result<Choice, QueryError> {
        let mut c = Choice::start(bytes, reuse)?;
        if let Some(at) = self.shared_at(bytes) {
            self.each_shared(at, reuse, |p, t, s| c.insert(p, t, s, false));
            c.finish()?;
            return Ok(c);
        }
        for (policy, knots) in &self.policies {
            let (time, spread, extrapolated) = self.time_and_spread(knots, bytes, reuse);
            c.insert(*policy, time, spread, extrapolated);
        }
        c.finish()?;
        Ok(c)
    }

    /// As [`PlatformModel::choose_with_cpu`] with [`CpuUpdate::Scaled`]`(k)`: every policy's CPU
    /// update `k` times the calibrated one (a scheduler that probes its CPU's speed).
    pub fn choose_with_cpu_scale(
        &self,
        bytes: u64,
        reuse: f64,
        k: f64,
    ) -> Result<Choice, QueryError> {
        if !(k.is_finite() && k >= 0.0) {
            return Err(QueryError::BadCpu(format!(
                "CPU scale must be a finite number ≥ 0 (got {k})"
            )));
        }
        let mut c = Choice::start(bytes, reuse)?;
        let extra = reuse - 1.0;
        for (policy, knots) in &self.policies {
            if knots.iter().any(|k| k.cpu_split.is_none()) {
                return Err(QueryError::NoCpuStage(*policy));
            }
            let ([cpu, p1, g], extrapolated) = self.at_size(knots, bytes, |k| {
                let (cpu, p1) = k.cpu_split.expect("checked");
                [cpu, p1, k.g]
            });
            let time = k * cpu[0] + p1[0] + extra * g[0];
            let spread = rss(rss(k * cpu[2], p1[2]), extra * g[2]);
            c.insert(*policy, time, spread, extrapolated);
        }
        c.finish()?;
        Ok(c)
    }

    /// [`Predictor::choose`] for many queries at once: `bytes[i]` with `reuse[i]` into `out[i]`,
    /// without allocating. The slices must have the same length. On a bad query the error names
    /// its index; the decisions before it are written.
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

    /// The best policy and whether the runner-up ties it, as [`Predictor::choose`] decides, without
    /// ranking the rest.
    #[inline]
    pub fn decide(&self, bytes: u64, reuse: f64) -> Result<Decision, QueryError> {
        check_query(bytes, reuse)?;
        let mut best = (f64::INFINITY, 0.0, Policy::Device);
        let mut second = (f64::INFINITY, 0.0, Policy::Device);
        // Strict comparisons: of equal times the first listed wins, as in `Choice::insert`.
        let mut keep = |policy: Policy, t: f64, spread: f64| {
            if t < best.0 {
                second = best;
                best = (t, spread, policy);
            } else if t < second.0 {
                second = (t, spread, policy);
            }
        };
        match self.shared_at(bytes) {
            Some(at) => self.each_shared(at, reuse, &mut keep),
            None => {
                for (policy, knots) in &self.policies {
                    let (t, spread, _) = self.time_and_spread(knots, bytes, reuse);
                    keep(*policy, t, spread);
                }
            }
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

    /// Predicted time of one policy, ms (as [`PlatformModel::predict`]'s `time_ms`).
    pub fn time_ms(&self, policy: Policy, bytes: u64, reuse: f64) -> Option<f64> {
        let (_, knots) = self.policies.iter().find(|(p, _)| *p == policy)?;
        Some(self.time_and_spread(knots, bytes, reuse).0)
    }
}
