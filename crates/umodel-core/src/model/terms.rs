//! Access and management terms: the primitive costs the suite measures outside the handoff
//! (bandwidths of every path, fault-driven migration, launch and sync overheads, pattern
//! efficiency). They explain a prediction (`predict --explain`) and compose handoff costs for
//! workloads the suite never ran.

use serde::{Deserialize, Serialize};

use crate::policy::Policy;
use crate::schema::{
    Case, Group, HbmCase, HostMappedCase, ManagedCase, PrefetchCase, TransferCase,
};
use crate::stats::Summary;
use crate::table::Table;

/// One calibrated term.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TermValue {
    /// Name with its unit (`hbm_inplace_gbps`, `launch_sync_us`).
    pub name: String,
    /// Median over trials.
    pub value: f64,
    /// Standard error of the median.
    pub se: f64,
    /// The smallest trial value, in the term's unit.
    pub min: f64,
    /// The largest trial value, in the term's unit.
    pub max: f64,
    /// Trials behind it.
    pub n: u32,
    /// Size the term was measured at, bytes.
    pub bytes: u64,
    /// The CSV cells it comes from (`group/case[/pattern] policy`).
    pub source: String,
}

/// The calibrated terms of a platform.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Terms {
    /// Every term measured, one entry per name and size.
    pub values: Vec<TermValue>,
}

impl Terms {
    /// A term by name.
    pub fn get(&self, name: &str) -> Option<&TermValue> {
        self.values.iter().find(|t| t.name == name)
    }
    /// A term's value by name (at the largest size measured).
    pub fn value(&self, name: &str) -> Option<f64> {
        self.get(name).map(|t| t.value)
    }

    /// A term's value measured at the size nearest to `bytes` (in log distance).
    pub fn at(&self, name: &str, bytes: u64) -> Option<f64> {
        let x = (bytes.max(1) as f64).ln();
        self.values
            .iter()
            .filter(|t| t.name == name)
            .min_by(|a, b| {
                ((a.bytes as f64).ln() - x)
                    .abs()
                    .total_cmp(&((b.bytes as f64).ln() - x).abs())
            })
            .map(|t| t.value)
    }
}

#[derive(Clone, Copy)]
enum Kind {
    /// useful bytes (or bytes) / time, in GB/s (10⁹ B/s).
    Bandwidth,
    /// time in microseconds.
    Micros,
}

/// (term, case, policy, pattern, kind). The size used is the largest measured.
const SPECS: &[(&str, &dyn Case, Policy, &str, Kind)] = &[
    (
        "hbm_triad_gbps",
        &HbmCase::Triad,
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "hbm_copy_gbps",
        &HbmCase::Copy,
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "hbm_inplace_gbps",
        &HbmCase::Inplace,
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "hbm_d2d_gbps",
        &HbmCase::D2d,
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "launch_sync_us",
        &HbmCase::Launch,
        Policy::Device,
        "",
        Kind::Micros,
    ),
    (
        "host_read_gbps",
        &HostMappedCase::Read,
        Policy::HostMapped,
        "",
        Kind::Bandwidth,
    ),
    (
        "host_inplace_gbps",
        &HostMappedCase::Inplace,
        Policy::HostMapped,
        "",
        Kind::Bandwidth,
    ),
    (
        "host_triad_gbps",
        &HostMappedCase::Triad,
        Policy::HostMapped,
        "",
        Kind::Bandwidth,
    ),
    (
        "h2d_pinned_gbps",
        &TransferCase::H2d,
        Policy::ExplicitCopy,
        "",
        Kind::Bandwidth,
    ),
    (
        "d2h_pinned_gbps",
        &TransferCase::D2h,
        Policy::ExplicitCopy,
        "",
        Kind::Bandwidth,
    ),
    (
        "h2d_pageable_gbps",
        &TransferCase::H2d,
        Policy::Pageable,
        "",
        Kind::Bandwidth,
    ),
    (
        "d2h_pageable_gbps",
        &TransferCase::D2h,
        Policy::Pageable,
        "",
        Kind::Bandwidth,
    ),
    (
        "prefetch_to_device_gbps",
        &PrefetchCase::ToDevice,
        Policy::ManagedPrefetch,
        "",
        Kind::Bandwidth,
    ),
    (
        "prefetch_to_host_gbps",
        &PrefetchCase::ToHost,
        Policy::ManagedPrefetch,
        "",
        Kind::Bandwidth,
    ),
    (
        "managed_cold_gbps",
        &ManagedCase::Cold,
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "managed_prefetched_gbps",
        &ManagedCase::Prefetched,
        Policy::ManagedPrefetch,
        "",
        Kind::Bandwidth,
    ),
    (
        "managed_reused_gbps",
        &ManagedCase::Reused,
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "cpu_write_migrated_gbps",
        &ManagedCase::CpuWrite,
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "cpu_update_gbps",
        &ManagedCase::CpuWriteResident,
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "cpu_update_pinned_gbps",
        &TransferCase::CpuUpdate,
        Policy::ExplicitCopy,
        "",
        Kind::Bandwidth,
    ),
    (
        "cpu_write_prefetched_gbps",
        &ManagedCase::CpuWritePrefetched,
        Policy::ManagedPrefetch,
        "",
        Kind::Bandwidth,
    ),
    (
        "managed_cold_read_gbps",
        &ManagedCase::ColdRead,
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_read_mostly_gbps",
        &ManagedCase::AdviseReadMostly,
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "read_mostly_after_fill_gbps",
        &ManagedCase::ReadMostlyAfterFill,
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_preferred_device_gbps",
        &ManagedCase::AdvisePreferredDevice,
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_preferred_host_gbps",
        &ManagedCase::AdvisePreferredHost,
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_accessed_by_device_gbps",
        &ManagedCase::AdviseAccessedByDevice,
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_accessed_by_host_gbps",
        &ManagedCase::AdviseAccessedByHost,
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
];

/// Extracts every term the table has data for; `None` when it has none.
pub fn fit_terms(table: &Table) -> Option<Terms> {
    let mut values = Vec::new();
    for &(name, case, policy, pattern, kind) in SPECS {
        let rows: Vec<_> = table
            .rows
            .iter()
            .filter(|r| r.is(case) && r.policy == policy)
            .filter(|r| r.pattern == pattern || (pattern.is_empty() && r.pattern == "stream"))
            .collect();
        let mut sizes: Vec<u64> = rows.iter().map(|r| r.bytes).collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes.dedup();
        // Largest size first: `Terms::get` answers with it.
        for bytes in sizes {
            let per_trial: Vec<f64> = rows
                .iter()
                .filter(|r| r.bytes == bytes && r.time_ms > 0.0)
                .map(|r| match kind {
                    Kind::Bandwidth => {
                        r.useful_bytes.unwrap_or(r.bytes) as f64 / (r.time_ms * 1e-3) / 1e9
                    }
                    Kind::Micros => r.time_ms * 1e3,
                })
                .collect();
            let Some(s) = Summary::of(&per_trial) else {
                continue;
            };
            values.push(TermValue {
                name: name.to_string(),
                value: s.median,
                se: s.se,
                min: s.min,
                max: s.max,
                n: s.n,
                bytes,
                source: format!("{}/{} {policy}", case.group(), case.text()),
            });
        }
    }
    pattern_terms(table, &mut values);
    (!values.is_empty()).then_some(Terms { values })
}

/// Useful-byte efficiency of each access pattern relative to streaming, per memory state, at the
/// largest size: `pattern_<state>_<pattern>_eff` (1 = as fast as streaming per useful byte).
fn pattern_terms(table: &Table, out: &mut Vec<TermValue>) {
    let rows: Vec<_> = table
        .rows
        .iter()
        .filter(|r| r.group == Group::Pattern)
        .collect();
    let Some(bytes) = rows.iter().map(|r| r.bytes).max() else {
        return;
    };
    let bw = |case: &str, pattern: &str| -> Option<Summary> {
        let v: Vec<f64> = rows
            .iter()
            .filter(|r| {
                r.bytes == bytes && r.case == case && r.pattern == pattern && r.time_ms > 0.0
            })
            .map(|r| r.useful_bytes.unwrap_or(r.bytes) as f64 / (r.time_ms * 1e-3) / 1e9)
            .collect();
        Summary::of(&v)
    };
    let mut cases: Vec<&str> = rows.iter().map(|r| r.case.as_str()).collect();
    cases.sort_unstable();
    cases.dedup();
    for case in cases {
        let Some(stream) = bw(case, "stride:1").or_else(|| bw(case, "stream")) else {
            continue;
        };
        let mut patterns: Vec<&str> = rows
            .iter()
            .filter(|r| r.case == case)
            .map(|r| r.pattern.as_str())
            .collect();
        patterns.sort_unstable();
        patterns.dedup();
        for pattern in patterns {
            if pattern == "stride:1" || pattern == "stream" {
                continue;
            }
            let Some(s) = bw(case, pattern) else { continue };
            let eff = s.median / stream.median;
            out.push(TermValue {
                name: format!("pattern_{case}_{}_eff", pattern.replace(':', "")),
                value: eff,
                se: eff * (s.se / s.median).hypot(stream.se / stream.median),
                min: s.min / stream.median,
                max: s.max / stream.median,
                n: s.n,
                bytes,
                source: format!("pattern/{case}/{pattern}"),
            });
        }
    }
}

/// One part of an explained prediction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Part {
    /// `compute`, `access` or `management` (DESIGN.md §2), or `fixed` where they cannot be separated.
    pub kind: &'static str,
    /// Its share of the prediction, ms.
    pub ms: f64,
    /// How the number was obtained.
    pub basis: String,
}

/// A prediction decomposed into compute, access and management terms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// The parts, which add up to the prediction.
    pub parts: Vec<Part>,
    /// What a reader should know (noise between measurements, extrapolation).
    pub notes: Vec<String>,
}

/// Decomposes a prediction: compute = the CPU update alone (`cpu_only` rows), access = R GPU passes
/// (`R·G`, with the bandwidth that implies), management = the rest of the fixed cost (movement,
/// faults, synchronisation: `F − compute`).
pub fn explain(m: &super::PlatformModel, p: &super::Prediction) -> Explanation {
    let mut parts = Vec::new();
    let mut notes = Vec::new();
    let pm = m.policy(p.policy).expect("prediction came from this model");
    let stat = m.settings.statistic;
    let cpu = if let Some(c) = p.cpu_given_ms {
        Some(c)
    } else if pm.knots.iter().all(|k| k.cpu_only_ms.is_some()) {
        let ([v], _) = m.at_size(pm, p.bytes, |k| {
            let s = k.cpu_only_ms.as_ref().expect("checked");
            [[stat.of(s), s.se, s.sd]]
        });
        Some(v[0])
    } else {
        None
    };
    // A pass reads and writes the working set once (the handoff's in-place update).
    let pass_gbps = 2.0 * p.bytes as f64 / (p.per_pass_ms * 1e-3) / 1e9;
    let reference = match p.policy {
        crate::policy::Policy::HostMapped => {
            m.terms.as_ref().and_then(|t| t.get("host_inplace_gbps"))
        }
        _ => m.terms.as_ref().and_then(|t| t.get("hbm_inplace_gbps")),
    };
    let mut access_basis = format!(
        "{} GPU passes × {:.4} ms (reads+writes {} at {:.1} GB/s)",
        p.reuse,
        p.per_pass_ms,
        crate::units::format_size(p.bytes),
        pass_gbps
    );
    if let Some(r) = reference {
        access_basis.push_str(&format!("; calibrated {} = {:.1} GB/s", r.name, r.value));
    }
    match cpu {
        Some(c) => {
            parts.push(Part {
                kind: "compute",
                ms: c,
                basis: if p.cpu_given_ms.is_some() {
                    "CPU update as given (not the calibrated one)".into()
                } else {
                    "CPU update alone (cpu_only rows)".into()
                },
            });
            parts.push(Part {
                kind: "access",
                ms: p.reuse * p.per_pass_ms,
                basis: access_basis,
            });
            parts.push(Part {
                kind: "management",
                ms: p.fixed_ms - c,
                basis: "movement, faults and synchronisation: F − CPU update".into(),
            });
            if p.fixed_ms - c < 0.0 {
                notes.push("the CPU update alone measured slower than the whole fixed cost: noise between the two measurements".into());
            }
        }
        None => {
            parts.push(Part {
                kind: "fixed",
                ms: p.fixed_ms,
                basis: "CPU update + movement + sync (no cpu_only rows to separate them)".into(),
            });
            parts.push(Part {
                kind: "access",
                ms: p.reuse * p.per_pass_ms,
                basis: access_basis,
            });
        }
    }
    if p.extrapolated {
        notes.push("extrapolated outside the calibrated sizes".into());
    }
    Explanation { parts, notes }
}

/// One policy's `(F, G)` in ms at `bytes`, composed from the terms alone (no handoff rows): the CPU
/// update at the calibrated CPU update rate, the policy's movement at the calibrated link, prefetch or
/// fault-migration rates, one launch + sync, and a GPU pass (read + write of the working set) at the
/// bandwidth of the path the pass uses. `None` when a needed term was not measured.
pub fn composed_fg(t: &Terms, policy: crate::policy::Policy, bytes: u64) -> Option<Composed> {
    use crate::policy::Policy::*;
    let b = bytes as f64;
    // ms to move `useful` bytes at `gbps` GB/s.
    let ms = |useful: f64, term: &str| {
        t.at(term, bytes)
            .filter(|g| *g > 0.0)
            .map(|g| useful / g / 1e6)
    };
    let launch = t.at("launch_sync_us", bytes).unwrap_or(10.0) / 1e3;
    let resident = ms(2.0 * b, "cpu_update_gbps");
    // The CPU update runs at the rate of the pages it writes: pinned pages for the copy and the
    // mapping, pages just prefetched back for the prefetching policies (H200, 2026-11-30: 1.6x
    // slower than resident managed pages). Older measurement files lack these two terms.
    let cpu_pinned = ms(2.0 * b, "cpu_update_pinned_gbps").or(resident);
    let cpu_prefetched = ms(2.0 * b, "cpu_write_prefetched_gbps").or(resident);
    // (CPU update as it runs under the policy, the rest of F, G)
    let (cpu, rest, g) = match policy {
        ExplicitCopy => (
            cpu_pinned?,
            ms(b, "h2d_pinned_gbps")? + ms(b, "d2h_pinned_gbps")? + launch,
            ms(2.0 * b, "hbm_inplace_gbps")?,
        ),
        HostMapped => (cpu_pinned?, launch, ms(2.0 * b, "host_inplace_gbps")?),
        Managed => {
            let pass = ms(2.0 * b, "managed_reused_gbps")?;
            // The CPU update faults the pages back; the first GPU pass migrates them again.
            let migrate = (ms(2.0 * b, "managed_cold_gbps")? - pass).max(0.0);
            (
                ms(2.0 * b, "cpu_write_migrated_gbps")?,
                migrate + launch,
                pass,
            )
        }
        ManagedPrefetch | ManagedAdvisePrefetch => (
            cpu_prefetched?,
            ms(b, "prefetch_to_device_gbps")? + ms(b, "prefetch_to_host_gbps")? + launch,
            ms(2.0 * b, "managed_prefetched_gbps")?,
        ),
        ManagedAdvise => (
            resident?,
            launch,
            ms(2.0 * b, "advise_preferred_host_gbps")?,
        ),
        Device | Pageable | PeerCopy | PeerAccess | HostStaged => return None,
    };
    Some(Composed {
        f_ms: cpu + rest,
        g_ms: g,
        cpu_ms: cpu,
    })
}

/// F and G of one policy at one size, composed from the terms, with the CPU update inside F.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Composed {
    /// The fixed cost `F`, ms (CPU update included).
    pub f_ms: f64,
    /// The cost `G` of one GPU pass, ms.
    pub g_ms: f64,
    /// The CPU update as it runs under the policy (for managed policies with its faults), ms.
    pub cpu_ms: f64,
}

/// The composed model: the same policies and sizes as `m`, with F and G built by [`composed_fg`]
/// from `m`'s terms. `None` when `m` has no terms or none of its policies can be composed.
pub fn compose(m: &super::PlatformModel) -> Option<super::PlatformModel> {
    let terms = m.terms.as_ref()?;
    let mut out = m.clone();
    out.policies.clear();
    for pm in &m.policies {
        let mut knots = Vec::new();
        for k in &pm.knots {
            let Some(Composed {
                f_ms: f,
                g_ms: g,
                cpu_ms: cpu,
            }) = composed_fg(terms, pm.policy, k.bytes)
            else {
                continue;
            };
            let exact = |v: f64| Summary {
                n: 1,
                median: v,
                min: v,
                max: v,
                sd: 0.0,
                se: 0.0,
            };
            knots.push(super::Knot {
                bytes: k.bytes,
                t1_ms: exact(f + g),
                g_ms: exact(g),
                f_ms: crate::stats::Estimate::exact(f),
                cpu_only_ms: None,
                // Kept apart so the composed model also answers given a CPU update: that checks
                // the access and management terms without the CPU's speed.
                cpu_stage_ms: Some(exact(cpu)),
                t1_platform_ms: Some(exact(f + g - cpu)),
                host_prefetch_ms: None,
                lsq: None,
            });
        }
        if !knots.is_empty() {
            out.policies.push(super::PolicyModel {
                policy: pm.policy,
                knots,
            });
        }
    }
    out.validation = None;
    out.other_runs.clear();
    out.settings.statistic = super::Statistic::Median;
    out.provenance
        .notes
        .push("composed from the access and management terms; no handoff rows used".into());
    (!out.policies.is_empty()).then_some(out)
}
