//! What does the host pay to touch managed pages the GPU migrated, by how they were migrated and
//! by what the host's code does with them?
//!
//! In the held-out workload runs `run73` and `run74` (calibration/h200/run74/cpu_rounds.txt) the
//! managed rows' CPU sides cost more than the calibrated fault-back of pages a streaming pass
//! migrated (`managed/cpu_read_migrated` less `cpu_read_heap`): seed 001's host read of the table
//! the GPU's random reads migrated 2.3–4.5 ms a round, its final check of the output 7–9 ms; the
//! partial update's sparse writes of 256 MiB after each GPU pass 10–14 ms a round.
//!
//! One process, for `SECONDS` (default 30), cycling on buffers kept for the run; every host step
//! after the caches were evicted (data the GPU hands back arrive from outside them), timed on the
//! host clock, every GPU step by events:
//! - `heap`: the sum of 64 MiB of plain memory (`read`, the calibration's read) and seed 001's
//!   final check of 64 MiB against a 128 MiB double reference (`check`);
//! - `stream`: 64 MiB filled on the host, an in-place GPU pass (`pass`), the sum (`read`);
//! - `stream_chk`: the same, then the final check (`check`);
//! - `random`: 64 MiB filled, the GPU's random reads (`pass`, seed 001's table), the sum (`read`);
//! - `gather_chk`: seed 001's three buffers filled, its kernel (`pass`), the final check of the
//!   output (`check`);
//! - `sparse64`, `sparse256`: 64 or 256 MiB filled, an in-place pass, the host writing one 4 KiB
//!   page in ten (`cpu`, the partial update's CPU phase), beside the same writes to plain memory
//!   (`heap`).
//!
//! `cargo run --release --example fault_backs -- 30 > backs.csv`; rows: `t_s,variant,step,ms`;
//! the last line on stderr counts failed checks (sums, kernels' outputs, the checks' verdicts).

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::bench::tasks::seed_final_check as final_check;
use umodel::gpu::{Gpu, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;
const SEED: u32 = 0x5EED_0001;
const SCALE: f32 = 0.5;

fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let s = Instant::now();
    let v = std::hint::black_box(f());
    (s.elapsed().as_secs_f64() * 1e3, v)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let mut scratch = vec![0u8; cpu::evict_bytes()];
    let base = cpu::ramp_sum(N, RAMP) as f64;
    let want_random = cpu::random_read_sum(N, SEED, RAMP);
    // Plain memory: the ramp after one pass, and its double reference.
    let heap: Vec<f32> = (0..N).map(|i| cpu::ramp(i, RAMP) + 1.0).collect();
    let ref_pass: Vec<f64> = heap.iter().map(|v| f64::from(*v)).collect();
    // Seed 001's data and the reference of its kernel's output.
    let table_host: Vec<f32> = (0..N).map(|i| cpu::ramp(i, RAMP)).collect();
    let mut state = 0xC0FF_EE00_u64 ^ N as u64;
    let keys_host: Vec<u32> = (0..N)
        .map(|_| (cpu::splitmix64(&mut state) % N as u64) as u32)
        .collect();
    let ref_gather: Vec<f64> = keys_host
        .iter()
        .map(|&k| f64::from(table_host[k as usize] * SCALE))
        .collect();
    let mut stream: ManagedBuf<f32> = gpu.managed(N)?;
    let mut stream_chk: ManagedBuf<f32> = gpu.managed(N)?;
    let random: ManagedBuf<f32> = gpu.managed(N)?;
    let mut t: ManagedBuf<f32> = gpu.managed(N)?;
    let mut k: ManagedBuf<u32> = gpu.managed(N)?;
    let mut o: ManagedBuf<f32> = gpu.managed(N)?;
    let mut sparse: Vec<(&str, ManagedBuf<f32>, Vec<f32>)> = Vec::new();
    for (name, n) in [("sparse64", N), ("sparse256", 4 * N)] {
        sparse.push((name, gpu.managed(n)?, vec![0f32; n]));
    }
    let mut random = random;
    let mut bad = 0u64;
    println!("t_s,variant,step,ms");
    let start = Instant::now();
    let row = |variant: &str, step: &str, ms: f64| {
        println!(
            "{:.3},{variant},{step},{ms:.4}",
            start.elapsed().as_secs_f64()
        );
    };
    let mut cycles = 0u64;
    while start.elapsed().as_secs_f64() < seconds {
        // Plain memory.
        cpu::evict_caches(&mut scratch);
        let (ms, s) = cpu::timed_read(&heap);
        bad += u64::from(s != base + N as f64);
        row("heap", "read", ms);
        cpu::evict_caches(&mut scratch);
        let (ms, ok) = timed(|| final_check(&heap, &ref_pass));
        bad += u64::from(!ok);
        row("heap", "check", ms);
        // Pages an in-place streaming pass migrated: the sum, the check.
        for (name, m) in [("stream", &mut stream), ("stream_chk", &mut stream_chk)] {
            cpu::fill_ramp(m.host_mut()?, RAMP, 0.0);
            let ms = timer.time(|| gpu.inplace(Shape::Flat, m, 1.0, 1.0))?;
            row(name, "pass", ms);
            cpu::evict_caches(&mut scratch);
            if name == "stream" {
                let (ms, s) = cpu::timed_read(m.host()?);
                bad += u64::from(s != base + N as f64);
                row(name, "read", ms);
            } else {
                let x = m.host()?;
                let (ms, ok) = timed(|| final_check(x, &ref_pass));
                bad += u64::from(!ok);
                row(name, "check", ms);
            }
        }
        // Pages the GPU's random reads migrated.
        cpu::fill_ramp(random.host_mut()?, RAMP, 0.0);
        let ms = timer.time(|| gpu.random_read(&random, SEED))?;
        bad += u64::from(gpu.take_sum()? != want_random);
        row("random", "pass", ms);
        cpu::evict_caches(&mut scratch);
        let (ms, s) = cpu::timed_read(random.host()?);
        bad += u64::from(s != base);
        row("random", "read", ms);
        // Seed 001's kernel and its final check.
        t.host_mut()?.copy_from_slice(&table_host);
        k.host_mut()?.copy_from_slice(&keys_host);
        o.host_mut()?.fill(0.0);
        let max_key = (N - 1) as u32;
        let ms = timer.time(|| gpu.gather(&t, &k, max_key, &mut o, SCALE))?;
        row("gather_chk", "pass", ms);
        cpu::evict_caches(&mut scratch);
        let x = o.host()?;
        let (ms, ok) = timed(|| final_check(x, &ref_gather));
        bad += u64::from(!ok);
        row("gather_chk", "check", ms);
        // Sparse writes after an in-place pass, at two sizes.
        for (name, m, h) in sparse.iter_mut() {
            cpu::fill_ramp(m.host_mut()?, RAMP, 0.0);
            let ms = timer.time(|| gpu.inplace(Shape::Flat, m, 1.0, 1.0))?;
            row(name, "pass", ms);
            cpu::evict_caches(&mut scratch);
            let (ms, ()) = timed(|| cpu::sparse_write(h, 10, cycles as f32));
            row(name, "heap", ms);
            cpu::evict_caches(&mut scratch);
            let x = m.host_mut()?;
            let (ms, ()) = timed(|| cpu::sparse_write(x, 10, -1.0));
            row(name, "cpu", ms);
            let x = m.host()?;
            bad += cpu::count_bad(x, |i, v| {
                let want = if (i / cpu::PAGE_FLOATS) % 10 == 0 {
                    -1.0
                } else {
                    cpu::ramp(i, RAMP) + 1.0
                };
                v != want
            });
        }
        cycles += 1;
    }
    eprintln!("{cycles} cycles, {bad} failed checks");
    Ok(())
}
