//! The questions a scheduler asks, answered from a loaded model without allocating: how long will
//! policy p take at size B and reuse R, which policy wins, and where two policies' lines cross.

use serde::Serialize;

use super::{eval_knots, PlatformModel, PolicyModel};
use crate::policy::Policy;
use crate::stats::Z90;

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
        let ([t1, g], extrapolated) = eval_knots(&m.knots, self.settings.l2_bytes, bytes, |k| {
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

    #[inline]
    /// Predicts one alternation (CPU update, movement, `reuse` GPU passes, sync) of `policy` on
    /// `bytes` bytes.
    pub fn predict(
        &self,
        policy: Policy,
        bytes: u64,
        reuse: f64,
    ) -> Result<Prediction, QueryError> {
        if !(reuse.is_finite() && reuse >= 0.0) {
            return Err(QueryError::BadReuse(reuse));
        }
        if bytes == 0 {
            return Err(QueryError::ZeroBytes);
        }
        let m = self
            .policy(policy)
            .ok_or_else(|| QueryError::UnknownPolicy {
                policy,
                available: self
                    .policy_list()
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", "),
            })?;
        let (time, se, spread, t1, g, extrapolated) = self.eval(m, bytes, reuse);
        // The interval is for a new measured median: the model's own error plus the new cell's
        // sampling error (about as large, same noise source) plus any recorded extra spread.
        let half = Z90 * (2.0 * se * se + (self.settings.extra_rel_sd * time).powi(2)).sqrt();
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
        })
    }

    /// Ranks every calibrated policy at (`bytes`, `reuse`); the best two are a tie when their
    /// predicted gap is within the trial spread of the two (what a single run could reverse).
    pub fn choose(&self, bytes: u64, reuse: f64) -> Result<Choice, QueryError> {
        let empty = Ranked {
            policy: Policy::Device,
            time_ms: 0.0,
            spread_ms: 0.0,
        };
        let mut c = Choice {
            bytes,
            reuse,
            ranking: [empty; Policy::ALL.len()],
            len: 0,
            tied: 0,
            extrapolated: false,
        };
        if !(reuse.is_finite() && reuse >= 0.0) {
            return Err(QueryError::BadReuse(reuse));
        }
        if bytes == 0 {
            return Err(QueryError::ZeroBytes);
        }
        for m in &self.policies {
            let (time, _, spread, _, _, extrapolated) = self.eval(m, bytes, reuse);
            // Insertion keeps the array sorted (≤ 8 entries); equal times keep model order.
            let mut i = c.len;
            while i > 0 && c.ranking[i - 1].time_ms > time {
                c.ranking[i] = c.ranking[i - 1];
                i -= 1;
            }
            c.ranking[i] = Ranked {
                policy: m.policy,
                time_ms: time,
                spread_ms: spread,
            };
            c.len += 1;
            c.extrapolated |= extrapolated;
        }
        if c.len == 0 {
            return Err(QueryError::UnknownPolicy {
                policy: Policy::Device,
                available: String::new(),
            });
        }
        let best = c.ranking[0];
        c.tied = 1;
        while c.tied < c.len {
            let r = c.ranking[c.tied];
            if within_noise(r.time_ms - best.time_ms, best.spread_ms, r.spread_ms) {
                c.tied += 1;
            } else {
                break;
            }
        }
        Ok(c)
    }

    /// The reuse R* at which policies `a` and `b` take equal time at `bytes`; `None` when their lines
    /// do not cross at R ≥ 1 (parallel, or one is faster for every R ≥ 1).
    pub fn breakeven(&self, a: Policy, b: Policy, bytes: u64) -> Result<Option<f64>, QueryError> {
        if a == b {
            return Err(QueryError::SamePolicy(a));
        }
        let pa = self.predict(a, bytes, 1.0)?;
        let pb = self.predict(b, bytes, 1.0)?;
        let dg = pb.per_pass_ms - pa.per_pass_ms;
        if dg == 0.0 {
            return Ok(None);
        }
        let r = (pa.fixed_ms - pb.fixed_ms) / dg;
        Ok((r.is_finite() && r >= 1.0).then_some(r))
    }
}
