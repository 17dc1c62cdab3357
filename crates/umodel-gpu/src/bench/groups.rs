//! The bandwidth, transfer, managed-memory and access-pattern groups (seed 000 §IV-B…D).

use std::time::Instant;

use super::cpu::{self, fill_ramp, ramp_mismatches, ramp_sum};
use super::{ms_since, BenchError, CellSpec, Group, Runner, Trial, RAMP, SEQUENCE_TRIALS};
use crate::gpu::{random_key, Advice, DeviceBuf, Gpu, GpuMem, Location, ManagedBuf, Shape};
use umodel_core::model::task::{FAULT_BACK_THREADS, THREAD_COUNTS};
use umodel_core::policy::Policy;
use umodel_core::schema::{
    Case, HbmCase, HostMappedCase, ManagedCase, PatternCase, PrefetchCase, TransferCase,
};

/// Warm-up launches before the trials of a fast cell (never written).
const WARM: u32 = 3;

/// Multiply-adds per element of the managed group's compute-bound pass: about 4.9 ms over 64 MiB
/// on the H200, the order of the faults that migrate those pages (5.8–8.0 ms), so that neither
/// side dwarfs the other (calibration/h200/run48 … run53, `compute-resident`, `compute-faults`).
const COMPUTE_STEPS: u32 = 8192;

/// The memory state an access pattern is measured in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum State {
    /// `cudaMalloc` memory.
    Resident,
    /// Managed, initialised on the CPU just before the pass.
    Cold,
    /// Managed, prefetched to the GPU before the pass.
    Prefetched,
    /// Managed, after a previous GPU pass.
    Reused,
}

impl State {
    pub const ALL: [State; 4] = [
        State::Resident,
        State::Cold,
        State::Prefetched,
        State::Reused,
    ];
    pub fn case(self) -> PatternCase {
        match self {
            State::Resident => PatternCase::Resident,
            State::Cold => PatternCase::Cold,
            State::Prefetched => PatternCase::Prefetched,
            State::Reused => PatternCase::Reused,
        }
    }
    pub fn policy(self) -> Policy {
        match self {
            State::Resident => Policy::Device,
            State::Cold | State::Reused => Policy::Managed,
            State::Prefetched => Policy::ManagedPrefetch,
        }
    }
}

/// Access patterns of the sweep: (name, stride in floats or 0 for random).
fn patterns() -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = (0..=10)
        .map(|k| (format!("stride:{}", 1u64 << k), 1u64 << k))
        .collect();
    v.push(("random".into(), 0));
    for page in [4096u64, 65536, 2 << 20] {
        v.push((format!("page:{page}"), page / 4));
    }
    v
}

/// The GPU pass of a `managed` group cell.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Read,
    Write,
    InPlace,
}

/// What happens to managed pages before the timed CPU update of the `managed` group.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Before {
    Nothing,
    GpuPass,
    PrefetchRoundTrip,
}

/// Gives a kept allocation its advice once, before every fill, unless it is advised after each
/// fill ([`fill_advised`]).
fn advise_kept(
    gpu: &Gpu,
    m: &ManagedBuf<f32>,
    advice: &[Advice],
    after_fill: bool,
) -> Result<(), BenchError> {
    if !after_fill {
        for a in advice {
            gpu.advise(m, *a)?;
        }
    }
    Ok(())
}

/// Fills `m` with the ramp on the host for one trial, on every core (a timed GPU pass follows).
/// Advice given after the fill (`after_fill`: read-mostly, as a program advises data it made,
/// which duplicates at a third of the cost of pages advised before they were written, `run68`) is
/// unset before the fill and given again after it.
fn fill_advised(
    gpu: &Gpu,
    m: &mut ManagedBuf<f32>,
    advice: &[Advice],
    after_fill: bool,
) -> Result<(), BenchError> {
    if after_fill {
        gpu.advise(m, Advice::UnsetReadMostly)?;
    }
    cpu::fill_ramp_wide(m.host_mut()?, RAMP, 0.0);
    if after_fill {
        for a in advice {
            gpu.advise(m, *a)?;
        }
    }
    Ok(())
}

/// Runs `warm + trials` timings (`one` returns ms), keeping the last `trials`.
pub(super) fn keep_last(
    warm: u32,
    trials: u32,
    mut one: impl FnMut() -> Result<f64, BenchError>,
) -> Result<Vec<(f64, Option<f64>)>, BenchError> {
    let mut times = Vec::with_capacity(trials as usize);
    for t in 0..warm + trials {
        let ms = one()?;
        if t >= warm {
            times.push((ms, None));
        }
    }
    Ok(times)
}

fn floats(bytes: u64) -> usize {
    (bytes / 4).max(4) as usize
}

/// Seed of the random-read primitive's index hash.
pub(super) const RANDOM_SEED: u32 = 0x5EED_0001;

/// The sparse-touch cells rewrite one 4 KiB page in this many (the fit reads them so).
const SPARSE_EVERY: usize = umodel_core::model::task::SPARSE_EVERY;

/// Times `f` (GPU work enqueued on `g`'s stream) with events; ms (waits for the end event).
pub(super) fn time_on(
    g: &crate::gpu::Gpu,
    f: impl FnOnce() -> Result<(), BenchError>,
) -> Result<f64, BenchError> {
    let (a, b) = (g.event()?, g.event()?);
    g.record(&a)?;
    f()?;
    g.record(&b)?;
    Ok(b.ms_since(&a)?)
}

impl Runner<'_, '_> {
    /// Times `f` (GPU work enqueued on the stream) with events; ms.
    pub(crate) fn time_gpu(
        &self,
        f: impl FnOnce() -> Result<(), BenchError>,
    ) -> Result<f64, BenchError> {
        time_on(self.gpu, f)
    }

    /// Runs `warm + trials` timed launches of `f` (events around each), keeping the last `trials`.
    fn timed(
        &self,
        warm: u32,
        trials: u32,
        mut f: impl FnMut() -> Result<(), BenchError>,
    ) -> Result<Vec<(f64, Option<f64>)>, BenchError> {
        keep_last(warm, trials, || self.time_gpu(&mut f))
    }

    /// [`Self::timed`] on the host's monotonic clock, for work that ends on the host (a CPU pass, or
    /// a launch followed by a synchronisation).
    fn timed_host(
        &self,
        warm: u32,
        trials: u32,
        mut f: impl FnMut() -> Result<(), BenchError>,
    ) -> Result<Vec<(f64, Option<f64>)>, BenchError> {
        keep_last(warm, trials, || {
            let s = Instant::now();
            f()?;
            Ok(ms_since(s))
        })
    }

    /// `read`: every float of `x` summed on the GPU (timed), the sum checked after each trial.
    fn read_cell(
        &mut self,
        case: &dyn Case,
        policy: Policy,
        x: &impl GpuMem<f32>,
        warm: u32,
        trials: u32,
    ) -> Result<(), BenchError> {
        let gpu = self.gpu;
        let want = ramp_sum(x.len(), RAMP);
        let bytes = x.len() as u64 * 4;
        let (mut times, mut ok) = (Vec::new(), true);
        for t in 0..warm + trials {
            let ms = self.time_gpu(|| Ok(gpu.read_sum(x)?))?;
            ok &= gpu.take_sum()? == want;
            if t >= warm {
                times.push((ms, None));
            }
        }
        self.cell(
            &CellSpec::new(case, policy, bytes).useful(bytes),
            &times,
            ok,
        )
    }

    /// `random`: the random-read primitive over `x` (a ramp), timed; the sum checked each trial.
    fn random_cell(
        &mut self,
        case: &dyn Case,
        policy: Policy,
        x: &impl GpuMem<f32>,
        warm: u32,
        trials: u32,
    ) -> Result<(), BenchError> {
        let gpu = self.gpu;
        let want = cpu::random_read_sum(x.len(), RANDOM_SEED, RAMP);
        let bytes = x.len() as u64 * 4;
        let (mut times, mut ok) = (Vec::new(), true);
        for t in 0..warm + trials {
            let ms = self.time_gpu(|| Ok(gpu.random_read(x, RANDOM_SEED)?))?;
            ok &= gpu.take_sum()? == want;
            if t >= warm {
                times.push((ms, None));
            }
        }
        self.cell(
            &CellSpec::new(case, policy, bytes)
                .pattern("random")
                .useful(bytes),
            &times,
            ok,
        )
    }

    /// Device copy of a host vector.
    fn upload(&self, host: &[f32]) -> Result<DeviceBuf<f32>, BenchError> {
        let mut d = self.gpu.device::<f32>(host.len())?;
        self.gpu.copy_slice_to_device(host, &mut d)?;
        Ok(d)
    }

    fn download(&self, d: &DeviceBuf<f32>) -> Result<Vec<f32>, BenchError> {
        let mut h = vec![0f32; d.len()];
        self.gpu.copy_slice_to_host(d, &mut h)?;
        Ok(h)
    }

    /// `hbm`: device-resident triad, copy, in-place and read passes in both launch shapes, the driver's
    /// device-to-device copy as the peer, and launch + sync overhead.
    pub(crate) fn hbm(&mut self, bytes: u64) -> Result<(), BenchError> {
        let g = Group::Hbm;
        let trials = self.trials(g);
        let n = floats(bytes) / 4 * 4;
        let bytes = n as u64 * 4;
        let mut base = vec![0f32; n];
        fill_ramp(&mut base, RAMP, 0.0);
        let b = self.upload(&base)?;
        let c = self.upload(&base)?;
        let mut a = self.gpu.device::<f32>(n)?;
        let gpu = self.gpu;
        for (shape, [triad, copy, inplace]) in [
            (
                Shape::Flat,
                [HbmCase::Triad, HbmCase::Copy, HbmCase::Inplace],
            ),
            (
                Shape::Grid,
                [HbmCase::TriadGrid, HbmCase::CopyGrid, HbmCase::InplaceGrid],
            ),
        ] {
            // triad: a = b + 0.5·c, exact on the ramp.
            gpu.fill_bytes(&mut a, 0xFF)?;
            let times = self.timed(WARM, trials, || Ok(gpu.triad(shape, &mut a, &b, &c, 0.5)?))?;
            let got = self.download(&a)?;
            let ok = cpu::scaled_ramp_mismatches(&got, RAMP, 1.5, 0.0) == 0;
            self.cell(
                &CellSpec::new(&triad, Policy::Device, bytes).useful(3 * bytes),
                &times,
                ok,
            )?;

            gpu.fill_bytes(&mut a, 0xFF)?;
            let times = self.timed(WARM, trials, || Ok(gpu.copy(shape, &mut a, &b)?))?;
            let ok = ramp_mismatches(&self.download(&a)?, RAMP, 0.0) == 0;
            self.cell(
                &CellSpec::new(&copy, Policy::Device, bytes).useful(2 * bytes),
                &times,
                ok,
            )?;

            // in place: a = 1·a + 1, starting from the ramp copied above.
            let times = self.timed(WARM, trials, || Ok(gpu.inplace(shape, &mut a, 1.0, 1.0)?))?;
            let ok = ramp_mismatches(&self.download(&a)?, RAMP, (WARM + trials) as f32) == 0;
            self.cell(
                &CellSpec::new(&inplace, Policy::Device, bytes).useful(2 * bytes),
                &times,
                ok,
            )?;
        }
        // read: every float summed on the GPU, the sum checked each trial.
        self.read_cell(&HbmCase::Read, Policy::Device, &b, WARM, trials)?;
        // random: 4-byte reads in random order (the baseline of random reads over the link and
        // from migrating pages); checked against the host's sum of the same elements.
        self.random_cell(&HbmCase::Random, Policy::Device, &b, WARM, trials)?;
        // The driver's own device-to-device copy, the peer for `copy` (read + write counted).
        gpu.fill_bytes(&mut a, 0xFF)?;
        let times = self.timed(WARM, trials, || Ok(gpu.copy_device(&b, &mut a)?))?;
        let ok = ramp_mismatches(&self.download(&a)?, RAMP, 0.0) == 0;
        self.cell(
            &CellSpec::new(&HbmCase::D2d, Policy::Device, bytes).useful(2 * bytes),
            &times,
            ok,
        )?;
        // Launch + synchronisation of an empty kernel, host-timed (what every pass pays once).
        let times = self.timed_host(WARM, trials, || {
            gpu.empty()?;
            gpu.sync()?;
            Ok(())
        })?;
        self.cell(
            &CellSpec::new(&HbmCase::Launch, Policy::Device, bytes),
            &times,
            true,
        )?;
        Ok(())
    }

    /// `host_mapped`: GPU passes over pinned host memory mapped into the GPU (zero-copy).
    pub(crate) fn host_mapped(&mut self, bytes: u64) -> Result<(), BenchError> {
        let g = Group::HostMapped;
        let trials = self.trials(g);
        let warm = 2;
        let n = floats(bytes) / 4 * 4;
        let bytes = n as u64 * 4;
        let gpu = self.gpu;
        let mut x = gpu.pinned::<f32>(n, true)?;
        fill_ramp(x.host_mut()?, RAMP, 0.0);
        self.read_cell(&HostMappedCase::Read, Policy::HostMapped, &x, warm, trials)?;
        let times = self.timed(warm, trials, || {
            Ok(gpu.inplace(Shape::Flat, &mut x, 1.0, 1.0)?)
        })?;
        let ok = ramp_mismatches(x.host()?, RAMP, (warm + trials) as f32) == 0;
        self.cell(
            &CellSpec::new(&HostMappedCase::Inplace, Policy::HostMapped, bytes).useful(2 * bytes),
            &times,
            ok,
        )?;
        // write: the GPU overwriting mapped memory (every trial another value, the last checked).
        let mut k = 0.0f32;
        let times = self.timed(warm, trials, || {
            k += 1.0;
            Ok(gpu.fill_value(&mut x, k)?)
        })?;
        let ok = x.host()?.iter().all(|v| *v == k);
        self.cell(
            &CellSpec::new(&HostMappedCase::Write, Policy::HostMapped, bytes).useful(bytes),
            &times,
            ok,
        )?;
        // random: 4-byte reads of mapped memory in random order (what lookups cost when their
        // table stays in host memory); random-inplace: `c[i] += x[random]`, both mapped, random
        // reads beside a stream read and written in place, which over the link cost each other
        // more than apart (seed 001's kernel with its table and output mapped: 2.8–4.2 ms above the
        // sum at 64 MiB; calibration/h200/run60, run61). Their trials alternate, so that the fit's
        // difference of the two pairs trials measured side by side (the random reads' own level
        // moves by 1–2 ms at 64 MiB within a calibration; run62).
        fill_ramp(x.host_mut()?, RAMP, 0.0);
        let mut c = gpu.pinned::<f32>(n, true)?;
        c.host_mut()?.fill(0.0);
        let want = cpu::random_read_sum(n, RANDOM_SEED, RAMP);
        let (mut random, mut both, mut ok) = (Vec::new(), Vec::new(), true);
        for t in 0..warm + trials {
            let r = self.time_gpu(|| Ok(gpu.random_read(&x, RANDOM_SEED)?))?;
            ok &= gpu.take_sum()? == want;
            let ri = self.time_gpu(|| Ok(gpu.random_into(&mut c, &x, RANDOM_SEED, true)?))?;
            if t >= warm {
                random.push((r, None));
                both.push((ri, None));
            }
        }
        self.cell(
            &CellSpec::new(&HostMappedCase::Random, Policy::HostMapped, bytes)
                .pattern("random")
                .useful(bytes),
            &random,
            ok,
        )?;
        let k = (warm + trials) as f32;
        let ok = cpu::count_bad(c.host()?, |i, v| {
            v != k * cpu::ramp(random_key(i as u64, RANDOM_SEED, n as u64) as usize, RAMP)
        }) == 0;
        self.cell(
            &CellSpec::new(&HostMappedCase::RandomInplace, Policy::HostMapped, bytes)
                .pattern("random")
                .useful(3 * bytes),
            &both,
            ok,
        )?;
        // triad over three mapped arrays (the paper's host-mapped figure).
        fill_ramp(x.host_mut()?, RAMP, 0.0);
        fill_ramp(c.host_mut()?, RAMP, 0.0);
        let mut a = gpu.pinned::<f32>(n, true)?;
        a.host_mut()?.fill(f32::NAN);
        let times = self.timed(warm, trials, || {
            Ok(gpu.triad(Shape::Flat, &mut a, &x, &c, 0.5)?)
        })?;
        let ok = cpu::scaled_ramp_mismatches(a.host()?, RAMP, 1.5, 0.0) == 0;
        self.cell(
            &CellSpec::new(&HostMappedCase::Triad, Policy::HostMapped, bytes).useful(3 * bytes),
            &times,
            ok,
        )?;
        Ok(())
    }

    /// `transfer`: explicit copies each way, from pinned (`explicit-copy`) and pageable memory.
    pub(crate) fn transfer(&mut self, bytes: u64) -> Result<(), BenchError> {
        let g = Group::Transfer;
        let trials = self.trials(g);
        let warm = 2;
        let n = floats(bytes);
        let bytes = n as u64 * 4;
        let gpu = self.gpu;
        let mut d = gpu.device::<f32>(n)?;
        let mut h = gpu.pinned::<f32>(n, false)?;
        // Pinned host → device.
        fill_ramp(h.host_mut()?, RAMP, 0.0);
        gpu.fill_bytes(&mut d, 0xFF)?;
        let times = self.timed(warm, trials, || Ok(gpu.copy_to_device(&h, &mut d)?))?;
        let ok = ramp_mismatches(&self.download(&d)?, RAMP, 0.0) == 0;
        self.cell(
            &CellSpec::new(&TransferCase::H2d, Policy::ExplicitCopy, bytes).useful(bytes),
            &times,
            ok,
        )?;
        // Device → pinned host (d holds the ramp).
        h.host_mut()?.fill(f32::NAN);
        let times = self.timed(warm, trials, || Ok(gpu.copy_to_host(&d, &mut h)?))?;
        let ok = ramp_mismatches(h.host()?, RAMP, 0.0) == 0;
        self.cell(
            &CellSpec::new(&TransferCase::D2h, Policy::ExplicitCopy, bytes).useful(bytes),
            &times,
            ok,
        )?;
        // The CPU update on pinned memory (the explicit-copy and host-mapped handoffs update such
        // pages; on the H200 it ran at a different rate than on managed pages).
        let threads = self.cfg.cpu.threads;
        let x = h.host_mut()?; // synchronises once; nothing runs on the GPU until the check
        fill_ramp(x, RAMP, 0.0);
        let times = self.timed_host(warm, trials, || {
            cpu::update(x, 1.0, 1.0, threads);
            Ok(())
        })?;
        let ok = ramp_mismatches(h.host()?, RAMP, (warm + trials) as f32) == 0;
        self.cell(
            &CellSpec::new(&TransferCase::CpuUpdate, Policy::ExplicitCopy, bytes).useful(2 * bytes),
            &times,
            ok,
        )?;
        drop(h);
        // Pageable host memory (the driver stages it through its own pinned buffers).
        let mut p = vec![0f32; n];
        fill_ramp(&mut p, RAMP, 1.0);
        let times = self.timed(warm, trials, || Ok(gpu.copy_slice_to_device(&p, &mut d)?))?;
        let ok = ramp_mismatches(&self.download(&d)?, RAMP, 1.0) == 0;
        self.cell(
            &CellSpec::new(&TransferCase::H2d, Policy::Pageable, bytes).useful(bytes),
            &times,
            ok,
        )?;
        p.fill(f32::NAN);
        let times = self.timed(warm, trials, || Ok(gpu.copy_slice_to_host(&d, &mut p)?))?;
        let ok = ramp_mismatches(&p, RAMP, 1.0) == 0;
        self.cell(
            &CellSpec::new(&TransferCase::D2h, Policy::Pageable, bytes).useful(bytes),
            &times,
            ok,
        )?;
        Ok(())
    }

    /// `prefetch`: `cudaMemPrefetchAsync` bandwidth each way, timed on its own, data checked on the
    /// side it arrived at.
    pub(crate) fn prefetch(&mut self, bytes: u64) -> Result<(), BenchError> {
        let g = Group::Prefetch;
        let trials = self.trials(g);
        let warm = 2;
        let n = floats(bytes);
        let bytes = n as u64 * 4;
        let gpu = self.gpu;
        self.read_mostly_prefetch(bytes, warm, trials * SEQUENCE_TRIALS)?;
        self.prefetch_sequence(bytes, warm, trials * SEQUENCE_TRIALS)?;
        let mut m = gpu.managed::<f32>(n)?;
        fill_ramp(m.host_mut()?, RAMP, 0.0);
        for t in 0..warm + trials {
            let to_dev = self.time_gpu(|| Ok(gpu.prefetch(&m, Location::Device)?))?;
            let ok_dev = gpu.check_ramp(&m, RAMP, 0.0)? == 0;
            // A prefetch of pages already on the device (what a program that prefetches before
            // every kernel pays for buffers that did not move).
            let again_dev = self.time_gpu(|| Ok(gpu.prefetch(&m, Location::Device)?))?;
            let to_host = self.time_gpu(|| Ok(gpu.prefetch(&m, Location::Host)?))?;
            // Check (and so settle) the pages before timing a prefetch of them in place: right
            // after the move it waited on the move's tail, 3.9 ms for 64 MiB in every trial of
            // calibration/h200/run39's first calibration (0.12 ms settled), and a task's no-op
            // prefetches come after a phase, not after a move.
            gpu.sync()?;
            let ok_host = ramp_mismatches(m.host()?, RAMP, 0.0) == 0;
            let again_host = self.time_gpu(|| Ok(gpu.prefetch(&m, Location::Host)?))?;
            // What a prefetch to the host costs the CPU code that reads what it brought: timed on
            // the host clock through a CPU read of the pages, beside the same read of pages already
            // settled there. Its event alone runs short (a second prefetch right after waited 5 ms
            // for 64 MiB, calibration/h200/run14), and so does a touch of one float a page (the
            // prefetching policies' tasks came out 6-21 % low with it, run17; 0.2-16 % with this,
            // run16).
            gpu.prefetch(&m, Location::Device)?;
            gpu.sync()?;
            let want = ramp_sum(n, RAMP) as f64;
            let start = Instant::now();
            gpu.prefetch(&m, Location::Host)?;
            gpu.sync()?;
            let (_, s1) = cpu::timed_read(m.host()?);
            let to_host_read = ms_since(start);
            let (host_read, s2) = cpu::timed_read(m.host()?);
            let ok_read = s1 == want && s2 == want;
            if t >= warm {
                let t = t - warm;
                for (case, ms, ok) in [
                    (PrefetchCase::ToDeviceResident, again_dev, ok_dev),
                    (PrefetchCase::ToHostResident, again_host, ok_host),
                    (PrefetchCase::ToHostRead, to_host_read, ok_read),
                    (PrefetchCase::HostRead, host_read, ok_read),
                ] {
                    self.row(
                        &CellSpec::new(&case, Policy::ManagedPrefetch, bytes).useful(bytes),
                        Trial::timed(t, ms, ok),
                    )?;
                }
                self.row(
                    &CellSpec::new(&PrefetchCase::ToDevice, Policy::ManagedPrefetch, bytes)
                        .useful(bytes),
                    Trial::timed(t, to_dev, ok_dev),
                )?;
                self.row(
                    &CellSpec::new(&PrefetchCase::ToHost, Policy::ManagedPrefetch, bytes)
                        .useful(bytes),
                    Trial::timed(t, to_host, ok_host),
                )?;
            }
        }
        Ok(())
    }

    /// A prefetch of read-mostly pages to the device, as a program places data it made: each
    /// trial a new allocation, filled, advised read-mostly, prefetched (`read_mostly_to_device`),
    /// checked on both sides (the host keeps its copy) and freed. A
    /// duplication: seed 001's table paid 2.0-2.5 ms for 64 MiB against 1.45 for a plain
    /// prefetch (calibration/h200/run117/steps.txt, run121), and so did such a buffer in a
    /// process of its own (run121/rm.csv, examples/rm_prefetch.rs); the same prefetch in the
    /// prefetch sequence, right after two buffers went back to the host, paid a plain one's
    /// price (run121), as did a kept buffer refilled and advised again (run120). Run before the
    /// sequence, each trial after the last one's free. The fill and the checks run on every core:
    /// a new allocation advised read-mostly filled by one thread paid 2.46 ms for its prefetch,
    /// filled on every core 2.48 (run121/rm.txt), and the one-thread fills and checks cost the
    /// calibration about 1.5 s (held out on run129-run131, calibration/h200/run129/judge.txt).
    /// `bytes`: a whole number of floats.
    fn read_mostly_prefetch(
        &mut self,
        bytes: u64,
        warm: u32,
        trials: u32,
    ) -> Result<(), BenchError> {
        let n = floats(bytes);
        let gpu = self.gpu;
        for t in 0..warm + trials {
            let mut c = gpu.managed::<f32>(n)?;
            cpu::fill_ramp_wide(c.host_mut()?, RAMP, 0.0);
            gpu.advise(&c, Advice::ReadMostly)?;
            gpu.sync()?;
            let ms = self.time_gpu(|| Ok(gpu.prefetch(&c, Location::Device)?))?;
            let ok = gpu.check_ramp(&c, RAMP, 0.0)? == 0
                && cpu::ramp_mismatches_wide(c.host()?, RAMP, 0.0) == 0;
            if t >= warm {
                self.row(
                    &CellSpec::new(
                        &PrefetchCase::ReadMostlyToDevice,
                        Policy::ManagedAdvisePrefetch,
                        bytes,
                    )
                    .useful(bytes),
                    Trial::timed(t - warm, ms, ok),
                )?;
            }
        }
        Ok(())
    }

    /// Prefetches as a task issues them after its CPU phase: two buffers the host just touched,
    /// the first to the device (`seq_first`), the second right after it (`seq_next`), the first
    /// again, in place (`seq_noop`); then both back to the host and the host's touch of one float
    /// a page of each, checked. In run72's workloads such a second prefetch met the slow rate
    /// (64 MiB in 4-6 ms against 1.4) in 22 % of the samples, the first after a phase in 5 %, a
    /// no-op in 10-16 % (calibration/h200/run72/steps.txt); a task pays their mean, so the cells
    /// run more trials than the group's others (`SEQUENCE_TRIALS`). `bytes`: a whole number of
    /// floats.
    fn prefetch_sequence(&mut self, bytes: u64, warm: u32, trials: u32) -> Result<(), BenchError> {
        let n = floats(bytes);
        let gpu = self.gpu;
        let (mut a, mut b) = (gpu.managed::<f32>(n)?, gpu.managed::<f32>(n)?);
        fill_ramp(a.host_mut()?, RAMP, 0.0);
        fill_ramp(b.host_mut()?, RAMP, 1.0);
        // The host's touch of one float a page: every page's first float as filled.
        let touch = |x: &[f32], off: f32| {
            x.iter()
                .step_by(cpu::PAGE_FLOATS)
                .enumerate()
                .all(|(p, v)| *v == cpu::ramp(p * cpu::PAGE_FLOATS, RAMP) + off)
        };
        for t in 0..warm + trials {
            let touched = touch(a.host()?, 0.0) & touch(b.host()?, 1.0);
            let first = self.time_gpu(|| Ok(gpu.prefetch(&a, Location::Device)?))?;
            let next = self.time_gpu(|| Ok(gpu.prefetch(&b, Location::Device)?))?;
            let noop = self.time_gpu(|| Ok(gpu.prefetch(&a, Location::Device)?))?;
            let ok = touched
                && gpu.check_ramp(&a, RAMP, 0.0)? == 0
                && gpu.check_ramp(&b, RAMP, 1.0)? == 0;
            gpu.prefetch(&a, Location::Host)?;
            gpu.prefetch(&b, Location::Host)?;
            gpu.sync()?;
            if t >= warm {
                for (case, ms) in [
                    (PrefetchCase::SeqFirst, first),
                    (PrefetchCase::SeqNext, next),
                    (PrefetchCase::SeqNoop, noop),
                ] {
                    self.row(
                        &CellSpec::new(&case, Policy::ManagedPrefetch, bytes).useful(bytes),
                        Trial::timed(t - warm, ms, ok),
                    )?;
                }
            }
        }
        Ok(())
    }

    /// Sparse touches: the CPU rewrites every tenth 4 KiB page of device-resident pages (each an
    /// isolated fault; beside the same writes to plain memory), then a GPU pass faults those pages
    /// back in among resident ones, then the same pass again with every page resident (its base).
    /// With the dense cells these give the cost of a fault apart from that of the bytes it moves.
    /// Then the same writes on 4, 8 and 16 threads (one per core, each over a contiguous share, as
    /// a host phase on many threads splits them), each on pages the pass before put back on the
    /// device, beside the same writes to plain memory on as many: the share of one thread's cost
    /// that many threads pay for the dense reads, taken at a sparse touch's few bytes, priced the
    /// relaxation's writes on 16 threads at 1.9 times one thread's (calibration/h200/run165). Each
    /// count writes its own pages (the first, second, third and fourth in ten), so the check at
    /// the end sees every write. Part of the managed group, at each of its sizes.
    fn sparse(&mut self, bytes: u64) -> Result<(), BenchError> {
        let trials = self.trials(Group::Managed);
        let warm = 1;
        let n = floats(bytes) / 4 * 4;
        let bytes = n as u64 * 4;
        let gpu = self.gpu;
        let mut m: ManagedBuf<f32> = gpu.managed(n)?;
        let mut heap = vec![0f32; n];
        fill_ramp(&mut heap, RAMP, 0.0);
        let (mut cpu_t, mut heap_t, mut gpu_t, mut res_t) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new());
        let mut wide_t: [(Vec<_>, Vec<_>); THREAD_COUNTS.len()] = Default::default();
        let mut ok = true;
        for t in 0..warm + trials {
            cpu::fill_ramp_wide(m.host_mut()?, RAMP, 0.0);
            gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?; // every page to the device
            gpu.sync()?;
            let h = {
                let s = Instant::now();
                cpu::sparse_write(&mut heap, SPARSE_EVERY, t as f32);
                ms_since(s)
            };
            let c = {
                let x = m.host_mut()?;
                let s = Instant::now();
                cpu::sparse_write(x, SPARSE_EVERY, -1.0);
                ms_since(s)
            };
            let r = self.time_gpu(|| Ok(gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?))?;
            let res = self.time_gpu(|| Ok(gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?))?;
            // Every page is on the device again: the writes on many threads, each followed by a
            // pass that faults its pages back in.
            let mut wide = [(0.0, 0.0); THREAD_COUNTS.len()];
            for (k, threads) in THREAD_COUNTS
                .map(|c| c.threads as usize)
                .into_iter()
                .enumerate()
            {
                let h = cpu::timed_sparse_write_threads(
                    &mut heap,
                    SPARSE_EVERY,
                    k + 1,
                    t as f32,
                    threads,
                );
                let c = cpu::timed_sparse_write_threads(
                    m.host_mut()?,
                    SPARSE_EVERY,
                    k + 1,
                    -1.0,
                    threads,
                );
                gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?;
                gpu.sync()?;
                wide[k] = (h, c);
            }
            // Six passes in all: the pages written first in each ten hold 4, the second 2, the
            // third 1, the fourth 0, the others ramp + 6 (small integers: exact in f32).
            let got = m.host()?;
            ok &= cpu::count_bad_wide(got, |i, v| {
                let want = match (i / cpu::PAGE_FLOATS) % SPARSE_EVERY {
                    0 => 4.0,
                    1 => 2.0,
                    2 => 1.0,
                    3 => 0.0,
                    _ => cpu::ramp(i, RAMP) + 6.0,
                };
                v != want
            }) == 0;
            if t >= warm {
                heap_t.push((h, None));
                cpu_t.push((c, None));
                gpu_t.push((r, None));
                res_t.push((res, None));
                for (w, (h, c)) in wide_t.iter_mut().zip(wide) {
                    w.0.push((h, None));
                    w.1.push((c, None));
                }
            }
        }
        let useful = bytes / SPARSE_EVERY as u64;
        let page = format!("page:{}", 4096 * SPARSE_EVERY);
        self.cell(
            &CellSpec::new(&ManagedCase::CpuWriteSparseHeap, Policy::Pageable, bytes)
                .pattern(&page)
                .useful(useful),
            &heap_t,
            true,
        )?;
        self.cell(
            &CellSpec::new(&ManagedCase::CpuWriteSparse, Policy::Managed, bytes)
                .pattern(&page)
                .useful(useful),
            &cpu_t,
            ok,
        )?;
        self.cell(
            &CellSpec::new(&ManagedCase::SparseRefault, Policy::Managed, bytes)
                .pattern(&page)
                .useful(useful),
            &gpu_t,
            ok,
        )?;
        self.cell(
            &CellSpec::new(&ManagedCase::SparseResident, Policy::Managed, bytes).useful(2 * bytes),
            &res_t,
            ok,
        )?;
        for (count, (heap_t, cpu_t)) in THREAD_COUNTS.iter().zip(&wide_t) {
            let [heap_case, case] = &count.write;
            for (case, policy, times, ok) in [
                (heap_case, Policy::Pageable, heap_t, true),
                (case, Policy::Managed, cpu_t, ok),
            ] {
                self.cell(
                    &CellSpec::new(case, policy, bytes)
                        .pattern(&page)
                        .useful(useful),
                    times,
                    ok,
                )?;
            }
        }
        Ok(())
    }

    /// `managed`: one GPU pass over managed memory in each state (cold after CPU initialisation,
    /// prefetched, reused, under each advice), and CPU writes to pages the GPU last touched.
    pub(crate) fn managed(&mut self, bytes: u64) -> Result<(), BenchError> {
        let g = Group::Managed;
        let trials = self.trials(g);
        let warm = 1;
        let n = floats(bytes) / 4 * 4;
        let bytes = n as u64 * 4;
        let gpu = self.gpu;
        // (case, policy, advice, pass)
        let cases: [(ManagedCase, Policy, &[Advice], Pass); 13] = [
            (ManagedCase::Cold, Policy::Managed, &[], Pass::InPlace),
            (
                ManagedCase::Prefetched,
                Policy::ManagedPrefetch,
                &[],
                Pass::InPlace,
            ),
            (ManagedCase::Reused, Policy::Managed, &[], Pass::InPlace),
            (ManagedCase::ColdRead, Policy::Managed, &[], Pass::Read),
            (
                ManagedCase::AdviseReadMostly,
                Policy::ManagedAdvise,
                &[Advice::ReadMostly],
                Pass::Read,
            ),
            (
                ManagedCase::ReadMostlyAfterFill,
                Policy::ManagedAdvise,
                &[Advice::ReadMostly],
                Pass::Read,
            ),
            (
                ManagedCase::AdvisePreferredDevice,
                Policy::ManagedAdvise,
                &[Advice::PreferredLocation(Location::Device)],
                Pass::InPlace,
            ),
            (
                ManagedCase::AdvisePreferredHost,
                Policy::ManagedAdvise,
                &[Advice::PreferredLocation(Location::Host)],
                Pass::InPlace,
            ),
            (
                ManagedCase::AdviseAccessedByDevice,
                Policy::ManagedAdvise,
                &[Advice::AccessedBy(Location::Device)],
                Pass::InPlace,
            ),
            (
                ManagedCase::AdviseAccessedByHost,
                Policy::ManagedAdvise,
                &[Advice::AccessedBy(Location::Host)],
                Pass::InPlace,
            ),
            // The handoff's and the tasks' mapping advice (pages stay on the host, the GPU reaches
            // them over the link), for each kind of pass: managed pages so mapped need not move
            // as fast as pinned ones. Timed right after the host's fill on every core, which a
            // slow link charges umodel's kernels 2-3x for over pinned memory too, and one
            // thread's writes not (calibration/h100/run295/reading-run297.txt, run298/
            // reading-run298.txt); `calibrate` prices an H100's from its pinned cells (rule M2).
            (
                ManagedCase::MappedRead,
                Policy::ManagedAdvise,
                &[
                    Advice::PreferredLocation(Location::Host),
                    Advice::AccessedBy(Location::Device),
                ],
                Pass::Read,
            ),
            (
                ManagedCase::MappedWrite,
                Policy::ManagedAdvise,
                &[
                    Advice::PreferredLocation(Location::Host),
                    Advice::AccessedBy(Location::Device),
                ],
                Pass::Write,
            ),
            (
                ManagedCase::MappedInplace,
                Policy::ManagedAdvise,
                &[
                    Advice::PreferredLocation(Location::Host),
                    Advice::AccessedBy(Location::Device),
                ],
                Pass::InPlace,
            ),
        ];
        let want_sum = ramp_sum(n, RAMP);
        // Cases no model term comes from (they describe the platform; the full plan and the suite
        // measure them).
        // (The read-mostly pass advised before the fill: the model takes the pass advised after
        // it, as tasks advise, where a calibration has it.)
        let unused = [
            ManagedCase::Prefetched,
            ManagedCase::ColdRead,
            ManagedCase::AdviseReadMostly,
            ManagedCase::AdvisePreferredDevice,
            ManagedCase::AdviseAccessedByDevice,
            ManagedCase::AdviseAccessedByHost,
        ];
        for (case, policy, advice, pass) in cases {
            if self.cfg.lean && unused.contains(&case) {
                continue;
            }
            // A fresh allocation per case, so advice never carries over.
            let mut m: ManagedBuf<f32> = gpu.managed(n)?;
            let after_fill = case == ManagedCase::ReadMostlyAfterFill;
            advise_kept(gpu, &m, advice, after_fill)?;
            for t in 0..warm + trials {
                // CPU initialisation: every page on the host.
                fill_advised(gpu, &mut m, advice, after_fill)?;
                let mut offset = 0.0;
                let mut move_ms = None;
                match case {
                    ManagedCase::Prefetched => {
                        move_ms = Some(self.time_gpu(|| Ok(gpu.prefetch(&m, Location::Device)?))?)
                    }
                    ManagedCase::Reused => {
                        gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?;
                        offset += 1.0;
                    }
                    _ => {}
                }
                let (ms, ok) = match pass {
                    Pass::Read => {
                        let ms = self.time_gpu(|| Ok(gpu.read_sum(&m)?))?;
                        (ms, gpu.take_sum()? == want_sum)
                    }
                    Pass::Write => {
                        let ms = self.time_gpu(|| Ok(gpu.fill_value(&mut m, 3.0)?))?;
                        (ms, m.host()?.iter().all(|v| *v == 3.0))
                    }
                    Pass::InPlace => {
                        let ms =
                            self.time_gpu(|| Ok(gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?))?;
                        (ms, gpu.check_ramp(&m, RAMP, offset + 1.0)? == 0)
                    }
                };
                if t >= warm {
                    let useful = if pass == Pass::InPlace {
                        2 * bytes
                    } else {
                        bytes
                    };
                    self.row(
                        &CellSpec::new(&case, policy, bytes).useful(useful),
                        Trial {
                            index: t - warm,
                            time_ms: ms,
                            move_ms,
                            ok,
                        },
                    )?;
                }
            }
        }
        // Baselines measured here, at this group's sizes: a read pass and random reads of
        // device memory.
        {
            let mut d = gpu.device::<f32>(n)?;
            let mut base = vec![0f32; n];
            fill_ramp(&mut base, RAMP, 0.0);
            gpu.copy_slice_to_device(&base, &mut d)?;
            self.read_cell(&ManagedCase::Read, Policy::Device, &d, warm, trials)?;
            self.random_cell(
                &ManagedCase::ResidentRandom,
                Policy::Device,
                &d,
                warm,
                trials,
            )?;
        }
        // Random reads of pages on the host: fault-driven migration, and read-mostly duplication,
        // of pages reached in no particular order. Each trial refills the data on the host first.
        let want = cpu::random_read_sum(n, RANDOM_SEED, RAMP);
        // Read-mostly advised once before the first fill (the suite's first way), and after each
        // fill as tasks advise (`run68`: 2.7–2.9 ms against 8.4–10.9 at 64 MiB); the minimal plan
        // measures the second only.
        for (case, policy, advice, after_fill) in [
            (ManagedCase::ColdRandom, Policy::Managed, None, false),
            (
                ManagedCase::ReadMostlyRandom,
                Policy::ManagedAdvise,
                Some(Advice::ReadMostly),
                false,
            ),
            (
                ManagedCase::ReadMostlyRandomAfterFill,
                Policy::ManagedAdvise,
                Some(Advice::ReadMostly),
                true,
            ),
        ] {
            if self.cfg.lean && case == ManagedCase::ReadMostlyRandom {
                continue;
            }
            let mut m: ManagedBuf<f32> = gpu.managed(n)?;
            let advice = advice.as_slice();
            advise_kept(gpu, &m, advice, after_fill)?;
            let (mut times, mut ok) = (Vec::new(), true);
            for t in 0..warm + trials {
                fill_advised(gpu, &mut m, advice, after_fill)?;
                let ms = self.time_gpu(|| Ok(gpu.random_read(&m, RANDOM_SEED)?))?;
                ok &= gpu.take_sum()? == want;
                if t >= warm {
                    times.push((ms, None));
                }
            }
            self.cell(
                &CellSpec::new(&case, policy, bytes)
                    .pattern("random")
                    .useful(bytes),
                &times,
                ok,
            )?;
        }
        self.sparse(bytes)?;
        // Fault-driven migration under a pass of one float a thread (most kernels), paired with
        // the same pass on the migrated pages in each trial: the streaming passes above move four
        // a thread, and a pass of one a thread faulting the same pages runs ~2.5 ms per 64 MiB
        // longer (calibration/h200/run69/pairs.txt). `converge` with one step: x + 0.5 each pass.
        // Then the calling thread alone rewrites the pages, faulting them back, and the pass
        // migrates them again: after one thread's writes, as a task's CPU phase writes, a
        // migration cost 0.63-0.76 of its price after every core's on a slow H100 link at 64 MiB
        // and within its trials on a fast one (calibration/h100/run310, run308).
        {
            let mut m: ManagedBuf<f32> = gpu.managed(n)?;
            let (mut cold_t, mut reused_t, mut one_t) = (Vec::new(), Vec::new(), Vec::new());
            let mut ok = true;
            for t in 0..warm + trials {
                cpu::fill_ramp_wide(m.host_mut()?, RAMP, 0.0);
                let cold = self.time_gpu(|| Ok(gpu.converge(Shape::Flat, &mut m, 1)?))?;
                let reused = self.time_gpu(|| Ok(gpu.converge(Shape::Flat, &mut m, 1)?))?;
                ok &= gpu.check_ramp(&m, RAMP, 1.0)? == 0;
                fill_ramp(m.host_mut()?, RAMP, 0.0);
                let one = self.time_gpu(|| Ok(gpu.converge(Shape::Flat, &mut m, 1)?))?;
                ok &= gpu.check_ramp(&m, RAMP, 0.5)? == 0;
                if t >= warm {
                    cold_t.push((cold, None));
                    reused_t.push((reused, None));
                    one_t.push((one, None));
                }
            }
            for (case, times) in [
                (ManagedCase::ColdScalar, &cold_t),
                (ManagedCase::ReusedScalar, &reused_t),
                (ManagedCase::ColdScalarOneThread, &one_t),
            ] {
                self.cell(
                    &CellSpec::new(&case, Policy::Managed, bytes).useful(2 * bytes),
                    times,
                    ok,
                )?;
            }
        }
        // Faults under a kernel with work of its own: a compute-bound pass over pages the host just
        // wrote, the same pass again on the migrated pages (the kernel alone), and, in the same
        // trial, a streaming pass over a second buffer the host just wrote (the faults alone, with
        // the migration regime of that moment). How much of the shorter of kernel and faults the
        // first pass still waits for is a platform term (`faults_under_compute`).
        {
            let mut c: ManagedBuf<f32> = gpu.managed(n)?;
            let mut f: ManagedBuf<f32> = gpu.managed(n)?;
            let (mut cold_t, mut kernel_t, mut fault_t) = (Vec::new(), Vec::new(), Vec::new());
            let mut ok = true;
            for t in 0..warm + trials {
                cpu::fill_ramp_wide(c.host_mut()?, RAMP, 0.0);
                cpu::fill_ramp_wide(f.host_mut()?, RAMP, 0.0);
                let faults = self.time_gpu(|| Ok(gpu.inplace(Shape::Flat, &mut f, 1.0, 1.0)?))?;
                let cold =
                    self.time_gpu(|| Ok(gpu.converge(Shape::Flat, &mut c, COMPUTE_STEPS)?))?;
                let kernel =
                    self.time_gpu(|| Ok(gpu.converge(Shape::Flat, &mut c, COMPUTE_STEPS)?))?;
                ok &= gpu.check_ramp(&c, RAMP, 2.0)? == 0 && gpu.check_ramp(&f, RAMP, 1.0)? == 0;
                if t >= warm {
                    cold_t.push((cold, None));
                    kernel_t.push((kernel, None));
                    fault_t.push((faults, None));
                }
            }
            for (case, times) in [
                (ManagedCase::ComputeCold, &cold_t),
                (ManagedCase::ComputeResident, &kernel_t),
                (ManagedCase::ComputeFaults, &fault_t),
            ] {
                // Each pass reads and writes its buffer in place.
                self.cell(
                    &CellSpec::new(&case, Policy::Managed, bytes).useful(2 * bytes),
                    times,
                    ok,
                )?;
            }
        }
        self.host_touches(bytes, warm, trials, false)
    }

    /// `managed`'s CPU cells at `bytes`, side by side in every trial (`wide_only`: the host's reads
    /// on many threads only, the `managed host reads` block above the managed group's sizes).
    pub(crate) fn host_touches(
        &mut self,
        bytes: u64,
        warm: u32,
        trials: u32,
        wide_only: bool,
    ) -> Result<(), BenchError> {
        let n = floats(bytes);
        let bytes = n as u64 * 4;
        let gpu = self.gpu;
        // CPU updates, side by side in every trial so their differences are not the shared core's
        // level shifts (H200.md, "Noise"): on plain heap memory (what a user times their CPU phase
        // on), on host-resident managed pages, on pages a GPU pass just migrated away (the
        // difference is the cost of faulting them back), and on pages prefetched to the GPU, passed
        // over and prefetched back (what the prefetching handoffs update; on the H200 ~1.6x the
        // resident rate). One thread, whatever the handoff uses: a task's CPU phase is its own, and
        // these are the costs one thread meets. The two reads again on 4, 8 and 16 threads: many
        // threads fault pages back at a share of one thread's cost that depends on the size (at
        // 16 threads 0.6-1.8 at 16 MiB, 0.37-0.70 at 64; calibration/h200/run160), which a task's
        // `cpu_threads` prices.
        let mut m: ManagedBuf<f32> = gpu.managed(n)?;
        let mut heap = vec![0f32; n];
        let wide = FAULT_BACK_THREADS as usize;
        // (case, policy, memory state before, a read pass instead of the update, its threads)
        let all = [
            (ManagedCase::CpuWriteHeap, Policy::Pageable, None, false, 1),
            (
                ManagedCase::CpuWriteResident,
                Policy::Managed,
                Some(Before::Nothing),
                false,
                1,
            ),
            (
                ManagedCase::CpuWrite,
                Policy::Managed,
                Some(Before::GpuPass),
                false,
                1,
            ),
            (
                ManagedCase::CpuWritePrefetched,
                Policy::ManagedPrefetch,
                Some(Before::PrefetchRoundTrip),
                false,
                1,
            ),
            (ManagedCase::CpuReadHeap, Policy::Pageable, None, true, 1),
            (
                ManagedCase::CpuReadMigrated,
                Policy::Managed,
                Some(Before::GpuPass),
                true,
                1,
            ),
            (ManagedCase::CpuReadHeap4, Policy::Pageable, None, true, 4),
            (
                ManagedCase::CpuReadMigrated4,
                Policy::Managed,
                Some(Before::GpuPass),
                true,
                4,
            ),
            (ManagedCase::CpuReadHeap8, Policy::Pageable, None, true, 8),
            (
                ManagedCase::CpuReadMigrated8,
                Policy::Managed,
                Some(Before::GpuPass),
                true,
                8,
            ),
            (
                ManagedCase::CpuReadHeapWide,
                Policy::Pageable,
                None,
                true,
                wide,
            ),
            (
                ManagedCase::CpuReadMigratedWide,
                Policy::Managed,
                Some(Before::GpuPass),
                true,
                wide,
            ),
        ];
        let cases: Vec<_> = all.into_iter().filter(|c| !wide_only || c.4 > 1).collect();
        let read = |x: &[f32], threads: usize| {
            if threads > 1 {
                cpu::timed_read_threads(x, threads)
            } else {
                cpu::timed_read(x)
            }
        };
        for t in 0..warm + trials {
            for &(case, policy, before, is_read, threads) in &cases {
                let (ms, ok) = match before {
                    None => {
                        if threads > 1 {
                            cpu::fill_ramp_wide(&mut heap, RAMP, 0.0);
                        } else {
                            fill_ramp(&mut heap, RAMP, 0.0);
                        }
                        if is_read {
                            let (ms, sum) = read(&heap, threads);
                            (ms, sum == ramp_sum(n, RAMP) as f64)
                        } else {
                            let ms = cpu::timed_update(&mut heap, 1);
                            (ms, ramp_mismatches(&heap, RAMP, 1.0) == 0)
                        }
                    }
                    Some(before) => {
                        let mut offset = 0.0f32;
                        if before == Before::Nothing {
                            // The timed phase finds the pages where the fill left them: its core.
                            fill_ramp(m.host_mut()?, RAMP, 0.0);
                        } else {
                            // A GPU step moves the pages away next: the fill on every core.
                            cpu::fill_ramp_wide(m.host_mut()?, RAMP, 0.0);
                            if before == Before::PrefetchRoundTrip {
                                gpu.prefetch(&m, Location::Device)?;
                            }
                            gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?;
                            if before == Before::PrefetchRoundTrip {
                                gpu.prefetch(&m, Location::Host)?;
                                // Settle the prefetch (its costs are the prefetch's, timed in the
                                // prefetch group): this measures the first writes after it.
                                gpu.sync()?;
                                std::hint::black_box(cpu::timed_read(m.host()?));
                            }
                            offset += 1.0;
                        }
                        gpu.sync()?;
                        if is_read {
                            let (ms, sum) = read(m.host()?, threads);
                            (
                                ms,
                                sum == ramp_sum(n, RAMP) as f64 + f64::from(offset) * n as f64,
                            )
                        } else {
                            let ms = cpu::timed_update(m.host_mut()?, 1);
                            (ms, ramp_mismatches(m.host()?, RAMP, offset + 1.0) == 0)
                        }
                    }
                };
                if t >= warm {
                    self.row(
                        &CellSpec::new(&case, policy, bytes).useful(2 * bytes),
                        Trial::timed(t - warm, ms, ok),
                    )?;
                }
            }
        }
        Ok(())
    }

    /// `pattern`: strided, random and page-touch access in one memory state; useful bytes are the
    /// touched elements read and written, the footprint the whole array.
    pub(crate) fn pattern(&mut self, bytes: u64, state: State) -> Result<(), BenchError> {
        let g = Group::Pattern;
        let trials = self.trials(g);
        let warm = 1;
        let n = floats(bytes);
        let bytes = n as u64 * 4;
        let gpu = self.gpu;
        let idx_host = cpu::permutation(n, 0x5EED_0000 ^ n as u64);
        let mut idx = gpu.device::<u32>(n)?;
        let mut stage = gpu.pinned::<u32>(n, false)?;
        stage.host_mut()?.copy_from_slice(&idx_host);
        gpu.copy_to_device(&stage, &mut idx)?;
        gpu.sync()?;
        drop(stage);
        drop(idx_host);
        let policy = state.policy();
        let mut base = vec![0f32; n];
        fill_ramp(&mut base, RAMP, 0.0);
        for (name, stride) in patterns() {
            let count = if stride == 0 {
                n as u64
            } else {
                (n as u64).div_ceil(stride)
            };
            let useful = count * 8;
            match state {
                State::Resident => {
                    let mut x = self.upload(&base)?;
                    let times = self.timed(warm, trials, || {
                        if stride == 0 {
                            gpu.random(&mut x, &idx, (n - 1) as u32)?
                        } else {
                            gpu.strided(&mut x, stride, count)?
                        }
                        Ok(())
                    })?;
                    let got = self.download(&x)?;
                    let k = (warm + trials) as f32;
                    let ok = cpu::pattern_mismatches(&got, RAMP, stride, k) == 0;
                    self.cell(
                        &CellSpec::new(&state.case(), policy, bytes)
                            .pattern(&name)
                            .useful(useful),
                        &times,
                        ok,
                    )?;
                }
                State::Cold | State::Prefetched | State::Reused => {
                    let mut m: ManagedBuf<f32> = gpu.managed(n)?;
                    for t in 0..warm + trials {
                        fill_ramp(m.host_mut()?, RAMP, 0.0);
                        let mut k = 1.0;
                        let mut move_ms = None;
                        if state == State::Prefetched {
                            move_ms =
                                Some(self.time_gpu(|| Ok(gpu.prefetch(&m, Location::Device)?))?);
                        }
                        let launch = |m: &mut ManagedBuf<f32>| -> Result<(), BenchError> {
                            if stride == 0 {
                                gpu.random(m, &idx, (n - 1) as u32)?
                            } else {
                                gpu.strided(m, stride, count)?
                            }
                            Ok(())
                        };
                        if state == State::Reused {
                            launch(&mut m)?;
                            k += 1.0;
                        }
                        let ms = self.time_gpu(|| launch(&mut m))?;
                        let host = m.host()?;
                        let ok = cpu::pattern_mismatches(host, RAMP, stride, k) == 0;
                        if t >= warm {
                            self.row(
                                &CellSpec::new(&state.case(), policy, bytes)
                                    .pattern(&name)
                                    .useful(useful),
                                Trial {
                                    index: t - warm,
                                    time_ms: ms,
                                    move_ms,
                                    ok,
                                },
                            )?;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
