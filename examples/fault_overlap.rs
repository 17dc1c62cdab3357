//! How much of a GPU pass's faults does its kernel's own work hide, and does that depend on how
//! long the kernel is, its shape, or the size?
//!
//! The task model prices a first pass over pages the host just wrote as `max(kernel, faults) +
//! share × min(kernel, faults)` (`FaultsUnderCompute`), with the share fitted from one kernel
//! length (the managed group's compute cells). This example measures the share over the lengths,
//! both launch shapes and two sizes, and for the compute-bound workload's own kernel (an integer
//! mix, one element per thread, `tasks/compute-bound.json`), in one process.
//!
//! Each trial: the host writes two managed buffers; a streaming pass over the first times the
//! faults alone; the compute-bound kernel over the second times faults under compute; the same
//! kernel again times the kernel alone. The streaming and convergence results are checked on the
//! GPU; the integer mix's output is not (the workloads check it).
//!
//! `cargo run --release --example fault_overlap -- TRIALS > overlap.csv`; rows:
//! `kernel,shape,steps,bytes,trial,faults_ms,cold_ms,kernel_ms,share`.

mod common;

use umodel::bench::cpu;
use umodel::gpu::{Gpu, ManagedBuf, Shape};

const RAMP: u32 = 1024;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let trials = common::seconds(5.0)? as u32;
    let gpu = Gpu::open(0)?;
    common::pin_last_core(0.0)?;
    let timer = common::GpuTimer::new(&gpu)?;
    let mib = 1usize << 20;
    let mut configs: Vec<(&str, Shape, u32, usize)> = Vec::new();
    for k in [512, 2048, 4096, 8192, 16384, 32768] {
        configs.push(("converge", Shape::Flat, k, 64 * mib));
    }
    for k in [2048, 8192, 32768] {
        configs.push(("converge", Shape::Grid, k, 64 * mib));
    }
    configs.push(("converge", Shape::Flat, 8192, 256 * mib));
    configs.push(("converge", Shape::Flat, 8192, 16 * mib));
    configs.push(("mix", Shape::Flat, 2048, 64 * mib));
    println!("kernel,shape,steps,bytes,trial,faults_ms,cold_ms,kernel_ms,share");
    let mut bad = 0u64;
    for (kernel, shape, k, bytes) in configs {
        let n = bytes / 4;
        let mut f: ManagedBuf<f32> = gpu.managed(n)?;
        let mut c: ManagedBuf<f32> = gpu.managed(n)?;
        let mut x: ManagedBuf<u32> = gpu.managed(n)?;
        let mut y = gpu.device::<u32>(n)?;
        for t in 0..=trials {
            cpu::fill_ramp(f.host_mut()?, RAMP, 0.0);
            let faults = timer.time(|| gpu.inplace(Shape::Flat, &mut f, 1.0, 1.0))?;
            let (cold, alone) = if kernel == "converge" {
                cpu::fill_ramp(c.host_mut()?, RAMP, 0.0);
                let cold = timer.time(|| gpu.converge(shape, &mut c, k))?;
                let alone = timer.time(|| gpu.converge(shape, &mut c, k))?;
                bad += gpu.check_ramp(&c, RAMP, 2.0)?;
                (cold, alone)
            } else {
                for (i, v) in x.host_mut()?.iter_mut().enumerate() {
                    *v = i as u32;
                }
                let cold = timer.time(|| gpu.compute(&x, &mut y, k))?;
                let alone = timer.time(|| gpu.compute(&x, &mut y, k))?;
                (cold, alone)
            };
            bad += gpu.check_ramp(&f, RAMP, 1.0)?;
            if t == 0 {
                continue; // warm-up
            }
            let share = (cold - alone.max(faults)) / alone.min(faults);
            let shape = if shape == Shape::Flat { "flat" } else { "grid" };
            println!(
                "{kernel},{shape},{k},{bytes},{},{faults:.4},{cold:.4},{alone:.4},{share:.4}",
                t - 1
            );
        }
    }
    eprintln!("elements wrong: {bad}");
    if bad > 0 {
        return Err("a check failed".into());
    }
    Ok(())
}
