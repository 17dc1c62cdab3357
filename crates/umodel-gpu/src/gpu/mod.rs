//! Every CUDA call umodel makes, behind safe wrappers: the context on one device, the memory kinds
//! (device, pinned, pinned host-mapped, managed with prefetch and advice) as owners that free on drop,
//! NVRTC-compiled kernels with typed launchers, and event timing. Nothing outside this module uses
//! `unsafe` or a cudarc type.
//!
//! Soundness rests on three rules the wrappers enforce:
//! 1. GPU work is enqueued on one stream of one context, owned by [`Gpu`]; raw pointers go to kernels
//!    only through the launchers here, which borrow the buffers they touch. The one exception is a
//!    second stream that only prefetches managed memory ([`Gpu::prefetch_side`]): a prefetch moves
//!    pages without changing a byte, and every host access and free synchronises the whole context.
//! 2. Host access to memory the GPU may touch (pinned, managed) goes through `host`/`host_mut`, which
//!    synchronise the context first, so no kernel or copy is in flight while a slice is borrowed.
//! 3. Buffers synchronise before they free, so nothing in flight outlives its memory.
//!
//! On a machine without libcuda or a GPU, or without libnvrtc where the device needs it, [`Gpu::open`]
//! returns [`GpuError`]; nothing panics.

pub mod facts;

use std::collections::HashMap;
use std::ffi::c_void;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use cudarc::driver::{
    result, sys, CudaContext, CudaEvent, CudaFunction, CudaStream, LaunchConfig, PushKernelArg,
};
use cudarc::nvrtc::{compile_ptx_with_opts, CompileError, CompileOptions, Ptx};
use std::ffi::{CStr, CString};

/// The kernel sources, one file per family (compiled by NVRTC at run time for the device).
const KERNELS: &[(&str, &str)] = &[
    ("stream.cu", include_str!("../../kernels/stream.cu")),
    ("pattern.cu", include_str!("../../kernels/pattern.cu")),
    ("gather.cu", include_str!("../../kernels/gather.cu")),
    ("task.cu", include_str!("../../kernels/task.cu")),
];

/// The kernels as PTX for `compute_90`, made by NVRTC 13.0 (the GPU machines' CUDA 13.0.88) from
/// [`KERNELS`] with the options [`Gpu::open`] compiles them with (`examples/kernels_ptx.rs`,
/// `scripts/kernels-ptx.sh`). A device of compute capability 9.0 loads them instead of compiling
/// the sources at every open, each file only while its source hashes as the manifest says.
const EMBEDDED_PTX: &[(&str, &str)] = &[
    (
        "stream.cu",
        include_str!("../../kernels/ptx/compute_90/stream.ptx"),
    ),
    (
        "pattern.cu",
        include_str!("../../kernels/ptx/compute_90/pattern.ptx"),
    ),
    (
        "gather.cu",
        include_str!("../../kernels/ptx/compute_90/gather.ptx"),
    ),
    (
        "task.cu",
        include_str!("../../kernels/ptx/compute_90/task.ptx"),
    ),
];
/// The compute capability the embedded PTX is for (`compute_90`: H100, H200).
pub const EMBEDDED_PTX_ARCH: (i32, i32) = (9, 0);
const EMBEDDED_PTX_MANIFEST: &str = include_str!("../../kernels/ptx/compute_90/manifest.txt");

/// The embedded PTX of `file` for a device of compute capability `major.minor`, if there is one
/// and it was made from the source this build has.
fn embedded_ptx(file: &str, major: i32, minor: i32) -> Option<&'static str> {
    if (major, minor) != EMBEDDED_PTX_ARCH {
        return None;
    }
    let made_from = EMBEDDED_PTX_MANIFEST
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' '))
        .find(|(f, _)| *f == file)
        .and_then(|(_, h)| u64::from_str_radix(h.trim(), 16).ok())?;
    if Some(made_from) != kernel_source_hash(file) {
        return None;
    }
    EMBEDDED_PTX
        .iter()
        .find(|(f, _)| *f == file)
        .map(|(_, ptx)| *ptx)
}

/// Kernel names, as `extern "C"` in the sources.
const FUNCTIONS: &[&str] = &[
    "stream_triad_flat",
    "stream_triad_grid",
    "stream_copy_flat",
    "stream_copy_grid",
    "stream_inplace_flat",
    "stream_inplace_grid",
    "stream_read_sum",
    "check_ramp",
    "stream_empty",
    "pattern_strided",
    "pattern_random",
    "pattern_random_read",
    "pattern_random_into",
    "gather_accumulate",
    "task_compute",
    "task_produce",
    "task_fill",
    "converge_flat",
    "converge_grid",
];

/// Threads per block for every launch.
const BLOCK: u32 = 256;

/// What went wrong on the GPU side.
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    #[error(
        "no CUDA driver: libcuda could not be loaded. `bench` and `calibrate` need an NVIDIA GPU and its driver; \
         predictions (`predict`, `choose`, `breakeven`) work without one"
    )]
    NoDriver,
    #[error("no NVRTC: libnvrtc (the CUDA run-time compiler, part of the CUDA toolkit) could not be loaded; umodel compiles its kernels with it on GPUs other than compute capability 9.0 (H100, H200), whose PTX it carries")]
    NoNvrtc,
    #[error("no CUDA device {ordinal}: {reason}")]
    NoDevice { ordinal: usize, reason: String },
    #[error("CUDA call failed while {what}: {source}")]
    Driver {
        what: String,
        source: cudarc::driver::DriverError,
    },
    #[error("compiling {file} for {arch} failed:\n{log}")]
    Compile {
        file: String,
        arch: String,
        log: String,
    },
    #[error("this GPU lacks {0}, which the benchmark needs")]
    Unsupported(String),
    #[error(
        "managed-memory guard: {requested} bytes more would bring managed allocations to {total} bytes, over the cap of {cap} bytes \
         (half the device memory free at start). Oversubscribing managed memory can hang the GPU and the host"
    )]
    ManagedCap {
        requested: u64,
        total: u64,
        cap: u64,
    },
    #[error("the CUDA library panicked while {0} (a symbol missing from this driver?)")]
    Panicked(String),
    #[error("device {gpu} was given device {buffer}'s memory; use it through Gpu::peer")]
    OtherDevice { buffer: usize, gpu: usize },
}

trait Ctx<T> {
    fn ctx(self, what: impl FnOnce() -> String) -> Result<T, GpuError>;
}

impl<T> Ctx<T> for Result<T, cudarc::driver::DriverError> {
    fn ctx(self, what: impl FnOnce() -> String) -> Result<T, GpuError> {
        self.map_err(|source| GpuError::Driver {
            what: what(),
            source,
        })
    }
}

/// How many CUDA devices the driver sees.
pub fn device_count() -> Result<usize, GpuError> {
    libraries_present()?;
    guard_panics("counting devices", || {
        CudaContext::device_count()
            .map(|n| n.max(0) as usize)
            .map_err(|e| GpuError::NoDevice {
                ordinal: 0,
                reason: e.to_string(),
            })
    })
}

/// Whether the CUDA driver can be loaded (cheap; no context). NVRTC, the CUDA run-time compiler,
/// is looked for only where [`Gpu::open`] must compile a kernel (no embedded PTX for the device);
/// its absence there is [`GpuError::NoNvrtc`].
pub fn libraries_present() -> Result<(), GpuError> {
    // SAFETY: only tries to dlopen the library; no CUDA call is made.
    if !unsafe { cudarc::driver::sys::is_culib_present() } {
        return Err(GpuError::NoDriver);
    }
    Ok(())
}

/// Whether NVRTC can be loaded (cudarc panics on a call into a library it cannot load).
fn nvrtc_present() -> Result<(), GpuError> {
    // SAFETY: only tries to dlopen the library.
    if unsafe { cudarc::nvrtc::sys::is_culib_present() } {
        Ok(())
    } else {
        Err(GpuError::NoNvrtc)
    }
}

/// The pure check behind the managed-memory cap, kept apart so it is tested without a GPU: a new
/// managed allocation of `request` bytes is allowed only while all managed allocations together stay
/// within `cap` (half the device memory free at start; H200.md, safety rules).
pub fn managed_guard(in_use: u64, request: u64, cap: u64) -> Result<(), GpuError> {
    let total = in_use.saturating_add(request);
    if total > cap {
        Err(GpuError::ManagedCap {
            requested: request,
            total,
            cap,
        })
    } else {
        Ok(())
    }
}

/// Element types the buffers hold.
pub trait Elem: Copy + Default + Send + Sync + 'static + sealed::Sealed {}
impl Elem for f32 {}
impl Elem for u32 {}
impl Elem for u64 {}
mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
}

/// Where managed memory should go or be advised towards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Location {
    Device,
    Host,
}

/// `cudaMemAdvise` hints (they move nothing; they change where faults resolve or what is mapped).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advice {
    ReadMostly,
    PreferredLocation(Location),
    AccessedBy(Location),
    UnsetReadMostly,
    UnsetPreferredLocation,
    UnsetAccessedBy(Location),
}

/// An open device: context, stream, compiled kernels and the managed-memory budget.
pub struct Gpu {
    ctx: Arc<CudaContext>,
    stream: Arc<CudaStream>,
    /// Prefetches that overlap work on `stream` (seed 001's exercise).
    side: Arc<CudaStream>,
    ordinal: usize,
    sms: u32,
    functions: HashMap<&'static str, CudaFunction>,
    managed: Arc<ManagedBudget>,
    scratch: DeviceBuf<u64>,
    startup: Startup,
}

/// How the kernels reach the device. [`Gpu::open`] loads PTX, which the driver compiles on load:
/// machine code from NVRTC saved 0.02 s of a 0.59 s open with an empty JIT cache and none with a
/// warm one, and moved some device-memory cells of a calibration by up to 7 % against the PTX
/// build's on the same VM (`run203` on an H100, `calibration/h100/run203/startup.txt`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum KernelCode {
    /// PTX for the device's virtual architecture (`compute_XY`), which the driver compiles when the
    /// module loads (cached per user in `~/.nv/ComputeCache`): on a device of compute capability
    /// 9.0 the PTX embedded in the build (what NVRTC 13.0 makes), else compiled by NVRTC.
    #[default]
    Ptx,
    /// PTX compiled by this machine's NVRTC at every open, as every build did before the embedded.
    PtxCompiled,
    /// Machine code for this device (`sm_XY`), compiled by NVRTC; the driver loads it as it is.
    Cubin,
}

impl KernelCode {
    /// What the driver was given: `ptx` or `cubin`.
    pub fn name(self) -> &'static str {
        match self {
            KernelCode::Cubin => "cubin",
            KernelCode::Ptx | KernelCode::PtxCompiled => "ptx",
        }
    }
}

/// What opening a device took, seconds: loading libcuda, creating the context, compiling the
/// kernels (NVRTC, or finding the embedded PTX), loading their modules (where the driver compiles
/// PTX).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Startup {
    /// How the kernels were loaded (PTX where NVRTC could not compile for this device's `sm_`).
    pub code: KernelCode,
    /// Whether NVRTC compiled any kernel file in this open (not where the embedded PTX served).
    pub nvrtc: bool,
    pub libraries_s: f64,
    pub context_s: f64,
    pub compile_s: f64,
    pub load_s: f64,
}

impl Startup {
    /// The open's timed pieces in order, named as the bench's facts name them (`startup.{name}_s`).
    pub fn seconds(&self) -> [(&'static str, f64); 4] {
        [
            ("libraries", self.libraries_s),
            ("context", self.context_s),
            ("compile", self.compile_s),
            ("load", self.load_s),
        ]
    }
}

fn compile_options(arch: String) -> CompileOptions {
    CompileOptions {
        options: vec![format!("--gpu-architecture={arch}"), "--std=c++17".into()],
        ..Default::default()
    }
}

/// Every kernel file compiled by this process's NVRTC to PTX for `compute_{major}{minor}`, as
/// [`Gpu::open`] compiles it where no embedded PTX serves (no device needed: how
/// `examples/kernels_ptx.rs` makes the embedded PTX).
pub fn kernels_ptx(major: i32, minor: i32) -> Result<Vec<(&'static str, String)>, GpuError> {
    // `compile_ptx` looks for NVRTC first: without it the first file says NoNvrtc.
    guard_panics("compiling the kernels", || {
        KERNELS
            .iter()
            .map(|(file, src)| Ok((*file, compile_ptx(file, src, major, minor)?.to_src())))
            .collect()
    })
}

/// This process's NVRTC version (`13.0`), if NVRTC loads.
pub fn nvrtc_version() -> Option<String> {
    nvrtc_version_parts().map(|(major, minor)| format!("{major}.{minor}"))
}

pub(crate) fn nvrtc_version_parts() -> Option<(i32, i32)> {
    nvrtc_present().ok()?;
    let (mut major, mut minor) = (0i32, 0i32);
    // SAFETY: writes two ints; NVRTC was found loadable above.
    let r = unsafe { cudarc::nvrtc::sys::nvrtcVersion(&mut major, &mut minor) };
    (r == cudarc::nvrtc::sys::nvrtcResult::NVRTC_SUCCESS).then_some((major, minor))
}

/// The PTX the build embeds for devices of compute capability 9.0, per kernel file.
pub fn embedded_kernels_ptx() -> &'static [(&'static str, &'static str)] {
    EMBEDDED_PTX
}

/// The FNV-1a 64-bit hash of kernel file `file`'s source as this build has it (what the embedded
/// PTX's manifest records of the source it was made from).
pub fn kernel_source_hash(file: &str) -> Option<u64> {
    KERNELS
        .iter()
        .find(|(f, _)| *f == file)
        .map(|(_, src)| fnv1a64(src.as_bytes()))
}

fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// `src` compiled to PTX for `compute_{major}{minor}`.
fn compile_ptx(file: &str, src: &str, major: i32, minor: i32) -> Result<Ptx, GpuError> {
    nvrtc_present()?;
    let arch = format!("compute_{major}{minor}");
    let opts = CompileOptions {
        name: Some(file.to_string()),
        ..compile_options(arch.clone())
    };
    compile_ptx_with_opts(src, opts).map_err(|e| GpuError::Compile {
        file: file.to_string(),
        arch,
        log: match e {
            CompileError::CompileError { log, .. } => log.to_string_lossy().into_owned(),
            other => other.to_string(),
        },
    })
}

/// `src` compiled to machine code for `sm_{major}{minor}` (cudarc compiles only to PTX).
fn compile_cubin(file: &str, src: &str, major: i32, minor: i32) -> Result<Vec<u8>, GpuError> {
    use cudarc::nvrtc::{result as nvrtc, sys as nvrtc_sys};
    nvrtc_present()?;
    let arch = format!("sm_{major}{minor}");
    let fail = |log: String| GpuError::Compile {
        file: file.to_string(),
        arch: arch.clone(),
        log,
    };
    let (src_c, name_c) = match (CString::new(src), CString::new(file)) {
        (Ok(s), Ok(n)) => (s, n),
        _ => return Err(fail("a NUL byte in the source or its name".into())),
    };
    let prog = nvrtc::create_program(&src_c, Some(&name_c)).map_err(|e| fail(e.to_string()))?;
    let options = compile_options(arch.clone()).options;
    // SAFETY: `prog` was created above from `src_c` and `name_c`, which outlive it, and is
    // destroyed once, below; the size the first call returns is the buffer the second fills.
    let cubin = unsafe {
        match nvrtc::compile_program(prog, &options) {
            Err(e) => Err(fail(match nvrtc::get_program_log(prog) {
                Ok(log) => CStr::from_ptr(log.as_ptr()).to_string_lossy().into_owned(),
                Err(_) => e.to_string(),
            })),
            Ok(()) => {
                let mut size = 0usize;
                nvrtc_sys::nvrtcGetCUBINSize(prog, &mut size)
                    .result()
                    .map_err(|e| fail(e.to_string()))
                    .and_then(|()| {
                        let mut buf = vec![0u8; size];
                        nvrtc_sys::nvrtcGetCUBIN(prog, buf.as_mut_ptr().cast())
                            .result()
                            .map(|()| buf)
                            .map_err(|e| fail(e.to_string()))
                    })
            }
        }
    };
    // SAFETY: as above; `prog` is not used after this.
    let _ = unsafe { nvrtc::destroy_program(prog) };
    cubin
}

struct ManagedBudget {
    cap: u64,
    used: AtomicU64,
}

fn guard_panics<T>(what: &str, f: impl FnOnce() -> Result<T, GpuError>) -> Result<T, GpuError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(GpuError::Panicked(what.to_string())))
}

impl Gpu {
    /// Opens device `ordinal`: creates its context, compiles the kernels for its architecture and sets
    /// the managed-memory cap to half its free memory.
    pub fn open(ordinal: usize) -> Result<Gpu, GpuError> {
        Gpu::open_with(ordinal, KernelCode::default())
    }

    /// Opens device `ordinal` with its kernels loaded as `code` asks (the choice [`Gpu::open`] makes
    /// is measured against the other by `examples/startup.rs`).
    pub fn open_with(ordinal: usize, code: KernelCode) -> Result<Gpu, GpuError> {
        Gpu::open_timed(ordinal, false, code)
    }

    /// Opens device `ordinal` with the managed-memory cap lifted, for the `oversub` group's child
    /// process only. Oversubscribing managed memory can hang the GPU and the host (H200.md): the
    /// bench runs this in a child process under a watchdog, behind two explicit opt-ins, and never on
    /// a shared machine.
    pub fn open_oversubscribing(ordinal: usize) -> Result<Gpu, GpuError> {
        Gpu::open_timed(ordinal, true, KernelCode::default())
    }

    fn open_timed(ordinal: usize, lift_cap: bool, code: KernelCode) -> Result<Gpu, GpuError> {
        let t0 = std::time::Instant::now();
        libraries_present()?;
        let libraries_s = t0.elapsed().as_secs_f64();
        let mut gpu = guard_panics("opening the device", || {
            Gpu::open_inner(ordinal, lift_cap, code)
        })?;
        gpu.startup.libraries_s = libraries_s;
        Ok(gpu)
    }

    fn open_inner(ordinal: usize, lift_cap: bool, code: KernelCode) -> Result<Gpu, GpuError> {
        let count = CudaContext::device_count().map_err(|e| GpuError::NoDevice {
            ordinal,
            reason: e.to_string(),
        })?;
        if count <= 0 {
            return Err(GpuError::NoDevice {
                ordinal,
                reason: "the driver sees no CUDA devices".into(),
            });
        }
        if ordinal >= count as usize {
            return Err(GpuError::NoDevice {
                ordinal,
                reason: format!("the driver sees {count} device(s): 0…{}", count - 1),
            });
        }
        let t0 = std::time::Instant::now();
        let ctx =
            CudaContext::new(ordinal).ctx(|| format!("creating a context on device {ordinal}"))?;
        let mut startup = Startup {
            code,
            context_s: t0.elapsed().as_secs_f64(),
            ..Startup::default()
        };
        // SAFETY: called before any allocation or stream exists; umodel orders its own work on one
        // stream and synchronises before host access and frees (module docs), so cudarc's per-slice
        // events are not needed.
        unsafe { ctx.disable_event_tracking() };
        let stream = ctx.default_stream();
        let side = ctx.new_stream().ctx(|| "creating a second stream".into())?;
        use sys::CUdevice_attribute::*;
        let attr = |a| ctx.attribute(a).ctx(|| "reading a device attribute".into());
        if attr(CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY)? == 0 {
            return Err(GpuError::Unsupported("managed memory".into()));
        }
        if attr(CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY)? == 0 {
            return Err(GpuError::Unsupported("mapped host memory".into()));
        }
        let sms = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32;
        let (major, minor) = ctx
            .compute_capability()
            .ctx(|| "reading the compute capability".into())?;
        let mut functions = HashMap::new();
        for (file, src) in KERNELS {
            let t = std::time::Instant::now();
            let embedded = match code {
                KernelCode::Ptx => embedded_ptx(file, major, minor),
                KernelCode::PtxCompiled | KernelCode::Cubin => None,
            };
            startup.nvrtc |= embedded.is_none();
            let image = match (code, embedded) {
                (_, Some(ptx)) => Ptx::from_src(ptx),
                (KernelCode::Cubin, None) => match compile_cubin(file, src, major, minor) {
                    Ok(cubin) => Ptx::from_binary(cubin),
                    // An NVRTC that cannot emit this device's machine code: PTX, which the
                    // driver compiles (and reports the error of, if it fails too).
                    Err(_) => {
                        startup.code = KernelCode::PtxCompiled;
                        compile_ptx(file, src, major, minor)?
                    }
                },
                (KernelCode::Ptx | KernelCode::PtxCompiled, None) => {
                    compile_ptx(file, src, major, minor)?
                }
            };
            startup.compile_s += t.elapsed().as_secs_f64();
            let t = std::time::Instant::now();
            let module = ctx
                .load_module(image)
                .ctx(|| format!("loading the module of {file}"))?;
            for name in FUNCTIONS {
                if let Ok(f) = module.load_function(name) {
                    functions.insert(*name, f);
                }
            }
            startup.load_s += t.elapsed().as_secs_f64();
        }
        for name in FUNCTIONS {
            if !functions.contains_key(name) {
                return Err(GpuError::Compile {
                    file: "kernels/".into(),
                    arch: match startup.code {
                        KernelCode::Cubin => format!("sm_{major}{minor}"),
                        KernelCode::Ptx | KernelCode::PtxCompiled => {
                            format!("compute_{major}{minor}")
                        }
                    },
                    log: format!("kernel `{name}` not found"),
                });
            }
        }
        let (free, _) = ctx.mem_get_info().ctx(|| "reading free memory".into())?;
        let managed = Arc::new(ManagedBudget {
            cap: if lift_cap { u64::MAX } else { free as u64 / 2 },
            used: AtomicU64::new(0),
        });
        let scratch = DeviceBuf::<u64>::new(&ctx, 1)?;
        Ok(Gpu {
            ctx,
            stream,
            side,
            ordinal,
            sms,
            functions,
            managed,
            scratch,
            startup,
        })
    }

    /// What opening the device took, and how its kernels were loaded.
    pub fn startup(&self) -> &Startup {
        &self.startup
    }

    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// Streaming multiprocessors.
    pub fn sms(&self) -> u32 {
        self.sms
    }

    /// The managed-memory cap in bytes, and how much is allocated now.
    pub fn managed_budget(&self) -> (u64, u64) {
        (self.managed.cap, self.managed.used.load(Ordering::SeqCst))
    }

    /// Free and total device memory, bytes.
    pub fn mem_info(&self) -> Result<(u64, u64), GpuError> {
        let (f, t) = self
            .ctx
            .mem_get_info()
            .ctx(|| "reading free memory".into())?;
        Ok((f as u64, t as u64))
    }

    /// Waits for all work on the device; reports any error a kernel or copy hit.
    pub fn sync(&self) -> Result<(), GpuError> {
        self.ctx
            .synchronize()
            .ctx(|| "waiting for the GPU".into())?;
        self.ctx.check_err().ctx(|| "a deferred CUDA error".into())
    }

    /// Makes this device's context current on the calling thread (a process may drive several).
    fn bind(&self) -> Result<(), GpuError> {
        self.ctx
            .bind_to_thread()
            .ctx(|| format!("binding the context of device {}", self.ordinal))
    }

    /// The device address of `b`, after checking that this device may use it (and recording it as a
    /// user of shared memory, so host access and frees wait for this device too).
    fn ptr<T: Elem>(&self, b: &impl GpuMem<T>) -> Result<u64, GpuError> {
        match b.home() {
            Home::Device(d) if d != self.ordinal => Err(GpuError::OtherDevice {
                buffer: d,
                gpu: self.ordinal,
            }),
            Home::Device(_) => Ok(b.gpu_ptr()),
            Home::Shared(users) => {
                users.note(&self.ctx);
                Ok(b.gpu_ptr())
            }
        }
    }

    fn own<T: Elem>(&self, b: &DeviceBuf<T>) -> Result<(), GpuError> {
        if b.ordinal != self.ordinal {
            return Err(GpuError::OtherDevice {
                buffer: b.ordinal,
                gpu: self.ordinal,
            });
        }
        Ok(())
    }

    /// Whether this device can map device `other`'s memory (NVLink or PCIe peer-to-peer).
    pub fn can_access_peer(&self, other: &Gpu) -> Result<bool, GpuError> {
        let mut can = 0;
        // SAFETY: both device handles come from live contexts; `can` is a valid out-pointer.
        unsafe {
            sys::cuDeviceCanAccessPeer(&mut can, self.ctx.cu_device(), other.ctx.cu_device())
        }
        .result()
        .ctx(|| {
            format!(
                "asking whether device {} can reach device {}",
                self.ordinal, other.ordinal
            )
        })?;
        Ok(can != 0)
    }

    /// Lets this device's kernels and copies use `other`'s memory (`cuCtxEnablePeerAccess`);
    /// idempotent.
    pub fn enable_peer_access(&self, other: &Gpu) -> Result<(), GpuError> {
        if !self.can_access_peer(other)? {
            return Err(GpuError::Unsupported(format!(
                "peer access from device {} to device {}",
                self.ordinal, other.ordinal
            )));
        }
        self.bind()?;
        // SAFETY: `other`'s context is live (borrowed); enabling access changes no memory.
        let r = unsafe { sys::cuCtxEnablePeerAccess(other.ctx.cu_ctx(), 0) };
        match r {
            sys::CUresult::CUDA_SUCCESS | sys::CUresult::CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED => {
                Ok(())
            }
            e => Err(GpuError::Driver {
                what: format!(
                    "enabling peer access from device {} to device {}",
                    self.ordinal, other.ordinal
                ),
                source: cudarc::driver::DriverError(e),
            }),
        }
    }

    /// A view through which this device's kernels and copies use `buf`, device memory of another
    /// device (peer access must be enabled: [`Gpu::enable_peer_access`]). The view borrows `buf`
    /// exclusively and waits for this device when it is dropped, so nothing this device enqueued
    /// can outlive the memory or race the owner's use of it.
    pub fn peer<'a, T: Elem>(&'a self, buf: &'a mut DeviceBuf<T>) -> Result<Peer<'a, T>, GpuError> {
        if buf.ordinal == self.ordinal {
            return Err(GpuError::Unsupported(format!(
                "a peer view of device {}'s own memory",
                self.ordinal
            )));
        }
        // The owner's queued work on the buffer finishes before this device touches it.
        buf.ctx
            .synchronize()
            .ctx(|| format!("waiting for device {}", buf.ordinal))?;
        Ok(Peer { buf, user: self })
    }

    /// Copies another device's memory into this device's (`cuMemcpyPeerAsync`, on this device's
    /// stream).
    pub fn copy_from_peer<T: Elem>(
        &self,
        src: &Peer<'_, T>,
        dst: &mut DeviceBuf<T>,
    ) -> Result<(), GpuError> {
        self.own(dst)?;
        src.usable_by(self)?;
        let n = src.buf.len.min(dst.len) * std::mem::size_of::<T>();
        self.bind()?;
        // SAFETY: both ranges lie within live allocations (the peer's borrowed through the view,
        // which waits for this device before the borrow ends).
        unsafe {
            sys::cuMemcpyPeerAsync(
                dst.ptr,
                self.ctx.cu_ctx(),
                src.buf.ptr,
                src.buf.ctx.cu_ctx(),
                n,
                self.stream.cu_stream(),
            )
        }
        .result()
        .ctx(|| format!("copying {n} bytes from device {}", src.buf.ordinal))
    }

    /// Copies this device's memory into another device's (`cuMemcpyPeerAsync`, on this device's
    /// stream).
    pub fn copy_to_peer<T: Elem>(
        &self,
        src: &DeviceBuf<T>,
        dst: &mut Peer<'_, T>,
    ) -> Result<(), GpuError> {
        self.own(src)?;
        dst.usable_by(self)?;
        let n = src.len.min(dst.buf.len) * std::mem::size_of::<T>();
        self.bind()?;
        // SAFETY: as in copy_from_peer.
        unsafe {
            sys::cuMemcpyPeerAsync(
                dst.buf.ptr,
                dst.buf.ctx.cu_ctx(),
                src.ptr,
                self.ctx.cu_ctx(),
                n,
                self.stream.cu_stream(),
            )
        }
        .result()
        .ctx(|| format!("copying {n} bytes to device {}", dst.buf.ordinal))
    }

    // ----- memory ----------------------------------------------------------------------------

    /// Device memory (`cuMemAlloc`) of `len` elements.
    pub fn device<T: Elem>(&self, len: usize) -> Result<DeviceBuf<T>, GpuError> {
        DeviceBuf::new(&self.ctx, len)
    }

    /// Page-locked host memory of `len` elements; `mapped` also maps it into the GPU's address space
    /// (host-mapped, zero-copy). Cached, not write-combined (CPU reads stay fast; H200.md pitfall 3).
    pub fn pinned<T: Elem>(&self, len: usize, mapped: bool) -> Result<PinnedBuf<T>, GpuError> {
        let bytes = (len.max(1)) * std::mem::size_of::<T>();
        let flags = sys::CU_MEMHOSTALLOC_PORTABLE
            | if mapped {
                sys::CU_MEMHOSTALLOC_DEVICEMAP
            } else {
                0
            };
        self.ctx
            .bind_to_thread()
            .ctx(|| "binding the context".into())?;
        // SAFETY: plain allocation; the pointer is owned by the returned PinnedBuf and freed once.
        let host = unsafe { result::malloc_host(bytes, flags) }
            .ctx(|| format!("allocating {bytes} bytes of pinned host memory"))?;
        let mut dptr: sys::CUdeviceptr = 0;
        if mapped {
            // SAFETY: `host` was allocated with DEVICEMAP just above.
            let r = unsafe { sys::cuMemHostGetDevicePointer_v2(&mut dptr, host, 0) }.result();
            if let Err(e) = r {
                // SAFETY: freeing what was allocated above, once.
                unsafe {
                    let _ = result::free_host(host);
                }
                return Err(GpuError::Driver {
                    what: "mapping pinned memory into the GPU".into(),
                    source: e,
                });
            }
        }
        Ok(PinnedBuf {
            ptr: host as *mut T,
            len,
            dptr,
            users: Users::new(&self.ctx),
        })
    }

    /// Managed memory (`cuMemAllocManaged`, attached globally) of `len` elements, within the cap.
    pub fn managed<T: Elem>(&self, len: usize) -> Result<ManagedBuf<T>, GpuError> {
        let bytes = (len.max(1) * std::mem::size_of::<T>()) as u64;
        let used = self.managed.used.load(Ordering::SeqCst);
        managed_guard(used, bytes, self.managed.cap)?;
        self.ctx
            .bind_to_thread()
            .ctx(|| "binding the context".into())?;
        // SAFETY: plain allocation; owned by the returned ManagedBuf and freed once.
        let ptr = unsafe {
            result::malloc_managed(bytes as usize, sys::CUmemAttach_flags::CU_MEM_ATTACH_GLOBAL)
        }
        .ctx(|| format!("allocating {bytes} bytes of managed memory"))?;
        self.managed.used.fetch_add(bytes, Ordering::SeqCst);
        Ok(ManagedBuf {
            ptr,
            len,
            users: Users::new(&self.ctx),
            budget: self.managed.clone(),
            _t: PhantomData,
        })
    }

    fn location(&self, loc: Location) -> sys::CUmemLocation {
        match loc {
            Location::Device => sys::CUmemLocation {
                type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
                id: self.ordinal as i32,
            },
            Location::Host => sys::CUmemLocation {
                type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_HOST,
                id: 0,
            },
        }
    }

    /// `cudaMemPrefetchAsync`: moves the pages of `buf` to `to` (this device, or the host), in
    /// stream order. `buf` may have been allocated through another device's [`Gpu`].
    pub fn prefetch<T: Elem>(&self, buf: &ManagedBuf<T>, to: Location) -> Result<(), GpuError> {
        buf.users.note(&self.ctx);
        self.bind()?;
        // SAFETY: the range is exactly the live allocation owned by `buf`; the stream is ours.
        unsafe {
            result::mem_prefetch_async(
                buf.ptr,
                buf.bytes(),
                self.location(to),
                self.stream.cu_stream(),
            )
        }
        .ctx(|| format!("prefetching {} bytes to the {to:?}", buf.bytes()))
    }

    /// As [`Gpu::prefetch`], on a second stream, so that it runs while work already enqueued on the
    /// main stream runs (seed 001's overlapped prefetch). It is not ordered with that work; the next
    /// [`Gpu::sync`] (and every host access) waits for it.
    pub fn prefetch_side<T: Elem>(
        &self,
        buf: &ManagedBuf<T>,
        to: Location,
    ) -> Result<(), GpuError> {
        buf.users.note(&self.ctx);
        self.bind()?;
        // SAFETY: the range is exactly the live allocation owned by `buf`; a prefetch moves pages
        // without changing their contents, so running beside kernels that use them is safe (the
        // driver keeps managed memory coherent); host access synchronises the whole context first.
        unsafe {
            result::mem_prefetch_async(
                buf.ptr,
                buf.bytes(),
                self.location(to),
                self.side.cu_stream(),
            )
        }
        .ctx(|| {
            format!(
                "prefetching {} bytes to the {to:?} on the side stream",
                buf.bytes()
            )
        })
    }

    /// `cudaMemAdvise` on all of `buf`.
    pub fn advise<T: Elem>(&self, buf: &ManagedBuf<T>, advice: Advice) -> Result<(), GpuError> {
        use sys::CUmem_advise::*;
        let (a, loc) = match advice {
            Advice::ReadMostly => (CU_MEM_ADVISE_SET_READ_MOSTLY, Location::Device),
            Advice::UnsetReadMostly => (CU_MEM_ADVISE_UNSET_READ_MOSTLY, Location::Device),
            Advice::PreferredLocation(l) => (CU_MEM_ADVISE_SET_PREFERRED_LOCATION, l),
            Advice::UnsetPreferredLocation => {
                (CU_MEM_ADVISE_UNSET_PREFERRED_LOCATION, Location::Device)
            }
            Advice::AccessedBy(l) => (CU_MEM_ADVISE_SET_ACCESSED_BY, l),
            Advice::UnsetAccessedBy(l) => (CU_MEM_ADVISE_UNSET_ACCESSED_BY, l),
        };
        buf.users.note(&self.ctx);
        self.bind()?;
        // SAFETY: the range is exactly the live allocation owned by `buf`.
        unsafe { result::mem_advise(buf.ptr, buf.bytes(), a, self.location(loc)) }
            .ctx(|| format!("advising {advice:?}"))
    }

    /// Copies host memory to the device, in stream order (asynchronous from pinned memory).
    pub fn copy_to_device<T: Elem>(
        &self,
        src: &PinnedBuf<T>,
        dst: &mut DeviceBuf<T>,
    ) -> Result<(), GpuError> {
        let n = src.len.min(dst.len) * std::mem::size_of::<T>();
        self.own(dst)?;
        src.users.note(&self.ctx);
        self.bind()?;
        // SAFETY: both ranges lie within live allocations owned by the borrowed buffers; the host
        // buffer is page-locked and is not handed out to the CPU (or freed) before every context
        // that used it has synchronised (`Users`).
        unsafe {
            sys::cuMemcpyHtoDAsync_v2(
                dst.ptr,
                src.ptr as *const c_void,
                n,
                self.stream.cu_stream(),
            )
        }
        .result()
        .ctx(|| format!("copying {n} bytes host to device"))
    }

    /// Copies device memory to the host, in stream order.
    pub fn copy_to_host<T: Elem>(
        &self,
        src: &DeviceBuf<T>,
        dst: &mut PinnedBuf<T>,
    ) -> Result<(), GpuError> {
        let n = src.len.min(dst.len) * std::mem::size_of::<T>();
        self.own(src)?;
        dst.users.note(&self.ctx);
        self.bind()?;
        // SAFETY: as in copy_to_device.
        unsafe {
            sys::cuMemcpyDtoHAsync_v2(dst.ptr as *mut c_void, src.ptr, n, self.stream.cu_stream())
        }
        .result()
        .ctx(|| format!("copying {n} bytes device to host"))
    }

    /// Copies ordinary (pageable) host memory to the device; the driver stages it, so this returns
    /// when the source may be reused.
    pub fn copy_slice_to_device<T: Elem>(
        &self,
        src: &[T],
        dst: &mut DeviceBuf<T>,
    ) -> Result<(), GpuError> {
        let n = src.len().min(dst.len);
        self.own(dst)?;
        self.bind()?;
        // SAFETY: `dst` owns at least `n` elements; cuMemcpyHtoDAsync from pageable memory returns
        // only after the source has been staged (CUDA docs, API synchronisation behaviour).
        unsafe { result::memcpy_htod_async(dst.ptr, &src[..n], self.stream.cu_stream()) }
            .ctx(|| format!("copying {n} elements from pageable memory"))
    }

    /// Copies device memory to ordinary host memory; returns when the data has arrived.
    pub fn copy_slice_to_host<T: Elem>(
        &self,
        src: &DeviceBuf<T>,
        dst: &mut [T],
    ) -> Result<(), GpuError> {
        let n = dst.len().min(src.len);
        self.own(src)?;
        self.bind()?;
        // SAFETY: `src` owns at least `n` elements; the synchronous copy completes before returning.
        unsafe { result::memcpy_dtoh_sync(&mut dst[..n], src.ptr) }
            .ctx(|| format!("copying {n} elements to pageable memory"))
    }

    /// Device-to-device copy by the driver (`cuMemcpyDtoDAsync`).
    pub fn copy_device(
        &self,
        src: &DeviceBuf<f32>,
        dst: &mut DeviceBuf<f32>,
    ) -> Result<(), GpuError> {
        let n = src.len.min(dst.len) * 4;
        self.own(src)?;
        self.own(dst)?;
        self.bind()?;
        // SAFETY: both ranges lie within live allocations owned by the borrowed buffers.
        unsafe { result::memcpy_dtod_async(dst.ptr, src.ptr, n, self.stream.cu_stream()) }
            .ctx(|| "device-to-device copy".into())
    }

    /// Sets every byte of `buf` to `byte` (0 zeroes; 0xFF poisons floats with NaN so an output
    /// that was never written cannot pass a check).
    pub fn fill_bytes<T: Elem>(&self, buf: &mut impl GpuMem<T>, byte: u8) -> Result<(), GpuError> {
        let n = buf.len() * std::mem::size_of::<T>();
        let p = self.ptr(buf)?;
        self.bind()?;
        // SAFETY: the range is the live allocation the borrowed buffer owns (device, mapped or managed),
        // usable by this device (checked by `ptr`).
        unsafe { result::memset_d8_async(p, byte, n, self.stream.cu_stream()) }
            .ctx(|| format!("setting {n} bytes"))
    }

    // ----- timing ----------------------------------------------------------------------------

    /// A timing event (recorded on the stream; `CU_EVENT_DEFAULT`, since `new_event(None)` cannot be
    /// timed: H200.md pitfall 4).
    pub fn event(&self) -> Result<Event, GpuError> {
        let e = self
            .ctx
            .new_event(Some(sys::CUevent_flags::CU_EVENT_DEFAULT))
            .ctx(|| "creating an event".into())?;
        Ok(Event(e))
    }

    /// Records `e` on the stream after everything enqueued so far.
    pub fn record(&self, e: &Event) -> Result<(), GpuError> {
        e.0.record(&self.stream).ctx(|| "recording an event".into())
    }

    // ----- kernels ---------------------------------------------------------------------------

    fn f(&self, name: &str) -> &CudaFunction {
        &self.functions[name]
    }

    fn flat(&self, n: u64) -> LaunchConfig {
        let blocks = n.div_ceil(u64::from(BLOCK)).clamp(1, u64::from(u32::MAX)) as u32;
        LaunchConfig {
            grid_dim: (blocks, 1, 1),
            block_dim: (BLOCK, 1, 1),
            shared_mem_bytes: 0,
        }
    }

    /// Grid-stride shape: 8 blocks of 256 per SM (2048 threads, Hopper's per-SM maximum).
    fn grid(&self, n: u64) -> LaunchConfig {
        let full = self.sms * 8;
        let need = n.div_ceil(u64::from(BLOCK)).max(1);
        LaunchConfig {
            grid_dim: ((need.min(u64::from(full))) as u32, 1, 1),
            block_dim: (BLOCK, 1, 1),
            shared_mem_bytes: 0,
        }
    }

    /// `a = b + s·c` over float arrays (lengths: the shortest; a multiple of 4 floats is used).
    pub fn triad(
        &self,
        shape: Shape,
        a: &mut impl GpuMem<f32>,
        b: &impl GpuMem<f32>,
        c: &impl GpuMem<f32>,
        s: f32,
    ) -> Result<(), GpuError> {
        let n4 = (a.len().min(b.len()).min(c.len()) / 4) as u64;
        let (pa, pb, pc) = (self.ptr(a)?, self.ptr(b)?, self.ptr(c)?);
        let (name, cfg) = match shape {
            Shape::Flat => ("stream_triad_flat", self.flat(n4)),
            Shape::Grid => ("stream_triad_grid", self.grid(n4)),
        };
        let mut l = self.stream.launch_builder(self.f(name));
        l.arg(&pa).arg(&pb).arg(&pc).arg(&s).arg(&n4);
        // SAFETY: the arguments match the kernel's signature (float4*, const float4*, const float4*,
        // float, unsigned long long); every pointer covers ≥ 4·n4 floats of live memory the GPU may
        // access, borrowed for the call and kept alive until a synchronisation (module rules).
        unsafe { l.launch(cfg) }.map(|_| ()).ctx(|| name.into())
    }

    /// `dst = src` over float arrays.
    pub fn copy(
        &self,
        shape: Shape,
        dst: &mut impl GpuMem<f32>,
        src: &impl GpuMem<f32>,
    ) -> Result<(), GpuError> {
        let n4 = (dst.len().min(src.len()) / 4) as u64;
        let (pd, ps) = (self.ptr(dst)?, self.ptr(src)?);
        let (name, cfg) = match shape {
            Shape::Flat => ("stream_copy_flat", self.flat(n4)),
            Shape::Grid => ("stream_copy_grid", self.grid(n4)),
        };
        let mut l = self.stream.launch_builder(self.f(name));
        l.arg(&pd).arg(&ps).arg(&n4);
        // SAFETY: (float4*, const float4*, unsigned long long); both cover ≥ 4·n4 live floats.
        unsafe { l.launch(cfg) }.map(|_| ()).ctx(|| name.into())
    }

    /// `x = a·x + b` over all of `x` (the handoff's GPU pass).
    pub fn inplace(
        &self,
        shape: Shape,
        x: &mut impl GpuMem<f32>,
        a: f32,
        b: f32,
    ) -> Result<(), GpuError> {
        let n = x.len() as u64;
        let px = self.ptr(x)?;
        let (name, cfg) = match shape {
            Shape::Flat => ("stream_inplace_flat", self.flat((n / 4).max(n % 4))),
            Shape::Grid => ("stream_inplace_grid", self.grid((n / 4).max(n % 4))),
        };
        let mut l = self.stream.launch_builder(self.f(name));
        l.arg(&px).arg(&a).arg(&b).arg(&n);
        // SAFETY: (float*, float, float, unsigned long long); `x` covers n live floats; the flat grid
        // covers max(n/4, n%4) threads, enough for the vector part and the tail.
        unsafe { l.launch(cfg) }.map(|_| ()).ctx(|| name.into())
    }

    /// Enqueues a read of every float of `x` that sums them (as whole numbers) into the scratch word;
    /// fetch the sum with [`Gpu::take_sum`] after timing.
    pub fn read_sum(&self, x: &impl GpuMem<f32>) -> Result<(), GpuError> {
        self.sum_floats(self.ptr(x)?, x.len() as u64)
    }

    /// Enqueues a pass that reads every byte of `x`, whatever its element type (as floats, summed
    /// into the scratch word and never used): a managed buffer's pages move to the device as a
    /// kernel's first touch moves them, and the data stay as they were.
    pub fn read_pass<T: Elem>(&self, x: &impl GpuMem<T>) -> Result<(), GpuError> {
        // Every Elem is 4 or 8 bytes: the floats cover the elements exactly.
        let n = (x.len() * std::mem::size_of::<T>() / 4) as u64;
        self.sum_floats(self.ptr(x)?, n)
    }

    /// `stream_read_sum` over the `n` floats at `px`, a pointer from [`Gpu::ptr`] to a buffer that
    /// covers at least `n` floats' bytes (4-byte aligned, as every Elem is).
    fn sum_floats(&self, px: u64, n: u64) -> Result<(), GpuError> {
        let ps = self.scratch.ptr;
        self.zero_scratch()?;
        let mut l = self.stream.launch_builder(self.f("stream_read_sum"));
        l.arg(&px).arg(&n).arg(&ps);
        // SAFETY: (const float*, unsigned long long, unsigned long long*); `px` covers n live
        // floats' bytes (the callers' contract above), which the kernel only reads; the scratch
        // word is owned by self.
        unsafe { l.launch(self.grid((n / 4).max(1))) }
            .map(|_| ())
            .ctx(|| "stream_read_sum".into())
    }

    fn zero_scratch(&self) -> Result<(), GpuError> {
        self.bind()?;
        // SAFETY: the scratch allocation is 8 bytes, owned by self.
        unsafe { result::memset_d8_async(self.scratch.ptr, 0, 8, self.stream.cu_stream()) }
            .ctx(|| "clearing a counter".into())
    }

    /// Waits and returns the scratch word (the sum of [`Gpu::read_sum`] or the count of [`Gpu::check_ramp`]).
    pub fn take_sum(&self) -> Result<u64, GpuError> {
        self.sync()?;
        let mut v = [0u64];
        self.bind()?;
        // SAFETY: the scratch word is 8 live bytes; the copy is synchronous.
        unsafe { result::memcpy_dtoh_sync(&mut v, self.scratch.ptr) }
            .ctx(|| "reading a counter".into())?;
        Ok(v[0])
    }

    /// Counts, on the GPU, the elements of `x` that differ from `(i % period) + offset`; returns the
    /// count. Used where reading the data on the CPU would migrate managed pages and disturb the next
    /// trial.
    pub fn check_ramp(
        &self,
        x: &impl GpuMem<f32>,
        period: u32,
        offset: f32,
    ) -> Result<u64, GpuError> {
        let n = x.len() as u64;
        let (px, ps) = (self.ptr(x)?, self.scratch.ptr);
        self.zero_scratch()?;
        let mut l = self.stream.launch_builder(self.f("check_ramp"));
        l.arg(&px).arg(&n).arg(&period).arg(&offset).arg(&ps);
        // SAFETY: (const float*, unsigned long long, unsigned int, float, unsigned long long*).
        unsafe { l.launch(self.grid((n / 4).max(1))) }
            .map(|_| ())
            .ctx(|| "check_ramp".into())?;
        self.take_sum()
    }

    /// An empty kernel (launch overhead).
    pub fn empty(&self) -> Result<(), GpuError> {
        let mut l = self.stream.launch_builder(self.f("stream_empty"));
        // SAFETY: no arguments.
        unsafe {
            l.launch(LaunchConfig {
                grid_dim: (1, 1, 1),
                block_dim: (1, 1, 1),
                shared_mem_bytes: 0,
            })
        }
        .map(|_| ())
        .ctx(|| "stream_empty".into())
    }

    /// Increments `x[i·stride]` for `i < count`.
    pub fn strided(
        &self,
        x: &mut impl GpuMem<f32>,
        stride: u64,
        count: u64,
    ) -> Result<(), GpuError> {
        assert!(
            count == 0 || (count - 1) * stride < x.len() as u64,
            "strided access out of bounds"
        );
        let px = self.ptr(x)?;
        let mut l = self.stream.launch_builder(self.f("pattern_strided"));
        l.arg(&px).arg(&stride).arg(&count);
        // SAFETY: (float*, unsigned long long, unsigned long long); every index i·stride < len (asserted).
        unsafe { l.launch(self.grid(count.max(1))) }
            .map(|_| ())
            .ctx(|| "pattern_strided".into())
    }

    /// Increments `x[idx[i]]` for `i < idx.len()`; `idx` must index inside `x`.
    pub fn random(
        &self,
        x: &mut impl GpuMem<f32>,
        idx: &impl GpuMem<u32>,
        max_index: u32,
    ) -> Result<(), GpuError> {
        assert!((max_index as usize) < x.len(), "random index out of bounds");
        let count = idx.len() as u64;
        let (px, pi) = (self.ptr(x)?, self.ptr(idx)?);
        let mut l = self.stream.launch_builder(self.f("pattern_random"));
        l.arg(&px).arg(&pi).arg(&count);
        // SAFETY: (float*, const unsigned int*, unsigned long long); the caller's index array holds
        // values ≤ max_index < len(x) (the bench builds it as a permutation and states its maximum).
        unsafe { l.launch(self.grid(count.max(1))) }
            .map(|_| ())
            .ctx(|| "pattern_random".into())
    }

    /// Enqueues `x.len()` random 4-byte reads of `x` (the `i`-th at [`random_key`]`(i, seed, len)`),
    /// summed as whole numbers into the scratch word; fetch it with [`Gpu::take_sum`].
    pub fn random_read(&self, x: &impl GpuMem<f32>, seed: u32) -> Result<(), GpuError> {
        let n = x.len() as u64;
        let (px, ps) = (self.ptr(x)?, self.scratch.ptr);
        self.zero_scratch()?;
        let mut l = self.stream.launch_builder(self.f("pattern_random_read"));
        l.arg(&px).arg(&n).arg(&seed).arg(&ps);
        // SAFETY: (const float*, unsigned long long, unsigned, unsigned long long*); every index is
        // reduced modulo n, inside `x`; the scratch word is owned by self.
        unsafe { l.launch(self.grid(n.max(1))) }
            .map(|_| ())
            .ctx(|| "pattern_random_read".into())
    }

    /// `x[i] = y[k]` (or `x[i] += y[k]` with `accumulate`) for `i < min(len x, len y)`, `k` =
    /// [`random_key`]`(i, seed, n)` with `n` that minimum: random reads of `y` beside a stream over
    /// `x` in address order.
    pub fn random_into(
        &self,
        x: &mut impl GpuMem<f32>,
        y: &impl GpuMem<f32>,
        seed: u32,
        accumulate: bool,
    ) -> Result<(), GpuError> {
        let n = x.len().min(y.len()) as u64;
        let (px, py) = (self.ptr(x)?, self.ptr(y)?);
        let acc = u32::from(accumulate);
        let mut l = self.stream.launch_builder(self.f("pattern_random_into"));
        l.arg(&px).arg(&py).arg(&n).arg(&seed).arg(&acc);
        // SAFETY: (float*, const float*, unsigned long long, unsigned, unsigned); i < n ≤ len(x) and
        // every index is reduced modulo n ≤ len(y).
        unsafe { l.launch(self.grid(n.max(1))) }
            .map(|_| ())
            .ctx(|| "pattern_random_into".into())
    }

    /// `out[i] += scale · table[keys[i]]` (seed 001's kernel); keys must index inside `table`.
    pub fn gather(
        &self,
        table: &impl GpuMem<f32>,
        keys: &impl GpuMem<u32>,
        max_key: u32,
        out: &mut impl GpuMem<f32>,
        scale: f32,
    ) -> Result<(), GpuError> {
        assert!((max_key as usize) < table.len(), "gather key out of bounds");
        let n = keys.len().min(out.len()) as u64;
        let (pt, pk, po) = (self.ptr(table)?, self.ptr(keys)?, self.ptr(out)?);
        let mut l = self.stream.launch_builder(self.f("gather_accumulate"));
        l.arg(&pt).arg(&pk).arg(&po).arg(&n).arg(&scale);
        // SAFETY: (const float*, const unsigned int*, float*, unsigned long long, float); keys ≤ max_key
        // < len(table) as stated by the caller, n ≤ both lengths.
        unsafe { l.launch(self.flat(n)) }
            .map(|_| ())
            .ctx(|| "gather_accumulate".into())
    }
}

impl Gpu {
    /// `y[i] = k` rounds of an integer mix of `x[i]` (the compute-bound workload).
    pub fn compute(
        &self,
        x: &impl GpuMem<u32>,
        y: &mut impl GpuMem<u32>,
        k: u32,
    ) -> Result<(), GpuError> {
        let n = x.len().min(y.len()) as u64;
        let (px, py) = (self.ptr(x)?, self.ptr(y)?);
        let mut l = self.stream.launch_builder(self.f("task_compute"));
        l.arg(&px).arg(&py).arg(&n).arg(&k);
        // SAFETY: (const unsigned*, unsigned*, unsigned long long, unsigned); both cover n elements.
        unsafe { l.launch(self.flat(n)) }
            .map(|_| ())
            .ctx(|| "task_compute".into())
    }

    /// `x = x + 1` over all of `x`, reached through `k` dependent multiply-adds per element (a
    /// compute-bound pass whose length `k` sets; exact for whole numbers below 2²², kernels/task.cu).
    pub fn converge(&self, shape: Shape, x: &mut impl GpuMem<f32>, k: u32) -> Result<(), GpuError> {
        let n = x.len() as u64;
        let px = self.ptr(x)?;
        let (name, cfg) = match shape {
            Shape::Flat => ("converge_flat", self.flat(n)),
            Shape::Grid => ("converge_grid", self.grid(n)),
        };
        let mut l = self.stream.launch_builder(self.f(name));
        l.arg(&px).arg(&n).arg(&k);
        // SAFETY: (float*, unsigned long long, unsigned int); `x` covers n live floats.
        unsafe { l.launch(cfg) }.map(|_| ()).ctx(|| name.into())
    }

    /// `y[i] = x[i] + b` (the producer-consumer workload).
    pub fn produce(
        &self,
        x: &impl GpuMem<f32>,
        y: &mut impl GpuMem<f32>,
        b: f32,
    ) -> Result<(), GpuError> {
        let n = x.len().min(y.len()) as u64;
        let (px, py) = (self.ptr(x)?, self.ptr(y)?);
        let mut l = self.stream.launch_builder(self.f("task_produce"));
        l.arg(&px).arg(&py).arg(&n).arg(&b);
        // SAFETY: (const float*, float*, unsigned long long, float); both cover n elements.
        unsafe { l.launch(self.flat(n)) }
            .map(|_| ())
            .ctx(|| "task_produce".into())
    }

    /// `x[i] = v` over all of `x` (a write-only pass).
    pub fn fill_value(&self, x: &mut impl GpuMem<f32>, v: f32) -> Result<(), GpuError> {
        let n = x.len() as u64;
        let px = self.ptr(x)?;
        let mut l = self.stream.launch_builder(self.f("task_fill"));
        l.arg(&px).arg(&n).arg(&v);
        // SAFETY: (float*, unsigned long long, float); `x` covers n elements.
        unsafe { l.launch(self.flat(n)) }
            .map(|_| ())
            .ctx(|| "task_fill".into())
    }
}

/// The index of the `i`-th read of [`Gpu::random_read`] over `n` elements (kernels/pattern.cu).
pub fn random_key(i: u64, seed: u32, n: u64) -> u64 {
    let mut h = (i as u32).wrapping_mul(0x9E37_79B9) ^ seed;
    h ^= h >> 16;
    h = h.wrapping_mul(0x85EB_CA6B);
    h ^= h >> 13;
    h = h.wrapping_mul(0xC2B2_AE35);
    h ^= h >> 16;
    u64::from(h) % n.max(1)
}

/// Launch shape of the streaming kernels (see kernels/stream.cu).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One float4 per thread, one launch over the array.
    Flat,
    /// Grid-stride loop, 8 blocks of 256 threads per SM.
    Grid,
}

/// A timing event.
pub struct Event(CudaEvent);

impl Event {
    /// Milliseconds between two recorded events (waits for both).
    pub fn ms_since(&self, start: &Event) -> Result<f64, GpuError> {
        start
            .0
            .elapsed_ms(&self.0)
            .map(f64::from)
            .ctx(|| "reading an event time".into())
    }
}

/// Which devices may use a buffer (checked at every launch and copy).
pub enum Home<'a> {
    /// Device memory of the device with this ordinal: only that device's [`Gpu`] may use it; another
    /// device reaches it through a [`Peer`] view.
    Device(usize),
    /// Pinned or managed memory, which every device may use: each [`Gpu`] that enqueues work on it
    /// is recorded, and host access and freeing wait for all of them.
    Shared(&'a Users),
}

/// The contexts that may have work in flight on a shared (pinned or managed) buffer.
pub struct Users(Mutex<Vec<Arc<CudaContext>>>);

impl Users {
    fn new(owner: &Arc<CudaContext>) -> Users {
        Users(Mutex::new(vec![owner.clone()]))
    }
    fn note(&self, ctx: &Arc<CudaContext>) {
        let mut v = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if !v.iter().any(|c| Arc::ptr_eq(c, ctx)) {
            v.push(ctx.clone());
        }
    }
    /// Waits for every context that used the buffer.
    fn sync_all(&self) -> Result<(), GpuError> {
        let v = self.0.lock().unwrap_or_else(|e| e.into_inner());
        for c in v.iter() {
            c.synchronize()
                .ctx(|| "waiting for the GPU before host access".into())?;
        }
        Ok(())
    }
}

/// Memory a kernel can read and write.
pub trait GpuMem<T: Elem> {
    /// Which devices may use it.
    fn home(&self) -> Home<'_>;
    /// The address the GPU uses.
    fn gpu_ptr(&self) -> u64;
    /// Length in elements.
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Device memory (`cuMemAlloc`).
pub struct DeviceBuf<T: Elem> {
    ptr: sys::CUdeviceptr,
    len: usize,
    ctx: Arc<CudaContext>,
    ordinal: usize,
    _t: PhantomData<T>,
}

impl<T: Elem> DeviceBuf<T> {
    fn new(ctx: &Arc<CudaContext>, len: usize) -> Result<Self, GpuError> {
        let bytes = len.max(1) * std::mem::size_of::<T>();
        ctx.bind_to_thread().ctx(|| "binding the context".into())?;
        // SAFETY: plain allocation, owned by the returned value and freed once in Drop.
        let ptr = unsafe { result::malloc_sync(bytes) }
            .ctx(|| format!("allocating {bytes} bytes of device memory"))?;
        Ok(DeviceBuf {
            ptr,
            len,
            ordinal: ctx.ordinal(),
            ctx: ctx.clone(),
            _t: PhantomData,
        })
    }
}

impl<T: Elem> GpuMem<T> for DeviceBuf<T> {
    fn home(&self) -> Home<'_> {
        Home::Device(self.ordinal)
    }
    fn gpu_ptr(&self) -> u64 {
        self.ptr
    }
    fn len(&self) -> usize {
        self.len
    }
}

impl<T: Elem> Drop for DeviceBuf<T> {
    fn drop(&mut self) {
        let _ = self.ctx.synchronize();
        // SAFETY: allocated by cuMemAlloc in new(), freed only here, after all work has finished.
        unsafe {
            let _ = result::free_sync(self.ptr);
        }
    }
}

/// Another device's memory as seen by one device ([`Gpu::peer`]).
pub struct Peer<'a, T: Elem> {
    buf: &'a mut DeviceBuf<T>,
    user: &'a Gpu,
}

impl<T: Elem> Peer<'_, T> {
    fn usable_by(&self, gpu: &Gpu) -> Result<(), GpuError> {
        if gpu.ordinal != self.user.ordinal {
            return Err(GpuError::OtherDevice {
                buffer: self.buf.ordinal,
                gpu: gpu.ordinal,
            });
        }
        Ok(())
    }
}

impl<T: Elem> GpuMem<T> for Peer<'_, T> {
    fn home(&self) -> Home<'_> {
        Home::Device(self.user.ordinal)
    }
    fn gpu_ptr(&self) -> u64 {
        self.buf.ptr
    }
    fn len(&self) -> usize {
        self.buf.len
    }
}

impl<T: Elem> Drop for Peer<'_, T> {
    fn drop(&mut self) {
        // Rule 3 across devices: what the user device enqueued on the memory finishes before the
        // borrow (and so the memory) can end.
        let _ = self.user.ctx.synchronize();
    }
}

/// Page-locked host memory, optionally mapped into the GPU's address space.
pub struct PinnedBuf<T: Elem> {
    ptr: *mut T,
    len: usize,
    /// Device address when mapped; 0 otherwise.
    dptr: sys::CUdeviceptr,
    users: Users,
}

// SAFETY: the buffer owns its allocation; access goes through &/&mut self.
unsafe impl<T: Elem> Send for PinnedBuf<T> {}
// SAFETY: shared access hands out only shared slices.
unsafe impl<T: Elem> Sync for PinnedBuf<T> {}

impl<T: Elem> PinnedBuf<T> {
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn is_mapped(&self) -> bool {
        self.dptr != 0
    }
    /// The data, for the CPU. Synchronises the device first, so no GPU work touches it meanwhile.
    pub fn host(&self) -> Result<&[T], GpuError> {
        self.users.sync_all()?;
        // SAFETY: `ptr` holds `len` initialised-or-zeroable elements (Elem types are plain numbers
        // for which any bit pattern is valid); no GPU work is in flight (synchronised above) and none
        // can be enqueued while this borrow lives (launchers borrow the buffer).
        Ok(unsafe { std::slice::from_raw_parts(self.ptr, self.len) })
    }
    /// The data, for the CPU, writable (see [`PinnedBuf::host`]).
    pub fn host_mut(&mut self) -> Result<&mut [T], GpuError> {
        self.users.sync_all()?;
        // SAFETY: as in host(); exclusive because self is borrowed mutably.
        Ok(unsafe { std::slice::from_raw_parts_mut(self.ptr, self.len) })
    }
}

impl<T: Elem> GpuMem<T> for PinnedBuf<T> {
    fn home(&self) -> Home<'_> {
        Home::Shared(&self.users)
    }
    fn gpu_ptr(&self) -> u64 {
        assert!(
            self.dptr != 0,
            "pinned buffer is not mapped into the GPU (allocate it with mapped = true)"
        );
        self.dptr
    }
    fn len(&self) -> usize {
        self.len
    }
}

impl<T: Elem> Drop for PinnedBuf<T> {
    fn drop(&mut self) {
        let _ = self.users.sync_all();
        // SAFETY: allocated by cuMemHostAlloc, freed only here, after all work has finished.
        unsafe {
            let _ = result::free_host(self.ptr as *mut c_void);
        }
    }
}

/// Managed memory (`cuMemAllocManaged`), counted against the managed-memory cap.
pub struct ManagedBuf<T: Elem> {
    ptr: sys::CUdeviceptr,
    len: usize,
    users: Users,
    budget: Arc<ManagedBudget>,
    _t: PhantomData<T>,
}

// SAFETY: as for PinnedBuf.
unsafe impl<T: Elem> Send for ManagedBuf<T> {}
// SAFETY: as for PinnedBuf.
unsafe impl<T: Elem> Sync for ManagedBuf<T> {}

impl<T: Elem> ManagedBuf<T> {
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn bytes(&self) -> usize {
        self.len.max(1) * std::mem::size_of::<T>()
    }
    /// The data, for the CPU (pages migrate to the host on access). Synchronises first.
    pub fn host(&self) -> Result<&[T], GpuError> {
        self.users.sync_all()?;
        // SAFETY: managed memory is CPU-addressable (UVA: the pointer is valid on the host); no GPU
        // work is in flight and none can be enqueued while the borrow lives.
        Ok(unsafe { std::slice::from_raw_parts(self.ptr as *const T, self.len) })
    }
    /// Writable host view (see [`ManagedBuf::host`]).
    pub fn host_mut(&mut self) -> Result<&mut [T], GpuError> {
        self.users.sync_all()?;
        // SAFETY: as in host(); exclusive because self is borrowed mutably.
        Ok(unsafe { std::slice::from_raw_parts_mut(self.ptr as *mut T, self.len) })
    }
}

impl<T: Elem> GpuMem<T> for ManagedBuf<T> {
    fn home(&self) -> Home<'_> {
        Home::Shared(&self.users)
    }
    fn gpu_ptr(&self) -> u64 {
        self.ptr
    }
    fn len(&self) -> usize {
        self.len
    }
}

impl<T: Elem> Drop for ManagedBuf<T> {
    fn drop(&mut self) {
        let _ = self.users.sync_all();
        // SAFETY: allocated by cuMemAllocManaged, freed only here, after all work has finished.
        unsafe {
            let _ = result::free_sync(self.ptr);
        }
        self.budget
            .used
            .fetch_sub(self.bytes() as u64, Ordering::SeqCst);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn managed_guard_allows_up_to_the_cap_and_no_further() {
        assert!(managed_guard(0, 50, 100).is_ok());
        assert!(managed_guard(50, 50, 100).is_ok());
        let e = managed_guard(60, 50, 100).unwrap_err();
        assert!(matches!(
            e,
            GpuError::ManagedCap {
                requested: 50,
                total: 110,
                cap: 100
            }
        ));
        assert!(e.to_string().contains("hang"), "{e}");
        assert!(managed_guard(u64::MAX, 1, u64::MAX - 1).is_err());
    }

    #[test]
    fn fnv1a64_gives_the_published_answers() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a64(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn the_embedded_ptx_was_made_from_these_kernel_sources() {
        let redo = "a kernel source changed since its PTX was made: run scripts/kernels-ptx.sh";
        for (file, _) in KERNELS {
            let ptx = embedded_ptx(file, 9, 0).unwrap_or_else(|| panic!("{file}: {redo}"));
            assert!(ptx.contains(".target sm_90"), "{file}");
            assert!(
                ptx.contains("release 13.0, V13.0.88"),
                "{file}: made by another NVRTC"
            );
        }
        for name in FUNCTIONS {
            let entry = format!(".entry {name}(");
            assert!(
                EMBEDDED_PTX.iter().any(|(_, p)| p.contains(&entry)),
                "`{name}` is in no embedded PTX: {redo}"
            );
        }
    }

    #[test]
    fn only_a_device_of_compute_capability_9_0_gets_the_embedded_ptx() {
        assert!(embedded_ptx("stream.cu", 9, 0).is_some());
        for (major, minor) in [(8, 0), (8, 9), (9, 1), (10, 0), (12, 0)] {
            assert!(
                embedded_ptx("stream.cu", major, minor).is_none(),
                "{major}.{minor}"
            );
        }
        assert!(embedded_ptx("nonesuch.cu", 9, 0).is_none());
    }
}
