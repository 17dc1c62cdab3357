//! Properties that must hold for any model fitted from any plausible data: predictions never fall as
//! reuse grows, `choose` is the argmin of `predict`, break-evens are where the lines really cross,
//! noise-free data is recovered exactly, and between calibrated sizes the predictor interpolates as
//! a hand computation does.

use proptest::prelude::*;
use umodel::model::{self, CpuUpdate, FitOptions, Predictor, QueryError, Statistic};
use umodel::platform::Platform;
use umodel::table::{HandoffCase, Row, Stage, Table};
use umodel::Policy;

const MIB: u64 = 1 << 20;
/// The share of F the synthetic CPU update takes (the H200's explicit copy: ~150 of ~190 ms).
const CPU_SHARE: f64 = 0.6;
const SIZES: [u64; 5] = [16 * MIB, 64 * MIB, 256 * MIB, 1024 * MIB, 2048 * MIB];

/// One policy's truth: per size (F, G).
type Truth = Vec<(Policy, Vec<(u64, f64, f64)>)>;

fn table_from(truth: &Truth, reuse: &[u32], trials: u32, noise: &[f64]) -> Table {
    let mut rows = Vec::new();
    let mut k = 0usize;
    let mut jitter = || {
        k += 1;
        1.0 + noise[k % noise.len()]
    };
    for (policy, knots) in truth {
        for &(bytes, f, g) in knots {
            for t in 0..trials {
                rows.push(Row::of(
                    &HandoffCase::GpuOnly,
                    *policy,
                    bytes,
                    t,
                    g * jitter(),
                ));
                for &r in reuse {
                    let mut row = Row::of(
                        &HandoffCase::Alternating,
                        *policy,
                        bytes,
                        t,
                        (f + f64::from(r) * g) * jitter(),
                    );
                    row.reuse = Some(r);
                    // The trial's CPU update: a share of F, with its own jitter.
                    let mut cpu = Row::of(
                        &HandoffCase::Stage(Stage::Cpu),
                        *policy,
                        bytes,
                        t,
                        CPU_SHARE * f * jitter(),
                    );
                    cpu.reuse = Some(r);
                    rows.push(row);
                    rows.push(cpu);
                }
            }
        }
    }
    Table {
        rows,
        ..Table::default()
    }
}

fn truth_strategy() -> impl Strategy<Value = Truth> {
    let policy_set = proptest::sample::subsequence(Policy::HANDOFF.to_vec(), 2..=6);
    let sizes = proptest::sample::subsequence(SIZES.to_vec(), 1..=5);
    (policy_set, sizes).prop_flat_map(|(policies, sizes)| {
        let n = policies.len() * sizes.len();
        proptest::collection::vec((0.01f64..500.0, 0.0f64..50.0), n).prop_map(move |params| {
            policies
                .iter()
                .enumerate()
                .map(|(i, &p)| {
                    let knots = sizes
                        .iter()
                        .enumerate()
                        .map(|(j, &b)| {
                            let (f, g) = params[i * sizes.len() + j];
                            (b, f, g)
                        })
                        .collect();
                    (p, knots)
                })
                .collect()
        })
    })
}

fn fitted(truth: &Truth, noise: &[f64], l2: Option<u64>) -> umodel::PlatformModel {
    let table = table_from(truth, &[1, 2, 8], 3, noise);
    let opts = FitOptions {
        platform: Platform {
            l2_bytes: l2,
            ..Platform::default()
        },
        l2_split: l2.is_some(),
        ..FitOptions::default()
    };
    model::fit(&table, &opts).unwrap().0
}

fn any_bytes() -> impl Strategy<Value = u64> {
    prop_oneof![
        1u64..(64 * 1024),
        (64 * 1024u64)..(8u64 << 30),
        proptest::sample::select(SIZES.to_vec())
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn prediction_is_non_decreasing_in_reuse(
        truth in truth_strategy(),
        noise in proptest::collection::vec(-0.1f64..0.1, 1..7),
        l2 in proptest::option::of(Just(60 * MIB)),
        bytes in any_bytes(),
        r1 in 1.0f64..64.0,
        dr in 0.0f64..64.0,
    ) {
        let m = fitted(&truth, &noise, l2);
        for p in m.policy_list() {
            let a = m.predict(p, bytes, r1).unwrap();
            let b = m.predict(p, bytes, r1 + dr).unwrap();
            prop_assert!(a.per_pass_ms >= 0.0);
            prop_assert!(b.time_ms >= a.time_ms - 1e-9 * a.time_ms.abs(), "{p}: T({r1}) = {} > T({}) = {}", a.time_ms, r1 + dr, b.time_ms);
            prop_assert!(a.interval_ms[0] <= a.time_ms && a.time_ms <= a.interval_ms[1]);
        }
    }

    #[test]
    fn choose_is_the_argmin_of_predict(
        truth in truth_strategy(),
        noise in proptest::collection::vec(-0.1f64..0.1, 1..7),
        bytes in any_bytes(),
        reuse in 1.0f64..100.0,
    ) {
        let m = fitted(&truth, &noise, Some(60 * MIB));
        let c = m.choose(bytes, reuse).unwrap();
        let preds: Vec<_> = m.policy_list().into_iter().map(|p| m.predict(p, bytes, reuse).unwrap()).collect();
        let min = preds.iter().map(|p| p.time_ms).fold(f64::INFINITY, f64::min);
        prop_assert_eq!(c.ranking().len(), preds.len());
        prop_assert_eq!(c.ranking()[0].time_ms, min);
        let best = preds.iter().find(|p| p.policy == c.best()).unwrap();
        prop_assert_eq!(best.time_ms, min);
        prop_assert!(c.ranking().windows(2).all(|w| w[0].time_ms <= w[1].time_ms));
        // Tie exactly when the runner-up is within the combined spread.
        let (b0, b1) = (c.ranking()[0], c.ranking()[1]);
        prop_assert_eq!(c.tie(), b1.time_ms - b0.time_ms <= b0.spread_ms.hypot(b1.spread_ms));
    }

    #[test]
    fn the_predictor_interpolates_as_computed_by_hand(
        truth in truth_strategy(),
        l2 in proptest::option::of(Just(60 * MIB)),
        segment in 0usize..4,
        at in 0.0f64..1.0,
        reuse in 0.0f64..100.0,
        k in 0.0f64..3.0,
    ) {
        // Noise-free data: at a calibrated size the model holds T(1) = F + G, G, the CPU update
        // CPU_SHARE·F and the rest T(1) − CPU_SHARE·F; between two sizes each is linear in bytes.
        let m = fitted(&truth, &[0.0], l2);
        let p = Predictor::new(&m);
        let sizes: Vec<u64> = truth[0].1.iter().map(|x| x.0).collect();
        let (i, j) = match sizes.len() {
            1 => (0, 0),
            n => (segment % (n - 1), segment % (n - 1) + 1),
        };
        // Not across the L2 split, where each side's line is extended instead.
        prop_assume!(l2.is_none_or(|l2| (sizes[i] <= l2) == (sizes[j] <= l2)));
        let bytes = sizes[i] + ((sizes[j] - sizes[i]) as f64 * at) as u64;
        let w = if i == j { 0.0 } else { (bytes - sizes[i]) as f64 / (sizes[j] - sizes[i]) as f64 };
        let lerp = |a: f64, b: f64| a + w * (b - a);
        let near = |x: f64, want: f64| (x - want).abs() <= 1e-9 * want.abs().max(1.0);
        let mut times = Vec::new();
        for (policy, knots) in &truth {
            let (f, g) = (lerp(knots[i].1, knots[j].1), lerp(knots[i].2, knots[j].2));
            let t = f + reuse * g;
            let x = p.predict(*policy, bytes, reuse).unwrap();
            prop_assert!(near(x.time_ms, t), "{policy} at {bytes}: {} vs {t}", x.time_ms);
            prop_assert!(near(x.fixed_ms, f) && near(x.per_pass_ms, g), "{x:?}: F {f}, G {g}");
            prop_assert!(!x.extrapolated);
            // No spread (to rounding), no interval.
            prop_assert!(x.interval_ms.iter().all(|&e| near(e, t)), "{x:?}");
            prop_assert_eq!(p.time_ms(*policy, bytes, reuse).unwrap(), x.time_ms);
            let y = p.predict_with_cpu(*policy, bytes, reuse, CpuUpdate::Scaled(k)).unwrap();
            let given = (1.0 - CPU_SHARE + k * CPU_SHARE) * f + reuse * g;
            prop_assert!(near(y.time_ms, given), "{policy}, CPU ×{k}: {} vs {given}", y.time_ms);
            prop_assert!(near(y.cpu_given_ms.unwrap(), k * CPU_SHARE * f));
            times.push((t, *policy));
        }
        // `choose` ranks those times; `decide` takes its winner.
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let c = p.choose(bytes, reuse).unwrap();
        prop_assert_eq!(c.ranking().len(), times.len());
        for (r, (t, _)) in c.ranking().iter().zip(&times) {
            prop_assert!(near(r.time_ms, *t), "{r:?} vs {t}");
        }
        prop_assert!(near(c.ranking()[0].time_ms, times[0].0));
        let d = p.decide(bytes, reuse).unwrap();
        prop_assert_eq!((d.best, d.time_ms, d.tie), (c.best(), c.ranking()[0].time_ms, c.tie()));
    }

    #[test]
    fn break_even_is_where_the_lines_cross(
        truth in truth_strategy(),
        noise in proptest::collection::vec(-0.1f64..0.1, 1..7),
        bytes in any_bytes(),
    ) {
        let m = fitted(&truth, &noise, Some(60 * MIB));
        let ps = m.policy_list();
        let (a, b) = (ps[0], ps[1]);
        let t = |p: Policy, r: f64| m.predict(p, bytes, r).unwrap().time_ms;
        match m.breakeven(a, b, bytes).unwrap() {
            Some(r) => {
                prop_assert!(r >= 1.0);
                let scale = t(a, r).abs().max(1e-12);
                prop_assert!((t(a, r) - t(b, r)).abs() <= 1e-7 * scale, "at R* = {r}: {} vs {}", t(a, r), t(b, r));
                // On either side the order differs.
                let below = (t(a, 1.0) - t(b, 1.0)).signum();
                let above = (t(a, 2.0 * r + 1.0) - t(b, 2.0 * r + 1.0)).signum();
                if r > 1.0 + 1e-9 && below != 0.0 && above != 0.0 {
                    prop_assert_ne!(below, above);
                }
            }
            None => {
                let sign = |r: f64| (t(a, r) - t(b, r)).signum();
                let s1 = sign(1.0);
                for r in [1.5, 2.0, 8.0, 64.0, 1e4] {
                    let s = sign(r);
                    prop_assert!(s == s1 || s == 0.0 || s1 == 0.0, "order flips at R = {r} but no break-even reported");
                }
            }
        }
    }

    #[test]
    fn a_given_cpu_update_moves_the_prediction_one_for_one(
        truth in truth_strategy(),
        noise in proptest::collection::vec(-0.1f64..0.1, 1..7),
        bytes in any_bytes(),
        reuse in 1.0f64..64.0,
        x in 0.0f64..500.0,
        d in 0.0f64..100.0,
    ) {
        let m = fitted(&truth, &noise, None);
        for p in m.policy_list() {
            let at = |cpu: f64, r: f64| m.predict_with_cpu(p, bytes, r, CpuUpdate::StageMs(cpu)).unwrap();
            let (a, b) = (at(x, reuse), at(x + d, reuse));
            prop_assert!((b.time_ms - a.time_ms - d).abs() <= 1e-9 * b.time_ms.max(1.0));
            prop_assert_eq!(a.cpu_given_ms, Some(x));
            prop_assert!(a.interval_ms[0] <= a.time_ms && a.time_ms <= a.interval_ms[1]);
            prop_assert!(at(x, reuse + 5.0).time_ms >= a.time_ms - 1e-9 * a.time_ms.abs());
            prop_assert!((a.fixed_ms + reuse * a.per_pass_ms - a.time_ms).abs() <= 1e-9 * a.time_ms.max(1.0));
        }
    }

    #[test]
    fn choose_and_break_even_with_a_cpu_scale_agree_with_predict(
        truth in truth_strategy(),
        noise in proptest::collection::vec(-0.1f64..0.1, 1..7),
        bytes in any_bytes(),
        reuse in 1.0f64..100.0,
        k in 0.0f64..3.0,
    ) {
        let m = fitted(&truth, &noise, Some(60 * MIB));
        let cpu = CpuUpdate::Scaled(k);
        let c = m.choose_with_cpu(bytes, reuse, cpu).unwrap();
        let t = |p: Policy, r: f64| m.predict_with_cpu(p, bytes, r, cpu).unwrap().time_ms;
        let min = m.policy_list().into_iter().map(|p| t(p, reuse)).fold(f64::INFINITY, f64::min);
        prop_assert_eq!(c.ranking()[0].time_ms, min);
        prop_assert_eq!(t(c.best(), reuse), min);
        let ps = m.policy_list();
        if let Some(r) = m.breakeven_with_cpu(ps[0], ps[1], bytes, cpu).unwrap() {
            let scale = t(ps[0], r).abs().max(1e-12);
            prop_assert!((t(ps[0], r) - t(ps[1], r)).abs() <= 1e-7 * scale);
        }
    }

    #[test]
    fn noise_free_data_is_recovered_exactly(truth in truth_strategy()) {
        let m = fitted(&truth, &[0.0], Some(60 * MIB));
        for (p, knots) in &truth {
            for &(bytes, f, g) in knots {
                let pr = m.predict(*p, bytes, 4.0).unwrap();
                prop_assert!((pr.fixed_ms - f).abs() <= 1e-9 * f.max(1.0));
                prop_assert!((pr.per_pass_ms - g).abs() <= 1e-9 * g.max(1.0));
                prop_assert!(!pr.extrapolated);
                let k = m.policy(*p).unwrap().knots.iter().find(|k| k.bytes == bytes).unwrap();
                let lsq = k.lsq.as_ref().unwrap();
                prop_assert!((lsq.f_ms.point - f).abs() <= 1e-6 * f.max(1.0), "LSQ F {} vs {f}", lsq.f_ms.point);
                prop_assert!((lsq.g_ms.point - g).abs() <= 1e-6 * g.max(1.0));
            }
        }
        let table = table_from(&truth, &[1, 2, 8], 1, &[0.0]);
        let v = model::validate(&m, &table, true, Statistic::Median);
        prop_assert!(v.summary.max_ape_pct < 1e-6);
        // The CPU update and the rest are recovered apart: as calibrated, a scale of 1 is the plain
        // prediction, and each trial given its own CPU update is predicted exactly.
        for (p, knots) in &truth {
            for &(bytes, f, _) in knots {
                let plain = m.predict(*p, bytes, 4.0).unwrap().time_ms;
                let one = m.predict_with_cpu(*p, bytes, 4.0, CpuUpdate::Scaled(1.0)).unwrap().time_ms;
                prop_assert!((one - plain).abs() <= 1e-9 * plain.max(1.0), "{one} vs {plain}");
                let k = m.policy(*p).unwrap().knots.iter().find(|k| k.bytes == bytes).unwrap();
                let cpu = k.cpu_stage_ms.as_ref().unwrap().median;
                prop_assert!((cpu - CPU_SHARE * f).abs() <= 1e-9 * f.max(1.0));
            }
        }
        let given = model::validate_given_trial_cpu(&m, &table, true, Statistic::Median).unwrap();
        prop_assert!(given.summary.max_ape_pct < 1e-6);
        prop_assert_eq!(given.summary.n_points, v.summary.n_points);
    }
}

#[test]
fn noisy_realistic_data_validates_and_picks_right() {
    // Two policies whose lines cross near R = 3, measured with ±3 % jitter over 9 trials at four sizes:
    // the fit must predict held-out R within a few percent and pick right wherever the gap is clear.
    let truth: Truth = vec![
        (
            Policy::HostMapped,
            SIZES[..4]
                .iter()
                .map(|&b| {
                    (
                        b,
                        50.0 * b as f64 / (1u64 << 30) as f64 + 0.05,
                        27.0 * b as f64 / (1u64 << 30) as f64,
                    )
                })
                .collect(),
        ),
        (
            Policy::ExplicitCopy,
            SIZES[..4]
                .iter()
                .map(|&b| {
                    (
                        b,
                        90.0 * b as f64 / (1u64 << 30) as f64 + 0.08,
                        0.5 * b as f64 / (1u64 << 30) as f64,
                    )
                })
                .collect(),
        ),
    ];
    let noise = [0.03, -0.01, 0.02, -0.03, 0.0, 0.01, -0.02, 0.025, -0.015];
    let table = table_from(&truth, &[1, 2, 4, 8, 16, 32], 9, &noise);
    let m = model::fit(&table, &FitOptions::default()).unwrap().0;
    let v = model::validate(&m, &table, true, Statistic::Median);
    assert!(v.summary.median_ape_pct < 3.0, "{:?}", v.summary);
    assert_eq!(v.summary.clear_picks_correct, v.summary.clear_picks_total);
    let r = m
        .breakeven(Policy::HostMapped, Policy::ExplicitCopy, 1 << 30)
        .unwrap()
        .unwrap();
    assert!((r - 40.0 / 26.5).abs() < 0.3, "R* = {r}");
}

#[test]
fn a_cpu_update_is_refused_where_it_cannot_be_used() {
    // The paper's model has no CPU stage to replace.
    let paper = umodel::store::embedded("gb200-paper").unwrap();
    let p = Policy::ExplicitCopy;
    assert_eq!(
        paper.predict_with_cpu(p, 1 << 30, 2.0, CpuUpdate::Scaled(1.1)),
        Err(QueryError::NoCpuStage(p))
    );
    // As calibrated is the plain prediction, for any model.
    assert_eq!(
        paper.predict_with_cpu(p, 1 << 30, 2.0, CpuUpdate::Calibrated),
        paper.predict(p, 1 << 30, 2.0)
    );
    let h200 = umodel::store::embedded("h200").unwrap();
    for bad in [
        CpuUpdate::Scaled(-1.0),
        CpuUpdate::StageMs(f64::NAN),
        CpuUpdate::StageMs(f64::INFINITY),
    ] {
        let e = h200.predict_with_cpu(p, 1 << 30, 2.0, bad).unwrap_err();
        assert!(matches!(e, QueryError::BadCpu(_)), "{bad:?}: {e}");
    }
    let compiled = umodel::model::Predictor::new(&paper);
    assert!(matches!(
        compiled.choose_with_cpu_scale(1 << 30, 2.0, 1.1),
        Err(QueryError::NoCpuStage(_))
    ));
    assert!(matches!(
        umodel::model::Predictor::new(&h200).choose_with_cpu_scale(1 << 30, 2.0, -1.0),
        Err(QueryError::BadCpu(_))
    ));
    // One time in ms is one policy's update; ranking policies needs a scale.
    assert!(matches!(
        h200.choose_with_cpu(1 << 30, 2.0, CpuUpdate::StageMs(100.0)),
        Err(QueryError::BadCpu(_))
    ));
    assert!(matches!(
        h200.breakeven_with_cpu(p, Policy::HostMapped, 1 << 30, CpuUpdate::StageMs(100.0)),
        Err(QueryError::BadCpu(_))
    ));
}

#[test]
fn choose_many_decides_as_choose_does_and_names_a_bad_query() {
    use umodel::model::{BatchError, Decision, Predictor};
    let m = umodel::store::embedded("h200").unwrap();
    let p = Predictor::new(&m);
    let sizes: Vec<u64> = (0..200u64).map(|i| (16 << 20) + i * (5 << 20)).collect();
    let reuses: Vec<f64> = (0..200).map(|i| 1.0 + (i % 40) as f64 * 0.75).collect();
    let mut out = vec![Decision::default(); 200];
    p.choose_many(&sizes, &reuses, &mut out).unwrap();
    for i in 0..200 {
        let c = p.choose(sizes[i], reuses[i]).unwrap();
        assert_eq!(out[i].best, c.best(), "{i}");
        assert_eq!(out[i].tie, c.tie(), "{i}");
        assert_eq!(out[i].time_ms, c.ranking()[0].time_ms, "{i}");
    }
    let mut bad = reuses.clone();
    bad[7] = f64::NAN;
    match p.choose_many(&sizes, &bad, &mut out) {
        Err(BatchError::Query { index: 7, .. }) => {}
        other => panic!("{other:?}"),
    }
    let e = p.choose_many(&sizes, &reuses[..3], &mut out).unwrap_err();
    assert!(e.to_string().contains("200 sizes, 3 reuses"), "{e}");
}
