//! Do a managed buffer's prefetches slow down once the CPU has touched its pages sparsely?
//!
//! The partial-update workload (`tasks/partial-update.json`: the CPU rewrites one 4 KiB page in
//! ten of 256 MiB between in-place GPU passes) spends its prefetching rows' movement 5–30 % above
//! what the migration probe beside it prices (64 MiB, every page touched; NOTES.md, "The
//! measurement's own resolution"), while probing at 256 MiB gave the probe's rate per byte. What
//! differs is the CPU's touch between the prefetches: this example times the round trip with the
//! CPU touching no page, one page in ten, or every page, at 64 and 256 MiB, the variants
//! interleaved round by round so that the machine's migration regime falls on all alike.
//!
//! A round, on each variant's own buffer: prefetch to the device, an in-place GPU pass, prefetch
//! back to the host, the CPU adding 1 to every element of the pages it touches. Every GPU step is
//! timed by events, the CPU's on the host clock; each buffer is checked at the end.
//!
//! `cargo run --release --example sparse_prefetch -- ROUNDS > sparse.csv`; rows:
//! `bytes,variant,round,step,ms` (`step`: `to_device`, `pass`, `to_host`, `cpu`).

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, Location, ManagedBuf, Shape};

const RAMP: u32 = 1024;
const EVERY: usize = 10;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds = common::seconds(8.0)? as u32;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(0.0)?;
    let timer = common::GpuTimer::new(&gpu)?;
    println!("bytes,variant,round,step,ms");
    let mut bad = 0u64;
    for bytes in [64usize << 20, 256 << 20] {
        let n = bytes / 4;
        let variants = [("none", 0usize), ("sparse", EVERY), ("dense", 1)];
        let mut bufs: Vec<ManagedBuf<f32>> = Vec::new();
        for _ in variants {
            let mut b: ManagedBuf<f32> = gpu.managed(n)?;
            cpu::fill_ramp(b.host_mut()?, RAMP, 0.0);
            bufs.push(b);
        }
        for round in 0..=rounds {
            for (k, &(variant, every)) in variants.iter().enumerate() {
                let b = &mut bufs[k];
                let row = |step: &str, ms: f64| {
                    if round > 0 {
                        println!("{bytes},{variant},{},{step},{ms:.4}", round - 1);
                    }
                };
                row(
                    "to_device",
                    timer.time(|| gpu.prefetch(b, Location::Device))?,
                );
                row(
                    "pass",
                    timer.time(|| gpu.inplace(Shape::Flat, b, 1.0, 1.0))?,
                );
                row("to_host", timer.time(|| gpu.prefetch(b, Location::Host))?);
                let s = Instant::now();
                if every > 0 {
                    for (p, page) in b.host_mut()?.chunks_mut(1024).enumerate() {
                        if p % every == 0 {
                            page.iter_mut().for_each(|v| *v += 1.0);
                        }
                    }
                }
                row("cpu", s.elapsed().as_secs_f64() * 1e3);
            }
        }
        // Each element: its ramp, one per pass, one per CPU touch of its page.
        let passes = (rounds + 1) as f32;
        for (k, &(_, every)) in variants.iter().enumerate() {
            let x = bufs[k].host()?;
            bad += cpu::count_bad(x, |i, v| {
                let touched = every > 0 && (i / 1024) % every == 0;
                let want = cpu::ramp(i, RAMP) + passes + if touched { passes } else { 0.0 };
                v != want
            });
        }
    }
    eprintln!("elements wrong: {bad}");
    if bad > 0 {
        return Err("a check failed".into());
    }
    Ok(())
}
