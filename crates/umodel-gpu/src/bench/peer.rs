//! The multi-GPU groups. `peer`: data that live on one GPU (the home) and are used by another (the
//! user), under five policies: peer copy, peer access, a copy staged through pinned host memory,
//! managed memory prefetched across, and managed memory migrated by faults; each primitive step
//! timed on its own, and the whole alternation (home → R update passes on the user → the home reads
//! the result) timed as the held-out check of the model composed from them. `contention`: the same
//! host↔device movements on every GPU at once against each GPU alone.
//!
//! Every trial is checked: copies against a poisoned destination, updates by the value they must
//! leave behind, reads by their sum; a wrong answer is written as `check = failed`.

use std::sync::Barrier;
use std::time::Instant;

use super::cpu::{self, fill_ramp, ramp_sum};
use super::groups::{keep_last, time_on};
use super::{ms_since, BenchError, CellSpec, Group, Runner, Trial, RAMP};
use crate::gpu::{self, Gpu, GpuMem, Location, Shape};
use umodel_core::peer::{ContentionCase, Movement, PeerCase, PeerStep};
use umodel_core::policy::Policy;
use umodel_core::schema::Case;

/// One device's part of a concurrent movement: (device, times in ms, checks held).
type DeviceTimes = (usize, Vec<f64>, bool);

/// `warm + trials` runs of `one` (its time and whether its check held): the last `trials` times,
/// and whether every check held, warm-ups included.
fn measured(
    warm: u32,
    trials: u32,
    mut one: impl FnMut() -> Result<(f64, bool), BenchError>,
) -> Result<(Vec<f64>, bool), BenchError> {
    let mut ok = true;
    let times = keep_last(warm, trials, || {
        let (ms, good) = one()?;
        ok &= good;
        Ok(ms)
    })?;
    Ok((times.into_iter().map(|(ms, _)| ms).collect(), ok))
}

/// `k` update passes (`x = x + 1`) back to back on `g`, timed as one; ms.
fn passes(g: &Gpu, x: &mut impl GpuMem<f32>, k: u32) -> Result<f64, BenchError> {
    time_on(g, || {
        for _ in 0..k {
            g.inplace(Shape::Grid, x, 1.0, 1.0)?;
        }
        Ok(())
    })
}

/// Sum of `ramp + offset` over `n` floats, as the read kernel returns it.
fn sum_with(n: usize, offset: f32) -> u64 {
    ramp_sum(n, RAMP) + offset as u64 * n as u64
}

/// A measured cell before it is written.
struct Cell {
    policy: Policy,
    case: Box<dyn Case>,
    reuse: Option<u32>,
    useful: Option<u64>,
    times: Vec<f64>,
    ok: bool,
}

impl Runner<'_, '_> {
    fn open_device(&self, d: usize) -> Result<Option<Gpu>, BenchError> {
        Ok(if d == self.gpu.ordinal() {
            None
        } else {
            Some(Gpu::open(d)?)
        })
    }

    /// `peer`: data of `bytes` on device `from`, used on device `to`.
    pub(crate) fn peer(&mut self, bytes: u64, from: usize, to: usize) -> Result<(), BenchError> {
        let g = Group::Peer;
        let trials = self.trials(g);
        let reuse = self.cfg.reuse.clone();
        let (home_own, user_own) = (self.open_device(from)?, self.open_device(to)?);
        let home = home_own.as_ref().unwrap_or(self.gpu);
        let user = user_own.as_ref().unwrap_or(self.gpu);
        user.enable_peer_access(home)?;
        home.enable_peer_access(user)?;
        let n = ((bytes / 4).max(4) as usize) / 4 * 4;
        let bytes = n as u64 * 4;
        let case = |step: PeerStep| PeerCase {
            from: from as u32,
            to: to as u32,
            step,
        };
        let mut cells: Vec<Cell> = Vec::new();
        let mut push = |step: PeerStep, times: Vec<f64>, ok: bool| {
            cells.push(Cell {
                policy: step.policy(),
                case: Box::new(case(step)),
                reuse: None,
                useful: step.useful(bytes),
                times,
                ok,
            })
        };
        let warm = 1;

        let mut ramp = vec![0f32; n];
        fill_ramp(&mut ramp, RAMP, 0.0);
        let mut a = home.device::<f32>(n)?;
        home.copy_slice_to_device(&ramp, &mut a)?;
        let mut b = user.device::<f32>(n)?;
        let mut pin = user.pinned::<f32>(n, false)?;
        drop(ramp);
        let (mut off_a, mut off_b) = (0f32, 0f32);

        // Peer copies, each into a poisoned destination.
        let (t, ok) = measured(warm, trials, || {
            user.fill_bytes(&mut b, 0xFF)?;
            let pa = user.peer(&mut a)?;
            let ms = time_on(user, || Ok(user.copy_from_peer(&pa, &mut b)?))?;
            drop(pa);
            Ok((ms, user.check_ramp(&b, RAMP, off_a)? == 0))
        })?;
        off_b = off_a.max(off_b);
        push(PeerStep::CopyIn, t, ok);
        let (t, ok) = measured(warm, trials, || {
            home.fill_bytes(&mut a, 0xFF)?;
            home.sync()?;
            let mut pa = user.peer(&mut a)?;
            let ms = time_on(user, || Ok(user.copy_to_peer(&b, &mut pa)?))?;
            drop(pa);
            Ok((ms, home.check_ramp(&a, RAMP, off_b)? == 0))
        })?;
        off_a = off_b;
        push(PeerStep::CopyOut, t, ok);

        // Peer access: the user's kernels on the home's memory.
        let (t, ok) = measured(warm, trials, || {
            let pa = user.peer(&mut a)?;
            let ms = time_on(user, || Ok(user.read_sum(&pa)?))?;
            Ok((ms, user.take_sum()? == sum_with(n, off_a)))
        })?;
        push(PeerStep::AccessRead, t, ok);
        for (step, k) in [(PeerStep::AccessInplace, 1), (PeerStep::AccessInplace5, 5)] {
            let (t, ok) = measured(warm, trials, || {
                let mut pa = user.peer(&mut a)?;
                let ms = passes(user, &mut pa, k)?;
                drop(pa);
                off_a += k as f32;
                Ok((ms, home.check_ramp(&a, RAMP, off_a)? == 0))
            })?;
            push(step, t, ok);
        }

        // Local passes: the user's update on its own memory, the home's read of its own.
        for (step, k) in [(PeerStep::LocalInplace, 1), (PeerStep::LocalInplace5, 5)] {
            let (t, ok) = measured(warm, trials, || {
                let ms = passes(user, &mut b, k)?;
                off_b += k as f32;
                Ok((ms, user.check_ramp(&b, RAMP, off_b)? == 0))
            })?;
            push(step, t, ok);
        }
        let (t, ok) = measured(warm, trials, || {
            let ms = time_on(home, || Ok(home.read_sum(&a)?))?;
            Ok((ms, home.take_sum()? == sum_with(n, off_a)))
        })?;
        push(PeerStep::HomeRead, t, ok);

        // Staged through pinned host memory: one copy on each device, host-ordered.
        let (t, ok) = measured(warm, trials, || {
            user.fill_bytes(&mut b, 0xFF)?;
            user.sync()?;
            let down = time_on(home, || Ok(home.copy_to_host(&a, &mut pin)?))?;
            let up = time_on(user, || Ok(user.copy_to_device(&pin, &mut b)?))?;
            Ok((down + up, user.check_ramp(&b, RAMP, off_a)? == 0))
        })?;
        off_b = off_a;
        push(PeerStep::StagedIn, t, ok);
        let (t, ok) = measured(warm, trials, || {
            home.fill_bytes(&mut a, 0xFF)?;
            home.sync()?;
            let down = time_on(user, || Ok(user.copy_to_host(&b, &mut pin)?))?;
            let up = time_on(home, || Ok(home.copy_to_device(&pin, &mut a)?))?;
            Ok((down + up, home.check_ramp(&a, RAMP, off_b)? == 0))
        })?;
        off_a = off_b;
        push(PeerStep::StagedOut, t, ok);

        // Managed memory between the two devices (allocated through the user; the cap applies).
        let mut m = user.managed::<f32>(n)?;
        fill_ramp(m.host_mut()?, RAMP, 0.0);
        let mut off_m = 0f32;
        let to_home = |m: &crate::gpu::ManagedBuf<f32>| -> Result<(), BenchError> {
            home.prefetch(m, Location::Device)?;
            home.sync()?;
            Ok(())
        };
        let to_user = |m: &crate::gpu::ManagedBuf<f32>| -> Result<(), BenchError> {
            user.prefetch(m, Location::Device)?;
            user.sync()?;
            Ok(())
        };
        let (t, ok) = measured(warm, trials, || {
            to_home(&m)?;
            let ms = time_on(user, || Ok(user.prefetch(&m, Location::Device)?))?;
            Ok((ms, user.check_ramp(&m, RAMP, off_m)? == 0))
        })?;
        push(PeerStep::PrefetchIn, t, ok);
        let (t, ok) = measured(warm, trials, || {
            to_user(&m)?;
            let ms = time_on(home, || Ok(home.prefetch(&m, Location::Device)?))?;
            Ok((ms, home.check_ramp(&m, RAMP, off_m)? == 0))
        })?;
        push(PeerStep::PrefetchOut, t, ok);
        // The faulting pass starts from pages on the home; the resident ones from pages on the user.
        for (step, k, from_home) in [
            (PeerStep::FaultInplace, 1, true),
            (PeerStep::ResidentInplace, 1, false),
            (PeerStep::ResidentInplace5, 5, false),
        ] {
            let (t, ok) = measured(warm, trials, || {
                if from_home {
                    to_home(&m)?;
                } else {
                    to_user(&m)?;
                }
                let ms = passes(user, &mut m, k)?;
                off_m += k as f32;
                Ok((ms, user.check_ramp(&m, RAMP, off_m)? == 0))
            })?;
            push(step, t, ok);
        }
        // The home's read: faulting pages back from the user, or of pages already home.
        for (step, from_user) in [
            (PeerStep::FaultBackRead, true),
            (PeerStep::HomeReadManaged, false),
        ] {
            let (t, ok) = measured(warm, trials, || {
                if from_user {
                    to_user(&m)?;
                } else {
                    to_home(&m)?;
                }
                let ms = time_on(home, || Ok(home.read_sum(&m)?))?;
                Ok((ms, home.take_sum()? == sum_with(n, off_m)))
            })?;
            push(step, t, ok);
        }

        // What an alternation spends handing over: a launch and a synchronisation on each side.
        let (t, ok) = measured(warm, trials, || {
            let s = Instant::now();
            user.empty()?;
            user.sync()?;
            home.empty()?;
            home.sync()?;
            Ok((ms_since(s), true))
        })?;
        push(PeerStep::Handover, t, ok);

        // The alternations (wall clock; never fitted): the data start on the home, the user runs R
        // update passes, the home reads the result, whose sum is the check.
        let alt = case(PeerStep::Alternating);
        for &r in &reuse {
            for policy in Policy::PEER {
                let (times, ok) = measured(warm, trials, || {
                    if matches!(policy, Policy::Managed | Policy::ManagedPrefetch) {
                        to_home(&m)?;
                    }
                    let (ms, sum, want) = match policy {
                        Policy::PeerCopy => {
                            let mut pa = user.peer(&mut a)?;
                            let s = Instant::now();
                            user.copy_from_peer(&pa, &mut b)?;
                            for _ in 0..r {
                                user.inplace(Shape::Grid, &mut b, 1.0, 1.0)?;
                            }
                            user.copy_to_peer(&b, &mut pa)?;
                            drop(pa);
                            home.read_sum(&a)?;
                            home.sync()?;
                            let ms = ms_since(s);
                            off_a += r as f32;
                            (ms, home.take_sum()?, sum_with(n, off_a))
                        }
                        Policy::PeerAccess => {
                            let mut pa = user.peer(&mut a)?;
                            let s = Instant::now();
                            for _ in 0..r {
                                user.inplace(Shape::Grid, &mut pa, 1.0, 1.0)?;
                            }
                            drop(pa);
                            home.read_sum(&a)?;
                            home.sync()?;
                            let ms = ms_since(s);
                            off_a += r as f32;
                            (ms, home.take_sum()?, sum_with(n, off_a))
                        }
                        Policy::HostStaged => {
                            let s = Instant::now();
                            home.copy_to_host(&a, &mut pin)?;
                            home.sync()?;
                            user.copy_to_device(&pin, &mut b)?;
                            for _ in 0..r {
                                user.inplace(Shape::Grid, &mut b, 1.0, 1.0)?;
                            }
                            user.copy_to_host(&b, &mut pin)?;
                            user.sync()?;
                            home.copy_to_device(&pin, &mut a)?;
                            home.read_sum(&a)?;
                            home.sync()?;
                            let ms = ms_since(s);
                            off_a += r as f32;
                            (ms, home.take_sum()?, sum_with(n, off_a))
                        }
                        Policy::ManagedPrefetch => {
                            let s = Instant::now();
                            user.prefetch(&m, Location::Device)?;
                            for _ in 0..r {
                                user.inplace(Shape::Grid, &mut m, 1.0, 1.0)?;
                            }
                            user.sync()?;
                            home.prefetch(&m, Location::Device)?;
                            home.read_sum(&m)?;
                            home.sync()?;
                            let ms = ms_since(s);
                            off_m += r as f32;
                            (ms, home.take_sum()?, sum_with(n, off_m))
                        }
                        _ => {
                            let s = Instant::now();
                            for _ in 0..r {
                                user.inplace(Shape::Grid, &mut m, 1.0, 1.0)?;
                            }
                            user.sync()?;
                            home.read_sum(&m)?;
                            home.sync()?;
                            let ms = ms_since(s);
                            off_m += r as f32;
                            (ms, home.take_sum()?, sum_with(n, off_m))
                        }
                    };
                    Ok((ms, sum == want))
                })?;
                cells.push(Cell {
                    policy,
                    case: Box::new(alt),
                    reuse: Some(r),
                    useful: None,
                    times,
                    ok,
                });
            }
        }
        // Values stay whole numbers below 2^24 (exact in f32) for any plausible run.
        debug_assert!(off_a < 1.6e7 && off_m < 1.6e7);
        drop(m);
        drop(pin);
        drop(b);
        drop(a);
        self.write_cells(g, bytes, cells)
    }

    fn write_cells(&mut self, g: Group, bytes: u64, cells: Vec<Cell>) -> Result<(), BenchError> {
        for c in cells {
            for (i, &ms) in c.times.iter().enumerate() {
                self.row(
                    &CellSpec {
                        useful: c.useful,
                        reuse: c.reuse,
                        ..CellSpec::new(c.case.as_ref(), c.policy, bytes)
                    },
                    Trial::timed(i as u32, ms, c.ok),
                )?;
            }
            if !c.ok {
                self.sink.note(&format!(
                    "check FAILED: {} {} {} {bytes} bytes",
                    g.name(),
                    c.policy,
                    c.case.text()
                ));
            }
        }
        Ok(())
    }

    /// `contention`: each movement on every device alone, then on all devices at once (one thread
    /// per device, released together by a barrier before every trial).
    pub(crate) fn contention(&mut self, bytes: u64) -> Result<(), BenchError> {
        let g = Group::Contention;
        let trials = self.trials(g);
        let count = gpu::device_count()?;
        let mut owned = Vec::new();
        for d in 0..count {
            owned.push(self.open_device(d)?);
        }
        let gpus: Vec<&Gpu> = owned
            .iter()
            .map(|o| o.as_ref().unwrap_or(self.gpu))
            .collect();
        let n = ((bytes / 4).max(4) as usize) / 4 * 4;
        let bytes = n as u64 * 4;
        let mut sets: Vec<Vec<usize>> = (0..count).map(|d| vec![d]).collect();
        if count > 1 {
            sets.push((0..count).collect());
        }
        let mut cells = Vec::new();
        for what in Movement::ALL {
            for set in &sets {
                let barrier = Barrier::new(set.len());
                // Per device: (device, its times, whether its checks held).
                let results: Vec<Result<DeviceTimes, BenchError>> = std::thread::scope(|s| {
                    let handles: Vec<_> = set
                        .iter()
                        .map(|&d| {
                            let (gpu, barrier) = (gpus[d], &barrier);
                            s.spawn(move || {
                                move_trials(gpu, what, n, trials + 1, barrier)
                                    .map(|(t, ok)| (d, t, ok))
                            })
                        })
                        .collect();
                    handles
                        .into_iter()
                        .map(|h| {
                            h.join().unwrap_or_else(|_| {
                                Err(BenchError::Config("a contention thread panicked".into()))
                            })
                        })
                        .collect()
                });
                for r in results {
                    let (d, t, ok) = r?;
                    cells.push(Cell {
                        policy: what.policy(),
                        case: Box::new(ContentionCase {
                            what,
                            gpus: set.len() as u32,
                            device: d as u32,
                        }),
                        reuse: None,
                        useful: Some(bytes),
                        times: t.into_iter().skip(1).collect(),
                        ok,
                    });
                }
            }
        }
        self.write_cells(g, bytes, cells)
    }
}

/// One device's trials of a movement: `prep` untimed, then every device meets at the barrier and
/// `timed` runs. A device whose work fails still meets the barrier in the remaining trials, so the
/// others are never left waiting.
fn move_trials(
    gpu: &Gpu,
    what: Movement,
    n: usize,
    runs: u32,
    barrier: &Barrier,
) -> Result<(Vec<f64>, bool), BenchError> {
    let mut err: Option<BenchError> = None;
    let mut times = Vec::new();
    let mut ok = true;
    let mut run = |prep: &mut dyn FnMut() -> Result<(), BenchError>,
                   timed: &mut dyn FnMut() -> Result<(f64, bool), BenchError>| {
        for _ in 0..runs {
            if err.is_none() {
                err = prep().err();
            }
            barrier.wait();
            if err.is_none() {
                match timed() {
                    Ok((ms, good)) => {
                        times.push(ms);
                        ok &= good;
                    }
                    Err(e) => err = Some(e),
                }
            }
        }
    };
    match what {
        Movement::H2d => {
            let mut pin = gpu.pinned::<f32>(n, false)?;
            fill_ramp(pin.host_mut()?, RAMP, 0.0);
            let dev = std::cell::RefCell::new(gpu.device::<f32>(n)?);
            run(
                &mut || {
                    gpu.fill_bytes(&mut *dev.borrow_mut(), 0xFF)?;
                    Ok(gpu.sync()?)
                },
                &mut || {
                    let ms = time_on(gpu, || Ok(gpu.copy_to_device(&pin, &mut dev.borrow_mut())?))?;
                    Ok((ms, gpu.check_ramp(&*dev.borrow(), RAMP, 0.0)? == 0))
                },
            );
        }
        Movement::D2h => {
            let pin = std::cell::RefCell::new(gpu.pinned::<f32>(n, false)?);
            let mut dev = gpu.device::<f32>(n)?;
            let mut ramp = vec![0f32; n];
            fill_ramp(&mut ramp, RAMP, 0.0);
            gpu.copy_slice_to_device(&ramp, &mut dev)?;
            drop(ramp);
            run(
                &mut || {
                    // A copy that never ran cannot pass: its first 4 MiB would stay NaN.
                    pin.borrow_mut().host_mut()?[..n.min(1 << 20)].fill(f32::NAN);
                    Ok(())
                },
                &mut || {
                    let ms = time_on(gpu, || Ok(gpu.copy_to_host(&dev, &mut pin.borrow_mut())?))?;
                    Ok((
                        ms,
                        cpu::ramp_mismatches(pin.borrow().host()?, RAMP, 0.0) == 0,
                    ))
                },
            );
        }
        Movement::MappedRead => {
            let mut pin = gpu.pinned::<f32>(n, true)?;
            fill_ramp(pin.host_mut()?, RAMP, 0.0);
            run(&mut || Ok(()), &mut || {
                let ms = time_on(gpu, || Ok(gpu.read_sum(&pin)?))?;
                Ok((ms, gpu.take_sum()? == ramp_sum(n, RAMP)))
            });
        }
        Movement::Migrate => {
            let mut m = gpu.managed::<f32>(n)?;
            fill_ramp(m.host_mut()?, RAMP, 0.0);
            run(
                &mut || {
                    gpu.prefetch(&m, Location::Host)?;
                    Ok(gpu.sync()?)
                },
                &mut || {
                    let ms = time_on(gpu, || Ok(gpu.prefetch(&m, Location::Device)?))?;
                    Ok((ms, gpu.check_ramp(&m, RAMP, 0.0)? == 0))
                },
            );
        }
    }
    match err {
        Some(e) => Err(e),
        None => Ok((times, ok)),
    }
}
