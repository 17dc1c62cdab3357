//! What makes a prefetch of read-mostly pages to the device dear?
//!
//! Seed 001's table, under managed-advise-prefetch, took 2.2–2.4 ms for 64 MiB on its first
//! prefetch to the device, the same table unadvised 1.5 (`calibration/h200/run117/steps.txt`,
//! `run120`'s steps). The calibration's cell for it (`prefetch/read_mostly_to_device`, a kept
//! buffer unadvised, refilled on every core and advised again each trial) took 1.36–1.72 in
//! `run120`, a plain prefetch's price. The workloads allocate their buffers anew each trial and
//! fill them from one thread. This says which of the two makes the difference.
//!
//! One process, for `SECONDS` (default 30), cycling on 64 MiB managed buffers; in every cycle
//! each variant once, in a rotating order, its prefetch to the device timed by events:
//! - `plain-fresh-one`: a new allocation filled by one thread, not advised (the control);
//! - `rm-fresh-one`: a new allocation filled by one thread, advised read-mostly;
//! - `rm-fresh-wide`: the same filled on every core;
//! - `rm-rekept-one`: one allocation for the run, each cycle unadvised, refilled by one thread
//!   and advised again;
//! - `rm-rekept-wide`: the same refilled on every core (the calibration cell of `run120`);
//! - `rm-fresh-seed`: seed 001's three buffers new, filled by one thread and advised as it advises
//!   them (table read-mostly, keys preferred-location device, out the same and accessed-by host),
//!   the table's prefetch timed.
//!
//! Every prefetched buffer is checked on the device, and on the host (the host keeps its copy).
//! `cargo run --release --example rm_prefetch -- 30 > rm.csv`; rows: `t_s,variant,ms`.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Advice, Gpu, Location, ManagedBuf};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;

const VARIANTS: [&str; 6] = [
    "plain-fresh-one",
    "rm-fresh-one",
    "rm-fresh-wide",
    "rm-rekept-one",
    "rm-rekept-wide",
    "rm-fresh-seed",
];

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let mut kept: ManagedBuf<f32> = gpu.managed(N)?;
    let ramp: Vec<f32> = (0..N).map(|i| cpu::ramp(i, RAMP)).collect();
    let mut bad = 0u64;
    let mut cycles = 0usize;
    println!("t_s,variant,ms");
    let start = Instant::now();
    while start.elapsed().as_secs_f64() < seconds {
        for j in 0..VARIANTS.len() {
            let variant = VARIANTS[(j + cycles) % VARIANTS.len()];
            let wide = variant.ends_with("-wide");
            // One thread: a copy from the host's data, as the workloads place their buffers.
            let fill = |x: &mut [f32]| {
                if wide {
                    cpu::fill_ramp_wide(x, RAMP, 0.0)
                } else {
                    x.copy_from_slice(&ramp)
                }
            };
            // Seed 001's other two buffers, alive until the table's prefetch is timed.
            let mut others: Vec<ManagedBuf<f32>> = Vec::new();
            let mut fresh: Option<ManagedBuf<f32>> = None;
            let m: &mut ManagedBuf<f32> = if variant.starts_with("rm-rekept") {
                gpu.advise(&kept, Advice::UnsetReadMostly)?;
                fill(kept.host_mut()?);
                gpu.advise(&kept, Advice::ReadMostly)?;
                &mut kept
            } else {
                let m = fresh.insert(gpu.managed(N)?);
                fill(m.host_mut()?);
                if variant != "plain-fresh-one" {
                    gpu.advise(m, Advice::ReadMostly)?;
                }
                m
            };
            if variant == "rm-fresh-seed" {
                for host_reads_at_end in [false, true] {
                    let mut o: ManagedBuf<f32> = gpu.managed(N)?;
                    o.host_mut()?.copy_from_slice(&ramp);
                    others.push(o);
                    let o = others.last().expect("just pushed");
                    gpu.advise(o, Advice::PreferredLocation(Location::Device))?;
                    if host_reads_at_end {
                        gpu.advise(o, Advice::AccessedBy(Location::Host))?;
                    }
                }
            }
            gpu.sync()?;
            let ms = timer.time(|| gpu.prefetch(m, Location::Device))?;
            bad += gpu.check_ramp(m, RAMP, 0.0)?;
            bad += cpu::ramp_mismatches(m.host()?, RAMP, 0.0) as u64;
            println!("{:.3},{variant},{ms:.4}", start.elapsed().as_secs_f64());
            drop(others);
        }
        cycles += 1;
    }
    if bad != 0 {
        return Err(format!("check failed: {bad} elements wrong").into());
    }
    eprintln!("{cycles} cycles, checks ok");
    Ok(())
}
