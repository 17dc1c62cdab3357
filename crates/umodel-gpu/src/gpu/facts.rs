//! The facts of the machine a run measured: device attributes from the driver, PCIe link from sysfs,
//! host CPU and memory from /proc, clocks from `nvidia-smi` (read-only queries; umodel never changes
//! clocks or any other GPU setting).

use std::collections::BTreeMap;
use std::process::Command;

use cudarc::driver::sys;

use super::{Ctx, Gpu, GpuError};
use umodel_core::platform::{PcieLink, Platform};

impl Gpu {
    /// Reads the platform facts of this device and host.
    pub fn platform(&self) -> Result<Platform, GpuError> {
        use sys::CUdevice_attribute::*;
        let ctx = &self.ctx;
        let name = ctx.name().ctx(|| "reading the device name".into())?;
        let (major, minor) = ctx
            .compute_capability()
            .ctx(|| "reading the compute capability".into())?;
        let attr = |a| ctx.attribute(a).ctx(|| "reading a device attribute".into());
        let mut attributes = BTreeMap::new();
        for (key, a) in [
            (
                "CONCURRENT_MANAGED_ACCESS",
                CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
            ),
            (
                "PAGEABLE_MEMORY_ACCESS",
                CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
            ),
            (
                "PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES",
                CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES,
            ),
            (
                "HOST_NATIVE_ATOMIC_SUPPORTED",
                CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED,
            ),
            (
                "DIRECT_MANAGED_MEM_ACCESS_FROM_HOST",
                CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST,
            ),
            (
                "CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM",
                CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM,
            ),
            ("MANAGED_MEMORY", CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY),
            (
                "CAN_MAP_HOST_MEMORY",
                CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY,
            ),
            ("UNIFIED_ADDRESSING", CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING),
            ("ASYNC_ENGINE_COUNT", CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT),
            ("CLOCK_RATE_KHZ", CU_DEVICE_ATTRIBUTE_CLOCK_RATE),
            (
                "MEMORY_CLOCK_RATE_KHZ",
                CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
            ),
            (
                "GLOBAL_MEMORY_BUS_WIDTH",
                CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
            ),
        ] {
            if let Ok(v) = attr(a) {
                attributes.insert(key.to_string(), i64::from(v));
            }
        }
        let l2 = attr(CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)? as u64;
        let total = ctx.total_mem().ctx(|| "reading the memory size".into())? as u64;
        let mut version: i32 = 0;
        // SAFETY: writes one int.
        unsafe { sys::cuDriverGetVersion(&mut version) }
            .result()
            .ctx(|| "reading the driver version".into())?;
        let cuda_version = format!("{}.{}", version / 1000, (version % 1000) / 10);
        // Absent where NVRTC is not installed (a device the embedded PTX serves needs none).
        if let Some((nv_major, nv_minor)) = super::nvrtc_version_parts() {
            attributes.insert(
                "NVRTC_VERSION".into(),
                i64::from(nv_major * 1000 + nv_minor * 10),
            );
        }
        let bus = self.pci_bus_id().unwrap_or_default();
        let pcie = pcie_link(&bus);
        let link = match &pcie {
            Some(PcieLink {
                gen_current: Some(g),
                width_current: Some(w),
                gen_max,
                width_max,
            }) => {
                let max = match (gen_max, width_max) {
                    (Some(gm), Some(wm)) if (gm, wm) != (g, w) => format!(" (max Gen{gm} x{wm})"),
                    _ => String::new(),
                };
                format!("PCIe Gen{g} x{w}{max}")
            }
            _ => String::new(),
        };
        let host_cpu = umodel_core::platform::host_cpu_model();
        Ok(Platform {
            label: short_label(&name),
            gpu: name,
            compute_capability: format!("{major}.{minor}"),
            sm_count: Some(self.sms),
            l2_bytes: Some(l2),
            memory_bytes: Some(total),
            driver_version: kernel_driver_version().unwrap_or_default(),
            cuda_version,
            link,
            pcie,
            host_cpu,
            host_cpus: std::thread::available_parallelism()
                .ok()
                .map(|n| n.get() as u32),
            host_memory_bytes: meminfo_kib("MemTotal:").map(|k| k * 1024),
            numa_nodes: numa_nodes(),
            host_l3_bytes: umodel_core::platform::host_l3_bytes(),
            host_kernel: umodel_core::platform::host_kernel(),
            attributes,
        })
    }

    /// PCI bus id (`0000:xx:00.0`).
    pub fn pci_bus_id(&self) -> Result<String, GpuError> {
        let mut buf = [0 as std::ffi::c_char; 32];
        self.ctx
            .bind_to_thread()
            .ctx(|| "binding the context".into())?;
        // SAFETY: the buffer is 32 bytes and the length passed says so; the driver NUL-terminates.
        unsafe {
            sys::cuDeviceGetPCIBusId(buf.as_mut_ptr(), buf.len() as i32, self.ctx.cu_device())
        }
        .result()
        .ctx(|| "reading the PCI bus id".into())?;
        // SAFETY: NUL-terminated by the driver within the buffer.
        Ok(unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }
            .to_string_lossy()
            .into_owned())
    }

    /// Clocks, temperature, power and load now, from `nvidia-smi` (empty where it is not installed).
    pub fn conditions(&self) -> BTreeMap<String, String> {
        let mut out = BTreeMap::new();
        let fields = "clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem,temperature.gpu,power.draw,pstate,utilization.gpu,persistence_mode";
        let mut cmd = Command::new("nvidia-smi");
        cmd.arg(format!("--query-gpu={fields}"))
            .arg("--format=csv,noheader");
        if let Ok(bus) = self.pci_bus_id() {
            cmd.arg(format!("--id={bus}"));
        }
        if let Ok(o) = cmd.output() {
            if o.status.success() {
                let text = String::from_utf8_lossy(&o.stdout);
                if let Some(line) = text.lines().next() {
                    for (k, v) in fields.split(',').zip(line.split(',')) {
                        out.insert(k.to_string(), v.trim().to_string());
                    }
                }
            }
        }
        if let Ok((free, total)) = self.mem_info() {
            out.insert("device_memory_free_bytes".into(), free.to_string());
            out.insert("device_memory_total_bytes".into(), total.to_string());
        }
        if let Some(k) = meminfo_kib("MemAvailable:") {
            out.insert("host_memory_available_bytes".into(), (k * 1024).to_string());
        }
        if let Ok(l) = std::fs::read_to_string("/proc/loadavg") {
            out.insert(
                "loadavg".into(),
                l.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
            );
        }
        out
    }
}

/// `H200` from `NVIDIA H200`, `H100` from `NVIDIA H100 80GB HBM3`.
fn short_label(name: &str) -> String {
    name.trim_start_matches("NVIDIA ")
        .split_whitespace()
        .next()
        .unwrap_or(name)
        .to_string()
}

/// The kernel module's version (`580.159.04`) from /proc/driver/nvidia/version.
fn kernel_driver_version() -> Option<String> {
    let text = std::fs::read_to_string("/proc/driver/nvidia/version").ok()?;
    let line = text.lines().next()?;
    line.split_whitespace()
        .find(|w| {
            w.chars().filter(|c| *c == '.').count() >= 1
                && w.chars().all(|c| c.is_ascii_digit() || c == '.')
        })
        .map(str::to_string)
}

fn meminfo_kib(key: &str) -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    text.lines()
        .find(|l| l.starts_with(key))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

fn numa_nodes() -> Option<u32> {
    let n = std::fs::read_dir("/sys/devices/system/node")
        .ok()?
        .filter_map(|e| e.ok())
        .filter(|e| {
            let n = e.file_name();
            let n = n.to_string_lossy();
            n.starts_with("node") && n[4..].chars().all(|c| c.is_ascii_digit())
        })
        .count();
    (n > 0).then_some(n as u32)
}

/// PCIe generation from a sysfs link speed (`32.0 GT/s PCIe` → 5).
fn gen_of(speed: &str) -> Option<u32> {
    let gts: f64 = speed.split_whitespace().next()?.parse().ok()?;
    Some(match gts {
        x if x < 3.0 => 1,
        x if x < 6.0 => 2,
        x if x < 9.0 => 3,
        x if x < 17.0 => 4,
        x if x < 33.0 => 5,
        x if x < 65.0 => 6,
        _ => 7,
    })
}

fn pcie_link(bus: &str) -> Option<PcieLink> {
    if bus.is_empty() {
        return None;
    }
    let dir = std::path::Path::new("/sys/bus/pci/devices").join(bus.to_ascii_lowercase());
    let read = |f: &str| {
        std::fs::read_to_string(dir.join(f))
            .ok()
            .map(|s| s.trim().to_string())
    };
    let link = PcieLink {
        gen_current: read("current_link_speed").as_deref().and_then(gen_of),
        gen_max: read("max_link_speed").as_deref().and_then(gen_of),
        width_current: read("current_link_width").and_then(|s| s.parse().ok()),
        width_max: read("max_link_width").and_then(|s| s.parse().ok()),
    };
    (link != PcieLink::default()).then_some(link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pcie_generations_from_sysfs_speeds() {
        assert_eq!(gen_of("32.0 GT/s PCIe"), Some(5));
        assert_eq!(gen_of("16.0 GT/s PCIe"), Some(4));
        assert_eq!(gen_of("2.5 GT/s"), Some(1));
        assert_eq!(gen_of("Unknown"), None);
        assert_eq!(short_label("NVIDIA H200"), "H200");
        assert_eq!(short_label("NVIDIA H100 80GB HBM3"), "H100");
    }
}
