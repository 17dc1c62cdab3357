//! Each validation workload's own host code on pages the GPU migrated, against the calibration's
//! read, through the library call a user runs once on theirs (`umodel::bench::probe::fault_scale`):
//! what its task's `cpu_fault_scale` / `cpu_final_fault_scale` should be
//! (`umodel::bench::tasks::workload_fault_scales` lists the codes).
//!
//! `cargo run --release --example fault_scales -- [ROUNDS] > scales.json`: one JSON document, a
//! list with per code the task file's stem, the field, how the plain side was timed, the scale
//! (median code extra over median read extra), both extras' medians and ranges, and every round
//! (ms); progress on stderr. Thread pinned to the last core, as the suite's CPU work is.

mod common;

use serde_json::json;
use umodel::bench::probe::PlainCache;
use umodel::bench::tasks::workload_fault_scales;
use umodel::gpu::Gpu;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds = common::seconds(9.0)? as u32;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(0.0)?;
    let mut out = Vec::new();
    workload_fault_scales(&gpu, rounds, |s| {
        // The workload's task is named as its file in tasks/.
        let stem = s.workload.task(None).name;
        let extra = |x: &umodel::stats::Summary| json!({"median_ms": x.median, "min_ms": x.min, "max_ms": x.max, "n": x.n});
        let rounds: Vec<_> = s
            .samples
            .rounds
            .iter()
            .zip(&s.samples.probe.rounds)
            .map(|(c, p)| {
                json!({"code_migrated_ms": c.code_migrated, "code_plain_ms": c.code_plain,
                       "probe_fault_back_ms": p.fault_back, "ok": c.ok && p.ok})
            })
            .collect();
        let plain = match s.plain {
            PlainCache::Evicted => "evicted",
            PlainCache::Warm => "warm",
        };
        let mut row = json!({"task": stem, "field": s.access.field(), "plain": plain,
                             "bytes": s.samples.bytes, "rounds": rounds});
        match s.samples.scale() {
            Ok(f) => {
                eprintln!(
                    "{stem} {}: {:.2} ({} rounds, {} failed)",
                    s.access.field(),
                    f.scale,
                    f.code_extra.n,
                    f.failed
                );
                row["scale"] = json!(f.scale);
                row["code_extra"] = extra(&f.code_extra);
                row["read_extra"] = extra(&f.read_extra);
                row["failed"] = json!(f.failed);
            }
            Err(e) => {
                eprintln!("{stem} {}: {e}", s.access.field());
                row["error"] = json!(e.to_string());
            }
        }
        out.push(row);
    })?;
    println!("{}", serde_json::to_string_pretty(&out)?);
    Ok(())
}
