//! What does opening the GPU cost a process, and how much of it is the driver compiling PTX?
//!
//! umodel loads its kernels as PTX for the virtual architecture (`compute_90`), which the driver
//! compiles to machine code when the module loads, caching the result per user
//! (`~/.nv/ComputeCache`, or `CUDA_CACHE_PATH`). The PTX is embedded in the build for devices of
//! compute capability 9.0 (`ptx`), or compiled by NVRTC at every open (`ptx-compiled`, as every
//! build before the embedded did, and on other devices); or, asked, the machine code (`sm_90`)
//! comes from NVRTC itself (`cubin`). A run's first calibration spent a median 0.78 s
//! longer outside its blocks than its later ones (`calibration/h200/offline42/walls.txt`); this
//! times the open's pieces (`calibration/h100/run203/startup.txt`, NOTES.md "The 20-second
//! calibration").
//!
//! One open per process (a second open in one process finds the driver initialised), so the
//! script runs it many times:
//!
//!     cargo run --release --example startup -- ptx|ptx-compiled|cubin
//!
//! prints one CSV row, `code,libraries_s,context_s,compile_s,load_s,total_s,nvrtc`: the code the
//! kernels were loaded as, then the seconds of loading libcuda (and libnvrtc, before `05681a7`),
//! creating the context, compiling the four kernel files (or finding the embedded PTX), loading
//! their modules, and the whole open, and whether NVRTC compiled anything (`yes`, `no`; builds
//! before the embedded PTX printed the first six columns only).

use std::time::Instant;

use umodel::gpu::{Gpu, KernelCode};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let code = match std::env::args().nth(1).as_deref() {
        Some("cubin") => KernelCode::Cubin,
        Some("ptx") => KernelCode::Ptx,
        Some("ptx-compiled") => KernelCode::PtxCompiled,
        other => {
            return Err(format!("give `ptx`, `ptx-compiled` or `cubin`, not {other:?}").into())
        }
    };
    let t = Instant::now();
    let gpu = Gpu::open_with(0, code)?;
    let total = t.elapsed().as_secs_f64();
    let s = gpu.startup();
    println!(
        "{},{:.4},{:.4},{:.4},{:.4},{:.4},{}",
        s.code.name(),
        s.libraries_s,
        s.context_s,
        s.compile_s,
        s.load_s,
        total,
        if s.nvrtc { "yes" } else { "no" }
    );
    Ok(())
}
