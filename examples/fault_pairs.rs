//! Does a GPU pass that faults several managed buffers in at once cost more than the same pass
//! faulting each in alone?
//!
//! The model prices a pass over managed pages on the host as the pass on resident pages plus each
//! buffer's fault-driven migration, calibrated one buffer at a time. Seed 001's kernel faulting
//! its table, keys and output in together cost 1.5–2.5 ms more than its primitives apart at 64 MiB
//! in every advice and order (`calibration/h200/run66`–`run68`), and over ten held-out runs the
//! model priced seed 001's unadvised GPU side 2.0 ms short and the producer/consumer's (two
//! buffers in its first pass) 5.4 ms short (`calibration/h200/run42/bias_parts.txt`). This measures
//! the extra for three kernels, paired within each cycle: all their buffers on the host (`all`),
//! each buffer alone on the host with the others resident (`only:<buffer>`), all resident
//! (`resident`). The extra of faulting together is `all − resident − Σ (only:b − resident)`.
//!
//! Kernels, on 64 MiB buffers kept for the run and refilled on the host every step:
//! - `produce` (the producer/consumer's pass, `y = x + 1`): x read, y written;
//! - `triad` (`a = b + s·c`): a written, b and c read;
//! - `gather` (seed 001's, `out += table[keys]`): table read at random, keys read, out in place.
//!
//! A buffer is made resident by a GPU pass that reads it (`read_sum`, which checks it) after the
//! fill, so its contents stay the host's. Every output element and every sum is checked.
//!
//! `cargo run --release --example fault_pairs -- 30 > pairs.csv`; rows: `t_s,kernel,state,ms`.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let base = cpu::ramp_sum(N, RAMP);
    let ramp: Vec<f32> = (0..N).map(|i| cpu::ramp(i, RAMP)).collect();
    let mut state = 0xC0FF_EE00_u64 ^ N as u64;
    let keys_host: Vec<u32> = (0..N)
        .map(|_| (cpu::splitmix64(&mut state) % N as u64) as u32)
        .collect();
    let max = (N - 1) as u32;
    let mut f: Vec<ManagedBuf<f32>> = (0..3)
        .map(|_| gpu.managed::<f32>(N))
        .collect::<Result<_, _>>()?;
    let mut keys: ManagedBuf<u32> = gpu.managed(N)?;
    let mut counts = gpu.device::<f32>(N)?;
    let mut bad = 0u64;
    // Makes `m` resident on the device by reading it, checking the sum.
    let settle = |m: &ManagedBuf<f32>, want: u64| -> Result<u64, Box<dyn std::error::Error>> {
        gpu.read_sum(m)?;
        Ok(u64::from(gpu.take_sum()? != want))
    };
    println!("t_s,kernel,state,ms");
    let start = Instant::now();
    let row = |kernel: &str, state: &str, ms: f64| {
        println!(
            "{:.3},{kernel},{state},{ms:.4}",
            start.elapsed().as_secs_f64()
        );
    };
    let mut cycles = 0usize;
    while start.elapsed().as_secs_f64() < seconds {
        // produce: x = f[0] (read), y = f[1] (written). States: which buffers stay on the host.
        let states: [(&str, [bool; 3]); 5] = [
            ("all", [true, true, true]),
            ("only:0", [true, false, false]),
            ("only:1", [false, true, false]),
            ("only:2", [false, false, true]),
            ("resident", [false, false, false]),
        ];
        for j in 0..states.len() {
            let (name, cold) = states[(j + cycles) % states.len()];
            // produce (two buffers: skip the third's state)
            if name != "only:2" {
                f[0].host_mut()?.copy_from_slice(&ramp);
                f[1].host_mut()?.fill(0.0);
                for (b, &c) in cold.iter().take(2).enumerate() {
                    if !c {
                        let want = if b == 0 { base } else { 0 };
                        bad += settle(&f[b], want)?;
                    }
                }
                let (x, rest) = f.split_first_mut().ok_or("buffers")?;
                let ms = timer.time(|| gpu.produce(x, &mut rest[0], 1.0))?;
                row("produce", &name.replace(":0", ":x").replace(":1", ":y"), ms);
                bad += cpu::count_bad(rest[0].host()?, |i, v| v != ramp[i] + 1.0);
            }
            // triad: a = f[0] (written), b = f[1], c = f[2] (read); a = b + 2c.
            {
                f[0].host_mut()?.fill(0.0);
                f[1].host_mut()?.copy_from_slice(&ramp);
                f[2].host_mut()?.copy_from_slice(&ramp);
                for (b, &c) in cold.iter().enumerate() {
                    if !c {
                        let want = if b == 0 { 0 } else { base };
                        bad += settle(&f[b], want)?;
                    }
                }
                let (a, rest) = f.split_first_mut().ok_or("buffers")?;
                let ms = timer.time(|| gpu.triad(Shape::Flat, a, &rest[0], &rest[1], 2.0))?;
                let state = name
                    .replace(":0", ":a")
                    .replace(":1", ":b")
                    .replace(":2", ":c");
                row("triad", &state, ms);
                bad += cpu::count_bad(a.host()?, |i, v| v != 3.0 * ramp[i]);
            }
            // gather: table = f[1] (random reads), keys, out = f[0] (in place, from zero).
            {
                f[1].host_mut()?.copy_from_slice(&ramp);
                keys.host_mut()?.copy_from_slice(&keys_host);
                f[0].host_mut()?.fill(0.0);
                // cold[0]: the table, cold[1]: the keys, cold[2]: the output.
                if !cold[0] {
                    bad += settle(&f[1], base)?;
                }
                if !cold[1] {
                    // The keys are words: settled by a pass that reads every one (counting into
                    // device memory; the keys themselves are checked by the gather's output).
                    gpu.random(&mut counts, &keys, max)?;
                    gpu.sync()?;
                }
                if !cold[2] {
                    bad += settle(&f[0], 0)?;
                }
                let (out, rest) = f.split_first_mut().ok_or("buffers")?;
                let ms = timer.time(|| gpu.gather(&rest[0], &keys, max, out, 1.0))?;
                let state = name
                    .replace(":0", ":table")
                    .replace(":1", ":keys")
                    .replace(":2", ":out");
                row("gather", &state, ms);
                bad += cpu::count_bad(out.host()?, |i, v| v != ramp[keys_host[i] as usize]);
            }
        }
        cycles += 1;
    }
    if bad != 0 {
        return Err(format!("check failed: {bad} sums or outputs wrong").into());
    }
    eprintln!("{cycles} cycles, checks ok");
    Ok(())
}
