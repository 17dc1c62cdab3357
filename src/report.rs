//! `umodel report`: one self-contained HTML page (inline SVG, no script, no network) that shows a
//! model and, where given, the measurements it is checked against: reuse curves with intervals and
//! measured medians, the policy map over size × reuse, the break-even reuse against size, the
//! primitive bandwidths against the platform's peaks, the noise over a run, and the validation.
//!
//! Colours are the Okabe–Ito palette (safe for the common colour-vision deficiencies), one colour
//! per policy on every chart.

use crate::table::{HandoffCase, Stage};
use std::collections::BTreeMap;
use std::fmt::Write as _;

mod task;
pub use task::{render_task, ProbeReport, TaskReportInput};

use plotters::coord::Shift;
use plotters::prelude::*;

use crate::model::{self, PlatformModel, Statistic};
use crate::policy::Policy;
use crate::stats::Summary;
use crate::table::Table;
use crate::units::format_size;

/// What went wrong drawing the page.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error("drawing {chart}: {message}")]
    Draw {
        chart: &'static str,
        message: String,
    },
    #[error("the model has no policies to show")]
    Empty,
    /// The task's page could not price the task (the query's message).
    #[error("{0}")]
    Task(String),
    /// A chart of the task's page has no finite, positive time to draw (the chart named).
    #[error("nothing to draw in the {0}: every time is zero or not a number")]
    Nothing(&'static str),
}

fn draw_err<E: std::fmt::Debug>(chart: &'static str) -> impl Fn(E) -> ReportError {
    move |e| ReportError::Draw {
        chart,
        message: format!("{e:?}"),
    }
}

/// Okabe–Ito, by policy (the same on every chart).
pub fn colour(p: Policy) -> RGBColor {
    match p {
        Policy::ExplicitCopy | Policy::PeerCopy => RGBColor(0x00, 0x72, 0xB2),
        Policy::HostMapped | Policy::PeerAccess => RGBColor(0xE6, 0x9F, 0x00),
        Policy::Managed => RGBColor(0x00, 0x9E, 0x73),
        Policy::ManagedPrefetch => RGBColor(0xD5, 0x5E, 0x00),
        Policy::ManagedAdvise => RGBColor(0xCC, 0x79, 0xA7),
        Policy::ManagedAdvisePrefetch | Policy::HostStaged => RGBColor(0x56, 0xB4, 0xE9),
        Policy::Pageable => RGBColor(0xF0, 0xE4, 0x42),
        Policy::Device => RGBColor(0x00, 0x00, 0x00),
    }
}

fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// A lighter shade (ties on the policy map).
fn light(c: RGBColor) -> RGBColor {
    let m = |v: u8| (v as u16 + (255 - v as u16) * 3 / 5) as u8;
    RGBColor(m(c.0), m(c.1), m(c.2))
}

/// A polyline of a chart: (x, y) points.
type Segment = Vec<(f64, f64)>;
/// Trials of a cell: (trial index, ms).
type Trials = Vec<(usize, f64)>;

const W: u32 = 520;
const H: u32 = 340;
/// Largest reuse drawn.
const R_MAX: f64 = 64.0;

/// Everything the page shows.
pub struct ReportInput<'a> {
    pub model: &'a PlatformModel,
    /// How the model was found (`embedded model h200`, a path).
    pub model_name: String,
    /// Measurement tables (their alternations are drawn and validated; their CPU and GPU stages
    /// make the noise chart).
    pub tables: Vec<Table>,
}

fn svg(
    chart: &'static str,
    size: (u32, u32),
    f: impl FnOnce(&DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), ReportError>,
) -> Result<String, ReportError> {
    let mut s = String::new();
    {
        let root = SVGBackend::with_string(&mut s, size).into_drawing_area();
        root.fill(&WHITE).map_err(draw_err(chart))?;
        f(&root)?;
        root.present().map_err(draw_err(chart))?;
    }
    Ok(s)
}

fn log_range(lo: f64, hi: f64) -> std::ops::Range<f64> {
    let lo = lo.max(1e-6);
    let hi = hi.max(lo * 1.01);
    (lo / 1.3)..(hi * 1.3)
}

/// A size for an axis: whole MiB or GiB.
fn short_size(b: f64) -> String {
    const MIB: f64 = 1048576.0;
    if b >= 1024.0 * MIB {
        let g = b / (1024.0 * MIB);
        if (g - g.round()).abs() < 0.05 {
            format!("{:.0} GiB", g)
        } else {
            format!("{g:.1} GiB")
        }
    } else if b >= MIB {
        format!("{:.0} MiB", b / MIB)
    } else {
        format!("{:.0} KiB", b / 1024.0)
    }
}

/// A log axis label only at 1, 2 and 5 times a power of ten (others left blank, so labels never
/// crowd).
fn log_label(v: f64) -> String {
    // Not positive, or NaN: no label.
    if v.is_nan() || v <= 0.0 {
        return String::new();
    }
    let e = v.log10().floor();
    let m = v / 10f64.powf(e);
    if [1.0, 2.0, 5.0].iter().any(|k| (m - k).abs() < 0.02 * k) {
        let r = m.round() * 10f64.powf(e);
        if r >= 1.0 {
            format!("{r:.0}")
        } else {
            format!("{r}")
        }
    } else {
        String::new()
    }
}

/// A reuse label only at powers of two.
fn pow2_label(v: f64) -> String {
    let l = v.log2();
    if v >= 1.0 && (l - l.round()).abs() < 0.01 {
        format!("{:.0}", v.round())
    } else {
        String::new()
    }
}

/// A size label only at powers of two of MiB.
fn size_label(v: f64) -> String {
    let l = (v / 1048576.0).log2();
    if v > 0.0 && (l - l.round()).abs() < 0.01 && (l.round() as i64) % 2 == 0 {
        short_size(v)
    } else {
        String::new()
    }
}

fn finite(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

/// The reuse values drawn: 1…R_MAX on a log grid.
fn reuse_grid() -> Vec<f64> {
    (0..=48).map(|i| R_MAX.powf(i as f64 / 48.0)).collect()
}

/// The sizes the reuse curves are drawn at: up to four of the model's calibrated sizes.
fn curve_sizes(m: &PlatformModel) -> Vec<u64> {
    let mut sizes: Vec<u64> = m
        .policies
        .iter()
        .flat_map(|p| p.knots.iter().map(|k| k.bytes))
        .collect();
    sizes.sort_unstable();
    sizes.dedup();
    if sizes.len() <= 4 {
        return sizes;
    }
    let n = sizes.len() - 1;
    (0..4).map(|i| sizes[i * n / 3]).collect()
}

/// Measured alternation medians: (policy, bytes, reuse) → summary.
fn measured(tables: &[Table]) -> BTreeMap<(Policy, u64, u32), Summary> {
    let mut cells: BTreeMap<(Policy, u64, u32), Vec<f64>> = BTreeMap::new();
    for t in tables {
        for r in &t.rows {
            if r.is(&HandoffCase::Alternating) {
                if let Some(reuse) = r.reuse {
                    cells
                        .entry((r.policy, r.bytes, reuse))
                        .or_default()
                        .push(r.time_ms);
                }
            }
        }
    }
    cells
        .into_iter()
        .filter_map(|(k, v)| Summary::of(&v).map(|s| (k, s)))
        .collect()
}

fn reuse_curves(
    m: &PlatformModel,
    bytes: u64,
    meas: &BTreeMap<(Policy, u64, u32), Summary>,
) -> Result<String, ReportError> {
    const C: &str = "reuse curves";
    let q = model::Predictor::new(m);
    let policies = m.policy_list();
    let grid = reuse_grid();
    let mut curves: Vec<(Policy, Curve)> = Vec::new();
    let (mut lo, mut hi) = (f64::INFINITY, 0f64);
    for &p in &policies {
        let pts: Vec<(f64, f64, f64, f64)> = grid
            .iter()
            .filter_map(|&r| {
                let x = q.predict(p, bytes, r).ok()?;
                Some((
                    r,
                    finite(x.time_ms)?,
                    finite(x.interval_ms[0])?,
                    finite(x.interval_ms[1])?,
                ))
            })
            .collect();
        for &(_, t, l, h) in &pts {
            lo = lo.min(l.max(t * 0.5)).min(t);
            hi = hi.max(h).max(t);
        }
        curves.push((p, pts));
    }
    let points: Vec<(Policy, u32, Summary)> = meas
        .iter()
        .filter(|((p, b, _), _)| *b == bytes && policies.contains(p))
        .map(|((p, _, r), s)| (*p, *r, *s))
        .filter(|(_, r, _)| f64::from(*r) <= R_MAX)
        .collect();
    for (_, _, s) in &points {
        lo = lo.min(s.min);
        hi = hi.max(s.max);
    }
    if !lo.is_finite() || hi <= 0.0 {
        return Err(ReportError::Empty);
    }
    svg(C, (W, H), |root| {
        let mut c = reuse_chart(
            root,
            &format!("{} — time per alternation vs reuse", format_size(bytes)),
            log_range(lo, hi),
            (
                "reuse R (GPU passes per CPU update, log)",
                "time per alternation (ms, log)",
            ),
            C,
        )?;
        draw_curves(&mut c, &curves, C)?;
        for (p, r, s) in &points {
            let col = colour(*p);
            let x = f64::from(*r).log2();
            c.draw_series(std::iter::once(PathElement::new(
                vec![(x, s.min), (x, s.max)],
                col.stroke_width(1),
            )))
            .map_err(draw_err(C))?;
            // Filled: a cell the fit used (R = 1); hollow: held out.
            let style = if *r == 1 {
                col.filled()
            } else {
                col.stroke_width(2)
            };
            c.draw_series(std::iter::once(Circle::new((x, s.median), 4, style)))
                .map_err(draw_err(C))?;
        }
        legend(&mut c, SeriesLabelPosition::UpperLeft, C)?;
        Ok(())
    })
}

/// Sizes on a log grid over the calibrated range.
fn size_grid(m: &PlatformModel, n: usize) -> Vec<u64> {
    let (a, b) = m.calibrated_range().unwrap_or((1 << 24, 1 << 30));
    let (la, lb) = ((a as f64).ln(), (b.max(a + 1) as f64).ln());
    (0..n)
        .map(|i| (la + (lb - la) * i as f64 / (n - 1) as f64).exp().round() as u64)
        .collect()
}

fn policy_map(m: &PlatformModel) -> Result<(String, Vec<(Policy, bool)>), ReportError> {
    const C: &str = "policy map";
    let q = model::Predictor::new(m);
    const N: usize = 28;
    let sizes = size_grid(m, N);
    let reuses: Vec<f64> = (0..N)
        .map(|i| R_MAX.powf(i as f64 / (N - 1) as f64))
        .collect();
    let mut used: Vec<(Policy, bool)> = Vec::new();
    let mut cells = Vec::new();
    for (i, &b) in sizes.iter().enumerate() {
        for (j, &r) in reuses.iter().enumerate() {
            let Ok(ch) = q.choose(b, r) else { continue };
            let key = (ch.best(), ch.tie());
            if !used.contains(&key) {
                used.push(key);
            }
            cells.push((i, j, key));
        }
    }
    // Break-even lines between the best at R = 1 and the best at R_MAX, per size.
    let mut lines: BTreeMap<(Policy, Policy), Vec<Segment>> = BTreeMap::new();
    let mut last: Option<((Policy, Policy), usize)> = None;
    for (i, &b) in sizes.iter().enumerate() {
        let (Ok(a), Ok(z)) = (q.choose(b, 1.0), q.choose(b, R_MAX)) else {
            continue;
        };
        if a.best() == z.best() {
            continue;
        }
        if let Ok(Some(r)) = q.breakeven(a.best(), z.best(), b) {
            if r.is_finite() && (1.0..=R_MAX).contains(&r) {
                let key = (a.best(), z.best());
                let segs = lines.entry(key).or_default();
                // A new segment wherever the same pair did not cross at the previous size.
                if last != Some((key, i.wrapping_sub(1))) || segs.is_empty() {
                    segs.push(Vec::new());
                }
                segs.last_mut()
                    .expect("pushed")
                    .push((i as f64 + 0.5, r.log(R_MAX) * (N - 1) as f64 + 0.5));
                last = Some((key, i));
            }
        }
    }
    let s = svg(C, (W + 160, H + 40), |root| {
        let (plot, legend) = root.split_horizontally(W);
        let mut c = ChartBuilder::on(&plot)
            .caption("Best policy over size × reuse", ("sans-serif", 16))
            .margin(8)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..N as f64, 0f64..N as f64)
            .map_err(draw_err(C))?;
        let sz = sizes.clone();
        let rs = reuses.clone();
        // Labels at the cells nearest to powers of four MiB and powers of two of R.
        let nearest = |vals: &[f64], target: f64| {
            (0..vals.len())
                .min_by(|&a, &b| {
                    (vals[a].ln() - target.ln())
                        .abs()
                        .total_cmp(&(vals[b].ln() - target.ln()).abs())
                })
                .unwrap_or(0)
        };
        let szf: Vec<f64> = sz.iter().map(|&b| b as f64).collect();
        let xl: Vec<(usize, String)> = (0..24)
            .map(|k| 1048576.0 * 4f64.powi(k))
            .filter(|t| *t >= szf[0] * 0.9 && *t <= szf[N - 1] * 1.1)
            .map(|t| (nearest(&szf, t), short_size(t)))
            .collect();
        let yl: Vec<(usize, String)> = (0..7)
            .map(|k| 2f64.powi(k))
            .map(|t| (nearest(&rs, t), format!("{t:.0}")))
            .collect();
        c.configure_mesh()
            .disable_mesh()
            .x_labels(N * 2 + 1)
            .y_labels(N * 2 + 1)
            .x_label_formatter(&move |x| {
                let i = (x - 0.5).round();
                if (x - 0.5 - i).abs() > 1e-6 {
                    return String::new();
                }
                xl.iter()
                    .find(|(k, _)| *k as f64 == i)
                    .map_or(String::new(), |(_, l)| l.clone())
            })
            .y_label_formatter(&move |y| {
                let i = (y - 0.5).round();
                if (y - 0.5 - i).abs() > 1e-6 {
                    return String::new();
                }
                yl.iter()
                    .find(|(k, _)| *k as f64 == i)
                    .map_or(String::new(), |(_, l)| l.clone())
            })
            .x_desc("working-set size (log)")
            .y_desc("reuse R (log)")
            .draw()
            .map_err(draw_err(C))?;
        c.draw_series(cells.iter().map(|&(i, j, (p, tie))| {
            let col = if tie { light(colour(p)) } else { colour(p) };
            Rectangle::new(
                [(i as f64, j as f64), (i as f64 + 1.0, j as f64 + 1.0)],
                col.filled(),
            )
        }))
        .map_err(draw_err(C))?;
        for seg in lines.values().flatten() {
            c.draw_series(LineSeries::new(seg.iter().copied(), BLACK.stroke_width(2)))
                .map_err(draw_err(C))?;
        }
        let mut y = 40;
        for (p, tie) in &used {
            let col = if *tie { light(colour(*p)) } else { colour(*p) };
            legend
                .draw(&Rectangle::new([(8, y), (22, y + 14)], col.filled()))
                .map_err(draw_err(C))?;
            let label = if *tie {
                format!("{} (tie)", p.name())
            } else {
                p.name().to_string()
            };
            legend
                .draw(&Text::new(label, (28, y + 2), ("sans-serif", 12)))
                .map_err(draw_err(C))?;
            y += 20;
        }
        if !lines.is_empty() {
            legend
                .draw(&PathElement::new(
                    vec![(8, y + 7), (22, y + 7)],
                    BLACK.stroke_width(2),
                ))
                .map_err(draw_err(C))?;
            legend
                .draw(&Text::new(
                    "R* (break-even)",
                    (28, y + 2),
                    ("sans-serif", 12),
                ))
                .map_err(draw_err(C))?;
        }
        Ok(())
    })?;
    Ok((s, used))
}

fn breakeven_chart(m: &PlatformModel) -> Result<Option<String>, ReportError> {
    const C: &str = "break-even";
    let q = model::Predictor::new(m);
    let sizes = size_grid(m, 32);
    // The pairs that decide: the best policy changes from one to the other as R grows, at some size.
    let mut pairs: Vec<(Policy, Policy)> = Vec::new();
    for &b in &sizes {
        let mut prev: Option<Policy> = None;
        for r in reuse_grid() {
            let Ok(ch) = q.choose(b, r) else { continue };
            let best = ch.best();
            if let Some(p) = prev.filter(|p| *p != best) {
                let key = if p < best { (p, best) } else { (best, p) };
                if !pairs.contains(&key) {
                    pairs.push(key);
                }
            }
            prev = Some(best);
        }
    }
    let mut series: Vec<((Policy, Policy), Vec<Segment>)> = Vec::new();
    for &(a, b) in &pairs {
        let mut segs: Vec<Vec<(f64, f64)>> = vec![Vec::new()];
        for &s in &sizes {
            match q.breakeven(a, b, s) {
                Ok(Some(r)) if r.is_finite() && (1.0..=1000.0).contains(&r) => {
                    segs.last_mut().expect("one").push(((s as f64).log2(), r))
                }
                _ if !segs.last().expect("one").is_empty() => segs.push(Vec::new()),
                _ => {}
            }
        }
        segs.retain(|s| !s.is_empty());
        if !segs.is_empty() {
            series.push(((a, b), segs));
        }
    }
    if series.is_empty() {
        return Ok(None);
    }
    let (x0, x1) = (
        (sizes[0] as f64).log2(),
        (*sizes.last().expect("32 sizes") as f64).log2(),
    );
    let hi = series
        .iter()
        .flat_map(|(_, p)| p.iter().flatten().map(|q| q.1))
        .fold(2.0, f64::max);
    svg(C, (W + 160, H), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(
                "Break-even reuse R* vs size (pairs whose crossing changes the best policy)",
                ("sans-serif", 15),
            )
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(x0 - 0.2..x1 + 0.2, (0.9f64..hi * 1.5).log_scale())
            .map_err(draw_err(C))?;
        c.configure_mesh()
            .x_labels((x1 - x0) as usize + 1)
            .y_labels(40)
            .x_label_formatter(&|x| size_label(2f64.powf(*x)))
            .bold_line_style(BLACK.mix(0.08))
            .y_label_formatter(&|y| log_label(*y))
            .x_desc("working-set size (log)")
            .y_desc("R* (log)")
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(draw_err(C))?;
        for ((a, b), segs) in &series {
            let (ca, cb) = (colour(*a), colour(*b));
            for (k, seg) in segs.iter().enumerate() {
                let s = c
                    .draw_series(LineSeries::new(seg.iter().copied(), ca.stroke_width(5)))
                    .map_err(draw_err(C))?;
                if k == 0 {
                    s.label(format!("{a} / {b}")).legend(move |(x, y)| {
                        EmptyElement::at((x, y))
                            + PathElement::new(vec![(0, 0), (16, 0)], ca.stroke_width(5))
                            + PathElement::new(vec![(0, 0), (16, 0)], cb.stroke_width(2))
                    });
                }
                c.draw_series(LineSeries::new(seg.iter().copied(), cb.stroke_width(2)))
                    .map_err(draw_err(C))?;
            }
        }
        legend(&mut c, SeriesLabelPosition::UpperRight, C)?;
        Ok(())
    })
    .map(Some)
}

/// (label, term name) of the bandwidths drawn, and which peak each is compared with.
const BANDWIDTHS: &[(&str, &str, Peak)] = &[
    ("HBM triad", "hbm_triad_gbps", Peak::Hbm),
    ("HBM in place", "hbm_inplace_gbps", Peak::Hbm),
    ("H2D (pinned)", "h2d_pinned_gbps", Peak::Link),
    ("D2H (pinned)", "d2h_pinned_gbps", Peak::Link),
    ("H2D (pageable)", "h2d_pageable_gbps", Peak::Link),
    ("host-mapped read", "host_read_gbps", Peak::Link),
    ("prefetch to device", "prefetch_to_device_gbps", Peak::Link),
    ("prefetch to host", "prefetch_to_host_gbps", Peak::Link),
    ("fault-driven migration", "managed_cold_gbps", Peak::Link),
];

#[derive(Clone, Copy, PartialEq)]
enum Peak {
    Hbm,
    Link,
}

/// Peak bandwidths from the platform facts (GB/s): HBM from bus width and memory clock (double
/// data rate), PCIe from generation and width (128b/130b from Gen3 on).
fn peaks(m: &PlatformModel) -> (Option<f64>, Option<f64>) {
    let a = &m.platform.attributes;
    let hbm = match (
        a.get("GLOBAL_MEMORY_BUS_WIDTH"),
        a.get("MEMORY_CLOCK_RATE_KHZ"),
    ) {
        (Some(&w), Some(&k)) if w > 0 && k > 0 => Some(2.0 * k as f64 * 1e3 * w as f64 / 8.0 / 1e9),
        _ => None,
    };
    let link = m.platform.pcie.and_then(|p| {
        let gt = match p.gen_current? {
            1 => 2.5,
            2 => 5.0,
            3 => 8.0,
            4 => 16.0,
            5 => 32.0,
            6 => 64.0,
            _ => return None,
        };
        let enc = if p.gen_current? >= 3 {
            128.0 / 130.0
        } else {
            0.8
        };
        Some(gt * enc * f64::from(p.width_current?) / 8.0)
    });
    (hbm, link)
}

fn bandwidth_chart(m: &PlatformModel) -> Result<Option<String>, ReportError> {
    const C: &str = "bandwidths";
    let Some(t) = &m.terms else { return Ok(None) };
    let rows: Vec<(&str, f64, f64, f64, Peak)> = BANDWIDTHS
        .iter()
        .filter_map(|&(label, name, peak)| {
            let v = t.get(name)?;
            Some((
                label,
                finite(v.value)?,
                finite(v.min)?,
                finite(v.max)?,
                peak,
            ))
        })
        .collect();
    if rows.is_empty() {
        return Ok(None);
    }
    let (hbm, link) = peaks(m);
    let hi = rows
        .iter()
        .map(|r| r.3)
        .chain(hbm)
        .chain(link)
        .fold(1.0, f64::max);
    let lo = rows.iter().map(|r| r.2).fold(hi, f64::min).max(0.1);
    let n = rows.len();
    svg(C, (W + 160, 40 + 26 * n as u32 + 70), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(
                "Primitive bandwidths against the platform's peaks",
                ("sans-serif", 16),
            )
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(150)
            .build_cartesian_2d(log_range(lo, hi).log_scale(), 0f64..n as f64)
            .map_err(draw_err(C))?;
        let labels: Vec<String> = rows.iter().map(|r| r.0.to_string()).collect();
        c.configure_mesh()
            .y_labels(n * 2 + 1)
            .y_label_formatter(&move |y| {
                let i = (y - 0.5).round();
                if (y - 0.5 - i).abs() < 1e-6 && i >= 0.0 {
                    labels.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .x_labels(40)
            .x_label_formatter(&|x| log_label(*x))
            .bold_line_style(BLACK.mix(0.08))
            .x_desc("GB/s (10⁹ B/s, log); bar: median, whisker: fastest–slowest trial")
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(draw_err(C))?;
        let blue = RGBColor(0x00, 0x72, 0xB2);
        for (i, &(_, v, l, h, _)) in rows.iter().enumerate() {
            let y = i as f64;
            c.draw_series(std::iter::once(Rectangle::new(
                [(lo / 1.3, y + 0.2), (v, y + 0.8)],
                blue.mix(0.7).filled(),
            )))
            .map_err(draw_err(C))?;
            c.draw_series(std::iter::once(PathElement::new(
                vec![(l, y + 0.5), (h, y + 0.5)],
                BLACK.stroke_width(2),
            )))
            .map_err(draw_err(C))?;
        }
        let vermillion = RGBColor(0xD5, 0x5E, 0x00);
        let mut drawn = false;
        for (peak, name, which) in [
            (hbm, "HBM peak", Peak::Hbm),
            (link, "link peak", Peak::Link),
        ] {
            let Some(p) = peak else { continue };
            let ys: Vec<f64> = rows
                .iter()
                .enumerate()
                .filter(|r| r.1 .4 == which)
                .map(|r| r.0 as f64)
                .collect();
            let (Some(&y0), Some(&y1)) = (ys.first(), ys.last()) else {
                continue;
            };
            c.draw_series(std::iter::once(PathElement::new(
                vec![(p, y0), (p, y1 + 1.0)],
                vermillion.stroke_width(2),
            )))
            .map_err(draw_err(C))?
            .label(format!("{name} {p:.0} GB/s"))
            .legend(move |(x, y)| {
                PathElement::new(vec![(x, y), (x + 16, y)], vermillion.stroke_width(2))
            });
            drawn = true;
        }
        if !drawn {
            return Ok(());
        }
        legend(&mut c, SeriesLabelPosition::UpperRight, C)?;
        Ok(())
    })
    .map(Some)
}

fn noise_chart(tables: &[Table]) -> Result<Option<String>, ReportError> {
    const C: &str = "noise";
    // Per trial, in run order: the CPU update and the GPU passes of every alternation, each over
    // its cell's median (so every size and policy shares one axis).
    let mut series: Vec<(&str, RGBColor, Segment)> = Vec::new();
    for (case, label, col) in [
        (Stage::Cpu, "CPU update", RGBColor(0xD5, 0x5E, 0x00)),
        (Stage::Passes, "GPU passes", RGBColor(0x00, 0x72, 0xB2)),
    ] {
        // (policy, bytes, R) → (trial, ms) of each trial.
        let mut cells: BTreeMap<(Policy, u64, Option<u32>), Trials> = BTreeMap::new();
        let mut k = 0usize;
        for t in tables {
            for r in &t.rows {
                k += 1;
                if r.is(&HandoffCase::Stage(case)) {
                    cells
                        .entry((r.policy, r.bytes, r.reuse))
                        .or_default()
                        .push((k, r.time_ms));
                }
            }
        }
        let mut pts = Vec::new();
        for v in cells.values() {
            let times: Vec<f64> = v.iter().map(|x| x.1).collect();
            let Some(med) = crate::stats::median(&times).filter(|m| *m > 0.0) else {
                continue;
            };
            pts.extend(
                v.iter()
                    .filter_map(|&(i, t)| Some((i as f64, finite(t / med)?))),
            );
        }
        if !pts.is_empty() {
            series.push((label, col, pts));
        }
    }
    if series.is_empty() {
        return Ok(None);
    }
    let xmax = series
        .iter()
        .flat_map(|s| s.2.iter().map(|p| p.0))
        .fold(1.0, f64::max);
    let (mut lo, mut hi) = (0.8f64, 1.25f64);
    for s in &series {
        for p in &s.2 {
            lo = lo.min(p.1);
            hi = hi.max(p.1);
        }
    }
    let (lo, hi) = (lo.max(0.3), hi.min(4.0));
    svg(C, (W + 160, H), |root| {
        let mut c = ChartBuilder::on(root)
            .caption(
                "Noise: every trial over its cell's median, in run order",
                ("sans-serif", 16),
            )
            .margin(8)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(0f64..xmax, lo..hi)
            .map_err(draw_err(C))?;
        c.configure_mesh()
            .x_label_formatter(&|x| format!("{x:.0}"))
            .x_desc("row of the measurement file (run order)")
            .y_desc("trial / cell median")
            .light_line_style(WHITE.mix(0.0))
            .draw()
            .map_err(draw_err(C))?;
        for (label, col, pts) in &series {
            let col = *col;
            c.draw_series(
                pts.iter()
                    .filter(|p| p.1 >= lo && p.1 <= hi)
                    .map(|&p| Circle::new(p, 1, col.mix(0.6).filled())),
            )
            .map_err(draw_err(C))?
            .label(*label)
            .legend(move |(x, y)| Circle::new((x + 8, y), 4, col.filled()));
        }
        legend(&mut c, SeriesLabelPosition::UpperRight, C)?;
        Ok(())
    })
    .map(Some)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The page.
pub fn render(input: &ReportInput<'_>) -> Result<String, ReportError> {
    let m = input.model;
    if m.policies.is_empty() {
        return Err(ReportError::Empty);
    }
    let meas = measured(&input.tables);
    let sources = if input.tables.is_empty() {
        "none given".to_string()
    } else {
        input
            .tables
            .iter()
            .map(|t| t.source.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut h = page_head(
        &format!("umodel report — {}", m.describe()),
        &input.model_name,
        &sources,
    );
    // Reuse curves.
    h.push_str("<section id=\"reuse-curves\"><h2>Reuse curves</h2><p class=\"note\">Lines: predicted time per alternation, T = F + R·G; bands: 90 % interval; dots: measured medians with fastest–slowest trial (filled: R = 1, which the fit used; hollow: held out).</p><div class=\"grid\">\n");
    for b in curve_sizes(m) {
        h.push_str(&reuse_curves(m, b, &meas)?);
        h.push('\n');
    }
    h.push_str("</div></section>\n");
    // Policy map.
    let (map, _) = policy_map(m)?;
    let _ = write!(
        h,
        "<section id=\"policy-map\"><h2>Policy map</h2><p class=\"note\">The best policy at each size and reuse; lighter: a tie inside the measured noise; black lines: R*, where the best at R = 1 and the best at R = {R_MAX:.0} take the same time.</p>\n{map}\n</section>\n"
    );
    if let Some(s) = breakeven_chart(m)? {
        let _ = write!(h, "<section id=\"breakeven\"><h2>Break-even reuse</h2><p class=\"note\">Each line: the reuse R* at which two policies take the same time (line: first policy's colour; dots: second's); above it the one with the cheaper pass wins.</p>\n{s}\n</section>\n");
    }
    if let Some(s) = bandwidth_chart(m)? {
        let _ = write!(h, "<section id=\"bandwidths\"><h2>Primitive bandwidths</h2><p class=\"note\">Peaks from the platform facts: HBM = 2 × memory clock × bus width; link = PCIe generation × width after encoding.</p>\n{s}\n</section>\n");
    }
    if let Some(s) = noise_chart(&input.tables)? {
        let _ = write!(h, "<section id=\"noise\"><h2>Noise over the run</h2><p class=\"note\">Each dot: one trial's CPU update or GPU passes inside an alternation, divided by the median of its cell (policy, size, R). Levels that shift together over the run are the machine, not the policy.</p>\n{s}\n</section>\n");
    }
    // Validation and facts.
    h.push_str("<section id=\"validation\"><h2>Validation</h2>\n<table><tr><th>checked on</th><th>points</th><th>median APE %</th><th>max APE %</th><th>picks right</th><th>clear picks right</th><th>90 % interval holds</th></tr>\n");
    let mut rows = Vec::new();
    if let Some(v) = &m.validation {
        rows.push(v.clone());
    }
    for t in &input.tables {
        let v = model::validate(m, t, true, Statistic::Median);
        // The model's own held-out check of this file is already in the table.
        if !v.points.is_empty() && !rows.iter().any(|r| r.source == v.summary.source) {
            rows.push(v.summary);
        }
    }
    for v in &rows {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td><td>{}/{}</td><td>{}/{}</td><td>{:.0} %</td></tr>",
            esc(&v.source),
            v.n_points,
            v.median_ape_pct,
            v.max_ape_pct,
            v.picks_correct,
            v.picks_total,
            v.clear_picks_correct,
            v.clear_picks_total,
            v.interval_coverage_pct
        );
    }
    if rows.is_empty() {
        h.push_str("<tr><td colspan=\"7\">no held-out measurements (give a CSV with handoff alternations)</td></tr>\n");
    }
    h.push_str("</table>\n");
    if let Some(v) = rows.last() {
        h.push_str("<h3>By policy</h3><table><tr><th>policy</th><th>points</th><th>median APE %</th><th>max APE %</th></tr>\n");
        for p in &v.per_policy {
            let _ = writeln!(
                h,
                "<tr><td><span style=\"color:{}\">■</span> {}</td><td>{}</td><td>{:.2}</td><td>{:.2}</td></tr>",
                hex(colour(p.policy)),
                p.policy,
                p.points,
                p.median_ape_pct,
                p.max_ape_pct
            );
        }
        h.push_str("</table>\n");
    }
    h.push_str("</section>\n");
    h.push_str(&facts_section(m));
    h.push_str("</body></html>\n");
    Ok(h)
}

/// The page's head: its title, and what it shows (the model, the measurements).
fn page_head(title: &str, model_name: &str, measurements: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n<style>\
         body{{font-family:sans-serif;max-width:1200px;margin:1em auto;color:#222}}\
         section{{margin:1.5em 0}} .grid{{display:flex;flex-wrap:wrap;gap:8px}}\
         table{{border-collapse:collapse;font-size:13px}} td,th{{border:1px solid #ccc;padding:3px 8px;text-align:right}}\
         th{{background:#f3f3f3}} td:first-child,th:first-child{{text-align:left}} .note{{color:#555;font-size:13px}}\
         </style></head><body>\n<h1>{}</h1>\n<p class=\"note\">Model: {}. Measurements: {}. Colours: Okabe–Ito, one per policy on every chart.</p>\n",
        esc(title),
        esc(title),
        esc(model_name),
        esc(measurements)
    )
}

/// The model's facts: platform, provenance, policies, calibrated sizes, and its notes.
fn facts_section(m: &PlatformModel) -> String {
    let mut h = String::from("<section id=\"facts\"><h2>Model facts</h2><table>\n");
    let pf = &m.platform;
    let facts: Vec<(&str, String)> = vec![
        ("GPU", pf.gpu.clone()),
        ("compute capability", pf.compute_capability.clone()),
        (
            "driver / CUDA",
            format!("{} / {}", pf.driver_version, pf.cuda_version),
        ),
        ("link", pf.link.clone()),
        ("host CPU", pf.host_cpu.clone()),
        (
            "host L3",
            pf.host_l3_bytes.map(format_size).unwrap_or_default(),
        ),
        ("host kernel", pf.host_kernel.clone()),
        ("fitted from", m.provenance.source_csv.clone()),
        (
            "measured",
            m.provenance.measured_utc.clone().unwrap_or_default(),
        ),
        (
            "policies",
            m.policy_list()
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(", "),
        ),
        (
            "calibrated sizes",
            m.calibrated_range().map_or("–".into(), |(a, b)| {
                format!("{} – {}", format_size(a), format_size(b))
            }),
        ),
    ];
    // A fact recorded only by newer runs is left out where the model has none.
    for (k, v) in facts
        .into_iter()
        .filter(|(k, v)| !matches!(*k, "host L3" | "host kernel") || !v.is_empty())
    {
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td style=\"text-align:left\">{}</td></tr>",
            esc(k),
            esc(&v)
        );
    }
    h.push_str("</table>\n");
    for n in &m.provenance.notes {
        let _ = writeln!(h, "<p class=\"note\">{}</p>", esc(n));
    }
    h.push_str("</section>\n");
    h
}

/// One policy's predicted time over reuse: (R, ms, 90 % low, 90 % high).
type Curve = Vec<(f64, f64, f64, f64)>;

/// A chart of time against reuse: R from 1 to [`R_MAX`] on a log2 axis labelled at powers of
/// two, `y` ms on a log axis.
fn reuse_chart<'a, 'b>(
    root: &'a DrawingArea<SVGBackend<'b>, Shift>,
    caption: &str,
    y: std::ops::Range<f64>,
    (x_desc, y_desc): (&str, &str),
    chart: &'static str,
) -> Result<
    ChartContext<
        'a,
        SVGBackend<'b>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, LogCoord<f64>>,
    >,
    ReportError,
> {
    let mut c = ChartBuilder::on(root)
        .caption(caption, ("sans-serif", 16))
        .margin(8)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(-0.15f64..R_MAX.log2() + 0.15, y.log_scale())
        .map_err(draw_err(chart))?;
    c.configure_mesh()
        .x_labels(R_MAX.log2() as usize + 1)
        .y_labels(40)
        .x_label_formatter(&|x| pow2_label(2f64.powf(*x)))
        .y_label_formatter(&|y| log_label(*y))
        .light_line_style(WHITE.mix(0.0))
        .bold_line_style(BLACK.mix(0.08))
        .x_desc(x_desc)
        .y_desc(y_desc)
        .draw()
        .map_err(draw_err(chart))?;
    Ok(c)
}

/// Each policy's curve on a [`reuse_chart`]: its 90 % band, its line, its legend entry.
fn draw_curves(
    c: &mut ChartContext<
        '_,
        SVGBackend<'_>,
        Cartesian2d<plotters::coord::types::RangedCoordf64, LogCoord<f64>>,
    >,
    curves: &[(Policy, Curve)],
    chart: &'static str,
) -> Result<(), ReportError> {
    for (p, pts) in curves {
        let col = colour(*p);
        let mut band: Vec<(f64, f64)> = pts
            .iter()
            .map(|&(r, _, l, _)| (r.log2(), l.max(1e-9)))
            .collect();
        band.extend(pts.iter().rev().map(|&(r, _, _, h)| (r.log2(), h)));
        c.draw_series(std::iter::once(Polygon::new(band, col.mix(0.15).filled())))
            .map_err(draw_err(chart))?;
        c.draw_series(LineSeries::new(
            pts.iter().map(|&(r, t, _, _)| (r.log2(), t)),
            col.stroke_width(2),
        ))
        .map_err(draw_err(chart))?
        .label(p.name())
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], col.stroke_width(2)));
    }
    Ok(())
}

/// The legend of a chart's labelled series, in the same box on every chart.
fn legend<'a, DB: DrawingBackend + 'a, CT: CoordTranslate>(
    c: &mut ChartContext<'a, DB, CT>,
    at: SeriesLabelPosition,
    chart: &'static str,
) -> Result<(), ReportError> {
    c.configure_series_labels()
        .position(at)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK.mix(0.3))
        .label_font(("sans-serif", 11))
        .draw()
        .map_err(draw_err(chart))
}
