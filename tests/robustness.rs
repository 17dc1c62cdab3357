//! The careless and hostile user of issue 11: every probe that once lost a file, wrote a model
//! nothing could read, panicked or answered `inf` now ends in a clear error (or a warning) and
//! leaves every file as it was.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Stdio;

use predicates::prelude::*;

mod common;
use common::{fails_with, json_of, umodel};

const PAPER: &str = "calibration/gb200-paper/measurements.csv";
const PAPER_FACTS: &str = "calibration/gb200-paper/measurements.facts.json";
/// A calibration of this version: every cell has trials, the task terms are measured.
const CAL: &str = "calibration/h200/run16/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv";

/// The paper's CSV and facts copied into `d` as `run.csv`, `run.facts.json`.
fn paper_run(d: &tempfile::TempDir) -> PathBuf {
    let csv = d.path().join("run.csv");
    fs::copy(PAPER, &csv).unwrap();
    fs::copy(PAPER_FACTS, d.path().join("run.facts.json")).unwrap();
    csv
}

/// A CSV made from `src` with `edit` applied to every data row's fields.
fn edited(
    d: &tempfile::TempDir,
    src: &str,
    name: &str,
    edit: impl Fn(&mut Vec<String>),
) -> PathBuf {
    let text = fs::read_to_string(src).unwrap();
    let mut out = String::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            out.push_str(line);
        } else {
            let mut f: Vec<String> = line.split(',').map(String::from).collect();
            edit(&mut f);
            out.push_str(&f.join(","));
        }
        out.push('\n');
    }
    let p = d.path().join(name);
    fs::write(&p, out).unwrap();
    p
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Device nodes to write to. As root, nodes made in `d` (a broken fix would replace those, never
/// the machine's /dev/null); otherwise /dev/full and /dev/null themselves, which a user cannot
/// replace anyway.
fn devices(d: &tempfile::TempDir) -> Vec<PathBuf> {
    if is_root() {
        let mut v = Vec::new();
        for (name, minor) in [("null", "3"), ("full", "7")] {
            let p = d.path().join(name);
            let ok = std::process::Command::new("mknod")
                .arg(&p)
                .args(["c", "1", minor])
                .status()
                .is_ok_and(|s| s.success());
            if ok {
                v.push(p);
            }
        }
        v
    } else {
        vec![PathBuf::from("/dev/null"), PathBuf::from("/dev/full")]
    }
}

#[cfg(unix)]
fn is_char_device(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    fs::metadata(p).is_ok_and(|m| m.file_type().is_char_device())
}

#[cfg(unix)]
#[test]
fn fit_never_replaces_a_device_or_a_directory() {
    let d = tempfile::tempdir().unwrap();
    let csv = paper_run(&d);
    let devs = devices(&d);
    assert!(!devs.is_empty());
    for dev in &devs {
        let out = fails_with(
            &d,
            &["fit", csv.to_str().unwrap(), "-o"],
            Some(dev),
            &["not a regular file", "character device"],
        );
        assert!(!String::from_utf8_lossy(&out.stdout).contains("wrote"));
        assert!(is_char_device(dev), "{} was replaced", dev.display());
    }
    let dir = d.path().join("adir");
    fs::create_dir(&dir).unwrap();
    fails_with(
        &d,
        &["fit", csv.to_str().unwrap(), "-o"],
        Some(&dir),
        &["not a regular file", "directory"],
    );
    assert!(dir.is_dir());
}

#[test]
fn fit_refuses_to_overwrite_its_own_inputs() {
    let d = tempfile::tempdir().unwrap();
    let csv = paper_run(&d);
    let facts = d.path().join("run.facts.json");
    let before = (fs::read(&csv).unwrap(), fs::read(&facts).unwrap());
    let c = csv.to_str().unwrap();
    fails_with(
        &d,
        &["fit", c, "-o", c],
        None,
        &["is also this command's input"],
    );
    fails_with(
        &d,
        &["fit", c, "-o"],
        Some(&facts),
        &["is also this command's input"],
    );
    // The same file under another name: a path through `..`, and a hard link.
    let dotted = d.path().join("x").join("..").join("run.csv");
    fs::create_dir(d.path().join("x")).unwrap();
    fails_with(&d, &["fit", c, "-o"], Some(&dotted), &["input"]);
    let link = d.path().join("hard.json");
    fs::hard_link(&csv, &link).unwrap();
    fails_with(&d, &["fit", c, "-o"], Some(&link), &["input"]);
    let other = d.path().join("other.csv");
    fs::copy(&csv, &other).unwrap();
    let o = other.to_str().unwrap();
    fails_with(
        &d,
        &["fit", c, "--noise-from", o, "-o", o],
        None,
        &["input"],
    );
    assert_eq!((fs::read(&csv).unwrap(), fs::read(&facts).unwrap()), before);
}

#[test]
fn a_fit_that_cannot_give_a_usable_model_fails_and_keeps_the_old_one() {
    let d = tempfile::tempdir().unwrap();
    let good = d.path().join("model.json");
    umodel(&d)
        .args(["fit", CAL, "-o"])
        .arg(&good)
        .assert()
        .success();
    let before = fs::read(&good).unwrap();
    // One measured cell of 0 ms: its platform share T(1) less the CPU update goes negative.
    let zero = edited(&d, CAL, "zero.csv", |f| {
        if f[0] == "handoff"
            && f[1] == "explicit-copy"
            && f[2] == "alternating"
            && f[4] == "16777216"
        {
            f[8] = "0".into();
        }
    });
    let out = fails_with(
        &d,
        &["fit", zero.to_str().unwrap(), "-o"],
        Some(&good),
        &[
            "not written",
            "unusable",
            "explicit-copy",
            "16777216",
            "cells that can cause it",
            "alternating at 16 MiB",
        ],
    );
    assert!(!String::from_utf8_lossy(&out.stdout).contains("wrote"));
    assert_eq!(
        fs::read(&good).unwrap(),
        before,
        "the good model was replaced"
    );
    // A primitive of 1e-320 ms once became `null` in the file; the reader refuses it now.
    let tiny = edited(&d, CAL, "tiny.csv", |f| {
        if f[0] == "transfer" {
            f[8] = "1e-320".into();
        }
    });
    fails_with(
        &d,
        &["fit", tiny.to_str().unwrap(), "-o"],
        Some(&good),
        &["tiny.csv:", "time_ms", "picosecond"],
    );
    assert_eq!(fs::read(&good).unwrap(), before);
    // Every model written reads back.
    umodel(&d)
        .args(["show", "-m"])
        .arg(&good)
        .assert()
        .success();
}

/// `umodel` as a plain process, for tests that choose its stdout and stderr.
fn raw(d: &tempfile::TempDir) -> std::process::Command {
    let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin("umodel"));
    c.env("UMODEL_DATA_DIR", d.path());
    c
}

#[test]
fn a_full_or_closed_stderr_or_stdout_never_panics() {
    let d = tempfile::tempdir().unwrap();
    let full = || {
        fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap()
    };
    let out = raw(&d)
        .args(["predict", "-p", "host-mapped", "-r", "4"])
        .stderr(Stdio::from(full()))
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "stderr full: the answer still comes"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("host-mapped at 1 GiB"));
    // An error with nowhere to say it still exits 1, not 101.
    let out = raw(&d)
        .args(["predict", "-p", "host-mapped", "-r", "4", "-m", "nosuch"])
        .stderr(Stdio::from(full()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let out = raw(&d)
        .args(["predict", "-p", "host-mapped", "-r", "4"])
        .stdout(Stdio::from(full()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("writing to stdout"));
    let out = raw(&d)
        .args(["show", "--json"])
        .stdout(Stdio::from(full()))
        .stderr(Stdio::from(full()))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
}

#[test]
fn ablate_and_validate_refuse_a_table_with_nothing_in_it() {
    let d = tempfile::tempdir().unwrap();
    let head = d.path().join("head.csv");
    fs::write(
        &head,
        "group,policy,case,pattern,bytes,useful_bytes,reuse,trial,time_ms,move_ms,check\n",
    )
    .unwrap();
    fails_with(&d, &["ablate"], Some(&head), &["head.csv", "no data rows"]);
    fails_with(
        &d,
        &["validate", "-m", "h200"],
        Some(&head),
        &["no data rows"],
    );
    // Rows, but none an ablation can use (no handoff rows).
    let text = fs::read_to_string(CAL).unwrap();
    let hbm: String = text
        .lines()
        .filter(|l| l.starts_with("group") || l.starts_with("hbm,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let csv = d.path().join("hbm.csv");
    fs::write(&csv, hbm).unwrap();
    fails_with(&d, &["ablate"], Some(&csv), &["nothing to ablate"]);
}

#[test]
fn answers_that_would_not_be_finite_are_errors_naming_the_input() {
    let d = tempfile::tempdir().unwrap();
    for (args, want) in [
        (
            vec!["predict", "-p", "host-mapped", "--reuse", "1e308"],
            "1e308",
        ),
        (vec!["choose", "--reuse", "1e308"], "1e308"),
        (
            vec![
                "predict",
                "-m",
                "h200",
                "-p",
                "host-mapped",
                "-r",
                "2",
                "--cpu-ms",
                "1e308",
            ],
            "1e308",
        ),
        (
            vec!["choose", "-m", "h200", "-r", "2", "--cpu-scale", "1e308"],
            "1e308",
        ),
        (
            vec![
                "breakeven",
                "-m",
                "h200",
                "--cpu-scale",
                "1e308",
                "host-mapped",
                "managed",
            ],
            "1e308",
        ),
        (
            vec![
                "predict",
                "--task",
                "tasks/seed-001.json",
                "-m",
                "h200",
                "--cpu-ms",
                "1e308",
            ],
            "1e308",
        ),
        (
            vec!["predict", "-p", "host-mapped", "--reuse", "inf"],
            "inf",
        ),
    ] {
        let out = fails_with(&d, &args, None, &[want]);
        assert!(
            !String::from_utf8_lossy(&out.stdout).contains("inf ms"),
            "{args:?}"
        );
    }
    // The largest accepted values still give a finite answer.
    let v = json_of(
        &umodel(&d)
            .args(["predict", "-p", "host-mapped", "-r", "1e9", "--json"])
            .output()
            .unwrap()
            .stdout,
    );
    assert!(v["time_ms"].as_f64().unwrap().is_finite());
}

#[test]
fn reads_are_capped() {
    let d = tempfile::tempdir().unwrap();
    // /dev/zero never ends: refused at the cap, quickly, naming it.
    fails_with(
        &d,
        &["show", "-m", "/dev/zero"],
        None,
        &["/dev/zero", "larger than 67108864 bytes"],
    );
    let big = d.path().join("big.json");
    fs::File::create(&big)
        .unwrap()
        .set_len((64 << 20) + 1)
        .unwrap();
    fails_with(
        &d,
        &["show", "-m"],
        Some(&big),
        &["big.json", "larger than"],
    );
    let big_csv = d.path().join("big.csv");
    fs::File::create(&big_csv)
        .unwrap()
        .set_len((256 << 20) + 1)
        .unwrap();
    fails_with(
        &d,
        &["fit", big_csv.to_str().unwrap(), "-o", "x.json"],
        None,
        &["big.csv", "larger than 268435456 bytes"],
    );
    fails_with(
        &d,
        &["validate", "-m", "h200"],
        Some(&big_csv),
        &["larger than"],
    );
    assert!(!d.path().join("x.json").exists());
}

#[test]
fn negative_numbers_get_a_umodel_message() {
    let d = tempfile::tempdir().unwrap();
    for (args, want) in [
        (
            vec!["predict", "-p", "host-mapped", "--reuse", "-1"],
            "R must be at least 1",
        ),
        (
            vec!["predict", "-p", "host-mapped", "-r", "2", "--bytes", "-5"],
            "negative",
        ),
        (vec!["choose", "-r", "2", "-b", "-1GiB"], "negative"),
        (
            vec!["predict", "-p", "host-mapped", "-r", "2", "--cpu-ms", "-3"],
            "finite number ≥ 0",
        ),
        (vec!["bench", "--trials", "-2"], "--trials"),
        (vec!["bench", "--cpu-core", "-1"], "`-1` is not a core"),
        (
            vec!["calibrate", "--cpu-core", "last"],
            "`last` is not a core",
        ),
    ] {
        let out = fails_with(&d, &args, None, &[want]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("unexpected argument"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}

/// `--cpu-core none` (an unpinned CPU update thread, which issues every CUDA call too) and a core
/// number parse for `bench` and `calibrate`; each command then stops at its next check, before
/// any GPU is touched, so this runs the same with or without one.
#[test]
fn cpu_core_takes_a_number_or_none() {
    let d = tempfile::tempdir().unwrap();
    for core in ["none", "3", " none"] {
        let out = fails_with(
            &d,
            &["bench", "--cpu-core", core, "task"],
            None,
            &["does not run the `task` group"],
        );
        assert_eq!(out.status.code(), Some(1), "{core}");
        fails_with(
            &d,
            &["calibrate", "--cpu-core", core, "--device", "0,0"],
            None,
            &["device 0 is listed twice"],
        );
    }
}

#[test]
fn a_model_file_with_a_byte_order_mark_is_read() {
    let d = tempfile::tempdir().unwrap();
    let p = d.path().join("bom.json");
    let mut bytes = b"\xEF\xBB\xBF".to_vec();
    bytes.extend(fs::read("models/h200.json").unwrap());
    fs::write(&p, bytes).unwrap();
    umodel(&d)
        .args(["predict", "-p", "host-mapped", "-r", "2", "-m"])
        .arg(&p)
        .assert()
        .success();
}

#[test]
fn suspicious_measurements_are_warned_about() {
    let d = tempfile::tempdir().unwrap();
    let csv = paper_run(&d);
    // The paper's figures are single trials.
    umodel(&d)
        .args(["fit", csv.to_str().unwrap(), "-o", "m.json"])
        .current_dir(d.path())
        .assert()
        .success()
        .stderr(predicate::str::contains("rest on a single trial"));
    // Every row twice.
    let text = fs::read_to_string(&csv).unwrap();
    let rows: String = text.lines().skip(1).map(|l| format!("{l}\n")).collect();
    let twice = d.path().join("twice.csv");
    fs::write(&twice, format!("{text}{rows}")).unwrap();
    umodel(&d)
        .args(["fit", twice.to_str().unwrap(), "-o", "m2.json"])
        .current_dir(d.path())
        .assert()
        .success()
        .stderr(
            predicate::str::contains("trial index repeats")
                .and(predicate::str::contains("twice.csv:")),
        );
    // A GPU-only pass slower than the whole alternation.
    let neg = edited(&d, PAPER, "neg.csv", |f| {
        if f[1] == "explicit-copy" && f[2] == "gpu_only" {
            f[8] = "100".into();
        }
    });
    umodel(&d)
        .args(["fit", neg.to_str().unwrap(), "-o", "m3.json"])
        .current_dir(d.path())
        .assert()
        .success()
        .stderr(predicate::str::contains("F = T(1) - G is negative"));
    // A column twice: which one is meant is unknowable, so it is an error.
    let dup = d.path().join("dup.csv");
    fs::write(&dup, text.replacen("check,", "bytes,", 1)).unwrap();
    fails_with(
        &d,
        &["fit", dup.to_str().unwrap(), "-o", "m4.json"],
        None,
        &["column `bytes` appears twice"],
    );
}
