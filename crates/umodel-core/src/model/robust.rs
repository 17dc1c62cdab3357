//! Robust, non-negative linear least squares: Huber-weighted iteratively reweighted least squares
//! over the Lawson–Hanson active-set solver, with the covariance of the estimate.
//!
//! The task terms (`model::task`) are latencies and per-byte costs, linear in the cells that
//! measure them and never negative; some cells disagree with the rest (a prefetch inside an
//! alternation against one on its own, a CPU-side difference taken on a noisy core), so squares are
//! replaced by Huber's loss. For a linear model with bounds this is the exact method; argmin has no
//! bounded solver (no L-BFGS-B), and an unconstrained one on log-parameters cannot reach a term
//! that is truly zero.

use nalgebra::{DMatrix, DVector};

/// Huber's tuning constant: 95 % efficiency at the normal distribution.
pub const HUBER_K: f64 = 1.345;

/// A solution of [`robust_nnls`].
#[derive(Debug, Clone, PartialEq)]
pub struct RobustFit {
    /// The estimate, every entry ≥ 0.
    pub x: DVector<f64>,
    /// Its covariance (zero rows and columns for entries held at 0 and for unidentified ones).
    pub cov: DMatrix<f64>,
    /// Robust scale of the standardised residuals (1.4826 × MAD, at least 1): how much more the cells
    /// scatter than their standard errors say.
    pub scale: f64,
    /// Final Huber weight of each observation (1 = fully used, small = treated as an outlier).
    pub weights: Vec<f64>,
    /// Standardised residual of each observation.
    pub residuals: Vec<f64>,
}

/// Minimises `Σ ρ((a_i·x − y_i) / (s·σ_i))` subject to `x ≥ 0`, where ρ is
/// Huber's loss, `σ_i` the standard error of observation i and `s` the robust residual scale.
/// Columns of `a` that are all zero are left at 0. `None` when there are no observations.
pub fn robust_nnls(a: &DMatrix<f64>, y: &[f64], sigma: &[f64]) -> Option<RobustFit> {
    robust_nnls_with_priors(a, y, sigma, 0)
}

/// [`robust_nnls`] where the last `priors` rows are priors rather than measurements (a
/// parameter's expected value and spread): they weigh in the fit and its covariance as given,
/// but take no part in the residual scale and are never downweighted; `weights` and
/// `residuals` are the measurements' only.
pub fn robust_nnls_with_priors(
    a: &DMatrix<f64>,
    y: &[f64],
    sigma: &[f64],
    priors: usize,
) -> Option<RobustFit> {
    let (rows, n) = a.shape();
    if rows <= priors || n == 0 || y.len() != rows || sigma.len() != rows {
        return None;
    }
    let m = rows - priors;
    let base_w: Vec<f64> = sigma.iter().map(|s| 1.0 / (s * s)).collect();
    let mut huber = vec![1.0; rows];
    let mut scale = 1.0;
    let mut x = DVector::zeros(n);
    for _ in 0..30 {
        let w: Vec<f64> = (0..rows).map(|i| base_w[i] * huber[i]).collect();
        let next = weighted_nnls(a, y, &w);
        let r: Vec<f64> = (0..m)
            .map(|i| (a.row(i).dot(&next.transpose()) - y[i]) / sigma[i])
            .collect();
        let mut abs: Vec<f64> = r.iter().map(|v| v.abs()).collect();
        abs.sort_by(f64::total_cmp);
        let mad = abs[m / 2];
        scale = (1.482_602_218_505_602 * mad).max(1.0);
        let new_huber: Vec<f64> = r
            .iter()
            .map(|v| {
                let u = v.abs() / scale;
                if u <= HUBER_K {
                    1.0
                } else {
                    HUBER_K / u
                }
            })
            .chain(std::iter::repeat_n(1.0, priors))
            .collect();
        let moved = (&next - &x).amax();
        x = next;
        let same = new_huber
            .iter()
            .zip(&huber)
            .all(|(a, b)| (a - b).abs() < 1e-6);
        huber = new_huber;
        if same && moved <= 1e-12 * x.amax().max(1e-300) {
            break;
        }
    }
    let r: Vec<f64> = (0..m)
        .map(|i| (a.row(i).dot(&x.transpose()) - y[i]) / sigma[i])
        .collect();
    // Covariance on the free set (entries > 0): (Aᵀ W A)⁻¹ s², W the final weights.
    let free: Vec<usize> = (0..n).filter(|&j| x[j] > 0.0).collect();
    let mut cov = DMatrix::<f64>::zeros(n, n);
    if !free.is_empty() {
        let k = free.len();
        let mut ata = DMatrix::<f64>::zeros(k, k);
        for i in 0..rows {
            let w = base_w[i] * huber[i];
            for (p, &jp) in free.iter().enumerate() {
                for (q, &jq) in free.iter().enumerate() {
                    ata[(p, q)] += w * a[(i, jp)] * a[(i, jq)];
                }
            }
        }
        if let Some(inv) = ata.try_inverse() {
            for (p, &jp) in free.iter().enumerate() {
                for (q, &jq) in free.iter().enumerate() {
                    cov[(jp, jq)] = inv[(p, q)] * scale * scale;
                }
            }
        }
    }
    huber.truncate(m);
    Some(RobustFit {
        x,
        cov,
        scale,
        weights: huber,
        residuals: r,
    })
}

/// Lawson–Hanson non-negative least squares of `√w · (A x − y)`.
fn weighted_nnls(a: &DMatrix<f64>, y: &[f64], w: &[f64]) -> DVector<f64> {
    let (m, n) = a.shape();
    let mut aw = a.clone();
    let mut yw = DVector::zeros(m);
    for i in 0..m {
        let s = w[i].sqrt();
        aw.row_mut(i).scale_mut(s);
        yw[i] = y[i] * s;
    }
    // Column scaling: latencies (ms) and per-GiB costs live on different scales; solve in unit
    // columns and scale back.
    let mut colscale = vec![1.0; n];
    for (j, cs) in colscale.iter_mut().enumerate() {
        let norm = aw.column(j).norm();
        if norm > 0.0 {
            *cs = 1.0 / norm;
            aw.column_mut(j).scale_mut(*cs);
        }
    }
    let usable: Vec<bool> = (0..n).map(|j| aw.column(j).amax() > 0.0).collect();
    let mut passive = vec![false; n];
    let mut x = DVector::<f64>::zeros(n);
    let tol = 1e-12 * m.max(n) as f64;
    for _ in 0..3 * n + 10 {
        let r = &yw - &aw * &x;
        let grad = aw.transpose() * r;
        let mut best = None;
        for j in 0..n {
            if usable[j] && !passive[j] && grad[j] > tol && best.is_none_or(|(_, g)| grad[j] > g) {
                best = Some((j, grad[j]));
            }
        }
        let Some((j, _)) = best else { break };
        passive[j] = true;
        loop {
            let z = solve_passive(&aw, &yw, &passive);
            let bad: Vec<usize> = (0..n).filter(|&k| passive[k] && z[k] <= 0.0).collect();
            if bad.is_empty() {
                x = z;
                break;
            }
            let mut alpha = 1.0f64;
            for &k in &bad {
                let d = x[k] - z[k];
                if d > 0.0 {
                    alpha = alpha.min(x[k] / d);
                }
            }
            x = &x + (&z - &x) * alpha;
            for k in 0..n {
                if passive[k] && x[k] <= 1e-15 {
                    passive[k] = false;
                    x[k] = 0.0;
                }
            }
            if !passive.iter().any(|&p| p) {
                break;
            }
        }
    }
    for j in 0..n {
        x[j] *= colscale[j];
    }
    x
}

/// Least squares on the passive columns; zero elsewhere.
fn solve_passive(a: &DMatrix<f64>, y: &DVector<f64>, passive: &[bool]) -> DVector<f64> {
    let cols: Vec<usize> = (0..passive.len()).filter(|&j| passive[j]).collect();
    let mut out = DVector::zeros(passive.len());
    if cols.is_empty() {
        return out;
    }
    let sub = a.select_columns(&cols);
    let sol = sub
        .clone()
        .svd(true, true)
        .solve(y, 1e-12)
        .unwrap_or_else(|_| DVector::zeros(cols.len()));
    for (k, &j) in cols.iter().enumerate() {
        out[j] = sol[k];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(points: &[(f64, f64)]) -> (DMatrix<f64>, Vec<f64>) {
        let a = DMatrix::from_fn(
            points.len(),
            2,
            |i, j| if j == 0 { 1.0 } else { points[i].0 },
        );
        (a, points.iter().map(|p| p.1).collect())
    }

    #[test]
    fn recovers_a_latency_and_a_rate_exactly() {
        let pts: Vec<(f64, f64)> = [0.0625, 0.25, 1.0]
            .iter()
            .map(|&g| (g, 0.02 + 19.4 * g))
            .collect();
        let (a, y) = lines(&pts);
        let f = robust_nnls(&a, &y, &[0.01; 3]).unwrap();
        assert!((f.x[0] - 0.02).abs() < 1e-9, "{}", f.x);
        assert!((f.x[1] - 19.4).abs() < 1e-9, "{}", f.x);
    }

    #[test]
    fn a_prior_pulls_its_own_term_and_is_not_a_cell() {
        // Two unrelated terms: columns 0-1 a latency and a rate seen at two sizes whose cells
        // fall with size (an outlier at the smaller one); column 2 a rate seen at three sizes.
        let mut a = DMatrix::zeros(6, 3);
        let y = vec![9.0, 8.0, 1.0, 2.0, 4.4, 0.0];
        for (i, gib) in [(0, 0.0625), (1, 0.25)] {
            a[(i, 0)] = 1.0;
            a[(i, 1)] = gib;
        }
        for (i, gib) in [(2, 0.25), (3, 0.5), (4, 1.0)] {
            a[(i, 2)] = gib;
        }
        a[(5, 0)] = 1.0; // the prior: latency 0 ± 1 ms
        let sigma = [0.5, 0.5, 0.05, 0.05, 0.05, 1.0];
        let with = robust_nnls_with_priors(&a, &y, &sigma, 1).unwrap();
        let without = robust_nnls(&a.rows(0, 5).into_owned(), &y[..5], &sigma[..5]).unwrap();
        // Alone, the two cells make it all latency; the prior moves cost from it to the rate.
        assert!(without.x[0] > 8.0 && without.x[1] == 0.0, "{}", without.x);
        assert!(with.x[0] < 6.0 && with.x[1] > 10.0, "{}", with.x);
        // The prior has no weight or residual of its own; the other term moves only through
        // the scale the measured cells share.
        assert_eq!((with.weights.len(), with.residuals.len()), (5, 5));
        assert!(
            (with.x[2] - without.x[2]).abs() < 1e-3,
            "{} {}",
            with.x,
            without.x
        );
    }

    #[test]
    fn never_returns_a_negative_term() {
        // The best unconstrained line has a negative intercept.
        let (a, y) = lines(&[(1.0, 1.0), (2.0, 3.0), (3.0, 5.0)]);
        let f = robust_nnls(&a, &y, &[0.1; 3]).unwrap();
        assert_eq!(f.x[0], 0.0);
        assert!(f.x[1] > 0.0);
        assert_eq!(f.cov[(0, 0)], 0.0, "a term held at zero has no variance");
    }

    #[test]
    fn an_outlying_cell_is_downweighted() {
        // Five cells on a line and one 50 % off at the end: the fit follows the five.
        let mut pts: Vec<(f64, f64)> = (1..=5).map(|g| (g as f64, 2.0 * g as f64)).collect();
        pts.push((5.0, 15.0));
        let (a, y) = lines(&pts);
        let f = robust_nnls(&a, &y, &[0.05; 6]).unwrap();
        assert!((f.x[1] - 2.0).abs() < 0.05, "{}", f.x);
        assert!(f.weights[5] < 0.2, "{:?}", f.weights);
        let plain = {
            let ata = a.transpose() * &a;
            ata.try_inverse().unwrap() * a.transpose() * DVector::from_vec(y.clone())
        };
        assert!((plain[1] - 2.0).abs() > (f.x[1] - 2.0).abs());
    }

    #[test]
    fn an_unmeasured_term_stays_at_zero() {
        let a = DMatrix::from_row_slice(2, 2, &[1.0, 0.0, 2.0, 0.0]);
        let f = robust_nnls(&a, &[3.0, 6.0], &[0.1, 0.1]).unwrap();
        assert!((f.x[0] - 3.0).abs() < 1e-9);
        assert_eq!(f.x[1], 0.0);
    }

    #[test]
    fn the_covariance_shrinks_with_more_cells() {
        let few: Vec<(f64, f64)> = [1.0, 2.0].iter().map(|&g| (g, 1.0 + g)).collect();
        let many: Vec<(f64, f64)> = (0..20)
            .map(|i| (1.0 + (i % 2) as f64, 1.0 + 1.0 + (i % 2) as f64))
            .collect();
        let (a1, y1) = lines(&few);
        let (a2, y2) = lines(&many);
        let f1 = robust_nnls(&a1, &y1, &[0.1; 2]).unwrap();
        let f2 = robust_nnls(&a2, &y2, &[0.1; 20]).unwrap();
        assert!(f2.cov[(1, 1)] < f1.cov[(1, 1)]);
        assert!(f1.cov[(1, 1)] > 0.0);
    }
}
