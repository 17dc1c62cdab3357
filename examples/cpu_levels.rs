//! What moves the handoff's CPU update on a shared VM? (NOTES.md, "the CPU update moves in levels".)
//!
//! One process, one pinned thread, for `SECONDS` (default 40): round after round it times the
//! handoff's CPU update `x = x + 1` over 1 GiB on two pinned (page-locked, CUDA) buffers and two
//! ordinary heap buffers, the same update over 4 MiB sixteen times (a set the host's caches hold),
//! a dependent chain of 4 M multiply-adds (the core's speed alone, no memory), and every fourth
//! round the 1 GiB update on all cores. If every probe moves together the core is being slowed
//! (time-sliced or clocked down); if only the 1 GiB updates move, it is the memory system; if one
//! buffer is steadily slower than another, it is where that buffer's pages landed.
//!
//! Needs a GPU (for the pinned buffers). `cargo run --release --example cpu_levels -- 40 > levels.csv`;
//! rows: `t_s,probe,threads,ms`.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::Gpu;

const GIB_F32: usize = (1 << 30) / 4;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(40.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let all = cpu::core_count();

    let mut p1 = gpu.pinned::<f32>(GIB_F32, false)?;
    let mut p2 = gpu.pinned::<f32>(GIB_F32, false)?;
    let mut h1 = vec![0f32; GIB_F32];
    let mut h2 = vec![0f32; GIB_F32];
    let mut small = vec![0f32; (4 << 20) / 4];
    for x in [
        p1.host_mut()?,
        p2.host_mut()?,
        &mut h1[..],
        &mut h2[..],
        &mut small[..],
    ] {
        cpu::fill_ramp(x, 1024, 0.0);
    }

    println!("t_s,probe,threads,ms");
    let start = Instant::now();
    let mut round = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        let emit = |probe: &str, threads: usize, ms: f64| {
            println!(
                "{:.3},{probe},{threads},{ms:.3}",
                start.elapsed().as_secs_f64()
            )
        };
        emit("pinned-a", 1, cpu::timed_update(p1.host_mut()?, 1));
        emit("heap-a", 1, cpu::timed_update(&mut h1, 1));
        emit("compute", 1, common::compute_chain(4_000_000));
        emit("pinned-b", 1, cpu::timed_update(p2.host_mut()?, 1));
        emit("heap-b", 1, cpu::timed_update(&mut h2, 1));
        let s = Instant::now();
        for _ in 0..16 {
            cpu::update(&mut small, 1.0, 1.0, 1);
        }
        emit("cached-4MiB-x16", 1, s.elapsed().as_secs_f64() * 1e3);
        if round % 4 == 3 {
            emit("pinned-a", all, cpu::timed_update(p1.host_mut()?, all));
        }
        round += 1;
    }
    // The updates are checked like the suite's: every element is ramp + number of updates.
    let p1_updates = round + round / 4;
    let bad = cpu::ramp_mismatches(p1.host()?, 1024, p1_updates as f32)
        + cpu::ramp_mismatches(&h1, 1024, round as f32);
    if bad != 0 {
        return Err(format!("check failed: {bad} elements wrong").into());
    }
    eprintln!("{round} rounds, checks ok");
    Ok(())
}
