//! Does a prefetch back to the host depend on what the CPU did to the pages in earlier round
//! trips, not only in the last one?
//!
//! The migration probe in a task's shape (`umodel probe --task`, `bench/probe.rs`) times one
//! round trip of 256 MiB after the CPU rewrote one page in ten, following a round of dense
//! touches and a round trip with none; beside the partial-update workload it found 28.6 ms at the
//! median, while the workload, which rewrites one page in ten in every round and nothing else,
//! paid about 38 ms for each prefetch back in the same trials (calibration/h200/run55,
//! `tasks-25.csv`). This example runs histories side by side on their own 256 MiB buffers, round
//! by round interleaved so the machine's migration regime falls on all alike. A history is a
//! string of steps repeated every round: `D` the CPU adds 1 to every element, `S` it adds 1 to
//! every element of one page in ten, `T` a round trip (prefetch to the device, an in-place pass
//! adding 1, prefetch back to the host), each of whose prefetches is timed by events:
//!
//! - `steady` = `ST` (the workload), `dense` = `DT`, `none` = `T`;
//! - `probe` = `DTST` (the shaped probe's tail: a dense update, a trip, the sparse touch, a trip);
//! - `nogap` = `DST`, `twice` = `DTSTST`.
//!
//! Measured (calibration/h200/run56, two processes of 30 rounds, the machine in its fast
//! regime): every prefetch back 15.4–23.3 ms at the median whatever the history; the prefetch to
//! the device 5.4 ms after a dense update (`dense`, `nogap`, the first trips of `probe` and
//! `twice`), 13.0–16.0 ms after a sparse touch of pages that arrived by a prefetch (`steady`, the
//! later trips of `probe` and `twice`; 9.9 once) and 20.4–23.4 ms with no touch at all (`none`).
//! In `examples/sparse_prefetch.rs` (run50, run51), whose CPU touched the pages right after the
//! prefetch back, the prefetch to the device took 5.5 ms in every variant and the prefetch back
//! carried the difference: which of the two pays depends on what runs between them, so the
//! shaped probe times both.
//!
//! `cargo run --release --example prefetch_history -- ROUNDS > history.csv`; rows:
//! `variant,round,trip,to_device_ms,to_host_ms` (`trip`: the trip's index within the round).
//! Each buffer is checked at the end against the ramp plus what each step added.

mod common;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, Location, ManagedBuf, Shape};

const RAMP: u32 = 1024;
const EVERY: usize = 10;
const BYTES: usize = 256 << 20;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rounds = common::seconds(20.0)? as u32;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(0.0)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let variants = [
        ("steady", "ST"),
        ("dense", "DT"),
        ("none", "T"),
        ("probe", "DTST"),
        ("nogap", "DST"),
        ("twice", "DTSTST"),
    ];
    let n = BYTES / 4;
    let mut bufs: Vec<ManagedBuf<f32>> = Vec::new();
    for _ in variants {
        let mut b: ManagedBuf<f32> = gpu.managed(n)?;
        cpu::fill_ramp(b.host_mut()?, RAMP, 0.0);
        bufs.push(b);
    }
    println!("variant,round,trip,to_device_ms,to_host_ms");
    // Per variant: what every element gained, and what the touched pages gained besides.
    let mut all = vec![0f32; variants.len()];
    let mut touched = vec![0f32; variants.len()];
    for round in 0..=rounds {
        for (k, &(name, steps)) in variants.iter().enumerate() {
            let b = &mut bufs[k];
            let mut trip = 0;
            for step in steps.chars() {
                match step {
                    'D' => {
                        b.host_mut()?.iter_mut().for_each(|v| *v += 1.0);
                        all[k] += 1.0;
                    }
                    'S' => {
                        for (p, page) in b.host_mut()?.chunks_mut(1024).enumerate() {
                            if p % EVERY == 0 {
                                page.iter_mut().for_each(|v| *v += 1.0);
                            }
                        }
                        touched[k] += 1.0;
                    }
                    'T' => {
                        let to_device = timer.time(|| gpu.prefetch(b, Location::Device))?;
                        timer.time(|| gpu.inplace(Shape::Flat, b, 1.0, 1.0))?;
                        let to_host = timer.time(|| gpu.prefetch(b, Location::Host))?;
                        all[k] += 1.0;
                        // Round 0 warms every history up.
                        if round > 0 {
                            println!("{name},{},{trip},{to_device:.4},{to_host:.4}", round - 1);
                        }
                        trip += 1;
                    }
                    _ => unreachable!("history steps are D, S and T"),
                }
            }
        }
    }
    let mut bad = 0u64;
    for (k, b) in bufs.iter().enumerate() {
        bad += cpu::count_bad(b.host()?, |i, v| {
            let extra = if (i / 1024) % EVERY == 0 {
                touched[k]
            } else {
                0.0
            };
            v != cpu::ramp(i, RAMP) + all[k] + extra
        });
    }
    eprintln!("elements wrong: {bad}");
    if bad > 0 {
        return Err("a check failed".into());
    }
    Ok(())
}
