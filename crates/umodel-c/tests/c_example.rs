//! examples/c/choose.c, compiled with the system `cc` against the static library and the committed
//! header, linked, run, and every number it prints checked against the Rust API (bit for bit: it
//! prints `%.17g`, which reads back exactly).

use std::path::{Path, PathBuf};
use std::process::Command;

use umodel::model::{Predictor, QueryError};
use umodel::Policy;

/// `libumodel_c.a` built with this test binary: cargo builds every crate type of the library for
/// its tests, into `target/<profile>/deps/` (where this binary is); `cargo build -p umodel-c` also
/// puts one in `target/<profile>/`.
fn static_lib() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let deps = exe
        .parent()
        .expect("the test binary lives in target/<profile>/deps");
    let candidates = [deps.join("libumodel_c.a"), deps.join("../libumodel_c.a")];
    candidates
        .iter()
        .find(|p| p.is_file())
        .cloned()
        .unwrap_or_else(|| {
            panic!(
                "libumodel_c.a is in neither {} nor {}: it is built with the crate's tests \
                 (`cargo test -p umodel-c`) or by `cargo build -p umodel-c` for this profile and \
                 target dir",
                candidates[0].display(),
                candidates[1].display()
            )
        })
}

fn f(s: &str) -> f64 {
    s.parse()
        .unwrap_or_else(|e| panic!("`{s}` is not a number: {e}"))
}

/// Equal to the last bit (NaN equals NaN).
fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// Compiles and links `examples/c/<name>.c` against the static library and the committed header
/// with the system `cc` (warnings are errors); returns the executable.
fn build_example(name: &str) -> PathBuf {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let source = crate_dir.join(format!("../../examples/c/{name}.c"));
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_example");
    std::fs::create_dir_all(&tmp).unwrap();
    let exe = tmp.join(name);
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let out = Command::new(&cc)
        .args(["-std=c11", "-Wall", "-Wextra", "-Werror", "-O1", "-I"])
        .arg(crate_dir.join("include"))
        .arg(&source)
        .arg(static_lib())
        .args(["-lpthread", "-ldl", "-lm", "-lrt", "-lgcc_s", "-o"])
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| panic!("cannot run `{cc}`: {e}"));
    assert!(
        out.status.success(),
        "{cc} failed on {name}.c:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

#[test]
fn the_c_example_compiles_links_runs_and_agrees_with_the_rust_api() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("c_example");
    let exe = build_example("choose");

    // The header is C++ too (`extern "C"` when __cplusplus), where a C++ compiler is installed.
    if let Ok(out) = Command::new("c++")
        .args([
            "-std=c++11",
            "-Wall",
            "-Werror",
            "-fsyntax-only",
            "-x",
            "c++",
        ])
        .arg(crate_dir.join("include/umodel.h"))
        .output()
    {
        assert!(
            out.status.success(),
            "the header does not compile as C++:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    // An empty data folder: "this machine's model" is then an embedded one, whatever the host has.
    let data = tmp.join("data");
    std::fs::create_dir_all(&data).unwrap();
    let run = Command::new(&exe)
        .env("UMODEL_DATA_DIR", &data)
        .output()
        .expect("run the example");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "the example failed ({}):\n{stdout}\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );

    let m = umodel::store::embedded("h200").unwrap();
    let p = Predictor::new(&m);
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    let mut chosen = Vec::new();
    for line in stdout.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        *seen.entry(w[0]).or_default() += 1;
        match w[0] {
            "model" => assert!(line.contains("embedded model h200"), "{line}"),
            "choose" => {
                let (bytes, reuse) = (w[1].parse::<u64>().unwrap(), f(w[2]));
                let d = p.decide(bytes, reuse).unwrap();
                assert_eq!(w[3], d.best.name(), "{line}");
                assert!(same(f(w[4]), d.time_ms), "{line}: Rust says {}", d.time_ms);
                assert_eq!(w[5] == "1", d.tie, "{line}");
                // And the full ranking agrees on the winner and its time.
                let c = m.choose(bytes, reuse).unwrap();
                assert_eq!(c.best(), d.best, "{line}");
                let t = c.ranking()[0].time_ms;
                assert!((t - d.time_ms).abs() <= 1e-9 * t, "{line}: {t}");
                chosen.push((w[3].to_string(), w[4].to_string(), w[5].to_string()));
            }
            "many" => {
                let i: usize = w[1].parse().unwrap();
                let (policy, time, tie) = &chosen[i];
                assert_eq!(
                    (w[2], w[3], w[4]),
                    (&policy[..], &time[..], &tie[..]),
                    "{line}"
                );
            }
            "predict" => {
                let policy: Policy = w[1].parse().unwrap();
                let x = m.predict(policy, w[2].parse().unwrap(), f(w[3])).unwrap();
                assert!(same(f(w[4]), x.time_ms), "{line}: {x:?}");
                assert!(same(f(w[5]), x.interval_ms[0]), "{line}: {x:?}");
                assert!(same(f(w[6]), x.interval_ms[1]), "{line}: {x:?}");
            }
            "breakeven" => {
                let (a, b): (Policy, Policy) = (w[1].parse().unwrap(), w[2].parse().unwrap());
                let r = m.breakeven(a, b, w[3].parse().unwrap()).unwrap();
                assert_eq!(w[5] == "1", r.is_some(), "{line}");
                assert!(same(f(w[4]), r.unwrap_or(f64::NAN)), "{line}: {r:?}");
            }
            "error" => {
                // The message is the Rust error's, word for word, where the example's call has one.
                let message = w[3..].join(" ");
                let want = match w[1] {
                    "bad-policy" => Some("zero-copy".parse::<Policy>().unwrap_err().to_string()),
                    "nan-reuse" => Some(QueryError::BadReuse(f64::NAN).to_string()),
                    "negative-reuse" => Some(QueryError::BadReuse(-1.0).to_string()),
                    "zero-bytes" => Some(QueryError::ZeroBytes.to_string()),
                    "policy-not-in-model" => Some(
                        m.predict(Policy::PeerCopy, 1 << 30, 4.0)
                            .unwrap_err()
                            .to_string(),
                    ),
                    "same-policy" => Some(QueryError::SamePolicy(Policy::Managed).to_string()),
                    "batch-nan" => Some(
                        p.choose_many(
                            &[1 << 30; 3],
                            &[1.0, 1.0, f64::NAN],
                            &mut [Default::default(); 3],
                        )
                        .unwrap_err()
                        .to_string(),
                    ),
                    "no-such-model" => Some(
                        umodel::store::resolve(Some("no-such-model"), None, None)
                            .unwrap_err()
                            .to_string(),
                    ),
                    _ => None,
                };
                if let Some(want) = want {
                    assert_eq!(message, want, "{line}");
                }
            }
            "default" => assert!(line.contains("embedded model"), "{line}"),
            "ok:" => assert_eq!(line, "ok: 0 failed"),
            _ => panic!("unexpected line from the example: {line}"),
        }
    }
    assert_eq!(seen.get("choose"), Some(&24), "{stdout}");
    assert_eq!(seen.get("many"), Some(&24), "{stdout}");
    assert_eq!(seen.get("predict"), Some(&12), "{stdout}");
    assert_eq!(seen.get("breakeven"), Some(&3), "{stdout}");
    assert_eq!(seen.get("error"), Some(&16), "{stdout}");
    assert_eq!(seen.get("ok:"), Some(&1), "{stdout}");
}

/// The probe examples/c/task.c judges (`judged` there).
const PROBE_JUDGED: &str = r#"{"bytes": 67108864, "prefetch_to_host": {"ms": 6.2, "rel_sd": 0.15}, "link": {"bytes": 67108864, "map_read": {"ms": 2.0, "rel_sd": 0.01}, "map_write": {"ms": 1.9, "rel_sd": 0.01}, "managed_map_write": {"ms": 4.4, "rel_sd": 0.02}}}"#;

#[test]
fn the_c_task_example_agrees_with_the_rust_api() {
    use umodel::model::TaskOverrides;
    use umodel::task::Task;
    let exe = build_example("task");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (seed_path, partial_path) = (
        repo.join("tasks/seed-001.json"),
        repo.join("tasks/partial-update.json"),
    );
    let run = Command::new(&exe)
        .arg(&seed_path)
        .arg(&partial_path)
        .output()
        .expect("run the task example");
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(
        run.status.success(),
        "the task example failed ({}):\n{stdout}\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
    // Given seed 001's file in TOML, the example prints the same to the last digit.
    let toml = Command::new(&exe)
        .arg(repo.join("tasks/seed-001.toml"))
        .arg(&partial_path)
        .output()
        .expect("run the task example on the TOML file");
    assert!(
        toml.status.success(),
        "{}",
        String::from_utf8_lossy(&toml.stdout)
    );
    assert_eq!(String::from_utf8_lossy(&toml.stdout), stdout);

    let (p, _) = Predictor::load(Some("h200"), None).unwrap();
    let seed = p.compile_task(&Task::read(&seed_path).unwrap()).unwrap();
    let partial = p.compile_task(&Task::read(&partial_path).unwrap()).unwrap();
    let given = |cpu: &str, gpu: &str| TaskOverrides {
        cpu_ms: Some(f(cpu)),
        gpu_ms: Some(f(gpu)),
        ..Default::default()
    };
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    let mut assumed = 0;
    for line in stdout.lines() {
        let w: Vec<&str> = line.split(' ').collect();
        *seen.entry(w[0]).or_default() += 1;
        match w[0] {
            "task-choose" => {
                let c = seed.choose(given(w[1], w[2])).unwrap();
                assert_eq!(w[3], c.best().policy.name(), "{line}");
                assert!(same(f(w[4]), c.best().time_ms), "{line}: {:?}", c.best());
                assert_eq!(w[5] == "1", c.tie(), "{line}");
            }
            "task-predict" => {
                let policy: Policy = w[3].parse().unwrap();
                let x = seed.predict(policy, given(w[1], w[2])).unwrap();
                assert!(same(f(w[4]), x.time_ms), "{line}: {x:?}");
                assert!(same(f(w[5]), x.interval_ms[0]), "{line}: {x:?}");
                assert!(same(f(w[6]), x.interval_ms[1]), "{line}: {x:?}");
            }
            "task-probed" => {
                let probe = umodel::model::Probe::parse(
                    Path::new("<probe text>"),
                    r#"{"bytes": 67108864, "prefetch_to_host": {"ms": 6.2, "rel_sd": 0.15}}"#,
                )
                .unwrap();
                let probed = p.task_terms().unwrap().probed(&probe).unwrap();
                let t = probed.compile(&Task::read(&seed_path).unwrap()).unwrap();
                let policy: Policy = w[3].parse().unwrap();
                let x = t.predict(policy, given(w[1], w[2])).unwrap();
                assert!(same(f(w[4]), x.time_ms), "{line}: {x:?}");
                // The copy prices nothing the probe measured; the prefetching policy does.
                let plain = seed.predict(policy, given(w[1], w[2])).unwrap().time_ms;
                assert_eq!(policy == Policy::ExplicitCopy, plain == x.time_ms, "{line}");
            }
            "task-note" => {
                // The library's note, word for word, for the partial update and the default probe.
                let probe = umodel::model::Probe::parse(
                    Path::new("<probe text>"),
                    r#"{"bytes": 67108864, "prefetch_to_host": {"ms": 6.2, "rel_sd": 0.15}}"#,
                )
                .unwrap();
                let want = probe
                    .shape_mismatch(&Task::read(&partial_path).unwrap())
                    .unwrap();
                assert_eq!(line.strip_prefix("task-note "), Some(want.as_str()));
            }
            "task-assumed" => {
                // Each bit the library assumed with no times given, in its words.
                let bit: u32 = w[1].parse().unwrap();
                let all = seed.choose(TaskOverrides::default()).unwrap().assumptions();
                assert_ne!(all.bits() & bit, 0, "{line}");
                assumed |= bit;
                let words = umodel::model::Assumptions::from_bits(bit).notes()[0];
                assert_eq!(w[2..].join(" "), words, "{line}");
            }
            "task-breakeven" => {
                let task = if w[1] == "seed-001" { &seed } else { &partial };
                let o = TaskOverrides {
                    rounds: Some(w[4].parse().unwrap()),
                    ..given(w[2], w[3])
                };
                let r = task
                    .breakeven(Policy::HostMapped, Policy::ExplicitCopy, o)
                    .unwrap();
                assert_eq!(w[6] == "1", r.is_some(), "{line}");
                assert!(same(f(w[5]), r.unwrap_or(f64::NAN)), "{line}: {r:?}");
            }
            "error" => {
                // The message is the Rust error's, word for word.
                let message = w[3..].join(" ");
                let want = match w[1] {
                    "nan-cpu" => Some(
                        seed.choose(TaskOverrides {
                            cpu_ms: Some(f64::NAN),
                            ..Default::default()
                        })
                        .unwrap_err()
                        .to_string(),
                    ),
                    "unknown-field" => Some(
                        Task::parse(
                            Path::new("<task text>"),
                            br#"{"name": "x", "rounds": 2, "colour": 1}"#,
                        )
                        .unwrap_err()
                        .to_string(),
                    ),
                    "no-task-terms" => Some(
                        Predictor::load(Some("gb200-paper"), None)
                            .unwrap()
                            .0
                            .compile_task(&Task::read(&seed_path).unwrap())
                            .unwrap_err()
                            .to_string(),
                    ),
                    "bad-probe" => Some(
                        umodel::model::Probe::parse(
                            Path::new("<probe text>"),
                            r#"{"bytes": 67108864, "fault_out": 1}"#,
                        )
                        .unwrap_err()
                        .to_string(),
                    ),
                    _ => None,
                };
                if let Some(want) = want {
                    assert_eq!(message, want, "{line}");
                }
            }
            "probe-figure" => {
                // The same figure of the same probe, judged by the library.
                let judged = umodel::model::Probe::parse(Path::new("<probe text>"), PROBE_JUDGED)
                    .unwrap()
                    .against(p.task_terms().unwrap());
                let x = judged.iter().find(|x| x.term.name() == w[1]).unwrap();
                assert_eq!(w[2] == "1", x.is_link(), "{line}");
                assert_eq!(w[3].parse::<u64>().unwrap(), x.bytes, "{line}");
                assert!(
                    same(f(w[4]), x.probe.ms) && same(f(w[5]), x.probe.rel_sd),
                    "{line}"
                );
                assert_eq!(w[6].parse::<u32>().unwrap(), x.probe.samples, "{line}");
                assert!(same(f(w[7]), x.model_ms), "{line}");
                assert!(same(f(w[8]), x.ratio().unwrap()), "{line}");
                assert_eq!(w[9] == "1", x.differs(), "{line}");
                assert_eq!(w[10] == "1", x.priced(), "{line}");
            }
            "ok:" => assert_eq!(line, "ok: 0 failed"),
            _ => panic!("unexpected line from the task example: {line}"),
        }
    }
    assert_eq!(seen.get("task-choose"), Some(&4), "{stdout}");
    assert_eq!(seen.get("task-predict"), Some(&24), "{stdout}");
    assert_eq!(seen.get("task-breakeven"), Some(&2), "{stdout}");
    assert_eq!(seen.get("task-probed"), Some(&2), "{stdout}");
    assert_eq!(seen.get("task-note"), Some(&1), "{stdout}");
    // The slow read over the link is named off the model, a pass over the link; the prefetch
    // back's 15 % between rounds covers its distance.
    // The write over managed pages kept on the host is judged but not priced by (tasks are priced
    // from the pinned write beside it); every other figure is.
    assert_eq!(seen.get("probe-figure"), Some(&4), "{stdout}");
    assert!(
        stdout.contains("probe-figure prefetch_to_host 0 67108864 6.2")
            && stdout
                .lines()
                .any(|l| l.starts_with("probe-figure map_read 1 ") && l.ends_with(" 1 1")),
        "{stdout}"
    );
    let unpriced: Vec<_> = stdout
        .lines()
        .filter(|l| l.starts_with("probe-figure "))
        .map(|l| (l.split(' ').nth(1).unwrap(), l.ends_with(" 0")))
        .collect();
    assert_eq!(
        unpriced,
        [
            ("prefetch_to_host", false),
            ("map_read", false),
            ("map_write", false),
            ("managed_map_write", true)
        ],
        "{stdout}"
    );
    let want = seed.choose(TaskOverrides::default()).unwrap().assumptions();
    assert_eq!(assumed, want.bits(), "{stdout}");
    assert_ne!(
        assumed & umodel_c::UMODEL_ASSUMED_CPU_ESTIMATED,
        0,
        "{stdout}"
    );
    assert_eq!(seen.get("error"), Some(&9), "{stdout}");
    // The partial update's break-even is the one `umodel breakeven --task` prints (R* = 1.559).
    assert!(stdout.contains("task-breakeven partial-update 3.96 0.13500000000000001 16 1.558"));
}

/// examples/c/fault_scale.c: a C function measured as the caller's host code. Without a GPU (CI)
/// it must say so and exit 3; with one, print a scale a task accepts.
#[test]
fn the_c_fault_scale_example_measures_c_code_or_says_there_is_no_gpu() {
    let exe = build_example("fault_scale");
    let run = Command::new(&exe).output().expect("run the example");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    let gpu = umodel::gpu::libraries_present().is_ok() && umodel::gpu::Gpu::open(0).is_ok();
    if !gpu {
        assert_eq!(run.status.code(), Some(3), "{stdout}{stderr}");
        assert!(stderr.starts_with("umodel_fault_scale: "), "{stderr}");
        assert!(stdout.is_empty(), "{stdout}");
        return;
    }
    assert!(run.status.success(), "{stdout}{stderr}");
    let scale = stdout
        .lines()
        .find_map(|l| l.strip_prefix("\"cpu_final_fault_scale\": "))
        .map(f)
        .unwrap_or_else(|| panic!("no scale in:\n{stdout}"));
    assert!((0.3..3.0).contains(&scale), "{stdout}");
}
