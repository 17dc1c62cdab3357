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
    // Self-contained: no script, nothing fetched (the SVG namespace is a name, not a fetch).
    let bare = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
    for no in ["<script", "http://", "https://", "<link", "<img"] {
        assert!(!bare.contains(no), "{no}");
    }
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
