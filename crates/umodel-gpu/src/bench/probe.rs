//! The migration probe: a few round trips of one managed buffer, timed step by step, that say at
//! which rates this machine migrates pages just now ([`umodel_core::model::Probe`]).
//!
//! On the H200 test VM a prefetch of 64 MiB back to the host runs in about 4 or 6.5 ms, in
//! regimes that last seconds and that neither the allocation's age nor what ran just before set
//! (calibration/h200/run35, run36); a calibration samples one regime, a task run of minutes
//! pays the mix. The probe is what a caller measures beside their own phase timings, as they
//! time their CPU phase; the suite's workloads run it beside their plain phases in every trial.
//!
//! Each round: the CPU fills the buffer (its pages on the host); a GPU pass migrates it by faults
//! and a second finds it in place (`fault_in` = first − second, as the calibration's
//! `managed/cold` − `managed/reused`); the CPU reads it back by faults and then reads heap memory
//! of the same size (`cpu_fault_back` = first − second, as `cpu_read_migrated` −
//! `cpu_read_heap`); the buffer goes to the device by a prefetch, a pass writes it, and it
//! comes back by a prefetch (`prefetch_to_host`, events, as the handoff's `stage:move_out`),
//! read once more by the CPU, then updated by it and heap memory likewise
//! (`cpu_after_prefetch` = first − second, as `cpu_write_prefetched` − `cpu_write_heap`). Every
//! pass, read and update is checked against the ramp it must hold.
//!
//! The link probe ([`run_link`]) times the passes over host memory the host-mapped and
//! mapped-advice policies make, which no migration step shows: `umodel probe` runs it after the
//! migration rounds; the workloads' in-trial probes do not.
//!
//! `umodel probe` also times, each round, the migration after one thread's writes and the CPU's
//! sparse writes on migrated pages (the calibration's sparse cell, on a buffer of its own:
//! [`ProbeBufs::with_one_thread`], [`ProbeBufs::with_sparse`]); the workloads' in-trial probes do
//! neither.
//!
//! A probe in a task's shape ([`ProbeShape`], `umodel probe --task`) runs at the size of the
//! task's migrating buffer, and where the task's CPU touches only a share of its pages the
//! round trip is timed as the task pays it: after a prefetch back that left the pages
//! untouched, the CPU rewrites one page in n, and the buffer goes to the device (timed), through
//! a pass and back (timed), its pages checked after.

use std::time::Instant;

use umodel_core::model::{FaultScale, FaultScaleError, LinkProbe, Probe, ProbeFigure};
use umodel_core::task::ProbeShape;

use super::cpu::{self, fill_ramp, ramp_mismatches, ramp_sum};
use super::groups::{time_on, RANDOM_SEED};
use super::tasks::SparseBeside;
use super::{ms_since, BenchError, RAMP};
use crate::gpu::{random_key, Advice, Elem, Gpu, Location, ManagedBuf, Shape};

/// The probe buffer's size without a task: the size the task terms were compared at (NOTES.md,
/// "Intervals").
pub const PROBE_BYTES: u64 = ProbeShape::DEFAULT.bytes;

/// What the CPU writes to the pages it touches in a task-shaped probe (outside the ramp's values).
const TOUCHED: f32 = 5000.0;

/// The probe's buffers, allocated once and kept for every round (the allocation's age does not
/// move the rates, calibration/h200/run35).
pub struct ProbeBufs {
    managed: ManagedBuf<f32>,
    heap: Vec<f32>,
    shape: ProbeShape,
    one_thread: bool,
    sparse: Option<SparseBeside>,
}

impl ProbeBufs {
    /// A managed buffer and heap memory of `shape.bytes` each, probed in that shape.
    pub fn new(gpu: &Gpu, shape: ProbeShape) -> Result<ProbeBufs, BenchError> {
        let n = ((shape.bytes / 4) as usize).max(1024);
        Ok(ProbeBufs {
            managed: gpu.managed(n)?,
            heap: vec![0f32; n],
            shape,
            one_thread: false,
            sparse: None,
        })
    }

    /// The same, each round also timing the migration after one thread's writes
    /// ([`ProbeRound::fault_in_one_thread`]; `umodel probe` does, the workloads' probes beside
    /// their trials do not, so their runs keep the sequence their committed CSVs were measured in).
    pub fn with_one_thread(mut self) -> ProbeBufs {
        self.one_thread = true;
        self
    }

    /// The same, each round also timing the CPU's sparse writes on migrated pages on a
    /// [`umodel_core::model::Probe::SPARSE_BYTES`] buffer of its own, as the workloads time them
    /// beside each row ([`ProbeRound::cpu_fault_run`]; `umodel probe` does, the workloads' probes
    /// do not, for the reason above).
    pub fn with_sparse(mut self, gpu: &Gpu) -> Result<ProbeBufs, BenchError> {
        self.sparse = Some(SparseBeside::new(gpu)?);
        Ok(self)
    }

    /// The buffers' size, bytes.
    pub fn bytes(&self) -> u64 {
        self.heap.len() as u64 * 4
    }
}

/// One round of the probe (ms).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProbeRound {
    /// The prefetch back to the host.
    pub to_host: f64,
    /// The fault-driven pass less the pass in place.
    pub fault_in: f64,
    /// A pass of one float a thread migrating the pages after one thread rewrote them, less the
    /// same pass on them in place, as the calibration's `cold-scalar-one-thread` cell (`None`
    /// where not timed: [`ProbeBufs::with_one_thread`]).
    pub fault_in_one_thread: Option<f64>,
    /// The CPU's writes of one page in ten of a buffer a GPU pass just migrated, as the
    /// calibration's sparse cell (`None` where not timed: [`ProbeBufs::with_sparse`]).
    pub cpu_fault_run: Option<f64>,
    /// The CPU's read by faults less its read of heap memory.
    pub fault_back: f64,
    /// The CPU's update after the prefetch back less its update of heap memory.
    pub after_prefetch: f64,
    /// In a task's shape, the prefetch to the device after the task's touch (`None` in the
    /// default probe, whose CPU touched every page: there the step costs what the calibration
    /// found).
    pub to_device: Option<f64>,
    /// Whether every pass and read of the round held what it must.
    pub ok: bool,
}

/// What rounds of the probe measured.
#[derive(Debug, Clone, Default)]
pub struct ProbeSamples {
    /// The probe buffer's size, bytes.
    pub bytes: u64,
    /// Share of its pages the CPU touched before each timed prefetch back (0 read as 1).
    pub cpu_fraction: f64,
    /// Every round, checked or not.
    pub rounds: Vec<ProbeRound>,
}

impl ProbeSamples {
    /// The probe's figures (means over the rounds that passed their checks, each left out where
    /// not positive or not resolved from zero: [`Probe::from_samples`]), `None` when no round
    /// passed.
    pub fn probe(&self) -> Option<Probe> {
        let ok: Vec<&ProbeRound> = self.rounds.iter().filter(|r| r.ok).collect();
        let of = |f: fn(&ProbeRound) -> f64| ok.iter().map(|r| f(r)).collect::<Vec<_>>();
        let mut p = Probe::from_samples(
            self.bytes,
            [
                &of(|r| r.to_host),
                &of(|r| r.fault_in),
                &of(|r| r.fault_back),
                &of(|r| r.after_prefetch),
                &ok.iter().filter_map(|r| r.to_device).collect::<Vec<_>>(),
            ],
        )?;
        p.fault_in_scalar_one_thread = ProbeFigure::of(
            &ok.iter()
                .filter_map(|r| r.fault_in_one_thread)
                .collect::<Vec<_>>(),
        );
        p.cpu_fault_run = ProbeFigure::of(
            &ok.iter()
                .filter_map(|r| r.cpu_fault_run)
                .collect::<Vec<_>>(),
        );
        if self.cpu_fraction > 0.0 && self.cpu_fraction < 1.0 {
            p.cpu_fraction = self.cpu_fraction;
        }
        Some(p)
    }

    /// Rounds whose checks failed.
    pub fn failed(&self) -> usize {
        self.rounds.iter().filter(|r| !r.ok).count()
    }
}

/// Runs `rounds` rounds of the probe on `bufs`, appending them to `out`.
pub fn run_into(
    gpu: &Gpu,
    bufs: &mut ProbeBufs,
    rounds: u32,
    out: &mut ProbeSamples,
) -> Result<(), BenchError> {
    let n = bufs.heap.len();
    out.bytes = bufs.bytes();
    out.cpu_fraction = bufs.shape.cpu_fraction;
    let every = bufs.shape.every();
    let ramp = ramp_sum(n, RAMP) as f64;
    let m = &mut bufs.managed;
    for _ in 0..rounds {
        fill_ramp(m.host_mut()?, RAMP, 0.0);
        let cold = time_on(gpu, || Ok(gpu.inplace(Shape::Flat, m, 1.0, 1.0)?))?;
        let warm = time_on(gpu, || Ok(gpu.inplace(Shape::Flat, m, 1.0, 1.0)?))?;
        gpu.sync()?;
        let (migrated, s1) = cpu::timed_read(m.host()?);
        fill_ramp(&mut bufs.heap, RAMP, 0.0);
        let (heap, s2) = cpu::timed_read(&bufs.heap);
        gpu.prefetch(m, Location::Device)?;
        gpu.inplace(Shape::Flat, m, 1.0, 1.0)?;
        gpu.sync()?;
        let back = time_on(gpu, || Ok(gpu.prefetch(m, Location::Host)?))?;
        gpu.sync()?;
        let (_, s3) = cpu::timed_read(m.host()?);
        let written = cpu::timed_update(m.host_mut()?, 1);
        let heap_written = cpu::timed_update(&mut bufs.heap, 1);
        let mut ok = s1 == ramp + 2.0 * n as f64
            && s2 == ramp
            && s3 == ramp + 3.0 * n as f64
            && ramp_mismatches(m.host()?, RAMP, 4.0) == 0
            && ramp_mismatches(&bufs.heap, RAMP, 1.0) == 0;
        let (to_host, to_device) = match every {
            None => (back, None),
            Some(every) => {
                // Back by a prefetch that leaves the pages untouched (ramp + 5), then the task's
                // touch, then the round trip it pays, both ways: which of the two prefetches
                // carries the cost of the touch depends on what ran between them
                // (calibration/h200/run56 against run50-run51), so both are timed.
                gpu.prefetch(m, Location::Device)?;
                gpu.inplace(Shape::Flat, m, 1.0, 1.0)?;
                gpu.prefetch(m, Location::Host)?;
                gpu.sync()?;
                cpu::sparse_write(m.host_mut()?, every, TOUCHED);
                let to_device = time_on(gpu, || Ok(gpu.prefetch(m, Location::Device)?))?;
                gpu.inplace(Shape::Flat, m, 1.0, 1.0)?;
                gpu.sync()?;
                let back = time_on(gpu, || Ok(gpu.prefetch(m, Location::Host)?))?;
                gpu.sync()?;
                ok &= cpu::count_bad(m.host()?, |i, v| {
                    let touched = (i / cpu::PAGE_FLOATS) % every == 0;
                    v != if touched {
                        TOUCHED + 1.0
                    } else {
                        cpu::ramp(i, RAMP) + 6.0
                    }
                }) == 0;
                (back, Some(to_device))
            }
        };
        // After one thread's writes: the pages go to the device by faults (untimed), a single
        // thread rewrites them, faulting them back, and a pass of one float a thread migrates
        // them again and runs once more in place (`converge`: x + 0.5 each).
        let fault_in_one_thread = if bufs.one_thread {
            gpu.converge(Shape::Flat, m, 1)?;
            gpu.sync()?;
            cpu::fill_ramp_one_thread(m.host_mut()?, RAMP, 0.0);
            let cold = time_on(gpu, || Ok(gpu.converge(Shape::Flat, m, 1)?))?;
            let warm = time_on(gpu, || Ok(gpu.converge(Shape::Flat, m, 1)?))?;
            ok &= gpu.check_ramp(m, RAMP, 1.0)? == 0;
            Some(cold - warm)
        } else {
            None
        };
        // The sparse cell, on its own buffer (`SparseBeside`: every value checked).
        let cpu_fault_run = match bufs.sparse.as_mut() {
            Some(sparse) => {
                let (cpu, _, sparse_ok) = sparse.run(gpu)?;
                ok &= sparse_ok;
                Some(cpu)
            }
            None => None,
        };
        out.rounds.push(ProbeRound {
            to_host,
            to_device,
            fault_in: cold - warm,
            fault_in_one_thread,
            cpu_fault_run,
            fault_back: migrated - heap,
            after_prefetch: written - heap_written,
            ok,
        });
    }
    Ok(())
}

/// Runs `rounds` rounds of the probe in `shape` (`umodel probe`).
pub fn run(gpu: &Gpu, shape: ProbeShape, rounds: u32) -> Result<ProbeSamples, BenchError> {
    let mut bufs = ProbeBufs::new(gpu, shape)?
        .with_one_thread()
        .with_sparse(gpu)?;
    let mut out = ProbeSamples::default();
    run_into(gpu, &mut bufs, rounds, &mut out)?;
    Ok(out)
}

/// One round of the link probe ([`run_link`]), ms (events).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LinkRound {
    /// A read pass over pinned, mapped host memory.
    pub read: f64,
    /// A pass writing it.
    pub write: f64,
    /// A pass updating it in place.
    pub read_write: f64,
    /// Random 4-byte reads of it, less the same reads of device memory.
    pub gather: f64,
    /// Random reads of it into a mapped stream updated in place, less the random reads and the
    /// in-place pass apart.
    pub gather_write: f64,
    /// A read pass over managed pages kept on the host by advice.
    pub managed_read: f64,
    /// A pass writing them.
    pub managed_write: f64,
    /// A pass updating them in place.
    pub managed_read_write: f64,
    /// Whether every pass held what it must.
    pub ok: bool,
}

/// What rounds of the link probe measured.
#[derive(Debug, Clone, Default)]
pub struct LinkSamples {
    /// The buffers' size, bytes.
    pub bytes: u64,
    /// Every round recorded, checked or not.
    pub rounds: Vec<LinkRound>,
}

impl LinkSamples {
    /// The link probe's figures (means over the rounds that passed their checks), `None` when no
    /// round passed ([`LinkProbe::from_samples`]).
    pub fn link(&self) -> Option<LinkProbe> {
        let ok: Vec<&LinkRound> = self.rounds.iter().filter(|r| r.ok).collect();
        let of = |f: fn(&LinkRound) -> f64| ok.iter().map(|r| f(r)).collect::<Vec<_>>();
        LinkProbe::from_samples(
            self.bytes,
            [
                &of(|r| r.read),
                &of(|r| r.write),
                &of(|r| r.read_write),
                &of(|r| r.gather),
                &of(|r| r.gather_write),
                &of(|r| r.managed_read),
                &of(|r| r.managed_write),
                &of(|r| r.managed_read_write),
            ],
        )
    }

    /// Rounds whose checks failed.
    pub fn failed(&self) -> usize {
        self.rounds.iter().filter(|r| !r.ok).count()
    }
}

/// The link probe's buffers' size: the size the task terms are compared at. Never less: random
/// reads of data that fit in the GPU's L2 say nothing of the link (the fit drops such cells), and
/// a task's size does not matter here as it does for migration (the link's terms are per byte).
pub const LINK_BYTES: u64 = PROBE_BYTES;

/// Rounds the link probe runs before those it records: the first passes over fresh pinned and
/// managed allocations map their pages (the calibration's cells drop their first two trials).
const LINK_WARMUP: u32 = 1;

/// Runs the link probe: `rounds` rounds (after one unrecorded round) of GPU passes over pinned,
/// mapped host memory and over managed pages advised to stay on the host and be accessed by the
/// device, each timed as the calibration's cell of its term (`host_mapped` and the managed
/// group's mapped cases) and checked. On an H100 VM whose GPU read host memory slowly
/// (calibration/h100/run225) these terms were 1.45–2.7× the embedded model's while the copies
/// were not; a migration probe cannot see that.
pub fn run_link(gpu: &Gpu, rounds: u32) -> Result<LinkSamples, BenchError> {
    let n = (LINK_BYTES / 4) as usize;
    let mut x = gpu.pinned::<f32>(n, true)?;
    let mut c = gpu.pinned::<f32>(n, true)?;
    let mut d = gpu.device::<f32>(n)?;
    let mut m: ManagedBuf<f32> = gpu.managed(n)?;
    gpu.advise(&m, Advice::PreferredLocation(Location::Host))?;
    gpu.advise(&m, Advice::AccessedBy(Location::Device))?;
    let mut ramp = vec![0f32; n];
    fill_ramp(&mut ramp, RAMP, 0.0);
    gpu.copy_slice_to_device(&ramp, &mut d)?;
    drop(ramp);
    let want_sum = ramp_sum(n, RAMP);
    let want_random = cpu::random_read_sum(n, RANDOM_SEED, RAMP);
    let mut out = LinkSamples {
        bytes: n as u64 * 4,
        rounds: Vec::new(),
    };
    // Each timed pass over pinned memory follows an untimed one of its kind with no host
    // access between, as the calibration's trials follow its warm ones. Timed right after the
    // host wrote or read the buffer instead, the passes took 1.3-1.9x the calibration's cell on
    // one slow-link H100 VM (calibration/h100/run226: map_read 2.56 against 1.93 ms); in this
    // order, on another, within 10 % of it (run232: 2.05 against 2.04), though there a pass
    // right after the host's writes cost no more (run231, lastwrite.cu): not shown to be why.
    for round in 0..LINK_WARMUP + rounds {
        fill_ramp(x.host_mut()?, RAMP, 0.0);
        gpu.read_sum(&x)?;
        let mut ok = gpu.take_sum()? == want_sum;
        let read = time_on(gpu, || Ok(gpu.read_sum(&x)?))?;
        ok &= gpu.take_sum()? == want_sum;
        let random_mapped = time_on(gpu, || Ok(gpu.random_read(&x, RANDOM_SEED)?))?;
        ok &= gpu.take_sum()? == want_random;
        let random_device = time_on(gpu, || Ok(gpu.random_read(&d, RANDOM_SEED)?))?;
        ok &= gpu.take_sum()? == want_random;
        c.host_mut()?.fill(0.0);
        let both = time_on(gpu, || {
            Ok(gpu.random_into(&mut c, &x, RANDOM_SEED, true)?)
        })?;
        ok &= cpu::count_bad(c.host()?, |i, v| {
            v != cpu::ramp(random_key(i as u64, RANDOM_SEED, n as u64) as usize, RAMP)
        }) == 0;
        gpu.inplace(Shape::Flat, &mut x, 1.0, 1.0)?;
        let read_write = time_on(gpu, || Ok(gpu.inplace(Shape::Flat, &mut x, 1.0, 1.0)?))?;
        ok &= ramp_mismatches(x.host()?, RAMP, 2.0) == 0;
        gpu.fill_value(&mut x, 2.0)?;
        let write = time_on(gpu, || Ok(gpu.fill_value(&mut x, 3.0)?))?;
        ok &= x.host()?.iter().all(|v| *v == 3.0);
        let managed_read = managed_pass(gpu, &mut m, |g, m| g.read_sum(m))?;
        ok &= gpu.take_sum()? == want_sum;
        let managed_read_write =
            managed_pass(gpu, &mut m, |g, m| g.inplace(Shape::Flat, m, 1.0, 1.0))?;
        ok &= gpu.check_ramp(&m, RAMP, 1.0)? == 0;
        let managed_write = managed_pass(gpu, &mut m, |g, m| g.fill_value(m, 3.0))?;
        gpu.sync()?;
        ok &= m.host()?.iter().all(|v| *v == 3.0);
        if round >= LINK_WARMUP {
            out.rounds.push(LinkRound {
                read,
                write,
                read_write,
                gather: random_mapped - random_device,
                gather_write: both - random_mapped - read_write,
                managed_read,
                managed_write,
                managed_read_write,
                ok,
            });
        }
    }
    Ok(out)
}

/// One timed `pass` over the managed pages of the link probe, filled on the host before it as
/// the calibration's are before each trial, and after an untimed pass of its kind (the
/// calibration's cases run one kind a case, trial after trial); ms. Right after the host's fill
/// on every core umodel's kernels cost a slow link 2-3x what they cost after a GPU pass, over
/// pinned memory too, and after one thread's writes not (calibration/h100/run295/
/// reading-run297.txt, run298/reading-run298.txt), so these figures sit above the pinned passes,
/// which are timed after a GPU pass; `--probe` prices from the pinned ones (rule M).
fn managed_pass(
    gpu: &Gpu,
    m: &mut ManagedBuf<f32>,
    pass: impl Fn(&Gpu, &mut ManagedBuf<f32>) -> Result<(), crate::gpu::GpuError>,
) -> Result<f64, BenchError> {
    cpu::fill_ramp_wide(m.host_mut()?, RAMP, 0.0);
    pass(gpu, m)?;
    gpu.sync()?;
    cpu::fill_ramp_wide(m.host_mut()?, RAMP, 0.0);
    time_on(gpu, || Ok(pass(gpu, m)?))
}

/// One round of [`fault_scale`] (ms, host clock; the host's caches evicted before the code on
/// migrated pages, and before or not before the code on heap memory as [`PlainCache`] says).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FaultScaleRound {
    /// The caller's code on the managed copy, its pages just migrated to the device.
    pub code_migrated: f64,
    /// The same code on the heap copy.
    pub code_plain: f64,
    /// Whether the two copies held the same afterwards.
    pub ok: bool,
}

/// What the rounds of [`fault_scale`] measured.
#[derive(Debug, Clone, Default)]
pub struct FaultScaleSamples {
    /// The data's size, bytes.
    pub bytes: u64,
    /// The code's rounds.
    pub rounds: Vec<FaultScaleRound>,
    /// The migration probe at the data's size, one round after each of the code's (its
    /// `fault_back` is the calibration's read on migrated pages less on heap memory).
    pub probe: ProbeSamples,
}

impl FaultScaleSamples {
    /// The scale ([`FaultScale::from_rounds`]): each round's code extra paired with the probe
    /// round after it; a round counts where both passed their checks.
    pub fn scale(&self) -> Result<FaultScale, FaultScaleError> {
        let pairs = self.rounds.iter().zip(&self.probe.rounds);
        let code: Vec<f64> = pairs
            .clone()
            .map(|(c, _)| c.code_migrated - c.code_plain)
            .collect();
        let read: Vec<f64> = pairs.clone().map(|(_, p)| p.fault_back).collect();
        let ok: Vec<bool> = pairs.map(|(c, p)| c.ok && p.ok).collect();
        FaultScale::from_rounds(self.bytes, &code, &read, &ok)
    }
}

/// How the caller timed their phase on plain memory, which [`fault_scale`] repeats: the scale
/// multiplies what the policy adds to that time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlainCache {
    /// With the data arriving from outside the host's caches, as data the GPU wrote do (the
    /// suite's workloads time the host's reads of GPU output so).
    Evicted,
    /// Warm, after a run of the same code: data only the host writes, or that nobody writes
    /// (seed 001's table, the compute-bound task's inputs).
    Warm,
}

/// Rounds [`fault_scale`] runs before those it records: the first touches of fresh allocations
/// cost what no later round pays.
const FAULT_SCALE_WARMUP: u32 = 1;

/// Times the caller's own host code on pages the GPU just migrated, against the calibration's
/// read of pages of the same size, each less the same on plain memory: what a task's
/// `cpu_fault_scale` or `cpu_final_fault_scale` should be for that code
/// ([`FaultScaleSamples::scale`], [`FaultScale::apply`]).
///
/// Each round copies `data` into a managed buffer, moves its pages to the device by a GPU pass
/// that reads them ([`Gpu::read_pass`]), evicts the host's caches and times `code` on it; then
/// copies `data` into heap memory and times `code` there as `plain` says the caller timed their
/// phase; the two copies must then be equal (the code's check: it must do the same to both). A
/// round of the migration probe at the data's size follows (every page touched; its `fault_back`
/// is the denominator, paired round by round, as the workloads' ratios were,
/// calibration/h200/run77/final_ratio.py). One round before them is not recorded.
///
/// The scale is meant for code that touches every page of the buffer (a check, a sum, a
/// rewrite); code that touches a share of them faults page by page, which the model prices
/// otherwise (`cpu_fraction`). Other buffers the code reads (a reference, say) are the closure's.
/// At 64 MiB a round takes about half a second (calibration/h200/run86: ten rounds of a sum in
/// 5.0–5.3 s).
pub fn fault_scale<T: Elem + PartialEq, R>(
    gpu: &Gpu,
    data: &[T],
    plain: PlainCache,
    rounds: u32,
    code: impl FnMut(&mut [T]) -> R,
) -> Result<FaultScaleSamples, BenchError> {
    let mut bufs = FaultScaleBufs::new(gpu, data.len())?;
    fault_scale_in(gpu, &mut bufs, data, plain, rounds, code)
}

/// The two copies [`fault_scale_in`] hands the caller's code: a managed buffer and heap memory.
/// A caller whose code may keep a view of them past its call (a binding to a language with
/// references the borrow checker cannot see) owns them, and can keep them alive for as long.
pub struct FaultScaleBufs<T: Elem> {
    managed: ManagedBuf<T>,
    heap: Vec<T>,
}

impl<T: Elem> FaultScaleBufs<T> {
    /// Copies for `len` elements.
    pub fn new(gpu: &Gpu, len: usize) -> Result<FaultScaleBufs<T>, BenchError> {
        Ok(FaultScaleBufs {
            managed: gpu.managed(len.max(1))?,
            heap: vec![T::default(); len.max(1)],
        })
    }
}

/// [`fault_scale`] on copies the caller owns (`bufs`, as long as `data`).
pub fn fault_scale_in<T: Elem + PartialEq, R>(
    gpu: &Gpu,
    bufs: &mut FaultScaleBufs<T>,
    data: &[T],
    plain: PlainCache,
    rounds: u32,
    mut code: impl FnMut(&mut [T]) -> R,
) -> Result<FaultScaleSamples, BenchError> {
    if data.is_empty() || rounds == 0 || bufs.heap.len() != data.len() {
        return Err(BenchError::Config(format!(
            "a fault scale needs data, rounds and copies of the data's length (got {} elements, \
             {rounds} rounds, copies of {})",
            data.len(),
            bufs.heap.len()
        )));
    }
    let bytes = std::mem::size_of_val(data) as u64;
    let FaultScaleBufs { managed, heap } = bufs;
    let mut scratch = vec![0u8; cpu::evict_bytes()];
    let shape = ProbeShape {
        bytes,
        cpu_fraction: 1.0,
    };
    let mut probe_bufs = ProbeBufs::new(gpu, shape)?;
    let mut out = FaultScaleSamples {
        bytes,
        ..FaultScaleSamples::default()
    };
    let mut timed = |x: &mut [T], scratch: Option<&mut [u8]>| {
        if let Some(scratch) = scratch {
            cpu::evict_caches(scratch);
        }
        let s = Instant::now();
        std::hint::black_box(code(std::hint::black_box(x)));
        ms_since(s)
    };
    for round in 0..FAULT_SCALE_WARMUP + rounds {
        managed.host_mut()?.copy_from_slice(data);
        gpu.read_pass(managed)?;
        gpu.sync()?;
        // Pages that migrate back arrive from outside the caches whatever was in them.
        let code_migrated = timed(managed.host_mut()?, Some(&mut scratch));
        heap.copy_from_slice(data);
        let code_plain = match plain {
            PlainCache::Evicted => timed(heap, Some(&mut scratch)),
            PlainCache::Warm => {
                timed(heap, None);
                heap.copy_from_slice(data);
                timed(heap, None)
            }
        };
        let ok = managed.host()? == heap.as_slice();
        let mut probed = ProbeSamples::default();
        run_into(gpu, &mut probe_bufs, 1, &mut probed)?;
        if round >= FAULT_SCALE_WARMUP {
            out.rounds.push(FaultScaleRound {
                code_migrated,
                code_plain,
                ok,
            });
            out.probe.bytes = probed.bytes;
            out.probe.cpu_fraction = probed.cpu_fraction;
            out.probe.rounds.extend(probed.rounds);
        }
    }
    Ok(out)
}

/// A caller's bytes as the words [`fault_scale`] lends to code written in another language (the
/// C and Python bindings): 8-byte words where the size divides by 8, so that the code's 8-byte
/// types are aligned on both copies, else 4-byte ones.
#[derive(Debug, Clone, PartialEq)]
pub enum Words {
    /// The size divides by 8.
    Eight(Vec<u64>),
    /// The size divides by 4 only.
    Four(Vec<u32>),
}

impl Words {
    /// Whether `bytes` bytes can be lent: at least one word of 4.
    pub fn fits(bytes: usize) -> bool {
        bytes > 0 && bytes % 4 == 0
    }

    /// The words of `data`, `None` where its size does not [`Words::fits`].
    pub fn of(data: &[u8]) -> Option<Words> {
        if !Words::fits(data.len()) {
            return None;
        }
        // `chunks_exact` hands out whole words: the conversions cannot fail.
        Some(if data.len() % 8 == 0 {
            let words = data.chunks_exact(8);
            Words::Eight(
                words
                    .map(|w| u64::from_ne_bytes(w.try_into().unwrap_or_default()))
                    .collect(),
            )
        } else {
            let words = data.chunks_exact(4);
            Words::Four(
                words
                    .map(|w| u32::from_ne_bytes(w.try_into().unwrap_or_default()))
                    .collect(),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn link_round(k: f64, ok: bool) -> LinkRound {
        LinkRound {
            read: k,
            write: 2.0 * k,
            read_write: 3.0 * k,
            gather: 4.0 * k,
            gather_write: -0.5,
            managed_read: 5.0 * k,
            managed_write: 6.0 * k,
            managed_read_write: 7.0 * k,
            ok,
        }
    }

    /// A round whose figures are multiples of `k`; where `umodel probe`'s own steps were timed
    /// (`one_thread`), the sparse cell ten times the one-thread migration.
    fn round(k: f64, one_thread: Option<f64>, ok: bool) -> ProbeRound {
        ProbeRound {
            to_host: k,
            fault_in: 2.0 * k,
            fault_in_one_thread: one_thread,
            cpu_fault_run: one_thread.map(|x| 10.0 * x),
            fault_back: 3.0 * k,
            after_prefetch: 4.0 * k,
            to_device: None,
            ok,
        }
    }

    #[test]
    fn umodel_probes_own_figures_come_from_the_rounds_that_timed_them_and_passed() {
        let s = |rounds| ProbeSamples {
            bytes: 64 << 20,
            cpu_fraction: 1.0,
            rounds,
        };
        let timed = s(vec![
            round(1.0, Some(5.0), true),
            round(9.0, Some(500.0), false),
            round(3.0, Some(7.0), true),
        ])
        .probe()
        .unwrap();
        let f = timed.fault_in_scalar_one_thread.unwrap();
        assert_eq!((f.ms, f.samples), (6.0, 2));
        // The sparse cell from the rounds that passed alone (50 and 70, not the failed 5000).
        let c = timed.cpu_fault_run.unwrap();
        assert_eq!((c.ms, c.samples), (60.0, 2));
        assert_eq!(timed.fault_in.unwrap().ms, 4.0);
        // The workloads' probes beside their trials time neither.
        let untimed = s(vec![round(1.0, None, true)]).probe().unwrap();
        assert_eq!(untimed.fault_in_scalar_one_thread, None);
        assert_eq!(untimed.cpu_fault_run, None);
        assert_eq!(untimed.fault_in.unwrap().ms, 2.0);
    }

    #[test]
    fn the_link_probe_takes_the_rounds_that_passed_and_leaves_out_what_cost_nothing() {
        let s = LinkSamples {
            bytes: 64 << 20,
            rounds: vec![
                link_round(1.0, true),
                link_round(100.0, false),
                link_round(3.0, true),
            ],
        };
        assert_eq!(s.failed(), 1);
        let l = s.link().unwrap();
        assert_eq!(l.bytes, 64 << 20);
        let ms = |f: Option<ProbeFigure>| f.map(|f| (f.ms, f.samples));
        assert_eq!(ms(l.map_read), Some((2.0, 2)));
        assert_eq!(ms(l.map_gather), Some((8.0, 2)));
        assert_eq!(ms(l.managed_map_read_write), Some((14.0, 2)));
        // Two passes that cost each other nothing beyond their sum leave the term to the model.
        assert_eq!(l.map_gather_write, None);
        let none = LinkSamples {
            bytes: 64 << 20,
            rounds: vec![link_round(1.0, false)],
        };
        assert_eq!(none.link(), None);
    }

    #[test]
    fn bytes_become_8_byte_words_where_the_size_divides_by_8_else_4_byte_ones() {
        let data: Vec<u8> = (1..=16).collect();
        let eight = |b: &[u8]| u64::from_ne_bytes(b.try_into().unwrap());
        let four = |b: &[u8]| u32::from_ne_bytes(b.try_into().unwrap());
        assert_eq!(
            Words::of(&data),
            Some(Words::Eight(vec![eight(&data[..8]), eight(&data[8..])]))
        );
        let words: Vec<u32> = data[..12].chunks(4).map(four).collect();
        assert_eq!(Words::of(&data[..12]), Some(Words::Four(words)));
        for n in [0, 2, 6, 15] {
            assert!(!Words::fits(n));
            assert_eq!(Words::of(&data[..n]), None);
        }
    }
}
