//! Why does a prefetch of 64 MiB back to the host take 3.6–4.4 ms in some calibrations and
//! 6–7 ms in others, while the validation tasks' prefetches take about 6.2 ms every run?
//! (NOTES.md, "Tasks" → "The prefetch back to the host".)
//!
//! One process, for `SECONDS` (default 30): blocks of 8 rounds of each variant in turn, every
//! round timing the prefetch of a 64 MiB managed buffer `p` back to the host with events and,
//! on the host clock, through the CPU read after it (less the same read again):
//! - `alone`: `p` to the device and back, nothing else managed in use;
//! - `pass`: as `alone`, with a GPU pass writing `p` on the device in between (what tasks do);
//! - `two`: as `pass`, with a second 64 MiB buffer `q` making the same round trip just before;
//! - `resident`: as `pass`, while `q` (written by a kernel) stays on the device.
//!
//! The reads are checked against their known sums, the passes on the GPU.
//!
//! `cargo run --release --example prefetch_modes -- 30 > modes.csv`; rows:
//! `t_s,variant,event_ms,read_ms`.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, Location, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let mut p: ManagedBuf<f32> = gpu.managed(N)?;
    let mut q: ManagedBuf<f32> = gpu.managed(N)?;
    cpu::fill_ramp(p.host_mut()?, RAMP, 0.0);
    cpu::fill_ramp(q.host_mut()?, RAMP, 0.0);
    let timer = common::GpuTimer::new(&gpu)?;
    // `p` and `q` hold ramp + (passes so far); the reads are checked against that.
    let (mut p_off, mut q_off) = (0.0f64, 0.0f64);
    // What a CPU read of the untouched ramp sums to (exact: whole numbers).
    let base = cpu::ramp_sum(N, RAMP) as f64;
    let mut bad = 0u64;
    println!("t_s,variant,event_ms,read_ms");
    let start = Instant::now();
    let variants = ["alone", "pass", "two", "resident"];
    let mut v = 0usize;
    while start.elapsed().as_secs_f64() < seconds {
        let name = variants[v % variants.len()];
        for _ in 0..8 {
            if name == "resident" {
                gpu.prefetch(&q, Location::Device)?;
                gpu.inplace(Shape::Flat, &mut q, 1.0, 1.0)?;
                q_off += 1.0;
            }
            if name == "two" {
                gpu.prefetch(&q, Location::Device)?;
                gpu.inplace(Shape::Flat, &mut q, 1.0, 1.0)?;
                q_off += 1.0;
                gpu.prefetch(&q, Location::Host)?;
                gpu.sync()?;
                let (_, s) = cpu::timed_read(q.host()?);
                bad += u64::from(s != base + q_off * N as f64);
            }
            gpu.prefetch(&p, Location::Device)?;
            if name != "alone" {
                gpu.inplace(Shape::Flat, &mut p, 1.0, 1.0)?;
                p_off += 1.0;
            }
            gpu.sync()?;
            let s0 = Instant::now();
            let ev = timer.time(|| gpu.prefetch(&p, Location::Host))?;
            let (_, s1) = cpu::timed_read(p.host()?);
            let through = s0.elapsed().as_secs_f64() * 1e3;
            let (again, s2) = cpu::timed_read(p.host()?);
            bad += u64::from(s1 != base + p_off * N as f64) + u64::from(s2 != s1);
            println!(
                "{:.3},{name},{ev:.4},{:.4}",
                start.elapsed().as_secs_f64(),
                through - again
            );
        }
        v += 1;
    }
    if bad != 0 {
        return Err(format!("check failed: {bad} sums wrong").into());
    }
    eprintln!("{v} blocks, checks ok");
    Ok(())
}
