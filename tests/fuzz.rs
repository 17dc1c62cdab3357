//! Fuzz harnesses (proptest) for every reader of outside input: the measurement CSV, the model
//! file, the task file (JSON and TOML) and the size and reuse parsers. Each mutates a seed corpus
//! (`fuzz/corpus/*`, plus the shipped models and tasks) with byte flips, insertions of hostile
//! tokens, deletions, truncations and splices, and checks that nothing panics and that whatever
//! is accepted keeps the reader's promises (finite values, a model that answers, a size that
//! formats and parses back).
//!
//! `cargo test --test fuzz` runs a bounded number of cases (a few seconds, fixed seeds). For a long
//! run: `UMODEL_FUZZ_SECS=600 cargo test --release --test fuzz -- --nocapture --test-threads 1`
//! (seconds per target; random seeds, printed with the case count).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestRng, TestRunner};

use umodel::model::{self, FitOptions};
use umodel::policy::Policy;
use umodel::store;
use umodel::table::Table;
use umodel::task::Task;
use umodel::units;

/// Bytes a hostile or careless user writes.
const TOKENS: &[&[u8]] = &[
    b"-1",
    b"0",
    b"1e308",
    b"-0",
    b"NaN",
    b"inf",
    b"1e-320",
    b"18446744073709551616",
    b"9223372036854775807",
    b"\"",
    b",",
    b"\n",
    b"\r\n",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"null",
    b"{}",
    b"[]",
    b"\"schema_version\": 1",
    b"handoff",
    b"alternating",
    b"gpu_only",
    b"stage:cpu",
    b"explicit-copy",
    b"managed-prefetch",
    b"GiB",
    b"\0",
    b"\xC3\x28",
    b"[[buffers]]",
    b" = ",
    b"'''",
    b"#",
];

#[derive(Debug, Clone)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, usize),
    Delete(usize, usize),
    Truncate(usize),
    /// Copies a span of the input elsewhere (repeats rows, columns, objects).
    Splice(usize, usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(p, b)| Mutation::Flip(p, b)),
        (any::<usize>(), 0..TOKENS.len()).prop_map(|(p, t)| Mutation::Insert(p, t)),
        (any::<usize>(), 1usize..64).prop_map(|(p, n)| Mutation::Delete(p, n)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 1usize..256, any::<usize>())
            .prop_map(|(a, n, b)| Mutation::Splice(a, n, b)),
    ]
}

fn apply(mut v: Vec<u8>, ms: &[Mutation]) -> Vec<u8> {
    for m in ms {
        let len = v.len();
        let at = |p: usize| if len == 0 { 0 } else { p % (len + 1) };
        match *m {
            Mutation::Flip(p, b) if len > 0 => v[p % len] = b,
            Mutation::Flip(..) => {}
            Mutation::Insert(p, t) => {
                let i = at(p);
                v.splice(i..i, TOKENS[t].iter().copied());
            }
            Mutation::Delete(p, n) => {
                let i = at(p);
                let j = (i + n).min(len);
                v.drain(i..j);
            }
            Mutation::Truncate(p) => v.truncate(at(p)),
            Mutation::Splice(a, n, b) => {
                let i = at(a);
                let span: Vec<u8> = v[i..(i + n).min(len)].to_vec();
                let j = at(b);
                v.splice(j..j, span);
            }
        }
    }
    v
}

/// Seeds: the corpus folder's files, and any extra files.
fn seeds(dir: &str, extra: &[PathBuf]) -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(Path::new("fuzz/corpus").join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files.extend(extra.iter().cloned());
    let v: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(!v.is_empty(), "no seeds in fuzz/corpus/{dir}");
    v
}

/// An input: a mutated seed, or (one time in eight) bytes from nowhere.
fn input(seeds: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    let n = seeds.len();
    prop_oneof![
        7 => (0..n, prop::collection::vec(mutation(), 0..8))
            .prop_map(move |(i, ms)| apply(seeds[i].clone(), &ms)),
        1 => prop::collection::vec(any::<u8>(), 0..512),
    ]
}

/// Runs `check` on `cases` inputs (fixed seed), or for `UMODEL_FUZZ_SECS` seconds (random seeds).
fn fuzz<S: Strategy>(
    name: &str,
    strategy: S,
    cases: u32,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let secs: Option<u64> = std::env::var("UMODEL_FUZZ_SECS")
        .ok()
        .and_then(|s| s.parse().ok());
    let deadline = secs.map(|s| Instant::now() + Duration::from_secs(s));
    let start = Instant::now();
    let (mut total, mut batch) = (0u64, 0u64);
    loop {
        let seed = match deadline {
            None => 0x5eed_0000_u64 + name.len() as u64,
            Some(_) => {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .unwrap()
                    .as_nanos() as u64
                    ^ batch.wrapping_mul(0x9e37_79b9_7f4a_7c15)
            }
        };
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let n = if deadline.is_some() { 2000 } else { cases };
        let config = Config {
            cases: n,
            failure_persistence: None,
            max_shrink_iters: 2000,
            ..Config::default()
        };
        let mut runner =
            TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &key));
        if let Err(e) = runner.run(&strategy, &check) {
            panic!("fuzz {name} (seed {seed:#x}): {e}");
        }
        total += u64::from(n);
        batch += 1;
        if deadline.is_none_or(|d| Instant::now() >= d) {
            break;
        }
    }
    eprintln!(
        "fuzz {name}: {total} cases in {:.1} s, 0 failures",
        start.elapsed().as_secs_f64()
    );
}

fn cases(default: u32) -> u32 {
    std::env::var("UMODEL_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[test]
fn fuzz_csv_reader_and_fit() {
    fuzz("csv", input(seeds("csv", &[])), cases(48), |bytes| {
        let Ok(t) = Table::parse(Path::new("fuzz.csv"), bytes) else {
            return Ok(());
        };
        for r in t.rows.iter().chain(&t.failed) {
            prop_assert!(r.time_ms.is_finite() && r.time_ms >= 0.0, "{r:?}");
            prop_assert!(r.bytes > 0);
            prop_assert!(r.move_ms.is_none_or(|m| m.is_finite() && m >= 0.0));
        }
        // Whatever fits either serialises to a file that reads back, or is refused with a reason:
        // never a file nothing can read.
        if t.rows.len() <= 400 {
            if let Ok((m, _)) = model::fit(&t, &FitOptions::default()) {
                let _ = m.warnings();
                if let Ok(text) = store::model_text(&m) {
                    let back = store::parse_model(Path::new("fit.json"), text.as_bytes());
                    prop_assert!(back.is_ok(), "{:?}", back.err());
                }
            }
        }
        Ok(())
    });
}

#[test]
fn fuzz_model_reader() {
    let shipped: Vec<PathBuf> = vec!["models/h200.json".into()];
    fuzz(
        "model",
        input(seeds("model", &shipped)),
        cases(48),
        |bytes| {
            let Ok(m) = store::parse_model(Path::new("fuzz.json"), &bytes) else {
                return Ok(());
            };
            // A model that reads answers every query with a number or an error, never a panic.
            let (lo, hi) = m.calibrated_range().unwrap();
            for bytes in [
                1,
                lo,
                (lo / 2).saturating_add(hi / 2),
                hi,
                hi.saturating_mul(3).min(units::MAX_SIZE),
            ] {
                for reuse in [1.0, 3.5, 1e9] {
                    for p in m.policy_list() {
                        if let Ok(pred) = m.predict(p, bytes, reuse) {
                            prop_assert!(pred.time_ms.is_finite());
                        }
                        let _ = m.predict_with_cpu(p, bytes, reuse, model::CpuUpdate::Scaled(1.5));
                    }
                    let _ = m.choose(bytes, reuse);
                }
                let _ = m.breakeven(Policy::ExplicitCopy, Policy::HostMapped, bytes);
            }
            let _ = model::Predictor::new(&m).choose(lo, 2.0);
            let _ = m.stamp_or_platform().words();
            // What reads also writes, and reads back the same.
            if let Ok(text) = store::model_text(&m) {
                let back = store::parse_model(Path::new("again.json"), text.as_bytes());
                prop_assert!(back.as_ref().is_ok_and(|b| *b == m), "{:?}", back.err());
            }
            Ok(())
        },
    );
}

/// The shipped task files of one format (`tasks/*.EXT`).
fn shipped_tasks(ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir("tasks")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    v.sort();
    assert!(!v.is_empty(), "no tasks/*.{ext}");
    v
}

/// What an accepted task promises: its values check, every query answers without a panic,
/// finite where it answers, and its page (`report --task`) draws without a panic and with no NaN
/// or infinity anywhere in it.
fn task_answers(m: &model::PlatformModel, t: &Task) -> Result<(), TestCaseError> {
    let terms = m.task_terms.as_ref().unwrap();
    prop_assert!(t.check().is_ok());
    for p in Policy::HANDOFF {
        if let Ok(pred) = model::predict_task(terms, t, p) {
            prop_assert!(pred.time_ms.is_finite(), "{pred:?}");
        }
    }
    let _ = model::choose_task(terms, t);
    let _ = model::breakeven_task(terms, t, Policy::ExplicitCopy, Policy::HostMapped);
    if let Ok(c) = model::Predictor::new(m).compile_task(t) {
        let page = umodel::report::render_task(&umodel::report::TaskReportInput {
            model: m,
            model_name: "fuzz".into(),
            task: &c,
            overrides: model::TaskOverrides::default(),
            spec: t,
            headline: &|_| String::new(),
            validations: Vec::new(),
            checked: "",
            probe: None,
        });
        if let Ok(mut html) = page {
            // The task's own names may say anything (the fuzzer's tokens include NaN): the
            // numbers are what must be finite.
            let esc = |x: &str| {
                x.replace('&', "&amp;")
                    .replace('<', "&lt;")
                    .replace('>', "&gt;")
                    .replace('"', "&quot;")
            };
            for name in std::iter::once(&t.name).chain(t.buffers.iter().map(|b| &b.name)) {
                if !name.is_empty() {
                    html = html.replace(&esc(name), "").replace(name.as_str(), "");
                }
            }
            for bad in ["NaN", "\"inf", "\"-inf", ">inf<", ">-inf<", " inf ", ",inf"] {
                prop_assert!(!html.contains(bad), "{bad} in the page of {t:?}");
            }
        }
    }
    Ok(())
}

#[test]
fn fuzz_task_reader() {
    let h200 = store::embedded("h200").unwrap();
    let seeds = seeds("task", &shipped_tasks("json"));
    fuzz("task", input(seeds), cases(64), |bytes| {
        match Task::parse(Path::new("fuzz-task.json"), &bytes) {
            Ok(t) => task_answers(&h200, &t),
            Err(_) => Ok(()),
        }
    });
}

#[test]
fn fuzz_toml_task_reader() {
    let h200 = store::embedded("h200").unwrap();
    let seeds = seeds("task-toml", &shipped_tasks("toml"));
    fuzz("task-toml", input(seeds), cases(64), |bytes| {
        match Task::parse_toml(Path::new("fuzz-task.toml"), &bytes) {
            Ok(t) => task_answers(&h200, &t),
            Err(e) => {
                // A message a person reads on one line, naming the file.
                let s = e.to_string();
                prop_assert!(s.starts_with("fuzz-task.toml") && !s.contains('\n'), "{s}");
                Ok(())
            }
        }
    });
}

#[test]
fn fuzz_size_and_reuse_parsers() {
    let lines: Vec<Vec<u8>> = seeds("size", &[])
        .iter()
        .flat_map(|f| {
            f.split(|b| *b == b'\n')
                .map(<[u8]>::to_vec)
                .collect::<Vec<_>>()
        })
        .collect();
    fuzz("size", input(lines), cases(512), |bytes| {
        let s = String::from_utf8_lossy(&bytes);
        if let Ok(n) = units::parse_size(&s) {
            prop_assert!((1..=units::MAX_SIZE).contains(&n));
            let shown = units::format_size(n);
            prop_assert_eq!(
                units::parse_size(&shown.replace(' ', "")),
                Ok(n),
                "{}",
                shown
            );
        }
        if let Ok(r) = units::parse_reuse(&s) {
            prop_assert!(r.is_finite() && (1.0..=units::MAX_REUSE).contains(&r));
        }
        if let Ok(v) = units::parse_bounded(&s, units::MAX_MS) {
            prop_assert!(v.is_finite() && (0.0..=units::MAX_MS).contains(&v));
        }
        Ok(())
    });
    // Every number, formatted, parses back.
    fuzz("size-format", 1..=units::MAX_SIZE, cases(512), |n| {
        let shown = units::format_size(n);
        prop_assert_eq!(
            units::parse_size(&shown.replace(' ', "")),
            Ok(n),
            "{}",
            shown
        );
        Ok(())
    });
}
