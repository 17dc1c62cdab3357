//! Helpers the command-line test files share.
// Each test file compiles this module on its own and uses only some of the helpers.
#![allow(dead_code)]

use std::path::Path;
use std::process::Output;

use assert_cmd::Command;
use serde_json::Value;

/// The H200 model as it shipped until 2026-12-04 (task terms of `run65`'s first calibration;
/// NOTES.md, "The shipped model"), kept for the figures recorded with it.
pub const H200_UNTIL_2026_12_04: &str = "calibration/h200/offline41/h200-until-2026-12-04.json";

/// `umodel` with an empty data directory, so no model calibrated on the machine running the tests
/// changes the answers.
pub fn umodel(data: &tempfile::TempDir) -> Command {
    let mut c = Command::cargo_bin("umodel").unwrap();
    c.env("UMODEL_DATA_DIR", data.path());
    c
}

/// Parses a command's stdout as JSON, saying what it printed where it is not.
pub fn json_of(out: &[u8]) -> Value {
    serde_json::from_slice(out)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(out)))
}

/// Runs a command that must succeed and print JSON: fails naming the command and its stderr where
/// it does not succeed; returns what it printed, parsed ([`json_of`]).
pub fn json_ok(c: &mut Command) -> Value {
    let out = c.output().unwrap();
    assert!(
        out.status.success(),
        "{c:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    json_of(&out.stdout)
}

/// Runs `umodel ARGS [EXTRA]` and checks it fails cleanly (no panic) with every one of `wants` on
/// stderr; returns its output for further checks.
pub fn fails_with(
    d: &tempfile::TempDir,
    args: &[&str],
    extra: Option<&Path>,
    wants: &[&str],
) -> Output {
    let mut c = umodel(d);
    c.args(args);
    if let Some(p) = extra {
        c.arg(p);
    }
    let out = c.output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} should fail; stderr: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    for w in wants {
        assert!(err.contains(w), "{args:?}: `{w}` not in: {err}");
    }
    out
}

/// Runs a model's recipe (`bash SCRIPT UMODEL OUT`, the one place it is written) with this build
/// and checks that it makes the model file `shipped` exactly, but the time it was written
/// (`provenance.created_utc`).
pub fn recipe_remakes(script: &str, shipped: &str) {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("model.json");
    Command::new("bash")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_umodel"))
        .arg(&out)
        .env("UMODEL_DATA_DIR", d.path())
        .assert()
        .success();
    let read = |p: &Path| {
        let mut m = json_of(&std::fs::read(p).unwrap());
        m["provenance"]["created_utc"] = Value::Null;
        m
    };
    assert_eq!(read(&out), read(Path::new(shipped)), "refit, see {script}");
}
