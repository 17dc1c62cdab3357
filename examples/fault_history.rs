//! Does what a page went through on the host change what a GPU pass pays to fault it in?
//!
//! The producer/consumer's managed rounds after the first fault in 64 MiB its kernel writes,
//! pages the host read back the round before; they paid 7.4-9.2 ms a round over `run96`-`run107`,
//! while the calibration's cell for such faults (`managed/cold-scalar` less `reused-scalar`: an
//! in-place pass of one float a thread over pages the host just filled, on every core) measured
//! 8.0-10.7 ms in the same runs; over the 32 (run, calibration) pairs since `run72` the rounds
//! paid a median 0.89 of the cell, 0.75-1.17 (`calibration/h200/run105/history.txt`). The
//! kernel differs (the task's writes `y = x + 1`, the cell's reads and writes in place) and so
//! does the pages' history. This measures both, paired within each cycle, on one 64 MiB buffer
//! `y` (and a resident `x` for `produce`):
//! - `converge/filled-wide`: the calibration's cell (fill on every core, then the pass);
//! - `converge/filled-pinned`: the same fill on the pinned core;
//! - `converge/read-back`: the pass over pages a GPU pass moved and the host then read back;
//! - `produce/read-back`: the task's step (`y = x + 1` over pages the host read back);
//! - `produce/filled-wide`: the task's kernel over pages the host just filled.
//!
//! Each variant times the pass twice (on the host's pages, then again on the migrated ones): the
//! faults are the difference. Every pass's output is checked.
//!
//! `cargo run --release --example fault_history -- 20 > history.csv`; rows:
//! `t_s,variant,cold_ms,again_ms`; stderr: each variant's median difference and the checks.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;
const VARIANTS: [&str; 5] = [
    "converge/filled-wide",
    "converge/filled-pinned",
    "converge/read-back",
    "produce/read-back",
    "produce/filled-wide",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(20.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let mut x: ManagedBuf<f32> = gpu.managed(N)?;
    let mut y: ManagedBuf<f32> = gpu.managed(N)?;
    cpu::fill_ramp(x.host_mut()?, RAMP, 0.0);
    gpu.read_sum(&x)?; // x resident on the device from here on
    let want_x = cpu::ramp_sum(N, RAMP);
    let mut bad = u64::from(gpu.take_sum()? != want_x);
    let mut faults: Vec<Vec<f64>> = vec![Vec::new(); VARIANTS.len()];
    println!("t_s,variant,cold_ms,again_ms");
    let start = Instant::now();
    let mut cycles = 0usize;
    while start.elapsed().as_secs_f64() < seconds {
        for j in 0..VARIANTS.len() {
            let k = (j + cycles) % VARIANTS.len();
            let (cold, again) = match VARIANTS[k] {
                "converge/filled-wide" | "converge/filled-pinned" | "converge/read-back" => {
                    let passes_before = match VARIANTS[k] {
                        "converge/filled-wide" => {
                            cpu::fill_ramp_wide(y.host_mut()?, RAMP, 0.0);
                            0
                        }
                        "converge/filled-pinned" => {
                            cpu::fill_ramp(y.host_mut()?, RAMP, 0.0);
                            0
                        }
                        _ => {
                            // Pages to the device by a pass, then back by the host's read.
                            cpu::fill_ramp_wide(y.host_mut()?, RAMP, 0.0);
                            gpu.converge(Shape::Flat, &mut y, 1)?;
                            gpu.sync()?;
                            bad += cpu::ramp_mismatches(y.host()?, RAMP, 0.5);
                            1
                        }
                    };
                    let cold = timer.time(|| gpu.converge(Shape::Flat, &mut y, 1))?;
                    let again = timer.time(|| gpu.converge(Shape::Flat, &mut y, 1))?;
                    // converge adds 0.5 a pass.
                    bad += gpu.check_ramp(&y, RAMP, 0.5 * (passes_before + 2) as f32)?;
                    (cold, again)
                }
                variant => {
                    if variant == "produce/read-back" {
                        // The task's round: its pass wrote y, the host read it back.
                        gpu.produce(&x, &mut y, 1.0)?;
                        gpu.sync()?;
                        bad += cpu::ramp_mismatches(y.host()?, RAMP, 1.0);
                    } else {
                        cpu::fill_ramp_wide(y.host_mut()?, RAMP, 0.0);
                    }
                    let cold = timer.time(|| gpu.produce(&x, &mut y, 1.0))?;
                    let again = timer.time(|| gpu.produce(&x, &mut y, 1.0))?;
                    bad += gpu.check_ramp(&y, RAMP, 1.0)?;
                    (cold, again)
                }
            };
            println!(
                "{:.3},{},{cold:.4},{again:.4}",
                start.elapsed().as_secs_f64(),
                VARIANTS[k]
            );
            faults[k].push(cold - again);
        }
        cycles += 1;
    }
    for (name, v) in VARIANTS.iter().zip(&mut faults) {
        v.sort_by(f64::total_cmp);
        let q = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
        eprintln!(
            "{name:24} faults {:.3} ms [{:.3}-{:.3}, quartiles {:.3}-{:.3}] of {}",
            q(0.5),
            q(0.0),
            q(1.0),
            q(0.25),
            q(0.75),
            v.len()
        );
    }
    if bad != 0 {
        return Err(format!("check failed: {bad} elements or sums wrong").into());
    }
    eprintln!("{cycles} cycles, checks ok");
    Ok(())
}
