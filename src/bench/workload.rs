//! `workload`: seed 001's four-round program. Each round runs `out[i] += scale_r · table[keys[i]]` on
//! the GPU, then the host reads the whole table (its checksum) before the next round. Five rows: an
//! explicit `cudaMalloc` + copies baseline, managed naive, managed with prefetch before every kernel,
//! managed with advice only, and advice + prefetch. Gates (seed 001): the output within tolerance of
//! a double-precision reference and bit-identical across rows, the table checksum right on every
//! round, no timed region of zero.

use std::time::Instant;

use super::cpu::splitmix64;
use super::{BenchError, Group, Runner};
use crate::gpu::{Advice, Location, ManagedBuf};
use crate::policy::Policy;

const ROUNDS: usize = 4;

fn scale(r: usize) -> f32 {
    0.5 + 0.25 * r as f32
}

/// Times of one row, ms, and what it computed.
struct RowResult {
    total: f64,
    kernel: f64,
    moved: f64,
    out: Vec<f32>,
    bad_rounds: u32,
}

fn checksum(t: &[f32]) -> f64 {
    // Table values are multiples of 1/4 below 1024: the f64 sum is exact in any order.
    t.iter().map(|v| f64::from(*v)).sum()
}

impl Runner<'_, '_> {
    pub(crate) fn workload(&mut self, bytes: u64) -> Result<(), BenchError> {
        let g = Group::Workload;
        let gpu = self.gpu;
        let trials = self.trials(g);
        let n = ((bytes / 4) as usize).max(1);
        let footprint = 3 * n as u64 * 4;
        let table: Vec<f32> = (0..n).map(|i| (i % 4093) as f32 * 0.25).collect();
        let mut state = 0xC0FF_EE00_u64;
        let keys: Vec<u32> = (0..n)
            .map(|_| (splitmix64(&mut state) % n as u64) as u32)
            .collect();
        let want_table = checksum(&table);
        let reference: Vec<f64> = keys
            .iter()
            .map(|&k| {
                (0..ROUNDS)
                    .map(|r| f64::from(scale(r)) * f64::from(table[k as usize]))
                    .sum()
            })
            .collect();
        let rows = [
            Policy::ExplicitCopy,
            Policy::Managed,
            Policy::ManagedPrefetch,
            Policy::ManagedAdvise,
            Policy::ManagedAdvisePrefetch,
        ];
        for t in 0..1 + trials {
            let mut explicit_out: Option<Vec<f32>> = None;
            for policy in rows {
                let res = if policy == Policy::ExplicitCopy {
                    self.workload_explicit(&table, &keys, want_table)?
                } else {
                    self.workload_managed(policy, &table, &keys, want_table)?
                };
                let host = res.total - res.kernel - res.moved;
                let within = res
                    .out
                    .iter()
                    .zip(&reference)
                    .all(|(o, r)| (f64::from(*o) - r).abs() <= 1e-5 * r.abs() + 1e-6);
                let identical = match &explicit_out {
                    None => true,
                    Some(e) => {
                        e.len() == res.out.len()
                            && e.iter()
                                .zip(&res.out)
                                .all(|(a, b)| a.to_bits() == b.to_bits())
                    }
                };
                let moves = matches!(
                    policy,
                    Policy::ExplicitCopy | Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch
                );
                let nonzero = res.total > 0.0 && res.kernel > 0.0 && (!moves || res.moved > 0.0);
                let ok = within && identical && res.bad_rounds == 0 && nonzero;
                if !ok {
                    self.sink.note(&format!(
                        "workload {policy}: gate failed (within tolerance {within}, bit-identical {identical}, bad rounds {}, non-zero times {nonzero})",
                        res.bad_rounds
                    ));
                }
                if policy == Policy::ExplicitCopy {
                    explicit_out = Some(res.out.clone());
                }
                if t >= 1 {
                    for (case, ms) in [
                        ("total", res.total),
                        ("kernel", res.kernel),
                        ("move", res.moved),
                        ("host", host),
                    ] {
                        self.row(
                            g,
                            policy,
                            case,
                            "",
                            footprint,
                            None,
                            None,
                            t - 1,
                            ms,
                            None,
                            ok,
                        )?;
                    }
                }
            }
        }
        gpu.sync()?;
        Ok(())
    }

    fn workload_explicit(
        &mut self,
        table: &[f32],
        keys: &[u32],
        want_table: f64,
    ) -> Result<RowResult, BenchError> {
        let gpu = self.gpu;
        let n = keys.len();
        let mut d_table = gpu.device::<f32>(n)?;
        let mut d_keys = gpu.device::<u32>(n)?;
        let mut d_out = gpu.device::<f32>(n)?;
        gpu.fill_bytes(&mut d_out, 0)?;
        let mut out = vec![0f32; n];
        gpu.sync()?;
        let (mut kernel, mut moved, mut bad) = (0.0, 0.0, 0);
        let start = Instant::now();
        moved += self.time_gpu(|| {
            gpu.copy_slice_to_device(table, &mut d_table)?;
            gpu.copy_slice_to_device(keys, &mut d_keys)?;
            Ok(())
        })?;
        for r in 0..ROUNDS {
            kernel += self.time_gpu(|| {
                Ok(gpu.gather(&d_table, &d_keys, (n - 1) as u32, &mut d_out, scale(r))?)
            })?;
            if checksum(table) != want_table {
                bad += 1;
            }
        }
        moved += self.time_gpu(|| Ok(gpu.copy_slice_to_host(&d_out, &mut out)?))?;
        let _ = checksum(&out); // the host reads the output, as the managed rows must
        let total = start.elapsed().as_secs_f64() * 1e3;
        Ok(RowResult {
            total,
            kernel,
            moved,
            out,
            bad_rounds: bad,
        })
    }

    fn workload_managed(
        &mut self,
        policy: Policy,
        table: &[f32],
        keys: &[u32],
        want_table: f64,
    ) -> Result<RowResult, BenchError> {
        let gpu = self.gpu;
        let n = keys.len();
        let mut u_table: ManagedBuf<f32> = gpu.managed(n)?;
        let mut u_keys: ManagedBuf<u32> = gpu.managed(n)?;
        let mut u_out: ManagedBuf<f32> = gpu.managed(n)?;
        u_table.host_mut()?.copy_from_slice(table);
        u_keys.host_mut()?.copy_from_slice(keys);
        u_out.host_mut()?.fill(0.0);
        let advise = matches!(
            policy,
            Policy::ManagedAdvise | Policy::ManagedAdvisePrefetch
        );
        let prefetch = matches!(
            policy,
            Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch
        );
        if advise {
            // Seed 001's advice, one call per access pattern: the table is read by both sides and
            // written by neither; the keys are read by the GPU every round; the output is written by
            // the GPU and read by the host once, at the end.
            gpu.advise(&u_table, Advice::ReadMostly)?;
            gpu.advise(&u_keys, Advice::PreferredLocation(Location::Device))?;
            gpu.advise(&u_out, Advice::PreferredLocation(Location::Device))?;
            gpu.advise(&u_out, Advice::AccessedBy(Location::Host))?;
        }
        gpu.sync()?;
        let (mut kernel, mut moved, mut bad) = (0.0, 0.0, 0);
        let start = Instant::now();
        for r in 0..ROUNDS {
            if prefetch {
                moved += self.time_gpu(|| {
                    gpu.prefetch(&u_table, Location::Device)?;
                    gpu.prefetch(&u_keys, Location::Device)?;
                    gpu.prefetch(&u_out, Location::Device)?;
                    Ok(())
                })?;
            }
            kernel += self.time_gpu(|| {
                Ok(gpu.gather(&u_table, &u_keys, (n - 1) as u32, &mut u_out, scale(r))?)
            })?;
            if checksum(u_table.host()?) != want_table {
                bad += 1;
            }
        }
        let out = u_out.host()?.to_vec(); // the host reads the last byte of the output
        let total = start.elapsed().as_secs_f64() * 1e3;
        Ok(RowResult {
            total,
            kernel,
            moved,
            out,
            bad_rounds: bad,
        })
    }
}
