//! The command line on good and bad input: every command, the JSON contract of DESIGN.md §3, and a
//! clear message with a non-zero exit for each kind of bad input.

use std::path::PathBuf;

use predicates::prelude::*;
use serde_json::Value;

mod common;
use common::{fails_with, json_of, json_ok, umodel};

const PAPER: &str = "calibration/gb200-paper/measurements.csv";
const HEAD: &str =
    "group,policy,case,pattern,bytes,useful_bytes,reuse,trial,time_ms,move_ms,check\n";

fn keys(v: &Value) -> Vec<String> {
    let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
    k.sort();
    k
}

fn has_keys(v: &Value, want: &[&str]) {
    for k in want {
        assert!(v.get(k).is_some(), "missing key `{k}` in {v}");
    }
}

fn write(dir: &tempfile::TempDir, name: &str, text: &str) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn readme_run_command_predicts_from_the_embedded_model() {
    let d = tempfile::tempdir().unwrap();
    umodel(&d)
        .args(["predict", "--policy", "host-mapped", "--reuse", "4"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "host-mapped at 1 GiB, R = 4: 75.56 ms  (no interval: the model has no trial statistics)",
        ))
        .stderr(predicate::str::contains("embedded model gb200-paper"));
    // A model with trial statistics gives a real interval.
    umodel(&d)
        .args([
            "predict",
            "--policy",
            "host-mapped",
            "--reuse",
            "4",
            "--model",
            "h200",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::is_match(
                r"host-mapped at 1 GiB, R = 4: [0-9.]+ ms  \(90% interval [0-9.]+–[0-9.]+ ms\)",
            )
            .unwrap(),
        );
}

#[test]
fn predict_json_has_the_contract_keys() {
    let d = tempfile::tempdir().unwrap();
    let out = umodel(&d)
        .args([
            "predict",
            "-p",
            "explicit-copy",
            "-r",
            "2",
            "--bytes",
            "1GiB",
            "--json",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = json_of(&out.stdout);
    has_keys(
        &v,
        &[
            "policy",
            "bytes",
            "reuse",
            "time_ms",
            "fixed_ms",
            "per_pass_ms",
            "interval_ms",
            "extrapolated",
        ],
    );
    assert_eq!(v["policy"], "explicit-copy");
    assert_eq!(v["bytes"], 1u64 << 30);
    assert_eq!(v["interval_ms"].as_array().unwrap().len(), 2);
    let t = v["time_ms"].as_f64().unwrap();
    let (f, g) = (
        v["fixed_ms"].as_f64().unwrap(),
        v["per_pass_ms"].as_f64().unwrap(),
    );
    assert!((t - (f + 2.0 * g)).abs() < 1e-9);
    assert_eq!(v["extrapolated"], false);
    let v = json_of(
        &umodel(&d)
            .args([
                "predict",
                "-p",
                "managed",
                "-r",
                "1",
                "-b",
                "64MiB",
                "--json",
                "--explain",
            ])
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(v["extrapolated"], true);
    assert!(v["explain"]["parts"].as_array().unwrap().len() >= 2);
}

#[test]
fn a_given_cpu_update_replaces_the_calibrated_one() {
    let d = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["predict", "-m", "h200", "-p", "explicit-copy", "-r", "4"];
        args.extend_from_slice(extra);
        let out = umodel(&d).args(&args).output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let predict = |extra: &[&str]| {
        let mut args = vec!["--json"];
        args.extend_from_slice(extra);
        json_of(run(&args).as_bytes())
    };
    let plain = predict(&[]);
    assert!(plain.get("cpu_given_ms").is_none());
    let (a, b) = (predict(&["--cpu-ms", "100"]), predict(&["--cpu-ms", "120"]));
    assert_eq!(a["cpu_given_ms"], 100.0);
    let dt = b["time_ms"].as_f64().unwrap() - a["time_ms"].as_f64().unwrap();
    assert!((dt - 20.0).abs() < 1e-9, "{dt}");
    // Given the CPU update, the interval no longer holds the CPU's run-to-run shift.
    let width =
        |v: &Value| v["interval_ms"][1].as_f64().unwrap() - v["interval_ms"][0].as_f64().unwrap();
    assert!(width(&a) < 0.2 * width(&plain), "{a} vs {plain}");
    let text = run(&["--cpu-ms", "100", "--explain"]);
    assert!(text.contains("CPU update as given, 100.0 ms"), "{text}");
    assert!(text.contains("compute          100.0 ms"), "{text}");
    // A scale applies to every policy; choose and breakeven say so.
    let c = json_of(
        &umodel(&d)
            .args([
                "choose",
                "-m",
                "h200",
                "-r",
                "4",
                "--cpu-scale",
                "1.3",
                "--json",
            ])
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(c["cpu_scale"], 1.3);
    let out = umodel(&d)
        .args([
            "breakeven",
            "-m",
            "h200",
            "--cpu-scale",
            "0.5",
            "host-mapped",
            "explicit-copy",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("0.5 × the calibrated one"));
    // The paper's model cannot separate the CPU update: a clear error, not a made-up answer.
    fails_with(
        &d,
        &[
            "predict",
            "-m",
            "gb200-paper",
            "-p",
            "managed",
            "-r",
            "2",
            "--cpu-scale",
            "1.1",
        ],
        None,
        &["managed", "does not separate the CPU update", "stage:cpu"],
    );
}

#[test]
fn validate_given_each_trials_cpu_update_is_reported_apart() {
    let d = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["validate", "-m", "h200", "--held-out", "--json"];
        args.extend_from_slice(extra);
        args.push("calibration/h200/run2/full-1.csv");
        json_ok(umodel(&d).args(&args))
    };
    let (plain, given) = (run(&[]), run(&["--cpu-from-trials"]));
    assert!(given["source"]
        .as_str()
        .unwrap()
        .contains("each trial given its own CPU update"));
    assert_eq!(given["n_points"], plain["n_points"]);
    assert!(
        given["median_ape_pct"].as_f64().unwrap() < plain["median_ape_pct"].as_f64().unwrap() / 4.0
    );
    // A file without CPU stages cannot be validated this way, and says which cell lacks them.
    fails_with(
        &d,
        &["validate", "-m", "gb200-paper", "--cpu-from-trials", PAPER],
        None,
        &["no `stage:cpu` rows"],
    );
}

#[test]
fn a_closed_stdout_ends_the_output_quietly() {
    // `umodel show | head -1`: the reader stops early; no panic, no error, exit 0.
    let d = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("umodel"))
        .args(["show", "-m", "h200"])
        .env("UMODEL_DATA_DIR", d.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {err}", out.status);
    assert!(!err.contains("panicked") && !err.contains("error"), "{err}");
}

#[test]
fn choose_ranks_everything_and_reports_ties() {
    let d = tempfile::tempdir().unwrap();
    let v = json_of(
        &umodel(&d)
            .args(["choose", "--reuse", "4", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    has_keys(&v, &["best", "tie", "ranking"]);
    assert_eq!(v["best"], "explicit-copy");
    assert_eq!(v["tie"], false);
    let ranking = v["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 4);
    for r in ranking {
        has_keys(r, &["policy", "time_ms"]);
    }
    let times: Vec<f64> = ranking
        .iter()
        .map(|r| r["time_ms"].as_f64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] <= w[1]), "{times:?}");
    umodel(&d)
        .args(["choose", "-r", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("best: host-mapped"));
}

#[test]
fn breakeven_json_and_null_when_lines_do_not_cross() {
    let d = tempfile::tempdir().unwrap();
    let v = json_of(
        &umodel(&d)
            .args([
                "breakeven",
                "--bytes",
                "1GiB",
                "host-mapped",
                "explicit-copy",
                "--json",
            ])
            .output()
            .unwrap()
            .stdout,
    );
    has_keys(&v, &["a", "b", "r_star"]);
    assert!((v["r_star"].as_f64().unwrap() - 1.06).abs() < 0.005, "{v}");
    let v = json_of(
        &umodel(&d)
            .args(["breakeven", "explicit-copy", "managed", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    assert!(v["r_star"].is_null(), "{v}");
    umodel(&d)
        .args(["breakeven", "managed", "managed"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("two different policies"));
}

#[test]
fn fit_then_query_then_validate_round_trip() {
    let d = tempfile::tempdir().unwrap();
    let model = d.path().join("m.json");
    umodel(&d)
        .args(["fit", PAPER, "-o"])
        .arg(&model)
        .assert()
        .success()
        .stdout(predicate::str::contains("Fitted 4 policies"));
    let text = std::fs::read_to_string(&model).unwrap();
    let v: Value = serde_json::from_str(&text).unwrap();
    has_keys(
        &v,
        &[
            "schema_version",
            "platform",
            "provenance",
            "settings",
            "policies",
            "validation",
        ],
    );
    has_keys(
        &v["provenance"],
        &[
            "source_csv",
            "source_sha256",
            "created_utc",
            "umodel_version",
        ],
    );
    umodel(&d)
        .args(["predict", "-p", "host-mapped", "-r", "4", "--model"])
        .arg(&model)
        .assert()
        .success()
        .stdout(predicate::str::contains("75.56 ms"))
        .stderr(predicate::str::contains("model file"));
    let out = umodel(&d)
        .args(["validate", "--json", "--model"])
        .arg(&model)
        .arg(PAPER)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v = json_of(&out.stdout);
    has_keys(
        &v,
        &[
            "points",
            "median_ape_pct",
            "max_ape_pct",
            "picks_correct",
            "picks_total",
        ],
    );
    assert_eq!(v["points"].as_array().unwrap().len(), 10);
    let out = umodel(&d)
        .args(["validate", "--held-out", "--model"])
        .arg(&model)
        .arg(PAPER)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("6 points"), "{text}");
    let v = json_of(
        &umodel(&d)
            .args(["fit", "--json", PAPER, "-o"])
            .arg(&model)
            .output()
            .unwrap()
            .stdout,
    );
    has_keys(&v, &["model", "rows_used", "rows_failed", "policies"]);
}

/// `show` prints what many host threads pay to fault pages back, of one thread's cost: for reads
/// of whole buffers from calibrations since `run161`, and for writes of one page in ten too from
/// those since `run167`, which measure them (`run168`'s first calibration: 0.51, 0.53 and 0.69 on
/// 4, 8 and 16 threads; NOTES.md, "The CPU's faults back on many threads").
#[test]
fn show_prints_the_many_thread_shares_dense_and_sparse_where_calibrated() {
    let d = tempfile::tempdir().unwrap();
    let line = |model: &str| -> String {
        let path = format!("calibration/h200/{model}");
        let out = umodel(&d).args(["show", "-m", &path]).output().unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .find(|l| l.contains("faults back on many host threads"))
            .unwrap_or_default()
            .to_string()
    };
    let new = line("run168/model-minimal-1.json");
    assert!(
        new.contains("at 64 MiB: 4 threads 0.41, 8 threads 0.39, 16 threads 0.54"),
        "{new}"
    );
    assert!(
        new.contains("one page in ten of 64 MiB: 4 threads 0.51, 8 threads 0.53, 16 threads 0.69"),
        "{new}"
    );
    let old = line("run166/model-minimal-1.json");
    assert!(
        old.contains("at 256 MiB:") && !old.contains("one page in ten"),
        "{old}"
    );
}

/// The embedded `h100` model as a file in `d`, with the platform fact `key` (which the embedded
/// models predate, so `show -m h100` prints no `line` for it) set to `value`; and `show`'s text
/// of that file.
fn h100_with_fact(
    d: &tempfile::TempDir,
    key: &str,
    line: &str,
    value: serde_json::Value,
) -> (PathBuf, String) {
    let plain = umodel(d).args(["show", "-m", "h100"]).output().unwrap();
    assert!(!String::from_utf8_lossy(&plain.stdout).contains(line));
    h100_with_fact_set(d, key, value, |was| assert!(was.is_none()))
}

/// The embedded `h100` model as a file in `d` with the platform fact `key` set to `value` (`was`
/// is given what the model recorded before), and `show`'s text of that file.
fn h100_with_fact_set(
    d: &tempfile::TempDir,
    key: &str,
    value: serde_json::Value,
    was: impl FnOnce(Option<&serde_json::Value>),
) -> (PathBuf, String) {
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("models/h100.json").unwrap()).unwrap();
    was(m["platform"].get(key));
    m["platform"][key] = value;
    let f = d.path().join("m.json");
    std::fs::write(&f, m.to_string()).unwrap();
    let out = umodel(d).args(["show", "-m"]).arg(&f).output().unwrap();
    assert!(out.status.success());
    (f, String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn show_prints_the_hosts_l3_where_the_model_records_it() {
    let d = tempfile::tempdir().unwrap();
    // The embedded model records its hosts' (its make script's `fit --host-l3`).
    let plain = umodel(&d).args(["show", "-m", "h100"]).output().unwrap();
    let text = String::from_utf8_lossy(&plain.stdout);
    assert!(text.contains("  host L3: 300 MiB"), "{text}");
    // A model of a 105 MiB-L3 host, as calibrate now records it (calibration/h100/run247).
    let (f, text) = h100_with_fact_set(&d, "host_l3_bytes", (105u64 << 20).into(), |_| {});
    assert!(text.contains("  host L3: 105 MiB"), "{text}");
    let j = json_of(
        &umodel(&d)
            .args(["show", "--json", "-m"])
            .arg(&f)
            .output()
            .unwrap()
            .stdout,
    );
    assert_eq!(j["platform"]["host_l3_bytes"], 105u64 << 20);
}

#[test]
fn show_prints_the_hosts_kernel_where_the_model_records_it() {
    let d = tempfile::tempdir().unwrap();
    // A guest as calibration/h100/run255's recorded it.
    let (f, text) = h100_with_fact(
        &d,
        "host_kernel",
        "host kernel",
        "6.18.44-fc-v1294-gpu".into(),
    );
    assert!(
        text.contains("  host kernel: 6.18.44-fc-v1294-gpu"),
        "{text}"
    );
    let pages = d.path().join("pages");
    let out = umodel(&d)
        .args(["report", "-m"])
        .arg(&f)
        .arg("-o")
        .arg(&pages)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(pages.join("report.html")).unwrap();
    assert!(
        html.contains(
            "<td>host kernel</td><td style=\"text-align:left\">6.18.44-fc-v1294-gpu</td>"
        ),
        "no kernel row in the report's facts"
    );
}

#[test]
fn show_prints_the_model() {
    let d = tempfile::tempdir().unwrap();
    umodel(&d).arg("show").assert().success().stdout(
        predicate::str::contains("explicit-copy").and(predicate::str::contains("hbm_triad_gbps")),
    );
    let v = json_of(&umodel(&d).args(["show", "--json"]).output().unwrap().stdout);
    assert_eq!(v["schema_version"], 1);
    // The H200 model keeps the CPU update inside F apart; the table shows it.
    let out = umodel(&d).args(["show", "-m", "h200"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("CPU ms"), "{text}");
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("explicit-copy") && l.contains("1 GiB"))
        .unwrap();
    assert!(row.contains("149.1"), "{row}");
    assert!(
        text.contains("between runs without the CPU update"),
        "{text}"
    );
    // Its task terms, each with its rate and the cells behind it, each from the calibration at
    // the median of the forty-three of the current plan (NOTES.md, "The shipped model"; rule T),
    // and saying so.
    assert!(
        text.contains("task terms (37, each from the calibration at their median of 43 joint fits"),
        "{text}"
    );
    assert!(
        text.contains("faults under a compute-bound kernel: 27 %"),
        "{text}"
    );
    // Rule G's shares, which the model carries since its remaking (NOTES.md, "The GPU side, round
    // by round").
    assert!(
        text.contains("hidden under first-touch faults: 58 % where pages migrate, 47 % where read-mostly pages are duplicated (faultmix.cu on an H200 VM, calibration/h200/run189; not measured on other GPUs)"),
        "{text}"
    );
    // The forty-three calibrations behind them are one line of the text, every one still in the
    // file.
    let from: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("note: task terms fitted from"))
        .collect();
    assert_eq!(from.len(), 1, "{text}");
    assert!(
        from[0].contains("fitted from 43 calibrations, calibration/h200/run167/data-1/")
            && from[0].contains("… calibration/h200/run199/run199b/data-1/"),
        "{}",
        from[0]
    );
    let v = json_of(
        &umodel(&d)
            .args(["show", "-m", "h200", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    let notes = v["provenance"]["notes"].as_array().unwrap();
    let named = notes
        .iter()
        .filter(|n| {
            n.as_str()
                .unwrap()
                .starts_with("task terms fitted from calibration/")
        })
        .count();
    assert_eq!(named, 43);
    // The lists of files inside a note (the shifts' calibrations, the pool's: 2.5 and 4.7 thousand
    // characters each) are folded too: every line of the text reads on a screen or two.
    let longest = text.lines().map(|l| l.chars().count()).max().unwrap();
    assert!(longest < 400, "{longest}");
    assert!(
        text.contains(
            "for calibrations of this GPU to price them from: 31 files, calibration/h200/run77/"
        ),
        "{text}"
    );
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("map_gather_write"))
        .unwrap();
    assert!(row.contains("20.880"), "{row}");
    let out = umodel(&d)
        .args(["show", "-m", "calibration/h200/run64/model-minimal-1.json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("task terms (27 fitted jointly"), "{text}");
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("map_gather_write"))
        .unwrap();
    assert!(row.contains("64 MiB"), "{row}");
    assert!(
        text.contains("faults under a compute-bound kernel: 73 %"),
        "{text}"
    );
    // A model without task terms says nothing of them.
    let out = umodel(&d)
        .args(["show", "-m", "gb200-paper"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stdout).contains("task terms"));
}

#[test]
fn a_model_calibrated_for_this_machine_is_preferred_when_present() {
    // Make a "calibrated" model in the data directory under this machine's fingerprint, when the
    // machine has an NVIDIA GPU; elsewhere the embedded model must be used.
    let d = tempfile::tempdir().unwrap();
    match umodel::platform::local_gpu_name() {
        Some(gpu) => {
            let fp = umodel::platform::fingerprint_of(&gpu, &umodel::platform::host_cpu_model());
            let dir = d.path().join("models");
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::copy("models/gb200-paper.json", dir.join(format!("{fp}.json"))).unwrap();
            umodel(&d)
                .args(["choose", "-r", "2"])
                .assert()
                .success()
                .stderr(predicate::str::contains("calibrated model"));
        }
        None => {
            umodel(&d)
                .args(["choose", "-r", "2"])
                .assert()
                .success()
                .stderr(predicate::str::contains("embedded model"));
        }
    }
}

#[test]
fn bad_measurement_files_name_file_line_and_column() {
    let d = tempfile::tempdir().unwrap();
    let good = "handoff,managed,gpu_only,,1024,,,0,1.0,,ok\n";
    let cases: [(&str, &str, &[&str]); 9] = [
        (
            "policy.csv",
            "handoff,zero-copy,alternating,,1024,,1,0,2.5,,ok\n",
            &["policy.csv:3:", "`policy`", "zero-copy"],
        ),
        (
            "nan.csv",
            "handoff,managed,alternating,,1024,,1,0,NaN,,ok\n",
            &["nan.csv:3:", "`time_ms`", "not finite"],
        ),
        (
            "inf.csv",
            "handoff,managed,alternating,,1024,,1,0,inf,,ok\n",
            &["inf.csv:3:", "not finite"],
        ),
        (
            "neg.csv",
            "handoff,managed,alternating,,1024,,1,0,-3,,ok\n",
            &["neg.csv:3:", "negative"],
        ),
        (
            "word.csv",
            "handoff,managed,alternating,,1024,,1,0,fast,,ok\n",
            &["word.csv:3:", "not a number", "fast"],
        ),
        (
            "bytes.csv",
            "handoff,managed,alternating,,big,,1,0,3,,ok\n",
            &["bytes.csv:3:", "`bytes`", "big"],
        ),
        (
            "ragged.csv",
            "handoff,managed,alternating,1024,1,0,3\n",
            &["ragged.csv:3:", "7 fields", "11"],
        ),
        (
            "noreuse.csv",
            "handoff,managed,alternating,,1024,,,0,3,,ok\n",
            &["noreuse.csv:3:", "reuse"],
        ),
        (
            "check.csv",
            "handoff,managed,alternating,,1024,,1,0,3,,yes\n",
            &["check.csv:3:", "`check`"],
        ),
    ];
    for (name, row, wants) in cases {
        let p = write(&d, name, &format!("{HEAD}{good}{row}"));
        let out = d.path().join("out.json");
        let args = [
            "fit".to_string(),
            p.display().to_string(),
            "-o".into(),
            out.display().to_string(),
        ];
        let argv: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        fails_with(&d, &argv, None, wants);
        assert!(
            !out.exists(),
            "{name}: no model may be written on bad input"
        );
    }
    let p = write(
        &d,
        "missing.csv",
        "group,policy,case,bytes,trial,time_ms\nh,managed,x,1,0,1\n",
    );
    fails_with(
        &d,
        &["fit", "-o", "x.json"],
        Some(&p),
        &["missing.csv", "missing required column `reuse`"],
    );
    let p = write(&d, "empty.csv", "");
    fails_with(
        &d,
        &["fit", "-o", "x.json"],
        Some(&p),
        &["empty.csv", "empty"],
    );
    fails_with(
        &d,
        &["fit", "-o", "x.json", "/nonexistent/m.csv"],
        None,
        &["/nonexistent/m.csv", "cannot read"],
    );
    let p = write(
        &d,
        "nohandoff.csv",
        &format!("{HEAD}hbm,device,triad,,1024,3072,,0,1,,ok\n"),
    );
    fails_with(
        &d,
        &["fit", "-o", "x.json"],
        Some(&p),
        &["nohandoff.csv", "gpu_only"],
    );
    let p = write(&d, "allfailed.csv", &format!("{HEAD}handoff,managed,gpu_only,,8,,,0,1,,failed\nhandoff,managed,alternating,,8,,1,0,2,,failed\n"));
    fails_with(
        &d,
        &["fit", "-o", "x.json"],
        Some(&p),
        &["allfailed.csv", "2 failed"],
    );
}

#[test]
fn bad_model_files_are_refused_with_the_reason() {
    let d = tempfile::tempdir().unwrap();
    let good = std::fs::read_to_string("models/gb200-paper.json").unwrap();
    let p = write(&d, "trunc.json", &good[..good.len() / 3]);
    fails_with(
        &d,
        &["predict", "-p", "managed", "-r", "2", "--model"],
        Some(&p),
        &["trunc.json", "truncated"],
    );
    let p = write(&d, "text.json", "this is not json");
    fails_with(
        &d,
        &["predict", "-p", "managed", "-r", "2", "--model"],
        Some(&p),
        &["text.json:1:", "not valid JSON"],
    );
    let p = write(
        &d,
        "future.json",
        &good.replacen("\"schema_version\": 1", "\"schema_version\": 2", 1),
    );
    fails_with(
        &d,
        &["choose", "-r", "2", "--model"],
        Some(&p),
        &["future.json", "schema version 2 is newer"],
    );
    let p = write(
        &d,
        "knots.json",
        &good.replacen("\"bytes\": 1073741824", "\"bytes\": 0", 1),
    );
    fails_with(
        &d,
        &["choose", "-r", "2", "--model"],
        Some(&p),
        &["knots.json", "zero bytes"],
    );
    fails_with(
        &d,
        &["choose", "-r", "2", "--model", "no-such-model"],
        None,
        &["no model named `no-such-model`", "gb200-paper"],
    );
    fails_with(
        &d,
        &["choose", "-r", "2", "--model", "/nonexistent/m.json"],
        None,
        &["/nonexistent/m.json", "cannot read"],
    );
}

#[test]
fn bad_arguments_are_usage_errors() {
    let d = tempfile::tempdir().unwrap();
    for (args, want) in [
        (
            vec!["predict", "-p", "zero-copy", "-r", "2"],
            "unknown policy `zero-copy`",
        ),
        (vec!["predict", "-p", "managed", "-r", "0"], "at least 1"),
        (
            vec!["predict", "-p", "managed", "-r", "many"],
            "not a number",
        ),
        (
            vec!["predict", "-p", "managed", "-r", "2", "--bytes", "12XB"],
            "invalid size `12XB`",
        ),
        (vec!["predict", "-p", "managed"], "--reuse"),
        (vec!["choose", "-r", "nan"], "at least 1"),
        (
            vec!["predict", "-p", "managed", "-r", "2", "--cpu-ms", "-5"],
            "not a finite number ≥ 0",
        ),
        (
            vec![
                "predict",
                "-p",
                "managed",
                "-r",
                "2",
                "--cpu-ms",
                "5",
                "--cpu-scale",
                "1.2",
            ],
            "cannot be used with",
        ),
        // A CPU time in ms is one policy's; choose takes one only with a task (its CPU phase).
        (vec!["choose", "-r", "2", "--cpu-ms", "5"], "--task <FILE>"),
        (vec!["frobnicate"], "unrecognized subcommand"),
    ] {
        let out = umodel(&d).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{args:?}: `{want}` not in {err}");
    }
    // A policy the model does not have is an error of the query, not of the arguments.
    fails_with(
        &d,
        &["predict", "-p", "managed-advise", "-r", "2"],
        None,
        &["managed-advise", "not in this model", "host-mapped"],
    );
    fails_with(
        &d,
        &["validate", "--model", "gb200-paper", "/nonexistent.csv"],
        None,
        &["/nonexistent.csv"],
    );
}

#[test]
fn help_teaches() {
    let d = tempfile::tempdir().unwrap();
    umodel(&d)
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Examples:").and(predicate::str::contains("calibrate")));
    for sub in [
        "predict",
        "choose",
        "breakeven",
        "validate",
        "fit",
        "show",
        "bench",
        "calibrate",
    ] {
        umodel(&d).args([sub, "--help"]).assert().success();
    }
    let out = umodel(&d).args(["predict", "--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("64KiB"));
}

/// The top-level keys of a pretty-printed JSON object, in the order printed.
fn printed_keys(stdout: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("  \""))
        .filter(|l| !l.starts_with(' '))
        .filter_map(|l| l.split_once("\":").map(|(k, _)| k.to_string()))
        .collect()
}

#[test]
fn query_json_prints_every_key_in_alphabetical_order() {
    let d = tempfile::tempdir().unwrap();
    let model = d.path().join("m.json");
    let fit = ["fit", "--json", PAPER, "-o", model.to_str().unwrap()];
    let task = "tasks/compute-bound.json";
    let cases: [(&[&str], &[&str]); 8] = [
        (
            &[
                "predict", "-m", "h200", "-p", "managed", "-r", "2", "--json",
            ],
            &[
                "bytes",
                "extrapolated",
                "fixed_ms",
                "interval_ms",
                "per_pass_ms",
                "policy",
                "reuse",
                "spread_ms",
                "time_ms",
            ],
        ),
        (
            &[
                "predict",
                "-m",
                "h200",
                "-p",
                "managed",
                "-r",
                "2",
                "--cpu-ms",
                "9",
                "--explain",
                "--json",
            ],
            &[
                "bytes",
                "cpu_given_ms",
                "explain",
                "extrapolated",
                "fixed_ms",
                "interval_ms",
                "per_pass_ms",
                "policy",
                "reuse",
                "spread_ms",
                "time_ms",
            ],
        ),
        (
            &["choose", "-m", "h200", "-r", "4", "--json"],
            &[
                "best",
                "bytes",
                "cpu_scale",
                "extrapolated",
                "ranking",
                "reuse",
                "tie",
                "tied",
            ],
        ),
        (
            &[
                "breakeven",
                "-m",
                "h200",
                "host-mapped",
                "explicit-copy",
                "--json",
            ],
            &[
                "a",
                "b",
                "bytes",
                "cpu_scale",
                "faster_above_r_star",
                "r_star",
            ],
        ),
        (
            &[
                "breakeven",
                "-m",
                "h200",
                "--task",
                task,
                "--cpu-ms",
                "9",
                "--gpu-ms",
                "0.5",
                "host-mapped",
                "explicit-copy",
                "--json",
            ],
            &["a", "b", "faster", "faster_above_r_star", "r_star", "task"],
        ),
        (
            &[
                "breakeven",
                "-m",
                "calibration/h200x2/run19/model-after-2.json",
                "--from-device",
                "1",
                "peer-copy",
                "peer-access",
                "--json",
            ],
            &[
                "a",
                "b",
                "bytes",
                "device",
                "faster_above_r_star",
                "from_device",
                "r_star",
            ],
        ),
        (
            &fit,
            &[
                "model",
                "policies",
                "rows_failed",
                "rows_used",
                "validation",
                "warnings",
            ],
        ),
        (
            &[
                "choose",
                "-m",
                "h200",
                "-r",
                "1",
                "--cpu-scale",
                "2",
                "--json",
            ],
            &[
                "best",
                "bytes",
                "cpu_scale",
                "extrapolated",
                "ranking",
                "reuse",
                "tie",
                "tied",
            ],
        ),
    ];
    for (args, want) in cases {
        let out = umodel(&d).args(args).output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(printed_keys(&out.stdout), want, "{args:?}");
        let v = json_of(&out.stdout);
        match args[0] {
            "choose" => assert_eq!(keys(&v["ranking"][0]), ["policy", "spread_ms", "time_ms"]),
            "fit" => {
                assert_eq!(keys(&v["policies"][0]), ["knots", "policy"]);
                assert_eq!(
                    keys(&v["policies"][0]["knots"][0]),
                    ["bytes", "cpu_stage_ms", "f_ms", "g_ms", "lsq", "t1_ms"]
                );
            }
            _ => {}
        }
    }
}

/// The README's task example prints what the README shows: the command in its `sh` block, run
/// against the embedded model, gives every line of the `text` block after it (but `...`), in order.
#[test]
fn the_readmes_task_example_prints_what_the_readme_shows() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let cmd = "umodel choose -m h200 --task tasks/seed-001.json";
    let at = readme.find(cmd).expect("the README's task example");
    let line = readme[at..].lines().next().unwrap();
    let args: Vec<&str> = line.split_whitespace().skip(1).collect();
    let block = &readme[at..];
    let start = block.find("```text\n").expect("its output block") + "```text\n".len();
    let end = start + block[start..].find("```").unwrap();
    let d = tempfile::tempdir().unwrap();
    let out = umodel(&d).args(&args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let printed = String::from_utf8_lossy(&out.stdout);
    let mut lines = printed.lines().map(str::trim_end);
    for want in block[start..end].lines().filter(|l| l.trim() != "...") {
        assert!(
            lines.any(|l| l == want.trim_end()),
            "README line `{want}` not printed (in order) by `{line}`:\n{printed}"
        );
    }
    // Without a note: the embedded model prices every step of seed 001 from measured terms.
    assert!(
        !String::from_utf8_lossy(&out.stderr).contains("note:"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A model fitted before rule G (the one shipped until 2026-12-04) prices relax.cu's advised first
/// pass with its wait on the link beside the faults in full, and says so, naming the refit; the
/// embedded model, fitted since, hides a share of it and has nothing to say.
#[test]
fn a_model_without_the_link_under_faults_says_so_where_a_pass_waits_beside_its_faults() {
    let d = tempfile::tempdir().unwrap();
    let ask = |model: &str| {
        let v = json_ok(
            umodel(&d)
                .args(["predict", "-m", model, "--task", "tasks/relax.json"])
                .args(["--policy", "managed-advise", "--cpu-ms", "5"])
                .args(["--gpu-ms", "0.06", "--cpu-final-ms", "3", "--json"]),
        );
        let v = if v.is_array() { v[0].clone() } else { v };
        let said = v["assumptions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|n| n.as_str().unwrap().contains("no `link_under_faults`"));
        (v["time_ms"].as_f64().unwrap(), said)
    };
    let (old, said) = ask("calibration/h200/offline41/h200-until-2026-12-04.json");
    assert!(said && old > 0.0);
    let (_, said) = ask("h200");
    assert!(!said);
    // `show` says it too.
    let out = umodel(&d)
        .args([
            "show",
            "-m",
            "calibration/h200/offline41/h200-until-2026-12-04.json",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("hidden under first-touch faults: not in this model"),
        "{text}"
    );
    // Shares other than the H200's measured ones are not credited to the H200's run.
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("models/h200.json").unwrap()).unwrap();
    m["task_terms"]["link_under_faults"] =
        serde_json::json!({"migrating": 0.45, "duplicating": 0.2});
    let other = d.path().join("other-shares.json");
    std::fs::write(&other, m.to_string()).unwrap();
    let out = umodel(&d)
        .arg("show")
        .arg("-m")
        .arg(&other)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("45 % where pages migrate, 20 % where read-mostly pages are duplicated (as this model file gives them)"),
        "{text}"
    );
}
