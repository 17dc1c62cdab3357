//! What does the calibration's managed group pay, outside its timed cells, to put 64 MiB of
//! managed pages back on the host between trials, on the pinned core against every core?
//!
//! The minimal calibration's managed group spent 2.9–5.1 s on its 64 MiB block in `run62`–`run79`
//! (the facts' `seconds.managed 64 MiB`), of which its timed cells are about 0.6 s. Before each
//! trial it fills its buffer on the host; until `run80` on the core the CPU update is pinned to.
//!
//! One process, for `SECONDS` (default 6), cycling in a fixed order so every variant meets the
//! same drift; the calling thread pinned to the last core, as in a calibration:
//! - `migrated_pinned`, `migrated_wide`: an in-place GPU pass moves the pages to the device, then
//!   the host fills them (the fill faults them back), on the pinned core or on every core;
//! - `fresh_pinned`, `fresh_wide`: a fresh allocation's first fill (pages populated by the fill),
//!   allocation and free included;
//! - `check_pinned`, `check_wide`: after a GPU pass, the host counts bad elements (the sparse
//!   cell's check), faulting the pages back.
//!
//! `cargo run --release --example wide_fills -- 6 > fills.csv`; rows: `t_s,variant,ms`; the last
//! line on stderr counts failed checks and gives each variant's median.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;

fn timed(
    f: impl FnOnce() -> Result<(), Box<dyn std::error::Error>>,
) -> Result<f64, Box<dyn std::error::Error>> {
    let s = Instant::now();
    f()?;
    Ok(s.elapsed().as_secs_f64() * 1e3)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(6.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let mut m: ManagedBuf<f32> = gpu.managed(N)?;
    cpu::fill_ramp(m.host_mut()?, RAMP, 0.0);
    let mut bad = 0u64;
    let mut times: Vec<(&str, Vec<f64>)> = Vec::new();
    let mut note = |name: &'static str, ms: f64, t: f64| {
        println!("{t:.3},{name},{ms:.4}");
        match times.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => v.push(ms),
            None => times.push((name, vec![ms])),
        }
    };
    println!("t_s,variant,ms");
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for wide in [false, true] {
            let fill: fn(&mut [f32], u32, f32) = if wide {
                cpu::fill_ramp_wide
            } else {
                cpu::fill_ramp
            };
            // Every page to the device, then the host's fill faults it back.
            gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?;
            gpu.sync()?;
            let ms = timed(|| {
                fill(m.host_mut()?, RAMP, 0.0);
                Ok(())
            })?;
            let t = start.elapsed().as_secs_f64();
            note(
                if wide {
                    "migrated_wide"
                } else {
                    "migrated_pinned"
                },
                ms,
                t,
            );
            // The check after a pass: ramp + 1 everywhere.
            gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?;
            gpu.sync()?;
            let mut found = 0;
            let ms = timed(|| {
                let x = m.host()?;
                let want = |i: usize, v: f32| v != cpu::ramp(i, RAMP) + 1.0;
                found = if wide {
                    cpu::count_bad_wide(x, want)
                } else {
                    cpu::count_bad(x, want)
                };
                Ok(())
            })?;
            bad += found;
            let t = start.elapsed().as_secs_f64();
            note(if wide { "check_wide" } else { "check_pinned" }, ms, t);
            // A fresh allocation, filled, checked on the GPU, freed (the free timed too).
            let mut ok = true;
            let ms = timed(|| {
                let mut f: ManagedBuf<f32> = gpu.managed(N)?;
                fill(f.host_mut()?, RAMP, 0.0);
                ok = gpu.check_ramp(&f, RAMP, 0.0)? == 0;
                Ok(())
            })?;
            bad += u64::from(!ok);
            let t = start.elapsed().as_secs_f64();
            note(if wide { "fresh_wide" } else { "fresh_pinned" }, ms, t);
        }
        // The fill's result, after the whole cycle: ramp + 1 from the check's pass.
        bad += cpu::ramp_mismatches(m.host()?, RAMP, 1.0);
    }
    let mut line = format!("failed checks: {bad};");
    for (name, v) in &mut times {
        v.sort_by(f64::total_cmp);
        line += &format!(
            " {name} {:.2} ms [{:.2}-{:.2}] of {};",
            v[v.len() / 2],
            v[0],
            v[v.len() - 1],
            v.len()
        );
    }
    eprintln!("{line}");
    Ok(())
}
