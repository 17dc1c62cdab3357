//! Host-side work of the suite: the CPU update of the handoff (single thread pinned to a core, or
//! several threads, one per core), and the fills and checks outside the timed regions (on the
//! calling thread's cores: see `workers`; the `_wide` ones on every core).

use std::hint::black_box;
use std::sync::OnceLock;

use core_affinity::CoreId;

use super::ms_since;

/// The cores this process may use, as first seen (before the CPU update pinned its thread: a
/// pinned thread sees only its own core).
fn all_cores() -> &'static [CoreId] {
    static CORES: OnceLock<Vec<CoreId>> = OnceLock::new();
    CORES.get_or_init(|| core_affinity::get_core_ids().unwrap_or_default())
}

/// Pins the calling thread to `core`; false where that is not possible (the run's facts say so).
pub fn pin_current_thread(core: usize) -> bool {
    all_cores()
        .iter()
        .find(|c| c.id == core)
        .is_some_and(|c| core_affinity::set_for_current(*c))
}

/// The last core's id (the default for the pinned CPU update, away from core 0's interrupts).
pub fn last_core() -> Option<usize> {
    all_cores().iter().map(|c| c.id).max()
}

/// Cores the process may use, whatever the calling thread is pinned to.
pub fn core_count() -> usize {
    match all_cores().len() {
        0 => std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1),
        n => n,
    }
}

/// Threads for a fill or check: the cores the *calling thread* may run on. This is deliberate.
/// A thread pinned for the single-threaded CPU update fills and checks on its own core, so the
/// next timed update finds the data where its own thread left them, as in every committed H200
/// run. Spread over every core, a check leaves the lines in other cores' caches; the one H200 run
/// that did so (run10, 2026-11-30) was 10-30 % faster end to end and its 16 MiB updates were at
/// the top of the earlier runs' range (1.33-1.47 ms; earlier 0.65-1.38 ms), too little to tell
/// either way, so the conditions the committed data were measured under stay.
/// An unpinned caller (the multi-threaded update) uses every core, worker i on core i as in
/// [`update`], so each core checks the chunk it updates. The `_wide` fills and checks
/// ([`fill_ramp_wide`]) use every core from any thread, for data no timed CPU phase reads next.
fn workers() -> usize {
    std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 32)
}

/// Puts worker `i` of a multi-threaded fill, check or update on core `i` (modulo the cores).
fn place_worker(i: usize) {
    let cores = all_cores();
    if cores.len() > 1 {
        core_affinity::set_for_current(cores[i % cores.len()]);
    }
}

/// One handoff CPU update `x = x + 1` (see [`update`]), timed on the host's monotonic clock; ms.
pub fn timed_update(x: &mut [f32], threads: usize) -> f64 {
    let s = std::time::Instant::now();
    update(x, 1.0, 1.0, threads);
    ms_since(s)
}

/// The handoff's CPU update `x = a·x + b`, on `threads` threads (1 = the calling, pinned thread).
pub fn update(x: &mut [f32], a: f32, b: f32, threads: usize) {
    let (a, b) = (black_box(a), black_box(b));
    if threads <= 1 {
        for v in x.iter_mut() {
            *v = a * *v + b;
        }
        return;
    }
    let chunk = x.len().div_ceil(threads).max(1);
    std::thread::scope(|s| {
        for (i, part) in x.chunks_mut(chunk).enumerate() {
            s.spawn(move || {
                place_worker(i);
                for v in part.iter_mut() {
                    *v = a * *v + b;
                }
            });
        }
    });
}

/// Sums `f(start, part)` over `x` cut into parts of `chunk` elements, one thread per part.
fn par_sum<T: Sync>(x: &[T], chunk: usize, f: impl Fn(usize, &[T]) -> u64 + Sync) -> u64 {
    let many = x.len().div_ceil(chunk.max(1)) > 1;
    std::thread::scope(|s| {
        let handles: Vec<_> = x
            .chunks(chunk)
            .enumerate()
            .map(|(i, part)| {
                let f = &f;
                s.spawn(move || {
                    if many {
                        place_worker(i);
                    }
                    f(i * chunk, part)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("check thread"))
            .sum()
    })
}

/// The sum [`crate::gpu::Gpu::random_read`] must find over a ramp of `n` elements.
pub fn random_read_sum(n: usize, seed: u32, period: u32) -> u64 {
    let idx: Vec<u32> = (0..n as u32).collect();
    // Pure arithmetic, outside every timed region: on every core.
    par_sum(&idx, even_chunk_for(n, every_core()), |_, part| {
        part.iter()
            .map(|&i| {
                let k = crate::gpu::random_key(u64::from(i), seed, n as u64) as usize;
                ramp(k, period) as u64
            })
            .sum()
    })
}

/// A CPU read pass: the sum of `x` (in f64, in order), timed on the host's monotonic clock; ms.
pub fn timed_read(x: &[f32]) -> (f64, f64) {
    let s = std::time::Instant::now();
    let sum: f64 = black_box(x).iter().map(|v| f64::from(*v)).sum();
    (ms_since(s), black_box(sum))
}

/// [`timed_read`] on `threads` threads, worker i on core i (modulo the cores), each summing its
/// contiguous share; timed from before the first thread starts to after the last joins (a host
/// phase on many threads pays its start too; the plain read beside it pays the same).
pub fn timed_read_threads(x: &[f32], threads: usize) -> (f64, f64) {
    let chunk = even_chunk_for(x.len(), threads);
    let s = std::time::Instant::now();
    let sum = std::thread::scope(|sc| {
        let parts: Vec<_> = x
            .chunks(chunk)
            .enumerate()
            .map(|(i, part)| {
                sc.spawn(move || {
                    place_worker(i);
                    black_box(part).iter().map(|v| f64::from(*v)).sum::<f64>()
                })
            })
            .collect();
        parts
            .into_iter()
            .map(|h| h.join().expect("read thread"))
            .sum::<f64>()
    });
    (ms_since(s), black_box(sum))
}

/// Floats in a 4 KiB page: the unit the CPU's sparse touches and their checks count in.
pub const PAGE_FLOATS: usize = 1024;

/// Sets every element of one 4 KiB page in `every` to `v` (pages 0, every, 2·every, …).
pub fn sparse_write(x: &mut [f32], every: usize, v: f32) {
    sparse_write_pages(x, 0, every, 0, v);
}

/// [`sparse_write`] of pages `first`, `first + every`, … of a slice whose page 0 is the buffer's
/// page `base`.
fn sparse_write_pages(x: &mut [f32], base: usize, every: usize, first: usize, v: f32) {
    for (p, page) in x.chunks_mut(PAGE_FLOATS).enumerate() {
        if (base + p) % every == first {
            page.fill(v);
        }
    }
}

/// [`sparse_write`] of pages `first`, `first + every`, … on `threads` threads, worker i on core i
/// (modulo the cores), each over a contiguous share of whole pages, as a host phase on many
/// threads splits its work (`contrib/independent/relax.cu`); timed from before the first thread
/// starts to after the last joins, ms.
pub fn timed_sparse_write_threads(
    x: &mut [f32],
    every: usize,
    first: usize,
    v: f32,
    threads: usize,
) -> f64 {
    let pages = x.len().div_ceil(PAGE_FLOATS);
    let chunk = even_chunk_for(pages, threads) * PAGE_FLOATS;
    let s = std::time::Instant::now();
    std::thread::scope(|sc| {
        for (i, part) in x.chunks_mut(chunk).enumerate() {
            sc.spawn(move || {
                place_worker(i);
                sparse_write_pages(black_box(part), i * chunk / PAGE_FLOATS, every, first, v);
            });
        }
    });
    ms_since(s)
}

/// Writes every byte of `scratch`, pushing whatever was in the CPU's caches out to memory: the
/// data a GPU hands back arrive that way (by DMA or by migration), so a CPU phase's time on plain
/// memory is taken with them evicted too (the validation workloads' plain timings).
pub fn evict_caches(scratch: &mut [u8]) {
    let s = black_box(scratch);
    for chunk in s.chunks_mut(4096) {
        chunk.fill(chunk[0].wrapping_add(1));
    }
    black_box(s);
}

/// Bytes of scratch that evict the last-level cache: twice its size as the OS reports it
/// ([`umodel_core::platform::host_l3_bytes`], the platform facts' reading of sysfs), 256 MiB
/// where it does not say, at most 1 GiB.
pub fn evict_bytes() -> usize {
    let llc = umodel_core::platform::host_l3_bytes().and_then(|b| usize::try_from(b).ok());
    llc.unwrap_or(128 << 20)
        .saturating_mul(2)
        .clamp(64 << 20, 1 << 30)
}

/// The value the suite's data start from: small whole numbers, so every update stays exact in f32
/// and a check can demand bit-exact results.
#[inline]
pub fn ramp(i: usize, period: u32) -> f32 {
    (i % period as usize) as f32
}

/// One period of the ramp plus `offset`: fills and checks copy and compare it chunk by chunk, which
/// runs at memory speed (a `%` per element made a 1 GiB check take a quarter of a second).
fn period_table(period: u32, offset: f32) -> Vec<f32> {
    scaled_table(period, 1.0, offset)
}

fn scaled_table(period: u32, scale: f32, offset: f32) -> Vec<f32> {
    (0..period).map(|j| scale * j as f32 + offset).collect()
}

/// Work split for checks that need no alignment: one equal part per worker.
fn even_chunk(len: usize) -> usize {
    even_chunk_for(len, workers())
}

fn even_chunk_for(len: usize, workers: usize) -> usize {
    len.div_ceil(workers.max(1)).max(1)
}

/// Work split for the fills and checks over `workers`: chunks that start at a multiple of the
/// period.
fn aligned_chunk_for(len: usize, period: usize, workers: usize) -> usize {
    len.div_ceil(workers.max(1)).div_ceil(period).max(1) * period
}

/// Fills `x[i] = ramp(i) + offset` on the calling thread's cores (one, when it is pinned for the
/// CPU update: see `workers`).
pub fn fill_ramp(x: &mut [f32], period: u32, offset: f32) {
    fill_ramp_on(x, period, offset, workers());
}

/// [`fill_ramp`] on every core the process may use, whatever the calling thread is pinned to: for
/// data no timed CPU phase finds where the fill left them (a GPU step moves the pages away first,
/// or untimed warm-ups rewrite them), so the cache lines a spread fill leaves do not matter. On
/// the H200 64 MiB of migrated pages filled in 22.2 ms on one core, 8.3 ms on every core
/// (calibration/h200/run80/fills.err).
pub fn fill_ramp_wide(x: &mut [f32], period: u32, offset: f32) {
    fill_ramp_on(x, period, offset, every_core());
}

/// [`fill_ramp`] on one thread, whatever cores the calling thread may use: the writes a task's
/// one-thread CPU phase leaves, after which a migration on a slow H100 link cost 0.52-0.76 of its
/// price after every core's at 64 MiB (calibration/h100/run316; the probe times it).
pub fn fill_ramp_one_thread(x: &mut [f32], period: u32, offset: f32) {
    fill_ramp_on(x, period, offset, 1);
}

/// Workers for a fill or check spread over every core the process may use.
fn every_core() -> usize {
    all_cores().len().clamp(1, 32)
}

fn fill_ramp_on(x: &mut [f32], period: u32, offset: f32, workers: usize) {
    let table = period_table(period, offset);
    let chunk = aligned_chunk_for(x.len(), period as usize, workers);
    let many = workers > 1;
    std::thread::scope(|s| {
        for (i, part) in x.chunks_mut(chunk).enumerate() {
            let table = &table;
            s.spawn(move || {
                if many {
                    place_worker(i);
                }
                for piece in part.chunks_mut(table.len()) {
                    piece.copy_from_slice(&table[..piece.len()]);
                }
            });
        }
    });
}

/// Counts the elements of `x` that are not `ramp(i) + offset`.
pub fn ramp_mismatches(x: &[f32], period: u32, offset: f32) -> u64 {
    scaled_ramp_mismatches(x, period, 1.0, offset)
}

/// [`ramp_mismatches`] on every core the process may use (see [`fill_ramp_wide`]).
pub fn ramp_mismatches_wide(x: &[f32], period: u32, offset: f32) -> u64 {
    scaled_ramp_mismatches_in(x, period, 1.0, offset, every_core())
}

/// Counts the elements of `x` that are not `scale·ramp(i) + offset`.
pub fn scaled_ramp_mismatches(x: &[f32], period: u32, scale: f32, offset: f32) -> u64 {
    scaled_ramp_mismatches_in(x, period, scale, offset, workers())
}

fn scaled_ramp_mismatches_in(
    x: &[f32],
    period: u32,
    scale: f32,
    offset: f32,
    workers: usize,
) -> u64 {
    let table = scaled_table(period, scale, offset);
    par_sum(
        x,
        aligned_chunk_for(x.len(), period as usize, workers),
        |_, part| {
            part.chunks(table.len())
                .map(|piece| {
                    piece
                        .iter()
                        .zip(&table)
                        .filter(|(a, b)| a.to_bits() != b.to_bits())
                        .count() as u64
                })
                .sum()
        },
    )
}

/// Counts elements that differ from the ramp plus `k` where `touched(i)` and from the ramp elsewhere,
/// for a power-of-two `stride` (touched: `i % stride == 0`) or every element (`stride == 0`).
pub fn pattern_mismatches(x: &[f32], period: u32, stride: u64, k: f32) -> u64 {
    if stride <= 1 {
        return ramp_mismatches(x, period, k);
    }
    debug_assert!(stride.is_power_of_two() && (period as u64).is_power_of_two());
    let mask = stride as usize - 1;
    let pmask = period as usize - 1;
    count_bad(x, |i, v| {
        v != (i & pmask) as f32 + if i & mask == 0 { k } else { 0.0 }
    })
}

/// Counts the elements for which `bad(i, value)` holds, on the calling thread's cores.
pub fn count_bad(x: &[f32], bad: impl Fn(usize, f32) -> bool + Sync) -> u64 {
    count_bad_in(x, even_chunk(x.len()), bad)
}

/// [`count_bad`] on every core the process may use (see [`fill_ramp_wide`]).
pub fn count_bad_wide(x: &[f32], bad: impl Fn(usize, f32) -> bool + Sync) -> u64 {
    count_bad_in(x, even_chunk_for(x.len(), every_core()), bad)
}

fn count_bad_in(x: &[f32], chunk: usize, bad: impl Fn(usize, f32) -> bool + Sync) -> u64 {
    par_sum(x, chunk, |start, part| {
        part.iter()
            .enumerate()
            .filter(|(j, v)| bad(start + j, **v))
            .count() as u64
    })
}

/// Sum of `ramp(i)` for `i < n`, as a whole number (what the GPU read kernel must return).
pub fn ramp_sum(n: usize, period: u32) -> u64 {
    let p = period as u64;
    let n = n as u64;
    let full = n / p;
    let rest = n % p;
    full * (p * (p - 1) / 2) + rest * (rest.saturating_sub(1)) / 2
}

/// Elements that differ between two slices (bitwise).
pub fn mismatches(a: &[f32], b: &[f32]) -> u64 {
    if a.len() != b.len() {
        return a.len().max(b.len()) as u64;
    }
    par_sum(a, even_chunk(a.len()), |start, part| {
        part.iter()
            .zip(&b[start..start + part.len()])
            .filter(|(x, y)| x.to_bits() != y.to_bits())
            .count() as u64
    })
}

/// A deterministic pseudo-random permutation of `0..n` (Fisher–Yates with splitmix64).
pub fn permutation(n: usize, seed: u64) -> Vec<u32> {
    assert!(
        n <= u32::MAX as usize + 1,
        "permutation too large for u32 indices"
    );
    let mut v: Vec<u32> = (0..n as u64).map(|i| i as u32).collect();
    let mut state = seed;
    for i in (1..n).rev() {
        let j = (splitmix64(&mut state) % (i as u64 + 1)) as usize;
        v.swap(i, j);
    }
    v
}

/// splitmix64 (Steele, Lea, Flood 2014): small, fast, good enough to shuffle benchmark indices.
pub fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn update_is_exact_on_ramps_single_and_multi_threaded() {
        for threads in [1, 3] {
            let mut x = vec![0.0f32; 10_007];
            fill_ramp(&mut x, 1024, 0.0);
            update(&mut x, 1.0, 1.0, threads);
            update(&mut x, 1.0, 1.0, threads);
            assert_eq!(ramp_mismatches(&x, 1024, 2.0), 0);
            x[5000] += 1.0;
            assert_eq!(ramp_mismatches(&x, 1024, 2.0), 1);
        }
    }

    #[test]
    fn a_pinned_thread_checks_on_its_own_core_and_an_update_uses_every_core() {
        std::thread::spawn(|| {
            let n = core_count();
            let last = last_core().expect("core ids on Linux");
            assert!(pin_current_thread(last));
            // Fills and checks stay on the pinned core (see `workers`).
            assert_eq!(workers(), 1);
            assert_eq!(core_count(), n, "the process's cores are still known");
            let mut x = vec![0.0f32; 100_003];
            fill_ramp(&mut x, 1024, 1.0);
            // A multi-threaded update asked for from a pinned thread still spreads its workers.
            let seen = std::sync::Mutex::new(Vec::new());
            std::thread::scope(|s| {
                for i in 0..n {
                    let seen = &seen;
                    s.spawn(move || {
                        place_worker(i);
                        seen.lock()
                            .unwrap()
                            .push(std::thread::available_parallelism().unwrap().get());
                    });
                }
            });
            assert!(seen.into_inner().unwrap().iter().all(|&k| k == 1));
            update(&mut x, 1.0, 1.0, n);
            assert_eq!(ramp_mismatches(&x, 1024, 2.0), 0);
        })
        .join()
        .unwrap();
        // An unpinned thread fills and checks on every core.
        std::thread::spawn(|| assert_eq!(workers(), core_count().clamp(1, 32)))
            .join()
            .unwrap();
    }

    #[test]
    fn wide_fills_and_checks_from_a_pinned_thread_split_over_every_core_and_stay_exact() {
        std::thread::spawn(|| {
            let n = core_count();
            assert!(pin_current_thread(last_core().expect("core ids on Linux")));
            assert_eq!(workers(), 1);
            assert_eq!(every_core(), n.clamp(1, 32));
            // Lengths around the chunking: shorter than one period, not a multiple of it, long.
            for len in [5, 1024 * n + 7, 300_001] {
                let mut x = vec![-1.0f32; len];
                fill_ramp_wide(&mut x, 1024, 2.0);
                assert_eq!(ramp_mismatches(&x, 1024, 2.0), 0, "len {len}");
                let parts = len.div_ceil(aligned_chunk_for(len, 1024, every_core()));
                assert!(parts <= every_core(), "len {len}: {parts} parts");
                if n > 1 && len >= 2048 {
                    assert!(parts > 1, "len {len}: one part from a pinned thread");
                }
                x[len - 1] = 0.5;
                x[0] = 0.5;
                let bad = |i: usize, v: f32| v != ramp(i, 1024) + 2.0;
                let wrong = if len > 1 { 2 } else { 1 };
                assert_eq!(count_bad_wide(&x, bad), wrong);
                assert_eq!(count_bad(&x, bad), wrong);
                assert_eq!(ramp_mismatches_wide(&x, 1024, 2.0), wrong);
                assert_eq!(ramp_mismatches(&x, 1024, 2.0), wrong);
            }
        })
        .join()
        .unwrap();
    }

    #[test]
    fn a_sparse_write_on_many_threads_writes_the_same_pages_as_on_one() {
        // Lengths: a part page at the end, fewer pages than threads, many pages.
        for len in [10 * PAGE_FLOATS + 5, 3 * PAGE_FLOATS, 100 * PAGE_FLOATS + 1] {
            for (threads, first) in [(1, 0), (4, 1), (8, 2), (16, 3), (3, 9)] {
                let mut want = vec![0.0f32; len];
                for (p, page) in want.chunks_mut(PAGE_FLOATS).enumerate() {
                    if p % 10 == first {
                        page.fill(-1.0);
                    }
                }
                let mut x = vec![0.0f32; len];
                timed_sparse_write_threads(&mut x, 10, first, -1.0, threads);
                assert!(
                    x == want,
                    "len {len}, {threads} threads, first page {first}"
                );
            }
        }
        let mut x = vec![0.0f32; 25 * PAGE_FLOATS];
        sparse_write(&mut x, 10, 2.0);
        let written: Vec<usize> = (0..25).filter(|p| x[p * PAGE_FLOATS] == 2.0).collect();
        assert_eq!(written, [0, 10, 20]);
    }

    #[test]
    fn pattern_checks_find_exactly_the_wrong_elements() {
        let mut x = vec![0.0f32; 4096 + 5];
        fill_ramp(&mut x, 1024, 0.0);
        for i in (0..x.len()).step_by(64) {
            x[i] += 2.0;
        }
        assert_eq!(pattern_mismatches(&x, 1024, 64, 2.0), 0);
        assert_eq!(
            pattern_mismatches(&x, 1024, 64, 1.0),
            x.len().div_ceil(64) as u64
        );
        // Stride 32 expects every 32nd element touched: the odd multiples of 32 were not.
        let odd32 = (0..x.len()).filter(|i| i % 64 == 32).count() as u64;
        assert_eq!(pattern_mismatches(&x, 1024, 32, 2.0), odd32);
        x[3] = 99.0;
        assert_eq!(pattern_mismatches(&x, 1024, 64, 2.0), 1);
        let mut y = vec![0.0f32; 100];
        fill_ramp(&mut y, 1024, 3.0);
        assert_eq!(pattern_mismatches(&y, 1024, 0, 3.0), 0);
    }

    #[test]
    fn ramp_sum_matches_a_loop() {
        for (n, p) in [
            (0usize, 1024u32),
            (1, 1024),
            (1023, 1024),
            (1024, 1024),
            (5000, 1024),
            (10, 3),
        ] {
            let want: u64 = (0..n).map(|i| ramp(i, p) as u64).sum();
            assert_eq!(ramp_sum(n, p), want, "n={n} p={p}");
        }
    }

    #[test]
    fn permutation_is_a_permutation() {
        let p = permutation(10_000, 7);
        let mut s = p.clone();
        s.sort_unstable();
        assert!(s.iter().enumerate().all(|(i, v)| *v as usize == i));
        assert_ne!(p, s, "shuffled");
        assert_eq!(p, permutation(10_000, 7), "deterministic");
    }

    #[test]
    fn mismatches_counts_bits() {
        let a = vec![1.0f32, 2.0, 3.0];
        assert_eq!(mismatches(&a, &[1.0, 2.5, 3.0]), 1);
        assert_eq!(mismatches(&a, &a), 0);
        assert_eq!(mismatches(&a, &[1.0]), 3);
    }
}
