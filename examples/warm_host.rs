//! Does a host pass run faster on data the GPU just handed back than on the same data with the
//! caches evicted? (NOTES.md, "Host phases in the trials against their plain timing, on many
//! threads": on 8–16 threads at 64 MiB the independent programs' host phases ran 5–18 % faster
//! inside their trials than their evicted plain timing.)
//!
//! Per trial, for 64 and 256 MiB, 1, 4 and 16 threads, and two passes (a read of every float; a
//! write of one 4 KiB page in ten, as `relax.cu`'s host rounds), the same pass on the same values
//! after five preparations, in turn:
//! - `heap-evicted`: pageable memory, copied from the device, then the caches evicted (how the
//!   programs time their plain phases);
//! - `heap-after-copy`: pageable memory, the caches evicted, then copied from the device (what
//!   explicit copy hands the host);
//! - `pinned-evicted`, `pinned-after-copy`: the same on page-locked memory (a copy by DMA);
//! - `pinned-after-gpu-write`: page-locked mapped memory the GPU rewrote over the link after the
//!   eviction (what host-mapped hands the host);
//! - `heap-evicted-clean`, `heap-after-copy-clean`: the first two with the caches evicted by
//!   reading a scratch buffer rather than writing it, so that the lines they leave are clean (an
//!   eviction by writing, as `cpu::evict_caches` and the programs' memset do, leaves the cache
//!   full of dirty lines that the pass must write back; since `run170`);
//! - `heap-evicted-woken`: `heap-evicted`, then a read of 1 MiB on as many threads right before
//!   the pass, so that its cores were busy a moment before, as they are inside a program's
//!   trial (after the eviction they sat idle for tens of milliseconds; since `run171`).
//!
//! Every read's sum is checked against the values copied; every write's pages afterwards.
//! Needs a GPU. `cargo run --release --example warm_host -- 7 > warm.csv`; the argument is the
//! trial count. Rows: `bytes,threads,pass,prep,trial,ms,check`.

mod common;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, Shape};

const PERIOD: u32 = 1024;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let trials = common::seconds(7.0)? as u32;
    let gpu = Gpu::open(0)?;
    let mut scratch = vec![0u8; cpu::evict_bytes()];
    eprintln!(
        "{} cores; evicting {} MiB",
        cpu::core_count(),
        scratch.len() >> 20
    );
    println!("bytes,threads,pass,prep,trial,ms,check");
    for bytes in [64usize << 20, 256 << 20] {
        let n = bytes / 4;
        let mut d = gpu.device::<f32>(n)?;
        let mut ramp = vec![0f32; n];
        cpu::fill_ramp_wide(&mut ramp, PERIOD, 0.0);
        gpu.copy_slice_to_device(&ramp, &mut d)?;
        gpu.sync()?;
        let want: f64 = ramp.iter().map(|v| f64::from(*v)).sum();
        drop(ramp);
        let mut heap = vec![0f32; n];
        let wake = vec![1f32; (1 << 20) / 4];
        let mut pinned = gpu.pinned::<f32>(n, false)?;
        let mut mapped = gpu.pinned::<f32>(n, true)?;
        for t in 0..trials {
            for threads in [1usize, 4, 16] {
                for write in [false, true] {
                    for prep in [
                        "heap-evicted",
                        "heap-after-copy",
                        "pinned-evicted",
                        "pinned-after-copy",
                        "pinned-after-gpu-write",
                        "heap-evicted-clean",
                        "heap-after-copy-clean",
                        "heap-evicted-woken",
                    ] {
                        let x: &mut [f32] = match prep {
                            "heap-evicted" => {
                                gpu.copy_slice_to_host(&d, &mut heap)?;
                                cpu::evict_caches(&mut scratch);
                                &mut heap
                            }
                            "heap-after-copy" => {
                                cpu::evict_caches(&mut scratch);
                                gpu.copy_slice_to_host(&d, &mut heap)?;
                                &mut heap
                            }
                            "pinned-evicted" => {
                                gpu.copy_to_host(&d, &mut pinned)?;
                                gpu.sync()?;
                                cpu::evict_caches(&mut scratch);
                                pinned.host_mut()?
                            }
                            "pinned-after-copy" => {
                                cpu::evict_caches(&mut scratch);
                                gpu.copy_to_host(&d, &mut pinned)?;
                                gpu.sync()?;
                                pinned.host_mut()?
                            }
                            "heap-evicted-woken" => {
                                gpu.copy_slice_to_host(&d, &mut heap)?;
                                cpu::evict_caches(&mut scratch);
                                std::hint::black_box(cpu::timed_read_threads(&wake, threads));
                                &mut heap
                            }
                            "heap-evicted-clean" => {
                                gpu.copy_slice_to_host(&d, &mut heap)?;
                                evict_clean(&scratch);
                                &mut heap
                            }
                            "heap-after-copy-clean" => {
                                evict_clean(&scratch);
                                gpu.copy_slice_to_host(&d, &mut heap)?;
                                &mut heap
                            }
                            _ => {
                                gpu.copy_to_host(&d, &mut mapped)?;
                                gpu.sync()?;
                                cpu::evict_caches(&mut scratch);
                                // x = 1·x + 0: every float written back over the link, unchanged.
                                gpu.inplace(Shape::Flat, &mut mapped, 1.0, 0.0)?;
                                gpu.sync()?;
                                mapped.host_mut()?
                            }
                        };
                        let (ms, ok) = if write {
                            let ms = cpu::timed_sparse_write_threads(x, 10, 0, -1.0, threads);
                            let ok = x
                                .chunks(cpu::PAGE_FLOATS)
                                .enumerate()
                                .all(|(p, page)| (p % 10 == 0) == (page[0] == -1.0));
                            (ms, ok)
                        } else {
                            let (ms, sum) = cpu::timed_read_threads(x, threads);
                            (ms, sum == want)
                        };
                        println!(
                            "{bytes},{threads},{},{prep},{t},{ms:.4},{}",
                            if write { "sparse-write" } else { "read" },
                            if ok { "ok" } else { "failed" }
                        );
                    }
                }
            }
        }
    }
    Ok(())
}

/// Evicts the caches by reading one byte of each 64-byte line of `scratch` (twice the last-level
/// cache), leaving them full of clean lines.
fn evict_clean(scratch: &[u8]) {
    let s: u64 = std::hint::black_box(scratch)
        .iter()
        .step_by(64)
        .map(|b| u64::from(*b))
        .sum();
    std::hint::black_box(s);
}
