//! Does what the host and the GPU did just before a prefetch of 64 MiB back to the host decide
//! whether it runs fast (~4 ms) or slow (~6.5 ms)?
//!
//! The validation tasks' prefetches back came to 5.1–6.4 ms per 64 MiB in every run and a loop of
//! round trips with a CPU read between them ran slow 64–89 % of the time (calibration/h200/run35),
//! while most calibrations met the fast rate in their handoff cells (NOTES.md, "Which side the
//! migrating policies miss"). Between the calibration's cells the GPU is rarely idle; in a task it
//! idles through every CPU phase.
//!
//! One process, for `SECONDS` (default 30), cycling variants of 4 rounds each on one 64 MiB managed
//! buffer: wait `N` ms (`sleep-N`: the thread sleeps; `spin-N`: it computes; `busy-N`: it sleeps
//! while the GPU runs passes over a device buffer for about as long), then prefetch the buffer to
//! the device, run a pass writing it, prefetch it back (timed by events), and read it on
//! the CPU (checked). `N` in 0, 4, 16, 64.
//!
//! `cargo run --release --example prefetch_gaps -- 30 > gaps.csv`; rows:
//! `t_s,variant,round,to_device_ms,to_host_ms,core_ms` (`core_ms`: a fixed multiply-add chain
//! just before the prefetches, the calling core's level).

mod common;

use std::time::{Duration, Instant};

use umodel::bench::cpu;
use umodel::gpu::{Gpu, Location, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;
const ROUNDS: u32 = 4;
/// The core's level: a fixed multiply-add chain (an eighth of `cpu_levels`'s).
const CHAIN: u32 = 500_000;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    // What a CPU read of the untouched ramp sums to (exact: whole numbers).
    let base = cpu::ramp_sum(N, RAMP) as f64;
    let mut p: ManagedBuf<f32> = gpu.managed(N)?;
    cpu::fill_ramp(p.host_mut()?, RAMP, 0.0);
    let mut dev = gpu.device::<f32>(N)?;
    let pass_ms = timer.time(|| gpu.inplace(Shape::Flat, &mut dev, 1.0, 1.0))?;
    let mut off = 0.0f64;
    let mut bad = 0u64;
    println!("t_s,variant,round,to_device_ms,to_host_ms,core_ms");
    let start = Instant::now();
    let mut cycles = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        for gap in [0u64, 4, 16, 64] {
            for how in ["sleep", "spin", "busy"] {
                let variant = format!("{how}-{gap}");
                for round in 0..ROUNDS {
                    let wait = Duration::from_millis(gap);
                    match how {
                        "spin" => {
                            let t = Instant::now();
                            while t.elapsed() < wait {
                                common::compute_chain(10_000);
                            }
                        }
                        "busy" => {
                            for _ in 0..(gap as f64 / pass_ms).ceil() as u64 {
                                gpu.inplace(Shape::Flat, &mut dev, 1.0, 1.0)?;
                            }
                            std::thread::sleep(wait);
                            gpu.sync()?;
                        }
                        _ => std::thread::sleep(wait),
                    }
                    let core = common::compute_chain(CHAIN);
                    let to_device = timer.time(|| gpu.prefetch(&p, Location::Device))?;
                    gpu.inplace(Shape::Flat, &mut p, 1.0, 1.0)?;
                    off += 1.0;
                    gpu.sync()?;
                    let to_host = timer.time(|| gpu.prefetch(&p, Location::Host))?;
                    let (_, s) = cpu::timed_read(p.host()?);
                    bad += u64::from(s != base + off * N as f64);
                    println!(
                        "{:.3},{variant},{round},{to_device:.4},{to_host:.4},{core:.4}",
                        start.elapsed().as_secs_f64()
                    );
                }
            }
        }
        cycles += 1;
    }
    if bad != 0 {
        return Err(format!("check failed: {bad} sums wrong").into());
    }
    eprintln!("{cycles} cycles, checks ok");
    Ok(())
}
