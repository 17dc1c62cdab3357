//! The recorded H200 runs (`calibration/h200`, listed in its README.md), checked from the committed
//! files: no GPU is needed, and the figures NOTES.md records for them are reproduced here. The tests
//! are grouped by topic, and each name starts with its group:
//!
//! 1. `measured_`: the runs are complete, passed their checks and took the time recorded;
//! 2. `model_`: the embedded model is the fit of the committed full-plan CSV;
//! 3. `within_run_`: how well a fit predicts the held-out cells of its own run;
//! 4. `across_runs_`: how well it predicts other runs, plainly and given each trial's CPU update;
//! 5. `history_`: the run-to-run shift calibrate measures and the checks it keeps in the model;
//! 6. `composed_`: the model composed from the access and management terms alone;
//! 7. `answers_`: the policy picks and the break-even against the measured order;
//! 8. `cpu_`: why runs differ: the CPU update moves with the core.
//!
//! `calibration/h200/*.csv` are the first runs (2026-11-30, 00:25–00:58 UTC), `run2/` the runs with
//! the final benchmark code (01:46–02:07 UTC), and `run3/` … `run12/` later runs.

use std::path::Path;

use umodel::model::{self, FitOptions, Statistic};
use umodel::table::Table;
use umodel::{store, Policy};

const DIR: &str = "calibration/h200";
const RUN2: &str = "calibration/h200/run2";
const RUN3: &str = "calibration/h200/run3";
/// The data directory three `umodel calibrate` runs left (calibration/h200/run4).
const RUN4: &str = "calibration/h200/run4/data/models";
const RUN5: &str = "calibration/h200/run5";
/// Three minimal calibrations with the 16 MiB primitives in one data directory.
const RUN6: &str = "calibration/h200/run6/data/models";
/// The final code, two minimal calibrations in one data directory.
const RUN7: &str = "calibration/h200/run7/data/models";
/// Three paced minimal calibrations in one data directory.
const RUN9: &str = "calibration/h200/run9/data/models";
/// Fills and checks on every core (an artefact, kept as a record).
const RUN10: &str = "calibration/h200/run10";
/// The final code single-threaded (`single/`) and on all 16 cores (`all16/`, full-7).
const RUN11: &str = "calibration/h200/run11";
/// As run11, full-8.
const RUN12: &str = "calibration/h200/run12";

// -------------------------------------------------------------------------------------------------
// Helpers
// -------------------------------------------------------------------------------------------------

fn table(name: &str) -> Table {
    Table::read(&Path::new(DIR).join(name)).unwrap()
}

fn run2(name: &str) -> Table {
    Table::read(&Path::new(RUN2).join(name)).unwrap()
}

fn run3(name: &str) -> Table {
    Table::read(&Path::new(RUN3).join(name)).unwrap()
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

/// `model::fit` as the figures of this file were recorded: without the prefetching policies'
/// host-level prefetch back (`FitOptions::no_host_level`, NOTES.md "The prefetch back at the
/// host's level"), which scales their platform share with a given CPU update. The embedded model
/// predates it too. Its own figures: `calibration/h200/heldout-back/judge2.txt`.
fn fit_before_host_level(
    table: &Table,
    opts: &FitOptions,
) -> Result<(umodel::PlatformModel, model::FitReport), model::FitError> {
    let opts = FitOptions {
        no_host_level: true,
        ..opts.clone()
    };
    model::fit(table, &opts)
}

/// The options `umodel fit` uses for a committed run (platform from its facts file, where kept:
/// `run2/minimal-2` lost its).
fn fit_options(dir: &str, name: &str) -> FitOptions {
    let facts = store::read_facts(&store::facts_path_for(&Path::new(dir).join(name)));
    FitOptions {
        platform: facts.map(|f| f.platform).unwrap_or_default(),
        ..FitOptions::default()
    }
}

/// Every knot's point values: policy, bytes, T(1) median / min / max, G, F.
fn points(m: &umodel::PlatformModel) -> Vec<(Policy, u64, [f64; 5])> {
    m.policies
        .iter()
        .flat_map(|p| {
            p.knots.iter().map(|k| {
                (
                    p.policy,
                    k.bytes,
                    [
                        k.t1_ms.median,
                        k.t1_ms.min,
                        k.t1_ms.max,
                        k.g_ms.median,
                        k.f_ms.point,
                    ],
                )
            })
        })
        .collect()
}

fn close(got: f64, want: f64) {
    assert!((got - want).abs() < 0.01, "{got} vs recorded {want}");
}

/// A calibration's model file kept its check against each earlier run beside it (`other_runs`),
/// and checking again from the committed CSVs gives the same figures.
fn stored_checks_reproduce(dir: &Path, want: &[(f64, f64)]) {
    let csv = dir.join("nvidia-h200-0931b6b9ea7c.minimal.csv");
    let m = store::read_model(&dir.join("nvidia-h200-0931b6b9ea7c.json")).unwrap();
    assert_eq!(
        m.provenance.source_sha256,
        store::sha256_hex(&std::fs::read(&csv).unwrap())
    );
    let earlier: Vec<Table> = umodel::calibrate::previous_runs(&csv)
        .iter()
        .map(|p| Table::read(p).unwrap())
        .collect();
    let again = model::check_other_runs(&m, &earlier);
    assert_eq!(m.other_runs.len(), want.len());
    assert_eq!(again.len(), want.len());
    for ((stored, now), &(plain, given)) in m.other_runs.iter().zip(&again).zip(want) {
        close(stored.median_ape_pct, plain);
        close(stored.given_cpu_median_ape_pct.unwrap(), given);
        close(now.median_ape_pct, plain);
        close(now.given_cpu_median_ape_pct.unwrap(), given);
    }
}

/// Median over pairs of the held-out median APE of a model fitted on each of `models` against
/// each of `targets`, plainly and given each trial's CPU update.
fn pair_medians(models: &[std::path::PathBuf], targets: &[std::path::PathBuf]) -> (f64, f64) {
    let (mut plain, mut given) = (Vec::new(), Vec::new());
    let targets: Vec<Table> = targets.iter().map(|p| Table::read(p).unwrap()).collect();
    for m in models {
        let dir = m.parent().unwrap().to_str().unwrap();
        let name = m.file_name().unwrap().to_str().unwrap();
        let (model, _) =
            fit_before_host_level(&Table::read(m).unwrap(), &fit_options(dir, name)).unwrap();
        for t in &targets {
            plain.push(
                model::validate(&model, t, true, Statistic::Median)
                    .summary
                    .median_ape_pct,
            );
            given.push(
                model::validate_given_trial_cpu(&model, t, true, Statistic::Median)
                    .unwrap()
                    .summary
                    .median_ape_pct,
            );
        }
    }
    let median = |v: &[f64]| umodel::stats::Summary::of(v).unwrap().median;
    (median(&plain), median(&given))
}

// -------------------------------------------------------------------------------------------------
// 1. What was measured: complete runs, every check passed, within their time
// -------------------------------------------------------------------------------------------------

#[test]
fn measured_suite_run_passed_every_check_and_reached_its_bandwidth_targets() {
    let t = table("suite.csv");
    assert!(t.failed.is_empty(), "{} failed rows", t.failed.len());
    assert!(t.rows.len() > 7000);
    use umodel::table::Group::*;
    for g in [
        Hbm, HostMapped, Transfer, Prefetch, Managed, Pattern, Handoff, Workload,
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
fn measured_every_minimal_calibration_in_under_a_minute_with_no_failed_row() {
    for path in [
        Path::new(DIR).join("minimal-a.csv"),
        Path::new(DIR).join("minimal-b.csv"),
        Path::new(RUN2).join("minimal-1.csv"),
        Path::new(RUN2).join("minimal-3.csv"),
        Path::new(RUN2).join("minimal-4.csv"),
        Path::new(RUN2).join("minimal-5.csv"),
        Path::new(RUN2).join("data-dir/nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN2).join("data-dir/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T02-17-19Z.csv"),
        Path::new(RUN3).join("minimal-6.csv"),
        Path::new(RUN3).join("minimal-7.csv"),
        Path::new(RUN4).join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T02-42-41Z.csv"),
        Path::new(RUN4).join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T02-43-24Z.csv"),
        Path::new(RUN4).join("nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN5).join("minimal-8.csv"),
        Path::new(RUN6).join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T02-57-23Z.csv"),
        Path::new(RUN6).join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T02-58-06Z.csv"),
        Path::new(RUN6).join("nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN7).join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T03-03-34Z.csv"),
        Path::new(RUN7).join("nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new("calibration/h200/run8-x2/data/models")
            .join("nvidia-h200-0931b6b9ea7c.minimal.csv"),
        // Fourth session: the paced plan (run9), the final code (single/), the CPU update on all
        // 16 cores (all16/).
        Path::new(RUN9).join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T03-26-34Z.csv"),
        Path::new(RUN9).join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T03-27-18Z.csv"),
        Path::new(RUN9).join("nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN10)
            .join("data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T03-32-08Z.csv"),
        Path::new(RUN10).join("data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN11).join("single/models/nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN12).join("single/models/nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN11)
            .join("all16/models/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T03-43-28Z.csv"),
        Path::new(RUN11).join("all16/models/nvidia-h200-0931b6b9ea7c.minimal.csv"),
        Path::new(RUN12)
            .join("all16/models/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T03-51-58Z.csv"),
        Path::new(RUN12)
            .join("all16/models/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T03-56-47Z.csv"),
        Path::new(RUN12).join("all16/models/nvidia-h200-0931b6b9ea7c.minimal.csv"),
    ] {
        let facts = store::read_facts(&store::facts_path_for(&path)).unwrap();
        // The facts cover the measurements; the logs beside them record the whole command with
        // context creation, NVRTC and the fit (49.5 s, 44.4 s; 44.4 s, 39.2 s, 50.6 s, 52.3 s,
        // 40.8 s, 47.3 s; 50.3 s, 50.7 s; 43.5 s, 37.8 s, 34.2 s; with the 16 MiB primitives
        // 52.4 s; 43.6 s, 45.6 s, 45.8 s; 54.6 s, 50.8 s; on the two-GPU host 54.7 s; paced
        // 43.4 s, 45.4 s, 43.1 s; checks on every core 33.7 s, 34.1 s; final 47.2 s, 53.0 s; all
        // 16 cores 16.1-19.6 s).
        assert!(
            seconds_between(&facts.started_utc, &facts.finished_utc) < 60,
            "{}",
            path.display()
        );
        assert!(Table::read(&path).unwrap().failed.is_empty());
    }
}

// -------------------------------------------------------------------------------------------------
// 2. The model: the embedded H200 model is the fit of the committed full-plan CSV
// -------------------------------------------------------------------------------------------------

#[test]
fn model_embedded_h200_is_the_refit_of_run2_full_3_with_the_shift_between_runs() {
    // The model file `umodel calibrate --plan full` wrote on the H200 was fitted from exactly the
    // committed CSV ...
    let csv = Path::new(RUN2).join("full-3.csv");
    let written = store::read_model(&Path::new(RUN2).join("full-3.model.json")).unwrap();
    assert_eq!(
        written.provenance.source_sha256,
        store::sha256_hex(&std::fs::read(&csv).unwrap())
    );
    assert_eq!(written.provenance.plan.as_deref(), Some("full"));
    // ... and the embedded model is that fit, with the level shifts between the H200 runs in its
    // intervals (the recipe is on store::EMBEDDED).
    let full = run2("full-3.csv");
    let (fitted, _) = fit_before_host_level(&full, &fit_options(RUN2, "full-3.csv")).unwrap();
    let m = h200();
    assert_eq!(
        m.policies, fitted.policies,
        "refit, see the comment on store::EMBEDDED"
    );
    // calibrate wrote the same F, G and T(1); its standard errors came from the MAD alone (the
    // order-statistic error of stats::Summary came after the run).
    assert_eq!(points(&written), points(&fitted));
    assert_eq!(m.terms, fitted.terms);
    // The platform facts too, but the host's L3, which run2's facts predate: the make script
    // gives it (`fit --host-l3`) from what the task-term calibrations' runs recorded.
    assert_eq!(fitted.platform.host_l3_bytes, None);
    assert_eq!(m.platform.host_l3_bytes, Some(300 << 20));
    assert_eq!(
        umodel::platform::Platform {
            host_l3_bytes: None,
            ..m.platform.clone()
        },
        fitted.platform
    );
    let others = [
        "full-1.csv",
        "minimal-1.csv",
        "minimal-2.csv",
        "minimal-3.csv",
    ]
    .map(run2);
    let shift = model::between_run_rel_sd(&full, &others).unwrap();
    assert!((m.settings.extra_rel_sd - shift).abs() < 1e-12);
    assert_eq!(
        m.settings.platform_extra_rel_sd,
        model::fit::platform_between_run_rel_sd(&full, &others)
    );
    assert!(
        (0.05..0.3).contains(&shift),
        "level shift between runs {shift}"
    );
}

// -------------------------------------------------------------------------------------------------
// 3. How well it is predicted within a run (held-out cells of the same run)
// -------------------------------------------------------------------------------------------------

#[test]
fn within_run_run2_full_plans_held_out_error_picks_and_coverage_match_notes() {
    // Fitted on R = 1 and GPU-only rows of the full plan, checked on its R ≥ 2 cells (NOTES.md).
    // Interval coverage: the file calibrate wrote (MAD-based errors) 83 %, the same fit with the
    // final errors 89 %, with the level shifts between runs added (embedded) 100 %.
    let (refit, _) =
        fit_before_host_level(&run2("full-3.csv"), &fit_options(RUN2, "full-3.csv")).unwrap();
    for (model, coverage) in [
        (
            store::read_model(&Path::new(RUN2).join("full-3.model.json")).unwrap(),
            83.33,
        ),
        (refit, 89.17),
        (h200(), 100.0),
    ] {
        let trials_only = (model.settings.extra_rel_sd > 0.0).then_some(89.17);
        let v = model::validate(&model, &run2("full-3.csv"), true, Statistic::Median).summary;
        assert_eq!(v.n_points, 120);
        close(v.median_ape_pct, 0.84);
        close(v.max_ape_pct, 16.82);
        assert_eq!((v.picks_correct, v.picks_total), (20, 20));
        assert_eq!((v.clear_picks_correct, v.clear_picks_total), (19, 19));
        close(v.interval_coverage_pct, coverage);
        match (v.interval_coverage_trials_only_pct, trials_only) {
            (Some(got), Some(want)) => close(got, want),
            (got, want) => assert_eq!(got, want),
        }
    }
    // The summary stored in the embedded model says the same.
    let stored = h200().validation.unwrap();
    close(stored.median_ape_pct, 0.84);
    close(stored.interval_coverage_trials_only_pct.unwrap(), 89.17);
    // The other full-plan run of the final code, fitted the same way.
    let other = run2("full-1.csv");
    let (m, _) = fit_before_host_level(&other, &fit_options(RUN2, "full-1.csv")).unwrap();
    let v = model::validate(&m, &other, true, Statistic::Median).summary;
    close(v.median_ape_pct, 2.29);
    close(v.max_ape_pct, 9.22);
    close(v.interval_coverage_pct, 91.67);
    assert_eq!(v.clear_picks_correct, v.clear_picks_total);
}

#[test]
fn within_run_run3_full_4_refits_to_its_file_and_matches_what_calibrate_printed() {
    // calibration/h200/run3 (02:32–02:40 UTC, this code's benchmarks, after the refactors of the
    // timing code): `umodel calibrate --plan full` printed "median APE 1.22 %, max 12.19 %, picks
    // 20/20 (19 clear: 19 right), 90% interval coverage 94 %" (full-4.log).
    let csv = Path::new(RUN3).join("full-4.csv");
    let written = store::read_model(&Path::new(RUN3).join("full-4.model.json")).unwrap();
    assert_eq!(
        written.provenance.source_sha256,
        store::sha256_hex(&std::fs::read(&csv).unwrap())
    );
    let t = run3("full-4.csv");
    assert!(t.failed.is_empty());
    let (m, _) = fit_before_host_level(&t, &fit_options(RUN3, "full-4.csv")).unwrap();
    assert_eq!(points(&written), points(&m));
    let v = model::validate(&m, &t, true, Statistic::Median).summary;
    close(v.median_ape_pct, 1.22);
    close(v.max_ape_pct, 12.19);
    assert_eq!((v.clear_picks_correct, v.clear_picks_total), (19, 19));
    assert!(v.interval_coverage_pct >= 90.0);
    let g = model::validate_given_trial_cpu(&m, &t, true, Statistic::Median)
        .unwrap()
        .summary;
    close(g.median_ape_pct, 0.44);
    close(g.max_ape_pct, 10.95);
}

#[test]
fn within_run_run5_plans_measure_terms_at_every_size_and_full_5_matches_what_calibrate_printed() {
    // calibration/h200/run5 (02:48–02:55 UTC): the plans that measure the primitives at 16 MiB
    // (minimal) and at every handoff size (full). calibrate printed: full 379.3 s, held out
    // 1.28 % / 20.81 %, composed 7.00 % / 67.74 %; minimal 52.4 s, composed 8.69 % / 17.22 %.
    for (name, plan) in [("full-5", "full"), ("minimal-8", "minimal")] {
        let csv = Path::new(RUN5).join(format!("{name}.csv"));
        let written =
            store::read_model(&Path::new(RUN5).join(format!("{name}.model.json"))).unwrap();
        assert_eq!(
            written.provenance.source_sha256,
            store::sha256_hex(&std::fs::read(&csv).unwrap())
        );
        assert_eq!(written.provenance.plan.as_deref(), Some(plan));
        let t = Table::read(&csv).unwrap();
        assert!(t.failed.is_empty());
        // Terms at more than one size.
        let terms = written.terms.as_ref().unwrap();
        let sizes = |n: &str| terms.values.iter().filter(|v| v.name == n).count();
        assert!(sizes("cpu_update_pinned_gbps") >= 2, "{name}");
    }
    let t = Table::read(&Path::new(RUN5).join("full-5.csv")).unwrap();
    let (m, _) = fit_before_host_level(&t, &fit_options(RUN5, "full-5.csv")).unwrap();
    let v = model::validate(&m, &t, true, Statistic::Median).summary;
    close(v.median_ape_pct, 1.28);
    close(v.max_ape_pct, 20.81);
}

#[test]
fn within_run_all_core_full_plans_refit_to_their_files_and_match_what_calibrate_printed() {
    // `umodel calibrate --cpu-threads 16 --plan full`: held out within the run "median APE
    // 1.88 %, max 15.16 %, 18 clear: 18 right" (run11) and "1.74 %, 17.61 %, 19 clear: 19 right"
    // (run12). On all cores the update is short but no steadier: the targets are missed alike.
    for (dir, name, median, max, clear) in [
        (RUN11, "full-7-all16", 1.88, 15.16, 18),
        (RUN12, "full-8-all16", 1.74, 17.61, 19),
    ] {
        let csv = Path::new(dir).join(format!("{name}.csv"));
        let written =
            store::read_model(&Path::new(dir).join(format!("{name}.model.json"))).unwrap();
        assert_eq!(
            written.provenance.source_sha256,
            store::sha256_hex(&std::fs::read(&csv).unwrap())
        );
        assert!(written
            .provenance
            .notes
            .iter()
            .any(|n| n == "CPU update: 16 threads, one per core"));
        let t = Table::read(&csv).unwrap();
        assert!(t.failed.is_empty());
        let (m, _) = fit_before_host_level(&t, &fit_options(dir, &format!("{name}.csv"))).unwrap();
        assert_eq!(points(&written), points(&m));
        let v = model::validate(&m, &t, true, Statistic::Median).summary;
        close(v.median_ape_pct, median);
        close(v.max_ape_pct, max);
        assert_eq!((v.clear_picks_correct, v.clear_picks_total), (clear, clear));
    }
}

// -------------------------------------------------------------------------------------------------
// 4. How well it is predicted across runs: plainly, and given each trial's CPU update
// -------------------------------------------------------------------------------------------------

#[test]
fn across_runs_embedded_model_on_other_runs_medians_matches_notes() {
    // The embedded model against the medians of other runs: the other full-plan run of the final
    // code, and the first session's suite run (its GPU-only rows timed single passes).
    for (t, median, clear) in [
        (run2("full-1.csv"), 8.59, (17, 18)),
        (table("suite.csv"), 7.91, (21, 22)),
    ] {
        let v = model::validate(&h200(), &t, false, Statistic::Median).summary;
        assert_eq!(v.n_points, 144);
        close(v.median_ape_pct, median);
        assert_eq!((v.clear_picks_correct, v.clear_picks_total), clear);
        assert!(
            v.interval_coverage_pct >= 90.0,
            "coverage {}",
            v.interval_coverage_pct
        );
    }
}

#[test]
fn across_runs_embedded_model_given_each_trials_cpu_update_matches_notes() {
    // The same comparisons with each measured trial given its own CPU update (`validate
    // --cpu-from-trials`): what is left once the CPU's level, which moves between runs, is known.
    for (t, median, max) in [
        (run2("full-1.csv"), 1.04, 20.03),
        (table("suite.csv"), 0.83, 10.59),
    ] {
        let v = model::validate_given_trial_cpu(&h200(), &t, false, Statistic::Median)
            .unwrap()
            .summary;
        assert_eq!(v.n_points, 144);
        close(v.median_ape_pct, median);
        close(v.max_ape_pct, max);
        assert_eq!(v.clear_picks_correct, v.clear_picks_total);
        assert!(
            v.interval_coverage_pct >= 99.0,
            "{}",
            v.interval_coverage_pct
        );
    }
}

#[test]
fn across_runs_every_minimal_model_on_every_full_run_matches_notes_plainly_and_given_the_cpu() {
    // Every minimal run of the final code against every full-plan run, held out (NOTES.md, "Given
    // the CPU"): 32 pairs, plainly 4.30–21.08 % (median 8.73 %), given the CPU update 0.53–1.61 %
    // (median 0.94 %).
    let minimal = [
        (RUN2, "minimal-1.csv"),
        (RUN2, "minimal-2.csv"),
        (RUN2, "minimal-3.csv"),
        (RUN2, "minimal-4.csv"),
        (RUN2, "minimal-5.csv"),
        (RUN3, "minimal-6.csv"),
        (RUN3, "minimal-7.csv"),
        (RUN5, "minimal-8.csv"),
    ];
    let full = [
        run2("full-1.csv"),
        run2("full-3.csv"),
        run3("full-4.csv"),
        Table::read(&Path::new(RUN5).join("full-5.csv")).unwrap(),
    ];
    let mut plain = Vec::new();
    let mut given = Vec::new();
    for (dir, name) in minimal {
        let t = Table::read(&Path::new(dir).join(name)).unwrap();
        let (m, _) = fit_before_host_level(&t, &fit_options(dir, name)).unwrap();
        for t in &full {
            plain.push(
                model::validate(&m, t, true, Statistic::Median)
                    .summary
                    .median_ape_pct,
            );
            let v = model::validate_given_trial_cpu(&m, t, true, Statistic::Median).unwrap();
            given.push(v.summary.median_ape_pct);
        }
    }
    let range = |v: &[f64]| {
        (
            v.iter().copied().fold(f64::MAX, f64::min),
            v.iter().copied().fold(0.0, f64::max),
            umodel::stats::median(v).unwrap(),
        )
    };
    let (lo, hi, mid) = range(&plain);
    close(lo, 4.30);
    close(hi, 21.08);
    close(mid, 8.73);
    let (lo, hi, mid) = range(&given);
    close(lo, 0.53);
    close(hi, 1.61);
    close(mid, 0.94);
}

#[test]
fn across_runs_final_code_minimal_models_on_one_core_and_all_cores_match_notes() {
    let minimal = |dir: &str, stamps: &[&str]| -> Vec<std::path::PathBuf> {
        stamps
            .iter()
            .map(|s| {
                Path::new(dir).join(if s.is_empty() {
                    "nvidia-h200-0931b6b9ea7c.minimal.csv".to_string()
                } else {
                    format!("nvidia-h200-0931b6b9ea7c.minimal.{s}.csv")
                })
            })
            .collect()
    };
    // One pinned core: the five minimal runs of the final code on the four earlier full runs
    // (20 pairs): median 10.98 %, given the CPU update 1.15 % (NOTES.md).
    let mut single = minimal(RUN9, &["2026-11-30T03-26-34Z", "2026-11-30T03-27-18Z", ""]);
    single.extend(minimal(&format!("{RUN11}/single/models"), &[""]));
    single.extend(minimal(&format!("{RUN12}/single/models"), &[""]));
    let full = [
        Path::new(RUN2).join("full-1.csv"),
        Path::new(RUN2).join("full-3.csv"),
        Path::new(RUN3).join("full-4.csv"),
        Path::new(RUN5).join("full-5.csv"),
    ];
    let (plain, given) = pair_medians(&single, &full);
    close(plain, 10.98);
    close(given, 1.15);
    // All 16 cores: five minimal runs on the two full runs of the same setting (10 pairs):
    // 5.33 % plainly, 3.90 % given the CPU update: shorter, not steadier.
    let mut all = minimal(
        &format!("{RUN11}/all16/models"),
        &["2026-11-30T03-43-28Z", ""],
    );
    all.extend(minimal(
        &format!("{RUN12}/all16/models"),
        &["2026-11-30T03-51-58Z", "2026-11-30T03-56-47Z", ""],
    ));
    let full16 = [
        Path::new(RUN11).join("full-7-all16.csv"),
        Path::new(RUN12).join("full-8-all16.csv"),
    ];
    let (plain, given) = pair_medians(&all, &full16);
    close(plain, 5.33);
    close(given, 3.90);
}

// -------------------------------------------------------------------------------------------------
// 5. History: the shift calibrate measures against earlier runs, and the checks it keeps
// -------------------------------------------------------------------------------------------------

#[test]
fn history_each_other_run_is_checked_apart_and_the_embedded_model_keeps_its_four() {
    // What calibrate and `fit --noise-from` keep in the model file: one check per other run (their
    // cells are not pooled), plainly and given each trial's CPU update.
    let (m, _) =
        fit_before_host_level(&run2("minimal-3.csv"), &fit_options(RUN2, "minimal-3.csv")).unwrap();
    assert!(model::check_other_runs(&m, &[]).is_empty());
    let others = [run2("minimal-1.csv"), run2("full-1.csv")];
    let checks = model::check_other_runs(&m, &others);
    assert_eq!(checks.len(), 2);
    for (c, t) in checks.iter().zip(&others) {
        let plain = model::validate(&m, t, false, Statistic::Median).summary;
        assert_eq!(c.source, t.source.display().to_string());
        assert_eq!(
            (c.n_points, c.median_ape_pct),
            (plain.n_points, plain.median_ape_pct)
        );
        let given = c.given_cpu_median_ape_pct.unwrap();
        assert!(given < c.median_ape_pct / 3.0, "{c:?}");
    }
    // The embedded model records its check against the runs its shift came from.
    let h = h200();
    assert_eq!(h.other_runs.len(), 4);
    let full1 = h
        .other_runs
        .iter()
        .find(|o| o.source.ends_with("full-1.csv"))
        .unwrap();
    close(full1.median_ape_pct, 8.59);
    close(full1.given_cpu_median_ape_pct.unwrap(), 1.04);
}

#[test]
fn history_second_calibration_measured_and_stored_the_shift_against_the_first() {
    // calibration/h200/run2/data-dir is what two `umodel calibrate` runs left in a data directory.
    let dir = Path::new(RUN2).join("data-dir");
    let csv = dir.join("nvidia-h200-0931b6b9ea7c.minimal.csv");
    let m = store::read_model(&dir.join("nvidia-h200-0931b6b9ea7c.json")).unwrap();
    assert_eq!(
        m.provenance.source_sha256,
        store::sha256_hex(&std::fs::read(&csv).unwrap())
    );
    let earlier = umodel::calibrate::previous_runs(&csv);
    assert_eq!(earlier.len(), 1, "{earlier:?}");
    let shift = model::between_run_rel_sd(
        &Table::read(&csv).unwrap(),
        &[Table::read(&earlier[0]).unwrap()],
    )
    .unwrap();
    close(100.0 * shift, 17.04);
    assert!((m.settings.extra_rel_sd - shift).abs() < 1e-12);
    assert_eq!(m.noise.unwrap().between_run_rel_sd, Some(shift));
}

#[test]
fn history_third_calibration_measured_the_shift_and_checked_itself_against_both_earlier() {
    // calibration/h200/run4: `umodel calibrate` three times with one UMODEL_DATA_DIR; the third ran
    // with --json (calibrate-3.log). Its figures follow from the committed files.
    let dir = Path::new(RUN4);
    let csv = dir.join("nvidia-h200-0931b6b9ea7c.minimal.csv");
    let m = store::read_model(&dir.join("nvidia-h200-0931b6b9ea7c.json")).unwrap();
    assert_eq!(
        m.provenance.source_sha256,
        store::sha256_hex(&std::fs::read(&csv).unwrap())
    );
    let printed: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("calibration/h200/run4/calibrate-3.log").unwrap(),
    )
    .unwrap();
    let earlier = umodel::calibrate::previous_runs(&csv);
    assert_eq!(earlier.len(), 2, "{earlier:?}");
    let tables: Vec<Table> = earlier.iter().map(|p| Table::read(p).unwrap()).collect();
    let shift = model::between_run_rel_sd(&Table::read(&csv).unwrap(), &tables).unwrap();
    close(100.0 * shift, 12.22);
    assert!((printed["between_run_rel_sd"].as_f64().unwrap() - shift).abs() < 1e-12);
    let across = printed["across_runs"].as_array().unwrap();
    assert_eq!(across.len(), 2);
    for (a, t) in across.iter().zip(&tables) {
        // The same earlier run, by name (calibrate printed the device's path).
        let name = t.source.file_name().unwrap().to_str().unwrap();
        assert!(a["source"].as_str().unwrap().ends_with(name), "{a}");
        let plain = model::validate(&m, t, false, Statistic::Median).summary;
        let given = model::validate_given_trial_cpu(&m, t, false, Statistic::Median)
            .unwrap()
            .summary;
        let got = |v: &serde_json::Value, k: &str| v[k].as_f64().unwrap();
        close(got(&a["plain"], "median_ape_pct"), plain.median_ape_pct);
        close(got(&a["given_cpu"], "median_ape_pct"), given.median_ape_pct);
        assert!(given.median_ape_pct < 0.5 && plain.median_ape_pct > 3.5);
    }
}

#[test]
fn history_run7_model_keeps_its_check_against_the_earlier_run_and_it_reproduces() {
    // calibration/h200/run7: the second calibration printed (--json) and stored "other_runs":
    // 14.74 % against the first run, 0.98 % given each trial's CPU update.
    let dir = Path::new(RUN7);
    let csv = dir.join("nvidia-h200-0931b6b9ea7c.minimal.csv");
    let m = store::read_model(&dir.join("nvidia-h200-0931b6b9ea7c.json")).unwrap();
    assert_eq!(
        m.provenance.source_sha256,
        store::sha256_hex(&std::fs::read(&csv).unwrap())
    );
    assert_eq!(m.other_runs.len(), 1);
    let earlier = Table::read(&umodel::calibrate::previous_runs(&csv)[0]).unwrap();
    let again = model::check_other_runs(&m, &[earlier]);
    let (stored, now) = (&m.other_runs[0], &again[0]);
    close(stored.median_ape_pct, 14.74);
    close(stored.given_cpu_median_ape_pct.unwrap(), 0.98);
    close(now.median_ape_pct, stored.median_ape_pct);
    close(
        now.given_cpu_median_ape_pct.unwrap(),
        stored.given_cpu_median_ape_pct.unwrap(),
    );
    assert_eq!(now.n_points, stored.n_points);
}

#[test]
fn history_run9_and_all_core_run12_models_keep_checks_that_reproduce() {
    // run9 (single-threaded CPU update): the third of three printed 3.30 % and 1.88 % against the
    // first two, 0.49 % and 0.19 % given each trial's CPU update.
    stored_checks_reproduce(Path::new(RUN9), &[(3.30, 0.49), (1.88, 0.19)]);
    // run12/all16 (`--cpu-threads 16`): 5.48 % and 3.99 %; given the CPU 3.38 % and 4.67 %.
    stored_checks_reproduce(
        &Path::new(RUN12).join("all16/models"),
        &[(5.48, 3.38), (3.99, 4.67)],
    );
}

// -------------------------------------------------------------------------------------------------
// 6. The composed model: the access and management terms alone
// -------------------------------------------------------------------------------------------------

#[test]
fn composed_embedded_terms_on_run2_full_3_match_notes_plainly_and_given_the_cpu() {
    // F and G from the access and management terms alone, on every alternating cell of the run.
    let composed = model::compose(&h200()).unwrap();
    let v = model::validate(&composed, &run2("full-3.csv"), false, Statistic::Median).summary;
    assert_eq!(v.n_points, 144);
    close(v.median_ape_pct, 7.22);
    assert_eq!((v.clear_picks_correct, v.clear_picks_total), (19, 19));
    // Given each trial's own CPU update, what is left is the access and management terms: their
    // composition holds to a few percent (the plain model's worst cells are the CPU update of
    // 16 MiB, which runs from the host's caches, at the 1 GiB rate).
    let g =
        model::validate_given_trial_cpu(&composed, &run2("full-3.csv"), false, Statistic::Median)
            .unwrap()
            .summary;
    close(g.median_ape_pct, 3.59);
    close(g.max_ape_pct, 19.76);
    assert!(v.max_ape_pct > 2.0 * g.max_ape_pct);
    assert_eq!((g.clear_picks_correct, g.clear_picks_total), (19, 19));
}

#[test]
fn composed_run5_full_5_terms_match_what_calibrate_printed() {
    // calibration/h200/run5/full-5: calibrate printed "composed 7.00 % / 67.74 %" (see
    // within_run_run5_plans_measure_terms_at_every_size_and_full_5_matches_what_calibrate_printed).
    let t = Table::read(&Path::new(RUN5).join("full-5.csv")).unwrap();
    let (m, _) = fit_before_host_level(&t, &fit_options(RUN5, "full-5.csv")).unwrap();
    let composed = model::compose(&m).unwrap();
    let c = model::validate(&composed, &t, false, Statistic::Median).summary;
    close(c.median_ape_pct, 7.00);
    close(c.max_ape_pct, 67.74);
    // Given each trial's CPU update the composed terms hold to 0.92 % (2.38 % from the 1 GiB
    // terms alone, NOTES.md).
    let g = model::validate_given_trial_cpu(&composed, &t, false, Statistic::Median)
        .unwrap()
        .summary;
    close(g.median_ape_pct, 0.92);
    assert_eq!(g.clear_picks_correct, g.clear_picks_total);
}

// -------------------------------------------------------------------------------------------------
// 7. Answers: policy picks and the break-even against the measured order
// -------------------------------------------------------------------------------------------------

#[test]
fn answers_at_1_gib_picks_and_r_star_follow_the_measured_order() {
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
    let v = model::validate(&m, &run2("full-3.csv"), false, Statistic::Median).summary;
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

// -------------------------------------------------------------------------------------------------
// 8. Why runs differ: the CPU update moves with the core
// -------------------------------------------------------------------------------------------------

#[test]
fn cpu_update_slows_with_the_core_not_with_its_buffer() {
    // examples/cpu_levels.rs on the H200 (run9/levels-1.csv): round after round, 1 GiB updates
    // on two pinned and two heap buffers, a compute chain and a cached update.
    let text = std::fs::read_to_string("calibration/h200/run9/levels-1.csv").unwrap();
    let mut rounds: Vec<std::collections::HashMap<String, f64>> = Vec::new();
    let mut skip_all_core = false;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (probe, threads, ms) = (f[1], f[2], f[3].parse::<f64>().unwrap());
        if threads != "1" {
            continue;
        }
        // A round starts with `pinned-a`. Every fourth round ends with the all-core update of
        // `pinned-a`, which in this run ran on the one pinned core (so its row says threads = 1):
        // not part of any round.
        if probe == "pinned-a" {
            if skip_all_core {
                skip_all_core = false;
                continue;
            }
            rounds.push(Default::default());
        }
        if probe == "cached-4MiB-x16" {
            skip_all_core = rounds.len() % 4 == 0;
        }
        rounds.last_mut().unwrap().insert(probe.to_string(), ms);
    }
    let series = |p: &str| -> Vec<f64> { rounds.iter().map(|r| r[p]).collect() };
    let corr = |a: &[f64], b: &[f64]| {
        let mean = |x: &[f64]| x.iter().sum::<f64>() / x.len() as f64;
        let (ma, mb) = (mean(a), mean(b));
        let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
        let var = |x: &[f64], m: f64| x.iter().map(|v| (v - m) * (v - m)).sum::<f64>();
        cov / (var(a, ma) * var(b, mb)).sqrt()
    };
    let median = |p: &str| umodel::stats::Summary::of(&series(p)).unwrap().median;
    assert!(rounds.len() > 60);
    // Pinned (CUDA) and heap pages run alike, and move together.
    assert!((median("pinned-a") / median("heap-a") - 1.0).abs() < 0.03);
    assert!(corr(&series("pinned-a"), &series("heap-a")) > 0.7);
    assert!(corr(&series("heap-a"), &series("heap-b")) > 0.7);
    // The core itself slows: a chain that touches no memory and an update the caches hold move
    // with the 1 GiB updates.
    assert!(corr(&series("pinned-a"), &series("cached-4MiB-x16")) > 0.5);
    assert!(corr(&series("pinned-a"), &series("compute")) > 0.3);
    let c = series("compute");
    let (lo, hi) = c
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(l, h), &x| (l.min(x), h.max(x)));
    assert!(hi / lo > 1.2, "{lo} {hi}");
}

/// Every measurement CSV committed under `calibration/` reads through the checking reader (a case
/// the schema dropped would make an old run unreadable); the other CSVs there (the examples'
/// probes: `t_s,…`) are left alone.
#[test]
fn every_committed_measurement_csv_still_reads() {
    fn walk(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "csv") {
                out.push(p);
            }
        }
    }
    let mut csvs = Vec::new();
    walk(Path::new("calibration"), &mut csvs);
    let mut read = 0;
    for p in &csvs {
        let text = std::fs::read_to_string(p).unwrap();
        if !text.starts_with("group,policy,case,") {
            continue;
        }
        let t = Table::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        assert!(!t.rows.is_empty(), "{}", p.display());
        read += 1;
    }
    // run33's calibrations carry the cases of an experiment since dropped from the suite.
    assert!(read >= 100, "{read} of {}", csvs.len());
}

#[test]
fn across_runs_the_nine_latest_fresh_vms_given_the_cpu_meet_the_median_in_13_of_27_pairs() {
    // The minimal models `calibrate` wrote on the fresh VMs of run105-run119 (run109's, from an
    // experimental build, left out) on the three full-plan runs, given each trial's CPU update
    // (`calibration/h200/run117/handoff.txt`; NOTES.md "Left for later"): the median
    // (<= 1.0 %) in 13 of 27 pairs, its maximum (<= 5 %) in none, every clear pick right.
    let full = [run2("full-1.csv"), run2("full-3.csv"), run3("full-4.csv")];
    let (mut medians, mut maxima, mut picks) = (Vec::new(), Vec::new(), (0, 0));
    for run in [
        "run105", "run106", "run107", "run114", "run115", "run116", "run117", "run118", "run119",
    ] {
        let m = store::read_model(
            &Path::new("calibration/h200")
                .join(run)
                .join("model-minimal-1.json"),
        )
        .unwrap();
        for t in &full {
            let s = model::validate_given_trial_cpu(&m, t, false, Statistic::Median)
                .unwrap()
                .summary;
            medians.push(s.median_ape_pct);
            maxima.push(s.max_ape_pct);
            picks.0 += s.clear_picks_correct;
            picks.1 += s.clear_picks_total;
        }
    }
    assert_eq!(medians.iter().filter(|&&x| x <= 1.0).count(), 13);
    assert_eq!(maxima.iter().filter(|&&x| x <= 5.0).count(), 0);
    close(umodel::stats::median(&medians).unwrap(), 1.01);
    assert_eq!(picks, (513, 513));
}

/// `run132`, a fresh VM: its own minimal calibration keeps the prefetching policies' prefetch
/// back at every size (`host_prefetch_ms`, one per R = 1 trial) and no other policy's; given each
/// trial's CPU update, that calibration predicts the same VM's full plan at 1.74 % median APE,
/// the prefetching policies' largest 6.9 and 9.1 %, against 4.28 % and 20.2 / 23.5 % without
/// the host-level part (NOTES.md, "The prefetch back at the host's level"; the pair is one of
/// `calibration/h200/heldout-back/judge2.txt`'s).
#[test]
fn across_runs_run132s_calibration_given_the_cpu_moves_its_prefetch_back_with_the_host() {
    let dir = "calibration/h200/run132/data/models";
    let name = "nvidia-h200-0931b6b9ea7c.minimal.csv";
    let table = Table::read(&Path::new(dir).join(name)).unwrap();
    let (with, _) = model::fit(&table, &fit_options(dir, name)).unwrap();
    for p in &with.policies {
        let prefetching = matches!(
            p.policy,
            Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch
        );
        for k in &p.knots {
            let h = k.host_prefetch_ms.as_ref();
            assert_eq!(h.is_some(), prefetching, "{} {}", p.policy, k.bytes);
            if let Some(h) = h {
                assert_eq!(h.n, k.cpu_stage_ms.as_ref().unwrap().n);
                assert!(h.median < k.t1_platform_ms.as_ref().unwrap().median);
            }
        }
    }
    let (without, _) = fit_before_host_level(&table, &fit_options(dir, name)).unwrap();
    let full = Table::read(Path::new(
        "calibration/h200/run132/full/models/nvidia-h200-0931b6b9ea7c.full.csv",
    ))
    .unwrap();
    let figures = |m: &umodel::PlatformModel| {
        let s = model::validate_given_trial_cpu(m, &full, false, Statistic::Median)
            .unwrap()
            .summary;
        let max = |p: Policy| {
            s.per_policy
                .iter()
                .find(|e| e.policy == p)
                .unwrap()
                .max_ape_pct
        };
        [
            s.median_ape_pct,
            max(Policy::ManagedPrefetch),
            max(Policy::ManagedAdvisePrefetch),
            max(Policy::ExplicitCopy),
        ]
        .map(|x| (x * 100.0).round() / 100.0)
    };
    let (a, b) = (figures(&with), figures(&without));
    assert_eq!(a[0], 1.74);
    assert_eq!(b[0], 4.28);
    assert_eq!((a[1].round(), a[2].round()), (7.0, 9.0));
    assert_eq!((b[1].round(), b[2].round()), (20.0, 24.0));
    // The copy's cells do not move.
    assert_eq!(a[3], b[3]);
}
