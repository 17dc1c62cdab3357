//! `umodel report --task`: the page of one task. Its whole time under each policy against reuse
//! (with the 90 % interval), where the time goes under each at the task's own reuse, the ranking,
//! and, where measurements of the task are given, what was predicted against what was measured.

use std::fmt::Write as _;

use plotters::prelude::*;

use super::{
    colour, draw_curves, draw_err, esc, facts_section, finite, hex, legend, log_label, log_range,
    page_head, reuse_chart, reuse_grid, svg, Curve, ReportError, H, R_MAX, W,
};
use crate::model::task::Parts;
use crate::model::{
    Assumptions, CompiledTask, LinkProbe, PlatformModel, ProbeAgainst, TaskOverrides,
    TaskPrediction, TaskValidation,
};
use crate::policy::Policy;
use crate::task::{Access, Task};
use crate::units::format_size;

/// Everything a task's page shows.
pub struct TaskReportInput<'a> {
    pub model: &'a PlatformModel,
    /// How the model was found (`embedded model h200`, a path).
    pub model_name: String,
    /// The task, compiled against the model.
    pub task: &'a CompiledTask,
    /// The command line's values over the task file's.
    pub overrides: TaskOverrides,
    /// The task as priced (the file with the command line's values), for its buffers.
    pub spec: &'a Task,
    /// The task in one line, as the command line prints it, given what its ranking assumed
    /// (the page prices the ranking once and hands its assumptions here).
    pub headline: &'a dyn Fn(Assumptions) -> String,
    /// Measurements of the task, each checked as `umodel validate --task` checks it.
    pub validations: Vec<TaskValidation>,
    /// How they were checked, for the page (HTML): which phase times priced them.
    pub checked: &'a str,
    /// The probe the task was priced with (`--probe`), where one was given.
    pub probe: Option<ProbeReport>,
}

/// A probe on a task's page: which one, each figure beside the calibrated price of the same step
/// (`Probe::against` the model's own terms), and the command line's judgement of them.
pub struct ProbeReport {
    /// The probe file, as given.
    pub source: String,
    pub against: Vec<ProbeAgainst>,
    /// `umodel probe`'s last line for these figures.
    pub verdict: Option<String>,
}

/// The parts of a prediction, in the order the charts stack them, with their names and colours
/// (ColorBrewer Set2, apart from the policies' Okabe–Ito colours).
const PARTS: [(&str, RGBColor); 8] = [
    ("CPU phases", RGBColor(0x8D, 0xA0, 0xCB)),
    ("CPU faults", RGBColor(0xE7, 0x8A, 0xC3)),
    ("GPU passes", RGBColor(0x66, 0xC2, 0xA5)),
    ("link", RGBColor(0xFC, 0x8D, 0x62)),
    ("GPU faults", RGBColor(0xA6, 0xD8, 0x54)),
    ("copies", RGBColor(0xFF, 0xD9, 0x2F)),
    ("prefetches", RGBColor(0xE5, 0xC4, 0x94)),
    ("sync", RGBColor(0xB3, 0xB3, 0xB3)),
];

fn part_values(p: &Parts) -> [f64; 8] {
    [
        p.cpu_ms,
        p.cpu_faults_ms,
        p.gpu_ms,
        p.link_ms,
        p.gpu_faults_ms,
        p.copy_ms,
        p.prefetch_ms,
        p.sync_ms,
    ]
}

/// Each policy's whole time and interval on the reuse grid.
type Curves = Vec<(Policy, Curve)>;

fn curves(t: &CompiledTask, o: TaskOverrides) -> Curves {
    let mut out: Curves = Vec::new();
    for r in reuse_grid() {
        let Ok(c) = t.round_by_round().choose(TaskOverrides {
            reuse: Some(r),
            ..o
        }) else {
            continue;
        };
        for p in c.ranking() {
            let (Some(ms), Some(lo), Some(hi)) = (
                finite(p.time_ms),
                finite(p.interval_ms[0]),
                finite(p.interval_ms[1]),
            ) else {
                continue;
            };
            match out.iter_mut().find(|(q, _)| *q == p.policy) {
                Some((_, v)) => v.push((r, ms, lo, hi)),
                None => out.push((p.policy, vec![(r, ms, lo, hi)])),
            }
        }
    }
    out.sort_by_key(|(p, _)| Policy::HANDOFF.iter().position(|q| q == p));
    out
}

fn reuse_page_chart(name: &str, curves: &Curves, reuse: f64) -> Result<String, ReportError> {
    const C: &str = "task reuse curves";
    let (mut lo, mut hi) = (f64::INFINITY, 0f64);
    for (_, pts) in curves {
        for &(_, t, l, h) in pts {
            lo = lo.min(l.max(t * 0.5)).min(t);
            hi = hi.max(h).max(t);
        }
    }
    if !lo.is_finite() || hi <= 0.0 {
        return Err(ReportError::Nothing(C));
    }
    let y = log_range(lo, hi);
    svg(C, (W + 180, H + 40), |root| {
        let mut c = reuse_chart(
            root,
            &format!("{name} — the whole task vs reuse"),
            y.clone(),
            (
                "reuse R (GPU passes per round, log)",
                "whole task (ms, log)",
            ),
            C,
        )?;
        if (1.0..=R_MAX).contains(&reuse) {
            let x = reuse.log2();
            c.draw_series(std::iter::once(PathElement::new(
                vec![(x, y.start), (x, y.end)],
                BLACK.mix(0.35).stroke_width(1),
            )))
            .map_err(draw_err(C))?;
        }
        draw_curves(&mut c, curves, C)?;
        legend(&mut c, SeriesLabelPosition::UpperLeft, C)?;
        Ok(())
    })
}

/// Where the time goes under each policy: one stacked bar a policy, fastest on top.
fn parts_chart(ranking: &[TaskPrediction]) -> Result<String, ReportError> {
    const C: &str = "task parts";
    let n = ranking.len();
    let top = ranking
        .iter()
        .map(|p| p.parts.total().max(p.interval_ms[1]))
        .filter(|v| v.is_finite())
        .fold(0f64, f64::max);
    if n == 0 || top <= 0.0 {
        return Err(ReportError::Nothing(C));
    }
    let rows: Vec<String> = ranking
        .iter()
        .map(|p| p.policy.name().to_string())
        .collect();
    // Row i (fastest first) centred at y = n - i, so the fastest is on top.
    let label = move |y: &f64| {
        let k = y.round();
        if (y - k).abs() < 1e-6 && k >= 1.0 && k <= n as f64 {
            rows[n - k as usize].clone()
        } else {
            String::new()
        }
    };
    svg(C, (W + 180, 70 + 34 * n as u32 + 60), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(
                "where the time goes (at the task's reuse)",
                ("sans-serif", 16),
            )
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(170)
            .build_cartesian_2d(0f64..top * 1.05, 0.4f64..n as f64 + 0.6)
            .map_err(draw_err(C))?;
        c.configure_mesh()
            .y_labels(n + 2)
            .y_label_formatter(&label)
            .disable_y_mesh()
            .light_line_style(WHITE.mix(0.0))
            .bold_line_style(BLACK.mix(0.08))
            .x_desc("whole task (ms); whisker: 90 % interval")
            .draw()
            .map_err(draw_err(C))?;
        for (i, p) in ranking.iter().enumerate() {
            let y = (n - i) as f64;
            let mut x0 = 0.0;
            for (v, (_, col)) in part_values(&p.parts).iter().zip(PARTS) {
                if *v > 0.0 && v.is_finite() {
                    c.draw_series(std::iter::once(Rectangle::new(
                        [(x0, y - 0.32), (x0 + v, y + 0.32)],
                        col.filled(),
                    )))
                    .map_err(draw_err(C))?;
                    x0 += v;
                }
            }
            let [lo, hi] = p.interval_ms;
            if lo.is_finite() && hi.is_finite() {
                c.draw_series(std::iter::once(PathElement::new(
                    vec![(lo, y), (hi, y)],
                    colour(p.policy).stroke_width(2),
                )))
                .map_err(draw_err(C))?;
            }
        }
        for (name, col) in PARTS {
            c.draw_series(std::iter::empty::<Circle<(f64, f64), i32>>())
                .map_err(draw_err(C))?
                .label(name)
                .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 12, y + 5)], col.filled()));
        }
        legend(&mut c, SeriesLabelPosition::UpperRight, C)?;
        Ok(())
    })
}

/// Predicted against measured, every point of every measurement given: log-log, the diagonal and
/// ±5 % beside it; a whisker across for the interval, one up for the fastest–slowest trial.
fn validation_chart(vs: &[TaskValidation]) -> Result<Option<String>, ReportError> {
    const C: &str = "task validation";
    let pts: Vec<_> = vs.iter().flat_map(|v| &v.points).collect();
    let (mut lo, mut hi) = (f64::INFINITY, 0f64);
    for p in &pts {
        for v in [
            p.predicted_ms,
            p.measured_ms,
            p.measured_min_ms,
            p.measured_max_ms,
            p.interval_ms[0],
            p.interval_ms[1],
        ] {
            if v.is_finite() && v > 0.0 {
                lo = lo.min(v);
                hi = hi.max(v);
            }
        }
    }
    if pts.is_empty() || !lo.is_finite() {
        return Ok(None);
    }
    let r = log_range(lo, hi);
    svg(C, (W + 180, W + 40), |root| {
        let mut c = ChartBuilder::on(root)
            .caption("predicted vs measured", ("sans-serif", 16))
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(r.clone().log_scale(), r.clone().log_scale())
            .map_err(draw_err(C))?;
        c.configure_mesh()
            .x_labels(40)
            .y_labels(40)
            .x_label_formatter(&|v| log_label(*v))
            .y_label_formatter(&|v| log_label(*v))
            .light_line_style(WHITE.mix(0.0))
            .bold_line_style(BLACK.mix(0.08))
            .x_desc("predicted whole task (ms, log)")
            .y_desc("measured median (ms, log)")
            .draw()
            .map_err(draw_err(C))?;
        for (k, style) in [
            (1.0, BLACK.mix(0.5).stroke_width(1)),
            (1.05, BLACK.mix(0.2).stroke_width(1)),
            (1.0 / 1.05, BLACK.mix(0.2).stroke_width(1)),
        ] {
            c.draw_series(std::iter::once(PathElement::new(
                vec![(r.start, r.start * k), (r.end, r.end * k)],
                style,
            )))
            .map_err(draw_err(C))?;
        }
        let positive = |x: f64, y: f64| x > 0.0 && y > 0.0 && x.is_finite() && y.is_finite();
        let mut seen = Vec::new();
        for p in pts
            .iter()
            .filter(|p| positive(p.predicted_ms, p.measured_ms))
        {
            let col = colour(p.policy);
            for seg in [
                vec![
                    (p.interval_ms[0], p.measured_ms),
                    (p.interval_ms[1], p.measured_ms),
                ],
                vec![
                    (p.predicted_ms, p.measured_min_ms),
                    (p.predicted_ms, p.measured_max_ms),
                ],
            ] {
                if seg.iter().all(|&(x, y)| positive(x, y)) {
                    c.draw_series(std::iter::once(PathElement::new(
                        seg,
                        col.mix(0.6).stroke_width(1),
                    )))
                    .map_err(draw_err(C))?;
                }
            }
            let dot = c
                .draw_series(std::iter::once(Circle::new(
                    (p.predicted_ms, p.measured_ms),
                    4,
                    col.filled(),
                )))
                .map_err(draw_err(C))?;
            if !seen.contains(&p.policy) {
                seen.push(p.policy);
                dot.label(p.policy.name())
                    .legend(move |(x, y)| Circle::new((x + 6, y), 4, col.filled()));
            }
        }
        legend(&mut c, SeriesLabelPosition::UpperLeft, C)?;
        Ok(())
    })
    .map(Some)
}

/// Milliseconds as the command line prints them; "–" where there is no number.
fn ms(v: f64) -> String {
    if v.is_finite() {
        crate::cli::render::ms(v)
    } else {
        "–".into()
    }
}

/// The probe the task was priced with: each figure beside the calibrated price of the same step,
/// those off it marked, and the judgement.
fn probe_section(p: &ProbeReport) -> String {
    let mut h = format!(
        "<section id=\"probe\"><h2>The probe</h2><p class=\"note\">The migrating steps it \
         measured, and the link's passes where it timed them, are priced at its rates \
         (<code>{}</code>), each beside the calibrated model's price of the same step at the \
         probe's size; <b>bold</b>: off that price by more than {:.0} % and twice the rounds' \
         spread. The passes over managed pages kept on the host are shown and priced from the \
         probe's pinned pass named under them, whose rates tasks paid there (rule M, \
         calibration/h100/offline53/rule_m.txt).</p>\n<table><tr><th>step</th><th>size</th>\
         <th>probe ms</th><th>± a round</th><th>rounds</th><th>model ms</th><th>probe / model</th></tr>\n",
        esc(&p.source),
        100.0 * ProbeAgainst::DIFFERS_BEYOND
    );
    for x in &p.against {
        let (b0, b1) = if x.differs() {
            ("<b>", "</b>")
        } else {
            ("", "")
        };
        let from = LinkProbe::pinned_for(x.term)
            .map(|t| format!("<br><small>priced from {}</small>", t.name()))
            .unwrap_or_default();
        let _ = writeln!(
            h,
            "<tr><td>{b0}{}{b1}{from}</td><td>{}</td><td>{}</td><td>{:.0} %</td><td>{}</td>\
             <td>{}</td><td>{b0}{}{b1}</td></tr>",
            x.term.name(),
            format_size(x.bytes),
            ms(x.probe.ms),
            100.0 * x.probe.rel_sd,
            x.probe.samples,
            ms(x.model_ms),
            x.ratio().map_or("–".into(), |r| format!("×{r:.2}"))
        );
    }
    h.push_str("</table>\n");
    if let Some(v) = &p.verdict {
        let _ = writeln!(h, "<p>{}</p>", esc(v));
    }
    h.push_str("</section>\n");
    h
}

/// The task's buffers as umodel reads them: who touches each in a round and how much of it, the
/// GPU's pattern, the host's final access, and the advice the advising policies give it.
fn buffers_table(t: &Task) -> String {
    let side = |a: Access, share: f64| match (a, share < 1.0) {
        (Access::None, _) => "·".to_string(),
        (a, true) => format!("{} ({:.0} %)", a.name(), 100.0 * share),
        (a, false) => a.name().to_string(),
    };
    let mut h = String::from(
        "<section id=\"buffers\"><h2>Buffers</h2><p class=\"note\">Who touches each buffer in a \
         round (and the share of its pages), and the advice the advising policies give it.</p>\
         <table><tr><th>buffer</th><th>size</th><th>GPU</th><th>GPU pattern</th><th>CPU</th>\
         <th>host at the end</th><th>advice (managed-advise, managed-advise-prefetch)</th></tr>\n",
    );
    for b in &t.buffers {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&b.name),
            format_size(b.bytes),
            side(b.gpu, b.gpu_fraction),
            if b.gpu.touches() {
                b.gpu_pattern.to_string()
            } else {
                "·".into()
            },
            side(b.cpu, b.cpu_fraction),
            side(b.cpu_final, 1.0),
            b.advice().describe()
        );
    }
    h.push_str("</table></section>\n");
    h
}

/// A task's page.
pub fn render_task(input: &TaskReportInput<'_>) -> Result<String, ReportError> {
    let t = input.task;
    let choice = t
        .round_by_round()
        .choose(input.overrides)
        .map_err(|e| ReportError::Task(e.to_string()))?;
    let ranking = choice.ranking();
    let reuse = ranking.first().map_or(1.0, |p| p.reuse);
    let sources: Vec<&str> = input
        .validations
        .iter()
        .map(|v| v.source.as_str())
        .collect();
    let mut h = page_head(
        &format!("umodel report — task {}", t.name()),
        &input.model_name,
        &if sources.is_empty() {
            "none given".to_string()
        } else {
            sources.join(", ")
        },
    );
    let assumed = choice.assumptions();
    let _ = writeln!(
        h,
        "<p>{}: {}</p>",
        esc(t.name()),
        esc(&(input.headline)(assumed))
    );
    let notes = assumed.notes();
    if !notes.is_empty() {
        h.push_str("<ul class=\"note\">");
        for n in notes {
            let _ = write!(h, "<li>{}</li>", esc(n));
        }
        h.push_str("</ul>\n");
    }
    h.push_str(&buffers_table(input.spec));
    // The ranking.
    let best = if choice.tie() {
        format!(
            "a tie inside the noise between {}",
            choice
                .tied()
                .iter()
                .map(|p| p.policy.name())
                .collect::<Vec<_>>()
                .join(", ")
        )
    } else {
        format!("{}", choice.best().policy)
    };
    let _ = write!(
        h,
        "<section id=\"ranking\"><h2>Ranking at R = {reuse}</h2><p>Best: <b>{}</b>.</p>\
         <table><tr><th>policy</th><th>time ms</th><th>90 % interval ms</th>",
        esc(&best)
    );
    for (name, col) in PARTS {
        let _ = write!(
            h,
            "<th><span style=\"color:{}\">■</span> {name}</th>",
            hex(col)
        );
    }
    let first = choice.best().policy;
    let _ = writeln!(h, "<th>R* against {first}</th></tr>");
    for p in ranking {
        let _ = write!(
            h,
            "<tr><td><span style=\"color:{}\">■</span> {}</td><td>{}</td><td>{}–{}</td>",
            hex(colour(p.policy)),
            p.policy,
            ms(p.time_ms),
            ms(p.interval_ms[0]),
            ms(p.interval_ms[1])
        );
        for v in part_values(&p.parts) {
            let _ = write!(h, "<td>{}</td>", if v == 0.0 { "·".into() } else { ms(v) });
        }
        // Where the two cross over the passes per round, as `breakeven --task` finds it.
        let cross = if p.policy == first {
            "–".to_string()
        } else {
            match t
                .round_by_round()
                .breakeven(p.policy, first, input.overrides)
            {
                Ok(Some(r)) => format!("{r:.2}"),
                Ok(None) => "never".to_string(),
                Err(e) => esc(&e.to_string()),
            }
        };
        let _ = writeln!(h, "<td>{cross}</td></tr>");
    }
    h.push_str("</table>\n");
    for (p, why) in &choice.skipped {
        let _ = writeln!(
            h,
            "<p class=\"note\">Not ranked: {p}: {}</p>",
            esc(&why.to_string())
        );
    }
    h.push_str("</section>\n");
    let _ = write!(
        h,
        "<section id=\"charts\"><h2>Against reuse, and where the time goes</h2><p class=\"note\">\
         Lines: each policy's predicted whole task at each reuse (the task's other values as \
         given); bands: 90 % interval; grey line: the task's own R. Bars: the parts of each \
         policy's time at the task's R, fastest on top.</p><div class=\"grid\">\n{}\n{}\n</div></section>\n",
        reuse_page_chart(t.name(), &curves(t, input.overrides), reuse)?,
        parts_chart(ranking)?
    );
    if let Some(p) = &input.probe {
        h.push_str(&probe_section(p));
    }
    if let Some(chart) = validation_chart(&input.validations)? {
        let _ = write!(
            h,
            "<section id=\"validation\"><h2>Predicted against measured</h2><p class=\"note\">\
             Each measurement checked as <code>umodel validate --task</code> checks it: {}. Dots: \
             measured median against predicted; whiskers: the 90 % interval across, the \
             fastest–slowest trial up; grey lines: equal and ±5 %.</p>\n{chart}\n\
             <table><tr><th>measurement</th><th>policy</th><th>R</th><th>predicted ms</th>\
             <th>90 % interval ms</th><th>measured median ms</th><th>min–max ms</th><th>trials</th>\
             <th>error %</th><th>paired error %</th></tr>\n",
            input.checked
        );
        for v in &input.validations {
            for p in &v.points {
                let _ = writeln!(
                    h,
                    "<tr><td>{}</td><td><span style=\"color:{}\">■</span> {}</td><td>{}</td>\
                     <td>{}</td><td>{}–{}</td><td>{}</td><td>{}–{}</td><td>{}</td><td>{:+.2}</td><td>{}</td></tr>",
                    esc(&v.source),
                    hex(colour(p.policy)),
                    p.policy,
                    p.reuse,
                    ms(p.predicted_ms),
                    ms(p.interval_ms[0]),
                    ms(p.interval_ms[1]),
                    ms(p.measured_ms),
                    ms(p.measured_min_ms),
                    ms(p.measured_max_ms),
                    p.trials,
                    100.0 * (p.predicted_ms - p.measured_ms) / p.measured_ms,
                    p.paired_error_pct.map_or("–".into(), |e| format!("{e:+.2}"))
                );
            }
            let paired = v.paired.as_ref().map_or(String::new(), |q| {
                format!(
                    "; paired by trial: median |error| {:.2} %, max {:.2} %, {} beyond 5 % ({} resolved by the trials)",
                    q.median_abs_pct, q.max_abs_pct, q.beyond_5pct, q.beyond_5pct_resolved
                )
            });
            let _ = writeln!(
                h,
                "<tr><td colspan=\"10\">{}: median |error| {:.2} %, max {:.2} %, {} of {} beyond 5 %, \
                 {:.0} % inside their interval, {} of {} clear orderings right{paired}</td></tr>",
                esc(&v.source),
                v.median_ape_pct,
                v.max_ape_pct,
                v.beyond_5pct,
                v.points.len(),
                v.coverage_pct,
                v.order_right,
                v.order_total
            );
        }
        h.push_str("</table></section>\n");
    }
    h.push_str(&facts_section(input.model));
    h.push_str("</body></html>\n");
    Ok(h)
}
