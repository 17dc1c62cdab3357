//! The JSON answers of `predict`, `choose` and `breakeven`: one `Serialize` type each, printed by
//! the one-shot command's `--json` and answered by `umodel serve`, so the two cannot drift apart.
//!
//! These answers are printed through [`serde_json::Value`], whose objects keep their keys in
//! alphabetical order (nested ones too): the order they have always printed in. Fields are declared
//! in that order so each type reads as its output does.

use serde::Serialize;
use serde_json::Value;

use crate::model::{self, Choice, CpuUpdate, Explanation, PlatformModel, Prediction, QueryError};
use crate::policy::Policy;

/// `v` as a JSON value: every object's keys in alphabetical order, numbers as serde writes them.
pub(super) fn value<T: Serialize + ?Sized>(v: &T) -> Value {
    serde_json::to_value(v).expect("answers are plain data and serialise")
}

/// `predict --json` (DESIGN.md §3), and the server's `predict`.
#[derive(Serialize)]
pub(super) struct PredictAnswer {
    bytes: u64,
    /// The CPU update assumed, ms, where it was not the calibrated one.
    #[serde(skip_serializing_if = "Option::is_none")]
    cpu_given_ms: Option<f64>,
    /// With `--explain`: the prediction decomposed into compute, access and management terms.
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<Explanation>,
    extrapolated: bool,
    fixed_ms: f64,
    interval_ms: [f64; 2],
    per_pass_ms: f64,
    policy: Policy,
    reuse: f64,
    spread_ms: f64,
    time_ms: f64,
}

impl PredictAnswer {
    pub(super) fn new(m: &PlatformModel, p: &Prediction, explain: bool) -> PredictAnswer {
        PredictAnswer {
            bytes: p.bytes,
            cpu_given_ms: p.cpu_given_ms,
            explain: explain.then(|| model::explain(m, p)),
            extrapolated: p.extrapolated,
            fixed_ms: p.fixed_ms,
            interval_ms: p.interval_ms,
            per_pass_ms: p.per_pass_ms,
            policy: p.policy,
            reuse: p.reuse,
            spread_ms: p.spread_ms,
            time_ms: p.time_ms,
        }
    }
}

/// One policy of a [`ChooseAnswer`]'s ranking.
#[derive(Serialize)]
struct RankedAnswer {
    policy: Policy,
    /// One trial's spread (robust SD), ms: gaps below it are noise.
    spread_ms: f64,
    time_ms: f64,
}

/// `choose --json` (DESIGN.md §3), and the server's `choose`.
#[derive(Serialize)]
pub(super) struct ChooseAnswer {
    best: Policy,
    bytes: u64,
    /// `--cpu-scale`, where given (null otherwise).
    cpu_scale: Option<f64>,
    extrapolated: bool,
    /// Fastest first.
    ranking: Vec<RankedAnswer>,
    reuse: f64,
    /// Whether the best is within the noise of the next.
    tie: bool,
    /// The policies within the noise of the best, where `tie`; empty otherwise.
    tied: Vec<Policy>,
}

impl ChooseAnswer {
    pub(super) fn new(c: &Choice, cpu_scale: Option<f64>) -> ChooseAnswer {
        ChooseAnswer {
            best: c.best(),
            bytes: c.bytes,
            cpu_scale,
            extrapolated: c.extrapolated,
            ranking: c
                .ranking()
                .iter()
                .map(|r| RankedAnswer {
                    policy: r.policy,
                    spread_ms: r.spread_ms,
                    time_ms: r.time_ms,
                })
                .collect(),
            reuse: c.reuse,
            tie: c.tie(),
            tied: if c.tie() {
                c.tied().iter().map(|r| r.policy).collect()
            } else {
                Vec::new()
            },
        }
    }
}

/// `breakeven A B --json` (DESIGN.md §3), and the server's `breakeven`.
#[derive(Serialize)]
pub(super) struct BreakevenAnswer {
    pub(super) a: Policy,
    pub(super) b: Policy,
    pub(super) bytes: u64,
    /// `--cpu-scale`, where given (null otherwise).
    pub(super) cpu_scale: Option<f64>,
    /// The faster of the two above R*; null where the lines do not cross at R ≥ 1.
    pub(super) faster_above_r_star: Option<Policy>,
    /// The reuse at which both take the same time; null where that is not at R ≥ 1.
    pub(super) r_star: Option<f64>,
}

/// R* of `a` against `b` at `bytes`, and the policy that wins: the faster above R* where the lines
/// cross, else the faster for every R ≥ 1.
pub(super) fn breakeven(
    m: &umodel_core::model::Predictor,
    (a, b): (Policy, Policy),
    bytes: u64,
    cpu: CpuUpdate,
    cpu_scale: Option<f64>,
) -> Result<(BreakevenAnswer, Policy), QueryError> {
    let r = m.breakeven_with_cpu(a, b, bytes, cpu)?;
    let pa = m.predict_with_cpu(a, bytes, 1.0, cpu)?;
    let pb = m.predict_with_cpu(b, bytes, 1.0, cpu)?;
    let (faster_above_r_star, winner) = breakeven_winners(
        (a, b),
        (pa.per_pass_ms, pb.per_pass_ms),
        (pa.time_ms, pb.time_ms),
        r,
    );
    let answer = BreakevenAnswer {
        a,
        b,
        bytes,
        cpu_scale,
        faster_above_r_star,
        r_star: r,
    };
    Ok((answer, winner))
}

/// Who wins a break-even between `a` and `b`, from each one's time per pass and time at R = 1:
/// above R* the cheaper pass (`None` where the lines do not cross), and overall that one where
/// they cross, else the faster at R = 1 for every R.
pub(super) fn breakeven_winners(
    (a, b): (Policy, Policy),
    (pass_a, pass_b): (f64, f64),
    (one_a, one_b): (f64, f64),
    r_star: Option<f64>,
) -> (Option<Policy>, Policy) {
    let faster_above = if pass_a <= pass_b { a } else { b };
    let faster_at_one = if one_a <= one_b { a } else { b };
    match r_star {
        Some(_) => (Some(faster_above), faster_above),
        None => (None, faster_at_one),
    }
}
