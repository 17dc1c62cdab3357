//! What the measurement examples share: their one argument, the pinned thread, the CPU's level.

use std::hint::black_box;
use std::time::Instant;

use umodel::bench::cpu;
use umodel::gpu::{Event, Gpu, GpuError};

/// The run's length in seconds: the first argument, else `default`.
#[allow(dead_code)] // not every example takes a length
pub fn seconds(default: f64) -> Result<f64, Box<dyn std::error::Error>> {
    Ok(std::env::args()
        .nth(1)
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(default))
}

/// Pins the calling thread to the last core (where the suite runs its CPU work) and says so on
/// stderr; the core's number.
#[allow(dead_code)] // not every example pins its thread
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

/// GPU time of enqueued work: events around it, then a synchronisation.
#[allow(dead_code)] // not every example times the GPU
pub struct GpuTimer<'g> {
    gpu: &'g Gpu,
    start: Event,
    end: Event,
}

#[allow(dead_code)]
impl<'g> GpuTimer<'g> {
    pub fn new(gpu: &'g Gpu) -> Result<GpuTimer<'g>, GpuError> {
        Ok(GpuTimer {
            gpu,
            start: gpu.event()?,
            end: gpu.event()?,
        })
    }

    /// Milliseconds the GPU spent on what `enqueue` put on the stream.
    pub fn time(&self, enqueue: impl FnOnce() -> Result<(), GpuError>) -> Result<f64, GpuError> {
        self.gpu.record(&self.start)?;
        enqueue()?;
        self.gpu.record(&self.end)?;
        self.gpu.sync()?;
        self.end.ms_since(&self.start)
    }
}
