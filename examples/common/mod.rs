//! What the measurement examples share: their one argument, the pinned thread, the CPU's level.

use std::hint::black_box;
use std::time::Instant;

use umodel::bench::cpu;

/// The run's length in seconds: the first argument, else `default`.
pub fn seconds(default: f64) -> Result<f64, Box<dyn std::error::Error>> {
    Ok(std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(default))
}

/// Pins the calling thread to the last core (where the suite runs its CPU work) and says so on
/// stderr; the core's number.
pub fn pin_last_core(seconds: f64) -> Result<usize, Box<dyn std::error::Error>> {
    let core = cpu::last_core().ok_or("no core ids")?;
    let pinned = cpu::pin_current_thread(core);
    eprintln!("pinned to core {core}: {pinned}; {seconds} s");
    Ok(core)
}

/// A dependent chain of `n` multiply-adds (the core's speed alone, no memory); ms.
#[allow(dead_code)] // not every example times the core
pub fn compute_chain(n: u32) -> f64 {
    let s = Instant::now();
    let mut x = black_box(1.0f64);
    for _ in 0..n {
        x = x * 1.000_000_1 + 1e-9;
    }
    black_box(x);
    s.elapsed().as_secs_f64() * 1e3
}
