//! Validity stamps: what a model was measured under (driver, GPU identity, PCIe link, VM), and
//! whether the machine a query runs on still is that. Read cheaply from the kernel driver's
//! `/proc/driver/nvidia` files, sysfs and `/proc/cpuinfo`: no CUDA context (which takes the GPU and
//! ~100 ms), so every query can afford it. GPU-free: parsing is plain text, tested on fixtures.
//!
//! A stamp names one GPU by UUID and PCI bus id, so a later per-device model (one per GPU of a
//! multi-GPU host) can be keyed and checked by the same fields.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::platform::{PcieLink, Platform};

/// What a model was measured under.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Stamp {
    /// NVIDIA kernel driver version (`580.159.04`); empty where unknown.
    pub driver_version: String,
    /// CUDA driver API version (`13.0`), as the measuring process saw it (not re-read by queries:
    /// it needs the CUDA library; it moves with the driver, which is).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub cuda_version: String,
    /// The GPU measured.
    pub gpu: GpuStamp,
    /// Whether the host ran under a hypervisor (the `hypervisor` CPU flag); `None` where unknown.
    pub hypervisor: Option<bool>,
    /// The host CPU model.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub host_cpu: String,
    /// The host's L3 cache in bytes ([`crate::platform::host_l3_bytes`]); `None` where unknown
    /// and in stamps written before it. VMs whose CPU model reads the same can sit on hosts of
    /// another kind: on the H100 test VMs the GPU read host memory at about 0.65 of the usual rate
    /// on the hosts with 105 MiB of L3 and at the usual rate on those with 300 MiB
    /// (calibration/h100/run247/l3_link.txt).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub host_l3_bytes: Option<u64>,
}

/// One GPU's identity and link.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct GpuStamp {
    /// Model name as the driver reports it (`NVIDIA H200`).
    pub name: String,
    /// `GPU-xxxxxxxx-…`: the one identity that survives moving the card or renumbering devices.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub uuid: String,
    /// PCI bus id, normalised (`0000:18:00.0`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub bus_id: String,
    /// The PCIe link, where it is PCIe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<PcieLink>,
}

impl GpuStamp {
    fn words(&self) -> String {
        let mut s = self.name.clone();
        let ids: Vec<&str> = [self.uuid.as_str(), self.bus_id.as_str()]
            .into_iter()
            .filter(|x| !x.is_empty())
            .collect();
        if !ids.is_empty() {
            s.push_str(&format!(" ({})", ids.join(", ")));
        }
        s
    }
}

/// This machine now, as far as it can be read without CUDA.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Machine {
    /// NVIDIA kernel driver version (`580.159.04`).
    pub driver_version: String,
    /// Every GPU the driver lists, in bus-id order.
    pub gpus: Vec<GpuStamp>,
    /// Whether the host runs under a hypervisor (the `hypervisor` CPU flag); `None` where unknown.
    pub hypervisor: Option<bool>,
    /// The host CPU model; empty where unknown.
    pub host_cpu: String,
    /// The host's L3 cache in bytes; `None` where unknown.
    pub host_l3_bytes: Option<u64>,
}

/// One thing that differs between a model's stamp and this machine.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Change {
    /// What (`driver`, `GPU`, `PCIe link`, `hypervisor`, `host CPU`, `host L3 cache`).
    pub what: String,
    /// As measured.
    pub then: String,
    /// Here, now.
    pub now: String,
}

impl std::fmt::Display for Change {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {} → {}", self.what, self.then, self.now)
    }
}

/// [`Change::what`] when the GPU measured is not on this machine.
pub const CHANGED_GPU: &str = "GPU";
/// [`Change::what`] when the host CPU differs (another host).
pub const CHANGED_HOST_CPU: &str = "host CPU";
/// [`Change::what`] when the host's L3 differs (another kind of host under a VM whose CPU model
/// reads the same).
pub const CHANGED_HOST_L3: &str = "host L3 cache";

/// What to do where an embedded model's hosts had another L3 than this one: the probe measures the
/// link such hosts ran slower (seed 001's host-mapped row within 1.2 % with it, 46.8 % short
/// without: calibration/h100/run226/reading.txt).
pub const PROBE_THIS_HOST: &str = "`umodel probe -o probe.json` measures this machine's link in \
     about three seconds and `--probe probe.json` prices tasks with it; `umodel calibrate` \
     measures it all";

/// Whether `changes` are the host's L3 alone: the embedded model's GPU is this machine's and the
/// host of another kind, so the probe, not calibrating, is what to do ([`PROBE_THIS_HOST`]; the
/// query's warning, its task note and `umodel doctor` decide by this).
pub fn only_host_l3(changes: &[Change]) -> bool {
    !changes.is_empty() && changes.iter().all(|c| c.what == CHANGED_HOST_L3)
}

/// How much of a stamp a query checks, by where its model came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// A model measured here, or a file the user gave: everything.
    Full,
    /// A model shipped in the binary, chosen because nothing better exists: whether this
    /// machine has its GPU, and its host the L3 the model's hosts had (its driver, UUID and link
    /// are another machine's by nature; on the H100 VMs the hosts with another L3 ran the link up
    /// to 1.5× slower, NOTES.md "The link probe").
    GpuModel,
}

/// What a check of a model against this machine found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "verdict", content = "changes")]
pub enum Verdict {
    /// Nothing to check: a reference model asked for by name.
    NotChecked,
    /// No NVIDIA driver here, so nothing says whether the model fits.
    NoDriver,
    /// The model records nothing to check against.
    NoStamp,
    /// This machine is what the model was measured under.
    Same,
    /// What differs.
    Changed(Vec<Change>),
}

impl Verdict {
    /// Whether `--strict` answers: only when the machine was checked and found the same, or the
    /// model is a reference asked for by name.
    pub fn strict_ok(&self) -> bool {
        matches!(self, Verdict::Same | Verdict::NotChecked)
    }
}

/// Checks `stamp` against `here` (`None`: no NVIDIA driver) within `scope` (`None`: not checked).
pub fn check(stamp: &Stamp, here: Option<&Machine>, scope: Option<Scope>) -> Verdict {
    let Some(scope) = scope else {
        return Verdict::NotChecked;
    };
    let Some(here) = here else {
        return Verdict::NoDriver;
    };
    if stamp.is_empty() {
        return Verdict::NoStamp;
    }
    let changes = stamp.changes(here, scope);
    if changes.is_empty() {
        Verdict::Same
    } else {
        Verdict::Changed(changes)
    }
}

/// The root the machine is read under: `/`, or `$UMODEL_SYSROOT` (tests point it at a fixture
/// tree; empty counts as unset).
pub fn sysroot() -> PathBuf {
    std::env::var_os("UMODEL_SYSROOT")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/"))
}

pub(crate) fn read(root: &Path, rel: &str) -> Option<String> {
    // Small files only: a cap keeps a strange sysroot from costing memory.
    let bytes = crate::store::read_capped(&root.join(rel), 1 << 20).ok()??;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// The driver version from `/proc/driver/nvidia/version`: the first dotted number after
/// "Kernel Module" (`NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Thu …`, or the
/// open module's `… Open Kernel Module for x86_64  580.159.04  Release Build …`).
pub fn parse_driver_version(text: &str) -> Option<String> {
    let line = text.lines().find(|l| l.starts_with("NVRM version:"))?;
    let after = line.split_once("Module").map_or(line, |(_, r)| r);
    after
        .split_whitespace()
        .find(|w| {
            w.contains('.')
                && w.chars().all(|c| c.is_ascii_digit() || c == '.')
                && w.chars().next().is_some_and(|c| c.is_ascii_digit())
        })
        .map(str::to_string)
}

/// `Model`, `GPU UUID` and `Bus Location` of `/proc/driver/nvidia/gpus/*/information`.
pub fn parse_gpu_information(text: &str) -> GpuStamp {
    let field = |key: &str| {
        text.lines()
            .find_map(|l| {
                let (k, v) = l.split_once(':')?;
                (k.trim() == key).then(|| v.trim().to_string())
            })
            .unwrap_or_default()
    };
    GpuStamp {
        name: field("Model"),
        uuid: field("GPU UUID"),
        bus_id: normalise_bus_id(&field("Bus Location")),
        link: None,
    }
}

/// A PCI bus id as sysfs spells it: lowercase, a four-digit domain (CUDA and nvidia-smi write
/// `00000000:18:00.0` or uppercase hex).
pub fn normalise_bus_id(id: &str) -> String {
    let id = id.trim().to_ascii_lowercase();
    match id.split_once(':') {
        Some((domain, rest)) if domain.len() > 4 && domain.chars().all(|c| c == '0') => {
            format!("0000:{rest}")
        }
        Some((domain, rest)) if domain.len() > 4 => {
            format!("{}:{rest}", &domain[domain.len() - 4..])
        }
        _ => id,
    }
}

/// The PCIe generation of a sysfs link speed (`32.0 GT/s PCIe`, `16 GT/s`, `2.5 GT/s`).
pub fn parse_link_gen(text: &str) -> Option<u32> {
    let gts: f64 = text.split_whitespace().next()?.parse().ok()?;
    let gens = [
        (2.5, 1),
        (5.0, 2),
        (8.0, 3),
        (16.0, 4),
        (32.0, 5),
        (64.0, 6),
        (128.0, 7),
    ];
    gens.iter()
        .find(|(s, _)| (gts - s).abs() < 0.1)
        .map(|(_, g)| *g)
}

/// Whether `/proc/cpuinfo` has the `hypervisor` flag (x86 guests); `None` where there is no flags
/// line (other architectures).
pub fn parse_hypervisor(cpuinfo: &str) -> Option<bool> {
    let flags = cpuinfo
        .lines()
        .find(|l| l.starts_with("flags") && l.contains(':'))?;
    Some(flags.split_whitespace().any(|w| w == "hypervisor"))
}

fn link_of(root: &Path, bus_id: &str) -> Option<PcieLink> {
    if bus_id.is_empty() {
        return None;
    }
    let dev = format!("sys/bus/pci/devices/{bus_id}");
    let num = |f: &str| read(root, &format!("{dev}/{f}")).and_then(|t| t.trim().parse().ok());
    let gen = |f: &str| read(root, &format!("{dev}/{f}")).and_then(|t| parse_link_gen(&t));
    let link = PcieLink {
        gen_current: gen("current_link_speed"),
        gen_max: gen("max_link_speed"),
        width_current: num("current_link_width"),
        width_max: num("max_link_width"),
    };
    (link != PcieLink::default()).then_some(link)
}

impl Machine {
    /// This machine (under [`sysroot`]); `None` where no NVIDIA driver is loaded, so machines
    /// without a GPU never compare anything.
    pub fn local() -> Option<Machine> {
        Machine::read(&sysroot())
    }

    /// The machine under `root`.
    pub fn read(root: &Path) -> Option<Machine> {
        let driver_version =
            read(root, "proc/driver/nvidia/version").and_then(|t| parse_driver_version(&t))?;
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("proc/driver/nvidia/gpus"))
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        dirs.sort();
        let gpus = dirs
            .iter()
            .filter_map(|d| {
                let t = std::fs::read_to_string(d.join("information")).ok()?;
                let mut g = parse_gpu_information(&t);
                if g.bus_id.is_empty() {
                    g.bus_id = normalise_bus_id(&d.file_name()?.to_string_lossy());
                }
                g.link = link_of(root, &g.bus_id);
                Some(g)
            })
            .collect();
        let cpuinfo = read(root, "proc/cpuinfo").unwrap_or_default();
        Some(Machine {
            driver_version,
            gpus,
            hypervisor: parse_hypervisor(&cpuinfo),
            host_cpu: crate::platform::parse_cpu_model(&cpuinfo),
            host_l3_bytes: crate::platform::host_l3_bytes_under(root),
        })
    }

    /// The stamp of one of this machine's GPUs, for a run measuring it (`bus_id` as CUDA gives
    /// it; the first GPU when unknown).
    pub fn stamp_for(&self, bus_id: Option<&str>, platform: &Platform) -> Stamp {
        let want = bus_id.map(normalise_bus_id);
        let gpu = self
            .gpus
            .iter()
            .find(|g| want.as_deref().is_some_and(|b| b == g.bus_id))
            .or_else(|| self.gpus.first())
            .cloned()
            .unwrap_or_default();
        Stamp {
            driver_version: self.driver_version.clone(),
            cuda_version: platform.cuda_version.clone(),
            gpu: GpuStamp {
                // The link under load, as the run measured it (sysfs shows an idle GPU's link
                // trained down).
                link: platform.pcie.or(gpu.link),
                name: if gpu.name.is_empty() {
                    platform.gpu.clone()
                } else {
                    gpu.name
                },
                ..gpu
            },
            hypervisor: self.hypervisor,
            host_cpu: self.host_cpu.clone(),
            host_l3_bytes: self.host_l3_bytes.or(platform.host_l3_bytes),
        }
    }
}

impl Stamp {
    /// What the platform facts of a model without a stamp say (models and facts written before
    /// stamps): driver, GPU name, link and host CPU, no UUID or bus id.
    pub fn from_platform(p: &Platform) -> Stamp {
        Stamp {
            driver_version: p.driver_version.clone(),
            cuda_version: p.cuda_version.clone(),
            gpu: GpuStamp {
                name: p.gpu.clone(),
                link: p.pcie,
                ..GpuStamp::default()
            },
            hypervisor: None,
            host_cpu: p.host_cpu.clone(),
            host_l3_bytes: p.host_l3_bytes,
        }
    }

    /// Whether it records anything a machine can be checked against.
    pub fn is_empty(&self) -> bool {
        self.driver_version.is_empty() && self.gpu.name.is_empty() && self.gpu.uuid.is_empty()
    }

    /// What differs between this stamp and `here`, within `scope`. The link's current speed is
    /// not compared (an idle GPU trains its link down to save power; a query sees it idle), but
    /// its maximum and a narrower current width are.
    pub fn changes(&self, here: &Machine, scope: Scope) -> Vec<Change> {
        let mut out = Vec::new();
        let change = |what: &str, then: String, now: String| Change {
            what: what.to_string(),
            then,
            now,
        };
        let found_names = || {
            if here.gpus.is_empty() {
                "no NVIDIA GPU listed by the driver".to_string()
            } else {
                here.gpus
                    .iter()
                    .map(GpuStamp::words)
                    .collect::<Vec<_>>()
                    .join("; ")
            }
        };
        let by_name = || {
            here.gpus
                .iter()
                .find(|g| g.name.trim() == self.gpu.name.trim())
        };
        let l3 = |out: &mut Vec<Change>| {
            if let (Some(a), Some(b)) = (self.host_l3_bytes, here.host_l3_bytes) {
                if a != b {
                    out.push(change(
                        CHANGED_HOST_L3,
                        crate::units::format_size(a),
                        crate::units::format_size(b),
                    ));
                }
            }
        };
        if scope == Scope::GpuModel {
            if !self.gpu.name.is_empty() && by_name().is_none() {
                out.push(change(CHANGED_GPU, self.gpu.name.clone(), found_names()));
            }
            l3(&mut out);
            return out;
        }
        let gpu = if !self.gpu.uuid.is_empty() {
            here.gpus.iter().find(|g| g.uuid == self.gpu.uuid)
        } else if !self.gpu.bus_id.is_empty() {
            here.gpus
                .iter()
                .find(|g| g.bus_id == self.gpu.bus_id)
                .filter(|g| self.gpu.name.is_empty() || g.name.trim() == self.gpu.name.trim())
        } else if !self.gpu.name.is_empty() {
            by_name()
        } else {
            None
        };
        match gpu {
            None if !(self.gpu.name.is_empty() && self.gpu.uuid.is_empty()) => {
                out.push(change(CHANGED_GPU, self.gpu.words(), found_names()));
            }
            None => {}
            Some(g) => {
                if let (Some(a), Some(b)) = (self.gpu.link, g.link) {
                    let words = |gen: Option<u32>, w: Option<u32>| {
                        format!(
                            "Gen{} x{}",
                            gen.map_or("?".into(), |x| x.to_string()),
                            w.map_or("?".into(), |x| x.to_string())
                        )
                    };
                    let max_differs = matches!((a.gen_max, b.gen_max), (Some(x), Some(y)) if x != y)
                        || matches!((a.width_max, b.width_max), (Some(x), Some(y)) if x != y);
                    if max_differs {
                        out.push(change(
                            "PCIe link (maximum)",
                            words(a.gen_max, a.width_max),
                            words(b.gen_max, b.width_max),
                        ));
                    }
                    if matches!((a.width_current, b.width_current), (Some(x), Some(y)) if y < x) {
                        out.push(change(
                            "PCIe link width (trained)",
                            format!("x{}", a.width_current.unwrap_or(0)),
                            format!("x{}", b.width_current.unwrap_or(0)),
                        ));
                    }
                }
            }
        }
        if !self.driver_version.is_empty() && self.driver_version != here.driver_version {
            out.push(change(
                "driver",
                self.driver_version.clone(),
                here.driver_version.clone(),
            ));
        }
        if let (Some(a), Some(b)) = (self.hypervisor, here.hypervisor) {
            if a != b {
                let w = |v: bool| if v { "virtual machine" } else { "bare metal" }.to_string();
                out.push(change("host", w(a), w(b)));
            }
        }
        if !self.host_cpu.is_empty()
            && !here.host_cpu.is_empty()
            && self.host_cpu.trim() != here.host_cpu.trim()
        {
            out.push(change(
                CHANGED_HOST_CPU,
                self.host_cpu.clone(),
                here.host_cpu.clone(),
            ));
        }
        l3(&mut out);
        out
    }

    /// One line for people (`NVIDIA H200 (GPU-…, 0000:18:00.0), driver 580.159.04, PCIe Gen5 x16`).
    pub fn words(&self) -> String {
        let mut parts = vec![self.gpu.words()];
        if !self.driver_version.is_empty() {
            parts.push(format!("driver {}", self.driver_version));
        }
        if !self.cuda_version.is_empty() {
            parts.push(format!("CUDA {}", self.cuda_version));
        }
        if let Some(l) = self.gpu.link {
            if let (Some(g), Some(w)) = (l.gen_max, l.width_max) {
                parts.push(format!("PCIe Gen{g} x{w}"));
            }
        }
        match self.hypervisor {
            Some(true) => parts.push("virtual machine".into()),
            Some(false) => parts.push("bare metal".into()),
            None => {}
        }
        parts.retain(|p| !p.is_empty());
        parts.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VERSION: &str = "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.159.04  Thu Oct 30 10:00:00 UTC 2026\nGCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04)\n";
    const OPEN: &str = "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  590.44.01  Release Build  (dvs-builder@U16-I3-B08-2-1)  Sat Nov 15 2026\n";
    const INFO: &str = "Model: \t\t NVIDIA H200\nIRQ:   \t\t 145\nGPU UUID: \t GPU-5b1c9a2e-0d3f-7a41-9c55-1e2f3a4b5c6d\nVideo BIOS: \t 96.00.99.00.01\nBus Type: \t PCIe\nDMA Size: \t 52 bits\nDMA Mask: \t 0xfffffffffffff\nBus Location: \t 0000:18:00.0\nDevice Minor: \t 0\nGPU Excluded:\t No\n";

    #[test]
    fn parses_the_driver_files() {
        assert_eq!(parse_driver_version(VERSION).as_deref(), Some("580.159.04"));
        assert_eq!(parse_driver_version(OPEN).as_deref(), Some("590.44.01"));
        assert_eq!(parse_driver_version("garbage"), None);
        let g = parse_gpu_information(INFO);
        assert_eq!(g.name, "NVIDIA H200");
        assert_eq!(g.uuid, "GPU-5b1c9a2e-0d3f-7a41-9c55-1e2f3a4b5c6d");
        assert_eq!(g.bus_id, "0000:18:00.0");
        assert_eq!(parse_link_gen("32.0 GT/s PCIe\n"), Some(5));
        assert_eq!(parse_link_gen("2.5 GT/s"), Some(1));
        assert_eq!(parse_link_gen("Unknown"), None);
        assert_eq!(normalise_bus_id("00000000:18:00.0"), "0000:18:00.0");
        assert_eq!(normalise_bus_id("0000:AF:00.0"), "0000:af:00.0");
        assert_eq!(
            parse_hypervisor("flags\t\t: fpu vme hypervisor lahf_lm\n"),
            Some(true)
        );
        assert_eq!(parse_hypervisor("flags\t\t: fpu vme\n"), Some(false));
        assert_eq!(parse_hypervisor("Features\t: fp asimd\n"), None);
    }

    /// A fixture tree like the H200 test machine's.
    fn fixture(root: &Path, driver: &str, width: &str) {
        let w = |rel: &str, text: &str| {
            let p = root.join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        w(
            "proc/driver/nvidia/version",
            &VERSION.replace("580.159.04", driver),
        );
        w("proc/driver/nvidia/gpus/0000:18:00.0/information", INFO);
        let dev = "sys/bus/pci/devices/0000:18:00.0";
        w(&format!("{dev}/current_link_speed"), "2.5 GT/s PCIe\n");
        w(&format!("{dev}/max_link_speed"), "32.0 GT/s PCIe\n");
        w(&format!("{dev}/current_link_width"), width);
        w(&format!("{dev}/max_link_width"), "16\n");
        w(
            "proc/cpuinfo",
            "model name\t: Intel(R) Xeon(R) Processor\nflags\t\t: fpu hypervisor\n",
        );
    }

    #[test]
    fn a_machine_compared_with_its_own_stamp_has_no_changes() {
        let d = tempfile::tempdir().unwrap();
        assert_eq!(
            Machine::read(d.path()),
            None,
            "no driver: nothing to compare"
        );
        fixture(d.path(), "580.159.04", "16\n");
        let m = Machine::read(d.path()).unwrap();
        assert_eq!(m.driver_version, "580.159.04");
        assert_eq!(m.gpus.len(), 1);
        assert_eq!(m.hypervisor, Some(true));
        assert_eq!(m.host_cpu, "Intel(R) Xeon(R) Processor");
        let l = m.gpus[0].link.unwrap();
        assert_eq!(
            (l.gen_current, l.gen_max, l.width_max),
            (Some(1), Some(5), Some(16))
        );
        let measured = PcieLink {
            gen_current: Some(5),
            gen_max: Some(5),
            width_current: Some(16),
            width_max: Some(16),
        };
        let platform = Platform {
            pcie: Some(measured),
            cuda_version: "13.0".into(),
            ..Platform::default()
        };
        let s = m.stamp_for(Some("00000000:18:00.0"), &platform);
        assert_eq!(s.gpu.uuid, "GPU-5b1c9a2e-0d3f-7a41-9c55-1e2f3a4b5c6d");
        assert_eq!(s.gpu.link, Some(measured));
        // The idle link at 2.5 GT/s is not a change.
        assert_eq!(s.changes(&m, Scope::Full), vec![]);
    }

    #[test]
    fn changes_name_what_moved() {
        let d = tempfile::tempdir().unwrap();
        fixture(d.path(), "580.159.04", "16\n");
        let then = Machine::read(d.path()).unwrap();
        let s = then.stamp_for(None, &Platform::default());
        fixture(d.path(), "590.44.01", "8\n");
        let now = Machine::read(d.path()).unwrap();
        let c = s.changes(&now, Scope::Full);
        let what: Vec<&str> = c.iter().map(|c| c.what.as_str()).collect();
        assert_eq!(what, ["PCIe link width (trained)", "driver"], "{c:?}");
        assert_eq!(c[1].to_string(), "driver: 580.159.04 → 590.44.01");
        // Another card of the same model: the UUID says so.
        let mut other = s.clone();
        other.gpu.uuid = "GPU-00000000-1111-2222-3333-444444444444".into();
        let c = other.changes(&then, Scope::Full);
        assert_eq!(c.len(), 1, "{c:?}");
        assert!(c[0].now.contains("GPU-5b1c9a2e"), "{c:?}");
        assert_eq!(check(&s, Some(&then), Some(Scope::Full)), Verdict::Same);
        assert!(matches!(
            check(&other, Some(&then), Some(Scope::Full)),
            Verdict::Changed(_)
        ));
        assert_eq!(check(&other, None, Some(Scope::Full)), Verdict::NoDriver);
        assert_eq!(check(&other, Some(&then), None), Verdict::NotChecked);
        assert_eq!(
            check(&Stamp::default(), Some(&then), Some(Scope::Full)),
            Verdict::NoStamp
        );
        assert!(!Verdict::NoDriver.strict_ok() && Verdict::NotChecked.strict_ok());
        // An embedded model is checked for its GPU model only.
        assert_eq!(other.changes(&then, Scope::GpuModel), vec![]);
        let gb200 = Stamp::from_platform(&Platform {
            gpu: "NVIDIA GB200".into(),
            driver_version: "580.178.04".into(),
            ..Platform::default()
        });
        let c = gb200.changes(&then, Scope::GpuModel);
        assert_eq!(c.len(), 1);
        assert_eq!(c[0].then, "NVIDIA GB200");
        // A stamp from old platform facts (no UUID) matches by name.
        let old = Stamp::from_platform(&Platform {
            gpu: "NVIDIA H200".into(),
            driver_version: "580.159.04".into(),
            ..Platform::default()
        });
        assert_eq!(old.changes(&then, Scope::Full), vec![]);
    }

    #[test]
    fn another_kind_of_host_under_the_same_cpu_name_is_a_change() {
        let d = tempfile::tempdir().unwrap();
        fixture(d.path(), "580.159.04", "16\n");
        let l3 = |root: &Path, size: &str| {
            let i = root.join("sys/devices/system/cpu/cpu0/cache/index3");
            std::fs::create_dir_all(&i).unwrap();
            std::fs::write(i.join("level"), "3\n").unwrap();
            std::fs::write(i.join("size"), size).unwrap();
        };
        // Measured on a 300 MiB-L3 host; the VM now runs on a 105 MiB one (calibration/h100:
        // run247's host against run233's), its CPU model the same.
        l3(d.path(), "307200K\n");
        let then = Machine::read(d.path()).unwrap();
        assert_eq!(then.host_l3_bytes, Some(300 << 20));
        let s = then.stamp_for(None, &Platform::default());
        assert_eq!(s.host_l3_bytes, Some(300 << 20));
        assert_eq!(s.changes(&then, Scope::Full), vec![]);
        l3(d.path(), "107520K\n");
        let now = Machine::read(d.path()).unwrap();
        let c = s.changes(&now, Scope::Full);
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].to_string(), "host L3 cache: 300 MiB → 105 MiB");
        // An embedded model is checked for it too (its driver, UUID and bus id are another
        // machine's, and are not), but not where either side does not know.
        assert_eq!(s.changes(&now, Scope::GpuModel), c);
        let elsewhere = Stamp {
            driver_version: "570.1.2".into(),
            gpu: GpuStamp {
                uuid: "GPU-00000000-1111-2222-3333-444444444444".into(),
                bus_id: "0000:af:00.0".into(),
                ..s.gpu.clone()
            },
            ..s.clone()
        };
        assert_eq!(elsewhere.changes(&then, Scope::GpuModel), vec![]);
        assert_eq!(elsewhere.changes(&now, Scope::GpuModel), c);
        // The L3 alone is the probe's to answer; with the GPU changed too, or nothing, it is not.
        assert!(only_host_l3(&c));
        let gpu = Change {
            what: CHANGED_GPU.into(),
            then: "NVIDIA GB200".into(),
            now: "NVIDIA H200".into(),
        };
        assert!(!only_host_l3(&[c[0].clone(), gpu.clone()]));
        assert!(!only_host_l3(&[gpu]));
        assert!(!only_host_l3(&[]));
        let unknown = Stamp {
            host_l3_bytes: None,
            ..s.clone()
        };
        assert_eq!(unknown.changes(&now, Scope::Full), vec![]);
        assert_eq!(unknown.changes(&now, Scope::GpuModel), vec![]);
        let gone = Machine {
            host_l3_bytes: None,
            ..now
        };
        assert_eq!(s.changes(&gone, Scope::Full), vec![]);
        assert_eq!(s.changes(&gone, Scope::GpuModel), vec![]);
        // A stamp written before the field reads without it, and writes none.
        let text = serde_json::to_string(&unknown).unwrap();
        assert!(!text.contains("host_l3_bytes"), "{text}");
        let back: Stamp = serde_json::from_str(&text).unwrap();
        assert_eq!(back, unknown);
    }
}
