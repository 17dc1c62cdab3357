//! What machine a measurement or model belongs to: the platform facts and the fingerprint that keys
//! calibrated models. GPU-free: the GPU layer fills these in, everything else only reads them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The facts of a platform that decide its placement costs.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Platform {
    /// Short label shown to users (`H200`, `GB200`).
    pub label: String,
    /// GPU name as the driver reports it.
    pub gpu: String,
    /// Compute capability, `major.minor`.
    pub compute_capability: String,
    /// Streaming multiprocessors.
    pub sm_count: Option<u32>,
    /// L2 cache size in bytes (decides where device-resident passes stop being cache-served).
    pub l2_bytes: Option<u64>,
    /// Device memory in bytes.
    pub memory_bytes: Option<u64>,
    /// NVIDIA kernel driver version (`580.159.04`).
    pub driver_version: String,
    /// The CUDA version the driver supports, `major.minor`.
    pub cuda_version: String,
    /// CPU↔GPU link in words (`PCIe Gen5 x16`, `NVLink-C2C`).
    pub link: String,
    /// The GPU's PCIe link, where sysfs gives it.
    pub pcie: Option<PcieLink>,
    /// Host CPU model name, from `/proc/cpuinfo`.
    pub host_cpu: String,
    /// Logical CPUs available to the measuring process.
    pub host_cpus: Option<u32>,
    /// Host memory in bytes.
    pub host_memory_bytes: Option<u64>,
    /// NUMA nodes of the host.
    pub numa_nodes: Option<u32>,
    /// The host's L3 cache in bytes, where sysfs says ([`host_l3_bytes`]). On the H100 test VMs,
    /// whose CPU model reads only "Intel(R) Xeon(R) Processor", the GPU read host memory at about
    /// 0.65 of the usual rate on all three hosts with 105 MiB of L3 and on none of 32 with 300 MiB
    /// (calibration/h100/run247/l3_link.txt): the one fact read that told those hosts apart.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_l3_bytes: Option<u64>,
    /// The host's operating-system kernel release (`/proc/sys/kernel/osrelease`,
    /// [`host_kernel`]); empty where unknown. Managed memory's faults, migrations and mappings
    /// run in the kernel: on the H100 test VMs the passes over managed pages kept on the host
    /// took 2.5-3.1x the model's time on both guests of kernel fc-v1294 and at most 1.23x on the
    /// 28 of fc-v1272 on like hosts (calibration/h100/run255/kernel_link.txt).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub host_kernel: String,
    /// Device attributes that change managed-memory behaviour (name → value).
    pub attributes: BTreeMap<String, i64>,
}

/// PCIe link generation and width, current and maximum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PcieLink {
    /// Link generation now.
    pub gen_current: Option<u32>,
    /// Highest generation the link supports.
    pub gen_max: Option<u32>,
    /// Lanes now.
    pub width_current: Option<u32>,
    /// Most lanes the link supports.
    pub width_max: Option<u32>,
}

impl Platform {
    /// The key a calibrated model is stored under: the GPU name and host CPU model, hashed. Driver
    /// versions are left out on purpose: a driver update should not orphan a calibration (the model
    /// file still records the driver it was measured with).
    pub fn fingerprint(&self) -> String {
        fingerprint_of(&self.gpu, &self.host_cpu)
    }
}

/// Fingerprint from the two facts that can be read cheaply on any machine.
pub fn fingerprint_of(gpu: &str, host_cpu: &str) -> String {
    let mut h = Sha256::new();
    h.update(gpu.trim().as_bytes());
    h.update([0u8]);
    h.update(host_cpu.trim().as_bytes());
    let digest = h.finalize();
    let hex: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    let slug: String = gpu
        .trim()
        .to_ascii_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    if slug.is_empty() {
        hex
    } else {
        format!("{slug}-{hex}")
    }
}

/// The host CPU model from `/proc/cpuinfo` (empty where it cannot be read; read under
/// [`crate::stamp::sysroot`]).
pub fn host_cpu_model() -> String {
    std::fs::read_to_string(crate::stamp::sysroot().join("proc/cpuinfo"))
        .map(|s| parse_cpu_model(&s))
        .unwrap_or_default()
}

/// The host's L3 cache in bytes: the size of cpu0's cache whose `level` is 3
/// (`/sys/devices/system/cpu/cpu0/cache/index*/`, read under [`crate::stamp::sysroot`]); `None`
/// where sysfs does not say.
pub fn host_l3_bytes() -> Option<u64> {
    host_l3_bytes_under(&crate::stamp::sysroot())
}

pub(crate) fn host_l3_bytes_under(root: &std::path::Path) -> Option<u64> {
    (0..8).find_map(|i| {
        let index = format!("sys/devices/system/cpu/cpu0/cache/index{i}");
        let level = crate::stamp::read(root, &format!("{index}/level"))?;
        (level.trim() == "3")
            .then(|| crate::stamp::read(root, &format!("{index}/size")))
            .flatten()
            .and_then(|s| parse_cache_size(&s))
    })
}

/// The host's kernel release (`/proc/sys/kernel/osrelease`, read under
/// [`crate::stamp::sysroot`]); empty where it cannot be read.
pub fn host_kernel() -> String {
    host_kernel_under(&crate::stamp::sysroot())
}

pub(crate) fn host_kernel_under(root: &std::path::Path) -> String {
    crate::stamp::read(root, "proc/sys/kernel/osrelease")
        .and_then(|t| t.lines().next().map(|l| l.trim().to_string()))
        .filter(|l| !l.is_empty() && l.len() <= 256 && !l.chars().any(char::is_control))
        .unwrap_or_default()
}

/// A cache size as sysfs writes it (`491520K`, `32M`, `1024`), in bytes.
pub fn parse_cache_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let (digits, unit) = match t.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => t.split_at(i),
        None => (t, ""),
    };
    let n: u64 = digits.parse().ok()?;
    let scale = match unit {
        "" => 1,
        "K" => 1 << 10,
        "M" => 1 << 20,
        "G" => 1 << 30,
        _ => return None,
    };
    n.checked_mul(scale)
}

/// The CPU model line of `/proc/cpuinfo` text.
pub fn parse_cpu_model(cpuinfo: &str) -> String {
    cpuinfo
        .lines()
        .find(|l| l.starts_with("model name") || l.starts_with("Model"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_default()
}

/// Facts about one measurement run, written beside its CSV.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RunFacts {
    /// The machine measured.
    pub platform: Platform,
    /// UTC start, RFC 3339.
    pub started_utc: String,
    /// UTC end, RFC 3339.
    pub finished_utc: String,
    /// The command line that produced the run.
    pub command: String,
    /// The umodel version that measured it.
    pub umodel_version: String,
    /// Conditions worth knowing when reading the numbers (clocks, load, what was not measured).
    pub conditions: BTreeMap<String, String>,
    /// What a reader of the run should know, one note an entry.
    pub notes: Vec<String>,
    /// Threads of the handoff's CPU update (1: one thread pinned to a core); absent in facts
    /// written before this field (their `cpu_update` condition says it in words).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_threads: Option<u32>,
    /// Whether the thread that issued the run's CUDA calls was pinned to one core; absent in
    /// facts written before this field (their `cpu_update` condition says it in words:
    /// [`RunFacts::harness_pinned`] reads either).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub thread_pinned: Option<bool>,
    /// What the run was measured under (driver, GPU UUID and bus id, link, VM), for the model's
    /// validity stamp; absent in facts written before stamps.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stamp: Option<crate::stamp::Stamp>,
}

impl RunFacts {
    /// Whether the run's harness issued its CUDA calls from a thread pinned to one core: its
    /// `thread_pinned`, else (facts written before it) its `cpu_update` condition ("single thread
    /// pinned to core 15"; "single thread, not pinned", "16 threads, one per core" and a failed
    /// pinning are not); `None` without either.
    pub fn harness_pinned(&self) -> Option<bool> {
        self.thread_pinned.or_else(|| {
            self.conditions
                .get("cpu_update")
                .map(|c| c.starts_with("single thread pinned"))
        })
    }
}

/// Current UTC time as RFC 3339 (`2026-11-29T23:51:57Z`), without a date crate.
pub fn now_utc() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    format_utc(secs)
}

/// Formats seconds since the Unix epoch as RFC 3339 UTC (days-from-civil, Howard Hinnant's algorithm).
pub fn format_utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// The first NVIDIA GPU's model name as the kernel driver lists it under `/proc/driver/nvidia/gpus`
/// (cheap: no CUDA context). `None` where there is no NVIDIA driver.
pub fn local_gpu_name() -> Option<String> {
    let mut dirs: Vec<_> =
        std::fs::read_dir(crate::stamp::sysroot().join("proc/driver/nvidia/gpus"))
            .ok()?
            .filter_map(|e| e.ok())
            .collect();
    dirs.sort_by_key(|e| e.file_name());
    dirs.iter().find_map(|d| {
        let text = std::fs::read_to_string(d.path().join("information")).ok()?;
        text.lines()
            .find_map(|l| l.strip_prefix("Model:"))
            .map(|v| v.trim().to_string())
            .filter(|v| !v.is_empty())
    })
}

/// The CPUs local to the PCI device `bus_id` (`0000:1B:00.0`, as CUDA reports it), from sysfs;
/// `None` where the kernel does not say.
pub fn local_cpus(bus_id: &str) -> Option<Vec<usize>> {
    let dev = bus_id.trim().to_ascii_lowercase();
    let text = std::fs::read_to_string(format!("/sys/bus/pci/devices/{dev}/local_cpulist")).ok()?;
    parse_cpulist(&text)
}

/// Parses a kernel CPU list (`0-15,32-47`, `3`, `0-3,8`).
pub fn parse_cpulist(text: &str) -> Option<Vec<usize>> {
    let mut cpus = Vec::new();
    for part in text.trim().split(',').filter(|p| !p.is_empty()) {
        match part.split_once('-') {
            Some((a, b)) => {
                let (a, b): (usize, usize) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
                if b < a || b - a > 1 << 16 {
                    return None;
                }
                cpus.extend(a..=b);
            }
            None => cpus.push(part.trim().parse().ok()?),
        }
    }
    (!cpus.is_empty()).then_some(cpus)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hosts_l3_is_read_from_the_cache_whose_level_is_3() {
        assert_eq!(parse_cache_size("491520K\n"), Some(491_520 << 10));
        assert_eq!(parse_cache_size("32M"), Some(32 << 20));
        assert_eq!(parse_cache_size("1024"), Some(1024));
        for bad in ["", "K", "12Q", "-3K", "99999999999999999999G"] {
            assert_eq!(parse_cache_size(bad), None, "{bad}");
        }
        let root = tempfile::tempdir().unwrap();
        let cache = root.path().join("sys/devices/system/cpu/cpu0/cache");
        // The VMs' two kinds of host: L1d, L1i, L2, then an L3 of 105 MiB (107520K).
        for (i, level, size) in [
            (0, "1", "48K"),
            (1, "1", "32K"),
            (2, "2", "2048K"),
            (3, "3", "107520K"),
        ] {
            let d = cache.join(format!("index{i}"));
            std::fs::create_dir_all(&d).unwrap();
            std::fs::write(d.join("level"), format!("{level}\n")).unwrap();
            std::fs::write(d.join("size"), format!("{size}\n")).unwrap();
        }
        assert_eq!(host_l3_bytes_under(root.path()), Some(105 << 20));
        // No level-3 cache listed: unknown, not the largest other.
        std::fs::remove_dir_all(cache.join("index3")).unwrap();
        assert_eq!(host_l3_bytes_under(root.path()), None);
        assert_eq!(host_l3_bytes_under(&root.path().join("nowhere")), None);
    }

    #[test]
    fn the_hosts_kernel_is_its_release_line() {
        let root = tempfile::tempdir().unwrap();
        assert_eq!(host_kernel_under(root.path()), "");
        let f = root.path().join("proc/sys/kernel/osrelease");
        std::fs::create_dir_all(f.parent().unwrap()).unwrap();
        // As the H100 test VMs' guests wrote it (calibration/h100/run255/run255/machine.txt).
        std::fs::write(&f, "6.18.44-fc-v1294-gpu\n").unwrap();
        assert_eq!(host_kernel_under(root.path()), "6.18.44-fc-v1294-gpu");
        // Nothing that is not one printable line is taken for a release.
        for bad in ["\n", "  \n", "a\u{1b}[31m\n", &"x".repeat(300)] {
            std::fs::write(&f, bad).unwrap();
            assert_eq!(host_kernel_under(root.path()), "", "{bad:?}");
        }
    }

    #[test]
    fn facts_say_whether_the_harness_pinned_its_thread() {
        let with = |c: &str| {
            let mut f = RunFacts::default();
            f.conditions.insert("cpu_update".into(), c.into());
            f
        };
        assert_eq!(
            with("single thread pinned to core 15").harness_pinned(),
            Some(true)
        );
        assert_eq!(
            with("single thread, not pinned").harness_pinned(),
            Some(false)
        );
        assert_eq!(
            with("16 threads, one per core").harness_pinned(),
            Some(false)
        );
        assert_eq!(
            with("single thread (pinning failed)").harness_pinned(),
            Some(false)
        );
        assert_eq!(RunFacts::default().harness_pinned(), None);
        // The field, where written, is what the facts say, whatever the words.
        let mut f = with("single thread pinned to core 15");
        f.thread_pinned = Some(false);
        assert_eq!(f.harness_pinned(), Some(false));
        f.conditions.clear();
        f.thread_pinned = Some(true);
        assert_eq!(f.harness_pinned(), Some(true));
        // Written only when known, read back as written.
        let text = serde_json::to_string(&f).unwrap();
        assert!(text.contains(r#""thread_pinned":true"#), "{text}");
        let back: RunFacts = serde_json::from_str(&text).unwrap();
        assert_eq!(back.thread_pinned, Some(true));
        assert!(!serde_json::to_string(&RunFacts::default())
            .unwrap()
            .contains("thread_pinned"));
    }

    #[test]
    fn cpu_lists_parse_as_the_kernel_writes_them() {
        assert_eq!(parse_cpulist("0-3,8\n"), Some(vec![0, 1, 2, 3, 8]));
        assert_eq!(parse_cpulist("5"), Some(vec![5]));
        assert_eq!(parse_cpulist("0-1,32-33"), Some(vec![0, 1, 32, 33]));
        for bad in ["", "x", "3-1", "1-", "0-99999999"] {
            assert_eq!(parse_cpulist(bad), None, "{bad}");
        }
    }

    #[test]
    fn utc_formatting_known_dates() {
        assert_eq!(format_utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(format_utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(format_utc(1_795_996_317), "2026-11-29T23:51:57Z");
    }

    #[test]
    fn fingerprint_is_stable_and_readable() {
        let a = fingerprint_of("NVIDIA H200", "Intel Xeon");
        assert!(a.starts_with("nvidia-h200-"), "{a}");
        assert_eq!(a, fingerprint_of(" NVIDIA H200 ", "Intel Xeon"));
        assert_ne!(a, fingerprint_of("NVIDIA H200", "AMD EPYC"));
    }
}
