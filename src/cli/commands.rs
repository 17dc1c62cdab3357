//! One function per subcommand: turn arguments into library calls and hand results to the renderer.

use anyhow::{bail, Result};

use super::{render, Command};
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
            let (m, src) = load_for(a.model.model.as_deref(), a.dev.device)?;
            let (Some(policy), Some(reuse)) = (a.policy, a.reuse) else {
                bail!("--policy and --reuse are needed (or --task FILE)");
            };
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let cpu = match a.cpu_ms {
                Some(ms) => model::CpuUpdate::StageMs(ms),
                None => a.cpu.update(),
            };
            let p = m.predict_with_cpu(policy, bytes, reuse, cpu)?;
            if a.json {
                render::json(&render::predict_json(&m, &p, a.explain))
            } else {
                render::predict_text(&m, &src, &p, a.explain);
                Ok(())
            }
        }
        Command::Choose(a) => {
            let (m, _) = load_for(a.model.model.as_deref(), a.dev.device)?;
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let reuse = a
                .reuse
                .ok_or_else(|| anyhow::anyhow!("--reuse is needed (or --task FILE)"))?;
            let c = m.choose_with_cpu(bytes, reuse, a.cpu.update())?;
            if a.json {
                render::json(&render::choose_json(&c, a.cpu.cpu_scale))
            } else {
                render::choose_text(&c, a.cpu.cpu_scale);
                Ok(())
            }
        }
        Command::Breakeven(a) => {
            let (m, _) = load_for(a.model.model.as_deref(), a.dev.device)?;
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let cpu = a.cpu.update();
            let r = m.breakeven_with_cpu(a.a, a.b, bytes, cpu)?;
            let pa = m.predict_with_cpu(a.a, bytes, 1.0, cpu)?;
            let pb = m.predict_with_cpu(a.b, bytes, 1.0, cpu)?;
            // Above R* the cheaper pass wins; without a crossing, the faster at R = 1 wins for all R.
            let faster_above = if pa.per_pass_ms <= pb.per_pass_ms {
                a.a
            } else {
                a.b
            };
            let faster_at_one = if pa.time_ms <= pb.time_ms { a.a } else { a.b };
            if a.json {
                render::json(&serde_json::json!({
                    "a": a.a, "b": a.b, "bytes": bytes, "r_star": r, "cpu_scale": a.cpu.cpu_scale,
                    "faster_above_r_star": r.map(|_| faster_above),
                }))
            } else {
                let winner = match r {
                    Some(_) => faster_above,
                    None => faster_at_one,
                };
                render::breakeven_text(a.a, a.b, bytes, r, winner, a.cpu.cpu_scale);
                Ok(())
            }
        }
        Command::Validate(a) => {
            let (m, src) = load(Some(&a.model))?;
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
            let m = if a.cpu_baseline {
                let (r, moved) = model::rebase_cpu(&m, &table);
                if moved == 0 {
                    bail!("--cpu-baseline: the measurements have no `cpu_only` rows at this model's sizes (or the model has none)");
                }
                r
            } else {
                m
            };
            let report = if a.cpu_from_trials {
                model::validate_given_trial_cpu(&m, &table, a.held_out, a.target.into())?
            } else {
                model::validate(&m, &table, a.held_out, a.target.into())
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
            let (m, src) = load(a.model.model.as_deref())?;
            if a.json {
                render::json(&m)
            } else {
                render::show_text(&m, &src);
                Ok(())
            }
        }
        Command::Bench(a) => super::progress::bench(a),
        Command::Calibrate(a) => super::progress::calibrate(a),
        Command::Fleet(a) => super::peer::fleet(&a.dir, a.json),
        Command::Report(a) => {
            let (m, src) = load(a.model.model.as_deref())?;
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
            let table = Table::read(&a.measurements)?;
            let facts = store::facts_path_for(&a.measurements);
            let platform = if facts.exists() {
                store::read_facts(&facts)?.platform
            } else {
                Default::default()
            };
            let rows = crate::calibrate::ablate(&table, &platform);
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
        let t = Table::read(path)?;
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

/// Loads the model a query asked for and says on stderr which one it is.
pub(super) fn load(name: Option<&str>) -> Result<(PlatformModel, ModelSource)> {
    load_for(name, None)
}

/// [`load`] for work on GPU `device`: its own calibrated model where it has one.
pub(super) fn load_for(
    name: Option<&str>,
    device: Option<usize>,
) -> Result<(PlatformModel, ModelSource)> {
    let gpu = crate::platform::local_gpu_name();
    let fp = gpu
        .as_deref()
        .map(|g| crate::platform::fingerprint_of(g, &crate::platform::host_cpu_model()));
    let own = match (name, device, fp.as_deref().and_then(store::calibrated_path)) {
        (None, Some(d), Some(shared)) => {
            Some(store::device_path(&shared, d)).filter(|p| p.exists())
        }
        _ => None,
    };
    let (m, src) = match own {
        Some(p) => (store::read_model(&p)?, ModelSource::Calibrated(p)),
        None => store::resolve(name, fp.as_deref(), gpu.as_deref())?,
    };
    let hint = match (&src, name) {
        (ModelSource::Embedded(_), None) => "; run `umodel calibrate` to measure this machine",
        _ => "",
    };
    eprintln!("umodel: using {src}: {}{hint}", m.describe());
    Ok((m, src))
}

fn fit_cmd(a: super::FitArgs) -> Result<()> {
    let opts = model::FitOptions {
        statistic: a.statistic.into(),
        sizes: a.sizes,
        l2_split: a.l2_split,
        interpolation: match a.interpolation {
            super::InterpArg::Linear => model::Interpolation::Linear,
            super::InterpArg::Loglog => model::Interpolation::LogLog,
        },
        ..model::FitOptions::default()
    };
    let (mut m, report, table) =
        crate::calibrate::fit_csv(&a.measurements, a.facts.as_deref(), opts)?;
    if !a.noise_from.is_empty() {
        let others = a
            .noise_from
            .iter()
            .map(|p| Table::read(p))
            .collect::<Result<Vec<_>, _>>()?;
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
    if let Some(src) = &a.task_terms_from {
        // One read: the bytes parsed are the bytes hashed into the provenance.
        let bytes = std::fs::read(src).map_err(|e| anyhow::anyhow!("{}: {e}", src.display()))?;
        let sha = store::sha256_hex(&bytes);
        let other = Table::parse(src, bytes)?;
        let facts = store::facts_path_for(src);
        let l2 = if facts.exists() {
            store::read_facts(&facts)?.platform.l2_bytes
        } else {
            m.platform.l2_bytes
        };
        m.task_terms = Some(model::fit_task_terms(&other, l2).ok_or_else(|| {
            anyhow::anyhow!(
                "--task-terms-from {}: it measures none of the task terms",
                src.display()
            )
        })?);
        m.provenance.notes.push(format!(
            "task terms fitted from {} (sha256 {sha})",
            src.display()
        ));
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
    store::write_model(&a.output, &m)?;
    if a.json {
        render::json(&render::fit_json(&m, &report, &a.output))
    } else {
        render::fit_text(&m, &report, &a.output);
        Ok(())
    }
}
