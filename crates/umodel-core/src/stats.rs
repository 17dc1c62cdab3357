//! Robust summaries of repeated trials, and estimates that carry their uncertainty.
//!
//! The CPU side of a handoff jitters ~10 % trial to trial on a shared VM (H200.md, "Noise"), with
//! occasional outliers, so spreads are taken from the median absolute deviation rather than the
//! standard deviation: one slow trial must not widen every interval.

use serde::{Deserialize, Serialize};

/// z for a two-sided 90 % normal interval; the interval the CLI reports.
pub const Z90: f64 = 1.644_853_626_951_472_2;

/// Scale from median absolute deviation to standard deviation for normal data.
const MAD_TO_SD: f64 = 1.482_602_218_505_602;

/// Asymptotic ratio of the standard error of a median to that of a mean (√(π/2)) for normal data.
const MEDIAN_SE_FACTOR: f64 = 1.253_314_137_315_500_3;

/// Summary of the trials of one measured cell, in the unit of the trials (ms).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Number of trials.
    pub n: u32,
    /// Median of the trials.
    pub median: f64,
    /// Fastest trial (the lower envelope).
    pub min: f64,
    /// Slowest trial.
    pub max: f64,
    /// Robust standard deviation of one trial (1.4826 × MAD); 0 for a single trial.
    pub sd: f64,
    /// Standard error of the median (√(π/2) · sd / √n); 0 for a single trial.
    pub se: f64,
}

impl Summary {
    /// Summarises `values`; `None` when there are none. Non-finite values must be rejected before.
    pub fn of(values: &[f64]) -> Option<Summary> {
        if values.is_empty() {
            return None;
        }
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let median = median_sorted(&v);
        let mut dev: Vec<f64> = v.iter().map(|x| (x - median).abs()).collect();
        dev.sort_by(f64::total_cmp);
        let n = v.len();
        let mut sd = MAD_TO_SD * median_sorted(&dev);
        if sd == 0.0 && n > 1 {
            // More than half the trials identical (quantised timers): fall back to the plain SD
            // so a real spread in the rest is not reported as none.
            sd = mean_and_sd(&v).1;
        }
        let se = if n > 1 {
            (MEDIAN_SE_FACTOR * sd / (n as f64).sqrt()).max(order_statistic_se(&v))
        } else {
            0.0
        };
        Some(Summary {
            n: n as u32,
            median,
            min: v[0],
            max: v[n - 1],
            sd,
            se,
        })
    }

    /// The estimate of this cell's typical time (its median).
    pub fn estimate(&self) -> Estimate {
        Estimate {
            point: self.median,
            se: self.se,
            sd: self.sd,
            n: self.n,
        }
    }
}

/// A derived quantity with its standard error and the trial-level spread behind it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// Best estimate.
    pub point: f64,
    /// Standard error of `point`.
    pub se: f64,
    /// Spread of one trial of the underlying measurement (what a single new run may deviate by).
    pub sd: f64,
    /// Trials behind it (the smallest count of its inputs).
    pub n: u32,
}

impl Estimate {
    /// An exact value (no uncertainty known).
    pub const fn exact(point: f64) -> Estimate {
        Estimate {
            point,
            se: 0.0,
            sd: 0.0,
            n: 1,
        }
    }

    /// `a - b` for independent estimates.
    pub fn minus(self, b: Estimate) -> Estimate {
        Estimate {
            point: self.point - b.point,
            se: self.se.hypot(b.se),
            sd: self.sd.hypot(b.sd),
            n: self.n.min(b.n),
        }
    }

    /// Two-sided interval `point ± z·se`.
    pub fn interval(&self, z: f64) -> [f64; 2] {
        [self.point - z * self.se, self.point + z * self.se]
    }
}

/// Distribution-free standard error of the median from the order statistics around it (McKean &
/// Schrader 1984: `(x₍ₙ₋c₊₁₎ − x₍c₎) / (2·1.96)`, `c = round((n+1)/2 − 1.96·√(n/4))`); 0 below 3
/// trials. The MAD-based error assumes one level of noise; the H200's CPU update flips between two
/// levels 30–34 % apart (NOTES.md), and when the trials of a cell split between them the median can
/// land on either: this estimate sees the split, the MAD of the larger group does not.
fn order_statistic_se(sorted: &[f64]) -> f64 {
    const Z: f64 = 1.959_963_984_540_054;
    let n = sorted.len();
    if n < 3 {
        return 0.0;
    }
    let c = ((n as f64 + 1.0) / 2.0 - Z * (n as f64 / 4.0).sqrt())
        .round()
        .max(1.0) as usize;
    (sorted[n - c] - sorted[c - 1]) / (2.0 * Z)
}

/// The mean of `values` and their sample standard deviation (n − 1; 0 for one value). Empty:
/// NaN.
pub fn mean_and_sd(values: &[f64]) -> (f64, f64) {
    let n = values.len();
    let mean = values.iter().sum::<f64>() / n as f64;
    let sd = if n > 1 {
        (values.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt()
    } else {
        0.0
    };
    (mean, sd)
}

/// Median of an ascending slice (non-empty).
pub fn median_sorted(v: &[f64]) -> f64 {
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// Median of any slice; `None` when empty.
pub fn median(values: &[f64]) -> Option<f64> {
    if values.is_empty() {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    Some(median_sorted(&v))
}

/// A distribution-free interval for the median of what `values` were drawn from: the order
/// statistics `[x(k), x(n+1−k)]`, `k` the largest whose exact coverage `1 − 2·P(Bin(n, ½) ≤ k−1)`
/// is at least `level` (`k = 1`, the whole range, where none reaches it), with that coverage. It
/// assumes nothing of the trials' distribution, which on the H200 VM is often two-level. `None`
/// when `values` is empty or holds a non-finite value.
pub fn median_interval(values: &[f64], level: f64) -> Option<([f64; 2], f64)> {
    let n = values.len();
    if n == 0 || values.iter().any(|x| !x.is_finite()) {
        return None;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    // P(Bin(n, ½) = i), from i = 0 up, in log space so that no term underflows.
    let mut log_p = n as f64 * 0.5f64.ln();
    let mut below = log_p.exp(); // P(Bin ≤ k − 1) at step k
    let mut best = (1, 1.0 - 2.0 * below);
    for k in 1..=n.div_ceil(2) {
        // [x(k), x(n+1−k)] holds the median unless k or more trials fall on one side of it.
        let coverage = 1.0 - 2.0 * below;
        if coverage < level {
            break;
        }
        best = (k, coverage);
        log_p += ((n - k + 1) as f64).ln() - (k as f64).ln(); // P(Bin = k)
        below += log_p.exp();
    }
    let (k, coverage) = best;
    Some(([v[k - 1], v[n - k]], coverage))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_median_interval_is_the_order_statistics_with_their_exact_binomial_coverage() {
        let seven = [7.0, 1.0, 6.0, 2.0, 5.0, 3.0, 4.0];
        // n = 7: [x(2), x(6)] holds the median with 1 − 2·8/128 = 87.5 %; [x(3), x(5)] only 54.7 %.
        let (r, c) = median_interval(&seven, 0.8).unwrap();
        assert_eq!(r, [2.0, 6.0]);
        assert!((c - 0.875).abs() < 1e-12, "{c}");
        let (r, c) = median_interval(&seven, 0.5).unwrap();
        assert_eq!(r, [3.0, 5.0]);
        assert!((c - (1.0 - 2.0 * 29.0 / 128.0)).abs() < 1e-12, "{c}");
        // 90 % needs the whole range at n = 7 (98.4 %).
        let (r, c) = median_interval(&seven, 0.9).unwrap();
        assert_eq!(r, [1.0, 7.0]);
        assert!((c - (1.0 - 2.0 / 128.0)).abs() < 1e-12);
        // Too few trials to reach the level: the whole range, with what it holds.
        let (r, c) = median_interval(&[2.0, 1.0], 0.8).unwrap();
        assert_eq!((r, c), ([1.0, 2.0], 0.5));
        assert_eq!(median_interval(&[3.0], 0.8).unwrap(), ([3.0, 3.0], 0.0));
        assert!(median_interval(&[], 0.8).is_none());
        assert!(median_interval(&[1.0, f64::NAN], 0.8).is_none());
        // Many trials: no underflow, and the interval narrows around the median.
        let many: Vec<f64> = (0..2001).map(f64::from).collect();
        let (r, c) = median_interval(&many, 0.9).unwrap();
        assert!((0.9..0.91).contains(&c), "{c}");
        assert!(
            r[0] < 1000.0 && r[1] > 1000.0 && r[1] - r[0] < 80.0,
            "{r:?}"
        );
    }

    #[test]
    fn summary_of_known_values() {
        let s = Summary::of(&[3.0, 1.0, 2.0, 100.0, 2.5]).unwrap();
        assert_eq!(s.n, 5);
        assert_eq!(s.median, 2.5);
        assert_eq!((s.min, s.max), (1.0, 100.0));
        // deviations from 2.5: 0.5 1.5 0.5 97.5 0 → MAD 0.5; the outlier does not inflate it.
        assert!((s.sd - 0.5 * MAD_TO_SD).abs() < 1e-12);
        // With 5 trials the distribution-free interval of the median is the whole range: the
        // standard error says the median is not known better than that.
        assert!((s.se - 99.0 / (2.0 * 1.959_963_984_540_054)).abs() < 1e-9);
    }

    #[test]
    fn median_error_sees_two_levels() {
        // 21 trials split 12 / 9 between two levels 34 % apart (the H200's CPU update): the MAD of
        // the larger group is small, the median can land on either level.
        let mut v = vec![115.0; 9];
        v.extend([154.0; 12]);
        for (i, x) in v.iter_mut().enumerate() {
            *x += i as f64 * 0.01;
        }
        let s = Summary::of(&v).unwrap();
        let mad_based = MEDIAN_SE_FACTOR * s.sd / (21f64).sqrt();
        assert!(mad_based < 0.1, "{mad_based}");
        assert!(s.se > 5.0, "{}", s.se);
        // One level with a normal-ish spread: both estimates agree within a factor of two.
        let w: Vec<f64> = (0..21).map(|i| 100.0 + (i as f64 - 10.0) * 0.3).collect();
        let s = Summary::of(&w).unwrap();
        let mad_based = MEDIAN_SE_FACTOR * s.sd / (21f64).sqrt();
        assert!(s.se <= 2.0 * mad_based, "{} vs {mad_based}", s.se);
    }

    #[test]
    fn single_trial_has_no_spread_and_even_counts_average() {
        let s = Summary::of(&[7.0]).unwrap();
        assert_eq!((s.median, s.sd, s.se), (7.0, 0.0, 0.0));
        assert_eq!(Summary::of(&[1.0, 2.0, 3.0, 4.0]).unwrap().median, 2.5);
        assert!(Summary::of(&[]).is_none());
    }

    #[test]
    fn identical_majority_falls_back_to_plain_sd() {
        let s = Summary::of(&[1.0, 1.0, 1.0, 4.0]).unwrap();
        assert!(s.sd > 0.0);
    }

    #[test]
    fn difference_adds_variances() {
        let a = Estimate {
            point: 5.0,
            se: 3.0,
            sd: 1.0,
            n: 4,
        };
        let b = Estimate {
            point: 2.0,
            se: 4.0,
            sd: 0.0,
            n: 9,
        };
        let d = a.minus(b);
        assert_eq!((d.point, d.se, d.n), (3.0, 5.0, 4));
    }
}
