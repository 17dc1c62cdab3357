//! What does a lookup kernel cost when its table, its keys and its output sit on either side of
//! the link?
//!
//! The model prices seed 001's host-mapped pass (`out[i] += s · table[keys[i]]`, all three
//! buffers mapped) as the calibrated random reads over the link plus the streams of the keys and
//! the output (calibration/h200/run14: 27.8 ms measured against 25.2 ms for the sum). Over eight
//! held-out runs of 15 trials a cell that GPU side came out 1.2–11.3 % short
//! (calibration/h200/run43 … run58). This example runs the workload's own kernel with every
//! placement of its three buffers (device `D` or mapped host memory `M`), interleaved round by
//! round, beside the calibration's primitives on the same memory: the random-read primitive
//! (a hashed index, no index stream), a read pass and an in-place pass. A fourth letter `i` in
//! the keys' place runs the kernel with keys `0, 1, 2, …` (mapped): the same dependent loads
//! without the random order.
//!
//! `cargo run --release --example link_gather -- ROUNDS MIB… > gather.csv`; rows:
//! `mib,variant,round,ms` (`variant`: `gather:TKO` with one letter per buffer, `random:D|M`,
//! `read:M`, `inplace:M`, and `into:XY` / `into+:XY`: the random-into primitive writing or
//! accumulating into `X` from random reads of `Y`). Every output is checked at the end (each element the number of
//! launches times its table entry), every primitive's sum on each launch.

mod common;

use umodel::bench::cpu;
use umodel::gpu::{random_key, DeviceBuf, Gpu, GpuError, GpuMem, PinnedBuf, Shape};

const RAMP: u32 = 1024;
const SEED: u32 = 0x5EED_0001;

/// One size's buffers: each of table, keys and output on both sides, identity keys mapped, and a
/// mapped ramp for the in-place primitive.
struct Bufs {
    n: usize,
    table_host: Vec<f32>,
    keys_host: Vec<u32>,
    t_d: DeviceBuf<f32>,
    t_m: PinnedBuf<f32>,
    k_d: DeviceBuf<u32>,
    k_m: PinnedBuf<u32>,
    k_i: PinnedBuf<u32>,
    o_d: DeviceBuf<f32>,
    o_m: PinnedBuf<f32>,
    s_m: PinnedBuf<f32>,
    /// Outputs of the random-into primitive: written (`w`) or accumulated (`a`), each side.
    w_d: DeviceBuf<f32>,
    w_m: PinnedBuf<f32>,
    a_d: DeviceBuf<f32>,
    a_m: PinnedBuf<f32>,
}

fn bufs(gpu: &Gpu, mib: usize) -> Result<Bufs, GpuError> {
    let n = (mib << 20) / 4;
    let table_host: Vec<f32> = (0..n).map(|i| cpu::ramp(i, RAMP)).collect();
    let mut state = 0xC0FF_EE00_u64 ^ n as u64;
    let keys_host: Vec<u32> = (0..n)
        .map(|_| (cpu::splitmix64(&mut state) % n as u64) as u32)
        .collect();
    let mut t_d = gpu.device::<f32>(n)?;
    gpu.copy_slice_to_device(&table_host, &mut t_d)?;
    let mut t_m = gpu.pinned::<f32>(n, true)?;
    t_m.host_mut()?.copy_from_slice(&table_host);
    let mut k_d = gpu.device::<u32>(n)?;
    gpu.copy_slice_to_device(&keys_host, &mut k_d)?;
    let mut k_m = gpu.pinned::<u32>(n, true)?;
    k_m.host_mut()?.copy_from_slice(&keys_host);
    let mut k_i = gpu.pinned::<u32>(n, true)?;
    k_i.host_mut()?
        .iter_mut()
        .enumerate()
        .for_each(|(i, k)| *k = i as u32);
    let mut o_d = gpu.device::<f32>(n)?;
    gpu.fill_bytes(&mut o_d, 0)?;
    let mut o_m = gpu.pinned::<f32>(n, true)?;
    o_m.host_mut()?.fill(0.0);
    let mut s_m = gpu.pinned::<f32>(n, true)?;
    cpu::fill_ramp(s_m.host_mut()?, RAMP, 0.0);
    let w_d = gpu.device::<f32>(n)?;
    let w_m = gpu.pinned::<f32>(n, true)?;
    let mut a_d = gpu.device::<f32>(n)?;
    gpu.fill_bytes(&mut a_d, 0)?;
    let mut a_m = gpu.pinned::<f32>(n, true)?;
    a_m.host_mut()?.fill(0.0);
    gpu.sync()?;
    Ok(Bufs {
        n,
        table_host,
        keys_host,
        t_d,
        t_m,
        k_d,
        k_m,
        k_i,
        o_d,
        o_m,
        s_m,
        w_d,
        w_m,
        a_d,
        a_m,
    })
}

fn gather(
    timer: &common::GpuTimer,
    gpu: &Gpu,
    t: &impl GpuMem<f32>,
    k: &impl GpuMem<u32>,
    o: &mut impl GpuMem<f32>,
) -> Result<f64, GpuError> {
    let max = (t.len() - 1) as u32;
    timer.time(|| gpu.gather(t, k, max, o, 1.0))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let rounds: u32 = args.next().map(|s| s.parse()).transpose()?.unwrap_or(10);
    let sizes: Vec<usize> = args.map(|s| s.parse()).collect::<Result<_, _>>()?;
    let sizes = if sizes.is_empty() { vec![64] } else { sizes };
    let gpu = Gpu::open(0)?;
    common::pin_last_core(0.0)?;
    let timer = common::GpuTimer::new(&gpu)?;
    println!("mib,variant,round,ms");
    let mut bad = 0u64;
    for mib in sizes {
        let mut b = bufs(&gpu, mib)?;
        let (want_random, want_read) = (
            cpu::random_read_sum(b.n, SEED, RAMP),
            cpu::ramp_sum(b.n, RAMP),
        );
        // Launches into each output: random keys (device, mapped), identity keys.
        let (mut into_d, mut into_m, mut ident_d, mut ident_m) = (0f32, 0f32, 0f32, 0f32);
        let mut inplace = 0f32;
        let (mut into_acc_d, mut into_acc_m) = (0f32, 0f32);
        for round in 0..=rounds {
            let mut row = vec![(
                "gather:DDD",
                gather(&timer, &gpu, &b.t_d, &b.k_d, &mut b.o_d)?,
            )];
            row.push((
                "gather:MDD",
                gather(&timer, &gpu, &b.t_m, &b.k_d, &mut b.o_d)?,
            ));
            row.push((
                "gather:DMD",
                gather(&timer, &gpu, &b.t_d, &b.k_m, &mut b.o_d)?,
            ));
            row.push((
                "gather:MMD",
                gather(&timer, &gpu, &b.t_m, &b.k_m, &mut b.o_d)?,
            ));
            into_d += 4.0;
            row.push((
                "gather:DDM",
                gather(&timer, &gpu, &b.t_d, &b.k_d, &mut b.o_m)?,
            ));
            row.push((
                "gather:MDM",
                gather(&timer, &gpu, &b.t_m, &b.k_d, &mut b.o_m)?,
            ));
            row.push((
                "gather:DMM",
                gather(&timer, &gpu, &b.t_d, &b.k_m, &mut b.o_m)?,
            ));
            row.push((
                "gather:MMM",
                gather(&timer, &gpu, &b.t_m, &b.k_m, &mut b.o_m)?,
            ));
            into_m += 4.0;
            // Identity keys: the same dependent loads in order.
            row.push((
                "gather:MiD",
                gather(&timer, &gpu, &b.t_m, &b.k_i, &mut b.o_d)?,
            ));
            ident_d += 1.0;
            row.push((
                "gather:MiM",
                gather(&timer, &gpu, &b.t_m, &b.k_i, &mut b.o_m)?,
            ));
            ident_m += 1.0;
            let ms = timer.time(|| gpu.random_read(&b.t_d, SEED))?;
            bad += u64::from(gpu.take_sum()? != want_random);
            row.push(("random:D", ms));
            let ms = timer.time(|| gpu.random_read(&b.t_m, SEED))?;
            bad += u64::from(gpu.take_sum()? != want_random);
            row.push(("random:M", ms));
            let ms = timer.time(|| gpu.read_sum(&b.t_m))?;
            bad += u64::from(gpu.take_sum()? != want_read);
            row.push(("read:M", ms));
            let ms = timer.time(|| gpu.inplace(Shape::Flat, &mut b.s_m, 1.0, 1.0))?;
            inplace += 1.0;
            row.push(("inplace:M", ms));
            // The random-into primitive: `x` (first letter) written or accumulated from random
            // reads of `y` (second letter).
            row.push((
                "into:DM",
                timer.time(|| gpu.random_into(&mut b.w_d, &b.t_m, SEED, false))?,
            ));
            row.push((
                "into:MD",
                timer.time(|| gpu.random_into(&mut b.w_m, &b.t_d, SEED, false))?,
            ));
            row.push((
                "into:MM",
                timer.time(|| gpu.random_into(&mut b.w_m, &b.t_m, SEED, false))?,
            ));
            row.push((
                "into+:DM",
                timer.time(|| gpu.random_into(&mut b.a_d, &b.t_m, SEED, true))?,
            ));
            row.push((
                "into+:MD",
                timer.time(|| gpu.random_into(&mut b.a_m, &b.t_d, SEED, true))?,
            ));
            row.push((
                "into+:MM",
                timer.time(|| gpu.random_into(&mut b.a_m, &b.t_m, SEED, true))?,
            ));
            into_acc_d += 1.0;
            into_acc_m += 2.0;
            // Round 0 warms every variant up.
            if round > 0 {
                for (name, ms) in row {
                    println!("{mib},{name},{},{ms:.4}", round - 1);
                }
            }
        }
        // Each output: random-key launches times table[key] plus identity launches times table[i].
        let od = cpu_copy(&gpu, &b.o_d, b.n)?;
        let t = &b.table_host;
        let k = &b.keys_host;
        bad += cpu::count_bad(&od, |i, v| v != into_d * t[k[i] as usize] + ident_d * t[i]);
        bad += cpu::count_bad(b.o_m.host()?, |i, v| {
            v != into_m * t[k[i] as usize] + ident_m * t[i]
        });
        bad += cpu::count_bad(b.s_m.host()?, |i, v| v != cpu::ramp(i, RAMP) + inplace);
        let n = b.n as u64;
        let at_key = |i: usize| t[random_key(i as u64, SEED, n) as usize];
        bad += cpu::count_bad(&cpu_copy(&gpu, &b.w_d, b.n)?, |i, v| v != at_key(i));
        bad += cpu::count_bad(b.w_m.host()?, |i, v| v != at_key(i));
        bad += cpu::count_bad(&cpu_copy(&gpu, &b.a_d, b.n)?, |i, v| {
            v != into_acc_d * at_key(i)
        });
        bad += cpu::count_bad(b.a_m.host()?, |i, v| v != into_acc_m * at_key(i));
    }
    eprintln!("checks failed: {bad}");
    if bad > 0 {
        return Err("a check failed".into());
    }
    Ok(())
}

fn cpu_copy(gpu: &Gpu, d: &DeviceBuf<f32>, n: usize) -> Result<Vec<f32>, GpuError> {
    let mut stage = gpu.pinned::<f32>(n, false)?;
    gpu.copy_to_host(d, &mut stage)?;
    gpu.sync()?;
    Ok(stage.host()?.to_vec())
}
