//! The recorded H200 runs: the suite run meets its targets, the embedded H200 model is what `umodel
//! fit` makes of the committed full-plan CSV, and validating it on the committed runs reproduces the
//! figures recorded in NOTES.md.

use std::path::Path;

use umodel::model::{self, FitOptions, Statistic};
use umodel::table::Table;
use umodel::{store, Policy};

const DIR: &str = "calibration/h200";

fn table(name: &str) -> Table {
    Table::read(&Path::new(DIR).join(name)).unwrap()
}

fn h200() -> umodel::PlatformModel {
    store::embedded("h200").unwrap()
}

/// Seconds between two RFC 3339 UTC stamps of the same day (`…THH:MM:SSZ`).
fn seconds_between(a: &str, b: &str) -> i64 {
    let secs = |s: &str| -> i64 {
        let t = &s[11..19];
        let p: Vec<i64> = t.split(':').map(|x| x.parse().unwrap()).collect();
        p[0] * 3600 + p[1] * 60 + p[2]
    };
    assert_eq!(
        a[..10],
        b[..10],
        "runs that cross midnight are not expected here"
    );
    secs(b) - secs(a)
}

#[test]
fn the_suite_run_passed_every_check_and_met_its_targets() {
    let t = table("suite.csv");
    assert!(t.failed.is_empty(), "{} failed rows", t.failed.len());
    assert!(t.rows.len() > 7000);
    for g in [
        "hbm",
        "host_mapped",
        "transfer",
        "prefetch",
        "managed",
        "pattern",
        "handoff",
        "workload",
    ] {
        assert!(t.rows.iter().any(|r| r.group == g), "no {g} rows");
    }
    let terms = model::terms::fit_terms(&t).unwrap();
    let at = |name: &str| terms.at(name, 1 << 30).unwrap();
    assert!(
        at("hbm_triad_gbps") >= 4200.0,
        "triad {}",
        at("hbm_triad_gbps")
    );
    assert!(at("hbm_copy_gbps") >= 0.95 * at("hbm_d2d_gbps"));
    assert!(at("h2d_pinned_gbps") >= 54.0 && at("d2h_pinned_gbps") >= 54.0);
    assert!(at("host_read_gbps") >= 47.0);
    let facts =
        store::read_facts(&store::facts_path_for(&Path::new(DIR).join("suite.csv"))).unwrap();
    let secs = seconds_between(&facts.started_utc, &facts.finished_utc);
    assert!(secs < 600, "suite took {secs} s");
    assert_eq!(facts.platform.gpu, "NVIDIA H200");
}

#[test]
fn the_minimal_calibrations_took_under_a_minute() {
    for name in ["minimal-a.csv", "minimal-b.csv"] {
        let facts = store::read_facts(&store::facts_path_for(&Path::new(DIR).join(name))).unwrap();
        // The facts cover the measurements; the logs beside them record the whole command (49.5 s and
        // 44.4 s with context creation, NVRTC and the fit).
        assert!(
            seconds_between(&facts.started_utc, &facts.finished_utc) < 60,
            "{name}"
        );
        assert!(table(name).failed.is_empty());
    }
}

#[test]
fn embedded_h200_model_is_the_fit_of_the_committed_full_plan() {
    let full = table("full.csv");
    let facts =
        store::read_facts(&store::facts_path_for(&Path::new(DIR).join("full.csv"))).unwrap();
    let opts = FitOptions {
        platform: facts.platform,
        ..FitOptions::default()
    };
    let (fitted, _) = model::fit(&full, &opts).unwrap();
    let m = h200();
    assert_eq!(
        m.policies, fitted.policies,
        "refit: see the comment on store::EMBEDDED"
    );
    assert_eq!(m.terms, fitted.terms);
    assert_eq!(m.platform, fitted.platform);
    let shift = model::between_run_rel_sd(&full, &[table("minimal-a.csv"), table("minimal-b.csv")])
        .unwrap();
    assert!((m.settings.extra_rel_sd - shift).abs() < 1e-12);
    assert!(
        (0.05..0.3).contains(&shift),
        "level shift between runs {shift}"
    );
}

fn close(got: f64, want: f64) {
    assert!((got - want).abs() < 0.01, "{got} vs recorded {want}");
}

#[test]
fn within_run_held_out_figures_reproduce() {
    // Fitted on R = 1 and GPU-only rows of the full plan, checked on its R ≥ 2 cells (NOTES.md).
    let v = model::validate(&h200(), &table("full.csv"), true, Statistic::Median).summary;
    assert_eq!(v.n_points, 120);
    close(v.median_ape_pct, 1.83);
    close(v.max_ape_pct, 14.79);
    assert_eq!((v.picks_correct, v.picks_total), (20, 20));
    assert_eq!(v.clear_picks_correct, v.clear_picks_total);
}

#[test]
fn across_run_figures_reproduce() {
    // The model of the full-plan run against the medians of the independent suite run.
    let v = model::validate(&h200(), &table("suite.csv"), false, Statistic::Median).summary;
    assert_eq!(v.n_points, 144);
    close(v.median_ape_pct, 5.23);
    assert_eq!((v.picks_correct, v.picks_total), (24, 24));
    assert_eq!(v.clear_picks_correct, v.clear_picks_total);
    assert!(
        v.interval_coverage_pct >= 90.0,
        "coverage {}",
        v.interval_coverage_pct
    );
}

#[test]
fn h200_answers_follow_the_measurements() {
    let m = h200();
    let gib = 1 << 30;
    // Measured at 1 GiB: host-mapped fastest at R = 1 (within the noise of managed-advise), explicit
    // copy from R = 4 on; the predicted crossing lies where the measured order flips.
    assert!(m
        .choose(gib, 1.0)
        .unwrap()
        .tied()
        .iter()
        .any(|r| r.policy == Policy::HostMapped));
    for r in [4.0, 8.0, 32.0] {
        assert_eq!(
            m.choose(gib, r).unwrap().best(),
            Policy::ExplicitCopy,
            "R = {r}"
        );
    }
    let r = m
        .breakeven(Policy::HostMapped, Policy::ExplicitCopy, gib)
        .unwrap()
        .unwrap();
    let v = model::validate(&m, &table("full.csv"), false, Statistic::Median).summary;
    let flip = v
        .break_even
        .iter()
        .find(|b| b.bytes == gib && b.a == Policy::ExplicitCopy && b.b == Policy::HostMapped)
        .and_then(|b| b.measured_bracket)
        .unwrap();
    assert!(
        f64::from(flip[0]) <= r && r <= f64::from(flip[1]),
        "R* = {r}, measured flip between {flip:?}"
    );
}
