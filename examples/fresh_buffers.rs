//! Does a managed buffer's migration cost depend on how new the allocation is?
//!
//! The validation tasks allocate their buffers afresh for every policy they run (fill on the host,
//! four rounds, free), while the calibration's handoff and prefetch cells reuse one allocation over
//! warm-up and trials. The tasks' prefetches back to the host came to 5.1–6.4 ms per 64 MiB in
//! every run, the calibrations' 3.8–7.0 (NOTES.md, "Which side the migrating policies miss").
//!
//! One process, for `SECONDS` (default 30), cycling four variants, each four rounds on a 64 MiB
//! managed buffer:
//! - `fresh-prefetch`: a new allocation, filled on the host; each round prefetches it to the
//!   device, runs a pass writing it, prefetches it back, and the CPU reads it;
//! - `kept-prefetch`: the same rounds on one allocation kept for the whole run;
//! - `fresh-fault`: a new allocation, filled on the host; each round a pass writing it (its pages
//!   migrate by faults), then the CPU reads it (they fault back);
//! - `kept-fault`: the same on the kept allocation.
//!
//! Every GPU step is timed by events, the CPU read on the host clock; every read's sum is checked.
//!
//! `cargo run --release --example fresh_buffers -- 30 > fresh.csv`; rows:
//! `t_s,variant,round,step,ms` (`step`: `fill`, `to_device`, `pass`, `to_host`, `read`).

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, Location, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;
const ROUNDS: u32 = 4;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    // What a CPU read of the untouched ramp sums to (exact: whole numbers).
    let base = cpu::ramp_sum(N, RAMP) as f64;
    let mut kept: ManagedBuf<f32> = gpu.managed(N)?;
    cpu::fill_ramp(kept.host_mut()?, RAMP, 0.0);
    let mut kept_off = 0.0f64;
    let mut bad = 0u64;
    let mut cycles = 0u64;
    println!("t_s,variant,round,step,ms");
    let start = Instant::now();
    let row = |variant: &str, round: u32, step: &str, ms: f64| {
        println!(
            "{:.3},{variant},{round},{step},{ms:.4}",
            start.elapsed().as_secs_f64()
        );
    };
    while start.elapsed().as_secs_f64() < seconds {
        for variant in [
            "fresh-prefetch",
            "kept-prefetch",
            "fresh-fault",
            "kept-fault",
        ] {
            let fresh = variant.starts_with("fresh");
            let prefetching = variant.ends_with("prefetch");
            let mut new_buf;
            let (buf, off): (&mut ManagedBuf<f32>, &mut f64) = if fresh {
                new_buf = gpu.managed(N)?;
                let t = Instant::now();
                cpu::fill_ramp(new_buf.host_mut()?, RAMP, 0.0);
                row(variant, 0, "fill", t.elapsed().as_secs_f64() * 1e3);
                (&mut new_buf, &mut 0.0)
            } else {
                (&mut kept, &mut kept_off)
            };
            let mut local = *off;
            for round in 0..ROUNDS {
                if prefetching {
                    let ms = timer.time(|| gpu.prefetch(buf, Location::Device))?;
                    row(variant, round, "to_device", ms);
                }
                let ms = timer.time(|| gpu.inplace(Shape::Flat, buf, 1.0, 1.0))?;
                local += 1.0;
                row(variant, round, "pass", ms);
                if prefetching {
                    let ms = timer.time(|| gpu.prefetch(buf, Location::Host))?;
                    row(variant, round, "to_host", ms);
                }
                let (ms, s) = cpu::timed_read(buf.host()?);
                bad += u64::from(s != base + local * N as f64);
                row(variant, round, "read", ms);
            }
            *off = local;
        }
        cycles += 1;
    }
    if bad != 0 {
        return Err(format!("check failed: {bad} sums wrong").into());
    }
    eprintln!("{cycles} cycles, checks ok");
    Ok(())
}
