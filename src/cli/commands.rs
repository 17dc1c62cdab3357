//! One function per subcommand: turn arguments into library calls and hand results to the renderer.

use std::path::Path;

use anyhow::{bail, Context, Result};

use super::{render, Command};
use crate::model::{self, FitOptions, PlatformModel, Provenance};
use crate::store::{self, ModelSource};
use crate::table::Table;

pub(super) fn run(cmd: Command) -> Result<()> {
    match cmd {
        Command::Predict(a) => {
            let (m, src) = load(a.model.model.as_deref())?;
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let p = m.predict(a.policy, bytes, a.reuse)?;
            if a.json {
                render::json(&render::predict_json(&m, &p, a.explain))
            } else {
                render::predict_text(&m, &src, &p, a.explain);
                Ok(())
            }
        }
        Command::Choose(a) => {
            let (m, src) = load(a.model.model.as_deref())?;
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let c = m.choose(bytes, a.reuse)?;
            if a.json {
                render::json(&render::choose_json(&c))
            } else {
                render::choose_text(&m, &src, &c);
                Ok(())
            }
        }
        Command::Breakeven(a) => {
            let (m, src) = load(a.model.model.as_deref())?;
            let bytes = a.bytes.unwrap_or_else(|| m.default_bytes());
            let r = m.breakeven(a.a, a.b, bytes)?;
            let faster_above = m.predict(a.a, bytes, 1.0).and_then(|pa| {
                m.predict(a.b, bytes, 1.0).map(|pb| {
                    if pa.per_pass_ms <= pb.per_pass_ms {
                        a.a
                    } else {
                        a.b
                    }
                })
            })?;
            if a.json {
                render::json(&serde_json::json!({
                    "a": a.a, "b": a.b, "bytes": bytes, "r_star": r,
                    "faster_above_r_star": r.map(|_| faster_above),
                }))
            } else {
                render::breakeven_text(&m, &src, a.a, a.b, bytes, r, faster_above);
                Ok(())
            }
        }
        Command::Validate(a) => {
            let (m, src) = load(Some(&a.model))?;
            let mut table = Table::default();
            for path in &a.measurements {
                let t = Table::read(path)?;
                if table.rows.is_empty() && table.failed.is_empty() {
                    table = t;
                } else {
                    table.rows.extend(t.rows);
                    table.failed.extend(t.failed);
                    table.source =
                        format!("{} + {}", table.source.display(), path.display()).into();
                }
            }
            let report = model::validate(&m, &table, a.held_out, a.target.into());
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
    }
}

/// Loads the model a query asked for and says on stderr which one it is.
pub(super) fn load(name: Option<&str>) -> Result<(PlatformModel, ModelSource)> {
    let gpu = crate::platform::local_gpu_name();
    let fp = gpu
        .as_deref()
        .map(|g| crate::platform::fingerprint_of(g, &crate::platform::host_cpu_model()));
    let (m, src) = store::resolve(name, fp.as_deref(), gpu.as_deref())?;
    let hint = match (&src, name) {
        (ModelSource::Embedded(_), None) => "; run `umodel calibrate` to measure this machine",
        _ => "",
    };
    eprintln!("umodel: using {src}: {}{hint}", m.describe());
    Ok((m, src))
}

/// Reads a CSV, fits, writes the model; shared by `fit` and `calibrate`.
pub(crate) fn fit_file(
    csv: &Path,
    facts: Option<&Path>,
    statistic: model::Statistic,
    sizes: Option<Vec<u64>>,
    plan: Option<String>,
) -> Result<(PlatformModel, model::FitReport, Table)> {
    let bytes = std::fs::read(csv).with_context(|| format!("{}: cannot read", csv.display()))?;
    let hash = store::sha256_hex(&bytes);
    let table = Table::parse(csv, bytes)?;
    let facts_path = match facts {
        Some(p) => Some(p.to_path_buf()),
        None => Some(store::facts_path_for(csv)).filter(|p| p.exists()),
    };
    let facts = match &facts_path {
        Some(p) => Some(store::read_facts(p)?),
        None => None,
    };
    let mut provenance = Provenance {
        source_csv: csv.display().to_string(),
        source_sha256: hash,
        created_utc: crate::platform::now_utc(),
        umodel_version: env!("CARGO_PKG_VERSION").to_string(),
        plan,
        measured_utc: facts
            .as_ref()
            .map(|f| f.started_utc.clone())
            .filter(|s| !s.is_empty()),
        ..Provenance::default()
    };
    if facts.is_none() {
        provenance.notes.push(format!(
            "no facts file ({} not found): platform unknown",
            store::facts_path_for(csv).display()
        ));
    }
    let opts = FitOptions {
        statistic,
        platform: facts.map(|f| f.platform).unwrap_or_default(),
        sizes,
        provenance,
    };
    let (m, report) = model::fit(&table, &opts)?;
    Ok((m, report, table))
}

fn fit_cmd(a: super::FitArgs) -> Result<()> {
    let (mut m, report, table) = fit_file(
        &a.measurements,
        a.facts.as_deref(),
        a.statistic.into(),
        a.sizes,
        None,
    )?;
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
