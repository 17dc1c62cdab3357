//! The long-running commands (`bench`, `calibrate`): a progress bar on a terminal (plain lines on
//! stderr otherwise), then a summary table or JSON.

use crate::table::HandoffCase;
use std::io::IsTerminal;
use std::time::Duration;

use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;

use super::render::ms;
use crate::bench::{
    self, BenchConfig, BenchEvent, BenchOutcome, CpuConfig, Observer, Output, SummaryLine,
};
use crate::calibrate::{CalibrateOutcome, Plan};
use crate::model::{NoiseReport, OtherRunCheck, UnusualTerm, ValidationSummary};
use crate::platform::RunFacts;
use crate::units::format_size;

/// Renders bench progress: a bar on a terminal, one line per block otherwise.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    rows: u64,
}

impl Progress {
    pub(crate) fn new() -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let b = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
            b.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} blocks  {msg}",
                )
                .expect("valid template"),
            );
            b.enable_steady_tick(Duration::from_millis(200));
            b
        });
        Progress { bar, rows: 0 }
    }

    pub(crate) fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }

    fn line(&self, s: &str) {
        match &self.bar {
            Some(b) => b.println(s),
            None => note!("{s}"),
        }
    }
}

impl Observer for Progress {
    fn event(&mut self, e: BenchEvent<'_>) {
        match e {
            BenchEvent::Started { blocks, platform } => {
                if let Some(b) = &self.bar {
                    b.set_length(blocks as u64);
                }
                self.line(&format!(
                    "umodel: measuring {} (CC {}, {} SMs, L2 {}, {}), driver {}, CUDA {}; {} blocks",
                    platform.gpu,
                    platform.compute_capability,
                    platform.sm_count.unwrap_or(0),
                    platform.l2_bytes.map(format_size).unwrap_or_default(),
                    if platform.link.is_empty() { "link unknown" } else { &platform.link },
                    platform.driver_version,
                    platform.cuda_version,
                    blocks
                ));
            }
            BenchEvent::Block {
                index,
                total,
                label,
                skipped,
            } => match &self.bar {
                Some(b) => {
                    b.set_position(index as u64);
                    b.set_message(format!(
                        "{label}{}",
                        if skipped { " (done, skipped)" } else { "" }
                    ));
                }
                None => note!(
                    "[{}/{total}] {label}{}",
                    index + 1,
                    if skipped {
                        " (already measured: skipped)"
                    } else {
                        ""
                    }
                ),
            },
            BenchEvent::Row(_) => self.rows += 1,
            BenchEvent::Note(s) => self.line(&format!("umodel: {s}")),
        }
    }
}

fn config_from(a: &super::BenchArgs) -> Result<BenchConfig> {
    let groups = if a.groups.is_empty() {
        bench::DEFAULT_GROUPS.to_vec()
    } else {
        a.groups
            .iter()
            .map(|g| bench::parse_group(g))
            .collect::<Result<Vec<_>, _>>()?
    };
    if a.trials == Some(0) {
        bail!("--trials must be at least 1");
    }
    if a.cpu_threads == 0 {
        bail!("--cpu-threads must be at least 1");
    }
    Ok(BenchConfig {
        groups,
        sizes: a.sizes.clone(),
        trials: a.trials,
        reuse: a
            .reuse
            .clone()
            .unwrap_or_else(|| bench::DEFAULT_REUSE.to_vec()),
        device: a.device,
        cpu: CpuConfig {
            threads: a.cpu_threads,
            core: a.cpu_core.unwrap_or_default(),
        },
        out: if a.out.as_os_str() == "-" {
            Output::Stdout
        } else {
            Output::File(a.out.clone())
        },
        resume: a.resume,
        allow_oversubscription: a.allow_oversubscription,
        step_times: a.step_times.clone(),
        command: std::env::args().collect::<Vec<_>>().join(" "),
        ..BenchConfig::default()
    })
}

/// GB/s with three significant digits at least (sparse patterns reach a few MB/s).
fn gbps(g: f64) -> String {
    if g >= 100.0 {
        format!("{g:.1}")
    } else if g >= 1.0 {
        format!("{g:.2}")
    } else {
        format!("{g:.4}")
    }
}

/// `bench --json`: the run and every cell's trials (keys in alphabetical order, as it has always
/// printed them).
#[derive(Serialize)]
struct BenchAnswer<'a> {
    /// Where the rows went (`<stdout>` for `-o -`).
    csv: String,
    elapsed_s: f64,
    facts: &'a RunFacts,
    /// Trials whose check failed (written with `check = failed`, never fitted).
    failed: usize,
    rows: usize,
    /// Blocks already measured in the CSV that `--resume` skipped.
    skipped_blocks: usize,
    summary: &'a [SummaryLine],
}

impl BenchAnswer<'_> {
    fn new(o: &BenchOutcome) -> BenchAnswer<'_> {
        BenchAnswer {
            csv: o.csv.display().to_string(),
            elapsed_s: o.elapsed_s,
            facts: &o.facts,
            failed: o.failed,
            rows: o.rows,
            skipped_blocks: o.skipped_blocks,
            summary: &o.summary,
        }
    }
}

/// Prints the end-of-run summary (stage rows left out of the text; all in JSON).
pub(crate) fn print_summary(o: &BenchOutcome, json: bool) -> Result<()> {
    if json {
        return super::render::json_sorted(&BenchAnswer::new(o));
    }
    let out: &mut dyn std::io::Write = if o.csv.as_os_str() == "<stdout>" {
        &mut std::io::stderr()
    } else {
        &mut std::io::stdout()
    };
    writeln!(
        out,
        "{:<12} {:<24} {:<26} {:<14} {:>8} {:>3} {:>3} {:>10} {:>21} {:>9}",
        "group",
        "policy",
        "case",
        "pattern",
        "size",
        "R",
        "n",
        "median ms",
        "[min – max] ms",
        "GB/s"
    )?;
    for l in o.summary.iter().filter(|l| {
        !matches!(
            HandoffCase::parse(&l.cell.case),
            Some(HandoffCase::Stage(_))
        )
    }) {
        let c = &l.cell;
        writeln!(
            out,
            "{:<12} {:<24} {:<26} {:<14} {:>8} {:>3} {:>3} {:>10} {:>21} {:>9}{}",
            c.group,
            c.policy.name(),
            c.case,
            c.pattern,
            format_size(c.bytes).replace(' ', ""),
            c.reuse.map(|r| r.to_string()).unwrap_or_default(),
            l.trials,
            ms(l.median_ms),
            format!("[{} – {}]", ms(l.min_ms), ms(l.max_ms)),
            l.median_gbps.map(gbps).unwrap_or_default(),
            if l.failed > 0 {
                format!("  {} FAILED", l.failed)
            } else {
                String::new()
            }
        )?;
    }
    writeln!(
        out,
        "{} rows ({} failed their check) in {:.0} s → {}{}",
        o.rows,
        o.failed,
        o.elapsed_s,
        o.csv.display(),
        if o.skipped_blocks > 0 {
            format!(
                "; {} blocks already measured were skipped",
                o.skipped_blocks
            )
        } else {
            String::new()
        }
    )?;
    Ok(())
}

pub(super) fn bench(a: super::BenchArgs) -> Result<()> {
    if let Some(pct) = a.oversub_child {
        return Ok(bench::oversub::child(
            a.device,
            pct,
            a.trials.unwrap_or(3),
            &a.out,
        )?);
    }
    let cfg = config_from(&a)?;
    let mut p = Progress::new();
    let result = bench::run(&cfg, &mut p);
    p.finish();
    let o = result?;
    print_summary(&o, a.json)?;
    if let Some(dir) = &a.report {
        let (m, src) = super::commands::load_named(None, false, None)?;
        let path =
            super::commands::write_report(&m, &src.to_string(), std::slice::from_ref(&o.csv), dir)?;
        eprintln!("umodel: report: {}", path.display());
    }
    if o.failed > 0 {
        bail!("{} trials failed their check; they are in {} with check = failed and are never used for fitting", o.failed, o.csv.display());
    }
    Ok(())
}

pub(super) fn calibrate(a: super::CalibrateArgs) -> Result<()> {
    let devices: Vec<usize> = match &a.device {
        super::Devices::All => (0..crate::gpu::device_count()?).collect(),
        super::Devices::List(v) => v.clone(),
    };
    match devices.as_slice() {
        [] => bail!("the driver sees no CUDA devices"),
        [d] => calibrate_one(&a, *d, false).map(|_| ()),
        many => {
            if a.output.is_some() || a.data.is_some() {
                bail!("with several devices each GPU's model goes to the data directory (set UMODEL_DATA_DIR to choose it); -o and --data name one file");
            }
            calibrate_many(&a, many)
        }
    }
}

/// Calibrates each device in turn, then decides which share the platform's model.
fn calibrate_many(a: &super::CalibrateArgs, devices: &[usize]) -> Result<()> {
    use crate::fleet::{compare, Member};
    let mut done: Vec<(usize, (crate::PlatformModel, std::path::PathBuf))> = Vec::new();
    for &d in devices {
        out!("== GPU {d} ==");
        done.push((d, calibrate_one(a, d, true)?));
    }
    let members: Vec<Member<'_>> = done
        .iter()
        .map(|(d, (m, _))| Member {
            name: format!("GPU {d}"),
            model: m,
        })
        .collect();
    let cmp = compare(&members);
    for o in &cmp.outliers {
        eprintln!(
            "warning: {o}: it keeps its own model; {}; recalibrate it with `umodel calibrate --device N`",
            o.hint
        );
    }
    // Data on a peer GPU and GPUs moving data at once: measured once for the host.
    out!("== peer and contention ==");
    let fp = crate::calibrate::local_fingerprint(&done[0].1 .0.platform.gpu);
    let shared_path =
        crate::store::calibrated_path(&fp).ok_or_else(|| anyhow::anyhow!("no data directory"))?;
    let multi_csv = shared_path.with_extension("multi.csv");
    crate::calibrate::archive_previous(&multi_csv)?;
    let mut p = Progress::new();
    let command = std::env::args().collect::<Vec<_>>().join(" ");
    let r = crate::calibrate::run_multi_gpu(&multi_csv, devices, &command, &mut p);
    p.finish();
    let (bench, peer) = r?;
    out!(
        "Measured {} peer pairs and contention in {:.1} s: {} rows, {} failed their check → {}",
        peer.pairs.len(),
        bench.elapsed_s,
        bench.rows,
        bench.failed,
        multi_csv.display()
    );
    for c in &peer.contention {
        out!(
            "  {} with {} GPUs at once: {:.2}x the time alone (worst GPU {:.2}x, noise ±{:.1} %): {}",
            c.what.label(),
            c.gpus,
            c.factor,
            c.worst,
            100.0 * c.rel_se,
            if c.contended { "CONTENDED" } else { "no contention" }
        );
    }
    for (_, (m, _)) in done.iter_mut() {
        m.peer = Some(peer.clone());
    }
    let healthy: Vec<usize> = cmp.classes.first().cloned().unwrap_or_default();
    let shared_by: Vec<usize> = healthy.iter().map(|&i| done[i].0).collect();
    if let Some(&first) = healthy.first() {
        let (_, (model, path)) = &done[first];
        let shared = shared_path.clone();
        let mut m = model.clone();
        m.provenance.notes.push(format!(
            "shared by GPUs {}: their link and memory terms agree within the noise (umodel calibrate --device; per-GPU measurements beside it)",
            shared_by.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
        ));
        crate::store::write_model(&shared, &m)?;
        // GPUs that share the platform's model keep only their measurements.
        for &i in &healthy {
            let _ = std::fs::remove_file(&done[i].1 .1);
        }
        out!(
            "GPUs {} share {} (from {})",
            shared_by
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join(", "),
            shared.display(),
            path.display()
        );
    }
    if bench.failed > 0 {
        bail!(
            "{} peer or contention trials failed their check (excluded from the fit; kept in {})",
            bench.failed,
            multi_csv.display()
        );
    }
    for class in cmp.classes.iter().skip(1) {
        for &i in class {
            crate::store::write_model(&done[i].1 .1, &done[i].1 .0)?;
            out!(
                "GPU {} keeps its own model: {}",
                done[i].0,
                done[i].1 .1.display()
            );
        }
    }
    Ok(())
}

/// `calibrate --json` (keys in alphabetical order, as it has always printed them).
#[derive(Serialize)]
struct CalibrateAnswer<'a> {
    /// Where the earlier calibration's measurements went, where there was one.
    archived_measurements: Option<String>,
    /// The level shift against earlier calibrations (RMS, relative); null for the first.
    between_run_rel_sd: Option<f64>,
    /// Held-out validation of the model composed from the terms alone.
    composed_validation: Option<&'a ValidationSummary>,
    /// The plan's deadline for its blocks, s.
    deadline_s: Option<f64>,
    earlier_runs_compared: usize,
    /// Earlier calibrations whose CPU update ran on another number of threads (not compared).
    earlier_runs_other_cpu_update: usize,
    earlier_runs_unreadable: &'a [String],
    elapsed_s: f64,
    /// Trials whose check failed.
    failed: usize,
    /// The measurement CSV.
    measurements: String,
    /// The model file written.
    model: String,
    noise: Option<&'a NoiseReport>,
    other_runs: &'a [OtherRunCheck],
    plan: &'static str,
    /// Task terms priced from the pools of the embedded model of this GPU (`"use": "priced"`,
    /// with the pool's size and this calibration's own fit) or left to this calibration as too
    /// far from them (`"use": "outside"`).
    pooled_task_terms: &'a [crate::model::PoolUse],
    rows: usize,
    /// The embedded model whose run-to-run shift a first calibration's intervals use.
    shift_from_embedded_model: Option<&'static str>,
    /// Handoff blocks the deadline gave less than their time budget.
    shortened_blocks: Vec<ShortenedBlock<'a>>,
    /// How many task terms were fitted.
    task_terms: Option<usize>,
    /// What the task terms were checked against: the embedded model of this GPU, else this
    /// machine's earlier calibrations (null for a first calibration of a GPU with neither).
    task_terms_checked_against: Option<&'a str>,
    /// Task terms far outside where the reference's moved between calibrations.
    unusual_task_terms: &'a [UnusualTerm],
    /// Held-out validation, where the plan held anything out.
    validation: Option<&'a ValidationSummary>,
}

/// One of [`CalibrateAnswer::shortened_blocks`].
#[derive(Serialize)]
struct ShortenedBlock<'a> {
    block: &'a str,
    /// The share of its time budget it got.
    budget_share: f64,
}

impl<'a> CalibrateAnswer<'a> {
    fn new(o: &'a CalibrateOutcome, plan: Plan) -> CalibrateAnswer<'a> {
        CalibrateAnswer {
            archived_measurements: o.archived.as_ref().map(|p| p.display().to_string()),
            between_run_rel_sd: o.between_runs.map(|b| b.0),
            composed_validation: o.composed.as_ref().map(|v| &v.summary),
            deadline_s: plan.adaptive().deadline_s,
            earlier_runs_compared: o.between_runs.map_or(0, |b| b.1),
            earlier_runs_other_cpu_update: o.history_other_cpu,
            earlier_runs_unreadable: &o.history_unreadable,
            elapsed_s: o.elapsed_s,
            failed: o.bench.failed,
            measurements: o.csv.display().to_string(),
            model: o.model_path.display().to_string(),
            noise: o.model.noise.as_ref(),
            other_runs: &o.model.other_runs,
            plan: plan.name(),
            pooled_task_terms: &o.pooled,
            rows: o.bench.rows,
            shift_from_embedded_model: o.inherited_shift,
            shortened_blocks: o
                .bench
                .shortened_blocks
                .iter()
                .map(|(block, budget_share)| ShortenedBlock {
                    block,
                    budget_share: *budget_share,
                })
                .collect(),
            task_terms: o.model.task_terms.as_ref().map(|t| t.iter().count()),
            task_terms_checked_against: o.checked_against.as_deref(),
            unusual_task_terms: &o.unusual_terms,
            validation: o.validation.as_ref().map(|v| &v.summary),
        }
    }
}

fn calibrate_one(
    a: &super::CalibrateArgs,
    device: usize,
    per_device: bool,
) -> Result<(crate::PlatformModel, std::path::PathBuf)> {
    use crate::calibrate::{self, CalibrateConfig};
    if a.cpu_threads == 0 {
        bail!("--cpu-threads must be at least 1");
    }
    let cfg = CalibrateConfig {
        device,
        per_device,
        plan: if a.plan == super::PlanArg::Full {
            Plan::Full
        } else {
            Plan::Minimal
        },
        output: a.output.clone(),
        data: a.data.clone(),
        resume: a.resume,
        statistic: crate::model::Statistic::Median,
        cpu: CpuConfig {
            threads: a.cpu_threads,
            core: a.cpu_core.unwrap_or_default(),
        },
        command: std::env::args().collect::<Vec<_>>().join(" "),
    };
    let mut p = Progress::new();
    let result = calibrate::run(&cfg, &mut p);
    p.finish();
    let o = result?;
    let m = &o.model;
    super::commands::warn_all(&m.warnings());
    if let Some(dir) = &a.report {
        let dir = if per_device {
            dir.join(format!("gpu{device}"))
        } else {
            dir.clone()
        };
        let path = super::commands::write_report(
            m,
            &o.model_path.display().to_string(),
            std::slice::from_ref(&o.csv),
            &dir,
        )?;
        eprintln!("umodel: report: {}", path.display());
    }
    if a.json {
        super::render::json_sorted(&CalibrateAnswer::new(&o, cfg.plan))?;
    } else {
        out!(
            "Calibrated {} ({} plan) in {:.1} s: {} rows, {} failed their check",
            m.platform.gpu,
            cfg.plan.name(),
            o.elapsed_s,
            o.bench.rows,
            o.bench.failed
        );
        out!("  {}", calibrate::describe_paths(&o));
        if let (Some(d), false) = (
            cfg.plan.adaptive().deadline_s,
            o.bench.shortened_blocks.is_empty(),
        ) {
            let low = o
                .bench
                .shortened_blocks
                .iter()
                .map(|b| b.1)
                .fold(1.0, f64::min);
            out!(
                "  to end its blocks {d:.0} s in, the plan gave {} handoff block{} less than its time budget (down to {:.0} %): fewer trials there",
                o.bench.shortened_blocks.len(),
                if o.bench.shortened_blocks.len() == 1 { "" } else { "s" },
                100.0 * low
            );
        }
        if let Some(n) = &m.noise {
            out!(
                "  noise seen (robust SD of one trial): alternating {:.1} %, GPU-only {:.1} %{}",
                100.0 * n.alternating_rel_sd,
                100.0 * n.gpu_only_rel_sd,
                n.cpu_only_rel_sd
                    .map(|c| format!(", CPU update alone {:.1} %", 100.0 * c))
                    .unwrap_or_default()
            );
        }
        match o.between_runs {
            Some((shift, n)) => out!(
                "  run-to-run shift: {:.1} % RMS against {n} earlier calibration{} kept beside it (in the prediction intervals)",
                100.0 * shift,
                if n == 1 { "" } else { "s" }
            ),
            None => match o.inherited_shift {
                Some(e) => out!(
                    "  run-to-run shift: not measured here yet (the first calibration); the intervals use the one measured for the embedded model `{e}` ({:.1} %, and its task terms' own) until the next calibration measures this machine's own",
                    100.0 * m.settings.extra_rel_sd
                ),
                None => out!(
                    "  run-to-run shift: not measured yet (the first calibration here); the next calibration measures it against this one"
                ),
            },
        }
        if let Some(t) = &m.task_terms {
            out!(
                "  task terms: {} fitted jointly over {} cells (residual scale {:.2}); predict your own with `umodel choose --task FILE` (examples under tasks/ in the repository)",
                t.iter().count(),
                t.fit.cells,
                t.fit.residual_scale
            );
            if let Some(u) = t.faults_under_compute() {
                out!(
                    "  faults under a compute-bound kernel: {:.0} % of what the kernel could hide stays exposed (median of {} trials; {:.2} ms of kernel, {:.2} ms of faults alone at {})",
                    100.0 * u.share,
                    u.trials,
                    u.kernel_ms,
                    u.faults_ms,
                    crate::units::format_size(u.bytes)
                );
            }
            if let Some(shares) = super::render::fault_back_shares(t) {
                out!(
                    "  faults back on many host threads, of one thread's cost: {shares}; a task's `cpu_threads` prices it"
                );
            }
        }
        for u in &o.unusual_terms {
            out!(
                "  warning: {}",
                u.describe(o.checked_against.as_deref().unwrap_or("?"))
            );
        }
        if let Some(t) = &m.task_terms {
            for u in &o.pooled {
                let line = u.describe(
                    t,
                    crate::store::CHECK_TASK_TERMS_AT,
                    "the embedded model of this GPU carries",
                );
                match u {
                    crate::model::PoolUse::Priced(_) => out!("  {line}"),
                    crate::model::PoolUse::Outside { .. } => out!("  note: {line}"),
                }
            }
        }
        if !m.other_runs.is_empty() {
            let range = |v: Vec<f64>| {
                let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = v.iter().copied().fold(0.0, f64::max);
                if (hi - lo).abs() < 0.005 {
                    format!("{lo:.2} %")
                } else {
                    format!("{lo:.2}–{hi:.2} %")
                }
            };
            let x = &m.other_runs;
            let given: Vec<f64> = x
                .iter()
                .filter_map(|a| a.given_cpu_median_ape_pct)
                .collect();
            out!(
                "  against {} earlier calibration{} here: median APE {}{}",
                x.len(),
                if x.len() == 1 { "" } else { "s" },
                range(x.iter().map(|a| a.median_ape_pct).collect()),
                if given.is_empty() {
                    String::new()
                } else {
                    format!(
                        "; {} given each trial's CPU update (the rest of the difference is the CPU's speed)",
                        range(given)
                    )
                }
            );
        }
        for e in &o.history_unreadable {
            out!("  note: an earlier calibration was left out of the comparison: {e}");
        }
        if o.history_other_cpu > 0 {
            out!(
                "  note: {} earlier calibration{} here ran the CPU update on another number of threads: not compared",
                o.history_other_cpu,
                if o.history_other_cpu == 1 { "" } else { "s" }
            );
        }
        if let Some(a) = &o.archived {
            out!(
                "  the earlier calibration's measurements were kept as {}",
                a.display()
            );
        }
        for (label, v, intervals) in [
            ("held-out", &o.validation, true),
            // The composed model's terms carry no per-prediction error: no intervals to check.
            ("composed from terms", &o.composed, false),
        ] {
            if let Some(v) = v {
                let s = &v.summary;
                let coverage = if intervals {
                    format!(
                        ", 90% interval coverage {:.0} % (within this run)",
                        s.interval_coverage_pct
                    )
                } else {
                    String::new()
                };
                out!(
                    "  {label}: {} points, median APE {:.2} %, max {:.2} %, picks {}/{} ({} clear: {} right){coverage}",
                    s.n_points, s.median_ape_pct, s.max_ape_pct, s.picks_correct, s.picks_total, s.clear_picks_total, s.clear_picks_correct
                );
            }
        }
        // Queries find a model by themselves only in the per-user data directory.
        match &cfg.output {
            None if per_device => {}
            None => out!("  queries on this machine now use it: umodel choose --reuse 4"),
            Some(p) => out!(
                "  query it with: umodel choose --model {} --reuse 4",
                p.display()
            ),
        }
    }
    if o.bench.failed > 0 {
        bail!(
            "{} trials failed their check (excluded from the fit; kept in {})",
            o.bench.failed,
            o.csv.display()
        );
    }
    Ok((o.model, o.model_path))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::CellKey;

    fn bench_outcome() -> BenchOutcome {
        BenchOutcome {
            facts: RunFacts::default(),
            summary: vec![SummaryLine {
                cell: CellKey {
                    group: HandoffCase::GROUP,
                    policy: crate::Policy::HostMapped,
                    case: "alternating".into(),
                    pattern: String::new(),
                    bytes: 1 << 24,
                    reuse: Some(2),
                },
                trials: 5,
                median_ms: 1.5,
                min_ms: 1.25,
                max_ms: 2.0,
                median_gbps: Some(22.5),
                failed: 0,
            }],
            rows: 5,
            failed: 1,
            skipped_blocks: 2,
            shortened_blocks: vec![("handoff 16 MiB".into(), 0.5)],
            csv: "run.csv".into(),
            elapsed_s: 3.25,
        }
    }

    fn calibrate_outcome() -> CalibrateOutcome {
        let model = crate::store::embedded("h200").unwrap();
        let table =
            crate::table::Table::read(std::path::Path::new("calibration/h200/full.csv")).unwrap();
        let v = crate::model::validate(&model, &table, true, crate::model::Statistic::Median);
        CalibrateOutcome {
            model,
            model_path: "m.json".into(),
            csv: "run.csv".into(),
            bench: bench_outcome(),
            validation: Some(v.clone()),
            composed: Some(v),
            archived: Some("run.old.csv".into()),
            between_runs: Some((0.125, 3)),
            history_unreadable: vec!["x.csv: bad".into()],
            history_other_cpu: 1,
            inherited_shift: Some("h200"),
            unusual_terms: Vec::new(),
            checked_against: Some("the embedded model `h200`".into()),
            pooled: Vec::new(),
            elapsed_s: 12.5,
        }
    }

    fn keys(v: &serde_json::Value) -> Vec<&str> {
        v.as_object().unwrap().keys().map(|k| k.as_str()).collect()
    }

    /// No CLI test runs `bench --json` or `calibrate --json` (they need a GPU): their shapes are
    /// pinned here.
    #[test]
    fn bench_and_calibrate_json_keep_their_shapes() {
        let o = bench_outcome();
        let v = super::super::answer::value(&BenchAnswer::new(&o));
        assert_eq!(
            keys(&v),
            [
                "csv",
                "elapsed_s",
                "facts",
                "failed",
                "rows",
                "skipped_blocks",
                "summary"
            ]
        );
        assert_eq!(
            keys(&v["summary"][0]),
            [
                "bytes",
                "case",
                "failed",
                "group",
                "max_ms",
                "median_gbps",
                "median_ms",
                "min_ms",
                "pattern",
                "policy",
                "reuse",
                "trials"
            ]
        );
        assert_eq!(v["summary"][0]["policy"], "host-mapped");
        assert_eq!(v["csv"], "run.csv");
        let o = calibrate_outcome();
        let v = super::super::answer::value(&CalibrateAnswer::new(&o, Plan::Minimal));
        assert_eq!(
            keys(&v),
            [
                "archived_measurements",
                "between_run_rel_sd",
                "composed_validation",
                "deadline_s",
                "earlier_runs_compared",
                "earlier_runs_other_cpu_update",
                "earlier_runs_unreadable",
                "elapsed_s",
                "failed",
                "measurements",
                "model",
                "noise",
                "other_runs",
                "plan",
                "pooled_task_terms",
                "rows",
                "shift_from_embedded_model",
                "shortened_blocks",
                "task_terms",
                "task_terms_checked_against",
                "unusual_task_terms",
                "validation",
            ]
        );
        assert_eq!(v["plan"], "minimal");
        assert_eq!(v["between_run_rel_sd"], 0.125);
        assert_eq!(v["earlier_runs_compared"], 3);
        assert_eq!(
            v["shortened_blocks"],
            serde_json::from_str::<serde_json::Value>(
                r#"[{"block": "handoff 16 MiB", "budget_share": 0.5}]"#
            )
            .unwrap()
        );
        assert_eq!(
            v["validation"]["n_points"],
            v["composed_validation"]["n_points"]
        );
        assert!(v["validation"]["median_ape_pct"].as_f64().unwrap() > 0.0);
        assert_eq!(v["task_terms_checked_against"], "the embedded model `h200`");
        assert_eq!(v["unusual_task_terms"], serde_json::json!([]));
        let mut o = calibrate_outcome();
        o.unusual_terms = vec![UnusualTerm {
            term: crate::model::TermId::PrefetchNoop,
            ms: 3.5,
            reference_ms: 0.25,
            bytes: 64 << 20,
            allowed_ratio: 3.6,
            repeated_here: None,
        }];
        let v = super::super::answer::value(&CalibrateAnswer::new(&o, Plan::Minimal));
        assert_eq!(
            v["unusual_task_terms"],
            serde_json::json!([{"term": "prefetch_noop", "ms": 3.5, "reference_ms": 0.25,
                "bytes": 67108864, "allowed_ratio": 3.6}])
        );
    }
}
