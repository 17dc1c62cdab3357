//! Access and management terms: the primitive costs the suite measures outside the handoff
//! (bandwidths of every path, fault-driven migration, launch and sync overheads, pattern
//! efficiency). They explain a prediction (`predict --explain`) and compose handoff costs for
//! workloads the suite never ran.

use serde::{Deserialize, Serialize};

use crate::policy::Policy;
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
    /// Fastest and slowest trial, in the same unit.
    pub min: f64,
    pub max: f64,
    pub n: u32,
    /// Size the term was measured at, bytes.
    pub bytes: u64,
    /// The CSV cells it comes from (`group/case[/pattern] policy`).
    pub source: String,
}

/// The calibrated terms of a platform.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Terms {
    pub values: Vec<TermValue>,
}

impl Terms {
    /// A term by name.
    pub fn get(&self, name: &str) -> Option<&TermValue> {
        self.values.iter().find(|t| t.name == name)
    }
    /// A term's value by name.
    pub fn value(&self, name: &str) -> Option<f64> {
        self.get(name).map(|t| t.value)
    }
}

#[derive(Clone, Copy)]
enum Kind {
    /// useful bytes (or bytes) / time, in GB/s (10⁹ B/s).
    Bandwidth,
    /// time in microseconds.
    Micros,
}

/// (term, group, case, policy, pattern, kind). The size used is the largest measured.
const SPECS: &[(&str, &str, &str, Policy, &str, Kind)] = &[
    (
        "hbm_triad_gbps",
        "hbm",
        "triad",
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "hbm_copy_gbps",
        "hbm",
        "copy",
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "hbm_inplace_gbps",
        "hbm",
        "inplace",
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "hbm_d2d_gbps",
        "hbm",
        "d2d",
        Policy::Device,
        "",
        Kind::Bandwidth,
    ),
    (
        "launch_sync_us",
        "hbm",
        "launch",
        Policy::Device,
        "",
        Kind::Micros,
    ),
    (
        "host_read_gbps",
        "host_mapped",
        "read",
        Policy::HostMapped,
        "",
        Kind::Bandwidth,
    ),
    (
        "host_inplace_gbps",
        "host_mapped",
        "inplace",
        Policy::HostMapped,
        "",
        Kind::Bandwidth,
    ),
    (
        "host_triad_gbps",
        "host_mapped",
        "triad",
        Policy::HostMapped,
        "",
        Kind::Bandwidth,
    ),
    (
        "h2d_pinned_gbps",
        "transfer",
        "h2d",
        Policy::ExplicitCopy,
        "",
        Kind::Bandwidth,
    ),
    (
        "d2h_pinned_gbps",
        "transfer",
        "d2h",
        Policy::ExplicitCopy,
        "",
        Kind::Bandwidth,
    ),
    (
        "h2d_pageable_gbps",
        "transfer",
        "h2d",
        Policy::Pageable,
        "",
        Kind::Bandwidth,
    ),
    (
        "d2h_pageable_gbps",
        "transfer",
        "d2h",
        Policy::Pageable,
        "",
        Kind::Bandwidth,
    ),
    (
        "prefetch_to_device_gbps",
        "prefetch",
        "to_device",
        Policy::ManagedPrefetch,
        "",
        Kind::Bandwidth,
    ),
    (
        "prefetch_to_host_gbps",
        "prefetch",
        "to_host",
        Policy::ManagedPrefetch,
        "",
        Kind::Bandwidth,
    ),
    (
        "managed_cold_gbps",
        "managed",
        "cold",
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "managed_prefetched_gbps",
        "managed",
        "prefetched",
        Policy::ManagedPrefetch,
        "",
        Kind::Bandwidth,
    ),
    (
        "managed_reused_gbps",
        "managed",
        "reused",
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "cpu_write_migrated_gbps",
        "managed",
        "cpu_write",
        Policy::Managed,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_read_mostly_gbps",
        "managed",
        "advise-read-mostly",
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_preferred_device_gbps",
        "managed",
        "advise-preferred-device",
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_preferred_host_gbps",
        "managed",
        "advise-preferred-host",
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_accessed_by_device_gbps",
        "managed",
        "advise-accessed-by-device",
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
    (
        "advise_accessed_by_host_gbps",
        "managed",
        "advise-accessed-by-host",
        Policy::ManagedAdvise,
        "",
        Kind::Bandwidth,
    ),
];

/// Extracts every term the table has data for; `None` when it has none.
pub fn fit_terms(table: &Table) -> Option<Terms> {
    let mut values = Vec::new();
    for &(name, group, case, policy, pattern, kind) in SPECS {
        let rows: Vec<_> = table
            .rows
            .iter()
            .filter(|r| r.group == group && r.case == case && r.policy == policy)
            .filter(|r| r.pattern == pattern || (pattern.is_empty() && r.pattern == "stream"))
            .collect();
        let Some(bytes) = rows.iter().map(|r| r.bytes).max() else {
            continue;
        };
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
            source: format!("{group}/{case} {policy}"),
        });
    }
    pattern_terms(table, &mut values);
    (!values.is_empty()).then_some(Terms { values })
}

/// Useful-byte efficiency of each access pattern relative to streaming, per memory state, at the
/// largest size: `pattern_<state>_<pattern>_eff` (1 = as fast as streaming per useful byte).
fn pattern_terms(table: &Table, out: &mut Vec<TermValue>) {
    let rows: Vec<_> = table.rows.iter().filter(|r| r.group == "pattern").collect();
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
    pub ms: f64,
    /// How the number was obtained.
    pub basis: String,
}

/// A prediction decomposed into compute, access and management terms.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    pub parts: Vec<Part>,
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
    let cpu = if pm.knots.iter().all(|k| k.cpu_only_ms.is_some()) {
        let ([v], _) = super::eval_knots(&pm.knots, m.settings.l2_bytes, p.bytes, |k| {
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
                basis: "CPU update alone (cpu_only rows)".into(),
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
