//! Writes the PTX umodel embeds for devices of compute capability 9.0 (H100, H200), so that
//! opening one does not compile the kernels with NVRTC each time (0.09 s with a warm JIT cache,
//! 0.22–0.24 s on a VM's first process: `calibration/h100/run208`, `run210`).
//!
//! NVRTC makes the same PTX from the same sources, options and version wherever it runs, so this
//! needs no GPU: `scripts/kernels-ptx.sh` installs NVRTC 13.0.88 (the GPU machines' CUDA 13.0)
//! from PyPI and runs
//!
//!     cargo run --release --example kernels_ptx -- crates/umodel-gpu/kernels/ptx/compute_90
//!
//! which writes one `.ptx` per kernel file and `manifest.txt`: the NVRTC version, then per file its
//! source's FNV-1a 64 hash, which `Gpu::open` checks before it uses the PTX (a kernel edited
//! since falls back to NVRTC, and a test fails until this is run again).

use std::path::PathBuf;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .ok_or("give the folder to write into")?,
    );
    std::fs::create_dir_all(&dir)?;
    let (major, minor) = umodel::gpu::EMBEDDED_PTX_ARCH;
    let mut manifest = format!(
        "# PTX for compute_{major}{minor}, made by NVRTC {} from crates/umodel-gpu/kernels (scripts/kernels-ptx.sh)\n",
        umodel::gpu::nvrtc_version().ok_or("NVRTC has no version")?
    );
    for (file, ptx) in umodel::gpu::kernels_ptx(major, minor)? {
        let name = file.replace(".cu", ".ptx");
        std::fs::write(dir.join(&name), &ptx)?;
        manifest.push_str(&format!(
            "{file} {:016x}\n",
            umodel::gpu::kernel_source_hash(file).ok_or("unknown kernel file")?
        ));
        eprintln!("{}: {} bytes", dir.join(name).display(), ptx.len());
    }
    std::fs::write(dir.join("manifest.txt"), manifest)?;
    Ok(())
}
