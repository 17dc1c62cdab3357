//! Comparing calibrated models of many GPUs (of one host, or of a fleet of nodes): the spread of each
//! platform term, the GPUs whose terms stand out, and the classes of GPUs that can share a model.
//!
//! A term of one GPU stands out when it differs from the reference by more than the tolerance. The
//! reference is the upper median over the GPUs (the faster of two: a link that trained at a lower
//! width is the fault to find, not the healthy one). The tolerance is the larger of three combined
//! trial spreads of the two values and the term's floor ([`floor`]): the trials of one
//! calibration understate how far a term moves between calibrations of the same GPU.

use serde::Serialize;

use crate::model::task::TermId;
use crate::PlatformModel;

/// The smallest relative difference called a deviation for the GPU's own hardware (copies each
/// way, host-mapped reads, prefetch to the device, HBM): twice the largest move of such a term
/// between two calibrations of the same GPU on the two-GPU H200 host (host-mapped read 49.0 vs
/// 51.4 GB/s, calibration/h200x2/run19).
pub const FLOOR: f64 = 0.10;

/// The floor for managed-memory migration done by the driver on the CPU (fault-driven, and the
/// prefetch back to the host): on the same host these moved 43 % (9.0-12.9 GB/s) and 2.5x
/// (10.2-25.2 GB/s) between calibrations (calibration/h200x2, runs 18-20), with nothing wrong;
/// only a collapse is called.
pub const FLOOR_MANAGED: f64 = 0.5;

/// The smallest relative difference called a deviation for term `t`.
pub fn floor(t: TermId) -> f64 {
    match t {
        TermId::FaultIn | TermId::PrefetchToHost => FLOOR_MANAGED,
        _ => FLOOR,
    }
}

/// What to check when term `t` stands out.
pub fn hint(t: TermId) -> &'static str {
    match t {
        TermId::CopyH2d | TermId::CopyD2h | TermId::MapRead | TermId::PrefetchToDevice => {
            "check its link (nvidia-smi -q -d PCIE: generation and width now against max)"
        }
        TermId::GpuPass => "check its clocks and ECC state (nvidia-smi -q -d CLOCK,ECC)",
        _ => "managed-memory migration runs in the driver on the CPU: check the host's load, then recalibrate",
    }
}

/// The terms compared: movement over the link each way, by copy, prefetch, fault and mapping, and
/// the device memory's own bandwidth.
pub const TERMS: [TermId; 7] = [
    TermId::CopyH2d,
    TermId::CopyD2h,
    TermId::PrefetchToDevice,
    TermId::PrefetchToHost,
    TermId::FaultIn,
    TermId::MapRead,
    TermId::GpuPass,
];

/// What people call a term in a warning.
pub fn label(t: TermId) -> &'static str {
    match t {
        TermId::CopyH2d => "H2D",
        TermId::CopyD2h => "D2H",
        TermId::PrefetchToDevice => "prefetch to device",
        TermId::PrefetchToHost => "prefetch to host",
        TermId::FaultIn => "fault-driven migration",
        TermId::MapRead => "host-mapped read",
        TermId::GpuPass => "HBM in-place pass",
        other => other.name(),
    }
}

/// One GPU's calibrated model, named (e.g. `node07/gpu1`).
pub struct Member<'a> {
    /// How reports name the GPU.
    pub name: String,
    /// Its calibrated model.
    pub model: &'a PlatformModel,
}

/// A term's values over the GPUs.
#[derive(Debug, Clone, Serialize)]
pub struct Spread {
    /// The term, as [`label`] names it.
    pub term: &'static str,
    /// GB/s of the reference (upper median).
    pub reference_gbps: f64,
    /// GB/s of the slowest GPU.
    pub min_gbps: f64,
    /// GB/s of the fastest GPU.
    pub max_gbps: f64,
    /// GPUs with the term.
    pub gpus: usize,
}

/// A term of one GPU that stands out.
#[derive(Debug, Clone, Serialize)]
pub struct Outlier {
    /// The GPU, as its [`Member`] is named.
    pub gpu: String,
    /// The term, as [`label`] names it.
    pub term: &'static str,
    /// The GPU's value of the term, GB/s.
    pub gbps: f64,
    /// GB/s of the reference (upper median over the GPUs).
    pub reference_gbps: f64,
    /// value / reference − 1.
    pub deviation: f64,
    /// The largest |deviation| still in line: three combined trial spreads, at least [`floor`].
    pub tolerance: f64,
    /// What to check.
    pub hint: &'static str,
}

impl std::fmt::Display for Outlier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {} {:.1} GB/s vs {:.1} on its peers ({:+.0} %, tolerance {:.0} %)",
            self.gpu,
            self.term,
            self.gbps,
            self.reference_gbps,
            100.0 * self.deviation,
            100.0 * self.tolerance
        )
    }
}

/// The comparison.
#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    /// Each compared term's values, in [`TERMS`] order (terms no GPU has are left out).
    pub spread: Vec<Spread>,
    /// Every term of a GPU that stands out.
    pub outliers: Vec<Outlier>,
    /// Groups of GPUs (indices into the members) that agree on every term: each can share a model.
    /// The first holds the GPUs with no outlying term.
    pub classes: Vec<Vec<usize>>,
}

fn term_of(m: &PlatformModel, t: TermId) -> Option<(f64, f64)> {
    let c = m.task_terms.as_ref()?.get(t)?;
    Some((c.gbps()?, c.rel_sd))
}

/// Compares the members term by term.
pub fn compare(members: &[Member<'_>]) -> Comparison {
    let mut spread = Vec::new();
    let mut outliers = Vec::new();
    // Each GPU's outlying terms: GPUs with the same set form a class.
    let mut odd: Vec<Vec<TermId>> = vec![Vec::new(); members.len()];
    for t in TERMS {
        let vals: Vec<(usize, f64, f64)> = members
            .iter()
            .enumerate()
            .filter_map(|(i, m)| term_of(m.model, t).map(|(g, s)| (i, g, s)))
            .collect();
        if vals.is_empty() {
            continue;
        }
        let mut sorted: Vec<f64> = vals.iter().map(|v| v.1).collect();
        sorted.sort_by(f64::total_cmp);
        let reference = sorted[sorted.len() / 2];
        let ref_sd = vals.iter().find(|v| v.1 == reference).map_or(0.0, |v| v.2);
        spread.push(Spread {
            term: label(t),
            reference_gbps: reference,
            min_gbps: sorted[0],
            max_gbps: sorted[sorted.len() - 1],
            gpus: vals.len(),
        });
        for &(i, g, s) in &vals {
            let tolerance = (3.0 * (s * s + ref_sd * ref_sd).sqrt()).max(floor(t));
            let deviation = g / reference - 1.0;
            if deviation.abs() > tolerance {
                odd[i].push(t);
                outliers.push(Outlier {
                    gpu: members[i].name.clone(),
                    term: label(t),
                    gbps: g,
                    reference_gbps: reference,
                    deviation,
                    tolerance,
                    hint: hint(t),
                });
            }
        }
    }
    // Classes: GPUs with the same set of outlying terms, healthy ones first.
    let mut classes: Vec<(Vec<TermId>, Vec<usize>)> = Vec::new();
    for (i, key) in odd.into_iter().enumerate() {
        match classes.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => v.push(i),
            None => classes.push((key, vec![i])),
        }
    }
    classes.sort_by_key(|(k, v)| (k.len(), v[0]));
    Comparison {
        spread,
        outliers,
        classes: classes.into_iter().map(|(_, v)| v).collect(),
    }
}

/// A GPU's model found under a fleet directory.
pub struct Found {
    /// `<node>/gpu<N>`: the node's directory under the fleet directory, and the device.
    pub name: String,
    /// Its model, read from its file or fitted from its calibration CSV.
    pub model: PlatformModel,
    /// The file it came from.
    pub source: std::path::PathBuf,
}

/// The device of a per-GPU file name (`<fingerprint>.gpu<N>.json` or
/// `<fingerprint>.gpu<N>.<plan>.csv`, not an archived `<…>.<plan>.<stamp>.csv`).
pub fn device_of(file: &str) -> Option<(u32, bool)> {
    let (stem, csv) = if let Some(s) = file.strip_suffix(".json") {
        if s.ends_with(".facts") {
            return None;
        }
        (s, false)
    } else {
        let s = file.strip_suffix(".csv")?;
        let (s, plan) = s.rsplit_once('.')?;
        if plan != "minimal" && plan != "full" {
            return None;
        }
        (s, true)
    };
    let (_, gpu) = stem.rsplit_once('.')?;
    Some((gpu.strip_prefix("gpu")?.parse().ok()?, csv))
}

/// Every GPU's model under `dir`: per node directory, each `<…>.gpuN.json`, else the GPU's
/// current calibration CSV (`<…>.gpuN.minimal.csv`) fitted here; a node calibrated with one
/// GPU only (`calibrate` without `--device`) counts its platform model as `gpu0`. Files that cannot
/// be read are reported, not fatal.
pub fn scan(dir: &std::path::Path) -> std::io::Result<(Vec<Found>, Vec<String>)> {
    use std::collections::BTreeMap;
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), 0)];
    while let Some((d, depth)) = stack.pop() {
        for e in std::fs::read_dir(&d)? {
            let p = e?.path();
            if p.is_dir() && depth < 4 {
                stack.push((p, depth + 1));
            } else if p.is_file() {
                files.push(p);
            }
        }
    }
    files.sort();
    let node_of = |p: &std::path::Path| {
        p.strip_prefix(dir)
            .ok()
            .and_then(|r| r.components().next())
            .filter(|_| p.parent() != Some(dir))
            .map_or(".".to_string(), |c| {
                c.as_os_str().to_string_lossy().into_owned()
            })
    };
    // (node, gpu) -> (model file, csv)
    let mut per: BTreeMap<(String, u32), (Option<std::path::PathBuf>, Option<std::path::PathBuf>)> =
        BTreeMap::new();
    let mut platform: BTreeMap<String, std::path::PathBuf> = BTreeMap::new();
    for p in &files {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        match device_of(&name) {
            Some((g, false)) => per.entry((node_of(p), g)).or_default().0 = Some(p.clone()),
            Some((g, true)) => per.entry((node_of(p), g)).or_default().1 = Some(p.clone()),
            None => {
                let plain = name.ends_with(".json")
                    && !name.ends_with(".facts.json")
                    && name.matches('.').count() == 1;
                if plain {
                    platform.entry(node_of(p)).or_insert_with(|| p.clone());
                }
            }
        }
    }
    for (node, p) in platform {
        if !per.keys().any(|(n, _)| *n == node) {
            per.insert((node, 0), (Some(p), None));
        }
    }
    let mut found = Vec::new();
    let mut problems = Vec::new();
    for ((node, gpu), (model, csv)) in per {
        let name = format!("{node}/gpu{gpu}");
        let got = match (model, csv) {
            (Some(m), _) => crate::store::read_model(&m)
                .map(|x| (x, m))
                .map_err(|e| e.to_string()),
            (None, Some(c)) => {
                crate::model::fit_file(&c, None, crate::model::FitOptions::default())
                    .map(|x| (x.0, c))
                    .map_err(|e| e.to_string())
            }
            (None, None) => continue,
        };
        match got {
            Ok((model, source)) => found.push(Found {
                name,
                model,
                source,
            }),
            Err(e) => problems.push(format!("{name}: {e}")),
        }
    }
    Ok((found, problems))
}
