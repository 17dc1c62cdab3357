//! `oversub`: managed memory past the GPU's capacity (seed 000 §VII-A). Dangerous on a shared
//! machine: an oversubscribed managed allocation can hang the GPU and the host, not only the process
//! (H200.md, safety rules). So this group runs only behind two opt-ins (`--allow-oversubscription`
//! and `UMODEL_OVERSUBSCRIBE=i-own-this-machine`), each footprint in a child process that the parent
//! kills after a deadline, and only while the host has the footprint free in memory plus a margin
//! (evicted pages land there). It has never been run on the shared H200 test machine.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::cpu::fill_ramp;
use super::{BenchError, Group, Runner, RAMP};
use crate::gpu::{Gpu, Location, Shape};
use umodel_core::policy::Policy;
use umodel_core::schema::OversubCase;
use umodel_core::table::{Check, CsvAppender, Row, Table};

/// The environment variable that must hold [`CONSENT`] for the group to run at all.
pub const CONSENT_VAR: &str = "UMODEL_OVERSUBSCRIBE";
pub const CONSENT: &str = "i-own-this-machine";

/// Footprints, percent of the device's memory (the paper's sweep goes from 25 to 125 %).
const PERCENTS: [u32; 5] = [25, 90, 105, 115, 125];

/// A child gets this long before the watchdog kills it.
const DEADLINE: Duration = Duration::from_secs(180);

/// Host memory kept free beyond the footprint (bytes).
const HOST_MARGIN: u64 = 8 << 30;

fn mem_available() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let kib: u64 = text
        .lines()
        .find(|l| l.starts_with("MemAvailable:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()?;
    Some(kib * 1024)
}

impl Runner<'_, '_> {
    pub(crate) fn oversub(&mut self) -> Result<(), BenchError> {
        if std::env::var(CONSENT_VAR).as_deref() != Ok(CONSENT) {
            return Err(BenchError::Config(format!(
                "oversub also needs {CONSENT_VAR}={CONSENT} in the environment: it can hang the GPU and the host, \
                 so it never runs on a shared machine"
            )));
        }
        let (_, total) = self.gpu.mem_info()?;
        let exe = std::env::current_exe()
            .map_err(|e| BenchError::Config(format!("cannot find the umodel executable: {e}")))?;
        let dir = std::env::temp_dir().join(format!("umodel-oversub-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| BenchError::Config(format!("{}: {e}", dir.display())))?;
        for pct in PERCENTS {
            let footprint = total / 100 * u64::from(pct);
            match mem_available() {
                Some(avail) if avail >= footprint + HOST_MARGIN => {}
                other => {
                    self.sink.note(&format!(
                        "oversub {pct} %: skipped, host memory cap ({} bytes available, {} needed)",
                        other.unwrap_or(0),
                        footprint + HOST_MARGIN
                    ));
                    continue;
                }
            }
            let out = dir.join(format!("{pct}.csv"));
            let mut child = Command::new(&exe)
                .args(["bench", "--oversub-child"])
                .arg(pct.to_string())
                .arg("--device")
                .arg(self.cfg.device.to_string())
                .arg("--trials")
                .arg(self.trials(Group::Oversub).to_string())
                .arg("--out")
                .arg(&out)
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .spawn()
                .map_err(|e| BenchError::Config(format!("cannot start the oversub child: {e}")))?;
            let start = Instant::now();
            let status = loop {
                if let Some(s) = child
                    .try_wait()
                    .map_err(|e| BenchError::Config(e.to_string()))?
                {
                    break Some(s);
                }
                if start.elapsed() > DEADLINE {
                    let _ = child.kill();
                    let _ = child.wait();
                    break None;
                }
                std::thread::sleep(Duration::from_millis(100));
            };
            match status {
                None => self.sink.note(&format!(
                    "oversub {pct} %: the watchdog killed the child after {} s",
                    DEADLINE.as_secs()
                )),
                Some(s) if !s.success() => self
                    .sink
                    .note(&format!("oversub {pct} %: the child failed ({s})")),
                Some(_) => {}
            }
            if out.exists() {
                let t = Table::read(&out)?;
                for r in t.rows.into_iter().chain(t.failed) {
                    self.sink.push(r)?;
                }
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
        Ok(())
    }
}

/// The child side: one footprint, `trials` prefetched and reused streaming passes, rows to `out`.
pub fn child(device: usize, percent: u32, trials: u32, out: &Path) -> Result<(), BenchError> {
    let gpu = Gpu::open_oversubscribing(device)?;
    let (_, total) = gpu.mem_info()?;
    let bytes = total / 100 * u64::from(percent);
    let n = (bytes / 4) as usize;
    let mut csv = CsvAppender::open(out, false)?;
    let mut m = gpu.managed::<f32>(n)?;
    fill_ramp(m.host_mut()?, RAMP, 0.0);
    let mut k = 0.0f32;
    for t in 0..trials.max(1) {
        let (a, b, c) = (gpu.event()?, gpu.event()?, gpu.event()?);
        gpu.record(&a)?;
        gpu.prefetch(&m, Location::Device)?;
        gpu.record(&b)?;
        gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?;
        gpu.record(&c)?;
        let move_ms = b.ms_since(&a)?;
        let pass_ms = c.ms_since(&b)?;
        k += 1.0;
        let (d, e) = (gpu.event()?, gpu.event()?);
        gpu.record(&d)?;
        gpu.inplace(Shape::Flat, &mut m, 1.0, 1.0)?;
        gpu.record(&e)?;
        let reused_ms = e.ms_since(&d)?;
        k += 1.0;
        let ok = gpu.check_ramp(&m, RAMP, k)? == 0;
        for (policy, case, ms, mv) in [
            (
                Policy::ManagedPrefetch,
                OversubCase::Prefetched,
                pass_ms,
                Some(move_ms),
            ),
            (Policy::Managed, OversubCase::Reused, reused_ms, None),
        ] {
            let mut r = Row::of(&case, policy, bytes, t, ms);
            r.pattern = format!("footprint:{percent}%");
            r.useful_bytes = Some(2 * bytes);
            r.move_ms = mv;
            r.check = if ok { Check::Ok } else { Check::Failed };
            csv.push(&r)?;
        }
    }
    Ok(())
}
