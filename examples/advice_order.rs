//! Does it matter whether managed memory is advised before the host fills it or after?
//!
//! `calibration/h200/run67` (`examples/advice_touches.rs`): seed 001's kernel on new allocations
//! filled on the host and then advised as the managed-advise policy advises them ran 4–5 ms faster
//! than the calibration's primitives one buffer at a time (advised once, before every fill, on kept
//! buffers, as the calibration's cells do), and 6.5–9 ms faster than the same kernel on such kept
//! buffers; unadvised, new and kept allocations ran alike. Over ten held-out runs the model priced
//! seed 001's managed-advise GPU side 4.6 ms high (`calibration/h200/run42/bias_parts.txt`). Either
//! the order (advice after the fill) or the keys' advice (preferred location device, which the kept
//! buffers lacked) made the difference; this says which, primitive by primitive.
//!
//! One process, for `SECONDS` (default 30), cycling on 64 MiB managed buffers; in every cycle,
//! for each primitive, the orders in a rotating sequence:
//! - `none`: a new allocation, filled, not advised;
//! - `before`: a new allocation, advised, then filled;
//! - `after`: a new allocation, filled, then advised (as the workloads do);
//! - `kept`: one allocation for the run, advised once before the first fill (as the calibration's
//!   cells are), refilled each cycle;
//! - `rekept`: one allocation for the run, each cycle unadvised, refilled, advised again.
//!
//! The primitives and their advice (seed 001's, `Task::advice`): `table`, random reads under
//! read-mostly (the calibration's `managed/read-mostly-random`); `keys`, a read pass under
//! preferred-location device; `out`, an in-place pass under preferred device + accessed-by host;
//! `seed`, seed 001's kernel over all three (`together` in `advice_touches`), and `seed-keysnone`,
//! the same with the keys not advised. Every sum and every output element is checked.
//!
//! `cargo run --release --example advice_order -- 30 > order.csv`; rows: `t_s,prim,order,ms`.

mod common;

use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Advice, Gpu, GpuError, Location, ManagedBuf, Shape};

const N: usize = (64 << 20) / 4;
const RAMP: u32 = 1024;
const SEED: u32 = 0x5EED_0001;

const RM: &[Advice] = &[Advice::ReadMostly];
const PD: &[Advice] = &[Advice::PreferredLocation(Location::Device)];
const PDH: &[Advice] = &[
    Advice::PreferredLocation(Location::Device),
    Advice::AccessedBy(Location::Host),
];
const UNSET_RM: &[Advice] = &[Advice::UnsetReadMostly];
const UNSET_PD: &[Advice] = &[Advice::UnsetPreferredLocation];
const UNSET_PDH: &[Advice] = &[
    Advice::UnsetPreferredLocation,
    Advice::UnsetAccessedBy(Location::Host),
];

#[derive(Clone, Copy, PartialEq)]
enum Order {
    None,
    Before,
    After,
    Kept,
    Rekept,
}

impl Order {
    fn name(self) -> &'static str {
        match self {
            Order::None => "none",
            Order::Before => "before",
            Order::After => "after",
            Order::Kept => "kept",
            Order::Rekept => "rekept",
        }
    }
}

fn advise<T: umodel::gpu::Elem>(
    gpu: &Gpu,
    m: &ManagedBuf<T>,
    advice: &[Advice],
) -> Result<(), GpuError> {
    for a in advice {
        gpu.advise(m, *a)?;
    }
    Ok(())
}

/// One buffer, prepared in `order`: a new allocation (or `kept`'s), advised and filled in that
/// order. `fill` writes the host's data; `unset` undoes `advice` for `rekept`.
fn prepare<'k, T: umodel::gpu::Elem>(
    gpu: &Gpu,
    order: Order,
    kept: &'k mut ManagedBuf<T>,
    fresh: &'k mut Option<ManagedBuf<T>>,
    advice: &[Advice],
    unset: &[Advice],
    fill: impl Fn(&mut [T]),
) -> Result<&'k mut ManagedBuf<T>, Box<dyn std::error::Error>> {
    let m = match order {
        Order::Kept | Order::Rekept => kept,
        _ => fresh.insert(gpu.managed(N)?),
    };
    match order {
        Order::Before => advise(gpu, m, advice)?,
        Order::Rekept => advise(gpu, m, unset)?,
        _ => {}
    }
    fill(m.host_mut()?);
    if matches!(order, Order::After | Order::Rekept) {
        advise(gpu, m, advice)?;
    }
    gpu.sync()?;
    Ok(m)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seconds = common::seconds(30.0)?;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(seconds)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let base = cpu::ramp_sum(N, RAMP);
    let want_random = cpu::random_read_sum(N, SEED, RAMP);
    let table_host: Vec<f32> = (0..N).map(|i| cpu::ramp(i, RAMP)).collect();
    let mut state = 0xC0FF_EE00_u64 ^ N as u64;
    let keys_host: Vec<u32> = (0..N)
        .map(|_| (cpu::splitmix64(&mut state) % N as u64) as u32)
        .collect();
    let max = (N - 1) as u32;

    // The kept allocations, one per primitive and buffer and per kept order, advised once now.
    let kept_set = |advice: &'static [Advice]| -> Result<_, Box<dyn std::error::Error>> {
        let (k, r): (ManagedBuf<f32>, ManagedBuf<f32>) = (gpu.managed(N)?, gpu.managed(N)?);
        advise(&gpu, &k, advice)?;
        Ok((k, r))
    };
    let mut table_k = kept_set(RM)?;
    let mut keys_k = kept_set(PD)?;
    let mut out_k = kept_set(PDH)?;
    let mut seed_k = Vec::new();
    for keys_advice in [PD, &[][..]] {
        let (t, tr) = kept_set(RM)?;
        let (o, or) = kept_set(PDH)?;
        let (k, kr): (ManagedBuf<u32>, ManagedBuf<u32>) = (gpu.managed(N)?, gpu.managed(N)?);
        advise(&gpu, &k, keys_advice)?;
        seed_k.push(((t, tr), (k, kr), (o, or), keys_advice));
    }

    let orders = [
        Order::None,
        Order::Before,
        Order::After,
        Order::Kept,
        Order::Rekept,
    ];
    let mut bad = 0u64;
    let mut cycles = 0usize;
    println!("t_s,prim,order,ms");
    let start = Instant::now();
    let row = |prim: &str, order: Order, ms: f64| {
        println!(
            "{:.3},{prim},{},{ms:.4}",
            start.elapsed().as_secs_f64(),
            order.name()
        );
    };
    while start.elapsed().as_secs_f64() < seconds {
        for j in 0..orders.len() {
            let order = orders[(j + cycles) % orders.len()];
            let pick = |o: Order, a: &'static [Advice]| if o == Order::None { &[][..] } else { a };
            {
                let (kept, rekept) = &mut table_k;
                let k = if order == Order::Rekept { rekept } else { kept };
                let mut fresh = None;
                let (a, u) = (pick(order, RM), pick(order, UNSET_RM));
                let m = prepare(&gpu, order, k, &mut fresh, a, u, |x| {
                    x.copy_from_slice(&table_host)
                })?;
                let ms = timer.time(|| gpu.random_read(m, SEED))?;
                bad += u64::from(gpu.take_sum()? != want_random);
                row("table", order, ms);
            }
            {
                let (kept, rekept) = &mut keys_k;
                let k = if order == Order::Rekept { rekept } else { kept };
                let mut fresh = None;
                let (a, u) = (pick(order, PD), pick(order, UNSET_PD));
                let m = prepare(&gpu, order, k, &mut fresh, a, u, |x| {
                    cpu::fill_ramp(x, RAMP, 0.0)
                })?;
                let ms = timer.time(|| gpu.read_sum(m))?;
                bad += u64::from(gpu.take_sum()? != base);
                row("keys", order, ms);
            }
            {
                let (kept, rekept) = &mut out_k;
                let k = if order == Order::Rekept { rekept } else { kept };
                let mut fresh = None;
                let (a, u) = (pick(order, PDH), pick(order, UNSET_PDH));
                let m = prepare(&gpu, order, k, &mut fresh, a, u, |x| {
                    cpu::fill_ramp(x, RAMP, 0.0)
                })?;
                let ms = timer.time(|| gpu.inplace(Shape::Flat, m, 1.0, 1.0))?;
                bad += gpu.check_ramp(m, RAMP, 1.0)?;
                row("out", order, ms);
            }
            for ((t, tr), (k, kr), (o, or), keys_advice) in seed_k.iter_mut() {
                let prim = if keys_advice.is_empty() {
                    "seed-keysnone"
                } else {
                    "seed"
                };
                let re = order == Order::Rekept;
                let (mut ft, mut fk, mut fo) = (None, None, None);
                let (ka, ku): (&[Advice], &[Advice]) = if keys_advice.is_empty() {
                    (&[], &[])
                } else {
                    (PD, UNSET_PD)
                };
                let t = prepare(
                    &gpu,
                    order,
                    if re { tr } else { t },
                    &mut ft,
                    pick(order, RM),
                    pick(order, UNSET_RM),
                    |x| x.copy_from_slice(&table_host),
                )?;
                let k = prepare(
                    &gpu,
                    order,
                    if re { kr } else { k },
                    &mut fk,
                    pick(order, ka),
                    pick(order, ku),
                    |x| x.copy_from_slice(&keys_host),
                )?;
                let o = prepare(
                    &gpu,
                    order,
                    if re { or } else { o },
                    &mut fo,
                    pick(order, PDH),
                    pick(order, UNSET_PDH),
                    |x| x.fill(0.0),
                )?;
                let ms = timer.time(|| gpu.gather(t, k, max, o, 1.0))?;
                row(prim, order, ms);
                let got = o.host()?;
                bad += cpu::count_bad(got, |i, v| v != table_host[keys_host[i] as usize]);
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
