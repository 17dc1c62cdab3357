//! Data on another GPU: the `peer` group's primitives fitted per ordered pair of devices (each a
//! latency plus a cost per GiB), composed per policy into the reuse model
//! `T_p(B, R) = F_p(B) + R·G_p(B)`, and checked against the alternations the group measured but
//! the fit never saw; and the `contention` group's verdict on GPUs moving data at once.
//!
//! Composition (the data live on the home, the user runs R update passes, the home reads the
//! result; `peer::PeerStep` names the steps):
//!
//! `T(R) = base + first pass + (R − 1)·steady pass`, the steady pass from five passes back to back
//! ((x5 − x1)/4; a single event-timed pass carries a few microseconds that back-to-back passes
//! do not):
//!
//! | policy | base | first pass | steady pass |
//! |---|---|---|---|
//! | peer-copy | copy in + copy out + home read + handover | local | local |
//! | peer-access | home read + handover | over the link | over the link |
//! | host-staged | staged in + staged out + home read + 1.5 handovers (one more host sync) | local | local |
//! | managed-prefetch | prefetch in + prefetch out + home read (managed) + handover | resident | resident |
//! | managed | fault-back read + handover | faulting | resident |

use std::collections::BTreeMap;

use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

use super::query::within_noise;
use super::robust::robust_nnls;
use super::task::Cost;
use crate::peer::{ContentionCase, Movement, PeerCase, PeerStep};
use crate::policy::Policy;
use crate::stats::Summary;
use crate::table::{Group, Table};

const GIB: f64 = (1u64 << 30) as f64;

/// z of a two-sided 90 % interval.
const Z90: f64 = 1.644_853_626_951_472_2;

/// The smallest relative standard error a cell is weighted with: a few tightly grouped trials
/// do not make a cell more certain than the trial-to-trial drift of the links (about 0.5 % on the
/// two-GPU H200 host, calibration/h200x2/run18).
const MIN_REL_SE: f64 = 0.005;

/// How much wider than the steps' trial spread (plus one handover) a 90 % interval of an
/// alternation's median is: the smallest whole factor that held 90 % of one run's alternations
/// (calibration/h200x2/run18: fitted on peer-a's steps, checked on peer-b's alternations); the
/// other runs' coverage is in NOTES.md ("Many GPUs").
pub const PEER_INTERVAL_SCALE: f64 = 2.0;

/// The fitted steps of one ordered pair of devices.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PeerPair {
    /// The device the data live on.
    pub from: u32,
    /// The device that uses them.
    pub to: u32,
    /// Each step's fitted cost (latency plus ms per GiB).
    pub steps: BTreeMap<PeerStep, Cost>,
}

/// One movement's behaviour when several GPUs move data at once.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContentionTerm {
    /// The movement.
    pub what: Movement,
    /// GPUs moving at once.
    pub gpus: u32,
    /// Median over the GPUs and sizes of (time together / time alone).
    pub factor: f64,
    /// The largest of those ratios.
    pub worst: f64,
    /// The relative standard error of those ratios (the noise the verdict is judged against).
    pub rel_se: f64,
    /// Whether the slowdown is beyond the noise (3 standard errors and 2 %).
    pub contended: bool,
}

/// What the model knows about more than one GPU.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PeerModel {
    /// The fitted steps of each ordered pair of devices measured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<PeerPair>,
    /// Each movement's slowdown when several GPUs move data at once, per count of GPUs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contention: Vec<ContentionTerm>,
}

/// A peer prediction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PeerPrediction {
    /// The policy.
    pub policy: Policy,
    /// Predicted time of one alternation with `reuse` passes, ms.
    pub time_ms: f64,
    /// Lower end of the 90 % interval, ms.
    pub lo_ms: f64,
    /// Upper end of the 90 % interval, ms.
    pub hi_ms: f64,
    /// The fixed cost `F` of the reuse model, ms.
    pub f_ms: f64,
    /// The cost `G` of each further pass (the steady pass), ms.
    pub g_ms: f64,
    /// Trial-level spread of the prediction, ms (ties are judged against it).
    #[serde(skip)]
    pub spread_ms: f64,
}

/// A peer query that cannot be answered.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PeerError {
    /// The model has no peer pairs at all.
    #[error("this model has no peer terms: on a machine with two or more GPUs run `umodel calibrate --device all`, or `umodel bench peer` and `umodel fit --peer-from`")]
    NoPeerTerms,
    /// The model has no terms for this ordered pair of devices.
    #[error(
        "this model has no peer terms for data on GPU {from} used on GPU {to} (it has: {have})"
    )]
    NoPair {
        /// The device the data live on.
        from: u32,
        /// The device that uses them.
        to: u32,
        /// The pairs the model has (`from>to`, comma-separated).
        have: String,
    },
    /// The policy is not one for data on another GPU.
    #[error("`{0}` is not a policy for data on another GPU (those are: peer-copy, peer-access, host-staged, managed-prefetch, managed)")]
    NotPeer(Policy),
    /// The pair lacks a step the policy is built from (the policy, the step's name).
    #[error("{0} is not calibrated for this pair (missing step `{1}`)")]
    Missing(Policy, &'static str),
    /// A peer task lacks a phase time that has no estimate (its task field, its flag, what it is).
    #[error("the task gives no `{0}`: with its data on another GPU it is {2}, which has no estimate; give it in the file or with {1}")]
    MissingTime(&'static str, &'static str, &'static str),
    /// An input is not finite or is below its minimum.
    #[error("{what} must be a finite number ≥ {min} (got {value})")]
    BadInput {
        /// What the input is.
        what: &'static str,
        /// The value given.
        value: f64,
        /// The smallest value taken.
        min: f64,
    },
}

impl serde::Serialize for PeerStep {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for PeerStep {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        PeerStep::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown peer step `{s}`")))
    }
}

impl serde::Serialize for Movement {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Movement {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Movement::ALL
            .into_iter()
            .find(|p| p.name() == s)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown movement `{s}`")))
    }
}

/// How a policy's alternation is built from the steps: `base` once, the first pass, then each
/// further pass at the steady cost of `pass` (from `pass5`, five passes back to back, where
/// measured: (x5 − x1)/4; else the single pass).
struct Recipe {
    base: &'static [(f64, PeerStep)],
    first: PeerStep,
    pass: PeerStep,
    pass5: PeerStep,
}

fn recipe(policy: Policy) -> Option<Recipe> {
    use PeerStep::*;
    let local = |base| Recipe {
        base,
        first: LocalInplace,
        pass: LocalInplace,
        pass5: LocalInplace5,
    };
    Some(match policy {
        Policy::PeerCopy => local(&[
            (1.0, CopyIn),
            (1.0, CopyOut),
            (1.0, HomeRead),
            (1.0, Handover),
        ]),
        // One more host synchronisation than the others (between the home's copy out and the user's
        // copy in): half a handover.
        Policy::HostStaged => local(&[
            (1.0, StagedIn),
            (1.0, StagedOut),
            (1.0, HomeRead),
            (1.5, Handover),
        ]),
        Policy::PeerAccess => Recipe {
            base: &[(1.0, HomeRead), (1.0, Handover)],
            first: AccessInplace,
            pass: AccessInplace,
            pass5: AccessInplace5,
        },
        Policy::ManagedPrefetch => Recipe {
            base: &[
                (1.0, PrefetchIn),
                (1.0, PrefetchOut),
                (1.0, HomeReadManaged),
                (1.0, Handover),
            ],
            first: ResidentInplace,
            pass: ResidentInplace,
            pass5: ResidentInplace5,
        },
        Policy::Managed => Recipe {
            base: &[(1.0, FaultBackRead), (1.0, Handover)],
            first: FaultInplace,
            pass: ResidentInplace,
            pass5: ResidentInplace5,
        },
        _ => return None,
    })
}

fn check(what: &'static str, value: f64, min: f64) -> Result<f64, PeerError> {
    if value.is_finite() && value >= min {
        Ok(value)
    } else {
        Err(PeerError::BadInput { what, value, min })
    }
}

impl PeerModel {
    /// The pair for data on `from` used on `to`.
    pub fn pair(&self, from: u32, to: u32) -> Result<&PeerPair, PeerError> {
        if self.pairs.is_empty() {
            return Err(PeerError::NoPeerTerms);
        }
        self.pairs
            .iter()
            .find(|p| p.from == from && p.to == to)
            .ok_or_else(|| PeerError::NoPair {
                from,
                to,
                have: self
                    .pairs
                    .iter()
                    .map(|p| format!("{}>{}", p.from, p.to))
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Time of `policy` for `bytes` on `from`, used on `to` with `reuse` passes.
    pub fn predict(
        &self,
        from: u32,
        to: u32,
        policy: Policy,
        bytes: f64,
        reuse: f64,
    ) -> Result<PeerPrediction, PeerError> {
        let bytes = check("bytes", bytes, 1.0)?;
        let reuse = check("reuse", reuse, 0.0)?;
        let pair = self.pair(from, to)?;
        let r = recipe(policy).ok_or(PeerError::NotPeer(policy))?;
        let step = |s: PeerStep| {
            pair.steps
                .get(&s)
                .ok_or(PeerError::Missing(policy, s.name()))
        };
        // Variance: each step's trial spread, the steady pass counted `reuse − 1` times.
        let mut var = 0.0;
        let mut base = 0.0;
        for &(k, s) in r.base {
            let c = step(s)?;
            let t = k * c.at(bytes);
            base += t;
            var += (t * c.rel_sd).powi(2);
        }
        let first_c = step(r.first)?;
        let first = first_c.at(bytes);
        var += (first * first_c.rel_sd).powi(2);
        let pass_c = step(r.pass)?;
        let one = pass_c.at(bytes);
        let (steady, steady_sd) = match pair.steps.get(&r.pass5) {
            Some(c5) => {
                let five = c5.at(bytes);
                (
                    ((five - one) / 4.0).max(0.0),
                    (five * c5.rel_sd).hypot(one * pass_c.rel_sd) / 4.0,
                )
            }
            None => (one, one * pass_c.rel_sd),
        };
        var += ((reuse - 1.0).max(0.0) * steady_sd).powi(2);
        // The alternation swaps event-timed step boundaries for host synchronisations: its
        // composition error is of the order of one handover (16 µs on the two-GPU H200 host;
        // the 64 MiB cells of calibration/h200x2 sit 2-4 % from their sums for that reason).
        if let Ok(h) = step(PeerStep::Handover) {
            var += h.at(bytes).powi(2);
        }
        // T(R) = base + first + (R − 1)·steady = F + R·G.
        let g_ms = steady;
        let f_ms = base + first - steady;
        let time_ms = f_ms + reuse * g_ms;
        let spread_ms = var.sqrt();
        if !time_ms.is_finite() {
            return Err(PeerError::BadInput {
                what: "reuse",
                value: reuse,
                min: 0.0,
            });
        }
        Ok(PeerPrediction {
            policy,
            time_ms,
            lo_ms: (time_ms - Z90 * PEER_INTERVAL_SCALE * spread_ms).max(0.0),
            hi_ms: time_ms + Z90 * PEER_INTERVAL_SCALE * spread_ms,
            f_ms,
            g_ms,
            spread_ms,
        })
    }

    /// Every peer policy calibrated for the pair, fastest first, and whether the first two are
    /// within the noise of each other.
    pub fn choose(
        &self,
        from: u32,
        to: u32,
        bytes: f64,
        reuse: f64,
    ) -> Result<(Vec<PeerPrediction>, bool), PeerError> {
        rank(
            |p| self.predict(from, to, p, bytes, reuse),
            |x| (x.time_ms, x.spread_ms),
        )
    }

    /// The reuse at which `a` and `b` take the same time (`None`: one is faster at every reuse).
    pub fn breakeven(
        &self,
        from: u32,
        to: u32,
        a: Policy,
        b: Policy,
        bytes: f64,
    ) -> Result<Option<f64>, PeerError> {
        let pa = self.predict(from, to, a, bytes, 0.0)?;
        let pb = self.predict(from, to, b, bytes, 0.0)?;
        let dg = pb.g_ms - pa.g_ms;
        let df = pa.f_ms - pb.f_ms;
        if dg == 0.0 {
            return Ok(None);
        }
        let r = df / dg;
        Ok((r.is_finite() && r > 0.0).then_some(r))
    }

    /// Whether any movement slows down when the GPUs move data at once.
    pub fn contended(&self) -> Vec<&ContentionTerm> {
        self.contention.iter().filter(|c| c.contended).collect()
    }
}

/// Fits the peer and contention terms from a table's `peer` and `contention` rows (the
/// alternations are never used); `None` when it has neither.
pub fn fit_peer(table: &Table) -> Option<PeerModel> {
    let mut cells: BTreeMap<(u32, u32, PeerStep), BTreeMap<u64, Vec<f64>>> = BTreeMap::new();
    let mut moves: BTreeMap<(Movement, u32, u32, u64), Vec<f64>> = BTreeMap::new();
    for r in &table.rows {
        match r.group {
            Group::Peer => {
                let Ok(c) = r.case.parse::<PeerCase>() else {
                    continue;
                };
                if c.step == PeerStep::Alternating {
                    continue;
                }
                cells
                    .entry((c.from, c.to, c.step))
                    .or_default()
                    .entry(r.bytes)
                    .or_default()
                    .push(r.time_ms);
            }
            Group::Contention => {
                if let Ok(c) = r.case.parse::<ContentionCase>() {
                    moves
                        .entry((c.what, c.gpus, c.device, r.bytes))
                        .or_default()
                        .push(r.time_ms);
                }
            }
            _ => {}
        }
    }
    let mut pairs: Vec<PeerPair> = Vec::new();
    for ((from, to, step), by_size) in cells {
        let Some(cost) = fit_cost(&by_size) else {
            continue;
        };
        match pairs.iter_mut().find(|p| p.from == from && p.to == to) {
            Some(p) => {
                p.steps.insert(step, cost);
            }
            None => pairs.push(PeerPair {
                from,
                to,
                steps: BTreeMap::from([(step, cost)]),
            }),
        }
    }
    let contention = fit_contention(&moves);
    (!pairs.is_empty() || !contention.is_empty()).then_some(PeerModel { pairs, contention })
}

/// `lat + per_gib·GiB` over a step's sizes (robust, non-negative), weighted by each median's
/// standard error.
fn fit_cost(by_size: &BTreeMap<u64, Vec<f64>>) -> Option<Cost> {
    let sums: Vec<(u64, Summary)> = by_size
        .iter()
        .filter_map(|(&b, v)| Summary::of(v).map(|s| (b, s)))
        .collect();
    if sums.is_empty() {
        return None;
    }
    let m = sums.len();
    let a = DMatrix::from_fn(
        m,
        2,
        |i, j| if j == 0 { 1.0 } else { sums[i].0 as f64 / GIB },
    );
    let y: Vec<f64> = sums.iter().map(|(_, s)| s.median).collect();
    let se: Vec<f64> = sums
        .iter()
        .map(|(_, s)| s.se.max(MIN_REL_SE * s.median).max(1e-6))
        .collect();
    let fit = robust_nnls(&a, &y, &se)?;
    let mut rel: Vec<f64> = sums
        .iter()
        .filter(|(_, s)| s.median > 0.0)
        .map(|(_, s)| s.sd / s.median)
        .collect();
    rel.sort_by(f64::total_cmp);
    let rel_sd = rel.get(rel.len() / 2).copied().unwrap_or(0.0);
    let s2 = fit.scale * fit.scale;
    Some(Cost {
        lat_ms: fit.x[0],
        ms_per_gib: fit.x[1],
        cov: [
            fit.cov[(0, 0)] * s2,
            fit.cov[(0, 1)] * s2,
            fit.cov[(1, 1)] * s2,
        ],
        rel_sd,
        run_shift: 0.0,
        cells: m as u32,
        sizes: [sums[0].0, sums[m - 1].0],
    })
}

/// Per movement and number of GPUs: time together over time alone, per GPU and size.
fn fit_contention(moves: &BTreeMap<(Movement, u32, u32, u64), Vec<f64>>) -> Vec<ContentionTerm> {
    let mut out = Vec::new();
    let together: Vec<(Movement, u32)> = moves
        .keys()
        .filter(|(_, g, _, _)| *g > 1)
        .map(|(w, g, _, _)| (*w, *g))
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    for (what, gpus) in together {
        let mut ratios = Vec::new();
        let mut ses = Vec::new();
        for ((w, g, d, b), t) in moves {
            if *w != what || *g != gpus {
                continue;
            }
            let (Some(alone), Some(both)) = (
                moves.get(&(what, 1, *d, *b)).and_then(|v| Summary::of(v)),
                Summary::of(t),
            ) else {
                continue;
            };
            if alone.median <= 0.0 {
                continue;
            }
            ratios.push(both.median / alone.median);
            ses.push(((alone.se / alone.median).powi(2) + (both.se / both.median).powi(2)).sqrt());
        }
        if ratios.is_empty() {
            continue;
        }
        let factor = crate::stats::median(&ratios).unwrap_or(1.0);
        let worst = ratios.iter().copied().fold(f64::MIN, f64::max);
        let rel_se = ses.iter().copied().fold(0.0, f64::max);
        out.push(ContentionTerm {
            what,
            gpus,
            factor,
            worst,
            rel_se,
            contended: worst - 1.0 > (3.0 * rel_se).max(0.02),
        });
    }
    out
}

/// One held-out alternation against its prediction.
#[derive(Debug, Clone, Serialize)]
pub struct PeerPoint {
    /// The device the data live on.
    pub from: u32,
    /// The device that uses them.
    pub to: u32,
    /// The policy.
    pub policy: Policy,
    /// Working-set size in bytes.
    pub bytes: u64,
    /// Passes per alternation (R).
    pub reuse: u32,
    /// Trials in the cell.
    pub trials: u32,
    /// Median of the trials, ms.
    pub measured_ms: f64,
    /// The model's prediction, ms.
    pub predicted_ms: f64,
    /// Absolute percentage error of the prediction, %.
    pub ape_pct: f64,
    /// Half-width of the upper side of the 90 % interval, ms.
    pub half_width_ms: f64,
    /// Whether the measured median lies in the 90 % interval.
    pub in_interval: bool,
}

/// How the peer model did on a table's alternations.
#[derive(Debug, Clone, Serialize)]
pub struct PeerValidation {
    /// Every alternation with a prediction, one per cell.
    pub points: Vec<PeerPoint>,
    /// Median absolute percentage error over the points, %.
    pub median_ape_pct: f64,
    /// Largest absolute percentage error over the points, %.
    pub max_ape_pct: f64,
    /// Share of measured medians inside the 90 % interval.
    pub coverage: f64,
    /// Cells (pair, size, reuse) whose measured best beat the runner-up beyond the noise.
    pub clear_picks: u32,
    /// Of those, the ones the model picked right.
    pub clear_right: u32,
    /// Every cell, clear or not: the model's pick was the measured best.
    pub picks_right: u32,
    /// Cells (pair, size, reuse) compared.
    pub cells: u32,
}

/// Checks the model against every `peer` alternation of `table` it has a prediction for.
pub fn validate_peer(model: &PeerModel, table: &Table) -> Option<PeerValidation> {
    let mut cells: BTreeMap<(u32, u32, u64, u32, Policy), Vec<f64>> = BTreeMap::new();
    for r in &table.rows {
        if r.group != Group::Peer {
            continue;
        }
        let Ok(c) = r.case.parse::<PeerCase>() else {
            continue;
        };
        if c.step != PeerStep::Alternating {
            continue;
        }
        let Some(reuse) = r.reuse else { continue };
        cells
            .entry((c.from, c.to, r.bytes, reuse, r.policy))
            .or_default()
            .push(r.time_ms);
    }
    let mut points = Vec::new();
    // (from, to, bytes, reuse) → each policy's measured summary and prediction there.
    type Cell = (u32, u32, u64, u32);
    let mut groups: BTreeMap<Cell, Vec<(Policy, Summary, PeerPrediction)>> = BTreeMap::new();
    for ((from, to, bytes, reuse, policy), t) in cells {
        let (Some(s), Ok(p)) = (
            Summary::of(&t),
            model.predict(from, to, policy, bytes as f64, reuse as f64),
        ) else {
            continue;
        };
        points.push(PeerPoint {
            from,
            to,
            policy,
            bytes,
            reuse,
            trials: s.n,
            measured_ms: s.median,
            predicted_ms: p.time_ms,
            ape_pct: 100.0 * (p.time_ms - s.median).abs() / s.median,
            half_width_ms: p.hi_ms - p.time_ms,
            in_interval: p.lo_ms <= s.median && s.median <= p.hi_ms,
        });
        groups
            .entry((from, to, bytes, reuse))
            .or_default()
            .push((policy, s, p));
    }
    if points.is_empty() {
        return None;
    }
    let (mut clear_picks, mut clear_right, mut picks_right) = (0, 0, 0);
    for g in groups.values() {
        let best_measured = g
            .iter()
            .min_by(|a, b| a.1.median.total_cmp(&b.1.median))
            .expect("non-empty");
        let best_predicted = g
            .iter()
            .min_by(|a, b| a.2.time_ms.total_cmp(&b.2.time_ms))
            .expect("non-empty");
        let right = best_measured.0 == best_predicted.0;
        picks_right += u32::from(right);
        let runner_up = g
            .iter()
            .filter(|x| x.0 != best_measured.0)
            .min_by(|a, b| a.1.median.total_cmp(&b.1.median));
        // Clear: the measured runner-up's fastest trial is slower than the best's slowest.
        if let Some(r) = runner_up {
            if r.1.min > best_measured.1.max {
                clear_picks += 1;
                clear_right += u32::from(right);
            }
        }
    }
    let mut apes: Vec<f64> = points.iter().map(|p| p.ape_pct).collect();
    apes.sort_by(f64::total_cmp);
    let median_ape_pct = crate::stats::median_sorted(&apes);
    let max_ape_pct = apes[apes.len() - 1];
    let coverage = points.iter().filter(|p| p.in_interval).count() as f64 / points.len() as f64;
    Some(PeerValidation {
        median_ape_pct,
        max_ape_pct,
        coverage,
        clear_picks,
        clear_right,
        picks_right,
        cells: groups.len() as u32,
        points,
    })
}

// ----- tasks whose data live on another GPU ----------------------------------------------------

/// A task's time under one peer policy, with its parts.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct PeerTaskPrediction {
    /// The policy.
    pub policy: Policy,
    /// Predicted time of the task, ms.
    pub time_ms: f64,
    /// Lower end of the 90 % interval, ms.
    pub lo_ms: f64,
    /// Upper end of the 90 % interval, ms.
    pub hi_ms: f64,
    /// Moving the data between the two GPUs (copies, prefetches, faults), ms.
    pub move_ms: f64,
    /// The two GPUs' own phases as given, and what peer access adds to the user's passes, ms.
    pub phases_ms: f64,
    /// Handing over between the GPUs, ms.
    pub handover_ms: f64,
    /// Trial-level spread of the prediction, ms (ties are judged against it).
    #[serde(skip)]
    pub spread_ms: f64,
}

/// Where a buffer's current data are, per policy family.
#[derive(Clone, Copy)]
struct Where {
    on_home: bool,
    on_user: bool,
}

/// A task whose buffers live on GPU `from` (the home) and are used by GPU `to`. The task file's
/// CPU side is read as the home GPU's side: `cpu` accesses and `cpu_ms` are the home's phase on its
/// own memory, `cpu_final` (with `cpu_final_ms`) its last access; `gpu` accesses and `gpu_ms` (one
/// pass on the user's own memory) the user's. Both times must be given: there is no estimate of
/// another GPU's phase.
pub fn predict_peer_task(
    m: &PeerModel,
    from: u32,
    to: u32,
    task: &crate::task::Task,
    policy: Policy,
) -> Result<PeerTaskPrediction, PeerError> {
    use crate::task::Side;
    use PeerStep::*;
    let pair = m.pair(from, to)?;
    if recipe(policy).is_none() {
        return Err(PeerError::NotPeer(policy));
    }
    let home_ms = check(
        "the home GPU's phase (cpu_ms)",
        task.cpu_ms.ok_or(PeerError::MissingTime(
            "cpu_ms",
            "--cpu-ms",
            "the home GPU's phase",
        ))?,
        0.0,
    )?;
    let pass_ms = check(
        "the user GPU's pass (gpu_ms)",
        task.gpu_ms.ok_or(PeerError::MissingTime(
            "gpu_ms",
            "--gpu-ms",
            "one pass of the user GPU on its own memory",
        ))?,
        0.0,
    )?;
    let final_ms = check("cpu_final_ms", task.cpu_final_ms.unwrap_or(0.0), 0.0)?;
    let reuse = check("reuse", task.reuse, 1.0)?;
    let step = |s: PeerStep| {
        pair.steps
            .get(&s)
            .ok_or(PeerError::Missing(policy, s.name()))
    };
    // Each cost with its trial spread: (ms, variance).
    let mut var = 0.0;
    let mut cost = |s: PeerStep, bytes: f64, var: &mut f64| -> Result<f64, PeerError> {
        let c = step(s)?;
        let t = c.at(bytes).max(0.0);
        *var += (t * c.rel_sd).powi(2);
        Ok(t)
    };
    let handover = step(Handover)?.at(1.0);
    let mut state = vec![
        Where {
            on_home: true,
            on_user: false,
        };
        task.buffers.len()
    ];
    let (mut move_ms, mut phases_ms) = (0.0, 0.0);
    let staged = policy == Policy::HostStaged;
    let managed = matches!(policy, Policy::Managed | Policy::ManagedPrefetch);
    // Brings the buffers `want` needs to the home (before its phase or its final access). A staged
    // copy's extra host synchronisation (the copy in waits for the home's copy out) is counted
    // with the copy in: half a handover per round.
    let to_home = |want: &dyn Fn(&crate::task::Buffer) -> bool,
                   state: &mut [Where],
                   var: &mut f64,
                   cost: &mut dyn FnMut(PeerStep, f64, &mut f64) -> Result<f64, PeerError>|
     -> Result<(f64, bool), PeerError> {
        let (mut ms, mut any) = (0.0, false);
        for (b, st) in task.buffers.iter().zip(state.iter_mut()) {
            if !want(b) || st.on_home {
                continue;
            }
            let bytes = b.bytes as f64;
            ms += match policy {
                Policy::PeerCopy => cost(CopyOut, bytes, var)?,
                Policy::HostStaged => cost(StagedOut, bytes, var)?,
                Policy::ManagedPrefetch => cost(PrefetchOut, bytes, var)?,
                // The home's first touch faults them back: the faulting read over a local one.
                _ => {
                    (cost(FaultBackRead, bytes, var)? - cost(HomeReadManaged, bytes, var)?).max(0.0)
                }
            };
            st.on_home = true;
            if managed {
                st.on_user = false;
            }
            any = true;
        }
        Ok((ms, any))
    };
    let mut rounds_handover = 0.0;
    for _ in 0..task.rounds {
        for side in match task.first {
            Side::Cpu => [Side::Cpu, Side::Gpu],
            Side::Gpu => [Side::Gpu, Side::Cpu],
        } {
            match side {
                Side::Cpu => {
                    if policy != Policy::PeerAccess {
                        let (ms, any) =
                            to_home(&|b| b.cpu.touches(), &mut state, &mut var, &mut cost)?;
                        move_ms += ms;
                        let _ = any;
                    }
                    for (b, st) in task.buffers.iter().zip(state.iter_mut()) {
                        if b.cpu.writes() && !managed {
                            st.on_user = false;
                        }
                    }
                    phases_ms += home_ms;
                }
                Side::Gpu => {
                    let mut link = 0.0;
                    let mut faults = 0.0;
                    let mut any_in = false;
                    for (b, st) in task.buffers.iter().zip(state.iter_mut()) {
                        if !b.gpu.touches() {
                            continue;
                        }
                        let bytes = b.bytes as f64;
                        let touched = bytes * b.gpu_fraction;
                        match policy {
                            Policy::PeerAccess => {
                                link += if !b.gpu.writes() {
                                    cost(AccessRead, touched, &mut var)?
                                } else if pair.steps.contains_key(&AccessInplace5) {
                                    // The steady pass: five back to back over one (a single
                                    // event-timed pass carries a few µs that R passes do not).
                                    ((cost(AccessInplace5, touched, &mut var)?
                                        - cost(AccessInplace, touched, &mut var)?)
                                        / 4.0)
                                        .max(0.0)
                                } else {
                                    cost(AccessInplace, touched, &mut var)?
                                };
                            }
                            _ if st.on_user => {}
                            // A buffer the user only overwrites, whole, needs no copy in.
                            Policy::PeerCopy | Policy::HostStaged
                                if !b.gpu.reads() && b.gpu_fraction >= 1.0 => {}
                            Policy::PeerCopy => move_ms += cost(CopyIn, bytes, &mut var)?,
                            Policy::HostStaged => {
                                move_ms += cost(StagedIn, bytes, &mut var)?;
                                any_in = true;
                            }
                            Policy::ManagedPrefetch => {
                                move_ms += cost(PrefetchIn, bytes, &mut var)?
                            }
                            _ => {
                                faults += (cost(FaultInplace, touched, &mut var)?
                                    - cost(ResidentInplace, touched, &mut var)?)
                                .max(0.0)
                            }
                        }
                        if policy != Policy::PeerAccess {
                            st.on_user = true;
                            if b.gpu.writes() || managed {
                                st.on_home = false;
                            }
                        }
                    }
                    if staged && any_in {
                        rounds_handover += 0.5;
                    }
                    move_ms += faults;
                    // Peer access: each pass runs at the slower of the kernel and the link.
                    phases_ms += reuse * pass_ms.max(link);
                }
            }
        }
        rounds_handover += 1.0;
    }
    // The home's last access.
    if task.buffers.iter().any(|b| b.cpu_final.touches()) {
        if policy != Policy::PeerAccess {
            let (ms, _) = to_home(&|b| b.cpu_final.touches(), &mut state, &mut var, &mut cost)?;
            move_ms += ms;
        }
        phases_ms += final_ms;
    }
    let handover_ms = rounds_handover * handover;
    var += handover.powi(2);
    let time_ms = move_ms + phases_ms + handover_ms;
    let spread_ms = var.sqrt();
    if !time_ms.is_finite() {
        return Err(PeerError::BadInput {
            what: "the task's times",
            value: time_ms,
            min: 0.0,
        });
    }
    Ok(PeerTaskPrediction {
        policy,
        time_ms,
        lo_ms: (time_ms - Z90 * PEER_INTERVAL_SCALE * spread_ms).max(0.0),
        hi_ms: time_ms + Z90 * PEER_INTERVAL_SCALE * spread_ms,
        move_ms,
        phases_ms,
        handover_ms,
        spread_ms,
    })
}

/// Every peer policy on the task, fastest first, and whether the first two tie.
pub fn choose_peer_task(
    m: &PeerModel,
    from: u32,
    to: u32,
    task: &crate::task::Task,
) -> Result<(Vec<PeerTaskPrediction>, bool), PeerError> {
    rank(
        |p| predict_peer_task(m, from, to, task, p),
        |x| (x.time_ms, x.spread_ms),
    )
}

/// Every peer policy `predict` answers, fastest first (a policy missing a step is left out), and
/// whether the first two are within the noise of each other; `time` gives (ms, spread ms).
fn rank<T>(
    predict: impl Fn(Policy) -> Result<T, PeerError>,
    time: impl Fn(&T) -> (f64, f64),
) -> Result<(Vec<T>, bool), PeerError> {
    let mut v = Vec::new();
    for p in Policy::PEER {
        match predict(p) {
            Ok(x) => v.push(x),
            Err(PeerError::Missing(..)) => {}
            Err(e) => return Err(e),
        }
    }
    v.sort_by(|a, b| time(a).0.total_cmp(&time(b).0));
    let tie = v.len() > 1 && {
        let ((t0, s0), (t1, s1)) = (time(&v[0]), time(&v[1]));
        within_noise(t1 - t0, s0, s1)
    };
    Ok((v, tie))
}
