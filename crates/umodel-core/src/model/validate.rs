//! Checking a model against measurements: the error of every measured alternating cell, the error
//! per policy, whether the predicted best policy is the measured best, and interval coverage.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{
    CpuUpdate, OtherRunCheck, PlatformModel, Prediction, Predictor, QueryError, Statistic,
};
use crate::policy::Policy;
use crate::stats::{median, Summary};
use crate::table::Table;

/// One measured cell against its prediction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValidationPoint {
    /// The policy measured.
    pub policy: Policy,
    /// Working-set size in bytes.
    pub bytes: u64,
    /// GPU passes per CPU update (R).
    pub reuse: u32,
    /// The measured statistic (median unless told otherwise), ms.
    pub measured_ms: f64,
    /// The fastest trial, ms.
    pub measured_min_ms: f64,
    /// The slowest trial, ms.
    pub measured_max_ms: f64,
    /// Trials in the cell.
    pub trials: u32,
    /// The model's prediction, ms.
    pub predicted_ms: f64,
    /// The prediction's 90 % interval, ms.
    pub interval_ms: [f64; 2],
    /// Absolute percentage error of the prediction.
    pub ape_pct: f64,
    /// Whether `measured_ms` lies in `interval_ms`.
    pub in_interval: bool,
    /// Whether `bytes` is outside the calibrated sizes (the prediction is extrapolated).
    pub extrapolated: bool,
}

/// Error of one policy's points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PolicyError {
    /// The policy.
    pub policy: Policy,
    /// Its points compared.
    pub points: usize,
    /// Median absolute percentage error of its points, %.
    pub median_ape_pct: f64,
    /// Largest absolute percentage error of its points, %.
    pub max_ape_pct: f64,
}

/// One (size, reuse) cell where several policies were measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pick {
    /// Working-set size in bytes.
    pub bytes: u64,
    /// GPU passes per CPU update (R).
    pub reuse: u32,
    /// The fastest policy measured (by the statistic validated).
    pub measured_best: Policy,
    /// Measured gap between the best two, ms.
    pub measured_gap_ms: f64,
    /// Combined robust SD of one trial of the best two, ms.
    pub measured_spread_ms: f64,
    /// True when the measured gap exceeds the spread (the measured order is not noise).
    pub clear: bool,
    /// The policy the model predicts fastest.
    pub predicted_best: Policy,
    /// Policies the model could not separate from its best (empty = confident pick).
    pub predicted_tie: Vec<Policy>,
    /// The measured best is the predicted best, or among the predicted tie.
    pub correct: bool,
}

/// Predicted break-even reuse of two policies at a validated size, beside the measured bracket.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BreakEven {
    /// Working-set size in bytes.
    pub bytes: u64,
    /// One policy of the pair.
    pub a: Policy,
    /// The other policy of the pair.
    pub b: Policy,
    /// The R at which the model's lines of `a` and `b` cross; `None` where they do not at R ≥ 1.
    pub predicted_r_star: Option<f64>,
    /// Measured R values between which the order of `a` and `b` flips, where it does.
    pub measured_bracket: Option<[u32; 2]>,
}

/// The numbers worth keeping with a model (no per-point detail).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ValidationSummary {
    /// What was validated against (file, and how it was held out).
    pub source: String,
    /// The statistic of each cell compared with the predictions.
    pub target: Statistic,
    /// Number of points compared.
    pub n_points: usize,
    /// Median absolute percentage error over the points, %.
    pub median_ape_pct: f64,
    /// Largest absolute percentage error over the points, %.
    pub max_ape_pct: f64,
    /// The error per policy (policies without points left out).
    pub per_policy: Vec<PolicyError>,
    /// Picks whose measured best the model picked or tied for best ([`Pick::correct`]).
    pub picks_correct: usize,
    /// Cells where several policies were measured ([`Pick`]).
    pub picks_total: usize,
    /// Of the clear picks, those that were right.
    pub clear_picks_correct: usize,
    /// Picks where the measured gap exceeded the spread ([`Pick::clear`]).
    pub clear_picks_total: usize,
    /// Of the unclear picks, those the model called a tie.
    pub unclear_ties_declared: usize,
    /// Picks whose measured gap was within the spread.
    pub unclear_total: usize,
    /// Share of points whose measured value lies in the 90 % interval, percent.
    pub interval_coverage_pct: f64,
    /// The same with the intervals from the trial statistics alone, when the model's intervals also
    /// carry a run-to-run shift (`settings.extra_rel_sd`): what the within-run noise accounts for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub interval_coverage_trials_only_pct: Option<f64>,
    /// Break-even reuse per pair of policies at each size measured, where the model's lines cross
    /// within twice the largest measured R or the measured order flips.
    pub break_even: Vec<BreakEven>,
}

/// A full validation: every point, every pick, and the summary.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ValidationReport {
    /// Every measured cell against its prediction.
    pub points: Vec<ValidationPoint>,
    /// Every cell where several policies were measured.
    pub picks: Vec<Pick>,
    /// The numbers kept with a model.
    #[serde(flatten)]
    pub summary: ValidationSummary,
}

/// Validates `model` on the alternating rows of `table`. With `held_out_only`, cells the model was
/// calibrated on (R = 1 at a calibrated size) are skipped.
pub fn validate(
    model: &PlatformModel,
    table: &Table,
    held_out_only: bool,
    target: Statistic,
) -> ValidationReport {
    let cells = cells(model, table, held_out_only);
    let q = Predictor::new(model);
    let preds = cells
        .keys()
        .map(|&(policy, bytes, reuse)| {
            let p = q
                .predict(policy, bytes, f64::from(reuse))
                .expect("cells() keeps the model's policies");
            ((policy, bytes, reuse), p)
        })
        .collect();
    report(model, table, held_out_only, target, &cells, &preds, "")
}

/// As [`validate`], with each measured trial predicted from its own CPU update (its `stage:cpu`
/// row) and the model's platform share: how well the model transfers once the CPU's speed, which a
/// shared VM moves between runs, is known. Trials without a CPU stage are not predicted.
pub fn validate_given_trial_cpu(
    model: &PlatformModel,
    table: &Table,
    held_out_only: bool,
    target: Statistic,
) -> Result<ValidationReport, QueryError> {
    let cells = cells(model, table, held_out_only);
    let q = Predictor::new(model);
    let mut preds = BTreeMap::new();
    for (&(policy, bytes, reuse), trials) in &cells {
        let cpus: Vec<f64> = trials.iter().filter_map(|t| t.1).collect();
        let Some(c) = Summary::of(&cpus) else {
            return Err(QueryError::BadCpu(format!(
                "{}: {policy} at {} R = {reuse} has no `stage:cpu` rows to take the CPU update from",
                table.source.display(),
                crate::units::format_size(bytes)
            )));
        };
        let r = f64::from(reuse);
        let each = cpus
            .iter()
            .map(|&ms| {
                q.predict_with_cpu(policy, bytes, r, CpuUpdate::StageMs(ms))
                    .map(|p| p.time_ms)
            })
            .collect::<Result<Vec<f64>, _>>()?;
        let at = q.predict_with_cpu(policy, bytes, r, CpuUpdate::StageMs(target.of(&c)))?;
        let time = target.of(&Summary::of(&each).expect("non-empty"));
        let half = at.interval_ms[1] - at.time_ms;
        let p = Prediction {
            time_ms: time,
            interval_ms: [(time - half).max(0.0), time + half],
            ..at
        };
        preds.insert((policy, bytes, reuse), p);
    }
    Ok(report(
        model,
        table,
        held_out_only,
        target,
        &cells,
        &preds,
        ", each trial given its own CPU update",
    ))
}

/// `m` against every alternating cell of each of `others` (runs it was not fitted on), plainly and
/// given each trial's own CPU update. Runs without cells for `m`'s policies are left out.
pub fn check_other_runs(m: &PlatformModel, others: &[Table]) -> Vec<OtherRunCheck> {
    others
        .iter()
        .filter_map(|t| {
            let plain = validate(m, t, false, Statistic::Median).summary;
            (plain.n_points > 0).then(|| OtherRunCheck {
                source: t.source.display().to_string(),
                n_points: plain.n_points,
                median_ape_pct: plain.median_ape_pct,
                max_ape_pct: plain.max_ape_pct,
                given_cpu_median_ape_pct: validate_given_trial_cpu(m, t, false, Statistic::Median)
                    .ok()
                    .map(|g| g.summary.median_ape_pct),
            })
        })
        .collect()
}

/// Measured alternating trials by cell, each with its trial's CPU update where recorded.
type Cells = BTreeMap<(Policy, u64, u32), Vec<(f64, Option<f64>)>>;

fn cells(model: &PlatformModel, table: &Table, held_out_only: bool) -> Cells {
    let mut cells = Cells::new();
    for (r, cpu) in super::fit::alternations_with_cpu(table) {
        let Some(reuse) = r.reuse else { continue };
        let Some(m) = model.policy(r.policy) else {
            continue;
        };
        let calibrated = reuse == 1 && m.knots.iter().any(|k| k.bytes == r.bytes);
        if held_out_only && calibrated {
            continue;
        }
        cells
            .entry((r.policy, r.bytes, reuse))
            .or_default()
            .push((r.time_ms, cpu));
    }
    cells
}

fn report(
    model: &PlatformModel,
    table: &Table,
    held_out_only: bool,
    target: Statistic,
    cells: &Cells,
    preds: &BTreeMap<(Policy, u64, u32), Prediction>,
    how: &str,
) -> ValidationReport {
    let mut points = Vec::new();
    let mut trials_only: Vec<bool> = Vec::new();
    let mut measured: Measured = BTreeMap::new();
    for (&(policy, bytes, reuse), trials) in cells {
        let v: Vec<f64> = trials.iter().map(|t| t.0).collect();
        let s = Summary::of(&v).expect("non-empty");
        let m = target.of(&s);
        let p = &preds[&(policy, bytes, reuse)];
        // The interval without the run-to-run term.
        let half = super::query::interval_half_ms(p.se_ms, 0.0);
        trials_only.push((p.time_ms - half).max(0.0) <= m && m <= p.time_ms + half);
        let ape = if m > 0.0 {
            (p.time_ms - m).abs() / m * 100.0
        } else {
            f64::INFINITY
        };
        points.push(ValidationPoint {
            policy,
            bytes,
            reuse,
            measured_ms: m,
            measured_min_ms: s.min,
            measured_max_ms: s.max,
            trials: s.n,
            predicted_ms: p.time_ms,
            interval_ms: p.interval_ms,
            ape_pct: ape,
            in_interval: p.interval_ms[0] <= m && m <= p.interval_ms[1],
            extrapolated: p.extrapolated,
        });
        measured
            .entry((bytes, reuse))
            .or_default()
            .push((policy, s, m));
    }
    let picks: Vec<Pick> = measured
        .iter()
        .filter(|(_, v)| v.len() >= 2)
        .map(|(&(bytes, reuse), v)| pick(preds, bytes, reuse, v))
        .collect();

    let apes: Vec<f64> = points.iter().map(|p| p.ape_pct).collect();
    let per_policy = Policy::ALL
        .iter()
        .filter_map(|&policy| {
            let a: Vec<f64> = points
                .iter()
                .filter(|p| p.policy == policy)
                .map(|p| p.ape_pct)
                .collect();
            Some(PolicyError {
                policy,
                points: a.len(),
                median_ape_pct: median(&a)?,
                max_ape_pct: a.iter().copied().fold(0.0, f64::max),
            })
        })
        .collect();
    let clear: Vec<&Pick> = picks.iter().filter(|p| p.clear).collect();
    let unclear: Vec<&Pick> = picks.iter().filter(|p| !p.clear).collect();
    let summary = ValidationSummary {
        source: format!(
            "{}{}{how}",
            table.source.display(),
            if held_out_only {
                " (held-out cells only)"
            } else {
                ""
            }
        ),
        target,
        n_points: points.len(),
        median_ape_pct: median(&apes).unwrap_or(0.0),
        max_ape_pct: apes.iter().copied().fold(0.0, f64::max),
        per_policy,
        picks_correct: picks.iter().filter(|p| p.correct).count(),
        picks_total: picks.len(),
        clear_picks_correct: clear.iter().filter(|p| p.correct).count(),
        clear_picks_total: clear.len(),
        unclear_ties_declared: unclear
            .iter()
            .filter(|p| !p.predicted_tie.is_empty())
            .count(),
        unclear_total: unclear.len(),
        interval_coverage_pct: if points.is_empty() {
            0.0
        } else {
            100.0 * points.iter().filter(|p| p.in_interval).count() as f64 / points.len() as f64
        },
        interval_coverage_trials_only_pct: (model.settings.extra_rel_sd > 0.0
            && !trials_only.is_empty())
        .then(|| {
            100.0 * trials_only.iter().filter(|&&inside| inside).count() as f64
                / trials_only.len() as f64
        }),
        break_even: break_evens(model, &measured),
    };
    ValidationReport {
        points,
        picks,
        summary,
    }
}

fn pick(
    preds: &BTreeMap<(Policy, u64, u32), Prediction>,
    bytes: u64,
    reuse: u32,
    v: &[(Policy, Summary, f64)],
) -> Pick {
    let mut by_meas: Vec<&(Policy, Summary, f64)> = v.iter().collect();
    by_meas.sort_by(|a, b| a.2.total_cmp(&b.2));
    let (best, second) = (by_meas[0], by_meas[1]);
    let gap = second.2 - best.2;
    let spread = best.1.sd.hypot(second.1.sd);
    let mut preds: Vec<(Policy, f64, f64)> = v
        .iter()
        .map(|(p, _, _)| {
            let q = &preds[&(*p, bytes, reuse)];
            (*p, q.time_ms, q.spread_ms)
        })
        .collect();
    preds.sort_by(|a, b| a.1.total_cmp(&b.1));
    let top = preds[0];
    let tied: Vec<Policy> = preds
        .iter()
        .take_while(|q| super::query::within_noise(q.1 - top.1, top.2, q.2))
        .map(|q| q.0)
        .collect();
    let predicted_tie = if tied.len() > 1 {
        tied.clone()
    } else {
        Vec::new()
    };
    Pick {
        bytes,
        reuse,
        measured_best: best.0,
        measured_gap_ms: gap,
        measured_spread_ms: spread,
        clear: gap > spread,
        predicted_best: top.0,
        correct: tied.contains(&best.0),
        predicted_tie,
    }
}

/// Measured cells by (bytes, R): each policy's trial summary and the statistic compared.
type Measured = BTreeMap<(u64, u32), Vec<(Policy, Summary, f64)>>;

fn break_evens(model: &PlatformModel, measured: &Measured) -> Vec<BreakEven> {
    let model = Predictor::new(model);
    let mut sizes: Vec<u64> = measured.keys().map(|k| k.0).collect();
    sizes.dedup();
    let mut out = Vec::new();
    for bytes in sizes {
        let policies: Vec<Policy> = {
            let mut p: Vec<Policy> = measured
                .range((bytes, 0)..=(bytes, u32::MAX))
                .flat_map(|(_, v)| v.iter().map(|x| x.0))
                .collect();
            p.sort();
            p.dedup();
            p
        };
        for (i, &a) in policies.iter().enumerate() {
            for &b in &policies[i + 1..] {
                let predicted = model.breakeven(a, b, bytes).ok().flatten();
                // Measured order per R, where both were measured.
                let order: Vec<(u32, bool)> = measured
                    .range((bytes, 0)..=(bytes, u32::MAX))
                    .filter_map(|(&(_, r), v)| {
                        let ta = v.iter().find(|x| x.0 == a)?.2;
                        let tb = v.iter().find(|x| x.0 == b)?.2;
                        Some((r, ta < tb))
                    })
                    .collect();
                let bracket = order
                    .windows(2)
                    .find(|w| w[0].1 != w[1].1)
                    .map(|w| [w[0].0, w[1].0]);
                // Lines that cross far beyond any measured R are parallel for every practical
                // purpose; listing them would bury the crossings that matter.
                let max_r = order.iter().map(|o| o.0).max().unwrap_or(1);
                let plausible = predicted.is_some_and(|r| r <= 2.0 * f64::from(max_r));
                if plausible || bracket.is_some() {
                    out.push(BreakEven {
                        bytes,
                        a,
                        b,
                        predicted_r_star: predicted,
                        measured_bracket: bracket,
                    });
                }
            }
        }
    }
    out
}
