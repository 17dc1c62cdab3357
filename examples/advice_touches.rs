//! What does the host pay to read managed pages under each advice, once the GPU has touched them?
//! And does a pass that faults several buffers in at once cost what its parts cost apart?
//!
//! Over ten held-out runs of every workload (calibration/h200/run43 … run65,
//! `calibration/h200/run42/bias.py --parts`), three managed-advise sides leaned one way in nearly
//! every run: the compute-bound task's CPU side high by 2–6 ms (its one priced extra: the host's
//! final read of an output advised preferred-location device + accessed-by host, priced as the
//! calibrated fault-back of unadvised pages), seed 001's CPU side short by 1–9 ms (its host reads
//! a read-mostly table each round, priced as plain reads) and its GPU side high by 1–9 ms (three
//! buffers faulting in during one pass, priced as the sum of the calibrated single-buffer steps).
//!
//! One process, for `SECONDS` (default 30), cycling on 64 MiB managed buffers, one allocation per
//! variant kept for the run (as the calibration's cells do):
//! - `heap`: the host's read of plain memory (the baseline of every read below);
//! - `none`, `rm` (read-mostly), `pd` (preferred location device), `pdh` (preferred device +
//!   accessed-by host): fill on the host, a GPU pass (`rm`: a read pass, which duplicates; else
//!   in place), the host reads it twice, a second GPU pass, a third host read;
//! - `seed:none` and `seed:adv` (seed 001's advice: the table read-mostly, the output preferred
//!   device + accessed-by host, the keys none): table, keys and output filled on the host, then
//!   seed 001's kernel (`together`), the same kernel again on the pages now in place
//!   (`resident`), the host's read of the output (`out_read`); then, filled again, the
//!   calibration's primitives one buffer at a time: random reads of the table (`table_alone`), a
//!   read pass of the keys (`keys_alone`), an in-place pass of the output (`out_alone`).
//!
//! (calibration/h200/run66 ran the variants above; run67 all of them.)
//! - `fresh:none` and `fresh:adv`: seed 001's kernel as the workload runs it, on new allocations
//!   each cycle, filled on the host and then advised as `Task::advice` advises them (the keys
//!   preferred-location device as well): `together`, `resident`, `out_read`.
//! - `pc`: the producer/consumer workload's rounds under managed-prefetch on two kept buffers,
//!   every step timed: the input filled and prefetched to the device (`filled_to_device`, the
//!   calibration's step), then four rounds of the output to the device (`y_to_device0`…`3`), the
//!   input (`x_to_device`, rounds 1–3: a no-op), the producing pass, the output back
//!   (`y_to_host`), the host's sum of it (`read`).
//!
//! Every GPU step is timed by events, every host read on the host clock; every read's sum, every
//! primitive's sum and every output element is checked.
//!
//! `cargo run --release --example advice_touches -- 30 > touches.csv`; rows:
//! `t_s,variant,step,ms`.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Advice, Gpu, Location, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;
const SEED: u32 = 0x5EED_0001;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let base = cpu::ramp_sum(N, RAMP) as f64;
    let want_random = cpu::random_read_sum(N, SEED, RAMP);
    let mut heap = vec![0f32; N];
    let singles: [(&str, &[Advice]); 4] = [
        ("none", &[]),
        ("rm", &[Advice::ReadMostly]),
        ("pd", &[Advice::PreferredLocation(Location::Device)]),
        (
            "pdh",
            &[
                Advice::PreferredLocation(Location::Device),
                Advice::AccessedBy(Location::Host),
            ],
        ),
    ];
    let mut single_bufs = Vec::new();
    for (_, advice) in singles {
        let m: ManagedBuf<f32> = gpu.managed(N)?;
        for a in advice {
            gpu.advise(&m, *a)?;
        }
        single_bufs.push(m);
    }
    // Seed 001's buffers, unadvised and advised as the managed-advise policy advises them.
    let table_host: Vec<f32> = (0..N).map(|i| cpu::ramp(i, RAMP)).collect();
    let mut state = 0xC0FF_EE00_u64 ^ N as u64;
    let keys_host: Vec<u32> = (0..N)
        .map(|_| (cpu::splitmix64(&mut state) % N as u64) as u32)
        .collect();
    let mut seeds = Vec::new();
    for adv in [false, true] {
        let t: ManagedBuf<f32> = gpu.managed(N)?;
        let k: ManagedBuf<u32> = gpu.managed(N)?;
        let o: ManagedBuf<f32> = gpu.managed(N)?;
        // The keys' stand-in for the read-pass primitive (which reads floats): the same bytes.
        let r: ManagedBuf<f32> = gpu.managed(N)?;
        if adv {
            gpu.advise(&t, Advice::ReadMostly)?;
            gpu.advise(&o, Advice::PreferredLocation(Location::Device))?;
            gpu.advise(&o, Advice::AccessedBy(Location::Host))?;
        }
        seeds.push((if adv { "seed:adv" } else { "seed:none" }, t, k, o, r));
    }
    let (mut px, mut py): (ManagedBuf<f32>, ManagedBuf<f32>) = (gpu.managed(N)?, gpu.managed(N)?);
    let mut bad = 0u64;
    let mut cycles = 0u64;
    println!("t_s,variant,step,ms");
    let start = Instant::now();
    let row = |variant: &str, step: &str, ms: f64| {
        println!(
            "{:.3},{variant},{step},{ms:.4}",
            start.elapsed().as_secs_f64()
        );
    };
    while start.elapsed().as_secs_f64() < seconds {
        cpu::fill_ramp(&mut heap, RAMP, 0.0);
        let (ms, s) = cpu::timed_read(&heap);
        bad += u64::from(s != base);
        row("heap", "read", ms);
        for ((name, _), m) in singles.iter().zip(single_bufs.iter_mut()) {
            cpu::fill_ramp(m.host_mut()?, RAMP, 0.0);
            let mut off = 0.0f64;
            for pass in ["pass1", "pass2"] {
                let ms = if *name == "rm" {
                    let ms = timer.time(|| gpu.read_sum(m))?;
                    bad += u64::from(gpu.take_sum()? != base as u64);
                    ms
                } else {
                    off += 1.0;
                    timer.time(|| gpu.inplace(Shape::Flat, m, 1.0, 1.0))?
                };
                row(name, pass, ms);
                let reads: &[&str] = if pass == "pass1" {
                    &["read1", "read2"]
                } else {
                    &["read3"]
                };
                for r in reads {
                    let (ms, s) = cpu::timed_read(m.host()?);
                    bad += u64::from(s != base + off * N as f64);
                    row(name, r, ms);
                }
            }
        }
        for (name, t, k, o, r) in seeds.iter_mut() {
            t.host_mut()?.copy_from_slice(&table_host);
            k.host_mut()?.copy_from_slice(&keys_host);
            o.host_mut()?.fill(0.0);
            bad += seed_steps(&gpu, &timer, name, t, k, o, &table_host, &keys_host, &row)?;
            t.host_mut()?.copy_from_slice(&table_host);
            cpu::fill_ramp(r.host_mut()?, RAMP, 0.0);
            cpu::fill_ramp(o.host_mut()?, RAMP, 0.0);
            let ms = timer.time(|| gpu.random_read(t, SEED))?;
            bad += u64::from(gpu.take_sum()? != want_random);
            row(name, "table_alone", ms);
            let ms = timer.time(|| gpu.read_sum(r))?;
            bad += u64::from(gpu.take_sum()? != base as u64);
            row(name, "keys_alone", ms);
            let ms = timer.time(|| gpu.inplace(Shape::Flat, o, 1.0, 1.0))?;
            row(name, "out_alone", ms);
            bad += u64::from(cpu::ramp_mismatches(o.host()?, RAMP, 1.0) != 0);
        }
        // As the workload runs a policy: new allocations, filled on the host, then advised as
        // `Task::advice` advises seed 001's buffers (the keys preferred-location device too).
        for adv in [false, true] {
            let mut t: ManagedBuf<f32> = gpu.managed(N)?;
            let mut k: ManagedBuf<u32> = gpu.managed(N)?;
            let mut o: ManagedBuf<f32> = gpu.managed(N)?;
            t.host_mut()?.copy_from_slice(&table_host);
            k.host_mut()?.copy_from_slice(&keys_host);
            o.host_mut()?.fill(0.0);
            if adv {
                gpu.advise(&t, Advice::ReadMostly)?;
                gpu.advise(&k, Advice::PreferredLocation(Location::Device))?;
                gpu.advise(&o, Advice::PreferredLocation(Location::Device))?;
                gpu.advise(&o, Advice::AccessedBy(Location::Host))?;
            }
            gpu.sync()?;
            let name = if adv { "fresh:adv" } else { "fresh:none" };
            bad += seed_steps(
                &gpu,
                &timer,
                name,
                &mut t,
                &mut k,
                &mut o,
                &table_host,
                &keys_host,
                &row,
            )?;
        }
        // The producer/consumer workload under managed-prefetch, each step timed: every
        // prefetching row's movement came out 1–3 ms short in nearly every run.
        {
            cpu::fill_ramp(px.host_mut()?, RAMP, 0.0);
            py.host_mut()?.fill(0.0);
            let ms = timer.time(|| gpu.prefetch(&px, Location::Device))?;
            row("pc", "filled_to_device", ms);
            for round in 0..4u32 {
                let v = round as f32 + 1.0;
                if round > 0 {
                    let ms = timer.time(|| gpu.prefetch(&px, Location::Device))?;
                    row("pc", "x_to_device", ms);
                }
                let ms = timer.time(|| gpu.prefetch(&py, Location::Device))?;
                row("pc", &format!("y_to_device{round}"), ms);
                row("pc", "pass", timer.time(|| gpu.produce(&px, &mut py, v))?);
                let ms = timer.time(|| gpu.prefetch(&py, Location::Host))?;
                row("pc", "y_to_host", ms);
                let (ms, s) = cpu::timed_read(py.host()?);
                bad += u64::from(s != base + f64::from(v) * N as f64);
                row("pc", "read", ms);
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

/// Seed 001's kernel on pages the host just filled (`together`), again on the pages now in place
/// (`resident`), then the host's read of the output (`out_read`); the number of wrong outputs.
#[allow(clippy::too_many_arguments)]
fn seed_steps(
    gpu: &Gpu,
    timer: &common::GpuTimer,
    name: &str,
    t: &mut ManagedBuf<f32>,
    k: &mut ManagedBuf<u32>,
    o: &mut ManagedBuf<f32>,
    table_host: &[f32],
    keys_host: &[u32],
    row: &impl Fn(&str, &str, f64),
) -> Result<u64, Box<dyn std::error::Error>> {
    let max = (N - 1) as u32;
    row(
        name,
        "together",
        timer.time(|| gpu.gather(t, k, max, o, 1.0))?,
    );
    row(
        name,
        "resident",
        timer.time(|| gpu.gather(t, k, max, o, 1.0))?,
    );
    let (ms, _) = cpu::timed_read(o.host()?);
    row(name, "out_read", ms);
    // Each output element is twice its table entry (whole quarters: exact).
    let got = o.host()?;
    Ok(cpu::count_bad(got, |i, v| {
        v != 2.0 * table_host[keys_host[i] as usize]
    }))
}
