//! `umodel serve`: one JSON answer per line, the same answers as the one-shot commands, and an
//! error object (never an exit) for every bad line.

mod common;

use common::{fails_with, json_of, json_ok, umodel};
use serde_json::Value;

fn serve(d: &tempfile::TempDir, input: &str) -> Vec<Value> {
    let out = umodel(d)
        .args(["serve", "-m", "h200"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

#[test]
fn answers_match_the_one_shot_commands_and_echo_the_id() {
    let d = tempfile::tempdir().unwrap();
    let a = serve(
        &d,
        "{\"id\": \"q1\", \"op\": \"choose\", \"bytes\": \"256MiB\", \"reuse\": 4}\n\
         {\"id\": 2, \"op\": \"predict\", \"policy\": \"host-mapped\", \"bytes\": 1073741824, \"reuse\": 2}\n\
         {\"op\": \"breakeven\", \"a\": \"host-mapped\", \"b\": \"explicit-copy\", \"bytes\": \"1GiB\"}\n",
    );
    assert_eq!(a.len(), 3);
    assert_eq!(a[0]["id"], "q1");
    assert_eq!(a[1]["id"], 2);
    let one_shot = |args: &[&str]| {
        let o = umodel(&d).args(args).output().unwrap();
        json_of(&o.stdout)
    };
    let c = one_shot(&[
        "choose", "-m", "h200", "--bytes", "256MiB", "--reuse", "4", "--json",
    ]);
    assert_eq!(a[0]["best"], c["best"]);
    assert_eq!(a[0]["ranking"], c["ranking"]);
    let p = one_shot(&[
        "predict",
        "-m",
        "h200",
        "--policy",
        "host-mapped",
        "--bytes",
        "1GiB",
        "--reuse",
        "2",
        "--json",
    ]);
    assert_eq!(a[1]["time_ms"], p["time_ms"]);
    let b = one_shot(&[
        "breakeven",
        "-m",
        "h200",
        "host-mapped",
        "explicit-copy",
        "--bytes",
        "1GiB",
        "--json",
    ]);
    assert_eq!(a[2]["r_star"], b["r_star"]);
}

#[test]
fn every_bad_line_gets_an_error_naming_it_and_the_server_goes_on() {
    let d = tempfile::tempdir().unwrap();
    let long = format!("{{\"op\": \"ping\", \"id\": \"{}\"}}", "x".repeat(70_000));
    let input = [
        "not json",
        "{\"op\": \"choose\", \"reuse\": -1}",
        "{\"op\": \"choose\", \"reuse\": 1e308}",
        "{\"op\": \"choose\"}",
        "{\"op\": \"frobnicate\"}",
        "{\"op\": \"choose\", \"reuse\": 4, \"colour\": \"red\"}",
        "{\"op\": \"predict\", \"policy\": \"zero-copy\", \"reuse\": 1}",
        "{\"op\": \"choose\", \"bytes\": \"12 parsecs\", \"reuse\": 1}",
        "{\"op\": \"choose\", \"from_device\": 1, \"reuse\": 2}",
        &long,
        "",
        "{\"op\": \"ping\"}",
    ]
    .join("\n");
    let a = serve(&d, &input);
    // One answer per non-empty line, in order; the last is a good one.
    assert_eq!(a.len(), 11);
    let wants = [
        "expected",
        "`reuse` must be a number from 1",
        // A huge number is quoted in exponent form, not as its 309 digits.
        "`reuse` must be a number from 1 to 1000000000 (got 1e308)",
        "`reuse` is needed",
        "unknown op `frobnicate`",
        "unknown field `colour`",
        "unknown policy `zero-copy`",
        "parsecs",
        "no peer terms",
        "longer than 65536 bytes",
    ];
    for (i, w) in wants.iter().enumerate() {
        let e = a[i]["error"]
            .as_str()
            .unwrap_or_else(|| panic!("line {}: {}", i + 1, a[i]));
        assert!(e.starts_with(&format!("line {}: ", i + 1)), "{e}");
        assert!(e.contains(w), "line {}: `{w}` not in {e}", i + 1);
        assert_eq!(a[i]["line"], i as u64 + 1);
    }
    assert_eq!(a[10]["ok"], true);
}

#[test]
fn breakeven_answers_are_exactly_the_one_shot_commands_json() {
    let d = tempfile::tempdir().unwrap();
    // Lines that cross, lines that do not (null R* and null winner), a CPU scale, the default size.
    let cases: [(&str, &[&str]); 4] = [
        (
            "{\"op\": \"breakeven\", \"a\": \"host-mapped\", \"b\": \"explicit-copy\", \"bytes\": \"1GiB\"}",
            &["host-mapped", "explicit-copy", "--bytes", "1GiB"],
        ),
        (
            "{\"op\": \"breakeven\", \"a\": \"explicit-copy\", \"b\": \"managed\"}",
            &["explicit-copy", "managed"],
        ),
        (
            "{\"op\": \"breakeven\", \"a\": \"explicit-copy\", \"b\": \"host-mapped\", \"bytes\": 67108864, \"cpu_scale\": 0.5}",
            &["explicit-copy", "host-mapped", "--bytes", "64MiB", "--cpu-scale", "0.5"],
        ),
        (
            "{\"op\": \"breakeven\", \"a\": \"managed-advise\", \"b\": \"host-mapped\", \"bytes\": \"16MiB\"}",
            &["managed-advise", "host-mapped", "--bytes", "16MiB"],
        ),
    ];
    let input: String = cases.iter().map(|(l, _)| format!("{l}\n")).collect();
    let served = serve(&d, &input);
    assert_eq!(served.len(), cases.len());
    let mut crossed = 0;
    for ((line, args), s) in cases.iter().zip(&served) {
        let out = umodel(&d)
            .args(["breakeven", "-m", "h200", "--json"])
            .args(*args)
            .output()
            .unwrap();
        let one_shot = json_of(&out.stdout);
        assert_eq!(s, &one_shot, "{line}");
        assert!(s.get("faster_above_r_star").is_some(), "{s}");
        crossed += s["r_star"].is_f64() as usize;
    }
    assert!(crossed >= 2 && crossed < cases.len(), "{served:?}");
}

/// A server on a pipe that stays open, and a client that writes a line and reads its answer.
struct Interactive {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    answers: std::sync::mpsc::Receiver<String>,
}

impl Interactive {
    fn start(d: &tempfile::TempDir) -> Interactive {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("umodel"))
            .args(["serve", "-m", "h200"])
            .env("UMODEL_DATA_DIR", d.path())
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, answers) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Interactive {
            child,
            stdin,
            answers,
        }
    }

    /// Writes `line` and waits for its answer: a server that holds it back until the next line
    /// fails here instead of hanging.
    fn ask(&mut self, line: &str) -> Value {
        use std::io::Write;
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
        match self
            .answers
            .recv_timeout(std::time::Duration::from_secs(30))
        {
            Ok(a) => serde_json::from_str(&a).unwrap_or_else(|e| panic!("{e}: {a}")),
            Err(e) => {
                let _ = self.child.kill();
                panic!("no answer to `{line}` within 30 s ({e}): the server holds it back");
            }
        }
    }

    fn finish(self) {
        drop(self.stdin);
        let mut child = self.child;
        assert!(child.wait().unwrap().success());
    }
}

#[test]
fn an_interactive_client_gets_each_answer_before_it_writes_the_next_line() {
    let d = tempfile::tempdir().unwrap();
    let mut s = Interactive::start(&d);
    assert_eq!(s.ask("{\"op\": \"ping\", \"id\": 1}")["ok"], true);
    let c = s.ask("{\"op\": \"choose\", \"bytes\": \"256MiB\", \"reuse\": 4, \"id\": 2}");
    assert_eq!(c["id"], 2);
    assert!(c["best"].is_string(), "{c}");
    assert!(s.ask("not json")["error"].is_string());
    s.finish();
}

/// The one-shot command's `--json` answer.
fn one_shot(d: &tempfile::TempDir, args: &[&str]) -> Value {
    json_ok(umodel(d).args(args))
}

#[test]
fn task_answers_are_exactly_the_one_shot_commands_json() {
    let d = tempfile::tempdir().unwrap();
    // The producer/consumer task's file as an object in the request: the same answers as the file.
    let inline: Value =
        serde_json::from_str(&std::fs::read_to_string("tasks/producer-consumer.json").unwrap())
            .unwrap();
    let probe: Value = serde_json::from_str(
        &std::fs::read_to_string("calibration/h200/run38/probe-1.json").unwrap(),
    )
    .unwrap();
    let cases: Vec<(String, Vec<&str>)> = vec![
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json"}"#.into(),
            vec!["choose", "--task", "tasks/seed-001.json"],
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "cpu_ms": 14.29, "gpu_ms": 0.294, "cpu_final_ms": 26.51}"#.into(),
            vec!["choose", "--task", "tasks/seed-001.json", "--cpu-ms", "14.29", "--gpu-ms", "0.294", "--cpu-final-ms", "26.51"],
        ),
        (
            r#"{"op": "choose", "task": "tasks/compute-bound.json", "cpu_ms": 8.7, "gpu_ms": 4.32, "rounds": 16, "reuse": 8}"#.into(),
            vec!["choose", "--task", "tasks/compute-bound.json", "--cpu-ms", "8.7", "--gpu-ms", "4.32", "--rounds", "16", "--reuse", "8"],
        ),
        (
            r#"{"op": "predict", "task": "tasks/partial-update.json", "policy": "managed-prefetch", "cpu_ms": 3.96, "gpu_ms": 0.135}"#.into(),
            vec!["predict", "--task", "tasks/partial-update.json", "--policy", "managed-prefetch", "--cpu-ms", "3.96", "--gpu-ms", "0.135"],
        ),
        (
            r#"{"op": "predict", "task": "tasks/seed-001-overlapped.json", "policy": "managed-advise-prefetch", "rounds": 1000, "reuse": 3.5}"#.into(),
            vec!["predict", "--task", "tasks/seed-001-overlapped.json", "--policy", "managed-advise-prefetch", "--rounds", "1000", "--reuse", "3.5"],
        ),
        (
            r#"{"op": "breakeven", "task": "tasks/partial-update.json", "a": "host-mapped", "b": "explicit-copy", "cpu_ms": 3.96, "gpu_ms": 0.135}"#.into(),
            vec!["breakeven", "--task", "tasks/partial-update.json", "host-mapped", "explicit-copy", "--cpu-ms", "3.96", "--gpu-ms", "0.135"],
        ),
        (
            r#"{"op": "breakeven", "task": "tasks/seed-001.json", "a": "explicit-copy", "b": "managed"}"#.into(),
            vec!["breakeven", "--task", "tasks/seed-001.json", "explicit-copy", "managed"],
        ),
        (
            format!(r#"{{"op": "choose", "task": {inline}, "cpu_ms": 14.08, "gpu_ms": 0.056}}"#),
            vec!["choose", "--task", "tasks/producer-consumer.json", "--cpu-ms", "14.08", "--gpu-ms", "0.056"],
        ),
        (
            format!(r#"{{"op": "breakeven", "task": {inline}, "a": "host-mapped", "b": "managed-advise", "cpu_ms": 14.08, "gpu_ms": 0.056}}"#),
            vec!["breakeven", "--task", "tasks/producer-consumer.json", "host-mapped", "managed-advise", "--cpu-ms", "14.08", "--gpu-ms", "0.056"],
        ),
        (
            r#"{"op": "predict", "task": "tasks/handoff-1gib.json", "policy": "host-mapped", "gpu_ms": 0.13}"#.into(),
            vec!["predict", "--task", "tasks/handoff-1gib.json", "--policy", "host-mapped", "--gpu-ms", "0.13"],
        ),
        // With a migration probe, by path and as an object.
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "cpu_ms": 14.29, "gpu_ms": 0.294, "probe": "calibration/h200/run38/probe-1.json"}"#.into(),
            vec!["choose", "--task", "tasks/seed-001.json", "--cpu-ms", "14.29", "--gpu-ms", "0.294", "--probe", "calibration/h200/run38/probe-1.json"],
        ),
        (
            format!(r#"{{"op": "predict", "task": {inline}, "policy": "managed-prefetch", "cpu_ms": 14.08, "gpu_ms": 0.056, "probe": {probe}}}"#),
            vec!["predict", "--task", "tasks/producer-consumer.json", "--policy", "managed-prefetch", "--cpu-ms", "14.08", "--gpu-ms", "0.056", "--probe", "calibration/h200/run38/probe-1.json"],
        ),
    ];
    // Each twice: the second answer comes from the compiled task kept.
    let input: String = cases
        .iter()
        .chain(&cases)
        .enumerate()
        .map(|(i, (l, _))| format!("{{\"id\": {i}, {}\n", &l[1..]))
        .collect();
    let served = serve(&d, &input);
    assert_eq!(served.len(), 2 * cases.len());
    let mut crossed = 0;
    for (i, (line, args)) in cases.iter().enumerate() {
        let mut want = one_shot(&d, &[&args[..], &["-m", "h200", "--json"]].concat());
        want["id"] = Value::from(i);
        assert_eq!(served[i], want, "{line}");
        want["id"] = Value::from(i + cases.len());
        assert_eq!(served[i + cases.len()], want, "{line}, asked again");
        crossed += served[i]["r_star"].is_f64() as usize;
    }
    assert_eq!(crossed, 2, "{served:?}");
}

/// A task priced with a probe of another shape than its own carries the command line's note
/// (`Probe::shape_mismatch`) in `notes`, asked once or again; in its own shape it has none.
#[test]
fn a_probe_of_another_shape_than_the_tasks_is_noted_in_the_answer() {
    let d = tempfile::tempdir().unwrap();
    let run = "calibration/h200/run57";
    let line = |id: usize, probe: &str| {
        format!(
            r#"{{"id": {id}, "op": "choose", "task": "tasks/partial-update.json", "cpu_ms": 4.2, "gpu_ms": 0.13, "probe": "{run}/{probe}"}}"#
        ) + "\n"
    };
    let input = [
        line(0, "probe-1.json"),
        line(1, "probe-partial-1.json"),
        line(2, "probe-1.json"),
    ]
    .concat();
    let served = serve(&d, &input);
    for (i, noted) in [(0, true), (1, false), (2, true)] {
        let a = &served[i];
        assert!(a["ranking"].is_array(), "{a}");
        let notes = a["notes"].as_array();
        assert_eq!(notes.is_some(), noted, "{a}");
        if let Some(n) = notes {
            let n = n[0].as_str().unwrap();
            assert!(
                n.contains("one page in 10") && n.contains("umodel probe --task FILE"),
                "{n}"
            );
        }
    }
}

#[test]
fn a_bad_task_gets_an_error_naming_the_problem_and_the_server_goes_on() {
    let d = tempfile::tempdir().unwrap();
    let bad_file = d.path().join("bad.json");
    std::fs::write(
        &bad_file,
        "{\"rounds\": 2,\n \"buffers\": [{\"name\": \"a\", \"bytes\": 64, \"gpu\": \"sideways\"}]}",
    )
    .unwrap();
    let bad_file = bad_file.to_str().unwrap();
    let lines = [
        (
            r#"{"op": "choose", "task": {"buffers": [{"name": "a", "bytes": 64, "gpu": "read", "colour": "red"}]}}"#.to_string(),
            "task: `buffers[0].colour`: unknown field `colour`",
        ),
        (
            r#"{"op": "choose", "task": {"buffers": [{"name": "a", "bytes": 0, "gpu": "read"}]}}"#.into(),
            "task: `buffers[0].bytes`: a buffer has at least one byte (got 0)",
        ),
        (
            r#"{"op": "choose", "task": {"rounds": 2}}"#.into(),
            "task: missing field `buffers`",
        ),
        (
            r#"{"op": "choose", "task": {"buffers": [{"name": "a", "bytes": 64, "cpu": "read"}]}}"#.into(),
            "task: `buffers`: no buffer is touched by the GPU",
        ),
        (
            r#"{"op": "choose", "task": "tasks/no-such-task.json"}"#.into(),
            "tasks/no-such-task.json: cannot read",
        ),
        (
            format!(r#"{{"op": "choose", "task": "{bad_file}"}}"#),
            "bad.json:2:",
        ),
        (
            r#"{"op": "choose", "task": 42}"#.into(),
            "`task` is a task file's path or a task object (got 42)",
        ),
        (
            // A long value is quoted in part.
            format!(r#"{{"op": "choose", "task": [{}]}}"#, vec!["1"; 500].join(",")),
            "(got [1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1…)",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "gpu_ms": -0.5}"#.into(),
            "`gpu_ms` must be a number from 0",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "rounds": 2.5}"#.into(),
            "`rounds` must be a whole number (got 2.5)",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "reuse": 0.5}"#.into(),
            "`reuse` must be a number from 1",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "cpu_final_ms": 1e400}"#.into(),
            "number out of range",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "bytes": "1GiB"}"#.into(),
            "`bytes` does not apply to a task",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "cpu_scale": 2}"#.into(),
            "`cpu_scale` does not apply to a task",
        ),
        (
            r#"{"op": "predict", "task": "tasks/seed-001.json"}"#.into(),
            "`policy` is needed",
        ),
        (
            r#"{"op": "predict", "task": "tasks/seed-001.json", "policy": "device"}"#.into(),
            "`device` is not a policy a task can use",
        ),
        (
            r#"{"op": "breakeven", "task": "tasks/seed-001.json", "a": "managed", "b": "managed"}"#.into(),
            "break-even needs two different policies",
        ),
        (
            r#"{"op": "breakeven", "task": "tasks/seed-001.json", "a": "managed", "b": "host-mapped", "reuse": 4}"#.into(),
            "`reuse` is what a task's break-even is over",
        ),
        (
            r#"{"op": "frobnicate", "task": "tasks/seed-001.json"}"#.into(),
            "unknown op `frobnicate` with task",
        ),
        (
            r#"{"op": "choose", "reuse": 2, "rounds": 3}"#.into(),
            "`rounds` is a task's value: give `task` with it",
        ),
        (
            r#"{"op": "choose", "reuse": 2, "probe": {"bytes": 4096}}"#.into(),
            "`probe` is a task's value: give `task` with it",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "probe": {"bytes": 67108864, "fault_out": {"ms": 3}}}"#.into(),
            "probe: not a migration probe",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "probe": {"bytes": 67108864, "fault_in": {"ms": -2}}}"#.into(),
            "`fault_in.ms` must be a positive number of milliseconds, at most 1e9, not -2",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "probe": "no/such/probe.json"}"#.into(),
            "no/such/probe.json: cannot read the probe",
        ),
        (
            r#"{"op": "choose", "task": "tasks/seed-001.json", "probe": 7}"#.into(),
            "`probe` is a probe file's path or a probe object (got 7)",
        ),
    ];
    let input: String = lines
        .iter()
        .map(|(l, _)| format!("{l}\n"))
        .chain(["{\"op\": \"choose\", \"task\": \"tasks/seed-001.json\"}\n".to_string()])
        .collect();
    let a = serve(&d, &input);
    assert_eq!(a.len(), lines.len() + 1);
    for (i, (line, want)) in lines.iter().enumerate() {
        let e = a[i]["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{line}: {}", a[i]));
        assert!(e.starts_with(&format!("line {}: ", i + 1)), "{e}");
        assert!(e.contains(want), "{line}: `{want}` not in {e}");
    }
    assert_eq!(
        a[lines.len()]["best"],
        "explicit-copy",
        "{}",
        a[lines.len()]
    );
    // A model without task terms says so, for every task query.
    let out = umodel(&d)
        .args(["serve", "-m", "gb200-paper"])
        .write_stdin("{\"op\": \"choose\", \"task\": \"tasks/seed-001.json\"}\n")
        .output()
        .unwrap();
    let e = json_of(&out.stdout);
    assert!(
        e["error"].as_str().unwrap().contains("has no task terms"),
        "{e}"
    );
}

#[test]
fn an_edited_task_file_is_read_again() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("t.json");
    let path_s = path.to_str().unwrap();
    let text = std::fs::read_to_string("tasks/seed-001.json").unwrap();
    std::fs::write(&path, &text).unwrap();
    let line = format!("{{\"op\": \"choose\", \"task\": \"{path_s}\", \"gpu_ms\": 0.3}}");
    // One server: the file, then (after the first answer) the file with 16 rounds, then none.
    let mut s = Interactive::start(&d);
    let before = s.ask(&line);
    assert_eq!(before["rounds"], 4, "{before}");
    std::fs::write(&path, text.replace("\"rounds\": 4", "\"rounds\": 16")).unwrap();
    let after = s.ask(&line);
    assert_eq!(after["rounds"], 16, "{after}");
    let want = one_shot(
        &d,
        &[
            "choose", "-m", "h200", "--json", "--task", path_s, "--gpu-ms", "0.3",
        ],
    );
    assert_eq!(after, want);
    std::fs::remove_file(&path).unwrap();
    let gone = s.ask(&line);
    assert!(
        gone["error"].as_str().unwrap().contains("cannot read"),
        "{gone}"
    );
    s.finish();
}

#[cfg(unix)]
#[test]
fn socket_path_that_is_not_a_socket_is_refused_and_left_alone() {
    let d = tempfile::tempdir().unwrap();
    let path = d.path().join("answers.txt");
    std::fs::write(&path, "keep me").unwrap();
    fails_with(
        &d,
        &["serve", "-m", "h200", "--socket"],
        Some(&path),
        &["exists and is not a socket; not replacing it"],
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "keep me");
}

#[test]
fn a_probe_is_judged_as_probe_from_judges_it() {
    let d = tempfile::tempdir().unwrap();
    let path = "calibration/h100/run232/run232/probe-1.json";
    let object = std::fs::read_to_string(path).unwrap().replace('\n', " ");
    let input = format!(
        "{{\"id\": 1, \"op\": \"probe\", \"probe\": \"{path}\"}}\n\
         {{\"op\": \"probe\", \"probe\": {object}}}\n\
         {{\"op\": \"probe\"}}\n\
         {{\"op\": \"probe\", \"probe\": \"{path}\", \"task\": \"tasks/seed-001.json\"}}\n\
         {{\"op\": \"probe\", \"probe\": {{\"bytes\": 67108864, \"fault_out\": {{\"ms\": 3}}}}}}\n"
    );
    let out = umodel(&d)
        .args(["serve", "-m", "h100"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert!(out.status.success());
    let a: Vec<Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let want = json_ok(umodel(&d).args(["probe", "-m", "h100", "--from", path, "--json"]));
    for (k, got) in a[..2].iter().enumerate() {
        assert_eq!(got["figures"], want["figures"], "answer {k}");
        assert_eq!(got["differs"], want["differs"], "answer {k}");
        assert_eq!(got["beyond"], want["beyond"], "answer {k}");
    }
    assert_eq!(
        (&a[0]["id"], &a[0]["probe"], &a[1]["probe"]),
        (&1.into(), &path.into(), &"probe".into())
    );
    assert!(want["differs"]
        .as_array()
        .unwrap()
        .contains(&"map_read".into()));
    for (i, wanted) in [
        (2, "`probe` is needed"),
        (3, "`task` does not apply to op `probe`"),
        (4, "unknown field `fault_out`"),
    ] {
        let e = a[i]["error"].as_str().unwrap_or_else(|| panic!("{}", a[i]));
        assert!(
            e.starts_with(&format!("line {}: ", i + 1)) && e.contains(wanted),
            "{e}"
        );
    }
}
