//! `umodel report`: the page for the committed H200 and GB200 data has every chart, legends, and
//! only finite coordinates; the command writes it and refuses bad input without writing.

mod common;

use std::path::Path;

use common::{fails_with, umodel};
use umodel::report::{render, ReportInput};
use umodel::table::Table;

fn page(model: &str, csvs: &[&str]) -> String {
    let m = umodel::store::embedded(model).unwrap();
    render(&ReportInput {
        model: &m,
        model_name: format!("embedded model {model}"),
        tables: csvs
            .iter()
            .map(|c| Table::read(Path::new(c)).unwrap())
            .collect(),
    })
    .unwrap()
}

/// The inline SVG of one section.
fn section<'a>(html: &'a str, id: &str) -> &'a str {
    let start = html
        .find(&format!("<section id=\"{id}\""))
        .unwrap_or_else(|| panic!("no section {id}"));
    let end = html[start..].find("</section>").unwrap() + start;
    &html[start..end]
}

/// Every number in a coordinate attribute is finite, and the page never prints NaN or inf.
fn coordinates_are_finite(html: &str) {
    assert!(!html.contains("NaN"), "NaN in the page");
    for attr in [
        " x=\"",
        " y=\"",
        " x1=\"",
        " y1=\"",
        " x2=\"",
        " y2=\"",
        " cx=\"",
        " cy=\"",
        " points=\"",
        " width=\"",
        " height=\"",
    ] {
        for part in html.split(attr).skip(1) {
            let value = &part[..part.find('"').unwrap()];
            for num in value.split([' ', ',']).filter(|s| !s.is_empty()) {
                let v: f64 = num
                    .parse()
                    .unwrap_or_else(|_| panic!("{attr}{value}: not a number"));
                assert!(v.is_finite(), "{attr}{value}");
            }
        }
    }
}

/// No script, nothing fetched (the SVG namespace is a name, not a fetch).
fn self_contained(html: &str) {
    let bare = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for no in ["<script", "http://", "https://", "<link", "<img"] {
        assert!(!bare.contains(no), "{no}");
    }
}

#[test]
fn the_h200_page_has_every_chart_with_legends_and_finite_coordinates() {
    let html = page("h200", &["calibration/h200/run2/full-3.csv"]);
    coordinates_are_finite(&html);
    assert_eq!(html.matches("<svg").count(), html.matches("</svg>").count());
    // Four sizes of reuse curves, each with every policy in its legend and measured points.
    let curves = section(&html, "reuse-curves");
    assert_eq!(curves.matches("<svg").count(), 4);
    for p in [
        "explicit-copy",
        "host-mapped",
        "managed-prefetch",
        "managed-advise-prefetch",
    ] {
        assert_eq!(
            curves.matches(&format!(">\n{p}\n<")).count(),
            4,
            "{p} in each legend"
        );
    }
    assert!(curves.contains("<circle"), "measured medians drawn");
    for id in ["policy-map", "breakeven", "bandwidths", "noise"] {
        assert_eq!(section(&html, id).matches("<svg").count(), 1, "{id}");
    }
    assert!(section(&html, "policy-map").contains("R* (break-even)"));
    let bw = section(&html, "bandwidths");
    assert!(
        bw.contains("HBM peak 4814 GB/s") && bw.contains("link peak 63 GB/s"),
        "peaks from the facts"
    );
    assert!(section(&html, "noise").contains("CPU update"));
    // Validation: the model's own held-out summary and the one on the CSV given.
    let v = section(&html, "validation");
    assert!(v.matches("<tr>").count() >= 3, "{v}");
    assert!(section(&html, "facts").contains("NVIDIA H200"));
    self_contained(&html);
}

#[test]
fn the_gb200_page_draws_from_the_published_numbers() {
    let html = page("gb200-paper", &["calibration/gb200-paper/measurements.csv"]);
    coordinates_are_finite(&html);
    for id in [
        "reuse-curves",
        "policy-map",
        "bandwidths",
        "validation",
        "facts",
    ] {
        section(&html, id);
    }
    assert!(section(&html, "reuse-curves").contains(">\nexplicit-copy\n<"));
}

#[test]
fn report_writes_one_page_and_refuses_a_bad_csv_without_writing() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let o = umodel(&d)
        .args(["report", "-m", "h200", "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    // No CSV given: the one the model was fitted from, when it is here.
    assert!(html.contains("calibration/h200/run2/full-3.csv"));
    assert!(html.contains("id=\"noise\""));
    let bad = d.path().join("bad.csv");
    std::fs::write(&bad, "group,policy\nhandoff,teleport\n").unwrap();
    let out2 = d.path().join("out2");
    fails_with(
        &d,
        &["report", "-m", "h200", "-o", out2.to_str().unwrap()],
        Some(&bad),
        &["bad.csv"],
    );
    assert!(!out2.exists(), "nothing written");
}

/// The task page of seed 001 on the embedded H200 model, its phases as the README gives them,
/// checked against run191's workload group.
fn task_page() -> (
    String,
    umodel::model::TaskChoice,
    umodel::model::TaskValidation,
) {
    use umodel::model::{validate_task, PhaseOverrides, Predictor, TaskOverrides};
    let m = umodel::store::embedded("h200").unwrap();
    let task = umodel::task::Task::read(Path::new("tasks/seed-001.json")).unwrap();
    let q = Predictor::new(&m);
    let c = q.compile_task(&task).unwrap();
    let o = TaskOverrides {
        cpu_ms: Some(14.0),
        gpu_ms: Some(0.29),
        cpu_final_ms: Some(26.0),
        ..TaskOverrides::default()
    };
    let table = Table::read(Path::new("calibration/h200/run191/workload.csv")).unwrap();
    let v = validate_task(
        q.task_terms().unwrap(),
        &task,
        &table,
        PhaseOverrides::default(),
    )
    .unwrap();
    let html = umodel::report::render_task(&umodel::report::TaskReportInput {
        model: &m,
        model_name: "embedded model h200".into(),
        task: &c,
        overrides: o,
        spec: &task,
        headline: &|_| "the headline".into(),
        validations: vec![v.clone()],
        checked: "as checked",
        probe: None,
    })
    .unwrap();
    (html, c.round_by_round().choose(o).unwrap(), v)
}

#[test]
fn the_task_page_ranks_draws_and_checks_the_task_as_the_queries_do() {
    let (html, choice, v) = task_page();
    coordinates_are_finite(&html);
    assert_eq!(html.matches("<svg").count(), 3, "reuse, parts, validation");
    assert_eq!(html.matches("<svg").count(), html.matches("</svg>").count());
    // The ranking: every policy in the order `choose --task` gives, each at its time.
    let ranking = section(&html, "ranking");
    let mut at = 0;
    for p in choice.ranking() {
        let row = format!("</span> {}</td><td>", p.policy);
        let i = ranking[at..]
            .find(&row)
            .unwrap_or_else(|| panic!("{} not after the one before", p.policy))
            + at;
        at = i + row.len();
        let time = &ranking[at..at + ranking[at..].find('<').unwrap()];
        // Printed as the command line prints it: four significant digits or more.
        assert!(
            (time.parse::<f64>().unwrap() - p.time_ms).abs() <= 5e-4 * p.time_ms,
            "{}: {time} against {}",
            p.policy,
            p.time_ms
        );
    }
    assert!(ranking.contains(&format!("Best: <b>{}</b>", choice.best().policy)));
    // The charts: each policy's curve and bar, and every part in the bars' legend.
    let charts = section(&html, "charts");
    for p in choice.ranking() {
        assert_eq!(
            charts.matches(&format!(">\n{}\n<", p.policy)).count(),
            2,
            "{}: one label in the curves' legend, one on the bars' axis",
            p.policy
        );
    }
    for part in ["CPU phases", "GPU faults", "prefetches", "sync"] {
        assert!(charts.contains(&format!(">\n{part}\n<")), "{part}");
    }
    // The validation: a row a point, and the summary validate --task prints.
    let val = section(&html, "validation");
    let policies: std::collections::BTreeSet<_> = v.points.iter().map(|p| p.policy).collect();
    assert_eq!(
        val.matches("<circle").count(),
        v.points.len() + policies.len(),
        "a dot a point, and one a policy in the legend"
    );
    assert_eq!(
        val.matches("<tr><td>calibration/h200/run191/workload.csv</td><td><span")
            .count(),
        v.points.len()
    );
    assert!(val.contains(&format!("median |error| {:.2} %", v.median_ape_pct)));
    // The buffers as umodel reads them, with seed 001's advice (the issue's: read-mostly for
    // what both sides read, preferred location + accessed-by for what the device writes and the
    // host reads at the end).
    let buffers = section(&html, "buffers");
    for row in [
        "<td>table</td><td>64 MiB</td><td>read</td><td>random</td><td>read</td><td>·</td><td>read-mostly</td>",
        "<td>keys</td><td>64 MiB</td><td>read</td><td>sequential</td><td>·</td><td>·</td><td>preferred location device</td>",
        "<td>out</td><td>64 MiB</td><td>readwrite</td><td>sequential</td><td>·</td><td>read</td><td>preferred location device + accessed-by host</td>",
    ] {
        assert!(buffers.contains(row), "{row}\n{buffers}");
    }
    assert!(section(&html, "facts").contains("NVIDIA H200"));
    self_contained(&html);
}

#[test]
fn report_task_writes_the_task_page_and_refuses_bad_input_without_writing() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let o = umodel(&d)
        .args([
            "report",
            "-m",
            "h200",
            "--task",
            "tasks/seed-001.json",
            "--cpu-ms",
            "14",
            "--reuse",
            "2",
            "-o",
            out.to_str().unwrap(),
            "calibration/h200/run191/workload.csv",
            "--final-beside",
            "--cpu-beside",
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    assert!(html.contains("<h2>Ranking at R = 2</h2>"));
    assert!(
        html.contains("CPU phase 14.00 ms"),
        "the headline as `choose` prints it"
    );
    // The measurement checked as `validate --task --final-beside --cpu-beside` checks it: its
    // paired summary, as that command computes it.
    let v = common::json_ok(umodel(&d).args([
        "validate",
        "-m",
        "h200",
        "--task",
        "tasks/seed-001.json",
        "calibration/h200/run191/workload.csv",
        "--final-beside",
        "--cpu-beside",
        "--json",
    ]));
    let val = section(&html, "validation");
    assert!(val.contains("<code>--cpu-beside --final-beside</code>"));
    assert!(
        val.contains(&format!(
            "paired by trial: median |error| {:.2} %, max {:.2} %, {} beyond 5 % ({} resolved by the trials)",
            v["paired"]["median_abs_pct"].as_f64().unwrap(),
            v["paired"]["max_abs_pct"].as_f64().unwrap(),
            v["paired"]["beyond_5pct"],
            v["paired"]["beyond_5pct_resolved"]
        )),
        "{val}"
    );
    // A task file with a bad value: the file and the field named, nothing written.
    let bad = d.path().join("bad.json");
    std::fs::write(
        &bad,
        r#"{"name": "t", "rounds": 0, "buffers": [{"name": "a", "bytes": 1024, "gpu": "read", "cpu": "none"}]}"#,
    )
    .unwrap();
    let out2 = d.path().join("out2");
    fails_with(
        &d,
        &[
            "report",
            "-m",
            "h200",
            "-o",
            out2.to_str().unwrap(),
            "--task",
        ],
        Some(&bad),
        &["bad.json", "rounds"],
    );
    // Measurements without the task's rows: the CSV named, nothing written.
    fails_with(
        &d,
        &[
            "report",
            "-m",
            "h200",
            "-o",
            out2.to_str().unwrap(),
            "--task",
            "tasks/seed-001.json",
            "calibration/h200/run191/partial.csv",
        ],
        None,
        &["partial.csv"],
    );
    // A task's values without a task: refused by the parser.
    fails_with(
        &d,
        &[
            "report",
            "-m",
            "h200",
            "-o",
            out2.to_str().unwrap(),
            "--cpu-ms",
            "3",
        ],
        None,
        &["--task"],
    );
    assert!(!out2.exists(), "nothing written");
}

/// The ranking's last column is `breakeven --task` of each policy against the best: on horner.cu's
/// task (its own R = 4) host-mapped and managed-advise overtake the explicit copy below R = 1.07
/// and 1.12 on the H200 model (1.16 on the thirty's, until rule T), the prefetching policies never.
#[test]
fn the_task_pages_break_even_column_is_breakeven_task_against_the_best() {
    use umodel::model::{Predictor, TaskOverrides};
    let m = umodel::store::embedded("h200").unwrap();
    let task = umodel::task::Task::read(Path::new("tasks/horner.json")).unwrap();
    let c = Predictor::new(&m).compile_task(&task).unwrap();
    let o = TaskOverrides::default();
    let html = umodel::report::render_task(&umodel::report::TaskReportInput {
        model: &m,
        model_name: "embedded model h200".into(),
        task: &c,
        overrides: o,
        spec: &task,
        headline: &|_| String::new(),
        validations: Vec::new(),
        checked: "",
        probe: None,
    })
    .unwrap();
    assert!(
        !html.contains("id=\"validation\""),
        "no measurements, no section"
    );
    let ranking = section(&html, "ranking");
    let choice = c.round_by_round().choose(o).unwrap();
    let best = choice.best().policy;
    assert!(ranking.contains(&format!("<th>R* against {best}</th>")));
    let mut crossed = 0;
    for p in choice.ranking() {
        let row = &ranking[ranking.find(&format!("</span> {}</td>", p.policy)).unwrap()..];
        let row = &row[..row.find("</tr>").unwrap()];
        let last = row.rsplit("<td>").next().unwrap().trim_end_matches("</td>");
        let want = match c.round_by_round().breakeven(p.policy, best, o) {
            _ if p.policy == best => "–".to_string(),
            Ok(Some(r)) => {
                crossed += 1;
                format!("{r:.2}")
            }
            Ok(None) => "never".to_string(),
            Err(e) => panic!("{e}"),
        };
        assert_eq!(last, want, "{}", p.policy);
    }
    assert_eq!(crossed, 2, "{ranking}");
    for (p, r) in [("host-mapped", "1.07"), ("managed-advise", "1.12")] {
        assert!(
            ranking.contains(&format!("</span> {p}</td>"))
                && ranking.contains(&format!("<td>{r}</td></tr>")),
            "{p} at {r}: {ranking}"
        );
    }
}

/// A model without a term some policies need (here `map_read`, as a calibration before it had
/// none): the page ranks and draws the others and says why each of those is not ranked, as
/// `choose --task` does.
#[test]
fn the_task_page_names_the_policies_a_model_cannot_price_and_why() {
    let d = tempfile::tempdir().unwrap();
    let mut m: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string("models/h200.json").unwrap()).unwrap();
    m["task_terms"]
        .as_object_mut()
        .unwrap()
        .remove("map_read")
        .unwrap();
    let model = d.path().join("no-map-read.json");
    std::fs::write(&model, m.to_string()).unwrap();
    let out = d.path().join("out");
    let o = umodel(&d)
        .args([
            "report",
            "-m",
            model.to_str().unwrap(),
            "--task",
            "tasks/seed-001.json",
        ])
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    coordinates_are_finite(&html);
    let ranking = section(&html, "ranking");
    for p in ["host-mapped", "managed-advise", "managed-advise-prefetch"] {
        assert!(
            ranking.contains(&format!("Not ranked: {p}: `{p}` needs the term `map_read`")),
            "{p}: {ranking}"
        );
        assert!(
            !section(&html, "charts").contains(&format!(">\n{p}\n<")),
            "{p} drawn"
        );
    }
    for p in ["explicit-copy", "managed", "managed-prefetch"] {
        assert!(ranking.contains(&format!("</span> {p}</td>")), "{p} ranked");
    }
}

/// A probe given with the task prices the measurements' migrating steps too, as `validate --task
/// --probe-from` prices them, and the page says so.
#[test]
fn report_task_with_a_probe_checks_the_measurements_as_validate_probe_from_does() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let (probe, csv) = (
        "calibration/h200/run134/probe-1.json",
        "calibration/h200/run191/workload.csv",
    );
    let o = umodel(&d)
        .args(["report", "-m", "h200", "--task", "tasks/seed-001.json"])
        .args(["--probe", probe, csv, "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    let v = common::json_ok(umodel(&d).args([
        "validate",
        "-m",
        "h200",
        "--task",
        "tasks/seed-001.json",
        "--probe-from",
        probe,
        csv,
        "--json",
    ]));
    let val = section(&html, "validation");
    assert!(
        val.contains("the probe given measured at its rates"),
        "{val}"
    );
    assert!(
        val.contains(&format!(
            "median |error| {:.2} %, max {:.2} %",
            v["median_ape_pct"].as_f64().unwrap(),
            v["max_ape_pct"].as_f64().unwrap()
        )),
        "{val}"
    );
}

/// The probe a task is priced with is on its page: each figure beside the calibrated price, those
/// off it in bold, and `umodel probe`'s judgement; no probe, no section.
#[test]
fn the_task_page_shows_the_probe_it_was_priced_with() {
    let d = tempfile::tempdir().unwrap();
    // run232's slow-link H100 VM: map_read 1.54x the h100 model's (± 1 %), map_write at its rate.
    let probe = "calibration/h100/run232/run232/probe-1.json";
    let write = |out: &Path, with_probe: bool| {
        let mut c = umodel(&d);
        c.args([
            "report",
            "-m",
            "h100",
            "--task",
            "tasks/seed-001.json",
            "-o",
        ])
        .arg(out);
        if with_probe {
            c.args(["--probe", probe]);
        }
        let o = c.output().unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read_to_string(out.join("report.html")).unwrap()
    };
    let html = write(&d.path().join("with"), true);
    coordinates_are_finite(&html);
    let p = section(&html, "probe");
    assert!(p.contains(probe), "{p}");
    assert!(p.contains("<td><b>map_read</b></td>"), "{p}");
    assert!(p.contains("<td>map_write</td>"), "{p}");
    assert!(p.contains("<b>×1.54</b>"), "{p}");
    // run232's managed in-place pass at 2.18x is shown, priced from the pinned one (rule M).
    assert!(
        p.contains(
            "<td><b>managed_map_read_write</b><br><small>priced from map_read_write</small></td>"
        ),
        "{p}"
    );
    assert!(
        p.contains("<p>off the model's price by more than 10 %"),
        "{p}"
    );
    assert_eq!(p.matches("<tr><td>").count(), 12, "{p}");
    let plain = write(&d.path().join("without"), false);
    assert!(!plain.contains("<section id=\"probe\""));
}

/// The README's task-page command, as printed there (its continuation line joined, its comment
/// dropped, `out/` a scratch folder), writes the page with every section.
#[test]
fn the_readmes_task_page_command_writes_the_page() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let at = readme
        .find("umodel report -m h200 --task")
        .expect("the README's task-page command");
    let block = &readme[at..at + readme[at..].find("```").unwrap()];
    let joined = block.replace("\\\n", " ");
    let line = joined.lines().next().unwrap();
    let line = line.split('#').next().unwrap();
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("out");
    let args: Vec<String> = line
        .split_whitespace()
        .skip(1)
        .map(|a| {
            if a == "out/" {
                out.to_str().unwrap().to_string()
            } else {
                a.to_string()
            }
        })
        .collect();
    assert!(args.iter().any(|a| a == out.to_str().unwrap()), "{line}");
    let o = umodel(&d).args(&args).output().unwrap();
    assert!(
        o.status.success(),
        "{line}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let html = std::fs::read_to_string(out.join("report.html")).unwrap();
    for id in ["buffers", "ranking", "charts", "validation", "facts"] {
        section(&html, id);
    }
}
