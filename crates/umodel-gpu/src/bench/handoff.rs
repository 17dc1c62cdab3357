//! `handoff`: the CPU↔GPU alternation of seed 000 §VII-B under each placement policy. One alternation
//! is a CPU update of the whole working set, the policy's movement in, R GPU passes, the movement
//! out and a synchronisation; it is timed whole with the monotonic clock, and per stage (CPU update
//! on the host clock, GPU stages with events). `gpu_only` rows time one pass on data already
//! placed (per pass of a batch run back to back, as the alternation runs them), `cpu_only` rows the
//! CPU update alone: the paper's G and CPU baseline.
//!
//! Data are a ramp of whole numbers and every CPU update and GPU pass adds 1, so after k steps every
//! element must be exactly ramp + k. Each trial is checked where the data are (host memory on the CPU;
//! managed memory resident on the GPU with a GPU-side comparison, since reading it on the CPU would
//! migrate it and change what the next trial measures).

use std::time::Instant;

use super::cpu::{self, ramp_mismatches};
use super::{ms_since, BenchError, CellSpec, Group, Runner, Trial, RAMP};
use crate::gpu::{Advice, DeviceBuf, Location, ManagedBuf, PinnedBuf, Shape};
use umodel_core::policy::Policy;
use umodel_core::table::{HandoffCase, Stage};

/// Warm-up alternations before the trials (never written).
const WARM: u32 = 2;

/// Passes per timed `gpu_only` batch: enough for about 2 ms, 1…32 (`single_ms`: one warm pass).
fn gpu_only_batch(single_ms: f64) -> u32 {
    if single_ms.is_finite() && single_ms > 0.0 {
        (2.0 / single_ms).round().clamp(1.0, 32.0) as u32
    } else {
        1
    }
}

enum Place {
    Explicit {
        host: PinnedBuf<f32>,
        dev: DeviceBuf<f32>,
    },
    Mapped(PinnedBuf<f32>),
    Managed(ManagedBuf<f32>),
}

/// Times of one alternation, ms.
struct Alternation {
    total: f64,
    cpu: f64,
    move_in: f64,
    passes: f64,
    move_out: f64,
}

impl Runner<'_, '_> {
    pub(crate) fn handoff(&mut self, policy: Policy, bytes: u64) -> Result<(), BenchError> {
        let g = Group::Handoff;
        let gpu = self.gpu;
        let side_trials = super::handoff_side_trials(self.cfg);
        // Fixed trials when asked for; adaptive otherwise (module docs of bench::Adaptive).
        let (min_t, max_t, target, budget) = match (self.cfg.trials, self.cfg.adaptive) {
            (Some(t), _) => (t.max(1), t.max(1), 0.0, f64::INFINITY),
            (None, Some(a)) => (
                a.min_trials.max(1),
                a.max_trials.max(a.min_trials).max(1),
                a.target_rel_se,
                a.budget_s(bytes) * self.budget_scale,
            ),
            (None, None) => (self.trials(g), self.trials(g), 0.0, f64::INFINITY),
        };
        let threads = self.cfg.cpu.threads;
        let reuse = self.cfg.reuse.clone();
        let n = ((bytes / 4) as usize).max(4);
        let bytes = n as u64 * 4;
        let prefetching = matches!(
            policy,
            Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch
        );
        let mut place = match policy {
            Policy::ExplicitCopy => Place::Explicit {
                host: gpu.pinned(n, false)?,
                dev: gpu.device(n)?,
            },
            Policy::HostMapped => Place::Mapped(gpu.pinned(n, true)?),
            Policy::Managed | Policy::ManagedPrefetch => Place::Managed(gpu.managed(n)?),
            Policy::ManagedAdvise | Policy::ManagedAdvisePrefetch => {
                // The data live in host memory and the GPU maps them (no migration on access); the
                // prefetching variant moves them anyway, in bulk, before the passes.
                let m = gpu.managed(n)?;
                gpu.advise(&m, Advice::PreferredLocation(Location::Host))?;
                gpu.advise(&m, Advice::AccessedBy(Location::Device))?;
                Place::Managed(m)
            }
            Policy::Device
            | Policy::Pageable
            | Policy::PeerCopy
            | Policy::PeerAccess
            | Policy::HostStaged => {
                return Err(BenchError::Config(format!(
                    "`{policy}` is not a handoff policy"
                )));
            }
        };
        // On every core: the warm-up alternations rewrite the data before the first timed update
        // (a fresh 64 MiB managed allocation, filled and freed: 44 ms on one core, 20 on every
        // core; calibration/h200/run80/fills.err).
        match &mut place {
            Place::Explicit { host, .. } | Place::Mapped(host) => {
                cpu::fill_ramp_wide(host.host_mut()?, RAMP, 0.0)
            }
            Place::Managed(m) => cpu::fill_ramp_wide(m.host_mut()?, RAMP, 0.0),
        }
        let mut k = 0u32; // updates applied so far
        let events = [gpu.event()?, gpu.event()?, gpu.event()?, gpu.event()?];

        // One GPU pass over the data wherever this policy's passes find them.
        let pass = |place: &mut Place| -> Result<(), BenchError> {
            match place {
                Place::Explicit { dev, .. } => gpu.inplace(Shape::Flat, dev, 1.0, 1.0)?,
                Place::Mapped(h) => gpu.inplace(Shape::Flat, h, 1.0, 1.0)?,
                Place::Managed(m) => gpu.inplace(Shape::Flat, m, 1.0, 1.0)?,
            }
            Ok(())
        };
        let alternate = |place: &mut Place, r: u32| -> Result<Alternation, BenchError> {
            let start = Instant::now();
            let cpu_ms = {
                let x: &mut [f32] = match place {
                    Place::Explicit { host, .. } | Place::Mapped(host) => host.host_mut()?,
                    Place::Managed(m) => m.host_mut()?,
                };
                cpu::timed_update(x, threads)
            };
            gpu.record(&events[0])?;
            match place {
                Place::Explicit { host, dev } => gpu.copy_to_device(host, dev)?,
                Place::Managed(m) if prefetching => gpu.prefetch(m, Location::Device)?,
                _ => {}
            }
            gpu.record(&events[1])?;
            for _ in 0..r {
                pass(place)?;
            }
            gpu.record(&events[2])?;
            match place {
                Place::Explicit { host, dev } => gpu.copy_to_host(dev, host)?,
                Place::Managed(m) if prefetching => gpu.prefetch(m, Location::Host)?,
                _ => {}
            }
            gpu.record(&events[3])?;
            gpu.sync()?;
            let total = ms_since(start);
            Ok(Alternation {
                total,
                cpu: cpu_ms,
                move_in: events[1].ms_since(&events[0])?,
                passes: events[2].ms_since(&events[1])?,
                move_out: events[3].ms_since(&events[2])?,
            })
        };
        // Where the data are after an alternation decides where they are checked (module docs).
        let check = |place: &Place, k: u32| -> Result<bool, BenchError> {
            Ok(match place {
                Place::Explicit { host, .. } | Place::Mapped(host) => {
                    ramp_mismatches(host.host()?, RAMP, k as f32) == 0
                }
                Place::Managed(m) if policy == Policy::Managed => {
                    gpu.check_ramp(m, RAMP, k as f32)? == 0
                }
                Place::Managed(m) => ramp_mismatches(m.host()?, RAMP, k as f32) == 0,
            })
        };

        for _ in 0..WARM {
            alternate(&mut place, 1)?;
            k += 2;
        }
        let block_start = Instant::now();
        let mut by_r: Vec<Vec<f64>> = vec![Vec::new(); reuse.len()];
        let mut t = 0u32;
        loop {
            for (i, &r) in reuse.iter().enumerate() {
                let a = alternate(&mut place, r)?;
                k += 1 + r;
                let ok = check(&place, k)?;
                let moved = a.move_in + a.move_out;
                self.row(
                    &CellSpec::new(&HandoffCase::Alternating, policy, bytes).reuse(r),
                    Trial {
                        index: t,
                        time_ms: a.total,
                        move_ms: Some(moved),
                        ok,
                    },
                )?;
                for (stage, ms) in [
                    (Stage::Cpu, a.cpu),
                    (Stage::MoveIn, a.move_in),
                    (Stage::Passes, a.passes),
                    (Stage::MoveOut, a.move_out),
                ] {
                    self.row(
                        &CellSpec::new(&HandoffCase::Stage(stage), policy, bytes).reuse(r),
                        Trial::timed(t, ms, ok),
                    )?;
                }
                if ok {
                    by_r[i].push(a.total);
                } else {
                    self.sink.note(&format!(
                        "check FAILED: handoff {policy} {bytes} bytes R={r} trial {t}"
                    ));
                }
            }
            t += 1;
            if t >= max_t {
                break;
            }
            if t >= min_t {
                let precise = by_r.iter().all(|v| {
                    umodel_core::stats::Summary::of(v)
                        .is_some_and(|s| s.median > 0.0 && s.se / s.median <= target)
                });
                if precise || block_start.elapsed().as_secs_f64() >= budget {
                    break;
                }
            }
        }
        let trials = side_trials;

        // GPU-only: single passes on data already where this policy's passes find them.
        match &mut place {
            Place::Explicit { host, dev } => gpu.copy_to_device(host, dev)?,
            Place::Managed(m) if prefetching => gpu.prefetch(m, Location::Device)?,
            Place::Managed(m) if policy == Policy::Managed => {
                gpu.inplace(Shape::Flat, m, 1.0, 1.0)?; // migrate to the GPU (untimed)
                k += 1;
            }
            _ => {}
        }
        // The alternation runs its R passes back to back, so G is the time per pass of a batch of
        // back-to-back passes, not of one pass between two events: at 16 MiB the single pass paid
        // ~5 µs of event and launch gaps and over-predicted R = 32 by 8.6 % in both H200 runs of
        // 2026-11-30 (calibration/h200/{full,suite}.csv). Batches last about 2 ms.
        let mut single = f64::INFINITY;
        for _ in 0..WARM {
            single = single.min(self.time_gpu(|| pass(&mut place))?);
            k += 1;
        }
        let batch = gpu_only_batch(single);
        let mut times = Vec::new();
        for _ in 0..trials {
            let ms = self.time_gpu(|| {
                for _ in 0..batch {
                    pass(&mut place)?;
                }
                Ok(())
            })?;
            k += batch;
            times.push((ms / batch as f64, None));
        }
        // The side cells' checks run on every core: warm-up updates follow the first, the block
        // ends after the second.
        let ok = match &mut place {
            Place::Explicit { host, dev } => {
                gpu.copy_to_host(dev, host)?;
                cpu::ramp_mismatches_wide(host.host()?, RAMP, k as f32) == 0
            }
            Place::Mapped(h) => cpu::ramp_mismatches_wide(h.host()?, RAMP, k as f32) == 0,
            Place::Managed(m) => gpu.check_ramp(m, RAMP, k as f32)? == 0,
        };
        self.cell(
            &CellSpec::new(&HandoffCase::GpuOnly, policy, bytes).useful(2 * bytes),
            &times,
            ok,
        )?;

        // CPU-only: the update alone, on data already in host memory.
        let mut times = Vec::new();
        for p in 0..WARM + trials {
            let x: &mut [f32] = match &mut place {
                Place::Explicit { host, .. } | Place::Mapped(host) => host.host_mut()?,
                Place::Managed(m) => {
                    gpu.prefetch(m, Location::Host)?;
                    m.host_mut()?
                }
            };
            let ms = cpu::timed_update(x, threads);
            k += 1;
            if p >= WARM {
                times.push((ms, None));
            }
        }
        let ok = match &place {
            Place::Explicit { host, .. } | Place::Mapped(host) => {
                cpu::ramp_mismatches_wide(host.host()?, RAMP, k as f32) == 0
            }
            Place::Managed(m) => cpu::ramp_mismatches_wide(m.host()?, RAMP, k as f32) == 0,
        };
        self.cell(
            &CellSpec::new(&HandoffCase::CpuOnly, policy, bytes).useful(2 * bytes),
            &times,
            ok,
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::gpu_only_batch;

    #[test]
    fn gpu_only_batches_last_about_two_ms() {
        assert_eq!(gpu_only_batch(0.008), 32); // 16 MiB in HBM: capped
        assert_eq!(gpu_only_batch(0.5), 4); // 1 GiB in HBM
        assert_eq!(gpu_only_batch(25.0), 1); // 1 GiB read over PCIe
        assert_eq!(gpu_only_batch(f64::NAN), 1);
        assert_eq!(gpu_only_batch(0.0), 1);
    }
}
