//! One function per subcommand: turn arguments into library calls and hand results to the renderer.

use anyhow::{bail, Result};

use super::{answer, render, Command};
use crate::model::{self, PlatformModel};
use crate::store::{self, ModelSource};
use crate::table::Table;

pub(super) fn run(cmd: Command) -> Result<()> {
    match cmd {
        Command::Predict(a) if a.dev.from_device.is_some() => super::peer::predict(a),
        Command::Choose(a) if a.dev.from_device.is_some() => super::peer::choose(a),
        Command::Breakeven(a) if a.dev.from_device.is_some() => super::peer::breakeven(a),
        Command::Predict(a) if a.task.task.is_some() => super::tasks::predict(a),
        Command::Choose(a) if a.task.task.is_some() => super::tasks::choose(a),
        Command::Breakeven(a) if a.task.task.is_some() => super::tasks::breakeven(a),
        Command::Validate(a) if a.task.is_some() => super::tasks::validate(a),
        Command::Predict(a) => {
            let (m, src) = load_for(&a.model, a.dev.device)?;
            let (Some(policy), Some(reuse)) = (a.policy, a.reuse) else {
                bail!("--policy and --reuse are needed (or --task FILE)");
            };
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let cpu = match a.cpu_ms {
                Some(ms) => model::CpuUpdate::StageMs(ms),
                None => a.cpu.update(),
            };
            let p = model::Predictor::new(&m).predict_with_cpu(policy, bytes, reuse, cpu)?;
            if a.json {
                render::json_sorted(&answer::PredictAnswer::new(&m, &p, a.explain))
            } else {
                render::predict_text(&m, &src, &p, a.explain);
                Ok(())
            }
        }
        Command::Choose(a) => {
            let (m, _) = load_for(&a.model, a.dev.device)?;
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let reuse = a
                .reuse
                .ok_or_else(|| anyhow::anyhow!("--reuse is needed (or --task FILE)"))?;
            let c = model::Predictor::new(&m).choose_with_cpu(bytes, reuse, a.cpu.update())?;
            if a.json {
                render::json_sorted(&answer::ChooseAnswer::new(&c, a.cpu.cpu_scale))
            } else {
                render::choose_text(&c, a.cpu.cpu_scale);
                Ok(())
            }
        }
        Command::Breakeven(a) => {
            let (m, _) = load_for(&a.model, a.dev.device)?;
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let (answer, winner) = answer::breakeven(
                &model::Predictor::new(&m),
                (a.a, a.b),
                bytes,
                a.cpu.update(),
                a.cpu.cpu_scale,
            )?;
            if a.json {
                render::json_sorted(&answer)
            } else {
                render::breakeven_text(a.a, a.b, bytes, answer.r_star, winner, a.cpu.cpu_scale);
                Ok(())
            }
        }
        Command::Validate(a) => {
            let (m, src) = load_named(Some(&a.model), false, None)?;
            let table = read_measurements(&a.measurements)?;
            if super::peer::validate(&m, &table, a.json)?.is_some() {
                return Ok(());
            }
            let m = if a.composed {
                model::compose(&m).ok_or_else(|| {
                    anyhow::anyhow!("this model has no access and management terms to compose from")
                })?
            } else {
                m
            };
            let report = if a.cpu_from_trials {
                model::validate_given_trial_cpu(&m, &table, a.held_out, model::Statistic::Median)?
            } else {
                model::validate(&m, &table, a.held_out, model::Statistic::Median)
            };
            if report.points.is_empty() {
                bail!(
                    "{}: no `handoff` `alternating` rows for this model's policies ({}){}",
                    table.source.display(),
                    m.policy_list()
                        .iter()
                        .map(|p| p.name())
                        .collect::<Vec<_>>()
                        .join(", "),
                    if a.held_out {
                        " outside the cells the model was calibrated on"
                    } else {
                        ""
                    }
                );
            }
            if a.json {
                render::json(&report)
            } else {
                render::validate_text(&src, &report, table.failed.len(), a.verbose);
                Ok(())
            }
        }
        Command::Fit(a) => fit_cmd(a),
        Command::Show(a) => {
            let (m, src) = load(&a.model)?;
            if a.json {
                render::json(&m)
            } else {
                render::show_text(&m, &src);
                Ok(())
            }
        }
        Command::Bench(a) => super::progress::bench(a),
        Command::Doctor(a) => super::doctor::run(a.json),
        Command::Probe(a) => super::tasks::probe(a),
        Command::Calibrate(a) => super::progress::calibrate(a),
        Command::Fleet(a) => super::peer::fleet(&a.dir, a.json),
        Command::Serve(a) => {
            let (m, _) = load(&a.model)?;
            super::serve::run(m, a.socket.as_deref())
        }
        Command::Report(a) if a.task.task.is_some() => super::tasks::report(a),
        Command::Report(a) => {
            let (m, src) = load(&a.model)?;
            let mut paths = a.measurements.clone();
            let own = std::path::PathBuf::from(&m.provenance.source_csv);
            if paths.is_empty() && own.is_file() {
                paths.push(own);
            }
            let path = write_report(&m, &src.to_string(), &paths, &a.out)?;
            out!("wrote {}", path.display());
            Ok(())
        }
        Command::Ablate(a) => {
            let table = Table::read(&a.measurements)?.non_empty()?;
            warn_all(&table.warnings);
            let facts = store::facts_path_for(&a.measurements);
            let platform = if facts.exists() {
                store::read_facts(&facts)?.platform
            } else {
                Default::default()
            };
            let rows = crate::calibrate::ablate(&table, &platform);
            if rows.iter().all(|r| r.points == 0) {
                bail!(
                    "{}: nothing to ablate: it needs `handoff` `gpu_only` rows and `alternating` rows \
                     at R = 1 and at other R, at two or more sizes (a full-plan calibration CSV)",
                    a.measurements.display()
                );
            }
            if a.json {
                render::json(&rows)
            } else {
                render::ablation_text(&a.measurements, &rows);
                Ok(())
            }
        }
    }
}

/// Draws the report of `m` with `csvs` into `dir/report.html`; returns its path.
pub(super) fn write_report(
    m: &PlatformModel,
    name: &str,
    csvs: &[std::path::PathBuf],
    dir: &std::path::Path,
) -> Result<std::path::PathBuf> {
    let tables = csvs
        .iter()
        .map(|p| Table::read(p))
        .collect::<Result<Vec<_>, _>>()?;
    let html = crate::report::render(&crate::report::ReportInput {
        model: m,
        model_name: name.to_string(),
        tables,
    })?;
    write_page(dir, &html)
}

/// Writes a report page to `dir/report.html` (the folder made if missing); returns its path.
pub(super) fn write_page(dir: &std::path::Path, html: &str) -> Result<std::path::PathBuf> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("{}: cannot create: {e}", dir.display()))?;
    let path = dir.join("report.html");
    store::write_atomic(&path, html.as_bytes())?;
    Ok(path)
}

/// Reads measurement CSVs as one table (its source names them all).
pub(super) fn read_measurements(paths: &[std::path::PathBuf]) -> Result<Table> {
    let mut table = Table::default();
    for path in paths {
        let t = Table::read(path)?.non_empty()?;
        warn_all(&t.warnings);
        if table.rows.is_empty() && table.failed.is_empty() {
            table = t;
        } else {
            table.rows.extend(t.rows);
            table.failed.extend(t.failed);
            table.source = format!("{} + {}", table.source.display(), path.display()).into();
        }
    }
    Ok(table)
}

/// Prints warnings the library returned.
pub(super) fn warn_all(warnings: &[String]) {
    for w in warnings {
        note!("umodel: warning: {w}");
    }
}

/// Loads the model a query asked for (see [`load_named`]).
pub(super) fn load(a: &super::ModelArg) -> Result<(PlatformModel, ModelSource)> {
    load_named(a.model.as_deref(), a.strict, None)
}

/// [`load`], and whether its stamp check warned that this host's L3 is not that of the hosts the
/// embedded model was measured on, pointing to the probe (a task query then leaves out its own
/// note that says to probe).
pub(super) fn load_warned_of_host_l3(
    a: &super::ModelArg,
) -> Result<(PlatformModel, ModelSource, bool)> {
    load_checked(a.model.as_deref(), a.strict, None)
}

/// [`load`] for work on GPU `device`: its own calibrated model where it has one.
pub(super) fn load_for(
    a: &super::ModelArg,
    device: Option<usize>,
) -> Result<(PlatformModel, ModelSource)> {
    load_named(a.model.as_deref(), a.strict, device)
}

/// Loads the model a query asked for ([`store::load`]: with `device`, that GPU's own calibrated
/// model where `calibrate --device` gave it one), says on stderr which one it is, and checks its
/// stamp against this machine: a warning naming what changed, or with `strict` a refusal.
pub(super) fn load_named(
    name: Option<&str>,
    strict: bool,
    device: Option<usize>,
) -> Result<(PlatformModel, ModelSource)> {
    load_checked(name, strict, device).map(|(m, src, _)| (m, src))
}

/// [`load_named`], with whether [`check_stamp`] warned of this host's L3 alone.
fn load_checked(
    name: Option<&str>,
    strict: bool,
    device: Option<usize>,
) -> Result<(PlatformModel, ModelSource, bool)> {
    let (m, src) = store::load(name, device)?;
    let hint = match (&src, name) {
        (ModelSource::Embedded(_), None) => "; run `umodel calibrate` to measure this machine",
        _ => "",
    };
    note!("umodel: using {src}: {}{hint}", m.describe());
    let warned = check_stamp(&m, &src, name.is_some(), strict)?;
    Ok((m, src, warned))
}

/// The command that measures this machine again for a model from `src`.
pub(super) fn recalibrate_hint(src: &ModelSource) -> String {
    match src {
        ModelSource::File(p) => format!(
            "`umodel calibrate -o {}` measures this machine again (or `umodel calibrate` for the \
             default place)",
            p.display()
        ),
        _ => "`umodel calibrate` measures this machine again".to_string(),
    }
}

/// Checks `m`'s stamp against this machine: a warning naming what changed, or with `strict` a
/// refusal. Returns whether it warned that the embedded model's hosts had another L3 than this
/// one and nothing else differs (its advice then is the probe).
fn check_stamp(m: &PlatformModel, src: &ModelSource, named: bool, strict: bool) -> Result<bool> {
    use crate::stamp::{self, Machine, Scope, Verdict};
    let scope = src.stamp_scope(named);
    let here = if scope.is_some() {
        Machine::local()
    } else {
        None
    };
    let verdict = stamp::check(&m.stamp_or_platform(), here.as_ref(), scope);
    let Verdict::Changed(changes) = &verdict else {
        if strict && !verdict.strict_ok() {
            match verdict {
                Verdict::NoDriver => bail!(
                    "--strict: no NVIDIA driver here (no /proc/driver/nvidia/version), so nothing \
                     says this machine is the one {src} was measured on"
                ),
                _ => bail!(
                    "--strict: {src} records nothing it was measured under to check this machine \
                     against"
                ),
            }
        }
        return Ok(false);
    };
    let host_l3 = scope == Some(Scope::GpuModel) && stamp::only_host_l3(changes);
    let list: String = changes.iter().map(|c| format!("\n  {c}")).collect();
    let (what, hint) = match scope {
        // Only the host's L3: the GPU is the model's, the host of another kind.
        Some(Scope::GpuModel) if host_l3 => (
            "this host's L3 cache is not that of the hosts it was measured on; on the H100 VMs \
             such hosts ran the GPU's link up to 1.5× slower (NOTES.md, \"The link probe\")",
            stamp::PROBE_THIS_HOST.to_string(),
        ),
        Some(Scope::GpuModel) => (
            "this machine's GPU is not the one it was measured on; its answers are for that machine",
            recalibrate_hint(src),
        ),
        _ => (
            "this machine changed since it was measured; its answers may no longer hold",
            recalibrate_hint(src),
        ),
    };
    if strict {
        bail!("--strict: refusing {src}: {what}:{list}\n  {hint}");
    }
    note!(
        "umodel: warning: {src}: {what}:{list}\n  {hint} (`umodel doctor` lists every model; --strict refuses)"
    );
    Ok(host_l3)
}

/// `fit --host-l3`: the host's L3 in the model's platform facts and stamp, where its facts did not
/// record one; a facts file that recorded another size wins, and the flag is refused.
fn set_host_l3(m: &mut PlatformModel, l3: u64) -> Result<()> {
    let recorded = m
        .stamp
        .as_ref()
        .and_then(|s| s.host_l3_bytes)
        .or(m.platform.host_l3_bytes);
    if let Some(r) = recorded.filter(|r| *r != l3) {
        bail!(
            "--host-l3 {}: the measurements' facts record the host's L3 as {}",
            crate::units::format_size(l3),
            crate::units::format_size(r)
        );
    }
    m.platform.host_l3_bytes = Some(l3);
    if let Some(s) = &mut m.stamp {
        s.host_l3_bytes = Some(l3);
    }
    if recorded.is_none() {
        m.provenance.notes.push(format!(
            "host L3 cache {} given to fit (--host-l3): the facts predate recording it",
            crate::units::format_size(l3)
        ));
    }
    Ok(())
}

fn fit_cmd(a: super::FitArgs) -> Result<()> {
    // Before any work: the output must not be a device, a directory or one of the inputs (it
    // would replace the measurements with the model).
    let facts = a
        .facts
        .clone()
        .unwrap_or_else(|| store::facts_path_for(&a.measurements));
    let mut inputs: Vec<&std::path::Path> = vec![&a.measurements, &facts];
    inputs.extend(a.noise_from.iter().map(|p| p.as_path()));
    inputs.extend(a.task_noise_from.iter().map(|p| p.as_path()));
    // The calibrations whose task terms are fitted here, and the facts file beside each.
    let calibrations: Vec<_> = a
        .task_terms_from
        .iter()
        .chain(&a.pool_from)
        .flat_map(|p| [p.clone(), store::facts_path_for(p)])
        .collect();
    inputs.extend(calibrations.iter().map(|p| p.as_path()));
    store::check_output_against(&a.output, &inputs)?;
    let opts = model::FitOptions {
        sizes: a.sizes,
        l2_split: a.l2_split,
        no_host_level: a.no_host_level,
        interpolation: match a.interpolation {
            super::InterpArg::Linear => model::Interpolation::Linear,
            super::InterpArg::Loglog => model::Interpolation::LogLog,
        },
        ..model::FitOptions::default()
    };
    let (mut m, report, table) =
        crate::calibrate::fit_csv(&a.measurements, a.facts.as_deref(), opts)?;
    warn_all(&table.warnings);
    if !a.noise_from.is_empty() {
        let others = a
            .noise_from
            .iter()
            .map(|p| Table::read(p))
            .collect::<Result<Vec<_>, _>>()?;
        others.iter().for_each(|t| warn_all(&t.warnings));
        let sources: Vec<String> = a
            .noise_from
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        if model::add_between_run_noise(&mut m, &table, &others, &sources).is_none() {
            bail!(
                "--noise-from: no R = 1 alternating cells in common with {}",
                a.measurements.display()
            );
        }
        m.other_runs = model::check_other_runs(&m, &others);
    }
    // The task terms of another calibration (its facts file's L2 where it has one), with the
    // SHA-256 of the bytes parsed.
    let default_l2 = m.platform.l2_bytes;
    let terms_of =
        |src: &std::path::Path, flag: &str| -> Result<(model::TaskTerms, String, Option<u64>)> {
            let bytes = Table::read_bytes(src)?;
            let sha = store::sha256_hex(&bytes);
            let other = Table::parse(src, bytes)?;
            let facts = store::facts_path_for(src);
            let l2 = if facts.exists() {
                store::read_facts(&facts)?.platform.l2_bytes
            } else {
                default_l2
            };
            let t = model::fit_task_terms(&other, l2).ok_or_else(|| {
                anyhow::anyhow!(
                    "{flag} {}: it measures none of the task terms",
                    src.display()
                )
            })?;
            Ok((t, sha, l2))
        };
    // Each --task-terms-from calibration's terms and the L2 they were fitted at: one named by
    // --task-noise-from as well is fitted once (the shipped H200 model names thirty both ways),
    // where that L2 is the one the noise fit would use.
    let mut fitted = Vec::new();
    let mut fitted_l2 = Vec::new();
    for src in &a.task_terms_from {
        let (t, sha, l2) = terms_of(src, "--task-terms-from")?;
        fitted.push(t);
        fitted_l2.push(l2);
        m.provenance.notes.push(format!(
            "task terms fitted from {} (sha256 {sha})",
            src.display()
        ));
    }
    match fitted.len() {
        0 => {}
        1 => m.task_terms = Some(fitted[0].clone()),
        n => {
            m.task_terms = Some(
                model::TaskTerms::pooled(&fitted, model::fit::TASK_SHIFT_BYTES)
                    .map_err(|e| anyhow::anyhow!("--task-terms-from: {e}"))?,
            );
            m.provenance.notes.push(format!(
                "task terms pooled over these {n} calibrations: each term from the calibration \
                 whose value at 64 MiB is the median of theirs"
            ));
        }
    }
    // The machine's other calibrations' task terms (--task-noise-from), as `calibrate` has those
    // kept beside it: their shift widens the intervals, and a far term they repeat is the
    // machine's.
    let mut theirs = Vec::new();
    if !a.task_noise_from.is_empty() {
        // Each fitted as `model::task_terms_of_runs` fits them (at this model's L2), or taken
        // from the fits above where that is the same fit.
        let l2 = m.platform.l2_bytes;
        for p in &a.task_noise_from {
            let same = a
                .task_terms_from
                .iter()
                .zip(&fitted_l2)
                .position(|(q, at)| q == p && *at == l2);
            match same {
                Some(i) => theirs.push(fitted[i].clone()),
                None => theirs.extend(model::fit_task_terms(&Table::read(p)?, l2)),
            }
        }
        let sources: Vec<String> = a
            .task_noise_from
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        if m.task_terms.is_none() {
            bail!(
                "--task-noise-from: the model has no task terms ({} measures none; add \
                 --task-terms-from a calibration of this version)",
                a.measurements.display()
            );
        }
        if model::add_task_term_shift_of(&mut m, &theirs, &sources).is_none() {
            bail!(
                "--task-noise-from: none of {} measures a task term of this model",
                sources.join(", ")
            );
        }
    }
    if !a.pool_from.is_empty() {
        if a.pool_from.len() < 2 {
            bail!("--pool-from: a pool needs two calibrations at least, not one");
        }
        if m.task_terms.is_none() {
            bail!(
                "--pool-from: the model has no task terms to carry the pool ({} measures none; \
                 add --task-terms-from a calibration of this version)",
                a.measurements.display()
            );
        }
        let mut all = Vec::new();
        let mut sources = Vec::new();
        for src in &a.pool_from {
            let (t, sha, _) = terms_of(src, "--pool-from")?;
            all.push(t);
            sources.push(format!("{} (sha256 {sha})", src.display()));
        }
        // At the size a calibration is priced from them (`store::price_from_pools`).
        let pools = model::TaskTerms::pools_of(
            &all,
            &model::POOLED_TERMS,
            store::CHECK_TASK_TERMS_AT as f64,
        );
        if pools.is_empty() {
            bail!(
                "--pool-from: none of these calibrations measures {}",
                model::POOLED_TERMS
                    .map(|t| format!("`{}`", t.name()))
                    .join(" or ")
            );
        }
        m.provenance.notes.push(format!(
            "pools of {} over {} calibrations, for calibrations of this GPU to price them from: {}",
            pools
                .iter()
                .map(|p| format!("`{}`", p.term.name()))
                .collect::<Vec<_>>()
                .join(", "),
            all.len(),
            sources.join(", ")
        ));
        m.task_terms
            .as_mut()
            .expect("checked above")
            .set_pools(pools);
    }
    if !a.peer_from.is_empty() {
        let t = read_measurements(&a.peer_from)?;
        m.peer = Some(model::peer::fit_peer(&t).ok_or_else(|| {
            anyhow::anyhow!(
                "--peer-from {}: no `peer` or `contention` rows",
                t.source.display()
            )
        })?);
        for p in &a.peer_from {
            let sha = store::sha256_hex(&std::fs::read(p)?);
            m.provenance.notes.push(format!(
                "peer and contention terms fitted from {} (sha256 {sha})",
                p.display()
            ));
        }
    }
    // The alternating rows at R ≠ 1 (and any sizes left out) were not used for F and G: check the
    // model on them and keep the summary in the model file.
    let v = model::validate(&m, &table, true, model::Statistic::Median);
    if !v.points.is_empty() {
        m.validation = Some(v.summary.clone());
    }
    warn_all(&m.warnings());
    // A far term the machine's other calibrations (--task-noise-from) measured as far off the
    // same way is the machine's, as `calibrate` says of those kept beside it; with none, a far
    // term is reported as a first calibration's is.
    let (against, unusual) = store::note_unusual_task_terms(&mut m, &theirs);
    warn_all(
        &unusual
            .iter()
            .map(|u| u.describe(against.as_deref().unwrap_or("?")))
            .collect::<Vec<_>>(),
    );
    // Checked as measured, then priced from the pool, as `calibrate` does: the pool this model
    // carries (--pool-from) where it has one, else the embedded model's.
    if a.price_from_pool {
        let own = m
            .task_terms
            .as_ref()
            .map(|t| t.pools().to_vec())
            .unwrap_or_default();
        let (priced, why_not) = if own.is_empty() {
            let gpu = if m.platform.gpu.is_empty() {
                "unnamed"
            } else {
                &m.platform.gpu
            };
            let why_not = format!(
                "no embedded model of this GPU ({gpu}) carries a pool of a term this model has"
            );
            (
                store::price_from_embedded_pools(&mut m).map(|(_, uses)| uses),
                why_not,
            )
        } else {
            let uses = store::price_from_pools(&mut m, &own, "this model carries");
            (
                uses,
                "the pools built here (--pool-from) are of no term this model has".to_string(),
            )
        };
        if priced.is_none_or(|uses| uses.is_empty()) {
            bail!("--price-from-pool: {why_not}");
        }
    }
    if let Some(l3) = a.host_l3 {
        set_host_l3(&mut m, l3)?;
    }
    // Then the managed passes from the pinned ones, as `calibrate` orders them (rule M2).
    if a.managed_from_pinned && store::price_managed_from_pinned(&mut m).is_none() {
        let gpu = if m.platform.gpu.is_empty() {
            "unnamed"
        } else {
            &m.platform.gpu
        };
        bail!(
            "--managed-from-pinned: rule M2 prices the GPUs of the embedded models {} only, and \
             a model with its three managed passes and their pinned ones; this one's GPU is {gpu}",
            store::MANAGED_FROM_PINNED.join(", ")
        );
    }
    // The migration after one thread's writes, as `calibrate` keeps it (rule M3′), unless asked.
    if !a.one_thread_migration {
        store::hold_one_thread_migration(&mut m);
    } else if m
        .task_terms
        .as_ref()
        .and_then(|t| t.get(model::TermId::FaultInScalarOneThread))
        .is_none()
    {
        bail!(
            "--one-thread-migration: {} did not measure the migration after one thread's writes \
             (`managed/cold-scalar-one-thread` rows, measured by calibrations since 2026-12-06)",
            a.measurements.display()
        );
    }
    store::write_model(&a.output, &m).map_err(|e| match e {
        store::StoreError::Unusable { .. } => {
            let suspects = crate::model::suspect_cells(&table);
            if suspects.is_empty() {
                anyhow::Error::from(e)
            } else {
                anyhow::anyhow!(
                    "{e}\n  {}: cells that can cause it: {}",
                    a.measurements.display(),
                    suspects.join("; ")
                )
            }
        }
        e => e.into(),
    })?;
    if a.json {
        render::json_sorted(&render::FitAnswer::new(&m, &report, &a.output))
    } else {
        render::fit_text(&m, &report, &a.output);
        Ok(())
    }
}
