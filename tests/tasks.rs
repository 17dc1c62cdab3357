//! Task predictions (`--task`, `model::task`): the command line on good and bad input, the
//! composition's properties, the handoff expressed as a task, and the figures of the H200
//! validation workloads reproduced from the committed runs (NOTES.md, "Tasks").

use std::path::Path;

use predicates::prelude::*;
use proptest::prelude::*;

mod common;
use common::{fails_with, json_of, json_ok, umodel, H200_UNTIL_2026_12_04};
use umodel::model::{self, PhaseOverrides, TaskTerms};
use umodel::table::Table;
use umodel::task::{Access, Buffer, Pattern, Side, Task};
use umodel::{store, Policy};

/// The validation workloads of the final code's runs and the calibrations before them.
const RUN16: &str = "calibration/h200/run16";
const RUN17: &str = "calibration/h200/run17";
const MINIMAL: &str = "data/models/nvidia-h200-0931b6b9ea7c.minimal.csv";

fn h200_terms() -> TaskTerms {
    store::embedded("h200").unwrap().task_terms.unwrap()
}

/// What the check of a calibration against the embedded model ([`store::unusual_task_terms`])
/// said of `m` against the model shipped until 2026-12-04, on which the figures below were
/// recorded.
fn unusual_before_2026_12_04(m: &model::PlatformModel) -> Vec<model::UnusualTerm> {
    let before = store::read_model(Path::new(H200_UNTIL_2026_12_04)).unwrap();
    m.task_terms.as_ref().unwrap().unusual_against(
        before.task_terms.as_ref().unwrap(),
        store::CHECK_TASK_TERMS_AT,
    )
}

// ----- the command line ------------------------------------------------------------------------

const SEED: [&str; 9] = [
    "-m",
    "h200",
    "--task",
    "tasks/seed-001.json",
    "--cpu-ms",
    "14",
    "--gpu-ms",
    "0.29",
    "--cpu-final-ms=26",
];

#[test]
fn choose_task_json_keeps_its_contract() {
    let d = tempfile::tempdir().unwrap();
    let v = json_ok(umodel(&d).arg("choose").args(SEED).arg("--json"));
    for k in ["best", "tie", "ranking", "task", "rounds", "reuse"] {
        assert!(v.get(k).is_some(), "{k} in {v}");
    }
    let r = v["ranking"].as_array().unwrap();
    assert_eq!(r.len(), 6);
    for e in r {
        let (t, lo, hi) = (
            e["time_ms"].as_f64().unwrap(),
            e["lo_ms"].as_f64().unwrap(),
            e["hi_ms"].as_f64().unwrap(),
        );
        assert!(e["policy"].is_string());
        assert!(lo <= t && t <= hi, "{e}");
    }
    // Seed 001 on the H200 with its own phase times: the copy wins clearly (measured 95 ms
    // against 100 ms for advice + prefetch, calibration/h200/run16/tasks-5).
    assert_eq!(v["best"], "explicit-copy");
    assert_eq!(v["tie"], false);
}

#[test]
fn predict_task_explains_round_by_round_and_says_what_it_estimated() {
    let d = tempfile::tempdir().unwrap();
    umodel(&d)
        .args([
            "predict",
            "-m",
            "h200",
            "--task",
            "tasks/seed-001.json",
            "--policy",
            "managed",
            "--explain",
        ])
        .assert()
        .success()
        .stdout(predicate::str::contains("seed-001 under managed:"))
        .stdout(predicate::str::contains("GPU faults"))
        .stdout(predicate::str::contains("final  cpu_faults"))
        .stdout(predicate::str::contains("cpu_ms not given: estimated"))
        .stdout(predicate::str::contains("by calibrated term"))
        .stdout(predicate::str::contains("fault_in"));
    // `predict -m MODEL --task TASK --policy POLICY`, with `more` after it.
    let predict = |model: &str, task: &str, policy: &str, more: &[&str]| {
        umodel(&d)
            .args(["predict", "-m", model, "--task", task, "--policy", policy])
            .args(more)
            .output()
            .unwrap()
    };
    // A term charged a fractional number of times (the partial update's fault runs: one per
    // touched page of one in ten of 256 MiB, 6553.6 a round over three rounds) reads to one
    // decimal, not as f64's full expansion (19660.800000000003).
    let out = predict(
        "h200",
        "tasks/partial-update.json",
        "managed",
        &["--explain"],
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let run = text
        .lines()
        .find(|l| l.trim_start().starts_with("cpu_fault_run "))
        .expect("the fault runs' row");
    assert_eq!(run.split_whitespace().nth(1), Some("19660.8"), "{run}");
    assert!(!text.contains("00000000"), "{text}");
    // By term in JSON: seed 001's lookups beside its output written over the link, on a model that
    // measured them (calibration/h200/run64), four passes of 64 MiB.
    let out = predict(
        "calibration/h200/run64/model-minimal-1.json",
        "tasks/seed-001.json",
        "host-mapped",
        &["--explain", "--json"],
    );
    assert!(out.status.success());
    let v = json_of(&out.stdout);
    let terms = v["terms"].as_array().unwrap();
    let term = |name: &str| terms.iter().find(|t| t["term"] == name).cloned();
    let g = term("map_gather_write").expect("map_gather_write priced");
    assert_eq!(g["gib"].as_f64(), Some(0.25));
    assert!(g["ms"].as_f64().unwrap() > 0.0);
    assert!(term("map_gather").is_some() && term("copy_h2d").is_none());
    // Without --explain, no breakdown.
    let out = predict("h200", "tasks/seed-001.json", "host-mapped", &["--json"]);
    assert!(json_of(&out.stdout).get("terms").is_none());
    // Without --policy: every policy.
    let out = umodel(&d).arg("predict").args(SEED).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    for p in Policy::HANDOFF {
        assert!(text.contains(&format!("under {p}:")), "{p}: {text}");
    }
    assert!(!text.contains("not given"), "{text}");
}

#[test]
fn the_command_line_overrides_the_task_file() {
    let d = tempfile::tempdir().unwrap();
    let time = |extra: &[&str]| -> f64 {
        json_ok(
            umodel(&d)
                .arg("predict")
                .args(SEED)
                .args(["--policy", "explicit-copy", "--json"])
                .args(extra),
        )["time_ms"]
            .as_f64()
            .unwrap()
    };
    let base = time(&[]);
    // Eight rounds instead of four: four more CPU phases (14 ms) and GPU phases.
    let eight = time(&["--rounds", "8"]);
    assert!(eight > base + 4.0 * 14.0, "{base} → {eight}");
    assert!(time(&["--reuse", "3"]) > base);
}

#[test]
fn breakeven_over_reuse_answers_in_json() {
    let d = tempfile::tempdir().unwrap();
    let v = json_ok(umodel(&d).args([
        "breakeven",
        "-m",
        "h200",
        "--task",
        "tasks/compute-bound.json",
        "--cpu-ms",
        "9",
        "--gpu-ms",
        "0.5",
        "--cpu-final-ms",
        "27",
        "host-mapped",
        "explicit-copy",
        "--json",
    ]));
    // A short kernel pays the link every pass: the copy wins past a few passes per round.
    let r = v["r_star"].as_f64().expect("the lines cross");
    assert!(r > 1.0 && r < 32.0, "{v}");
    assert_eq!(v["faster_above_r_star"], "explicit-copy");
}

#[test]
fn bad_task_files_are_refused_naming_file_field_and_value() {
    let d = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = d.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let unknown = write(
        "u.json",
        "{\"buffers\": [{\"name\": \"x\", \"bytes\": 4096, \"gpu\": \"read\", \"colour\": 3}]}",
    );
    let zero = write(
        "z.json",
        "{\"rounds\": 0, \"buffers\": [{\"name\": \"x\", \"bytes\": 4096, \"gpu\": \"read\"}]}",
    );
    let access = write(
        "a.json",
        "{\"buffers\": [{\"name\": \"x\", \"bytes\": 4096, \"gpu\": \"scribble\"}]}",
    );
    let scale = write(
        "s.json",
        "{\"cpu_final_fault_scale\": 0, \"buffers\": [{\"name\": \"x\", \"bytes\": 4096, \"gpu\": \"read\"}]}",
    );
    for (file, want) in [
        (
            unknown.as_str(),
            vec!["u.json:1:", "buffers[0]", "unknown field `colour`"],
        ),
        (zero.as_str(), vec!["z.json", "`rounds`", "(got 0)"]),
        (
            scale.as_str(),
            vec!["s.json", "`cpu_final_fault_scale`", "(got 0)", "0.1 to 100"],
        ),
        (
            access.as_str(),
            vec!["a.json:1:", "buffers[0].gpu", "scribble", "readwrite"],
        ),
        (
            "no/such/task.json",
            vec!["no/such/task.json", "cannot read"],
        ),
    ] {
        let out = fails_with(&d, &["choose", "-m", "h200", "--task", file], None, &want);
        assert_eq!(out.status.code(), Some(1), "{file}");
    }
}

#[test]
fn a_toml_task_file_answers_as_its_json_twin_and_its_errors_name_the_line() {
    let d = tempfile::tempdir().unwrap();
    for cmd in [
        vec!["choose", "--json"],
        vec!["predict", "--policy", "managed", "--explain"],
        vec!["breakeven", "explicit-copy", "host-mapped"],
    ] {
        let run = |file: &str| {
            let mut args: Vec<&str> = cmd.clone();
            let mut seed = SEED.to_vec();
            seed[3] = file;
            args.extend(seed);
            let out = umodel(&d).args(&args).output().unwrap();
            assert!(
                out.status.success(),
                "{args:?}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            out.stdout
        };
        assert_eq!(
            run("tasks/seed-001.toml"),
            run("tasks/seed-001.json"),
            "{cmd:?}"
        );
    }
    let p = d.path().join("bad.toml");
    std::fs::write(
        &p,
        "# a comment\nrounds = 2\n[[buffers]]\nname = \"x\"\nbytes = 4096\ngpu = \"scribble\"\n",
    )
    .unwrap();
    let file = p.display().to_string();
    let out = fails_with(
        &d,
        &["choose", "-m", "h200", "--task", &file],
        None,
        &["bad.toml:6:", "buffers[0].gpu", "scribble", "readwrite"],
    );
    assert_eq!(out.status.code(), Some(1));
}

/// A probe in the shape `umodel probe --json` prints (run38's `probe-1.json`).
const RUN38_PROBE: &str = "calibration/h200/run38/probe-1.json";

#[test]
fn a_probe_prices_the_migrating_steps_and_leaves_the_rest() {
    let d = tempfile::tempdir().unwrap();
    let choose = |probe: Option<&str>| {
        let mut c = umodel(&d);
        c.arg("choose").args(SEED).arg("--json");
        if let Some(p) = probe {
            c.args(["--probe", p]);
        }
        let v = json_ok(&mut c);
        v["ranking"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| {
                (
                    r["policy"].as_str().unwrap().to_string(),
                    (
                        r["time_ms"].as_f64().unwrap(),
                        r["hi_ms"].as_f64().unwrap() - r["lo_ms"].as_f64().unwrap(),
                    ),
                )
            })
            .collect::<std::collections::BTreeMap<_, _>>()
    };
    let plain = choose(None);
    let probed = choose(Some(RUN38_PROBE));
    // The copy and the mapping migrate nothing: the probe leaves them to the bit.
    for p in ["explicit-copy", "host-mapped"] {
        assert_eq!(plain[p], probed[p], "{p}");
    }
    // Every policy that migrates moves; the probe's spread replaces the calibrations' shift
    // (the prefetch back moved 45 % between calibrations, a probe's rounds 15 %), so the
    // prefetching intervals narrow.
    for p in ["managed", "managed-prefetch", "managed-advise-prefetch"] {
        assert_ne!(plain[p].0, probed[p].0, "{p}");
    }
    for p in ["managed-prefetch", "managed-advise-prefetch"] {
        assert!(
            probed[p].1 < plain[p].1,
            "{p}: {:?} vs {:?}",
            probed[p],
            plain[p]
        );
    }
}

/// A probe figure whose rounds are not resolved from zero prices nothing: `run343`'s first probe
/// holds `map_gather_write` at 0.547 ms ± 403 % over 8 rounds (its calibration: 0.925 ms).
/// Seed 001's host-mapped row, whose random table reads go over the link beside its writes,
/// is priced as with the figure taken out of the file, and not as with the same figure
/// resolved; `probe --from` says so in its text and JSON.
#[test]
fn a_probe_figure_not_resolved_from_zero_prices_nothing() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h100/run343/run343";
    let model = format!("{run}/model-minimal-1.json");
    let file = format!("{run}/probe-1.json");
    let mut probe: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert!(
        probe["link"]["map_gather_write"]["rel_sd"]
            .as_f64()
            .unwrap()
            > 4.0
    );
    let write = |name: &str, v: &serde_json::Value| {
        let f = d.path().join(name);
        std::fs::write(&f, v.to_string()).unwrap();
        f.display().to_string()
    };
    let mut without = probe.clone();
    without["link"]
        .as_object_mut()
        .unwrap()
        .remove("map_gather_write");
    let without = write("without.json", &without);
    probe["link"]["map_gather_write"]["rel_sd"] = 0.1.into();
    let resolved = write("resolved.json", &probe);
    let host_mapped = |p: &str| {
        json_ok(
            umodel(&d)
                .args(["predict", "-m", &model, "--task", "tasks/seed-001.json"])
                .args([
                    "--cpu-ms",
                    "14",
                    "--gpu-ms",
                    "0.29",
                    "--policy",
                    "host-mapped",
                ])
                .args(["--probe", p, "--json"]),
        )["time_ms"]
            .as_f64()
            .unwrap()
    };
    let (as_is, out, forced) = (
        host_mapped(&file),
        host_mapped(&without),
        host_mapped(&resolved),
    );
    assert_eq!(as_is, out);
    // Resolved, the figure (×0.59 of the calibration's) would take 1.5 ms off the row.
    assert!(as_is - forced > 1.0, "{forced} {as_is}");
    let judged = json_ok(umodel(&d).args(["probe", "--from", &file, "-m", &model, "--json"]));
    let f = judged["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["term"] == "map_gather_write")
        .unwrap()
        .clone();
    assert_eq!(f["priced"], false);
    umodel(&d)
        .args(["probe", "--from", &file, "-m", &model])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "the model: 0.9249 ms, ×0.59; not resolved from zero, not priced",
        ));
}

/// With `--probe`, `choose --task` and `predict --task` print each policy's price from the
/// calibration's terms alone beside the probe's (`terms alone`, `terms_alone_ms`): the same
/// numbers they give without the probe. On `run352`'s fast-link H100 the producer/consumer's
/// managed row is 121.9 ms with its first probe and 117.6 ms from the terms; the H100's caveat
/// on one-thread tasks is said there and not on the H200 (`run38`), nor with the task's CPU
/// phase on 16 threads.
#[test]
fn predict_and_choose_with_a_probe_print_the_terms_alone_beside() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h100/run352/run352";
    let model = format!("{run}/model-minimal-1.json");
    let probe = format!("{run}/probe-1.json");
    let pc = [
        "choose",
        "-m",
        &model,
        "--task",
        "tasks/producer-consumer.json",
        "--cpu-ms",
        "10",
        "--gpu-ms",
        "0.1",
    ];
    let ranking = |extra: &[&str]| -> Vec<serde_json::Value> {
        json_ok(umodel(&d).args(pc).args(extra).arg("--json"))["ranking"]
            .as_array()
            .unwrap()
            .clone()
    };
    let plain = ranking(&[]);
    let probed = ranking(&["--probe", &probe]);
    assert!(plain.iter().all(|r| r.get("terms_alone_ms").is_none()));
    assert_eq!(plain.len(), probed.len());
    for r in &probed {
        let same = plain.iter().find(|p| p["policy"] == r["policy"]).unwrap();
        assert_eq!(r["terms_alone_ms"], same["time_ms"], "{}", r["policy"]);
    }
    let managed = probed.iter().find(|r| r["policy"] == "managed").unwrap();
    let (with, alone) = (
        managed["time_ms"].as_f64().unwrap(),
        managed["terms_alone_ms"].as_f64().unwrap(),
    );
    assert!(
        (with - 121.9).abs() < 0.05 && (alone - 117.6).abs() < 0.05,
        "{with} {alone}"
    );
    let mut predict = pc;
    predict[0] = "predict";
    let one = |extra: &[&str]| {
        json_ok(
            umodel(&d)
                .args(predict)
                .args(["--policy", "managed", "--json"])
                .args(extra),
        )
    };
    let (plain, probed) = (one(&[]), one(&["--probe", &probe]));
    assert!(plain.get("terms_alone_ms").is_none());
    assert_eq!(probed["terms_alone_ms"], plain["time_ms"]);
    assert_eq!(probed["time_ms"], managed["time_ms"]);
    umodel(&d)
        .args(predict)
        .args(["--probe", &probe])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "under managed: 121.9 ms  (90% interval 102.8–141.0 ms; terms alone 117.6 ms)",
        ));
    let caveat = "the probe has priced one-thread tasks' managed rows long";
    umodel(&d)
        .args(pc)
        .args(["--probe", &probe])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("terms alone")
                .and(predicate::str::contains("121.9"))
                .and(predicate::str::contains("117.6"))
                .and(predicate::str::contains(caveat)),
        );
    let many = d.path().join("many.json");
    let mut t: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("tasks/producer-consumer.json").unwrap())
            .unwrap();
    t["cpu_threads"] = 16.into();
    std::fs::write(&many, t.to_string()).unwrap();
    umodel(&d)
        .args(["choose", "-m", &model, "--task"])
        .arg(&many)
        .args(["--cpu-ms", "10", "--gpu-ms", "0.1", "--probe", &probe])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("terms alone").and(predicate::str::contains(caveat).not()),
        );
    umodel(&d)
        .arg("choose")
        .args(SEED)
        .args(["--probe", RUN38_PROBE])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("terms alone").and(predicate::str::contains(caveat).not()),
        );
}

/// run272's slow-link VM: its probe measured the GPU's writes to managed pages kept on the host
/// at 3.555 ms, the pinned writes at 1.278 (the model's 1.285); the producer/consumer's advised
/// row paid near the pinned rate. `validate` shows the managed figure and prices from the pinned
/// pass (rule M), so the advised row's price sits near the embedded model's, not 15 % above.
#[test]
fn validate_prices_the_managed_passes_from_the_probes_pinned_ones() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h100/run272/run272";
    let validate = |probe: bool| {
        let mut c = umodel(&d);
        c.args([
            "validate",
            "-m",
            "h100",
            "--task",
            "tasks/producer-consumer.json",
        ])
        .arg(format!("{run}/prodcons.csv"))
        .args(["--final-beside", "--cpu-beside"]);
        if probe {
            c.args(["--probe-from", &format!("{run}/probe-1.json")]);
        }
        c.output().unwrap()
    };
    let out = validate(true);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("managed_map_write 3.555 ms (priced from map_write)")
            && text.contains("map_write 1.278 ms,"),
        "{text}"
    );
    let advised = |text: &str| -> f64 {
        let line = text
            .lines()
            .find(|l| l.trim_start().starts_with("managed-advise  "))
            .unwrap();
        line.split_whitespace().nth(2).unwrap().parse().unwrap()
    };
    let plain = validate(false);
    let (with, without) = (
        advised(&text),
        advised(&String::from_utf8_lossy(&plain.stdout)),
    );
    // The pinned writes ran at the model's rate: the advised row moves by under 1 %.
    assert!((with / without - 1.0).abs() < 0.01, "{with} vs {without}");
}

#[test]
fn a_link_probe_prices_the_host_mapped_row_and_leaves_the_copy() {
    let d = tempfile::tempdir().unwrap();
    // The embedded h100 model's mapped terms at 64 MiB, each 1.5 times as dear: run225's VM
    // read host memory at about that (calibration/h100/run225, `map_read` 29.5–31.2 ms/GiB
    // against the model's 21.3). Written here from the model file, not measured.
    let m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("models/h100.json").unwrap()).unwrap();
    let costs = &m["task_terms"];
    let at = |t: &str| {
        let c = &costs[t];
        1.5 * (c["lat_ms"].as_f64().unwrap() + c["ms_per_gib"].as_f64().unwrap() / 16.0)
    };
    let terms = [
        "map_read",
        "map_write",
        "map_read_write",
        "map_gather",
        "map_gather_write",
    ];
    let link: serde_json::Map<String, serde_json::Value> = terms
        .iter()
        .map(|t| {
            (
                t.to_string(),
                serde_json::json!({"ms": at(t), "rel_sd": 0.02, "samples": 8}),
            )
        })
        .chain([("bytes".to_string(), serde_json::json!(64u64 << 20))])
        .collect();
    let probe = d.path().join("link.json");
    std::fs::write(
        &probe,
        serde_json::json!({"bytes": 64u64 << 20, "link": link}).to_string(),
    )
    .unwrap();
    let probe = probe.display().to_string();
    let time = |p: Option<&str>, policy: &str| {
        let mut c = umodel(&d);
        c.args(["predict", "-m", "h100", "--task", "tasks/seed-001.json"])
            .args([
                "--cpu-ms", "12.4", "--gpu-ms", "0.41", "--policy", policy, "--json",
            ]);
        if let Some(p) = p {
            c.args(["--probe", p]);
        }
        json_ok(&mut c)["time_ms"].as_f64().unwrap()
    };
    let (plain, probed) = (time(None, "host-mapped"), time(Some(&probe), "host-mapped"));
    assert!(probed > 1.3 * plain, "{probed} vs {plain}");
    for p in ["explicit-copy", "managed", "managed-prefetch"] {
        assert_eq!(time(None, p), time(Some(&probe), p), "{p}");
    }
    // validate says which figures it priced from: the link's, and no migrating step.
    let out = umodel(&d)
        .args(["validate", "-m", "h100", "--task", "tasks/seed-001.json"])
        .arg("calibration/h100/run225/run225/workload.csv")
        .args(["--probe-from", &probe])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("the link's passes priced from the probe")
            && text.contains("on 64 MiB: map_read ")
            && text.contains("(8 rounds)")
            && !text.contains("migrating steps priced"),
        "{text}"
    );
}

/// Rule M4 did not pass (`calibration/h100/run318/plan.md`): `run318`'s first probe timed the
/// migration after one thread's writes (9.23 ms at 64 MiB), and its calibration's model keeps the
/// one-thread term (an H100), yet `validate --probe-from` prices the producer/consumer exactly as
/// with that figure taken out of the file, and its text shows the figure as not priced.
#[test]
fn validate_shows_a_probes_one_thread_migration_and_prices_as_without_it() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h100/run318/run318";
    let m = store::read_model(Path::new(&format!("{run}/model-minimal-1.json"))).unwrap();
    assert!(m
        .task_terms
        .unwrap()
        .get(model::TermId::FaultInScalarOneThread)
        .is_some());
    let probe = format!("{run}/probe-1.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&probe).unwrap()).unwrap();
    assert!(json
        .as_object_mut()
        .unwrap()
        .remove("fault_in_scalar_one_thread")
        .is_some());
    let stripped = d.path().join("stripped.json");
    std::fs::write(&stripped, json.to_string()).unwrap();
    let validate = |probe: &str, json: bool| {
        let mut c = umodel(&d);
        c.args(["validate", "-m", &format!("{run}/model-minimal-1.json")])
            .args(["--task", "tasks/producer-consumer.json"])
            .arg(format!("{run}/prodcons.csv"))
            .args(["--final-beside", "--cpu-beside", "--probe-from", probe]);
        if json {
            c.arg("--json");
        }
        c
    };
    let points = |probe: &str| json_ok(&mut validate(probe, true))["points"].clone();
    let (with, without) = (points(&probe), points(stripped.to_str().unwrap()));
    assert!(with.as_array().is_some_and(|p| p.len() >= 5), "{with}");
    assert_eq!(with, without);
    let out = validate(&probe, false).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(
            "fault_in_scalar_one_thread 9.229 ms (shown, not priced: its term moves with fault_in)"
        ),
        "{text}"
    );
}

/// `umodel probe --from PROBE -m MODEL`'s text, which must succeed, and its sparse cell's row.
fn sparse_cell_judged(d: &tempfile::TempDir, probe: &str, model: &str) -> (String, String) {
    let out = umodel(d)
        .args(["probe", "--from", probe, "-m", model])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}");
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("cpu_fault_run "))
        .expect("the sparse cell's row")
        .to_string();
    (text, row)
}

/// `validate`'s points on the partial update's `csv` priced by `model` with `probe`, both passes
/// beside each row (`--final-beside --cpu-beside --probe-from PROBE`, then `extra`).
fn partial_update_points(
    d: &tempfile::TempDir,
    model: &str,
    csv: &str,
    probe: &str,
    extra: &[&str],
) -> serde_json::Value {
    probed_points(d, model, "tasks/partial-update.json", csv, probe, extra)
}

/// As [`partial_update_points`], on the task file `task`'s rows.
fn probed_points(
    d: &tempfile::TempDir,
    model: &str,
    task: &str,
    csv: &str,
    probe: &str,
    extra: &[&str],
) -> serde_json::Value {
    json_ok(
        umodel(d)
            .args(["validate", "-m", model, "--task", task, csv])
            .args([
                "--final-beside",
                "--cpu-beside",
                "--probe-from",
                probe,
                "--json",
            ])
            .args(extra),
    )["points"]
        .clone()
}

/// The probe's sparse cell (`cpu_fault_run`, timed by `umodel probe` since 2026-12-06): on
/// `run216`'s H200, a probe file with that figure added (a test input: 13.5 ms, 1.42× the first
/// calibration's 9.509 ms cell) is judged against the calibration's own cell and named apart in
/// the last line, and `validate --probe-from` prices the partial update exactly as without it.
#[test]
fn a_probes_sparse_cell_is_shown_beside_the_calibrations_and_prices_as_without_it() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h200/run216";
    let model = format!("{run}/run216z/model-minimal-1.json");
    let plain = format!("{run}/run216z/probe-1.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&plain).unwrap()).unwrap();
    json["cpu_fault_run"] = serde_json::json!({"ms": 13.5, "rel_sd": 0.05, "samples": 8});
    let sparse = d.path().join("sparse.json");
    std::fs::write(&sparse, json.to_string()).unwrap();
    let sparse = sparse.to_str().unwrap();
    let (text, row) = sparse_cell_judged(&d, sparse, &model);
    assert!(
        row.ends_with("the model: 9.509 ms, ×1.42; shown, not priced"),
        "{row}"
    );
    assert!(
        text.lines().last().unwrap().contains(
            "cpu_fault_run ×1.42 is the CPU's sparse writes on migrated pages against the \
             calibration's own cell, shown only"
        ),
        "{text}"
    );
    let v = json_ok(umodel(&d).args(["probe", "--from", sparse, "-m", &model, "--json"]));
    assert!(v["differs"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!("cpu_fault_run")));
    let csv = format!("{run}/run216a/partial.csv");
    let points = |probe: &str| partial_update_points(&d, &model, &csv, probe, &[]);
    let (with, without) = (points(sparse), points(&plain));
    assert!(with.as_array().is_some_and(|p| p.len() == 6), "{with}");
    assert_eq!(with, without);
}

/// Rule S (calibration/h200/run326/plan.md), adopted on the H100: on `run327`'s fast-link H100
/// the probe's sparse cell (13.24 ms against the first calibration's 14.19 ms cell) is priced,
/// and `validate --probe-from` puts the partial update's managed row at +4.85 % paired, where
/// the build before the rule put it at +6.95 % (`calibration/h200/run326/reading.txt`); with the
/// cell beside each row (`--faults-beside`) the probe's cell does not count, +1.51 % as before.
#[test]
fn on_an_h100_a_probes_sparse_cell_prices_the_cpus_fault_runs_rule_s() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h100/run327/run327";
    let model = format!("{run}/model-minimal-1.json");
    let probe = format!("{run}/probe-1.json");
    let (_, row) = sparse_cell_judged(&d, &probe, &model);
    assert!(row.ends_with("the model: 14.19 ms, ×0.93"), "{row}");
    let v = json_ok(umodel(&d).args(["probe", "--from", &probe, "-m", &model, "--json"]));
    let figure = v["figures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["term"] == "cpu_fault_run")
        .cloned()
        .unwrap();
    assert_eq!(figure["priced"], true, "{figure}");
    let csv = format!("{run}/partial.csv");
    let managed = |extra: &[&str]| {
        let points = partial_update_points(&d, &model, &csv, &probe, extra);
        let points = points.as_array().unwrap().clone();
        let p = points.iter().find(|p| p["policy"] == "managed").unwrap();
        p["paired_error_pct"].as_f64().unwrap()
    };
    assert!((managed(&[]) - 4.85).abs() < 0.005, "{}", managed(&[]));
    let beside = managed(&["--faults-beside"]);
    assert!((beside - 1.51).abs() < 0.005, "{beside}");
}

/// Rule R, adopted on the H100: a one-thread task's later rounds migrate output pages the CPU
/// only read back, priced at the calibration's one-thread price under the probe. On the slow
/// link (`run335`, calibration 1; `calibration/h100/offline58/rule_r.txt`) `validate
/// --probe-from` puts the producer/consumer's managed row at +6.74 % where the build before the
/// rule put it at +17.41 %; on the fast link (`run352`, calibration 1, judged with five more in
/// `calibration/h100/run348/reading.txt`) at +14.12 % where it was +18.71 %. Seed 001's rows,
/// which migrate no such pages at the probe's level, do not move: its managed row at +1.03 % on
/// `run335` before and after.
#[test]
fn on_an_h100_pages_the_host_only_read_back_migrate_at_the_calibrations_price_rule_r() {
    let d = tempfile::tempdir().unwrap();
    let error = |run: &str, task: &str, csv: &str, policy: &str| {
        let run = format!("calibration/h100/{run}/{run}");
        let model = format!("{run}/model-minimal-1.json");
        let probe = format!("{run}/probe-1.json");
        let task = format!("tasks/{task}.json");
        let csv = format!("{run}/{csv}.csv");
        let points = probed_points(&d, &model, &task, &csv, &probe, &[]);
        let p = points
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["policy"] == policy)
            .cloned()
            .unwrap();
        100.0 * (p["predicted_ms"].as_f64().unwrap() / p["measured_ms"].as_f64().unwrap() - 1.0)
    };
    let slow = error("run335", "producer-consumer", "prodcons", "managed");
    assert!((slow - 6.74).abs() < 0.005, "{slow}");
    let fast = error("run352", "producer-consumer", "prodcons", "managed");
    assert!((fast - 14.12).abs() < 0.005, "{fast}");
    let seed = error("run335", "seed-001", "workload", "managed");
    assert!((seed - 1.03).abs() < 0.005, "{seed}");
}

#[test]
fn a_probe_in_a_tasks_shape_refuses_a_bad_task_or_size_before_it_opens_a_gpu() {
    let d = tempfile::tempdir().unwrap();
    let bad = d.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"buffers": [{"name": "x", "bytes": "1MiB", "cpu_fraction": 2}]}"#,
    )
    .unwrap();
    let bad = bad.display().to_string();
    for (args, want) in [
        (
            vec!["probe", "--task", "no/such/task.json"],
            vec!["no/such/task.json"],
        ),
        (
            vec!["probe", "--task", bad.as_str()],
            vec!["bad.json", "cpu_fraction"],
        ),
        (
            vec![
                "probe",
                "--task",
                "tasks/partial-update.json",
                "--bytes",
                "1KiB",
            ],
            vec!["--bytes 1024", "between 4 KiB and 16 GiB"],
        ),
    ] {
        let out = fails_with(&d, &args, None, &want);
        assert_eq!(out.status.code(), Some(1), "{args:?}");
    }
}

#[test]
fn bad_probe_files_are_refused_naming_file_and_field() {
    let d = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = d.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.display().to_string()
    };
    let unknown = write("u.json", r#"{"bytes": 67108864, "fault_out": {"ms": 3}}"#);
    let negative = write(
        "n.json",
        r#"{"bytes": 67108864, "prefetch_to_host": {"ms": -3, "rel_sd": 0.1, "samples": 8}}"#,
    );
    let empty = write("e.json", r#"{"bytes": 67108864}"#);
    let zero = write("z.json", r#"{"bytes": 0, "fault_in": {"ms": 3}}"#);
    let text = write("t.json", "prefetch 6 ms");
    let share = write(
        "f.json",
        r#"{"bytes": 67108864, "cpu_fraction": 0, "fault_in": {"ms": 3}}"#,
    );
    let link = write(
        "l.json",
        r#"{"bytes": 67108864, "link": {"bytes": 67108864, "map_read": {"ms": -1.5}}}"#,
    );
    let link_field = write(
        "lf.json",
        r#"{"bytes": 67108864, "link": {"bytes": 67108864, "map_red": {"ms": 1.5}}}"#,
    );
    // Numbers no probe measures, which would price a task at no finite time.
    let huge = write(
        "h.json",
        r#"{"bytes": 67108864, "fault_in": {"ms": 1e308}}"#,
    );
    let spread = write(
        "s.json",
        r#"{"bytes": 67108864, "fault_in": {"ms": 3, "rel_sd": 1e308}}"#,
    );
    let size = write(
        "b.json",
        r#"{"bytes": 18446744073709551615, "fault_in": {"ms": 3}}"#,
    );
    for (file, want) in [
        (
            unknown.as_str(),
            vec!["u.json", "unknown field `fault_out`"],
        ),
        (
            negative.as_str(),
            vec!["n.json", "prefetch_to_host.ms", "-3"],
        ),
        (empty.as_str(), vec!["e.json", "measures nothing"]),
        (zero.as_str(), vec!["z.json", "`bytes` must be positive"]),
        (text.as_str(), vec!["t.json", "not a migration probe"]),
        (share.as_str(), vec!["f.json", "`cpu_fraction`", "not 0"]),
        (link.as_str(), vec!["l.json", "`link.map_read.ms`", "-1.5"]),
        (
            link_field.as_str(),
            vec!["lf.json", "unknown field `map_red`"],
        ),
        (
            "no/such/probe.json",
            vec!["no/such/probe.json", "cannot read the probe"],
        ),
        (
            huge.as_str(),
            vec!["h.json", "`fault_in.ms`", "at most 1e9, not 1e308"],
        ),
        (
            spread.as_str(),
            vec!["s.json", "`fault_in.rel_sd`", "at most 100, not 1e308"],
        ),
        (
            size.as_str(),
            vec!["b.json", "`bytes`", "not 18446744073709551615"],
        ),
    ] {
        let mut args = vec!["choose"];
        args.extend(SEED);
        args.extend(["--probe", file]);
        let out = fails_with(&d, &args, None, &want);
        assert_eq!(out.status.code(), Some(1), "{file}");
        // Judged on its own, it is refused the same way.
        let out = fails_with(&d, &["probe", "-m", "h100", "--from", file], None, &want);
        assert_eq!(out.status.code(), Some(1), "{file}");
    }
    // --probe belongs to task queries.
    let out = umodel(&d)
        .args(["choose", "-m", "h200", "--reuse", "2", "--probe", &unknown])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_probe_written_earlier_is_judged_without_a_gpu() {
    // run232's VM read host memory slowly (map_read 2.054 ms against the h100 model's 1.336 at
    // 64 MiB, ± 1 % a round) and wrote over it at the model's rate (1.276 against 1.285).
    let d = tempfile::tempdir().unwrap();
    let slow = "calibration/h100/run232/run232/probe-1.json";
    let out = umodel(&d)
        .args(["probe", "-m", "h100", "--from", slow])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    // The last line names the figures off the model's price: `..., map_read ×1.54, ...; ...`.
    let verdict = text.lines().last().unwrap();
    let listed: Vec<&str> = verdict
        .split_once(": ")
        .and_then(|(_, rest)| rest.split_once(';'))
        .map(|(list, _)| list.split(", ").filter_map(|x| x.split_once(" ×")))
        .into_iter()
        .flatten()
        .map(|(term, _)| term)
        .collect();
    assert!(
        text.contains("the model: 1.336 ms, ×1.54")
            && text.contains("the model: 1.650 ms, ×2.18; priced from map_read_write")
            && verdict.contains("map_read ×1.54")
            && listed.contains(&"map_read")
            && !listed.contains(&"map_write"),
        "{text}"
    );
    let j = json_ok(umodel(&d).args(["probe", "-m", "h100", "--from", slow, "--json"]));
    let figures = j["figures"].as_array().unwrap();
    assert_eq!(figures.len(), 12);
    let named: Vec<&str> = figures
        .iter()
        .filter(|f| f["differs"] == true)
        .map(|f| f["term"].as_str().unwrap())
        .collect();
    assert_eq!(j["differs"], serde_json::json!(named));
    // The verdict's list is of the figures `--probe` prices with; the managed passes off the
    // model (run232's 1.57-2.18x) are named after it, as priced from the pinned passes.
    let priced: Vec<&str> = figures
        .iter()
        .filter(|f| f["differs"] == true && f["priced"] == true)
        .map(|f| f["term"].as_str().unwrap())
        .collect();
    assert_eq!(listed, priced, "{verdict}");
    for f in figures {
        assert_eq!(
            f["priced"] == false,
            f["term"].as_str().unwrap().starts_with("managed_map_"),
            "{f}"
        );
    }
    assert!(
        verdict.ends_with(
            "managed_map_read ×1.70, managed_map_write ×1.57, managed_map_read_write ×2.18 are \
             passes over managed pages kept on the host, which `--probe` prices from its pinned \
             passes, as tasks paid them: it times these right after filling them on every core, \
             which a slow link charged up to 3.5× (NOTES.md, \"The link probe\")"
        ),
        "{verdict}"
    );
    // Which of them a calibration would measure too: the link's passes.
    for f in figures {
        assert_eq!(
            f["link"] == true,
            f["term"].as_str().unwrap().contains("map_"),
            "{f}"
        );
    }
    // A model with no task terms judges nothing, and says so.
    let out = umodel(&d)
        .args(["probe", "-m", "gb200-paper", "--from", slow])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && text.contains("no task terms to judge it against"),
        "{text}"
    );
    assert!(!text.contains("off the model's price"), "{text}");
    // Nothing is measured: the options that shape or write a measurement do not apply.
    for extra in [["-o", "p.json"], ["--bytes", "16MiB"]] {
        let out = umodel(&d)
            .args(["probe", "--from", slow])
            .args(extra)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{extra:?}");
    }
}

#[test]
fn validate_with_the_runs_probe_says_what_it_used() {
    let d = tempfile::tempdir().unwrap();
    umodel(&d)
        .args([
            "validate",
            "-m",
            "calibration/h200/run38/model-minimal-1.json",
            "--task",
            "tasks/partial-update.json",
            "calibration/h200/run38/tasks-14.csv",
            "--probe",
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("priced from the run's probe on 64 MiB")
                .and(predicate::str::contains("cpu_after_prefetch"))
                .and(predicate::str::contains("(28 rounds)")),
        );
    umodel(&d)
        .args([
            "validate",
            "-m",
            "calibration/h200/run38/model-minimal-1.json",
            "--task",
            "tasks/partial-update.json",
            "calibration/h200/run38/tasks-14.csv",
            "--probe-from",
            RUN38_PROBE,
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("priced from the probe calibration/h200/run38/probe-1.json")
                .and(predicate::str::contains("median APE 0.81 %, max 9.44 %"))
                // host-mapped's 9.44 %: its prediction within x(2)-x(6) of its trials.
                .and(predicate::str::contains(
                    "beyond 5 %: 1 cell, 0 of them with the prediction outside the trials that \
                     hold the measured median (order statistics, at least 87.5 %)",
                )),
        );
    fails_with(
        &d,
        &[
            "validate",
            "-m",
            "h200",
            "--task",
            "tasks/partial-update.json",
            "calibration/h200/run34/tasks-12.csv",
            "--probe",
        ],
        None,
        &[
            "no migration probe beside `partial-update`",
            "without --probe",
        ],
    );
}

/// Cells of fewer than 4 trials hold the measured median in no range at 80 %, so their misses
/// resolve nothing, and `validate --task` counts them apart: `run197`'s partial update (15 trials
/// a cell) with its explicit-copy rows cut to their first two trials.
#[test]
fn validate_counts_the_cells_too_few_trials_to_resolve_apart() {
    let d = tempfile::tempdir().unwrap();
    let full = "calibration/h200/run197/run197a/partial.csv";
    let text = std::fs::read_to_string(full).unwrap();
    let mut lines = text.lines();
    let mut cut = vec![lines.next().unwrap()];
    cut.extend(lines.filter(|l| {
        let f: Vec<&str> = l.split(',').collect();
        f[1] != "explicit-copy" || f[7].parse::<u32>().unwrap() < 2
    }));
    let thin = d.path().join("partial.csv");
    std::fs::write(&thin, cut.join("\n") + "\n").unwrap();
    let validate = |table: &str| {
        umodel(&d)
            .args([
                "validate",
                "-m",
                "h200",
                "--task",
                "tasks/partial-update.json",
                table,
            ])
            .assert()
            .success()
    };
    validate(full).stdout(predicate::str::contains(
        "beyond 5 %: 6 cells, 2 of them with the prediction outside the trials that hold the \
             measured median (order statistics, at least 88.2 %)\n",
    ));
    // The cut cell is counted apart; the others keep their 15-trial range.
    validate(thin.to_str().unwrap()).stdout(predicate::str::contains(
        "(order statistics, at least 88.2 %); 1 cell of fewer than 4 trials resolves none",
    ));
}

#[test]
fn task_options_are_checked_before_anything_runs() {
    let d = tempfile::tempdir().unwrap();
    for args in [
        vec!["predict", "-m", "h200", "--reuse", "4"], // no policy, no task
        vec!["choose", "-m", "h200", "--gpu-ms", "1", "--reuse", "2"], // --gpu-ms needs --task
        vec![
            "choose",
            "-m",
            "h200",
            "--task",
            "tasks/seed-001.json",
            "--rounds",
            "0",
        ],
        vec![
            "choose",
            "-m",
            "h200",
            "--task",
            "tasks/seed-001.json",
            "--reuse",
            "0.5",
        ],
        vec![
            "choose",
            "-m",
            "h200",
            "--task",
            "tasks/seed-001.json",
            "--cpu-ms",
            "-3",
        ],
        vec![
            "validate",
            "-m",
            "h200",
            "--task",
            "tasks/seed-001.json",
            "--held-out",
            "x.csv",
        ],
    ] {
        let out = umodel(&d).args(&args).output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn a_model_without_task_terms_says_how_to_get_them() {
    let d = tempfile::tempdir().unwrap();
    umodel(&d)
        .args([
            "choose",
            "-m",
            "gb200-paper",
            "--task",
            "tasks/seed-001.json",
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no task terms"))
        .stderr(predicate::str::contains("calibrate"))
        .stderr(predicate::str::contains(
            "or use an embedded model that has them: h200, h100",
        ));
}

/// With no model named on a machine with no calibration and no GPU of an embedded model (as
/// here and in CI), a task query falls back on the paper's GB200 model, which cannot price tasks:
/// the error names the models that can, so a newcomer's first `--task` query is one step from
/// an answer.
#[test]
fn a_task_query_on_the_fallback_model_names_the_models_that_price_tasks() {
    let d = tempfile::tempdir().unwrap();
    umodel(&d)
        .args(["predict", "--task", "tasks/seed-001.json"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no model of this machine prices tasks (it fell back on the embedded model gb200-paper): \
             calibrate it with `umodel calibrate`, or ask a model measured elsewhere: `-m h200`, `-m h100`",
        ))
        .stderr(predicate::str::contains("caused by").not());
}

#[test]
fn validate_task_reproduces_the_recorded_figures() {
    let d = tempfile::tempdir().unwrap();
    // The H200 model shipped until 2026-12-01, whose task terms are those of run16's last
    // calibration, which ran just before tasks-5.
    let shipped = shipped_until_2026_12_01(&d);
    let v = json_ok(umodel(&d).args([
        "validate",
        "-m",
        &shipped,
        "--task",
        "tasks/seed-001.json",
        &format!("{RUN16}/tasks-5.csv"),
        "--json",
    ]));
    assert_eq!(v["points"].as_array().unwrap().len(), 6);
    assert!(
        (v["median_ape_pct"].as_f64().unwrap() - 1.96).abs() < 0.005,
        "{v}"
    );
    // A task file of other sizes is refused rather than compared.
    let small = d.path().join("small.json");
    std::fs::write(
        &small,
        std::fs::read_to_string("tasks/seed-001.json")
            .unwrap()
            .replace("67108864", "4096"),
    )
    .unwrap();
    umodel(&d)
        .args([
            "validate",
            "-m",
            &shipped,
            "--task",
            small.to_str().unwrap(),
            &format!("{RUN16}/tasks-5.csv"),
        ])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "measured with buffers of 201326592 bytes",
        ));
}

#[test]
fn validate_task_parts_show_the_side_each_policy_misses() {
    // run30: the first calibration's model on the validation workloads run beside it (NOTES.md,
    // "Tasks" → "Which side the migrating policies miss").
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h200/run30";
    let args = [
        "validate",
        "-m",
        &format!("{run}/model-minimal-1.json"),
        "--task",
        "tasks/compute-bound.json",
        &format!("{run}/tasks-9.csv"),
    ];
    let v = json_ok(umodel(&d).args(args).arg("--json"));
    let points = v["points"].as_array().unwrap();
    assert_eq!(points.len(), 18);
    let side = |p: &serde_json::Value, s: &str| {
        let c = &p["parts"][s];
        (
            c["predicted_ms"].as_f64().unwrap(),
            c["measured_ms"].as_f64().unwrap(),
        )
    };
    for p in points {
        let policy = p["policy"].as_str().unwrap();
        let (gp, gm) = side(p, "gpu");
        let (mp, mm) = side(p, "movement");
        match policy {
            // The copy and the mapping: every side within 5 % (the CPU side carries the level
            // of the CPU at timing; the GPU passes and copies are the platform's).
            "explicit-copy" | "host-mapped" => {
                assert!((gp - gm).abs() <= 0.01 * gm, "{policy}: GPU {gp} vs {gm}");
                assert!(
                    (mp - mm).abs() <= 0.05 * mm.max(1e-9),
                    "{policy}: move {mp} vs {mm}"
                );
            }
            // The calibration's prefetches back to the host ran in their fast mode, the tasks'
            // mostly in the slow one: every prefetching row's movement 18-31 % short.
            "managed-prefetch" | "managed-advise-prefetch" => {
                assert!(
                    mp < 0.85 * mm && mp > 0.65 * mm,
                    "{policy}: move {mp} vs {mm}"
                );
                assert!((gp - gm).abs() <= 0.01 * gm, "{policy}: GPU {gp} vs {gm}");
            }
            // Fault-driven migration under a compute-bound kernel: the GPU side short.
            "managed" => assert!(gp < gm, "{policy}: GPU {gp} vs {gm}"),
            _ => {}
        }
    }
    // The text lists each side; without --task there is nothing to split.
    let text = umodel(&d).args(args).arg("--parts").output().unwrap();
    let text = String::from_utf8(text.stdout).unwrap();
    assert!(
        text.contains("each side, predicted / measured ms"),
        "{text}"
    );
    assert!(text.contains("(-28.7)"), "{text}");
    umodel(&d)
        .args([
            "validate",
            "-m",
            "h200",
            "--parts",
            &format!("{run}/tasks-9.csv"),
        ])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--task"));
}

// ----- properties of the composition -----------------------------------------------------------

fn access() -> impl Strategy<Value = Access> {
    prop_oneof![
        Just(Access::None),
        Just(Access::Read),
        Just(Access::Write),
        Just(Access::ReadWrite)
    ]
}

fn buffer(i: usize) -> impl Strategy<Value = Buffer> {
    (
        1u64..=512,
        access(),
        access(),
        access(),
        prop_oneof![Just(1.0), 0.05f64..1.0],
        prop_oneof![
            Just(Pattern::Sequential),
            Just(Pattern::Random),
            (2u64..64).prop_map(Pattern::Stride)
        ],
    )
        .prop_map(move |(mib, gpu, cpu, fin, frac, pattern)| {
            let mut b = Buffer::new(&format!("b{i}"), mib << 20)
                .gpu(gpu)
                .cpu(cpu)
                .cpu_final(fin);
            if cpu.touches() {
                b = b.cpu_fraction(frac);
            }
            if gpu.touches() {
                b = b.gpu_pattern(pattern);
            }
            b
        })
}

/// `terms` with the migration after one thread's writes (rule M3) as `run313`'s first
/// calibration fitted it (1.03 ms + 92.7 ms/GiB; the H200's scalar faults 0.42 + 145.5): dearer
/// than the scalar term below 5 MiB, cheaper above, so the ratio the streaming and random
/// migrations take moves with the size.
fn with_one_thread_migration(mut terms: TaskTerms) -> TaskTerms {
    let mut c = *terms.get(model::TermId::FaultInScalar).unwrap();
    c.lat_ms = 1.03;
    c.ms_per_gib = 92.7;
    terms.set(model::TermId::FaultInScalarOneThread, c);
    terms
}

prop_compose! {
    fn task()(
        bufs in (buffer(0), buffer(1), buffer(2)),
        n in 1usize..=3,
        rounds in 1u32..6,
        gpu_first in any::<bool>(),
        reuse in 1u32..9,
        overlap in any::<bool>(),
        cpu in 0.0f64..50.0,
        gpu in 0.0f64..10.0,
        fin in proptest::option::of(0.0f64..30.0),
    ) -> Task {
        let mut buffers = vec![bufs.0, bufs.1, bufs.2];
        buffers.truncate(n);
        if !buffers.iter().any(|b| b.gpu.touches()) {
            buffers[0].gpu = Access::Read;
        }
        let mut t = Task::new("t", rounds, buffers);
        t.first = if gpu_first { Side::Gpu } else { Side::Cpu };
        t.reuse = f64::from(reuse);
        t.cpu_ms = Some(cpu);
        t.gpu_ms = Some(gpu);
        t.cpu_final_ms = fin;
        t.overlap_prefetch = overlap;
        t
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// More bytes, more rounds or more passes never make a task faster, under any policy.
    #[test]
    fn a_predicted_time_never_falls_when_bytes_rounds_or_reuse_grow(t in task(), which in 0usize..3, one in any::<bool>()) {
        let terms = if one { with_one_thread_migration(h200_terms()) } else { h200_terms() };
        for p in Policy::HANDOFF {
            let base = model::predict_task(&terms, &t, p).unwrap();
            let total: f64 = [base.parts.cpu_ms, base.parts.cpu_faults_ms, base.parts.gpu_ms, base.parts.link_ms,
                base.parts.gpu_faults_ms, base.parts.copy_ms, base.parts.prefetch_ms, base.parts.sync_ms].iter().sum();
            prop_assert!((total - base.time_ms).abs() < 1e-9 * base.time_ms.max(1.0));
            prop_assert!(base.interval_ms[0] <= base.time_ms && base.time_ms <= base.interval_ms[1]);
            let mut bigger = t.clone();
            let i = which % bigger.buffers.len();
            bigger.buffers[i].bytes *= 2;
            let mut longer = t.clone();
            longer.rounds += 1;
            let mut more = t.clone();
            more.reuse += 1.0;
            for (what, u) in [("bytes", bigger), ("rounds", longer), ("reuse", more)] {
                let q = model::predict_task(&terms, &u, p).unwrap();
                prop_assert!(q.time_ms >= base.time_ms - 1e-9 * base.time_ms, "{p} {what}: {} → {}", base.time_ms, q.time_ms);
            }
        }
    }

    /// Where the host touches no buffer, nothing is faulted back to it.
    #[test]
    fn a_task_with_no_cpu_touches_has_no_fault_back_term(mut t in task()) {
        for b in &mut t.buffers {
            b.cpu = Access::None;
            b.cpu_fraction = 1.0;
            b.cpu_final = Access::None;
        }
        let terms = h200_terms();
        for p in Policy::HANDOFF {
            let (q, items, used) = model::explain_task(&terms, &t, p).unwrap();
            prop_assert_eq!(q.parts.cpu_faults_ms, 0.0);
            prop_assert!(items.iter().all(|i| i.kind != model::task::Kind::CpuFaults));
            // Nor is any term of the CPU's faults used.
            use model::TermId::{CpuAfterPrefetch, CpuFaultBack, CpuFaultRun};
            prop_assert!(used
                .iter()
                .all(|u| ![CpuFaultBack, CpuFaultRun, CpuAfterPrefetch].contains(&u.term)));
        }
    }

    /// A larger fault-back scale (what `fault_scale` measures of the host's code) never makes a
    /// task faster; it moves only what the CPU pays to fault pages back, so the copying and mapping
    /// policies, which fault nothing back, do not move at all.
    #[test]
    fn a_larger_fault_scale_never_lowers_a_prediction_and_moves_only_the_faults_back(
        t in task(), lo in 0.1f64..10.0, factor in 1.0f64..10.0, final_access in any::<bool>()
    ) {
        let access = if final_access { model::HostAccess::Final } else { model::HostAccess::Phase };
        let (mut a, mut b) = (t.clone(), t.clone());
        *access.scale_in(&mut a) = Some(lo);
        *access.scale_in(&mut b) = Some(lo * factor);
        // A scale the task refuses (a final access it never makes) is not a case.
        prop_assume!(a.check().is_ok() && b.check().is_ok());
        let terms = h200_terms();
        for p in Policy::HANDOFF {
            let (x, y) = (model::predict_task(&terms, &a, p).unwrap(), model::predict_task(&terms, &b, p).unwrap());
            prop_assert!(y.time_ms >= x.time_ms - 1e-9 * x.time_ms, "{p}: {} → {}", x.time_ms, y.time_ms);
            prop_assert!(y.parts.cpu_faults_ms >= x.parts.cpu_faults_ms - 1e-9);
            let rest = |q: &model::TaskPrediction| q.time_ms - q.parts.cpu_faults_ms;
            prop_assert!((rest(&y) - rest(&x)).abs() <= 1e-9 * x.time_ms.max(1.0), "{p}");
            if matches!(p, Policy::ExplicitCopy | Policy::HostMapped) {
                prop_assert_eq!(x.time_ms, y.time_ms);
            }
        }
    }
}

// ----- the handoff as a task -------------------------------------------------------------------

/// One steady-state round of the handoff expressed as a task (rounds 3 less rounds 2), given the
/// CPU update on plain memory, agrees with the handoff's own prediction given the same CPU update
/// (with the policy's CPU-side faults added), for the same calibration: the task terms compose the
/// handoff's cells to within 7 % everywhere and 2 % at the median.
#[test]
fn the_handoff_as_a_task_agrees_with_the_handoff() {
    // A task prices the prefetch back at the calibrated host level (its CPU phase is the user's
    // code, no reading of the host's level); the handoff given a CPU update scales it with that
    // update (NOTES.md, "The prefetch back at the host's level"). Compared at the same level.
    let at_calibrated_level = model::FitOptions {
        no_host_level: true,
        ..Default::default()
    };
    let (m, _, _) =
        umodel::calibrate::fit_csv(&Path::new(RUN16).join(MINIMAL), None, at_calibrated_level)
            .unwrap();
    let terms = m.task_terms.as_ref().unwrap();
    let device = m.policy(Policy::ExplicitCopy).unwrap();
    let mut diffs = Vec::new();
    for pm in &m.policies {
        for k in &pm.knots {
            for r in [1.0, 4.0, 16.0] {
                let cpu = k.cpu_only_ms.unwrap().median;
                let g = device
                    .knots
                    .iter()
                    .find(|d| d.bytes == k.bytes)
                    .unwrap()
                    .g_ms
                    .median;
                let mut t = Task::handoff(k.bytes, r, 3);
                t.cpu_ms = Some(cpu);
                t.gpu_ms = Some(g);
                let three = model::predict_task(terms, &t, pm.policy).unwrap();
                t.rounds = 2;
                let two = model::predict_task(terms, &t, pm.policy).unwrap();
                let round = three.time_ms - two.time_ms;
                let faults = three.parts.cpu_faults_ms - two.parts.cpu_faults_ms;
                let h = m
                    .predict_with_cpu(
                        pm.policy,
                        k.bytes,
                        r,
                        model::CpuUpdate::StageMs(cpu + faults),
                    )
                    .unwrap();
                let d = 100.0 * (round - h.time_ms).abs() / h.time_ms;
                assert!(
                    d < 7.0,
                    "{} {} R={r}: task {round} vs handoff {}",
                    pm.policy,
                    k.bytes,
                    h.time_ms
                );
                diffs.push(d);
            }
        }
    }
    diffs.sort_by(f64::total_cmp);
    assert!(
        diffs[diffs.len() / 2] < 2.0,
        "median {}",
        diffs[diffs.len() / 2]
    );
}

// ----- the H200 validation workloads -----------------------------------------------------------

/// A task's validation against a committed workload run, with the model `fit` makes of the
/// calibration that ran just before it.
/// The task terms `calibration` fits, priced as before rule G (no link pass hidden under
/// first-touch faults): the figures these tests reproduce were recorded so.
fn terms_of(calibration: &Path) -> TaskTerms {
    let (m, _, _) = umodel::calibrate::fit_csv(calibration, None, Default::default()).unwrap();
    before_g(m.task_terms.unwrap())
}

/// `terms` without [`umodel::model::task::LinkUnderFaults`], as fits before rule G priced.
fn before_g(mut terms: TaskTerms) -> TaskTerms {
    terms.set_link_under_faults(None);
    terms
}

fn validated(
    terms: &TaskTerms,
    run: &Table,
    task: &str,
    over: PhaseOverrides,
) -> model::TaskValidation {
    let t = Task::read(&Path::new("tasks").join(format!("{task}.json"))).unwrap();
    model::validate_task(terms, &t, run, over).unwrap()
}

/// (task, median APE %, max APE %, clear orderings right, clear orderings) as NOTES.md records them.
type Figures = [(&'static str, f64, f64, usize, usize); 5];

fn check(calibration: &Path, run: &Path, want: Figures) {
    check_with(calibration, run, PhaseOverrides::default(), want);
}

/// Each task of `want` validated against `run` with the terms `calibration` fits (fitted once).
fn check_with(calibration: &Path, run: &Path, over: PhaseOverrides, want: Figures) {
    check_terms(&terms_of(calibration), run, over, want);
}

fn check_terms(terms: &TaskTerms, run: &Path, over: PhaseOverrides, want: Figures) {
    let run = Table::read(run).unwrap();
    for (task, median, max, right, total) in want {
        let v = validated(terms, &run, task, over);
        assert!(
            (v.median_ape_pct - median).abs() < 0.005,
            "{task}: median {}",
            v.median_ape_pct
        );
        assert!(
            (v.max_ape_pct - max).abs() < 0.005,
            "{task}: max {}",
            v.max_ape_pct
        );
        assert_eq!((v.order_right, v.order_total), (right, total), "{task}");
        assert_eq!(v.failed_rows, 0, "{task}");
    }
}

#[test]
// The figures are measured APEs (6.28 % is one), not constants such as 2π.
#[allow(clippy::approx_constant)]
fn run16_workloads_against_the_calibration_before_them() {
    let dir = Path::new(RUN16).join("data/models");
    check(
        &dir.join("nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T19-51-13Z.csv"),
        &Path::new(RUN16).join("tasks-4.csv"),
        [
            ("seed-001", 6.53, 18.68, 13, 13),
            ("seed-001-overlapped", 4.51, 6.08, 1, 1),
            ("partial-update", 7.06, 15.34, 12, 12),
            ("compute-bound", 2.73, 8.91, 41, 41),
            ("producer-consumer", 3.75, 13.16, 13, 13),
        ],
    );
    check(
        &Path::new(RUN16).join(MINIMAL),
        &Path::new(RUN16).join("tasks-5.csv"),
        [
            ("seed-001", 1.96, 5.72, 12, 12),
            ("seed-001-overlapped", 2.65, 3.33, 1, 1),
            ("partial-update", 4.14, 15.47, 11, 12),
            ("compute-bound", 0.60, 7.09, 37, 37),
            ("producer-consumer", 1.95, 10.61, 13, 13),
        ],
    );
}

#[test]
// The figures are measured APEs (3.14 % is one), not constants such as π.
#[allow(clippy::approx_constant)]
fn later_workload_runs_against_the_calibration_before_them() {
    check(
        &Path::new(RUN17).join(MINIMAL),
        &Path::new(RUN17).join("tasks-6.csv"),
        [
            ("seed-001", 2.37, 6.01, 15, 15),
            ("seed-001-overlapped", 4.24, 6.43, 1, 1),
            ("partial-update", 2.49, 4.74, 13, 13),
            ("compute-bound", 0.72, 7.79, 35, 37),
            ("producer-consumer", 1.28, 6.30, 13, 13),
        ],
    );
    check(
        &Path::new("calibration/h200/run27").join(MINIMAL),
        Path::new("calibration/h200/run27/tasks-7.csv"),
        [
            ("seed-001", 2.74, 5.12, 15, 15),
            ("seed-001-overlapped", 1.21, 2.01, 1, 1),
            ("partial-update", 4.16, 11.27, 13, 13),
            ("compute-bound", 2.31, 14.29, 40, 40),
            ("producer-consumer", 5.04, 14.82, 13, 13),
        ],
    );
    check(
        &Path::new("calibration/h200/run30/data/models")
            .join("nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T05-00-57Z.csv"),
        Path::new("calibration/h200/run30/tasks-9.csv"),
        [
            ("seed-001", 5.25, 7.61, 14, 15),
            ("seed-001-overlapped", 3.76, 4.79, 1, 1),
            ("partial-update", 2.74, 13.42, 13, 13),
            ("compute-bound", 1.92, 8.04, 36, 36),
            ("producer-consumer", 3.14, 7.75, 13, 14),
        ],
    );
}

/// run32 and run33: workloads held out from the choice of how the prefetch to the host is fitted
/// (from the handoff's stages, chosen on runs 16-30), each with the first calibration before them.
#[test]
#[allow(clippy::approx_constant)] // 3.14 % is a measured APE
fn workloads_held_out_from_the_prefetch_fit_choice() {
    check(
        &Path::new("calibration/h200/run32/data/models")
            .join("nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T05-16-01Z.csv"),
        Path::new("calibration/h200/run32/tasks-10.csv"),
        [
            ("seed-001", 3.14, 5.16, 14, 14),
            ("seed-001-overlapped", 1.03, 1.40, 1, 1),
            ("partial-update", 1.40, 10.81, 13, 14),
            ("compute-bound", 0.64, 7.41, 40, 40),
            ("producer-consumer", 1.27, 3.47, 13, 13),
        ],
    );
    // run33: measured after run32, the same code as the model's now (it judged, and dropped, two
    // other changes).
    check(
        &Path::new("calibration/h200/run33/data/models")
            .join("nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T05-54-28Z.csv"),
        Path::new("calibration/h200/run33/tasks-11.csv"),
        [
            ("seed-001", 1.52, 9.00, 14, 15),
            ("seed-001-overlapped", 1.55, 2.59, 1, 1),
            ("partial-update", 10.75, 20.40, 12, 12),
            ("compute-bound", 2.21, 10.12, 36, 36),
            ("producer-consumer", 1.62, 9.62, 13, 13),
        ],
    );
}

/// run37 and run38: the migration probe beside the plain phases. Each run validated with the
/// first calibration before it, as the model stands and with the migrating steps priced from
/// the run's probe (`validate --probe`). run37's probe measured three steps, chosen before any
/// probe was run; the fourth (the CPU's update after a prefetch back) was added after run37's
/// compute-bound prefetching rows came out 11-16 % short on the CPU side; run38 and run39 (the
/// code before the no-op prefetch fix of bench/groups.rs) and run41 (after it) are held out
/// from both.
#[test]
#[allow(clippy::approx_constant)] // 3.14 % is a measured APE
fn the_migration_probe_prices_the_migrating_steps_of_held_out_runs() {
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let run37 = Path::new("calibration/h200/run37");
    let cal37 = run37.join("data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T08-33-48Z.csv");
    let t37 = terms_of(&cal37);
    check_terms(
        &t37,
        &run37.join("tasks-13.csv"),
        PhaseOverrides::default(),
        [
            ("seed-001", 4.73, 5.69, 15, 15),
            ("seed-001-overlapped", 3.87, 3.89, 1, 1),
            ("partial-update", 4.47, 16.57, 13, 13),
            ("compute-bound", 2.43, 16.74, 31, 31),
            ("producer-consumer", 2.54, 12.63, 13, 13),
        ],
    );
    check_terms(
        &t37,
        &run37.join("tasks-13.csv"),
        probe,
        [
            ("seed-001", 2.20, 5.25, 15, 15),
            ("seed-001-overlapped", 2.23, 2.41, 1, 1),
            ("partial-update", 3.39, 7.90, 13, 13),
            ("compute-bound", 1.88, 10.58, 31, 31),
            ("producer-consumer", 3.14, 5.23, 13, 13),
        ],
    );
    let run38 = Path::new("calibration/h200/run38");
    let cal38 = run38.join("data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T08-42-22Z.csv");
    let t38 = terms_of(&cal38);
    check_terms(
        &t38,
        &run38.join("tasks-14.csv"),
        PhaseOverrides::default(),
        [
            ("seed-001", 6.20, 9.49, 14, 14),
            ("seed-001-overlapped", 2.95, 5.37, 1, 1),
            ("partial-update", 4.94, 11.04, 12, 12),
            ("compute-bound", 3.70, 11.59, 37, 37),
            ("producer-consumer", 1.80, 8.32, 13, 13),
        ],
    );
    check_terms(
        &t38,
        &run38.join("tasks-14.csv"),
        probe,
        [
            ("seed-001", 4.94, 8.79, 14, 14),
            ("seed-001-overlapped", 1.81, 2.31, 1, 1),
            ("partial-update", 2.25, 9.44, 12, 12),
            ("compute-bound", 2.22, 7.47, 37, 37),
            ("producer-consumer", 2.00, 4.36, 13, 13),
        ],
    );
    // `umodel probe` just before the workloads (`validate --probe-from`), as a caller would.
    let before = model::Probe::read(&run38.join("probe-1.json")).unwrap();
    check_terms(
        &t38.probed(&before).unwrap(),
        &run38.join("tasks-14.csv"),
        PhaseOverrides::default(),
        [
            ("seed-001", 2.31, 8.13, 14, 14),
            ("seed-001-overlapped", 1.30, 2.04, 1, 1),
            ("partial-update", 0.81, 9.44, 12, 12),
            ("compute-bound", 1.63, 7.17, 37, 37),
            ("producer-consumer", 1.71, 3.45, 13, 13),
        ],
    );
    // run39, held out too: the first calibration priced a prefetch of pages already in place
    // at 3.5 ms for 64 MiB (0.09-0.24 in 25 other calibrations: its four to-host trials each
    // waited on the prefetch before them), which the prefetching rows of seed 001 pay a dozen
    // times; the probe does not measure that step, and the partial update's 256 MiB prefetches
    // ran slower than the probe's 64 MiB. NOTES.md, "The migration probe".
    let run39 = Path::new("calibration/h200/run39");
    let cal39 = run39.join("data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T09-25-31Z.csv");
    let t39 = terms_of(&cal39);
    check_terms(
        &t39,
        &run39.join("tasks-15.csv"),
        PhaseOverrides::default(),
        [
            ("seed-001", 4.64, 30.26, 13, 13),
            ("seed-001-overlapped", 26.95, 37.04, 1, 1),
            ("partial-update", 9.39, 22.19, 11, 12),
            ("compute-bound", 2.31, 10.11, 34, 34),
            ("producer-consumer", 3.92, 15.55, 13, 13),
        ],
    );
    check_terms(
        &t39,
        &run39.join("tasks-15.csv"),
        probe,
        [
            ("seed-001", 5.66, 29.50, 13, 13),
            ("seed-001-overlapped", 24.89, 36.24, 1, 1),
            ("partial-update", 13.55, 23.95, 11, 12),
            ("compute-bound", 2.26, 9.45, 34, 34),
            ("producer-consumer", 2.64, 9.51, 13, 13),
        ],
    );
    // run41, with the no-op prefetch fix, held out: as the model stands and
    // with `umodel probe` taken before the workloads. Producer/consumer's misses are the CPU's
    // level (its CPU phases ran 48-53 % faster under three policies than the plain phase).
    let run41 = Path::new("calibration/h200/run41");
    let t41 = terms_of(&run41.join("data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"));
    check_terms(
        &t41,
        &run41.join("tasks-16.csv"),
        PhaseOverrides::default(),
        [
            ("seed-001", 1.62, 3.44, 14, 14),
            ("seed-001-overlapped", 2.63, 2.84, 1, 1),
            ("partial-update", 2.10, 13.27, 13, 13),
            ("compute-bound", 2.58, 8.07, 40, 40),
            ("producer-consumer", 16.27, 43.65, 9, 11),
        ],
    );
    check_terms(
        &t41.probed(&model::Probe::read(&run41.join("probe-1.json")).unwrap())
            .unwrap(),
        &run41.join("tasks-16.csv"),
        PhaseOverrides::default(),
        [
            ("seed-001", 1.00, 3.71, 14, 14),
            ("seed-001-overlapped", 2.14, 3.60, 1, 1),
            ("partial-update", 1.58, 15.15, 13, 13),
            ("compute-bound", 1.02, 4.19, 40, 40),
            ("producer-consumer", 16.59, 43.65, 9, 11),
        ],
    );
    // The probe run38 measured: four steps, 28 rounds each (4 a trial over 7 trials).
    let v = validated(
        &t38,
        &Table::read(&run38.join("tasks-14.csv")).unwrap(),
        "compute-bound",
        probe,
    );
    let p = v.probe.expect("run38's probe");
    assert_eq!(p.bytes, 64 << 20);
    for (t, f) in p.figures() {
        // Only a probe in a task's shape times the prefetch to the device (from run57), and only
        // `umodel probe` the migration after one thread's writes (since 9052417) and the CPU's
        // sparse cell (since e19bf03).
        if matches!(
            t,
            model::TermId::PrefetchToDevice
                | model::TermId::FaultInScalarOneThread
                | model::TermId::CpuFaultRun
        ) {
            assert!(f.is_none());
            continue;
        }
        let f = f.unwrap_or_else(|| panic!("{} not in run38's probe", t.name()));
        assert_eq!(f.samples, 28, "{}", t.name());
    }
}

/// A held-out run of the workloads, each flow's figures and its (cells beyond 5 %, of them
/// resolved by the measurement): as the model stands, with the run's probe rows, with `umodel
/// probe` taken before the workloads (`probe-1.json`); `trials` a cell, whose median range holds
/// the median with `coverage`.
fn held_out_run(
    run: &str,
    calibration: &str,
    tasks: &str,
    (trials, coverage): (u32, f64),
    flows: [(Figures, (usize, usize)); 3],
) {
    let dir = Path::new("calibration/h200").join(run);
    let terms = terms_of(&dir.join("data/models").join(calibration));
    let csv = dir.join(tasks);
    let table = Table::read(&csv).unwrap();
    let before = terms
        .probed(&model::Probe::read(&dir.join("probe-1.json")).unwrap())
        .unwrap();
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let [as_is, with_probe, probe_before] = flows;
    for (terms, over, (figures, (beyond, resolved))) in [
        (&terms, PhaseOverrides::default(), as_is),
        (&terms, probe, with_probe),
        (&before, PhaseOverrides::default(), probe_before),
    ] {
        check_terms(terms, &csv, over, figures);
        let vs: Vec<_> = figures
            .iter()
            .map(|f| validated(terms, &table, f.0, over))
            .collect();
        let got = (
            vs.iter().map(|v| v.beyond_5pct).sum::<usize>(),
            vs.iter().map(|v| v.beyond_5pct_resolved).sum::<usize>(),
        );
        assert_eq!(got, (beyond, resolved), "{run} {over:?}");
        for p in vs.iter().flat_map(|v| &v.points) {
            assert_eq!(p.trials, trials);
            assert!((p.median_range_coverage - coverage).abs() < 1e-4);
            assert!(p.median_range_ms[0] >= p.measured_min_ms);
            assert!(p.median_range_ms[0] <= p.measured_ms && p.measured_ms <= p.median_range_ms[1]);
            assert!(p.median_range_ms[1] <= p.measured_max_ms);
        }
    }
}

/// `run42`, held out from the choices it ran with (calibrate's 17 s deadline, the check against
/// the embedded model; `2a46f4e`), seven trials a cell (x(2)-x(6) hold the median with
/// 87.5 %): most misses beyond 5 % lie inside the range of their median (NOTES.md, "The
/// measurement's own resolution").
#[test]
fn run42_held_out_and_the_misses_its_measurement_resolves() {
    held_out_run(
        "run42",
        "nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T11-14-31Z.csv",
        "tasks-17.csv",
        (7, 0.875),
        [
            (
                [
                    ("seed-001", 2.68, 9.90, 13, 13),
                    ("seed-001-overlapped", 2.40, 2.92, 1, 1),
                    ("partial-update", 4.13, 18.37, 12, 12),
                    ("compute-bound", 1.94, 16.31, 38, 38),
                    ("producer-consumer", 4.60, 14.57, 13, 13),
                ],
                (9, 7),
            ),
            (
                [
                    ("seed-001", 1.19, 4.80, 13, 13),
                    ("seed-001-overlapped", 1.39, 2.34, 1, 1),
                    ("partial-update", 5.58, 18.37, 12, 12),
                    ("compute-bound", 0.97, 11.31, 38, 38),
                    ("producer-consumer", 1.34, 6.05, 13, 13),
                ],
                (5, 2),
            ),
            (
                [
                    ("seed-001", 2.20, 7.47, 13, 13),
                    ("seed-001-overlapped", 2.55, 2.97, 1, 1),
                    ("partial-update", 5.37, 18.37, 12, 12),
                    ("compute-bound", 1.23, 9.52, 38, 38),
                    ("producer-consumer", 3.95, 7.57, 13, 13),
                ],
                (6, 2),
            ),
        ],
    );
}

/// `run43`, `run44` and `run47`: the workloads at 15 trials a cell, so that the measured medians are known
/// well enough to judge a 5 % bound (x(5)-x(11) of 15, 88.2 %): the misses beyond 5 % are then
/// mostly resolved, and real (NOTES.md, "The measurement's own resolution").
#[test]
fn fifteen_trials_a_cell_resolve_the_misses_beyond_five_percent() {
    held_out_run(
        "run43",
        "nvidia-h200-0931b6b9ea7c.minimal.csv",
        "tasks-18.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 2.97, 8.37, 14, 15),
                    ("seed-001-overlapped", 6.50, 7.34, 1, 1),
                    ("partial-update", 6.83, 16.57, 12, 12),
                    ("compute-bound", 4.71, 18.56, 35, 35),
                    ("producer-consumer", 6.86, 11.05, 13, 13),
                ],
                (20, 20),
            ),
            (
                [
                    ("seed-001", 2.63, 4.25, 15, 15),
                    ("seed-001-overlapped", 3.81, 4.58, 1, 1),
                    ("partial-update", 6.85, 9.38, 12, 12),
                    ("compute-bound", 1.22, 9.49, 35, 35),
                    ("producer-consumer", 2.33, 6.22, 13, 13),
                ],
                (8, 7),
            ),
            (
                [
                    ("seed-001", 1.40, 4.25, 15, 15),
                    ("seed-001-overlapped", 1.91, 3.82, 1, 1),
                    ("partial-update", 3.25, 8.39, 12, 12),
                    ("compute-bound", 2.57, 16.97, 33, 35),
                    ("producer-consumer", 3.57, 10.28, 13, 13),
                ],
                (10, 10),
            ),
        ],
    );
    held_out_run(
        "run44",
        "nvidia-h200-0931b6b9ea7c.minimal.csv",
        "tasks-19.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 2.98, 5.80, 14, 14),
                    ("seed-001-overlapped", 4.66, 5.16, 1, 1),
                    ("partial-update", 5.74, 11.12, 11, 11),
                    ("compute-bound", 2.66, 10.18, 41, 41),
                    ("producer-consumer", 2.24, 3.32, 13, 13),
                ],
                (13, 11),
            ),
            (
                [
                    ("seed-001", 3.62, 5.80, 14, 14),
                    ("seed-001-overlapped", 4.35, 4.67, 1, 1),
                    ("partial-update", 4.99, 14.16, 11, 11),
                    ("compute-bound", 2.08, 12.75, 41, 41),
                    ("producer-consumer", 2.45, 3.36, 13, 13),
                ],
                (8, 6),
            ),
            (
                [
                    ("seed-001", 3.43, 6.26, 14, 14),
                    ("seed-001-overlapped", 4.08, 4.23, 1, 1),
                    ("partial-update", 5.74, 8.64, 11, 11),
                    ("compute-bound", 1.86, 11.30, 41, 41),
                    ("producer-consumer", 1.31, 2.28, 13, 13),
                ],
                (9, 7),
            ),
        ],
    );
    held_out_run(
        "run47",
        "nvidia-h200-0931b6b9ea7c.minimal.csv",
        "tasks-20.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 1.92, 6.69, 14, 14),
                    ("seed-001-overlapped", 2.71, 3.52, 1, 1),
                    ("partial-update", 6.09, 13.71, 12, 12),
                    ("compute-bound", 1.25, 12.96, 30, 30),
                    ("producer-consumer", 1.91, 10.39, 13, 13),
                ],
                (7, 7),
            ),
            (
                [
                    ("seed-001", 1.93, 3.12, 14, 14),
                    ("seed-001-overlapped", 2.49, 3.20, 1, 1),
                    ("partial-update", 5.00, 15.49, 12, 12),
                    ("compute-bound", 1.48, 7.66, 30, 30),
                    ("producer-consumer", 1.84, 5.26, 13, 13),
                ],
                (6, 5),
            ),
            (
                [
                    ("seed-001", 1.14, 1.93, 14, 14),
                    ("seed-001-overlapped", 1.41, 2.74, 1, 1),
                    ("partial-update", 5.11, 17.04, 12, 12),
                    ("compute-bound", 1.55, 7.99, 30, 30),
                    ("producer-consumer", 1.84, 5.83, 13, 13),
                ],
                (5, 4),
            ),
        ],
    );
}

/// Runs of the suite before the probe have no probe rows: asking for it says so.
#[test]
fn validating_with_a_probe_a_run_without_one_says_so() {
    let e = model::validate_task(
        &h200_terms(),
        &Task::read(Path::new("tasks/compute-bound.json")).unwrap(),
        &Table::read(Path::new("calibration/h200/run34/tasks-12.csv")).unwrap(),
        PhaseOverrides {
            use_probe: true,
            ..PhaseOverrides::default()
        },
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("run34/tasks-12.csv"), "{e}");
    assert!(e.contains("compute-bound:probe_to_host"), "{e}");
    assert!(e.contains("without --probe"), "{e}");
}

/// `models/h200.json` is exactly what `calibration/h200/offline41/make_embedded.sh` (the one place
/// its recipe is written; rules E and T, `offline41/embedded.txt`, `offline48/rule_t.txt`) makes
/// from the committed calibrations with this build: each task term from the calibration whose
/// price at 64 MiB is the median of the forty-three minimal calibrations of the current plan (the
/// thirty pinned ones of `run167`–`run187`, the thirteen of the fresh VMs `run188`–`run199`), its
/// movement between calibrations from the same forty-three, the prefetch back priced from the
/// pool the model carries. Every term this code fits, the host's faults back on many threads
/// among them; and none of the forty-three raises the check against it (held out, each against
/// the model made without its VM's calibrations, two of the 34 checked before rule T do:
/// `run174`'s CPU update at 0.34×, `offline41/check_reference.txt`).
#[test]
fn the_shipped_model_takes_each_task_term_from_the_median_of_forty_three_calibrations() {
    common::recipe_remakes(
        "calibration/h200/offline41/make_embedded.sh",
        "models/h200.json",
    );
    let shipped = store::embedded("h200").unwrap();
    // The forty-three, as the model names them.
    let cals: Vec<&str> = shipped
        .provenance
        .notes
        .iter()
        .filter_map(|n| n.strip_prefix("task terms fitted from "))
        .map(|n| n.split(" (sha256").next().unwrap())
        .collect();
    assert_eq!(cals.len(), 43);
    assert!(cals
        .iter()
        .all(|c| c.ends_with(".minimal.csv") && !c.contains("old") && !c.contains("free")));
    let terms = shipped.task_terms.as_ref().unwrap();
    use umodel::model::TermId::*;
    assert_eq!(terms.iter().count(), 37);
    for t in [
        CpuFaultBack4,
        CpuFaultBack16,
        FaultInScalar,
        PrefetchNext,
        PrefetchDuplicate,
    ] {
        assert!(terms.get(t).is_some(), "{t:?}");
    }
    assert!(terms.fault_back_threads().is_some());
    assert_eq!(terms.fit.pooled_over, 43);
    assert!(shipped
        .provenance
        .notes
        .iter()
        .any(|n| n.starts_with("task terms pooled over these 43 calibrations")));
    // As `calibrate` checks a calibration, on its terms as measured: of the forty-three only
    // `run174`'s first is named, its CPU update at 0.37× the median (3.0 ms against 8.0 at 64
    // MiB; held out it was named against the thirty's too, `offline41/check_reference.txt`). The
    // thirty's model named none of them: over forty-three the CPU update's shift between
    // calibrations is narrower, and so is the check's bound.
    for c in &cals {
        let c = Path::new(c);
        let facts = store::read_facts(&store::facts_path_for(c)).unwrap();
        let t = model::fit_task_terms(&Table::read(c).unwrap(), facts.platform.l2_bytes).unwrap();
        let unusual = t.unusual_against(terms, store::CHECK_TASK_TERMS_AT);
        if c.starts_with("calibration/h200/run174/data-1") {
            assert!(
                matches!(&unusual[..], [u] if u.term == model::TermId::CpuUpdate && u.ms / u.reference_ms < 0.4),
                "{}: {unusual:?}",
                c.display()
            );
        } else {
            assert!(unusual.is_empty(), "{}: {unusual:?}", c.display());
        }
    }
}

/// Gives `m`'s task terms `pools` and prices its prefetch back from them, as `fit --pool-from …
/// --price-from-pool` does; the embedded models' own term is within the pool's reach.
fn carry_and_price_from(m: &mut model::PlatformModel, pools: Vec<model::TermPool>) {
    m.task_terms.as_mut().unwrap().set_pools(pools.clone());
    assert!(matches!(
        store::price_from_pools(m, &pools, "this model carries").as_deref(),
        Some([model::PoolUse::Priced(_)])
    ));
}

/// The model shipped until 2026-12-04 (`offline41/h200-until-2026-12-04.json`, kept for the
/// figures recorded with it): its task terms `run65`'s first calibration's (the latest then,
/// with every term, `map_gather_write` and `faults_under_compute` included), with each term's
/// movement between calibrations from the 22 since `run48`.
#[test]
fn the_model_shipped_until_2026_12_04_took_its_task_terms_from_run65() {
    let shipped = store::read_model(Path::new(H200_UNTIL_2026_12_04)).unwrap();
    let cal = "calibration/h200/run65/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv";
    let (mut m, _, _) =
        umodel::calibrate::fit_csv(Path::new(cal), None, Default::default()).unwrap();
    let others: Vec<String> = RUN65_SHIFTS_FROM
        .map(|d| {
            let (dir, suffix) = d.split_once('|').unwrap();
            format!("calibration/h200/{dir}/models/nvidia-h200-0931b6b9ea7c.minimal{suffix}.csv")
        })
        .to_vec();
    let tables: Vec<Table> = others
        .iter()
        .map(|p| Table::read(Path::new(p)).unwrap())
        .collect();
    assert_eq!(
        umodel::model::add_task_term_shift(&mut m, &tables, &others),
        Some(26),
        "every term but `cpu_managed`, fitted at 0 here: no movement to measure"
    );
    // The shipped model predates the record of the sparse cells as measured, which prices
    // nothing (`validate --faults-beside` compares with it), and rule G's link pass under faults.
    let t = m.task_terms.as_mut().unwrap();
    t.set_link_under_faults(None);
    assert_eq!(
        t.sparse_reference(64 << 20).map(|s| s.cpu_ms),
        Some(13.257638)
    );
    t.set_sparse_references(Vec::new());
    // Its pool of the prefetch back: the 31 calibrations of run77–run124 that measured the
    // workloads too (`run125/judge.py`'s pool).
    let pooled: Vec<TaskTerms> = RUN65_POOL_FROM
        .iter()
        .map(|r| terms_of(&own_calibration(r)))
        .collect();
    let pools = TaskTerms::pools_of(&pooled, &model::POOLED_TERMS, model::fit::TASK_SHIFT_BYTES);
    // And prices its own prefetch back from it (`fit --price-from-pool`), as a calibration
    // does: on run125–run128, which neither saw, 10 → 5 of 32 prefetching cells beyond 5 %
    // (`python3 calibration/h200/run125/shipped.py`, in `shipped.txt`).
    carry_and_price_from(&mut m, pools);
    assert_eq!(shipped.task_terms, m.task_terms);
    let terms = shipped.task_terms.as_ref().unwrap();
    // Every term this code fits, and the share of faults under compute.
    assert_eq!(terms.iter().count(), 27);
    assert!(terms.get(model::TermId::MapGatherWrite).is_some());
    assert!(terms.faults_under_compute().is_some_and(|f| f.share > 0.0));
    // The copy and the mapping hardly move between calibrations; migration and prefetches do.
    let shift = |t| terms.get(t).unwrap().run_shift;
    use umodel::model::TermId::*;
    assert!(
        shift(CopyH2d) < 0.02 && shift(MapRead) < 0.02,
        "{}",
        shift(CopyH2d)
    );
    assert!(
        shift(FaultIn) > 0.1 && shift(PrefetchToHost) > 0.3,
        "{}",
        shift(FaultIn)
    );
    assert!(shipped
        .provenance
        .notes
        .iter()
        .any(|n| n.contains("task terms fitted from calibration/h200/run65")));
    // The pool's median calibration is run114's: 6.201 ms at 64 MiB, of 3.905–7.724.
    let p = terms.pools()[0];
    assert_eq!(
        (p.term, p.calibrations),
        (model::TermId::PrefetchToHost, 31)
    );
    assert!((p.cost.at(model::fit::TASK_SHIFT_BYTES) - 6.201).abs() < 0.001);
    assert!((p.range_ms[0] - 3.905).abs() < 0.001 && (p.range_ms[1] - 7.724).abs() < 0.001);
    assert!(shipped
        .provenance
        .notes
        .iter()
        .any(|n| n.contains("pools of `prefetch_to_host` over 31 calibrations")));
}

/// The calibrations the shipped model's pool of the prefetch back is taken over (`fit
/// --pool-from`, one flag each): every run of `run77`–`run124` with a minimal calibration and the
/// workloads' rows, each run's latest calibration.
const RUN65_POOL_FROM: [&str; 31] = [
    "run77", "run78", "run79", "run83", "run84", "run92", "run93", "run95", "run96", "run97",
    "run98", "run99", "run100", "run101", "run102", "run103", "run104", "run105", "run106",
    "run107", "run114", "run115", "run116", "run117", "run118", "run119", "run120", "run121",
    "run122", "run123", "run124",
];

/// The calibrations whose task terms measure how far each term of the shipped model moves: every
/// minimal calibration since `run48` (each measures every term but, before `run62`,
/// `map_gather_write`), as `RUN/DATA|SUFFIX` of `calibration/h200/RUN/DATA/models/…minimal` +
/// `SUFFIX.csv`.
const RUN65_SHIFTS_FROM: [&str; 22] = [
    "run48/data|.2026-12-01T13-48-13Z",
    "run48/data|",
    "run49/data|",
    "run52/data|",
    "run53/data|.2026-12-01T14-35-29Z",
    "run53/data|",
    "run55/data|.2026-12-01T16-09-59Z",
    "run55/data|",
    "run57/data|.2026-12-01T16-22-32Z",
    "run57/data|",
    "run58/data|.2026-12-01T16-29-49Z",
    "run58/data|",
    "run59/data|",
    "run62/data-1|",
    "run62/data-2|",
    "run62/data-3|",
    "run62/data-4|",
    "run63/data-1|",
    "run63/data-2|",
    "run63/data-3|",
    "run63/data-4|",
    "run64/data|",
];

/// The H200 model shipped until 2026-12-01 (task terms of run16's last calibration, their shifts
/// from four others), made again by `umodel fit` into `d`; its path. The figures recorded with it
/// (NOTES.md, "How well they are predicted") are reproduced from it.
fn shipped_until_2026_12_01(d: &tempfile::TempDir) -> String {
    let r = "calibration/h200";
    let out = d.path().join("h200-until-2026-12-01.json");
    let mut args: Vec<String> = vec!["fit".into(), format!("{r}/run2/full-3.csv")];
    for n in ["full-1", "minimal-1", "minimal-2", "minimal-3"] {
        args.extend(["--noise-from".into(), format!("{r}/run2/{n}.csv")]);
    }
    args.extend(["--task-terms-from".into(), format!("{RUN16}/{MINIMAL}")]);
    for o in [
        "run16/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T19-50-53Z.csv",
        "run16/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-11-30T19-51-13Z.csv",
        "run25/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv",
        "run26/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv",
    ] {
        args.extend(["--task-noise-from".into(), format!("{r}/{o}")]);
    }
    args.extend(["-o".into(), out.display().to_string()]);
    let o = umodel(d).args(&args).output().unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    out.display().to_string()
}

/// A calibration's wall time in seconds, as its run script wrote it (`wall_ms=` on the last line
/// of its `.err` file).
fn wall_s(path: &Path) -> f64 {
    let err = std::fs::read_to_string(path).unwrap();
    let ms = err.rsplit("wall_ms=").next().unwrap().trim();
    ms.parse::<f64>().unwrap() / 1e3
}

/// Every minimal calibration of the final plan took under 20 s end to end (`time` around
/// `umodel calibrate`, written by the run script).
#[test]
fn minimal_calibrations_of_the_final_plan_took_under_20_s() {
    let walls: Vec<f64> = (1..=3)
        .map(|n| wall_s(&Path::new(RUN17).join(format!("calibrate-{n}.err"))))
        .collect();
    assert_eq!(walls, [15.249, 16.415, 16.796]);
    assert!(walls.iter().all(|w| *w <= 20.0));
}

/// The calibrations since the host's reads on 4, 8 and 16 threads (`run160`–`run166`; NOTES.md,
/// "The 20-second calibration"): 15.1–23.1 s, the two past 20 s on `run163`'s slow VM; on
/// `run164`'s VM the build before the cells and the build with them in turn, 0.4–0.6 s apart.
#[test]
fn calibrations_with_the_many_thread_host_reads_and_what_the_reads_cost() {
    let wall = |path: String| wall_s(&Path::new("calibration/h200").join(path));
    let mut walls: Vec<f64> = ["run160", "run161", "run162", "run163", "run165", "run166"]
        .iter()
        .flat_map(|r| (1..=2).map(move |n| format!("{r}/calibrate-{n}.err")))
        .map(wall)
        .collect();
    let (old, new): (Vec<f64>, Vec<f64>) = (
        (1..=3)
            .map(|n| wall(format!("run164/calibrate-old-{n}.err")))
            .collect(),
        (1..=3)
            .map(|n| wall(format!("run164/calibrate-new-{n}.err")))
            .collect(),
    );
    walls.extend(&new);
    assert_eq!(walls.len(), 15);
    let (lo, hi) = walls
        .iter()
        .fold((f64::MAX, 0.0f64), |(l, h), w| (l.min(*w), h.max(*w)));
    assert_eq!((lo, hi), (15.13, 23.142));
    assert_eq!(walls.iter().filter(|w| **w > 20.0).count(), 2);
    assert_eq!(old, [15.905, 15.471, 15.468]);
    for (o, n) in old.iter().zip(&new) {
        assert!((0.4..=0.65).contains(&(n - o)), "{o} -> {n}");
    }
}

/// The calibrations since the sparse writes on 4, 8 and 16 threads (`run167`, `run168`, `run172`,
/// `run173`, `run174`; NOTES.md, "The 20-second calibration"): 14.6–20.7 s, one of twelve past
/// 20 s (`run168`'s first); on `run168`'s VM the build before the cells and the build with them
/// in turn, 0.05–0.9 s apart.
#[test]
fn calibrations_with_the_sparse_writes_on_many_threads_and_what_they_cost() {
    let wall = |path: String| wall_s(&Path::new("calibration/h200").join(path));
    let runs: Vec<f64> = ["run167", "run168", "run172", "run173", "run174"]
        .iter()
        .flat_map(|r| (1..=2).map(move |n| format!("{r}/calibrate-{n}.err")))
        .map(wall)
        .collect();
    assert_eq!(
        runs,
        [19.459, 15.692, 20.672, 16.807, 15.801, 15.764, 18.477, 16.137, 14.934, 14.56]
    );
    let old: Vec<f64> = (1..=2)
        .map(|n| wall(format!("run168/calibrate-old-{n}.err")))
        .collect();
    let new: Vec<f64> = (1..=2)
        .map(|n| wall(format!("run168/calibrate-new-{n}.err")))
        .collect();
    assert_eq!(
        (old.as_slice(), new.as_slice()),
        (&[17.005, 16.499][..], &[17.922, 16.546][..])
    );
    let all: Vec<f64> = runs.iter().chain(&new).copied().collect();
    assert_eq!(all.iter().filter(|w| **w > 20.0).count(), 1);
    for (o, n) in old.iter().zip(&new) {
        assert!((0.04..=0.92).contains(&(n - o)), "{o} -> {n}");
    }
}

/// The task intervals with each term's run-to-run shift (measured against the other calibrations
/// of the final method, never chosen on these runs) hold 89–100 % of the held-out workload cells of
/// `tasks-4`, `tasks-5` and `tasks-7`; without it 61–87 % (NOTES.md, "Tasks" → "Intervals").
#[test]
fn task_intervals_with_the_terms_run_shift_cover_the_held_out_workloads() {
    let cal = |p: &str| format!("calibration/h200/{p}");
    let run16 = |stamp: &str| {
        cal(&format!(
            "run16/data/models/nvidia-h200-0931b6b9ea7c.minimal{stamp}.csv"
        ))
    };
    let (a, b, c) = (
        run16(".2026-11-30T19-50-53Z"),
        run16(".2026-11-30T19-51-13Z"),
        run16(""),
    );
    let later = |r: &str| {
        cal(&format!(
            "{r}/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"
        ))
    };
    let (r25, r26, r27) = (later("run25"), later("run26"), later("run27"));
    // (the calibration before the workloads, the workloads, the other calibrations, cells inside
    // the intervals without and with the shift, of 38)
    let cases = [
        (
            &b,
            cal("run16/tasks-4.csv"),
            vec![&a, &c, &r25, &r26],
            23,
            34,
        ),
        (
            &c,
            cal("run16/tasks-5.csv"),
            vec![&a, &b, &r25, &r26],
            33,
            38,
        ),
        (
            &r27,
            cal("run27/tasks-7.csv"),
            vec![&a, &b, &c, &r25, &r26],
            24,
            36,
        ),
    ];
    for (calibration, run, others, plain, shifted) in cases {
        let (mut m, _, _) =
            umodel::calibrate::fit_csv(Path::new(calibration), None, Default::default()).unwrap();
        let plain_terms = m.task_terms.clone().unwrap();
        let tables: Vec<Table> = others
            .iter()
            .map(|p| Table::read(Path::new(p)).unwrap())
            .collect();
        let names: Vec<String> = others.iter().map(|p| p.to_string()).collect();
        model::add_task_term_shift(&mut m, &tables, &names).unwrap();
        let measured = Table::read(Path::new(&run)).unwrap();
        let inside = |terms: &TaskTerms| -> (usize, usize) {
            let mut n = (0, 0);
            for task in [
                "seed-001",
                "seed-001-overlapped",
                "partial-update",
                "compute-bound",
                "producer-consumer",
            ] {
                let t = Task::read(&Path::new("tasks").join(format!("{task}.json"))).unwrap();
                let v =
                    model::validate_task(terms, &t, &measured, PhaseOverrides::default()).unwrap();
                n.0 += v.points.iter().filter(|p| p.in_interval).count();
                n.1 += v.points.len();
                // The shift widens intervals; it never moves a prediction.
                assert!(v.points.iter().all(|p| p.interval_ms[0] <= p.predicted_ms));
            }
            n
        };
        assert_eq!(inside(&plain_terms), (plain, 38), "{run} without the shift");
        assert_eq!(
            inside(m.task_terms.as_ref().unwrap()),
            (shifted, 38),
            "{run} with the shift"
        );
    }
}

/// The default flow on a fresh machine: a first calibration (which takes the embedded model's
/// term shifts, as `calibrate` does), then the workloads in another process (run32, held out from
/// every choice): every cell inside its 90 % interval, median APE 1.13 %, max 10.81 %.
#[test]
fn the_default_flow_holds_the_held_out_run32() {
    let (mut m, _, _) = umodel::calibrate::fit_csv(
        &Path::new("calibration/h200/run32/data/models")
            .join("nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T05-16-01Z.csv"),
        None,
        Default::default(),
    )
    .unwrap();
    let shipped = store::embedded("h200").unwrap();
    let shifts: Vec<_> = shipped
        .task_terms
        .as_ref()
        .unwrap()
        .iter()
        .filter(|(_, c)| c.run_shift > 0.0)
        .map(|(t, c)| (t, c.run_shift))
        .collect();
    let terms = m.task_terms.as_mut().unwrap();
    terms.set_run_shift(&shifts);
    // As recorded, before rule G (with it: median 1.18 %, the rest as here).
    terms.set_link_under_faults(None);
    let measured = Table::read(Path::new("calibration/h200/run32/tasks-10.csv")).unwrap();
    let (mut inside, mut apes, mut right, mut clear) = (0, Vec::new(), 0, 0);
    for task in [
        "seed-001",
        "seed-001-overlapped",
        "partial-update",
        "compute-bound",
        "producer-consumer",
    ] {
        let t = Task::read(&Path::new("tasks").join(format!("{task}.json"))).unwrap();
        let v = model::validate_task(terms, &t, &measured, PhaseOverrides::default()).unwrap();
        inside += v.points.iter().filter(|p| p.in_interval).count();
        apes.extend(v.points.iter().map(|p| p.ape_pct));
        right += v.order_right;
        clear += v.order_total;
    }
    assert_eq!((inside, apes.len()), (38, 38));
    apes.sort_by(f64::total_cmp);
    let median = (apes[18] + apes[19]) / 2.0;
    assert!((median - 1.13).abs() < 0.005, "median {median}");
    assert!((apes[37] - 10.81).abs() < 0.005, "max {}", apes[37]);
    assert_eq!((right, clear), (81, 82));
}

// ----- a calibration checked against the embedded model ----------------------------------------

/// The minimal calibration CSVs (first and later) of every data directory of the H200 runs whose
/// number `keep` accepts (`calibration/h200/runN/*/models/*.minimal*.csv`), sorted.
fn minimal_calibrations(keep: impl Fn(u32) -> bool) -> Vec<std::path::PathBuf> {
    let mut csvs = Vec::new();
    for entry in std::fs::read_dir("calibration/h200").unwrap() {
        let run = entry.unwrap().path();
        let n: Option<u32> = run
            .file_name()
            .and_then(|n| n.to_str()?.strip_prefix("run")?.parse().ok());
        if !n.is_some_and(&keep) || !run.is_dir() {
            continue;
        }
        for data in std::fs::read_dir(&run).unwrap() {
            let Ok(files) = std::fs::read_dir(data.unwrap().path().join("models")) else {
                continue;
            };
            for f in files {
                let f = f.unwrap().path();
                let name = f.file_name().unwrap().to_string_lossy().into_owned();
                if name.contains(".minimal") && name.ends_with(".csv") {
                    csvs.push(f);
                }
            }
        }
    }
    csvs.sort();
    csvs
}

/// The minimal calibrations of `run44`–`run79` (each data directory's, first and later), refitted by
/// `fit_csv` and checked against the model shipped until 2026-12-04: `run46`'s CPU update is named (3.97 ms at 64
/// MiB against 9.24: that calibration's CPU ran it at 2.3× the usual speed), which the model
/// shipped until 2026-12-01 let through (NOTES.md, "The shipped model"), and `run74`'s first
/// calibration's random reads beside writes over the link (0.23×; `calibrate` said so on the
/// H200, `run74/calibrate-1.log`). Not the no-op prefetch of `run73` and `run74`, measured in a
/// sequence at its mean, 1.5–4× the settled one the embedded model measured (`calibrate` named
/// it on the H200 before the two ways were kept apart).
#[test]
fn of_the_later_calibrations_only_run46s_cpu_update_and_run74s_gather_write_are_named() {
    let csvs = minimal_calibrations(|n| (44..=79).contains(&n));
    assert!(csvs.len() >= 30, "{}", csvs.len());
    let mut flagged = Vec::new();
    for csv in &csvs {
        let (m, _, _) = umodel::calibrate::fit_csv(csv, None, Default::default()).unwrap();
        let unusual = unusual_before_2026_12_04(&m);
        for u in &unusual {
            flagged.push((csv.display().to_string(), u.term, u.ratio()));
        }
    }
    assert_eq!(flagged.len(), 2, "{flagged:?}");
    let (file, term, ratio) = &flagged[0];
    assert!(file.contains("run46/data/models/"), "{file}");
    assert_eq!(*term, model::TermId::CpuUpdate);
    assert!((0.40..0.46).contains(ratio), "{ratio}");
    let (file, term, ratio) = &flagged[1];
    assert!(file.contains("run74/data-1/models/"), "{file}");
    assert_eq!(*term, model::TermId::MapGatherWrite);
    assert!((0.22..0.24).contains(ratio), "{ratio}");
}

/// The 17 minimal calibrations of `run80`–`run83` (the managed group's fills on every core, then
/// the handoff largest first; `run82` interleaves those two builds with the one before), refitted
/// and checked the same way (against the model shipped until 2026-12-04, as `calibrate` checked
/// them): four terms named, each named by `calibrate` on the H200 too
/// (`calibrate-*.log`), in every build: the random reads beside writes over the link of one
/// calibration before the change and one after it (0.30×), the synchronisation of one (0.48×),
/// the CPU's writes after a prefetch back of `run81`'s first (0.22×; the same build's seven
/// others 0.42–1.25×).
#[test]
fn of_run80_to_run83s_calibrations_the_check_names_four_terms_in_every_build() {
    let csvs = minimal_calibrations(|n| (80..=83).contains(&n));
    assert_eq!(csvs.len(), 17);
    let mut flagged = Vec::new();
    for csv in &csvs {
        let (m, _, _) = umodel::calibrate::fit_csv(csv, None, Default::default()).unwrap();
        let unusual = unusual_before_2026_12_04(&m);
        for u in &unusual {
            let name = csv.display().to_string();
            let at = name.find("/run").unwrap() + 1;
            flagged.push((name[at..at + 14].to_string(), u.term, u.ratio()));
        }
    }
    let want = [
        ("run81/data-1/m", model::TermId::CpuAfterPrefetch, 0.22),
        ("run82/data-79-", model::TermId::MapGatherWrite, 0.30),
        ("run82/data-80-", model::TermId::Sync, 0.48),
        ("run82/data-80-", model::TermId::MapGatherWrite, 0.30),
    ];
    assert_eq!(flagged.len(), want.len(), "{flagged:?}");
    for ((file, term, ratio), (f, t, r)) in flagged.iter().zip(want) {
        assert_eq!((file.as_str(), *term), (f, t));
        assert!((ratio - r).abs() < 0.006, "{file} {term:?} {ratio}");
    }
}

/// Of the 36 minimal calibrations of runs 16–43 on the H200, each refitted by `fit_csv`, the check
/// against the embedded model names one term of one: the no-op prefetch of `run39`'s first
/// calibration, which waited on the move before it in every trial (NOTES.md, "The migration
/// probe"). Against the model shipped until 2026-12-04 none of the others reached 0.95 of its
/// bound (against the one shipped until 2026-12-01, on which the bound was chosen, 0.8; against
/// the later one, `run39`'s sync latency, 0.011 ms against 0.021, came to 0.93); against the shipped
/// one, whose terms are those of thirty calibrations of a later build, two of these early builds' CPU
/// writes after a prefetch back (0.40× and 0.47×) are named too. The check against a machine's
/// own earlier calibrations names only the calibration after it.
#[test]
fn only_the_calibration_whose_no_op_prefetch_waited_is_flagged_among_the_recorded_ones() {
    let csvs = minimal_calibrations(|n| (16..=43).contains(&n));
    // 32 of runs 16-41 (the bound was set on them), four of run42-43 (measured with the check).
    assert_eq!(csvs.len(), 36);
    let reference = store::read_model(Path::new(H200_UNTIL_2026_12_04))
        .unwrap()
        .task_terms
        .unwrap();
    let mut flagged = Vec::new();
    let mut shipped = Vec::new();
    let mut closest = 0.0f64;
    let mut fitted = Vec::new();
    for csv in &csvs {
        let (mut m, _, _) = umodel::calibrate::fit_csv(csv, None, Default::default()).unwrap();
        fitted.push(m.task_terms.clone().unwrap());
        let unusual = unusual_before_2026_12_04(&m);
        for u in &unusual {
            flagged.push((csv.display().to_string(), u.term, u.ratio()));
        }
        let (against, now) = store::note_unusual_task_terms(&mut m, &[]);
        assert_eq!(
            against.as_deref(),
            Some("the embedded model `h200`"),
            "{}",
            csv.display()
        );
        for u in &now {
            let name = csv.display().to_string();
            let at = name.find("/run").unwrap() + 1;
            shipped.push((&csv.to_str().unwrap()[at..at + 5], u.term));
        }
        // How near the others come: |log ratio| over the bound's log.
        for (t, c) in m.task_terms.as_ref().unwrap().iter() {
            let (Some(r), at) = (reference.get(t), 64.0 * 1048576.0) else {
                continue;
            };
            let (mine, theirs) = (c.at(at), r.at(at));
            if mine > 0.0 && theirs > 0.0 && !unusual.iter().any(|u| u.term == t) {
                let bound = 2f64.ln().max(3.0 * r.run_shift);
                closest = closest.max((mine / theirs).ln().abs() / bound);
            }
        }
    }
    assert_eq!(flagged.len(), 1, "{flagged:?}");
    let (file, term, ratio) = &flagged[0];
    assert!(
        file.ends_with(
            "run39/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T09-25-31Z.csv"
        ),
        "{file}"
    );
    assert_eq!(*term, model::TermId::PrefetchNoop);
    assert!((21.0..24.0).contains(ratio), "{ratio}");
    assert!(closest < 0.95, "{closest}");
    use model::TermId::{CpuAfterPrefetch, PrefetchNoop};
    assert_eq!(
        shipped,
        [
            ("run39", PrefetchNoop),
            ("run40", CpuAfterPrefetch),
            ("run43", CpuAfterPrefetch)
        ]
    );

    // A GPU with no embedded model is checked against its earlier calibrations in the same data
    // directory (`calibrate`'s fallback): within each run, every calibration after the first
    // against those before it. Only run39's second is flagged: it disagrees with the waiting
    // first one (one earlier calibration cannot say which of the two is off).
    let mut by_run: std::collections::BTreeMap<_, Vec<TaskTerms>> = Default::default();
    let mut flagged = Vec::new();
    for (csv, terms) in csvs.iter().zip(&fitted) {
        let run = csv.parent().unwrap().to_path_buf();
        let earlier = by_run.entry(run).or_default();
        if !earlier.is_empty() {
            for u in terms.unusual_against_runs(earlier, 64 << 20) {
                flagged.push((csv.display().to_string(), u.term, u.ratio(), earlier.len()));
            }
        }
        earlier.push(terms.clone());
    }
    assert_eq!(flagged.len(), 1, "{flagged:?}");
    let (file, term, ratio, n) = &flagged[0];
    assert!(
        file.ends_with("run39/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"),
        "{file}"
    );
    assert_eq!((*term, *n), (model::TermId::PrefetchNoop, 1));
    assert!((1.0 / 20.0..1.0 / 17.0).contains(ratio), "{ratio}");
}

/// `umodel fit` makes the same check and says what it found, and keeps it in the model.
#[test]
fn fit_warns_of_a_term_far_from_the_embedded_model_and_keeps_the_note() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("m.json");
    let odd = "calibration/h200/run39/data/models/nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T09-25-31Z.csv";
    umodel(&d)
        .args(["fit", odd, "-o"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "warning: task term `prefetch_noop` is 3.523 ms at 64 MiB, 23.58× the 0.149 ms of the embedded model `h200`",
        ));
    let m = store::read_model(&out).unwrap();
    assert!(m
        .provenance
        .notes
        .iter()
        .any(|n| n.starts_with("task term `prefetch_noop` is 3.523 ms")));
    // The same run's second calibration, with a normal no-op: no warning.
    let normal = "calibration/h200/run39/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv";
    umodel(&d)
        .args(["fit", normal, "-o"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::contains("task term").not());
}

/// A far term the machine's other calibrations measured as far off is the machine's, in `fit`
/// as in `calibrate`: `run225`'s H100 VM read host memory slowly in each of its three
/// calibrations (`map_gather` 2.43-2.59x the `h100` model's), so its third fitted with the other
/// two as `--task-noise-from` keeps the term in `provenance.machine_terms` for `doctor`, and the
/// warning says the model is right to differ; fitted alone, a cell may have waited.
#[test]
fn fit_with_the_machines_other_calibrations_keeps_the_terms_they_repeat() {
    let d = tempfile::tempdir().unwrap();
    let cal = |n: u32| {
        format!(
            "calibration/h100/run225/run225/data-{n}/models/nvidia-h100-80gb-hbm3-ed53a484761b.minimal.csv"
        )
    };
    let (alone, with) = (d.path().join("alone.json"), d.path().join("with.json"));
    umodel(&d)
        .args(["fit", &cal(3), "-o"])
        .arg(&alone)
        .assert()
        .success()
        .stderr(
            predicate::str::contains("task term `map_gather` is 61.841 ms at 64 MiB, 2.59×").and(
                predicate::str::contains("calibrating again replaces this model"),
            ),
        );
    assert!(store::read_model(&alone)
        .unwrap()
        .provenance
        .machine_terms
        .is_empty());
    umodel(&d)
        .args([
            "fit",
            &cal(3),
            "--task-noise-from",
            &cal(1),
            "--task-noise-from",
            &cal(2),
            "-o",
        ])
        .arg(&with)
        .assert()
        .success()
        .stderr(
            predicate::str::contains(
                "the 2 earlier calibrations here measured it at 58.076 ms at their median",
            )
            .and(predicate::str::contains("this model is right to differ")),
        );
    let kept: Vec<_> = store::read_model(&with)
        .unwrap()
        .provenance
        .machine_terms
        .iter()
        .map(|t| (t.term, t.here.calibrations))
        .collect();
    assert_eq!(
        kept,
        [
            (model::TermId::MapGather, 2),
            (model::TermId::ManagedMapWrite, 2)
        ]
    );
}

/// `run49`, held out for `faults_under_compute` (`df59611`; nothing was chosen on it): the four
/// workloads at 15 trials a cell, priced with the share its first calibration fitted (0.76)
/// (NOTES.md, "Faults under a compute-bound kernel").
#[test]
fn run49_held_out_for_the_share_of_faults_under_compute() {
    held_out_run(
        "run49",
        "nvidia-h200-0931b6b9ea7c.minimal.csv",
        "tasks-22.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 2.91, 10.33, 13, 13),
                    ("seed-001-overlapped", 3.77, 5.02, 1, 1),
                    ("partial-update", 6.00, 31.40, 11, 11),
                    ("compute-bound", 2.95, 11.65, 33, 33),
                    ("producer-consumer", 2.97, 10.02, 13, 13),
                ],
                (15, 15),
            ),
            (
                [
                    ("seed-001", 1.30, 2.78, 13, 13),
                    ("seed-001-overlapped", 0.80, 1.18, 1, 1),
                    ("partial-update", 6.00, 21.37, 11, 11),
                    ("compute-bound", 1.24, 5.41, 33, 33),
                    ("producer-consumer", 2.21, 7.80, 13, 13),
                ],
                (5, 4),
            ),
            (
                [
                    ("seed-001", 1.76, 5.27, 13, 13),
                    ("seed-001-overlapped", 1.99, 2.16, 1, 1),
                    ("partial-update", 6.04, 28.31, 11, 11),
                    ("compute-bound", 1.67, 9.17, 33, 33),
                    ("producer-consumer", 4.43, 7.14, 13, 13),
                ],
                (11, 9),
            ),
        ],
    );
}

/// The share of what a compute-bound kernel could hide of its faults that stays exposed, as each
/// recorded calibration fits it, and what it does to the compute-bound workload's managed GPU
/// side at R = 1 with the run's own probe rows pricing the faults (measured in the same trials):
/// within 8.4 % with the share, 24–31 % short without (`run49`, `run52` and `run53` held out;
/// NOTES.md, "Faults under a compute-bound
/// kernel").
#[test]
fn the_share_of_faults_under_compute_closes_the_compute_bound_gpu_side() {
    let cases = [
        (
            "run48",
            "2026-12-01T13-48-13Z.",
            "tasks-21.csv",
            0.5636,
            -8.311,
            -29.178,
        ),
        ("run48", "", "tasks-21.csv", 0.6701, -4.368, -29.178),
        ("run49", "", "tasks-22.csv", 0.7617, 4.233, -24.541),
        ("run52", "", "tasks-23.csv", 0.8003, 4.972, -24.951),
        (
            "run53",
            "2026-12-01T14-35-29Z.",
            "tasks-24.csv",
            0.7052,
            -7.767,
            -31.317,
        ),
    ];
    let over = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    for (run, stamp, tasks, share, with, without) in cases {
        let dir = Path::new("calibration/h200").join(run);
        let csv = format!("nvidia-h200-0931b6b9ea7c.minimal.{stamp}csv");
        let mut terms = terms_of(&dir.join("data/models").join(csv));
        let u = *terms.faults_under_compute().unwrap();
        assert!((u.share - share).abs() < 1e-4, "{run}: {u:?}");
        assert_eq!((u.trials, u.bytes), (3, 64 << 20));
        let table = Table::read(&dir.join(tasks)).unwrap();
        let gpu_error = |terms: &TaskTerms| {
            let v = validated(terms, &table, "compute-bound", over);
            let p = v
                .points
                .iter()
                .find(|p| p.policy == Policy::Managed && p.reuse == 1.0)
                .unwrap();
            let g = &p.parts.as_ref().unwrap().gpu;
            100.0 * (g.predicted_ms / g.measured_ms - 1.0)
        };
        let got = gpu_error(&terms);
        assert!((got - with).abs() < 0.01, "{run} {stamp}: {got}");
        terms.set_faults_under_compute(None);
        let got = gpu_error(&terms);
        assert!((got - without).abs() < 0.01, "{run} {stamp}: {got}");
    }
}

/// A model whose `faults_under_compute` is negative, missing a field or not a number is refused
/// naming the file and the term; one with a sound share prices with it.
#[test]
fn a_model_with_a_bad_share_is_refused_naming_it() {
    let d = tempfile::tempdir().unwrap();
    let good: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("calibration/h200/run52/model-minimal-1.json").unwrap(),
    )
    .unwrap();
    let with = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut m = good.clone();
        f(&mut m["task_terms"]["faults_under_compute"]);
        let p = d.path().join("m.json");
        std::fs::write(&p, serde_json::to_string(&m).unwrap()).unwrap();
        p
    };
    for (edit, wants) in [
        (
            &(|u: &mut serde_json::Value| u["share"] = (-0.5).into()) as &dyn Fn(&mut _),
            "task term `faults_under_compute` has a negative or non-finite value",
        ),
        (
            &|u: &mut serde_json::Value| u["share"] = serde_json::Value::Null,
            "`task_terms.faults_under_compute.share`",
        ),
        (
            &|u: &mut serde_json::Value| {
                u.as_object_mut().unwrap().remove("se");
            },
            "missing field `se`",
        ),
    ] {
        let p = with(edit);
        let args = [
            "choose",
            "-m",
            p.to_str().unwrap(),
            "--task",
            "tasks/compute-bound.json",
        ];
        fails_with(&d, &args, None, &[&p.display().to_string(), wants]);
    }
    let p = with(&|_| {});
    let out = umodel(&d)
        .args([
            "predict",
            "-m",
            p.to_str().unwrap(),
            "--task",
            "tasks/compute-bound.json",
        ])
        .args([
            "--policy",
            "managed",
            "--cpu-ms",
            "9.9",
            "--gpu-ms",
            "4.3",
            "--explain",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("faults the kernel's own work does not hide"),
        "{text}"
    );
    assert!(!String::from_utf8_lossy(&out.stderr).contains("faults_under_compute"));
}

/// `run53`, a third run held out for `faults_under_compute` (its first calibration's share 0.71):
/// with the run's probe the compute-bound workload's 18 cells all within 5 % (NOTES.md, "Faults
/// under a compute-bound kernel").
#[test]
fn run53_held_out_for_the_share_of_faults_under_compute() {
    held_out_run(
        "run53",
        "nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T14-35-29Z.csv",
        "tasks-24.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 2.00, 3.95, 13, 13),
                    ("seed-001-overlapped", 1.13, 1.26, 1, 1),
                    ("partial-update", 6.27, 24.49, 11, 11),
                    ("compute-bound", 2.10, 12.66, 42, 42),
                    ("producer-consumer", 5.22, 8.24, 13, 13),
                ],
                (11, 11),
            ),
            (
                [
                    ("seed-001", 1.86, 3.95, 13, 13),
                    ("seed-001-overlapped", 3.90, 5.46, 1, 1),
                    ("partial-update", 5.84, 18.51, 11, 11),
                    ("compute-bound", 1.07, 3.58, 42, 42),
                    ("producer-consumer", 2.41, 5.33, 13, 13),
                ],
                (5, 3),
            ),
            (
                [
                    ("seed-001", 2.71, 6.72, 13, 13),
                    ("seed-001-overlapped", 3.96, 5.55, 1, 1),
                    ("partial-update", 4.50, 19.17, 11, 11),
                    ("compute-bound", 2.55, 5.04, 42, 42),
                    ("producer-consumer", 1.47, 3.66, 13, 13),
                ],
                (6, 4),
            ),
        ],
    );
}

/// `run57`, held out for the probe in a task's shape (the partial update's probe rows at 256 MiB
/// with one page in ten touched, both prefetches of the round trip timed): with the run's probe
/// 2 of 38 cells beyond 5 %, the partial update's prefetching rows +0.9 and +2.8 % (NOTES.md, "The
/// migration probe").
#[test]
fn run57_held_out_for_the_probe_in_a_tasks_shape() {
    held_out_run(
        "run57",
        "nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T16-22-32Z.csv",
        "tasks-26.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 4.44, 6.09, 14, 15),
                    ("seed-001-overlapped", 6.04, 7.76, 1, 1),
                    ("partial-update", 6.16, 12.34, 13, 13),
                    ("compute-bound", 2.09, 9.88, 33, 33),
                    ("producer-consumer", 5.30, 9.48, 13, 13),
                ],
                (14, 14),
            ),
            (
                [
                    ("seed-001", 2.32, 5.98, 15, 15),
                    ("seed-001-overlapped", 3.89, 4.32, 1, 1),
                    ("partial-update", 2.13, 12.99, 13, 13),
                    ("compute-bound", 1.07, 3.80, 33, 33),
                    ("producer-consumer", 2.23, 4.54, 13, 13),
                ],
                (2, 2),
            ),
            (
                [
                    ("seed-001", 1.67, 5.98, 15, 15),
                    ("seed-001-overlapped", 1.52, 2.52, 1, 1),
                    ("partial-update", 2.44, 15.49, 13, 13),
                    ("compute-bound", 1.31, 5.07, 33, 33),
                    ("producer-consumer", 2.18, 2.86, 13, 13),
                ],
                (3, 3),
            ),
        ],
    );
}

/// `run58`, a second run held out for the probe in a task's shape, on `run57`'s binaries.
#[test]
fn run58_held_out_for_the_probe_in_a_tasks_shape() {
    held_out_run(
        "run58",
        "nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T16-29-49Z.csv",
        "tasks-27.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 5.10, 9.05, 15, 15),
                    ("seed-001-overlapped", 4.80, 4.98, 1, 1),
                    ("partial-update", 5.71, 21.05, 11, 11),
                    ("compute-bound", 1.31, 9.54, 30, 30),
                    ("producer-consumer", 1.95, 7.03, 13, 13),
                ],
                (13, 13),
            ),
            (
                [
                    ("seed-001", 3.09, 9.05, 15, 15),
                    ("seed-001-overlapped", 2.21, 3.98, 1, 1),
                    ("partial-update", 4.25, 21.05, 11, 11),
                    ("compute-bound", 0.94, 7.32, 30, 30),
                    ("producer-consumer", 1.88, 3.28, 13, 13),
                ],
                (5, 3),
            ),
            (
                [
                    ("seed-001", 3.48, 9.05, 15, 15),
                    ("seed-001-overlapped", 3.19, 3.28, 1, 1),
                    ("partial-update", 3.15, 21.05, 11, 11),
                    ("compute-bound", 1.12, 15.15, 30, 30),
                    ("producer-consumer", 1.85, 14.53, 13, 13),
                ],
                (10, 10),
            ),
        ],
    );
}

/// `run64`, every workload held out from a calibration that times random reads beside an
/// in-place stream over the link (`host_mapped/random-inplace`, term `map_gather_write`).
#[test]
fn run64_held_out_with_random_reads_beside_writes_over_the_link_calibrated() {
    held_out_run(
        "run64",
        "nvidia-h200-0931b6b9ea7c.minimal.csv",
        "tasks-29.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 2.66, 7.41, 14, 15),
                    ("seed-001-overlapped", 6.63, 6.81, 1, 1),
                    ("partial-update", 10.41, 23.52, 11, 11),
                    ("compute-bound", 1.73, 11.50, 33, 33),
                    ("producer-consumer", 4.22, 7.27, 13, 13),
                ],
                (12, 12),
            ),
            (
                [
                    ("seed-001", 2.07, 4.00, 15, 15),
                    ("seed-001-overlapped", 2.72, 5.29, 1, 1),
                    ("partial-update", 4.56, 17.25, 11, 11),
                    ("compute-bound", 1.07, 5.06, 33, 33),
                    ("producer-consumer", 2.74, 4.77, 13, 13),
                ],
                (4, 3),
            ),
            (
                [
                    ("seed-001", 2.64, 4.11, 15, 15),
                    ("seed-001-overlapped", 3.81, 5.71, 1, 1),
                    ("partial-update", 6.66, 17.25, 11, 11),
                    ("compute-bound", 1.71, 5.33, 33, 33),
                    ("producer-consumer", 2.80, 4.77, 13, 13),
                ],
                (5, 5),
            ),
        ],
    );
}

/// `run70`: every workload held out on the calibration that measures read-mostly duplication
/// after the fill and faults one float a thread (`fault_in_scalar`; NOTES.md, "Read-mostly after
/// the fill, and faults one float a thread").
#[test]
fn run70_held_out_with_duplication_after_the_fill_and_faults_one_float_a_thread() {
    held_out_run(
        "run70",
        "nvidia-h200-0931b6b9ea7c.minimal.csv",
        "tasks-31.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 5.07, 8.73, 13, 13),
                    ("seed-001-overlapped", 5.91, 7.92, 1, 1),
                    ("partial-update", 6.26, 17.10, 13, 13),
                    ("compute-bound", 1.75, 12.98, 30, 30),
                    ("producer-consumer", 5.05, 11.07, 13, 13),
                ],
                (15, 12),
            ),
            (
                [
                    ("seed-001", 1.92, 4.12, 13, 13),
                    ("seed-001-overlapped", 1.91, 2.30, 1, 1),
                    ("partial-update", 2.78, 14.52, 13, 13),
                    ("compute-bound", 0.87, 4.23, 30, 30),
                    ("producer-consumer", 1.15, 4.81, 13, 13),
                ],
                (1, 0),
            ),
            (
                [
                    ("seed-001", 2.38, 4.55, 13, 13),
                    ("seed-001-overlapped", 3.05, 3.34, 1, 1),
                    ("partial-update", 1.30, 9.56, 13, 13),
                    ("compute-bound", 0.78, 12.43, 30, 30),
                    ("producer-consumer", 3.43, 10.65, 13, 13),
                ],
                (7, 5),
            ),
        ],
    );
}

/// `run65`, `run64` again on the same binary.
#[test]
fn run65_held_out_with_random_reads_beside_writes_over_the_link_calibrated() {
    held_out_run(
        "run65",
        "nvidia-h200-0931b6b9ea7c.minimal.csv",
        "tasks-30.csv",
        (15, 0.8815),
        [
            (
                [
                    ("seed-001", 2.84, 4.82, 14, 14),
                    ("seed-001-overlapped", 2.70, 3.40, 1, 1),
                    ("partial-update", 5.55, 12.46, 11, 11),
                    ("compute-bound", 0.90, 6.19, 34, 34),
                    ("producer-consumer", 2.78, 5.40, 13, 13),
                ],
                (6, 6),
            ),
            (
                [
                    ("seed-001", 3.21, 7.82, 14, 14),
                    ("seed-001-overlapped", 2.58, 3.12, 1, 1),
                    ("partial-update", 5.03, 8.28, 11, 11),
                    ("compute-bound", 0.92, 4.27, 34, 34),
                    ("producer-consumer", 1.84, 2.88, 13, 13),
                ],
                (4, 3),
            ),
            (
                [
                    ("seed-001", 2.19, 6.66, 14, 14),
                    ("seed-001-overlapped", 1.69, 2.68, 1, 1),
                    ("partial-update", 3.60, 11.13, 11, 11),
                    ("compute-bound", 1.30, 5.19, 34, 34),
                    ("producer-consumer", 1.54, 3.09, 13, 13),
                ],
                (3, 2),
            ),
        ],
    );
}

/// Seed 001's host-mapped row (its table read at random over the link, its output accumulated
/// over the link) held out from ten first calibrations that time random reads beside an in-place
/// stream (`run62`, `run63`: four cycles each of a calibration and the workload in another process;
/// `run64`, `run65`): every total within 4.9 % (error %, as recorded in NOTES.md), while the same
/// GPU side priced as the two apart, added (what the model did before), comes out 2.7–10.8 %
/// short in every one of them. (`run62` measured the two cells one after the other, `run63` and `run64`
/// in alternating trials; this code's fit pairs them by trial either way.)
#[test]
fn seed_001s_lookups_over_the_link_are_priced_within_5_percent_once_their_writes_are_calibrated() {
    let cycles = [
        ("run62", 1, 2.28),
        ("run62", 2, 0.32),
        ("run62", 3, -1.44),
        ("run62", 4, 1.38),
        ("run63", 1, -2.47),
        ("run63", 2, 2.30),
        ("run63", 3, -3.33),
        ("run63", 4, 0.90),
        ("run64", 0, 0.01),
        ("run65", 0, -4.82),
    ];
    for (run, k, want) in cycles {
        let dir = Path::new("calibration/h200").join(run);
        let (data, csv) = if k == 0 {
            let tasks = if run == "run64" {
                "tasks-29"
            } else {
                "tasks-30"
            };
            ("data".to_string(), format!("{tasks}.csv"))
        } else {
            (format!("data-{k}"), format!("seed-{k}.csv"))
        };
        let terms = terms_of(&dir.join(data).join(MINIMAL.trim_start_matches("data/")));
        let v = validated(
            &terms,
            &Table::read(&dir.join(csv)).unwrap(),
            "seed-001",
            PhaseOverrides::default(),
        );
        let p = v
            .points
            .iter()
            .find(|p| p.policy == Policy::HostMapped)
            .unwrap();
        let err = 100.0 * (p.predicted_ms / p.measured_ms - 1.0);
        assert!((err - want).abs() < 0.005, "{run} {k}: {err}");
        assert!(err.abs() <= 5.0);
        // Without the term: four passes, each 64 MiB of random reads beside 64 MiB written.
        let rate = terms
            .get(model::TermId::MapGatherWrite)
            .expect("measured")
            .ms_per_gib;
        let gpu = p.parts.as_ref().unwrap().gpu;
        let without = gpu.predicted_ms - 4.0 * rate / 16.0;
        assert!(
            without < 0.975 * gpu.measured_ms,
            "{run} {k}: {without} vs {}",
            gpu.measured_ms
        );
    }
}

/// The partial update's two prefetching rows (managed-prefetch, managed-advise-prefetch; error
/// %) priced from `umodel probe` taken before and after the workloads, in the default shape
/// (64 MiB, every page touched) and in the task's (`probe --task`: 256 MiB, one page in ten, both
/// prefetches of the round trip), each run with its first calibration: over `run57`, `run58` and
/// `run59` the task's shape came closer on the whole (mean |error| 2.77 → 2.21 % before, 3.59 →
/// 2.68 % after; within 5 % in 11 of 12 against 10), not in every run (NOTES.md, "The probe in a
/// task's shape").
#[test]
fn a_probe_in_the_partial_updates_shape_prices_its_prefetching_rows_closer_on_the_whole() {
    for (run, calibration, tasks, want) in [
        (
            "run57",
            "nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T16-22-32Z.csv",
            "tasks-26.csv",
            // (default before, shaped before, default after, shaped after)
            [[2.04, 3.96], [-2.55, -0.72], [-8.12, -6.39], [-5.90, -4.13]],
        ),
        (
            "run58",
            "nvidia-h200-0931b6b9ea7c.minimal.2026-12-01T16-29-49Z.csv",
            "tasks-27.csv",
            [[4.27, 2.28], [-0.29, -2.19], [0.97, -0.96], [2.75, 0.78]],
        ),
        (
            "run59",
            "nvidia-h200-0931b6b9ea7c.minimal.csv",
            "tasks-28.csv",
            [[-0.83, -3.22], [-2.58, -4.92], [3.79, 1.30], [-0.05, -2.46]],
        ),
    ] {
        let dir = Path::new("calibration/h200").join(run);
        let terms = terms_of(&dir.join("data/models").join(calibration));
        let table = Table::read(&dir.join(tasks)).unwrap();
        for (file, want) in ["probe-1", "probe-partial-1", "probe-2", "probe-partial-2"]
            .iter()
            .zip(want)
        {
            let probe = model::Probe::read(&dir.join(format!("{file}.json"))).unwrap();
            let shaped = file.contains("partial");
            assert_eq!(
                (
                    probe.bytes,
                    probe.cpu_fraction,
                    probe.prefetch_to_device.is_some()
                ),
                if shaped {
                    (256 << 20, 0.1, true)
                } else {
                    (64 << 20, 1.0, false)
                },
                "{run} {file}"
            );
            let v = validated(
                &terms.probed(&probe).unwrap(),
                &table,
                "partial-update",
                PhaseOverrides::default(),
            );
            let got: Vec<f64> = [Policy::ManagedPrefetch, Policy::ManagedAdvisePrefetch]
                .iter()
                .map(|&policy| {
                    let p = v.points.iter().find(|p| p.policy == policy).unwrap();
                    100.0 * (p.predicted_ms / p.measured_ms - 1.0)
                })
                .collect();
            for (g, w) in got.iter().zip(want) {
                assert!((g - w).abs() < 0.005, "{run} {file}: {got:?}");
            }
        }
    }
}

/// A task query priced from a probe of another shape says so, and how to probe in the task's;
/// a probe in its shape, or a default probe for a task of the default shape, passes silently.
#[test]
fn a_probe_of_another_shape_than_the_tasks_is_named_on_stderr() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h200/run57";
    for (task, probe, noted) in [
        ("tasks/partial-update.json", "probe-1.json", true),
        ("tasks/partial-update.json", "probe-partial-1.json", false),
        ("tasks/seed-001.json", "probe-1.json", false),
        ("tasks/seed-001.json", "probe-partial-1.json", true),
    ] {
        let probe = format!("{run}/{probe}");
        let out = umodel(&d)
            .args([
                "choose", "-m", "h200", "--task", task, "--probe", &probe, "--json",
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{task} {probe}");
        json_of(&out.stdout);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            err.contains("umodel probe --task FILE"),
            noted,
            "{task} {probe}: {err}"
        );
    }
    let out = umodel(&d)
        .args([
            "validate",
            "-m",
            "h200",
            "--task",
            "tasks/partial-update.json",
            &format!("{run}/tasks-26.csv"),
            "--probe-from",
            &format!("{run}/probe-1.json"),
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("one page in 10 of its largest buffer"),
        "{err}"
    );
    // The run's own rows, measured in the task's shape, report it.
    let out = umodel(&d)
        .args([
            "validate",
            "-m",
            "h200",
            "--task",
            "tasks/partial-update.json",
            &format!("{run}/tasks-26.csv"),
            "--probe",
            "--json",
        ])
        .output()
        .unwrap();
    let v = json_of(&out.stdout);
    assert_eq!(v["probe"]["bytes"], 256 << 20);
    assert_eq!(v["probe"]["cpu_fraction"], 0.1);
    assert!(v["probe"]["prefetch_to_device"]["ms"].as_f64().unwrap() > 0.0);
}

/// `fit --task-terms-from` given several calibrations pools them: every term is one calibration's
/// whole (rate, uncertainty, cells), the one whose value at 64 MiB is the median of theirs; the
/// new term `prefetch_next` is in every one of run73's and run74's calibrations.
#[test]
fn task_terms_from_several_calibrations_take_each_terms_median_calibration() {
    let d = tempfile::tempdir().unwrap();
    let cals: Vec<String> = ["run73/data-1", "run73/data-2", "run74/data-1"]
        .iter()
        .map(|r| format!("calibration/h200/{r}/models/nvidia-h200-0931b6b9ea7c.minimal.csv"))
        .collect();
    let fit = |cals: &[String], name: &str| -> TaskTerms {
        let out = d.path().join(name);
        let mut args = vec!["fit".to_string(), cals[0].clone()];
        for c in cals {
            args.extend(["--task-terms-from".to_string(), c.clone()]);
        }
        args.extend(["-o".to_string(), out.display().to_string()]);
        let o = umodel(&d).args(&args).output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let m = store::read_model(&out).unwrap();
        if cals.len() > 1 {
            assert!(m
                .provenance
                .notes
                .iter()
                .any(|n| n.starts_with("task terms pooled over these 3 calibrations")));
        }
        m.task_terms.unwrap()
    };
    let each: Vec<TaskTerms> = (0..3)
        .map(|i| fit(&cals[i..=i], &format!("one-{i}.json")))
        .collect();
    let pooled = fit(&cals, "pooled.json");
    let at = (64u64 << 20) as f64;
    let mut from = [0usize; 3];
    for (id, c) in pooled.iter() {
        let mut theirs: Vec<f64> = each
            .iter()
            .filter_map(|t| t.get(id))
            .map(|c| c.at(at))
            .collect();
        theirs.sort_by(f64::total_cmp);
        assert_eq!(c.at(at), theirs[(theirs.len() - 1) / 2], "{}", id.name());
        let i = each
            .iter()
            .position(|t| t.get(id) == Some(c))
            .expect("one calibration's whole");
        from[i] += 1;
    }
    assert!(pooled.get(model::TermId::PrefetchNext).is_some());
    // Not one calibration's terms under another name: each gave some.
    assert!(from.iter().all(|&n| n > 0), "{from:?}");
}

/// `run73` and `run74`, every workload held out on each run's first calibration with the run's
/// probe, with the calibration's sequence cells (`prefetch/seq_*`: `prefetch_next`, the no-op at
/// its mean) and with them left out (NOTES.md "Prefetches in sequence"; `python3
/// calibration/h200/run74/compare.py`): no more cells beyond 5 %, and the prefetching rows'
/// movement side (seed 001 and its overlapped variant, producer/consumer, compute-bound; R = 1)
/// half as far off or less. Since the no-op split only the no-ops near a move pay the
/// sequence's no-op, the others the settled cells, as without the sequence: run73 6 cells and
/// 1.14 ms, run74 8 and 1.55 ms (1.12 and 1.52 before read-mostly no-ops took the settled price,
/// calibration/h200/run144/judge.txt; 6 and 1.09, 7 and 1.11 before the split).
#[test]
fn run73_and_run74_held_out_with_prefetches_in_sequence_calibrated() {
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let work = WORKLOADS;
    // (run, tag, (beyond 5 % with, without), (mean |movement side| ms with, without))
    for (run, tag, beyond, moves) in [
        ("run73", "34", (6, 7), (1.14, 2.22)),
        ("run74", "35", (8, 8), (1.55, 2.85)),
    ] {
        let dir = Path::new("calibration/h200").join(run);
        let cal = dir.join("data-1/models/nvidia-h200-0931b6b9ea7c.minimal.csv");
        let with = terms_of(&cal);
        let d = tempfile::tempdir().unwrap();
        let kept = d.path().join("minimal.csv");
        let text = std::fs::read_to_string(&cal).unwrap();
        let lines: Vec<&str> = text.lines().filter(|l| !l.contains(",seq_")).collect();
        assert!(
            lines.len() < text.lines().count(),
            "{run}: no sequence cells"
        );
        std::fs::write(&kept, lines.join("\n") + "\n").unwrap();
        // The facts go along: they give the GPU's L2, below which random reads are left out.
        std::fs::copy(store::facts_path_for(&cal), store::facts_path_for(&kept)).unwrap();
        let without = terms_of(&kept);
        assert!(with.get(model::TermId::PrefetchNext).is_some());
        assert!(without.get(model::TermId::PrefetchNext).is_none());
        // The sequence's terms are fitted apart: every other term, the settled no-op's too, is as
        // without them.
        for (id, c) in without.iter() {
            assert_eq!(with.get(id), Some(c), "{run}: {}", id.name());
        }
        let mut got = Vec::new();
        for terms in [&with, &without] {
            let (mut n, mut m) = (0, Vec::new());
            for (task, w) in work {
                let table = Table::read(&dir.join(format!("tasks-{tag}-{w}.csv"))).unwrap();
                let v = validated(terms, &table, task, probe);
                n += v.beyond_5pct;
                for p in &v.points {
                    let parts = p.parts.as_ref().unwrap();
                    let prefetching = matches!(
                        p.policy,
                        Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch
                    );
                    if prefetching && p.reuse == 1.0 && task != "partial-update" {
                        m.push((parts.movement.predicted_ms - parts.movement.measured_ms).abs());
                    }
                }
            }
            assert_eq!(m.len(), 8, "{run}");
            got.push((n, m.iter().sum::<f64>() / 8.0));
        }
        assert_eq!((got[0].0, got[1].0), beyond, "{run}");
        assert!((got[0].1 - moves.0).abs() < 0.005, "{run}: {}", got[0].1);
        assert!((got[1].1 - moves.1).abs() < 0.005, "{run}: {}", got[1].1);
    }
}

/// `run76` (an experiment; NOTES.md "The CPU sides, round by round"): two calibrations read back
/// pages the GPU's random reads migrated (seed 001's table) beside pages a streaming pass
/// migrated, in each trial. Less the same trial's read of plain memory, the two fault-backs at
/// 64 MiB differed by at most 1.3 ms in a trial, and their medians by 0.1 and 1.3 ms, while each
/// moved by 2–4 ms from trial to trial: the random migration costs the host nothing more, and no
/// term uses the cell. Seed 001 and its overlapped variant held out on each calibration with its
/// own workload run and the run's probe: 3 and 0 of 8 cells beyond 5 % (`python3
/// calibration/h200/run76/compare.py`, whose "without the cell" figures were the model's then;
/// since `fault_in_scalar` has a latency, the first calibration's seed 001 was at 3.59 % against
/// 4.11 % at the median; since the no-op split, 1 and 0 cells, and seed 001 at 3.08 %).
#[test]
fn run76_pages_random_reads_migrated_come_back_as_streamed_ones_do() {
    let dir = Path::new("calibration/h200/run76");
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    // (calibration, cells beyond 5 % and median |error| % of seed 001 and its overlapped variant)
    for (i, want) in [(1, [(1, 3.08), (0, 1.44)]), (2, [(0, 2.54), (0, 1.64)])] {
        let cal = dir.join(format!(
            "data-{i}/models/nvidia-h200-0931b6b9ea7c.minimal.csv"
        ));
        let t = Table::read(&cal).unwrap();
        let back = |case: &str| -> Vec<f64> {
            let at = |c: &str, trial: u32| {
                t.rows
                    .iter()
                    .find(|r| r.case == c && r.bytes == 64 << 20 && r.trial == trial)
                    .map(|r| r.time_ms)
                    .unwrap()
            };
            (0..3)
                .map(|k| at(case, k) - at("cpu_read_heap", k))
                .collect()
        };
        let (random, streamed) = (back("cpu_read_random_migrated"), back("cpu_read_migrated"));
        let spread = |v: &[f64]| {
            v.iter().copied().fold(f64::MIN, f64::max) - v.iter().copied().fold(f64::MAX, f64::min)
        };
        for (r, s) in random.iter().zip(&streamed) {
            assert!(
                (r - s).abs() < 1.3,
                "calibration {i}: {random:?} {streamed:?}"
            );
        }
        assert!(spread(&streamed) > 2.0, "calibration {i}: {streamed:?}");
        let terms = terms_of(&cal);
        let table = Table::read(&dir.join(format!("tasks-36-{i}.csv"))).unwrap();
        for (task, (beyond, median)) in ["seed-001", "seed-001-overlapped"].into_iter().zip(want) {
            let v = validated(&terms, &table, task, probe);
            assert_eq!(v.beyond_5pct, beyond, "calibration {i}: {task}");
            assert!(
                (v.median_ape_pct - median).abs() < 0.01,
                "calibration {i}: {task}: {}",
                v.median_ape_pct
            );
        }
    }
}

/// What a host phase pays to fault migrated pages back depends on its code: against the
/// probe's sum in the same process, seed 001's final check (a double reference streamed beside
/// the output) paid 1.27–1.77 times as much in eight processes, the compute-bound task's final
/// check 0.28–0.70 in six (calibration/h200/run77/final_ratio.txt). Given as each task's
/// `cpu_final_fault_scale`, the median of the other processes' ratios (measured elsewhere), and
/// held out with the run's probe (`python3 calibration/h200/run77/final_scale.py`): the managed
/// and managed-advise rows' mean signed error −1.90 → +0.27 % (seed 001) and +0.86 → −1.59 %
/// (compute-bound), mean |error| 4.32 → 4.03 and 2.98 → 2.62 %; cells beyond 5 % 10 → 9 (11 →
/// 10 before the no-op split) and 5 → 6 (`final_scale.txt`; the compute-bound's +1.36 → −1.09 %,
/// 7 → 5 before the write-only share; −1.71 → +0.46 and +1.47 → −0.98 % before `fault_in_scalar` had a latency). The level of the faults back moves between processes by more than the code's scale
/// corrects (run72 and run76's first process went the wrong way).
#[test]
fn a_host_codes_own_fault_back_moves_its_rows_by_what_it_measured() {
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let seed: &[&str] = &["seed-001", "seed-001-overlapped"];
    let compute: &[&str] = &["compute-bound"];
    // (run, calibration, workload run, tasks, scale given, cells beyond 5 % without and with)
    let runs = [
        (
            "run72",
            "data-1",
            "tasks-33-workload.csv",
            seed,
            1.44,
            (1, 1),
        ),
        (
            "run72",
            "data-1",
            "tasks-33-compute.csv",
            compute,
            0.40,
            (3, 4),
        ),
        (
            "run73",
            "data-1",
            "tasks-34-workload.csv",
            seed,
            1.37,
            (1, 1),
        ),
        (
            "run73",
            "data-1",
            "tasks-34-compute.csv",
            compute,
            0.54,
            (0, 0),
        ),
        (
            "run74",
            "data-1",
            "tasks-35-workload.csv",
            seed,
            1.37,
            (4, 3),
        ),
        (
            "run74",
            "data-1",
            "tasks-35-compute.csv",
            compute,
            0.40,
            (0, 2),
        ),
        ("run76", "data-1", "tasks-36-1.csv", seed, 1.44, (1, 2)),
        ("run76", "data-2", "tasks-36-2.csv", seed, 1.37, (0, 0)),
        ("run77", "data", "tasks-37-workload.csv", seed, 1.37, (2, 1)),
        (
            "run77",
            "data",
            "tasks-37-compute.csv",
            compute,
            0.54,
            (1, 0),
        ),
        ("run78", "data", "tasks-38-workload.csv", seed, 1.44, (0, 0)),
        (
            "run78",
            "data",
            "tasks-38-compute.csv",
            compute,
            0.54,
            (1, 0),
        ),
        ("run79", "data", "tasks-39-workload.csv", seed, 1.44, (1, 1)),
        (
            "run79",
            "data",
            "tasks-39-compute.csv",
            compute,
            0.40,
            (0, 0),
        ),
    ];
    // (sum of signed errors %, rows) of the managed and managed-advise rows, per workload and way
    let mut lean = std::collections::BTreeMap::<(&str, usize), (f64, u32)>::new();
    for (run, data, csv, tasks, scale, beyond) in runs {
        let dir = Path::new("calibration/h200").join(run);
        let terms = terms_of(&dir.join(format!(
            "{data}/models/nvidia-h200-0931b6b9ea7c.minimal.csv"
        )));
        let table = Table::read(&dir.join(csv)).unwrap();
        let mut got = [0; 2];
        for (k, given) in [None, Some(scale)].into_iter().enumerate() {
            for &name in tasks {
                let mut t = Task::read(&Path::new("tasks").join(format!("{name}.json"))).unwrap();
                t.cpu_final_fault_scale = given;
                let v = model::validate_task(&terms, &t, &table, probe).unwrap();
                got[k] += v.beyond_5pct;
                for p in &v.points {
                    if name == tasks[0]
                        && matches!(p.policy, Policy::Managed | Policy::ManagedAdvise)
                    {
                        let e = lean.entry((tasks[0], k)).or_default();
                        e.0 += 100.0 * (p.predicted_ms / p.measured_ms - 1.0);
                        e.1 += 1;
                    }
                }
            }
        }
        assert_eq!((got[0], got[1]), beyond, "{run}/{csv}");
    }
    let mean = |w, k| lean[&(w, k)].0 / f64::from(lean[&(w, k)].1);
    for (w, before, after) in [("seed-001", -1.90, 0.27), ("compute-bound", 0.86, -1.59)] {
        assert!(
            (mean(w, 0) - before).abs() < 0.01 && (mean(w, 1) - after).abs() < 0.01,
            "{w}: {} {}",
            mean(w, 0),
            mean(w, 1)
        );
    }
}

/// `run78` and `run79` (the run77 binary again, measured after the fault-back scales were
/// introduced), every workload held out on a fresh calibration with the run's probe (`python3
/// calibration/h200/run78/scaled.py`), as the task files stand and with seed 001's and the
/// compute-bound task's final checks' scales, each the median of the other processes' ratios:
/// `run78` 37 → 38 of 38 cells within 5 % (34 → 37 before the write-only share, the one beyond
/// then the producer/consumer's managed row),
/// every workload within 2.5 % at the median and every cell inside its 90 % interval with them;
/// `run79` 33 → 33 (the partial update's rows, which have no scale), median 1.72 → 1.05 %.
#[test]
fn run78_and_run79_held_out_with_the_final_checks_own_fault_back() {
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    // (task, workload run, whether its final check's scale is given)
    let work = [
        ("seed-001", "workload", true),
        ("seed-001-overlapped", "workload", true),
        ("partial-update", "partial", false),
        ("compute-bound", "compute", true),
        ("producer-consumer", "prodcons", false),
    ];
    // (run, tag, scales of seed 001 and the compute-bound task, per-workload medians without and
    // with, (cells within 5 %, inside the intervals) each way)
    let runs = [
        (
            "run78",
            "38",
            (1.44, 0.54),
            [
                (2.51, 1.65),
                (2.25, 2.25),
                (2.08, 2.08),
                (1.07, 0.93),
                (1.82, 1.82),
            ],
            [(37, 38), (38, 38)],
        ),
        (
            "run79",
            "39",
            (1.44, 0.40),
            [
                (1.37, 1.75),
                (0.95, 0.95),
                (6.08, 6.08),
                (1.30, 0.71),
                (0.53, 0.53),
            ],
            [(33, 35), (33, 35)],
        ),
    ];
    for (run, tag, (seed, compute), medians, want) in runs {
        let dir = Path::new("calibration/h200").join(run);
        let terms = terms_of(&dir.join("data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"));
        let mut got = [(0, 0); 2];
        for ((task, w, scaled), m) in work.into_iter().zip(medians) {
            let table = Table::read(&dir.join(format!("tasks-{tag}-{w}.csv"))).unwrap();
            let scale = scaled.then_some(if task == "compute-bound" {
                compute
            } else {
                seed
            });
            for (k, given) in [None, scale].into_iter().enumerate() {
                let mut t = Task::read(&Path::new("tasks").join(format!("{task}.json"))).unwrap();
                t.cpu_final_fault_scale = given;
                let v = model::validate_task(&terms, &t, &table, probe).unwrap();
                let want = if k == 0 { m.0 } else { m.1 };
                assert!(
                    (v.median_ape_pct - want).abs() < 0.01,
                    "{run} {task} {k}: {}",
                    v.median_ape_pct
                );
                got[k].0 += v.points.iter().filter(|p| p.ape_pct <= 5.0).count();
                got[k].1 += v.points.iter().filter(|p| p.in_interval).count();
            }
        }
        assert_eq!(got, want, "{run}");
    }
}

/// `run80`, `run81` and `run83`, each held out on its first calibration with the run's probe, as
/// the task files stand, on the builds that fill on every core (`run80`) and also run the paced
/// handoff largest first (`run81`, `run83`; `run83` without the compute-bound workload). Cells
/// within 5 % per run as in `run73`–`run79` (30–34 of 38); `run80`'s CPU ran slow all through
/// (seed 001's rows 6–18 % short of it) and `run83`'s CPU phases inside the rows ran slower than
/// its plain ones (calibration/h200/run80/compare.txt).
#[test]
fn run80_run81_and_run83_held_out_on_the_faster_calibrations() {
    // (run, its first calibration's folder, tag, per-workload medians, cells within 5 %)
    let runs = [
        (
            "run80",
            "data-1",
            "40",
            [Some(6.98), Some(5.79), Some(2.28), Some(0.66), Some(1.59)],
            (30, 38),
        ),
        (
            "run81",
            "data-1",
            "41",
            [Some(3.84), Some(1.43), Some(2.68), Some(0.64), Some(4.03)],
            (33, 38),
        ),
        (
            "run83",
            "data",
            "42",
            [Some(4.16), Some(6.44), Some(5.14), None, Some(1.00)],
            (12, 20),
        ),
    ];
    for (run, data, tag, medians, want) in runs {
        let dir = Path::new("calibration/h200").join(run);
        assert_eq!(held_out_with_probe(&dir, data, tag, medians), want, "{run}");
    }
}

/// The fault-back scales the library call measured on the workloads' own host code
/// (`examples/fault_scales.rs`, twice in `run84` and twice in `run85`, each in its own process),
/// median per code as `calibration/h200/run84/scales.py` rounds them.
fn library_scales() -> Vec<(String, model::HostAccess, f64)> {
    let mut got: Vec<(String, model::HostAccess, Vec<f64>)> = Vec::new();
    for (run, n) in [("run84", 1), ("run84", 2), ("run85", 1), ("run85", 2)] {
        let path = format!("calibration/h200/{run}/scales-{n}.json");
        let v: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        for r in v.as_array().unwrap() {
            assert_eq!(r["failed"], 0);
            let access = match r["field"].as_str().unwrap() {
                "cpu_fault_scale" => model::HostAccess::Phase,
                _ => model::HostAccess::Final,
            };
            let task = r["task"].as_str().unwrap().to_string();
            let x = r["scale"].as_f64().unwrap();
            match got.iter_mut().find(|(t, a, _)| *t == task && *a == access) {
                Some(g) => g.2.push(x),
                None => got.push((task, access, vec![x])),
            }
        }
    }
    got.into_iter()
        .map(|(t, a, v)| {
            (
                t,
                a,
                (umodel::stats::median(&v).unwrap() * 100.0).round() / 100.0,
            )
        })
        .collect()
}

/// Scales a user measures once with the library call agree with what the same processes'
/// workloads paid within 0.03–0.26 (scales.txt), and written into the task files they take
/// the held-out runs of those files from 66 to 62 cells beyond 5 % (of 362, run72–run85, the
/// run's probe; 67 to 63 before the no-op split, 72 to 67 before the write-only share); in the
/// two new runs 4 → 3 of 14 and 5 → 5 of 24.
#[test]
fn scales_measured_once_by_the_library_call_held_out_on_every_run_of_the_task_files() {
    use model::HostAccess::{Final, Phase};
    let lib = library_scales();
    let want = [
        ("seed-001", Phase, 0.99),
        ("seed-001", Final, 1.30),
        ("compute-bound", Phase, 1.31),
        ("compute-bound", Final, 0.53),
        ("producer-consumer", Phase, 0.95),
        ("partial-update", Final, 1.33),
    ];
    assert_eq!(lib.len(), want.len());
    for (t, a, x) in want {
        assert!(lib.contains(&(t.to_string(), a, x)), "{t} {a:?}: {lib:?}");
    }
    let scales: Vec<(&str, model::HostAccess, f64)> =
        lib.iter().map(|(t, a, x)| (t.as_str(), *a, *x)).collect();
    // (run, its first calibration's folder, tag, workloads' medians without and with the scales,
    // cells within 5 % without and with); X: the run lacks that workload.
    const X: f64 = -1.0;
    let some = |v: [f64; 5]| v.map(|x| (x != X).then_some(x));
    let runs = [
        (
            "run72",
            "data-1",
            "33",
            [2.78, 2.03, 2.88, 0.54, 3.38],
            [3.55, 2.03, 2.88, 1.29, 3.38],
            (31, 32),
        ),
        (
            "run73",
            "data-1",
            "34",
            [2.68, 1.74, 11.51, 1.06, 2.06],
            [2.08, 1.74, 10.36, 0.98, 2.16],
            (32, 32),
        ),
        (
            "run74",
            "data-1",
            "35",
            [5.61, 2.85, 6.80, 0.95, 0.71],
            [4.50, 2.85, 6.80, 0.78, 0.91],
            (30, 31),
        ),
        (
            "run77",
            "data",
            "37",
            [2.74, 2.02, 9.71, 1.28, 1.77],
            [3.29, 2.02, 9.71, 1.22, 1.77],
            (29, 30),
        ),
        (
            "run78",
            "data",
            "38",
            [2.51, 2.25, 2.08, 1.07, 1.82],
            [1.96, 2.25, 2.08, 0.93, 1.54],
            (37, 36),
        ),
        (
            "run79",
            "data",
            "39",
            [1.37, 0.95, 6.08, 1.30, 0.53],
            [1.31, 0.95, 6.08, 0.78, 0.18],
            (33, 33),
        ),
        (
            "run80",
            "data-1",
            "40",
            [6.98, 5.79, 2.28, 0.66, 1.59],
            [6.05, 5.79, 3.47, 0.57, 1.91],
            (30, 30),
        ),
        (
            "run81",
            "data-1",
            "41",
            [3.84, 1.43, 2.68, 0.64, 4.03],
            [3.84, 1.43, 2.68, 0.51, 3.54],
            (33, 33),
        ),
        (
            "run83",
            "data",
            "42",
            [4.16, 6.44, 5.14, X, 1.00],
            [3.56, 6.44, 5.14, X, 1.61],
            (12, 13),
        ),
        (
            "run84",
            "data",
            "43",
            [0.86, 4.63, X, X, 1.30],
            [0.86, 4.63, X, X, 1.30],
            (10, 11),
        ),
        (
            "run85",
            "data",
            "44",
            [X, X, 8.73, 0.81, X],
            [X, X, 8.73, 0.96, X],
            (19, 19),
        ),
    ];
    let (mut before, mut after, mut cells) = (0, 0, 0);
    for (run, data, tag, plain, scaled, (w0, w1)) in runs {
        let dir = Path::new("calibration/h200").join(run);
        let (within, n) = held_out_with_probe(&dir, data, tag, some(plain));
        assert_eq!(within, w0, "{run}");
        assert_eq!(
            held_out_scaled(&dir, data, tag, some(scaled), &scales),
            (w1, n),
            "{run}"
        );
        (before, after, cells) = (before + w0, after + w1, cells + n);
    }
    assert_eq!((cells - before, cells - after, cells), (66, 62, 362));
}

/// Every validation workload's task, with the `bench` group whose run holds it.
const WORKLOADS: [(&str, &str); 5] = [
    ("seed-001", "workload"),
    ("seed-001-overlapped", "workload"),
    ("partial-update", "partial"),
    ("compute-bound", "compute"),
    ("producer-consumer", "prodcons"),
];

/// Validates every workload of the run in `dir` (`tasks-TAG-W.csv`; seed 001 and its overlapped
/// variant, the partial update, the compute-bound task, the producer/consumer, in that order) on
/// the run's calibration in `data` with the run's probe; checks each workload's median APE
/// against `medians` (`None`: the run lacks that workload) and that no row failed. Returns
/// (cells within 5 %, cells).
fn held_out_with_probe(
    dir: &Path,
    data: &str,
    tag: &str,
    medians: [Option<f64>; 5],
) -> (usize, usize) {
    held_out_scaled(dir, data, tag, medians, &[])
}

/// [`held_out_with_probe`] with fault-back scales written into the task files first:
/// `(task file stem, which access, scale)`; the overlapped variant takes seed 001's.
fn held_out_scaled(
    dir: &Path,
    data: &str,
    tag: &str,
    medians: [Option<f64>; 5],
    scales: &[(&str, model::HostAccess, f64)],
) -> (usize, usize) {
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let work = WORKLOADS;
    let terms = terms_of(&dir.join(format!(
        "{data}/models/nvidia-h200-0931b6b9ea7c.minimal.csv"
    )));
    let (mut within, mut cells) = (0, 0);
    for ((task, w), median) in work.into_iter().zip(medians) {
        let csv = dir.join(format!("tasks-{tag}-{w}.csv"));
        let Some(median) = median else {
            assert!(!csv.exists(), "{} {task}", dir.display());
            continue;
        };
        let mut t = Task::read(&Path::new("tasks").join(format!("{task}.json"))).unwrap();
        for (stem, access, scale) in scales {
            if task.trim_end_matches("-overlapped") == *stem {
                *access.scale_in(&mut t) = Some(*scale);
            }
        }
        let v = model::validate_task(&terms, &t, &Table::read(&csv).unwrap(), probe).unwrap();
        assert!(
            (v.median_ape_pct - median).abs() < 0.01,
            "{} {task}: {}",
            dir.display(),
            v.median_ape_pct
        );
        assert_eq!(v.failed_rows, 0, "{} {task}", dir.display());
        cells += v.points.len();
        within += v.points.iter().filter(|p| p.ape_pct <= 5.0).count();
    }
    (within, cells)
}

/// The calibration's wall clock by build (`time` around `umodel calibrate`, written by the run
/// scripts). On one machine, three builds interleaved (`run82`): 18.2–20.0 s before, 16.7–17.4 s
/// with the managed group's fills on every core, 15.1–15.7 s with the paced handoff largest first
/// too. Every calibration of that last build's calibration code, in `run81`–`run85`,
/// `run91`–`run99` (`run91`'s `a` arm; its `b` arm ran an experiment) and `run103`–`run107`,
/// took 14.5–17.0 s. With the read-mostly prefetch's cell, whose new allocations are filled by one
/// thread (`run122`–`run124`): 17.4–18.3 s, under the issue's 20.
#[test]
fn calibrations_with_wide_fills_and_the_handoff_largest_first_took_15_to_17_s() {
    // run100-run102 are left out: their plan measured the sparse touches at 256 MiB as well.
    let wall = |run: &str, name: &str| wall_s(&Path::new("calibration/h200").join(run).join(name));
    let by_build = |b: &str| -> Vec<f64> {
        (1..=3)
            .map(|n| wall("run82", &format!("calibrate-{b}-{n}.err")))
            .collect()
    };
    let (before, managed, paced) = (by_build("79"), by_build("80"), by_build("81"));
    assert_eq!(before, [18.180, 20.001, 18.833]);
    assert_eq!(managed, [16.718, 17.412, 16.773]);
    assert_eq!(paced, [15.476, 15.685, 15.051]);
    let mut last: Vec<f64> = (1..=4)
        .map(|n| wall("run81", &format!("calibrate-{n}.err")))
        .collect();
    last.extend(&paced);
    for run in [
        "run83", "run84", "run85", "run92", "run93", "run95", "run96", "run97", "run98", "run99",
        "run103", "run104", "run105", "run106", "run107",
    ] {
        last.push(wall(run, "calibrate-1.err"));
    }
    last.extend((1..=6).map(|n| wall("run91", &format!("calibrate-a-{n}.err"))));
    assert_eq!(last.len(), 28);
    assert!(last.iter().all(|w| (14.4..=17.0).contains(w)), "{last:?}");
    // Each build beats the one before it in every round of the interleaving.
    for n in 0..3 {
        assert!(paced[n] < managed[n] && managed[n] < before[n]);
    }
    let duplicating: Vec<f64> = [
        "run122", "run123", "run124", "run125", "run126", "run127", "run128",
    ]
    .iter()
    .map(|r| wall(r, "calibrate-1.err"))
    .collect();
    assert_eq!(
        duplicating,
        [18.271, 18.272, 17.421, 19.643, 17.439, 15.673, 14.039]
    );
}

/// `run77`, measured on the code of commit 39b8681: a fresh calibration, then every workload at
/// 15 trials a cell in another process, held out with the run's probe (NOTES.md "Prefetches in
/// sequence"): 29 of 38 cells within 5 % (30 in `run77/compare.txt`, before `fault_in_scalar`
/// had a latency), three of five workloads within 2.5 % at the median (seed 001 2.74 %, 2.68
/// before read-mostly no-ops took the settled price (run144), 1.98
/// before the no-op split; the partial update 9.71 %).
#[test]
fn run77_every_workload_held_out_on_the_final_code() {
    let dir = Path::new("calibration/h200/run77");
    let medians = [Some(2.74), Some(2.02), Some(9.71), Some(1.28), Some(1.77)];
    assert_eq!(held_out_with_probe(dir, "data", "37", medians), (29, 38));
}

/// run92 (`calibration/h200/run92/beside.txt`): each workload row followed by a plain final
/// access. With the run's own calibration and probe, the partial update's copy and mapped rows
/// come out 15 % short given the plain final access timed at each trial's start (130.3 ms, where
/// the rows' own final checks ran at 162-166 ms), and within 1 % paired by trial with the pass
/// timed beside each row; seed 001's six rows are within 3 % either way (its advised prefetching
/// row −1.0 %, +5.5 % before the no-op split priced its 13 no-ops at the calibration's slow
/// sequence no-op). The partial update's prefetching rows come out 0.7 % lower than before the
/// split (its one no-op, before the first phase, at the settled price). (Within 1.3 % before
/// `fault_in_scalar` had a latency: the managed-advise row's GPU side, +11.7 % then, is at
/// +1.6 % and no longer offsets its CPU side's -2.9 %.)
#[test]
fn run92s_rows_paired_with_a_plain_final_access_beside_each_lose_the_host_passes_two_levels() {
    let run = Path::new("calibration/h200/run92");
    let terms = terms_of(&run.join("data/models/nvidia-h200-0931b6b9ea7c.minimal.csv"));
    let table = Table::read(&run.join("tasks-45-partial.csv")).unwrap();
    let probe = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let beside = PhaseOverrides {
        final_beside: true,
        ..probe
    };
    let start = validated(&terms, &table, "partial-update", probe);
    let paired = validated(&terms, &table, "partial-update", beside);
    let err = |v: &model::TaskValidation, p: Policy| {
        let q = v.points.iter().find(|q| q.policy == p).unwrap();
        (
            100.0 * (q.predicted_ms / q.measured_ms - 1.0),
            q.paired_error_pct,
        )
    };
    for (p, want_start, want_paired) in [
        (Policy::ExplicitCopy, -15.0, -0.4),
        (Policy::HostMapped, -14.7, -0.8),
        (Policy::Managed, -4.6, -6.7),
        (Policy::ManagedPrefetch, -2.55, -3.95),
        (Policy::ManagedAdvise, 1.0, -0.3),
        (Policy::ManagedAdvisePrefetch, -11.94, -5.43),
    ] {
        let (s, none) = err(&start, p);
        assert!((s - want_start).abs() < 0.05, "{p}: {s:.2}");
        assert!(none.is_none());
        let got = err(&paired, p).1.expect("paired");
        assert!((got - want_paired).abs() < 0.05, "{p}: {got:.2}");
    }
    let ps = paired.paired.unwrap();
    assert_eq!(ps.beyond_5pct, 2);
    assert!((ps.median_abs_pct - 2.36).abs() < 0.01, "{ps:?}");
    let seed = Table::read(&run.join("tasks-45-workload.csv")).unwrap();
    let s = validated(&terms, &seed, "seed-001", beside);
    let worst = s
        .points
        .iter()
        .filter(|q| q.policy != Policy::ManagedAdvisePrefetch)
        .map(|q| q.paired_error_pct.unwrap().abs())
        .fold(0.0, f64::max);
    assert!((2.9..3.0).contains(&worst), "{worst}");
    let advised = s
        .points
        .iter()
        .find(|q| q.policy == Policy::ManagedAdvisePrefetch);
    let advised = advised.unwrap().paired_error_pct.unwrap();
    assert!((advised + 1.51).abs() < 0.01, "{advised}");
}

/// Runs `umodel ARGS` (a task validation with passes beside its rows): its text shows every line
/// of `shows`; returns what `--json` prints.
fn validated_with_passes_beside(
    d: &tempfile::TempDir,
    args: &[&str],
    shows: &[&str],
) -> serde_json::Value {
    let out = umodel(d).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for line in shows {
        assert!(text.contains(line), "no {line:?} in\n{text}");
    }
    json_of(&umodel(d).args(args).arg("--json").output().unwrap().stdout)
}

/// `validate --task --final-beside` on a run that timed no plain pass beside its rows names the
/// file and the row and says what to do; on run92's it prints the paired errors, and the JSON
/// carries them. `--cpu-beside` on run92 (no CPU phases beside its rows) is refused the same way.
#[test]
fn validate_final_beside_pairs_run92_and_refuses_runs_before_it() {
    let d = tempfile::tempdir().unwrap();
    let model = "calibration/h200/run92/model-minimal-1.json";
    fails_with(
        &d,
        &[
            "validate",
            "-m",
            model,
            "--task",
            "tasks/partial-update.json",
            "calibration/h200/run85/tasks-44-partial.csv",
            "--final-beside",
        ],
        None,
        &[
            "calibration/h200/run85/tasks-44-partial.csv: no `partial-update:plain_final_beside` rows",
            "validate without --final-beside",
        ],
    );
    let args = [
        "validate",
        "-m",
        model,
        "--task",
        "tasks/partial-update.json",
        "calibration/h200/run92/tasks-45-partial.csv",
        "--probe",
        "--final-beside",
    ];
    let v = validated_with_passes_beside(
        &d,
        &args,
        &[
            "paired by trial (each trial's prediction, given the passes beside its row, over its total): median |error| 1.98 %, max 6.72 %, 1 beyond 5 %",
            // The managed row's -6.72 %: its 15 trials' paired errors that hold the median
            // (x(5)-x(11), at least 80 %) run from -9.27 to -0.31 %.
            "paired beyond 5 %: 0 of 1 resolved",
            "each policy given the plain final access timed beside its rows: explicit-copy R=1 168.6 ms",
        ],
    );
    assert_eq!(v["paired"]["beyond_5pct"], 1);
    assert_eq!(v["paired"]["beyond_5pct_resolved"], 0);
    let copy = &v["points"][0];
    assert_eq!(copy["policy"], "explicit-copy");
    assert!((copy["paired_error_pct"].as_f64().unwrap() + 0.38).abs() < 0.01);
    let managed = &v["points"][2];
    assert_eq!(managed["policy"], "managed");
    let range: Vec<f64> = managed["paired_range_pct"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert!(
        (range[0] + 9.27).abs() < 0.01 && (range[1] + 0.31).abs() < 0.01,
        "{range:?}"
    );
    // run92 timed no plain CPU phase beside its rows (run96 is the first).
    fails_with(
        &d,
        &[&args[..], &["--cpu-beside"]].concat(),
        None,
        &[
            "calibration/h200/run92/tasks-45-partial.csv: no `partial-update:plain_cpu_beside` rows",
            "before run96",
            "validate without --cpu-beside",
        ],
    );
    // --final-beside is a task validation's option.
    fails_with(
        &d,
        &[
            "validate",
            "-m",
            model,
            "calibration/h200/run92/tasks-45-partial.csv",
            "--final-beside",
        ],
        None,
        &["--task"],
    );
}

/// run96-run99 (`calibration/h200/run96/beside.txt`): each workload row followed by a plain final
/// access and a plain CPU phase. With each run's own calibration and probe, paired by trial with
/// both passes, the median |error| of a workload is within 2.5 % (the issue's target for a
/// workload) in 15 of 17 (run, workload) pairs, 8 from the plain phases at each trial's start
/// (run99's seed 001 11.3 % from the start, 0.9 % paired); the CPU phase is what pairs the
/// producer/consumer, which has no final access. The misses: run99's producer/consumer (2.9 %),
/// and run98's overlapped seed 001 (its two prefetching rows, +8.1 and +7.7 %), whose calibration
/// priced a no-op prefetch after a move at 1.15 ms at 64 MiB (7 of its 24 samples slow; 0.10-0.85
/// ms in the others since run91, `calibration/h200/run96/noop.txt`); before the no-op split
/// every no-op paid that, and the advised row was +17.7 %.
#[test]
fn run96_to_run99_paired_with_both_passes_beside_each_row() {
    let start = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let both = PhaseOverrides {
        final_beside: true,
        cpu_beside: true,
        ..start
    };
    let final_only = PhaseOverrides {
        final_beside: true,
        ..start
    };
    // (run, tag, group, task, median |error| % from the trial's start, paired with both)
    #[rustfmt::skip]
    let runs = [
        ("run96", "49", "prodcons", "producer-consumer",    1.90,  0.88),
        ("run96", "49", "workload", "seed-001",             3.54,  1.20),
        ("run96", "49", "workload", "seed-001-overlapped",  3.74,  2.15),
        ("run96", "49", "partial",  "partial-update",       4.00,  1.84),
        ("run96", "49", "compute",  "compute-bound",        1.87,  0.53),
        ("run97", "50", "prodcons", "producer-consumer",    1.17,  0.58),
        ("run97", "50", "workload", "seed-001",             1.28,  1.40),
        ("run97", "50", "workload", "seed-001-overlapped",  0.70,  1.06),
        ("run97", "50", "partial",  "partial-update",       5.87,  1.50),
        ("run98", "51", "prodcons", "producer-consumer",    0.93,  1.64),
        ("run98", "51", "workload", "seed-001",             3.73,  2.41),
        ("run98", "51", "workload", "seed-001-overlapped",  7.51,  7.37),
        ("run98", "51", "compute",  "compute-bound",        0.69,  0.51),
        ("run99", "52", "prodcons", "producer-consumer",    2.43,  2.89),
        ("run99", "52", "workload", "seed-001",            11.39,  0.90),
        ("run99", "52", "workload", "seed-001-overlapped", 13.18,  2.37),
        ("run99", "52", "partial",  "partial-update",       3.16,  1.81),
    ];
    let mut terms: Option<(&str, TaskTerms)> = None;
    for (run, tag, group, task, want_start, want_both) in runs {
        if terms.as_ref().map(|t| t.0) != Some(run) {
            let dir = Path::new("calibration/h200").join(run);
            terms = Some((
                run,
                terms_of(&dir.join("data/models/nvidia-h200-0931b6b9ea7c.minimal.csv")),
            ));
        }
        let t = &terms.as_ref().unwrap().1;
        let table = Table::read(
            &Path::new("calibration/h200").join(format!("{run}/tasks-{tag}-{group}.csv")),
        )
        .unwrap();
        let s = validated(t, &table, task, start);
        let b = validated(t, &table, task, both);
        let errors = |v: &model::TaskValidation, paired: bool| -> Vec<f64> {
            v.points
                .iter()
                .map(|p| {
                    if paired {
                        p.paired_error_pct.unwrap().abs()
                    } else {
                        100.0 * (p.predicted_ms / p.measured_ms - 1.0).abs()
                    }
                })
                .collect()
        };
        let m = |v: Vec<f64>| umodel::stats::median(&v).unwrap();
        let (got_start, got_both) = (m(errors(&s, false)), m(errors(&b, true)));
        assert!(
            (got_start - want_start).abs() < 0.01,
            "{run} {task}: {got_start:.3}"
        );
        assert!(
            (got_both - want_both).abs() < 0.01,
            "{run} {task}: {got_both:.3}"
        );
        let missed = [
            ("run98", "seed-001-overlapped"),
            ("run99", "producer-consumer"),
        ];
        assert_eq!(
            got_both <= 2.5,
            !missed.contains(&(run, task)),
            "{run} {task}"
        );
        assert!(b.points.iter().all(|p| p.cpu_ms.is_some()));
        if task == "producer-consumer" {
            // No final access: --final-beside alone pairs nothing.
            assert!(validated(t, &table, task, final_only).paired.is_none());
            assert!(b.points.iter().all(|p| p.cpu_final_ms.is_none()));
        }
    }
}

/// `validate --task --cpu-beside` on run96's producer/consumer prints the CPU phase each policy
/// was given and the paired errors; the JSON carries both.
#[test]
fn validate_cpu_beside_pairs_run96s_producer_consumer() {
    let d = tempfile::tempdir().unwrap();
    let args = [
        "validate",
        "-m",
        "calibration/h200/run96/model-minimal-1.json",
        "--task",
        "tasks/producer-consumer.json",
        "calibration/h200/run96/tasks-49-prodcons.csv",
        "--probe",
        "--cpu-beside",
    ];
    let v = validated_with_passes_beside(
        &d,
        &args,
        &[
            "each policy given the plain CPU phase timed beside its rows: explicit-copy R=1 15.27 ms, host-mapped R=1 14.86 ms",
            "paired by trial (each trial's prediction, given the passes beside its row, over its total): median |error| 0.88 %, max 3.20 %, 0 beyond 5 %",
        ],
    );
    assert_eq!(v["paired"]["beyond_5pct"], 0);
    let copy = &v["points"][0];
    assert_eq!(copy["policy"], "explicit-copy");
    assert!((copy["cpu_ms"].as_f64().unwrap() - 15.27).abs() < 0.01);
    assert!((copy["paired_error_pct"].as_f64().unwrap() - 0.94).abs() < 0.01);
    assert!(copy.get("cpu_final_ms").is_none());
}

/// The run's probe, and both plain passes timed beside each row, each trial paired with its own
/// (`validate --probe --final-beside --cpu-beside`).
fn paired_with_both() -> PhaseOverrides<'static> {
    PhaseOverrides {
        use_probe: true,
        final_beside: true,
        cpu_beside: true,
        ..PhaseOverrides::default()
    }
}

/// The minimal calibration a run under `calibration/h200` made at its start.
fn own_calibration(run: &str) -> std::path::PathBuf {
    Path::new("calibration/h200")
        .join(run)
        .join("data/models/nvidia-h200-0931b6b9ea7c.minimal.csv")
}

/// `run`'s own calibration with the lines `drop` names taken out, written to `dir` as
/// `{run}.csv` with its facts file beside it (the fit needs the GPU's L2); panics unless some
/// line was dropped.
fn own_calibration_without(
    run: &str,
    dir: &Path,
    drop: impl Fn(&str) -> bool,
) -> std::path::PathBuf {
    let cal = own_calibration(run);
    let text = std::fs::read_to_string(&cal).unwrap();
    let kept: String = text
        .lines()
        .filter(|l| !drop(l))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(kept.len() < text.len(), "{run}: nothing to drop");
    let cut = dir.join(format!("{run}.csv"));
    std::fs::write(&cut, kept).unwrap();
    std::fs::copy(
        cal.with_extension("facts.json"),
        dir.join(format!("{run}.facts.json")),
    )
    .unwrap();
    cut
}

/// `run100`-`run102` (three freshly started VMs; their minimal calibrations measured the sparse
/// touches at 256 MiB as well, an experiment since reverted, NOTES.md "Sparse faults at the
/// task's size"): each run's workloads on its own calibration, paired with both passes beside
/// each row, fitted without the 256 MiB sparse rows (the plan as it stands) and with them (one
/// price a run over three sizes). 5 of 60 cells beyond 5 % either way (6 before the no-op split, 5
/// before the write-only share); the median per (run, workload) within 2.5 % in 10 and 9 of 12
/// (9 and 8 before the split); the partial update's managed row -8.7, -1.0 and
/// +12.1 % against -7.5, +4.2 and +10.4 %. (`run100/sparse.txt`, from the build before
/// `fault_in_scalar` had a latency: 7 of 60 either way, 8 and 7 of 12.)
#[test]
fn run100_to_run102_the_256_mib_sparse_cells_leave_5_of_60_cells_beyond_5_pct() {
    let h = Path::new("calibration/h200");
    let d = tempfile::tempdir().unwrap();
    let both = paired_with_both();
    let tasks: [(&str, &[&str]); 3] = [
        ("partial", &["partial-update"]),
        ("prodcons", &["producer-consumer"]),
        ("workload", &["seed-001", "seed-001-overlapped"]),
    ];
    let (mut beyond, mut held, mut partial_managed) = ([0; 2], [0; 2], [vec![], vec![]]);
    for (run, tag) in [("run100", 53), ("run101", 54), ("run102", 55)] {
        let cal = own_calibration(run);
        let cut = own_calibration_without(run, d.path(), |l| {
            let f: Vec<&str> = l.split(',').collect();
            f.len() > 4 && f[2].contains("sparse") && f[4] == "268435456"
        });
        for (k, terms) in [terms_of(&cut), terms_of(&cal)].iter().enumerate() {
            for (group, names) in tasks {
                let table = Table::read(&h.join(format!("{run}/tasks-{tag}-{group}.csv"))).unwrap();
                for task in names {
                    let v = validated(terms, &table, task, both);
                    let e: Vec<f64> = v
                        .points
                        .iter()
                        .map(|p| p.paired_error_pct.unwrap())
                        .collect();
                    beyond[k] += e.iter().filter(|x| x.abs() > 5.0).count();
                    let abs: Vec<f64> = e.iter().map(|x| x.abs()).collect();
                    held[k] += usize::from(umodel::stats::median(&abs).unwrap() <= 2.5);
                    if *task == "partial-update" {
                        let p = v
                            .points
                            .iter()
                            .position(|p| p.policy == Policy::Managed)
                            .unwrap();
                        partial_managed[k].push((e[p] * 10.0).round() / 10.0);
                    }
                }
            }
        }
    }
    assert_eq!(beyond, [5, 5]);
    assert_eq!(held, [10, 9]);
    assert_eq!(
        partial_managed,
        [vec![-8.7, -1.0, 12.1], vec![-7.5, 4.2, 10.4]]
    );
}

/// `run103`, `run104` (NOTES.md "Sparse faults beside each row"): the partial update's managed
/// row on each run's own calibration, paired by trial with both plain passes beside each row,
/// +4.4 and -4.6 %; with `cpu_fault_run` priced at the level of the sparse cell timed beside each
/// row over the calibration's own (`--faults-beside`), -1.4 and -3.3 % (`run103/faults.txt`,
/// which validates each trial alone). No other row prices faults of separate pages.
#[test]
fn run103_run104_the_partial_updates_managed_row_paired_with_the_sparse_faults_beside_it() {
    let faults = PhaseOverrides {
        faults_beside: true,
        ..paired_with_both()
    };
    let mut got = Vec::new();
    for (run, tag) in [("run103", 56), ("run104", 57)] {
        let terms = terms_of(&own_calibration(run));
        let path = format!("calibration/h200/{run}/tasks-{tag}-partial.csv");
        let table = Table::read(Path::new(&path)).unwrap();
        let [plain, scaled] = [paired_with_both(), faults].map(|over| {
            let v = validated(&terms, &table, "partial-update", over);
            v.points
                .iter()
                .map(|p| (p.paired_error_pct.unwrap() * 10.0).round() / 10.0)
                .collect::<Vec<_>>()
        });
        let managed = 2; // the points in the order of the policies' names
        for (i, (a, b)) in plain.iter().zip(&scaled).enumerate() {
            assert_eq!(a == b, i != managed, "{run} point {i}: {a} {b}");
        }
        got.push((plain[managed], scaled[managed]));
    }
    assert_eq!(got, [(4.4, -1.4), (-4.6, -3.3)]);
}

/// `validate --task --faults-beside` on run103's partial update: each policy's level of faults
/// of separate pages against the calibration's, in text and JSON; a model fitted by an earlier
/// umodel (run103's own, made when it calibrated) has no sparse cell to compare with and is
/// refused, and so is a run that timed none beside its rows (run99's).
#[test]
fn validate_faults_beside_prices_run103s_managed_row_at_the_level_beside_it() {
    let d = tempfile::tempdir().unwrap();
    let m = d.path().join("m.json");
    let cal = own_calibration("run103");
    let fit = umodel(&d)
        .args(["fit", cal.to_str().unwrap(), "-o", m.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        fit.status.success(),
        "{}",
        String::from_utf8_lossy(&fit.stderr)
    );
    let args = [
        "validate",
        "-m",
        m.to_str().unwrap(),
        "--task",
        "tasks/partial-update.json",
        "calibration/h200/run103/tasks-56-partial.csv",
        "--probe",
        "--final-beside",
        "--cpu-beside",
        "--faults-beside",
    ];
    let v = validated_with_passes_beside(
        &d,
        &args,
        &[
            "each policy's faults of separate pages at the level timed beside its rows (over the calibration's): explicit-copy R=1 ×0.80",
            "managed R=1 -1.42 %",
        ],
    );
    let managed = &v["points"][2];
    assert_eq!(managed["policy"], "managed");
    assert!((managed["cpu_fault_run_scale"].as_f64().unwrap() - 0.79).abs() < 0.005);
    let old = ["-m", "calibration/h200/run103/model-minimal-1.json"];
    let mut refused = args;
    refused[1..3].copy_from_slice(&old);
    fails_with(
        &d,
        &refused,
        None,
        &["the model has no sparse cell of that size", "umodel fit"],
    );
    let mut run99 = args;
    run99[5] = "calibration/h200/run99/tasks-52-partial.csv";
    fails_with(
        &d,
        &run99,
        None,
        &["no `partial-update:sparse_cpu_beside` rows for explicit-copy at R = 1 (runs of the suite before run103 lack them); validate without --faults-beside"],
    );
}

/// The headline of `calibration/h200/run96/beside.txt`: run96-run99's workloads (all 110 cells:
/// each task's policies and R) on 19 calibrations (the runs' own, `run92`'s, `run93`'s,
/// `run95`'s and `run91`'s twelve), with the run's probe, from the plain phases at each trial's
/// start against paired by trial with the final access and the CPU phase timed beside each row:
/// 444 of 2090 cells beyond 5 % against 192, and the median |error| of a (run, calibration,
/// workload) within 2.5 % in 127 of 323 against 251. By policy, paired: explicit copy 0 of 323
/// (38 from the start), host-mapped 22, the migrating policies the rest. (Before read-mostly
/// no-ops took the settled price (calibration/h200/run144/judge.txt): 439 against 192, 128 and
/// 253, managed-advise-prefetch 67 / 51; before the no-op
/// split: 463 against 221, 128 and 248, managed-prefetch 109 / 28 and managed-advise-prefetch
/// 84 / 75; before the write-only share: 464 against 223, 124 and 241, managed 99 / 74 and
/// managed-advise 117 / 24; before `fault_in_scalar` had a latency: 482 against 256, 118 and
/// 237.)
#[test]
fn paired_with_both_passes_192_of_2090_cells_lie_beyond_5_pct_against_444() {
    let h = Path::new("calibration/h200");
    let model = "data/models/nvidia-h200-0931b6b9ea7c.minimal.csv";
    let mut calibrations: Vec<_> = [
        "run96", "run97", "run98", "run99", "run92", "run93", "run95",
    ]
    .iter()
    .map(|r| h.join(r).join(model))
    .collect();
    for arm in ["a", "b"] {
        for n in 1..=6 {
            calibrations.push(
                h.join(format!("run91/data-{arm}-{n}/models"))
                    .join("nvidia-h200-0931b6b9ea7c.minimal.csv"),
            );
        }
    }
    let runs: [(&str, &str, &[&str]); 4] = [
        (
            "run96",
            "49",
            &["prodcons", "workload", "partial", "compute"],
        ),
        ("run97", "50", &["prodcons", "workload", "partial"]),
        ("run98", "51", &["compute", "prodcons", "workload"]),
        ("run99", "52", &["prodcons", "workload", "partial"]),
    ];
    let tasks = |group: &str| -> &[&str] {
        match group {
            "prodcons" => &["producer-consumer"],
            "workload" => &["seed-001", "seed-001-overlapped"],
            "partial" => &["partial-update"],
            _ => &["compute-bound"],
        }
    };
    let tables: Vec<(Table, &str)> = runs
        .iter()
        .flat_map(|(run, tag, groups)| {
            groups.iter().flat_map(move |g| {
                let t = Table::read(&h.join(format!("{run}/tasks-{tag}-{g}.csv"))).unwrap();
                tasks(g).iter().map(move |task| (t.clone(), *task))
            })
        })
        .collect();
    let start = PhaseOverrides {
        use_probe: true,
        ..PhaseOverrides::default()
    };
    let both = PhaseOverrides {
        final_beside: true,
        cpu_beside: true,
        ..start
    };
    let (mut cells, mut beyond, mut held) = (0, [0, 0], [0, 0]);
    let mut by_policy: std::collections::BTreeMap<Policy, [usize; 2]> = Default::default();
    for cal in &calibrations {
        let terms = terms_of(cal);
        for (table, task) in &tables {
            let s = validated(&terms, table, task, start);
            let b = validated(&terms, table, task, both);
            let e_start: Vec<f64> = s.points.iter().map(|p| p.ape_pct).collect();
            let e_both: Vec<f64> = b
                .points
                .iter()
                .map(|p| p.paired_error_pct.unwrap().abs())
                .collect();
            cells += e_start.len();
            for (k, e) in [&e_start, &e_both].into_iter().enumerate() {
                for (p, x) in s.points.iter().zip(e) {
                    by_policy.entry(p.policy).or_default()[k] += usize::from(*x > 5.0);
                }
            }
            for (k, e) in [e_start, e_both].into_iter().enumerate() {
                beyond[k] += e.iter().filter(|&&x| x > 5.0).count();
                held[k] += usize::from(umodel::stats::median(&e).unwrap() <= 2.5);
            }
        }
    }
    assert_eq!(calibrations.len() * tables.len(), 323);
    assert_eq!(cells, 2090);
    assert_eq!(beyond, [444, 192]);
    assert_eq!(held, [127, 251]);
    let want = [
        (Policy::ExplicitCopy, [38, 0]),
        (Policy::HostMapped, [17, 22]),
        (Policy::Managed, [110, 77]),
        (Policy::ManagedPrefetch, [102, 23]),
        (Policy::ManagedAdvise, [105, 19]),
        (Policy::ManagedAdvisePrefetch, [72, 51]),
    ];
    assert_eq!(by_policy.into_iter().collect::<Vec<_>>(), want);
}

/// `run114` and `run115` (two freshly started VMs, every workload; NOTES.md "The same on two fresh
/// VMs, every workload, held out", `run114/table.md`): each run on its own calibration with its
/// probe and both passes beside each row. Paired, 8 of 76 cells beyond 5 %, all but one a
/// migrating row (`run115`'s partial update host-mapped, −11.0 %); 75 of the 76 measured medians
/// inside their 90 % intervals; seed 001's six rows predicted in their measured order.
#[test]
fn run114_and_run115_every_workload_on_fresh_vms_paired_with_both_passes() {
    let (beyond, inside, cells, not_migrating) =
        own_calibrations_paired(&[("run114", 65), ("run115", 66)]);
    assert_eq!((beyond, inside, cells), (8, 75, 76));
    assert_eq!(
        not_migrating,
        [("run115", "partial-update", Policy::HostMapped, -11.0)]
    );
}

/// `run117`-`run119` (the no-op split's held-out runs, `run117/judge.txt`; NOTES.md "Three more
/// runs, after the no-op split", `run117/table.md`): each run on its own calibration with its
/// probe and both passes beside each row. Paired, 5 of 90 cells beyond 5 %, every one a migrating
/// row; 87 of the 90 measured medians inside their 90 % intervals; seed 001's six rows predicted
/// in their measured order in all three runs. (`run119` has the producer/consumer and seed 001
/// only.)
#[test]
fn run117_to_run119_held_out_after_the_no_op_split() {
    let (beyond, inside, cells, not_migrating) =
        own_calibrations_paired(&[("run117", 68), ("run118", 69), ("run119", 70)]);
    assert_eq!((beyond, inside, cells), (5, 87, 90));
    assert_eq!(not_migrating, []);
}

/// `run122`, `run123` (one fresh VM, two processes; seed 001 and its overlapped variant only) and
/// `run124` (a second fresh VM, with the producer/consumer too; `run120/judge.txt`, the rule
/// written before the runs): the calibration's read-mostly prefetch (a new allocation each trial,
/// as the workloads make theirs) and `prefetch_duplicate`. On the runs' own calibrations, paired
/// with both passes, none of 30 cells beyond 5 %; seed 001's two advised prefetching rows −2.4,
/// −0.3, −0.5, +0.6, −0.5 and −1.9 %, against −3.3, −1.2, −1.9, −0.8, −2.1 and −3.5 % with the
/// cell's rows taken out (a read-mostly prefetch then priced as a plain one); no other row moves.
#[test]
fn run122_to_run124_held_out_for_the_read_mostly_prefetch() {
    let runs = [("run122", 73), ("run123", 74), ("run124", 75)];
    let (beyond, _, cells, _) = own_calibrations_paired(&runs);
    assert_eq!((beyond, cells), (0, 30));
    let d = tempfile::tempdir().unwrap();
    let h = Path::new("calibration/h200");
    let mut advised = [vec![], vec![]];
    for (run, tag) in runs {
        let cal = own_calibration(run);
        let cut = own_calibration_without(run, d.path(), |l| l.contains(",read_mostly_to_device,"));
        let table = Table::read(&h.join(format!("{run}/tasks-{tag}-workload.csv"))).unwrap();
        let fits = [terms_of(&cal), terms_of(&cut)];
        assert!(fits[0].get(model::TermId::PrefetchDuplicate).is_some());
        assert!(fits[1].get(model::TermId::PrefetchDuplicate).is_none());
        for task in ["seed-001", "seed-001-overlapped"] {
            let [with, without] = fits
                .each_ref()
                .map(|t| validated(t, &table, task, paired_with_both()));
            for (p, q) in with.points.iter().zip(&without.points) {
                if p.policy == Policy::ManagedAdvisePrefetch {
                    for (k, x) in [p, q].into_iter().enumerate() {
                        advised[k].push((x.paired_error_pct.unwrap() * 10.0).round() / 10.0);
                    }
                } else {
                    assert_eq!(p.predicted_ms, q.predicted_ms, "{run} {task} {}", p.policy);
                }
            }
        }
    }
    assert_eq!(
        advised,
        [
            vec![-2.6, -0.5, -1.0, 0.1, -0.4, -1.9],
            vec![-3.5, -1.4, -2.4, -1.3, -2.0, -3.5]
        ]
    );
}

/// What the pool rules (`run125/judge.py`, `run129/judge.py`) price with: the embedded `h200`
/// model's pools, the model as it stands paired with both passes beside each row, and the size
/// pools compare prices at (64 MiB).
fn pool_rules() -> (Vec<model::TermPool>, PhaseOverrides<'static>, f64) {
    let pools = store::embedded("h200")
        .unwrap()
        .task_terms
        .unwrap()
        .pools()
        .to_vec();
    let stands = PhaseOverrides {
        final_beside: true,
        cpu_beside: true,
        ..PhaseOverrides::default()
    };
    (pools, stands, (64u64 << 20) as f64)
}

/// The prefetch back priced from the embedded model's pool (the median of 31 calibrations,
/// `run77`–`run124`), held out on four fresh VMs (`run125`–`run128`) by the rule of
/// `calibration/h200/run125/judge.py`, written before them. The prefetching rows of each run's
/// workloads on its own calibration, paired with both passes, as the model stands: 18 of 32 cells
/// beyond 5 % with the calibration's own prefetch back, 7 priced from the pool (median |error|
/// 5.79 → 2.60 %). With the run's probe the probe prices it better, 3 of 32 against the pool's
/// 6 (`judge.txt`), so a probe overrides a pooled term as any other. No other row moves.
#[test]
fn run125_to_run128_held_out_the_pool_prices_the_prefetch_back_as_the_model_stands() {
    let (pools, stands, at) = pool_rules();
    let mut errors: [Vec<f64>; 2] = [vec![], vec![]];
    for (run, tag) in [
        ("run125", 76),
        ("run126", 77),
        ("run127", 78),
        ("run128", 79),
    ] {
        let own = terms_of(&own_calibration(run));
        let mut pooled = own.clone();
        let uses = pooled.price_from_pools(&pools, at);
        assert!(
            matches!(uses[..], [model::PoolUse::Priced(_)]),
            "{run}: {uses:?}"
        );
        let back = pooled.get(model::TermId::PrefetchToHost).unwrap().at(at);
        assert!((back - 6.201).abs() < 0.001, "{run}: {back}");
        for (task, group) in WORKLOADS {
            let csv = format!("calibration/h200/{run}/tasks-{tag}-{group}.csv");
            if !Path::new(&csv).exists() {
                continue;
            }
            let table = Table::read(Path::new(&csv)).unwrap();
            let [a, b] = [&own, &pooled].map(|t| validated(t, &table, task, stands));
            for (p, q) in a.points.iter().zip(&b.points) {
                if p.policy.name().contains("prefetch") {
                    errors[0].push(p.paired_error_pct.unwrap());
                    errors[1].push(q.paired_error_pct.unwrap());
                } else {
                    assert_eq!(p.predicted_ms, q.predicted_ms, "{run} {task} {}", p.policy);
                }
            }
        }
    }
    let beyond = errors
        .each_ref()
        .map(|e| e.iter().filter(|x| x.abs() > 5.0).count());
    assert_eq!((beyond, errors[0].len()), ([18, 7], 32));
    let median = errors.map(|e| {
        let mut a: Vec<f64> = e.iter().map(|x| x.abs()).collect();
        a.sort_by(f64::total_cmp);
        ((a[15] + a[16]) / 2.0 * 100.0).round() / 100.0
    });
    assert_eq!(median, [5.79, 2.6]);
}

/// `calibration/h200/run129/judge.py`'s rule A, through the library's pools: on three fresh VMs
/// (`run129`-`run131`), held out, the prefetch back priced from the median of each run's own
/// calibration and the eight runs before it (a store's own pool, as a GPU with no embedded pool
/// would have it) put 8 of 24 prefetching cells beyond 5 % against the run's own term's 7, so no
/// GPU prices from its store; the embedded H200 pool, what an H200's calibration does, 8 too
/// (NOTES.md, "The prefetch back, priced from a pool").
#[test]
fn run129_to_run131_held_out_a_pool_of_the_stores_own_calibrations_prices_no_better() {
    let (embedded, stands, at) = pool_rules();
    let runs = (121..=131).map(|r| format!("run{r}")).collect::<Vec<_>>();
    let fitted: Vec<TaskTerms> = runs.iter().map(|r| terms_of(&own_calibration(r))).collect();
    let mut errors: [Vec<f64>; 3] = [vec![], vec![], vec![]];
    for (i, tag) in [(8, 80), (9, 81), (10, 82)] {
        let run = &runs[i];
        let own = fitted[i].clone();
        let store_pool = TaskTerms::pools_of(&fitted[i - 8..=i], &model::POOLED_TERMS, at);
        assert_eq!(store_pool[0].calibrations, 9);
        let [mut from_store, mut from_embedded] = [own.clone(), own.clone()];
        for (t, pools) in [
            (&mut from_store, &store_pool),
            (&mut from_embedded, &embedded),
        ] {
            let uses = t.price_from_pools(pools, at);
            assert!(
                matches!(uses[..], [model::PoolUse::Priced(_)]),
                "{run}: {uses:?}"
            );
        }
        for (task, group) in WORKLOADS {
            let csv = format!("calibration/h200/{run}/tasks-{tag}-{group}.csv");
            if !Path::new(&csv).exists() {
                continue;
            }
            let table = Table::read(Path::new(&csv)).unwrap();
            let v = [&own, &from_store, &from_embedded].map(|t| validated(t, &table, task, stands));
            for (j, p) in v[0].points.iter().enumerate() {
                if p.policy.name().contains("prefetch") {
                    for (e, w) in errors.iter_mut().zip(&v) {
                        e.push(w.points[j].paired_error_pct.unwrap());
                    }
                }
            }
        }
    }
    let beyond = errors
        .each_ref()
        .map(|e| e.iter().filter(|x| x.abs() > 5.0).count());
    assert_eq!((beyond, errors[0].len()), ([7, 8, 8], 24));
}

/// The models `umodel fit` writes of calibration `cal` without `flag` and with it.
fn fit_without_and_with(
    d: &tempfile::TempDir,
    cal: &Path,
    flag: &str,
) -> (model::PlatformModel, model::PlatformModel) {
    let [without, with] = [None, Some(flag)].map(|flag| {
        let out = d.path().join(format!("{}.json", flag.unwrap_or("plain")));
        let o = umodel(d)
            .arg("fit")
            .args(flag)
            .arg("-o")
            .arg(&out)
            .arg(cal)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        store::read_model(&out).unwrap()
    });
    (without, with)
}

/// `umodel fit CAL -o … FLAG` fails with every one of `wants` in its message and writes nothing.
fn fit_refused(d: &tempfile::TempDir, cal: &Path, flag: &str, wants: &[&str]) {
    let x = d.path().join("x.json");
    fails_with(
        d,
        &[
            "fit",
            cal.to_str().unwrap(),
            "-o",
            x.to_str().unwrap(),
            flag,
        ],
        None,
        wants,
    );
    assert!(!x.exists());
}

/// `fit --managed-from-pinned` prices an H100 calibration's passes over managed pages kept on
/// the host as `calibrate` does (rule M2): on `run272`'s slow link, whose calibration timed the
/// managed write at 4.6 ms at 64 MiB (right after every core's fill; the pinned write 1.28 ms,
/// NOTES.md "The link probe"), each managed pass is the embedded model's scaled by this
/// calibration's pinned pass, said in the model's notes, every other term as `fit` alone writes
/// it. On a GPU whose embedded model does not ask for it the flag fails, naming the GPU.
#[test]
fn fit_prices_an_h100_calibrations_managed_passes_from_its_pinned_ones_on_request() {
    let d = tempfile::tempdir().unwrap();
    let cal = Path::new(
        "calibration/h100/run272/run272/data-1/models/nvidia-h100-80gb-hbm3-ed53a484761b.minimal.csv",
    );
    let (plain, priced) = fit_without_and_with(&d, cal, "--managed-from-pinned");
    // What the library's rule M2 makes of the plain fit, and nothing else moved.
    let mut want = plain.clone();
    let (name, moved) = store::price_managed_from_pinned(&mut want).unwrap();
    assert_eq!(name, "h100");
    assert_eq!(moved.len(), 3);
    let (t, p, w) = (
        priced.task_terms.as_ref().unwrap(),
        plain.task_terms.as_ref().unwrap(),
        want.task_terms.as_ref().unwrap(),
    );
    for (id, c) in w.iter() {
        assert_eq!(t.get(id), Some(c), "{}", id.name());
        if !moved.contains(&id) {
            assert_eq!(p.get(id), Some(c), "{}", id.name());
        }
    }
    let at = (64u64 << 20) as f64;
    let write = |t: &model::TaskTerms, id| t.get(id).unwrap().at(at);
    assert!(write(p, model::TermId::ManagedMapWrite) > 4.0);
    assert!(write(t, model::TermId::ManagedMapWrite) < 1.6);
    assert!((write(p, model::TermId::MapWrite) - 1.28).abs() < 0.05);
    assert!(priced
        .provenance
        .notes
        .iter()
        .any(|n| n.contains("rule M2")));
    assert!(!plain.provenance.notes.iter().any(|n| n.contains("rule M2")));

    // An H200 calibration: its embedded model keeps the managed passes as measured.
    fit_refused(
        &d,
        &own_calibration("run127"),
        "--managed-from-pinned",
        &[
            "--managed-from-pinned",
            "NVIDIA H200",
            "embedded models h100 only, and a model",
        ],
    );
}

/// The migration after one thread's writes (rule M3′, `calibration/h100/run315/plan.md`): `fit`
/// measures it from a calibration that timed it (`run313`'s, on a slow-link H100: 6.8 ms at
/// 64 MiB against 9.2 after every core's writes) and keeps it on the H100, where the rule passed;
/// the same calibration filed as another GPU's (its facts' GPU renamed to the H200, where the rule
/// did not pass: `calibration/h200/run216/m3prime.txt`) is fitted without it, saying so, unless `--one-thread-migration` keeps it, and
/// seed 001's managed row, priced from it, falls; on a calibration that never timed it the flag
/// fails, naming the file.
#[test]
fn fit_keeps_the_migration_after_one_threads_writes_on_the_h100_and_elsewhere_on_request() {
    use model::TermId::{FaultInScalar, FaultInScalarOneThread};
    let held_note = |m: &model::PlatformModel| {
        m.provenance
            .notes
            .iter()
            .any(|n| n.contains("measured but not priced"))
    };
    let one_thread = |m: &model::PlatformModel| {
        m.task_terms
            .as_ref()
            .unwrap()
            .get(FaultInScalarOneThread)
            .copied()
    };
    let d = tempfile::tempdir().unwrap();
    let cal = Path::new(
        "calibration/h100/run313/run313/data-1/models/nvidia-h100-80gb-hbm3-ed53a484761b.minimal.csv",
    );
    let (plain, flagged) = fit_without_and_with(&d, cal, "--one-thread-migration");
    assert!(!held_note(&plain) && !held_note(&flagged));
    assert!(one_thread(&plain).is_some());
    assert_eq!(one_thread(&plain), one_thread(&flagged));

    let elsewhere = d.path().join("elsewhere.minimal.csv");
    std::fs::copy(cal, &elsewhere).unwrap();
    let facts = std::fs::read_to_string(store::facts_path_for(cal)).unwrap();
    let renamed = facts.replace("\"NVIDIA H100 80GB HBM3\"", "\"NVIDIA H200\"");
    assert_ne!(renamed, facts);
    std::fs::write(store::facts_path_for(&elsewhere), renamed).unwrap();
    let (held, kept) = fit_without_and_with(&d, &elsewhere, "--one-thread-migration");
    let (h, k) = (
        held.task_terms.as_ref().unwrap(),
        kept.task_terms.as_ref().unwrap(),
    );
    let at = (64u64 << 20) as f64;
    assert!(h.get(FaultInScalarOneThread).is_none());
    let (one, all) = (
        k.get(FaultInScalarOneThread).unwrap().at(at),
        k.get(FaultInScalar).unwrap().at(at),
    );
    assert!(
        (6.0..7.5).contains(&one) && (8.5..10.0).contains(&all),
        "{one} {all}"
    );
    assert_eq!(one_thread(&kept), one_thread(&plain));
    assert_eq!(h.get(FaultInScalar), k.get(FaultInScalar));
    assert!(held_note(&held) && !held_note(&kept));
    let seed = |t: &model::TaskTerms| {
        model::predict_task(t, &umodel::task::workloads::seed_001(), Policy::Managed)
            .unwrap()
            .time_ms
    };
    assert!(seed(k) < seed(h));

    fit_refused(
        &d,
        &own_calibration("run127"),
        "--one-thread-migration",
        &[
            "--one-thread-migration",
            "did not measure the migration after one thread's writes",
            "cold-scalar-one-thread",
        ],
    );
}

/// `fit --price-from-pool` writes what `calibrate` would: the calibration's terms checked as
/// measured, then the prefetch back priced from the embedded model's pool, its own fit and the
/// pool's size kept in the file and said in its notes; `--pool-from` builds a pool. Bad uses fail
/// with what is wrong.
#[test]
fn fit_prices_the_prefetch_back_from_the_pool_and_builds_pools_from_calibrations() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("m.json");
    let cal = own_calibration("run127");
    let o = umodel(&d)
        .args(["fit", "--price-from-pool", "-o"])
        .arg(&out)
        .arg(&cal)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m = store::read_model(&out).unwrap();
    let t = m.task_terms.as_ref().unwrap();
    let at = (64u64 << 20) as f64;
    let own = terms_of(&cal);
    assert!((t.get(model::TermId::PrefetchToHost).unwrap().at(at) - 6.201).abs() < 0.001);
    assert_eq!(t.priced_from_pool().len(), 1);
    assert_eq!(
        t.priced_from_pool()[0].own,
        *own.get(model::TermId::PrefetchToHost).unwrap()
    );
    assert!(m
        .provenance
        .notes
        .iter()
        .any(|n| n.contains("priced from the pool of 31 calibrations")));
    // Everything else as `fit` alone writes it.
    for (id, c) in own
        .iter()
        .filter(|(id, _)| *id != model::TermId::PrefetchToHost)
    {
        assert_eq!(t.get(id), Some(c), "{}", id.name());
    }

    // A pool of two calibrations rides in the model it is written into.
    let pool = d.path().join("pool.json");
    let o = umodel(&d)
        .args(["fit", "-o"])
        .arg(&pool)
        .arg(&cal)
        .arg("--pool-from")
        .arg(own_calibration("run125"))
        .arg("--pool-from")
        .arg(own_calibration("run126"))
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let p = store::read_model(&pool).unwrap().task_terms.unwrap();
    assert_eq!(p.pools().len(), 1);
    assert_eq!(p.pools()[0].calibrations, 2);
    // The lower of the two: run125's 6.216 ms at 64 MiB against run126's 7.036.
    assert!((p.pools()[0].cost.at(at) - 6.216).abs() < 0.001);
    assert!(p.priced_from_pool().is_empty());

    let c = cal.to_str().unwrap();
    let x = d.path().join("x.json");
    let x = x.to_str().unwrap();
    let one = own_calibration("run125");
    fails_with(
        &d,
        &["fit", c, "-o", x, "--pool-from", one.to_str().unwrap()],
        None,
        &["--pool-from", "two calibrations at least"],
    );
    // A GPU with no embedded model of its own, so no pool: run112's H100 calibration with its
    // facts naming another GPU (the embedded `h100` model carries none either, since rule N5).
    let src = Path::new("calibration/h100/run112/data/models");
    let other = d.path().join("other.minimal.csv");
    std::fs::copy(
        src.join("nvidia-h100-80gb-hbm3-ed53a484761b.minimal.csv"),
        &other,
    )
    .unwrap();
    let facts =
        std::fs::read_to_string(src.join("nvidia-h100-80gb-hbm3-ed53a484761b.minimal.facts.json"))
            .unwrap();
    assert!(facts.contains("\"NVIDIA H100 80GB HBM3\""));
    std::fs::write(
        store::facts_path_for(&other),
        facts.replace("\"NVIDIA H100 80GB HBM3\"", "\"NVIDIA A100-SXM4-80GB\""),
    )
    .unwrap();
    fails_with(
        &d,
        &["fit", other.to_str().unwrap(), "-o", x, "--price-from-pool"],
        None,
        &[
            "--price-from-pool",
            "NVIDIA A100-SXM4-80GB",
            "carries a pool",
        ],
    );
    assert!(!Path::new(x).exists());
    // A pool's calibration (or its facts file) as the output: refused, the file untouched.
    let copy = d.path().join("p.csv");
    std::fs::copy(own_calibration("run125"), &copy).unwrap();
    let p = copy.to_str().unwrap();
    let two = own_calibration("run126");
    for out in [
        p.to_string(),
        store::facts_path_for(&copy).display().to_string(),
    ] {
        std::fs::write(store::facts_path_for(&copy), "{}").unwrap();
        fails_with(
            &d,
            &[
                "fit",
                c,
                "-o",
                &out,
                "--pool-from",
                p,
                "--pool-from",
                two.to_str().unwrap(),
            ],
            None,
            &["is also this command's input"],
        );
        assert_eq!(
            std::fs::read(&copy).unwrap(),
            std::fs::read(own_calibration("run125")).unwrap()
        );
    }
}

/// A cell beyond 5 % that is not a migrating row: (run, task, policy, paired error %).
type NotMigrating = (&'static str, &'static str, Policy, f64);

/// Each run's workloads (those it measured) on its own calibration with its probe, paired with
/// both passes beside each row; checks that no row failed and that seed 001's six rows are
/// predicted in their measured order. Returns (cells beyond 5 %, medians inside their 90 %
/// intervals, cells, the cells beyond 5 % that are not migrating rows).
fn own_calibrations_paired(
    runs: &[(&'static str, u32)],
) -> (usize, usize, usize, Vec<NotMigrating>) {
    let both = paired_with_both();
    let (mut cells, mut beyond, mut inside) = (0, 0, 0);
    let mut not_migrating = Vec::new();
    for &(run, tag) in runs {
        let terms = terms_of(&own_calibration(run));
        for (task, group) in WORKLOADS {
            let csv = format!("calibration/h200/{run}/tasks-{tag}-{group}.csv");
            if !Path::new(&csv).exists() {
                continue;
            }
            let v = validated(&terms, &Table::read(Path::new(&csv)).unwrap(), task, both);
            assert_eq!(v.failed_rows, 0, "{csv}");
            for p in &v.points {
                let e = p.paired_error_pct.unwrap();
                cells += 1;
                beyond += usize::from(e.abs() > 5.0);
                inside += usize::from(p.in_interval);
                if e.abs() > 5.0 && !p.policy.name().starts_with("managed") {
                    not_migrating.push((run, task, p.policy, (e * 10.0).round() / 10.0));
                }
            }
            if task == "seed-001" {
                let order = |key: fn(&model::TaskPoint) -> f64| {
                    let mut ps: Vec<_> = v.points.iter().collect();
                    ps.sort_by(|a, b| key(a).total_cmp(&key(b)));
                    ps.iter().map(|p| p.policy).collect::<Vec<_>>()
                };
                assert_eq!(order(|p| p.predicted_ms), order(|p| p.measured_ms), "{run}");
            }
        }
    }
    (beyond, inside, cells, not_migrating)
}

/// `run116` (a third fresh VM, measured after the write-only share was merged; `run116/held.txt`):
/// the producer/consumer and seed 001 on the run's own calibration, paired with both passes, none
/// of 14 cells beyond 5 %. Before the no-op split 2: seed 001's advised prefetching rows, +9.8 and
/// +8.0 % (−1.0 and −1.8 % now), whose 13 and 7 no-ops paid the calibration's sequence no-op,
/// 1.22 ms at 64 MiB (the slow spell run98's met); none follows a move, so none pays it now. The
/// producer/consumer's managed row +2.3 % (+5.2 % priced without the write-only share).
#[test]
fn run116_held_out_after_the_write_only_share() {
    let terms = terms_of(&own_calibration("run116"));
    let mut beyond = Vec::new();
    for (task, group) in &WORKLOADS[..] {
        if !matches!(*group, "prodcons" | "workload") {
            continue;
        }
        let csv = format!("calibration/h200/run116/tasks-67-{group}.csv");
        let v = validated(
            &terms,
            &Table::read(Path::new(&csv)).unwrap(),
            task,
            paired_with_both(),
        );
        for p in &v.points {
            let e = (p.paired_error_pct.unwrap() * 10.0).round() / 10.0;
            if e.abs() > 5.0 {
                beyond.push((*task, p.policy, e));
            }
            if *task == "producer-consumer" && p.policy == Policy::Managed {
                assert_eq!(e, 2.3);
            }
            if p.policy == Policy::ManagedAdvisePrefetch && task.starts_with("seed-001") {
                let want = if *task == "seed-001" { -1.9 } else { -2.8 };
                assert_eq!(e, want, "{task}");
            }
        }
    }
    assert_eq!(beyond, []);
}

/// `calibration/h200/run131/probe_beside.py` on the seven latest runs (`run125`-`run131`, each
/// on its own calibration, paired with both plain passes beside each row): priced from the probe
/// at each trial's own start instead of the run's, 10 of the 98 migrating cells lie beyond 5 %
/// against 14, and the copy and the mapping, which no probe prices, do not move. The partial
/// update's prefetching rows in `run131`: -5.8 and -9.1 % against -0.0 and -8.5 % (NOTES.md, "A
/// probe right before each task").
#[test]
fn run125_to_run131_each_trial_priced_from_its_own_probe_puts_fewer_migrating_cells_beyond_5_pct() {
    let trial = PhaseOverrides {
        probe_beside: true,
        ..paired_with_both()
    };
    let mut beyond = [0, 0];
    let mut migrating = 0;
    let mut partial = Vec::new();
    for (r, tag) in (125..=131).zip(76..) {
        let run = format!("run{r}");
        let terms = terms_of(&own_calibration(&run));
        for (task, group) in WORKLOADS {
            let csv = format!("calibration/h200/{run}/tasks-{tag}-{group}.csv");
            if !Path::new(&csv).exists() {
                continue;
            }
            let table = Table::read(Path::new(&csv)).unwrap();
            let [a, b] = [paired_with_both(), trial].map(|o| validated(&terms, &table, task, o));
            assert_eq!(b.trial_probes, Some(15), "{run} {task}");
            for (p, q) in a.points.iter().zip(&b.points) {
                let (e, f) = (p.paired_error_pct.unwrap(), q.paired_error_pct.unwrap());
                if matches!(p.policy, Policy::ExplicitCopy | Policy::HostMapped) {
                    assert_eq!(e, f, "{run} {task} {}", p.policy);
                    continue;
                }
                migrating += 1;
                beyond[0] += usize::from(e.abs() > 5.0);
                beyond[1] += usize::from(f.abs() > 5.0);
                if run == "run131"
                    && task == "partial-update"
                    && p.policy.name().contains("prefetch")
                {
                    partial.push([e, f].map(|x| (x * 10.0).round() / 10.0));
                }
            }
        }
    }
    assert_eq!((beyond, migrating), ([14, 10], 98));
    assert_eq!(partial, [[-5.8, -0.0], [-9.1, -8.5]]);
}

/// `validate --task --probe-beside` on run131's partial update: says how many trials' probes it
/// found, pairs each trial with its own (the plain prefetch row within 0.01 %), the JSON carries
/// the count; a run before the probe is refused naming both flags, and a probe file cannot stand
/// in for the trials' own.
#[test]
fn validate_probe_beside_pairs_run131_and_refuses_runs_without_a_probe() {
    let d = tempfile::tempdir().unwrap();
    let model = "calibration/h200/run131/model-minimal-1.json";
    let mut args = vec![
        "validate",
        "-m",
        model,
        "--task",
        "tasks/partial-update.json",
        "calibration/h200/run131/tasks-82-partial.csv",
        "--probe-beside",
        "--final-beside",
        "--cpu-beside",
    ];
    let v = validated_with_passes_beside(
        &d,
        &args,
        &[
            "each trial paired with the probe at its own start (15 trials' probes)",
            "given the passes beside its row and its trial's probe",
            "managed-prefetch R=1 -0.00 %",
        ],
    );
    assert_eq!(v["trial_probes"], 15);
    assert!(v["probe"]["prefetch_to_host"].is_object(), "{}", v["probe"]);
    args[5] = "calibration/h200/run16/tasks-5.csv";
    args[4] = "tasks/seed-001.json";
    fails_with(
        &d,
        &args,
        None,
        &["no migration probe beside `seed-001`", "--probe-beside"],
    );
    let probe = "calibration/h200/run131/probe-1.json";
    args.extend(["--probe-from", probe]);
    fails_with(&d, &args, None, &["--probe-from", "cannot be used with"]);
}

/// `validate --back-beside` (an experiment, not adopted: NOTES.md "The prefetch back beside each
/// row: not adopted") prices each row's prefetch back at the level of the final pass beside it.
/// On `run131`'s partial update it moves the two prefetching rows only (−5.83 / −9.09 % → −1.67 / −4.57 %,
/// their prediction up by the slower passes beside them); the other rows, and a task with no
/// final host access, answer exactly as without it. It needs the passes beside the rows.
#[test]
fn validate_back_beside_moves_only_the_prefetching_rows() {
    let d = tempfile::tempdir().unwrap();
    let model = "calibration/h200/run131/model-minimal-1.json";
    let run = |task: &str, table: &str, extra: &[&str]| {
        let mut c = umodel(&d);
        c.args(["validate", "-m", model, "--task", task, table])
            .args(["--final-beside", "--cpu-beside", "--probe", "--json"])
            .args(extra);
        json_ok(&mut c)["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["policy"].as_str().unwrap().to_string(),
                    p["paired_error_pct"].as_f64().unwrap(),
                    p["predicted_ms"].as_f64().unwrap(),
                )
            })
            .collect::<Vec<_>>()
    };
    let partial = (
        "tasks/partial-update.json",
        "calibration/h200/run131/tasks-82-partial.csv",
    );
    let before = run(partial.0, partial.1, &[]);
    let after = run(partial.0, partial.1, &["--back-beside"]);
    assert_eq!(before.len(), 6);
    for (b, a) in before.iter().zip(&after) {
        assert_eq!(b.0, a.0);
        match b.0.as_str() {
            "managed-prefetch" | "managed-advise-prefetch" => {
                let (want_b, want_a) = if b.0 == "managed-prefetch" {
                    (-5.83, -1.67)
                } else {
                    (-9.09, -4.57)
                };
                assert!((b.1 - want_b).abs() < 0.005, "{b:?}");
                assert!((a.1 - want_a).abs() < 0.005, "{a:?}");
                assert!(a.2 > b.2, "{b:?} {a:?}");
            }
            _ => assert_eq!(b, a),
        }
    }
    let prodcons = (
        "tasks/producer-consumer.json",
        "calibration/h200/run131/tasks-82-prodcons.csv",
    );
    assert_eq!(
        run(prodcons.0, prodcons.1, &[]),
        run(prodcons.0, prodcons.1, &["--back-beside"])
    );
    // The partial update validated against `table` with `flags` is refused with `wants`.
    let refused = |table: &str, flags: &[&str], wants: &[&str]| {
        let mut args = vec!["validate", "-m", model, "--task", partial.0, table];
        args.extend(flags);
        fails_with(&d, &args, None, wants);
    };
    refused(partial.1, &["--back-beside"], &["--final-beside"]);
    // A run without the plain final access to read the level against is refused, saying so.
    let text = std::fs::read_to_string(partial.1).unwrap();
    let no_final: String = text
        .lines()
        .filter(|l| !l.contains("partial-update:plain_final,"))
        .map(|l| format!("{l}\n"))
        .collect();
    let cut = d.path().join("no-final.csv");
    std::fs::write(&cut, no_final).unwrap();
    refused(
        cut.to_str().unwrap(),
        &["--final-beside", "--back-beside"],
        &["no plain final access for `partial-update`", "no-final.csv"],
    );
}

/// (run, workload group, task, MiB a buffer, [median, max] APE %, [clear orderings right, of]),
/// as `calibration/h200/run138/small.txt` records them with each run's first calibration.
type SmallTask = (
    &'static str,
    &'static str,
    &'static str,
    f64,
    [f64; 2],
    [u64; 2],
);
#[rustfmt::skip]
const SMALL_TASKS: [SmallTask; 9] = [
    ("run138", "workload", "seed-001", 0.25, [47.12, 62.83], [11, 13]),
    ("run138", "workload", "seed-001", 4.0, [14.10, 18.07], [14, 14]),
    ("run138", "prodcons", "producer-consumer", 4.0, [26.67, 36.07], [13, 13]),
    ("run138", "partial", "partial-update", 0.25, [73.24, 105.54], [9, 11]),
    ("run138", "compute", "compute-bound", 1.0, [1.92, 9.20], [23, 23]),
    ("run139", "prodcons", "producer-consumer", 16.0, [7.86, 17.71], [13, 13]),
    ("run139", "workload", "seed-001", 64.0, [3.89, 4.51], [14, 14]),
    ("run139", "prodcons", "producer-consumer", 64.0, [2.31, 6.13], [13, 13]),
    ("run141", "compute", "compute-bound", 16.0, [2.42, 11.62], [38, 38]),
];

/// run138, run139 and run141 (NOTES.md, "Tasks smaller than the calibration"): the workloads with every
/// buffer smaller than the 16 and 64 MiB the task terms are fitted at, each from the run's first
/// calibration, read from runs of several sizes (`bench --sizes`) by the task file's size. The
/// predictions hold at 64 MiB and not below 16 MiB, and say so where their terms are extrapolated.
#[test]
fn smaller_tasks_than_the_calibration_measured_miss_and_say_so() {
    let d = tempfile::tempdir().unwrap();
    let sized = |name: &str, mib: f64| {
        let mut t = Task::read(&Path::new("tasks").join(format!("{name}.json"))).unwrap();
        for b in &mut t.buffers {
            b.bytes = (mib * (1u64 << 20) as f64) as u64;
        }
        let f = d.path().join(format!("{name}-{mib}.json"));
        std::fs::write(&f, serde_json::to_string(&t).unwrap()).unwrap();
        f
    };
    for (run, group, task, mib, [median, max], [right, total]) in SMALL_TASKS {
        let tag = match run {
            "run138" => 85,
            "run139" => 86,
            _ => 88,
        };
        let csv = format!("tasks-{tag}-{group}.csv");
        let dir = Path::new("calibration/h200").join(run);
        let model = dir.join("model-minimal-1.json");
        let file = sized(task, mib);
        // `validate` with the run's CSV, `choose` without: the same model and task file.
        let ask = |command: &str, csv: Option<&Path>| {
            let mut c = umodel(&d);
            c.args([command, "-m"]).arg(&model).arg("--task").arg(&file);
            json_ok(c.args(csv).arg("--json"))
        };
        let v = ask("validate", Some(&dir.join(csv)));
        let what = format!("{run} {task} at {mib} MiB");
        let trials: Vec<u64> = v["points"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["trials"].as_u64().unwrap())
            .collect();
        // This size's rows alone: every block here has 15 trials a cell.
        assert!(trials.iter().all(|&n| n == 15), "{what}: {trials:?}");
        assert!(
            (v["median_ape_pct"].as_f64().unwrap() - median).abs() < 0.005,
            "{what}: {v}"
        );
        assert!(
            (v["max_ape_pct"].as_f64().unwrap() - max).abs() < 0.005,
            "{what}: {v}"
        );
        assert_eq!(v["order_right"], right, "{what}");
        assert_eq!(v["order_total"], total, "{what}");
        // The prediction names the extrapolation below 16 MiB, not at 64.
        let c = ask("choose", None);
        let named = c["assumptions"].as_array().is_some_and(|a| {
            a.iter()
                .any(|n| n.as_str().unwrap().contains("extrapolated"))
        });
        assert_eq!(named, mib < 16.0, "{what}: {c}");
    }
}
