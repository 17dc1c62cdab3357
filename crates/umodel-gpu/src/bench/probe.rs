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
//! A probe in a task's shape ([`ProbeShape`], `umodel probe --task`) runs at the size of the
//! task's migrating buffer, and where the task's CPU touches only a share of its pages the
//! round trip is timed as the task pays it: after a prefetch back that left the pages
//! untouched, the CPU rewrites one page in n, and the buffer goes to the device (timed), through
//! a pass and back (timed), its pages checked after.

use umodel_core::model::Probe;
use umodel_core::task::ProbeShape;

use super::cpu::{self, fill_ramp, ramp_mismatches, ramp_sum};
use super::groups::time_on;
use super::{BenchError, RAMP};
use crate::gpu::{Gpu, Location, ManagedBuf, Shape};

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
}

impl ProbeBufs {
    /// A managed buffer and heap memory of `shape.bytes` each, probed in that shape.
    pub fn new(gpu: &Gpu, shape: ProbeShape) -> Result<ProbeBufs, BenchError> {
        let n = ((shape.bytes / 4) as usize).max(1024);
        Ok(ProbeBufs {
            managed: gpu.managed(n)?,
            heap: vec![0f32; n],
            shape,
        })
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
    /// not positive: [`Probe::from_samples`]), `None` when no round passed.
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
        out.rounds.push(ProbeRound {
            to_host,
            to_device,
            fault_in: cold - warm,
            fault_back: migrated - heap,
            after_prefetch: written - heap_written,
            ok,
        });
    }
    Ok(())
}

/// Runs `rounds` rounds of the probe in `shape` (`umodel probe`).
pub fn run(gpu: &Gpu, shape: ProbeShape, rounds: u32) -> Result<ProbeSamples, BenchError> {
    let mut bufs = ProbeBufs::new(gpu, shape)?;
    let mut out = ProbeSamples::default();
    run_into(gpu, &mut bufs, rounds, &mut out)?;
    Ok(out)
}
