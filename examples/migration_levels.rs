//! How do managed memory's migration costs move? (NOTES.md, "How fast the migration costs move".)
//!
//! Calibrations 20 s apart, each in its own process, measured fault-driven migration of 64 MiB at
//! 5.5, 6.6 and 7.6 ms, with trials inside each within 2–5 % (`run16`). This tells apart a cost
//! that drifts with time (a probe seconds before a task would catch it), one fixed per process
//! (only a probe inside the task's process would), and one that follows the CPU's speed (the
//! driver services faults on the host; the user's own CPU timing would carry it).
//!
//! One process, for `SECONDS` (default 30), round after round over 64 MiB: the CPU's write to
//! ordinary heap memory and a multiply-add chain (the CPU's level), a GPU pass over managed pages
//! the CPU just wrote (fault-driven migration), the same pass again (resident), the CPU's write to
//! those pages (faulting them back), a prefetch to the device and one back to the host, the CPU's
//! read after it, and every fifth round the first pass over a fresh allocation. Every GPU pass is
//! checked on the GPU, every host read against its known sum.
//!
//! `cargo run --release --example migration_levels -- 30 > levels.csv`; rows: `t_s,probe,ms`.

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

    let mut heap = vec![0f32; N];
    cpu::fill_ramp(&mut heap, RAMP, 0.0);
    let (_, want_read) = cpu::timed_read(&heap);
    let mut m: ManagedBuf<f32> = gpu.managed(N)?;
    let mut p: ManagedBuf<f32> = gpu.managed(N)?;
    cpu::fill_ramp(p.host_mut()?, RAMP, 0.0);
    let timer = common::GpuTimer::new(&gpu)?;

    println!("t_s,probe,ms");
    let start = Instant::now();
    let emit =
        |probe: &str, ms: f64| println!("{:.3},{probe},{ms:.4}", start.elapsed().as_secs_f64());
    let mut bad = 0u64;
    let mut round = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        emit("heap-update", cpu::timed_update(&mut heap, 1));
        emit("compute", common::compute_chain(4_000_000));

        // The CPU writes every page; after round 0 they come back from the device first.
        let s = Instant::now();
        cpu::fill_ramp(m.host_mut()?, RAMP, 0.0);
        let ms = s.elapsed().as_secs_f64() * 1e3;
        if round > 0 {
            emit("cpu-write-migrated", ms);
        }
        let ms = timer.time(|| gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0))?;
        bad += gpu.check_ramp(&m, RAMP, 1.0)?;
        emit("fault-in", ms);
        let ms = timer.time(|| gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0))?;
        bad += gpu.check_ramp(&m, RAMP, 2.0)?;
        emit("resident", ms);

        emit(
            "prefetch-to-device",
            timer.time(|| gpu.prefetch(&p, Location::Device))?,
        );
        emit(
            "prefetch-to-host",
            timer.time(|| gpu.prefetch(&p, Location::Host))?,
        );
        let (ms, sum) = cpu::timed_read(p.host()?);
        bad += u64::from(sum != want_read);
        emit("host-read-after-prefetch", ms);

        if round % 5 == 4 {
            let mut f: ManagedBuf<f32> = gpu.managed(N)?;
            cpu::fill_ramp(f.host_mut()?, RAMP, 0.0);
            let ms = timer.time(|| gpu.inplace(Shape::Flat, &mut f, 1.0, 1.0))?;
            bad += gpu.check_ramp(&f, RAMP, 1.0)?;
            emit("fault-in-fresh", ms);
        }
        round += 1;
    }
    if bad != 0 {
        return Err(format!("check failed: {bad} elements or sums wrong").into());
    }
    eprintln!("{round} rounds, checks ok");
    Ok(())
}
