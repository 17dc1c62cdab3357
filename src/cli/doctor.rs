//! `umodel doctor`: renders [`crate::doctor::examine`] of the data directory against this machine.

use anyhow::Result;

use crate::doctor::{self, Status};
use crate::stamp::Machine;
use crate::store;

pub(super) fn run(json: bool) -> Result<()> {
    let data = store::data_dir();
    let machine = Machine::local();
    let expected = crate::platform::local_gpu_name()
        .map(|g| crate::platform::fingerprint_of(&g, &crate::platform::host_cpu_model()))
        .and_then(|fp| store::calibrated_path(&fp));
    let r = doctor::examine(data.as_deref(), machine.as_ref(), expected.as_deref());
    if json {
        super::render::json(&r)?;
    } else {
        text(&r);
    }
    if r.problems > 0 {
        // The report is the message; the exit code tells scripts something needs doing.
        std::process::exit(1);
    }
    Ok(())
}

fn text(r: &doctor::Report) {
    match &r.data_dir {
        Some(d) => out!("data directory: {}", d.display()),
        None => out!("data directory: none (no home directory; set UMODEL_DATA_DIR)"),
    }
    match &r.machine {
        Some(m) => {
            out!("this machine: driver {}", m.driver_version);
            for g in &m.gpus {
                let link = g
                    .link
                    .map(|l| {
                        format!(
                            ", PCIe Gen{} x{} (now Gen{} x{})",
                            l.gen_max.unwrap_or(0),
                            l.width_max.unwrap_or(0),
                            l.gen_current.unwrap_or(0),
                            l.width_current.unwrap_or(0)
                        )
                    })
                    .unwrap_or_default();
                out!("  GPU {} {} {}{link}", g.bus_id, g.name, g.uuid);
            }
            if let Some(h) = m.hypervisor {
                out!("  {}", if h { "virtual machine" } else { "bare metal" });
            }
        }
        None => out!("this machine: no NVIDIA driver loaded (models cannot be checked here)"),
    }
    if let Some(e) = &r.expected_model {
        let present = if e.exists() {
            ""
        } else {
            " (not there: queries use an embedded model)"
        };
        out!("queries here use: {}{present}", e.display());
    }
    if let Some(f) = &r.fallback {
        let fits = if f.changes.is_empty() {
            "fits this machine (its GPU model; its hosts' L3 where both sides know it)"
        } else {
            "CHANGED"
        };
        out!("embedded model {}: {fits}", f.model);
        for c in &f.changes {
            out!("  changed: {c}");
        }
        for a in &f.advice {
            out!("  → {a}");
        }
    }
    if r.models.is_empty() {
        out!("no calibrated models (`umodel calibrate` makes one)");
    }
    for m in &r.models {
        let status = match m.status {
            Status::Ok => "ok",
            Status::Changed => "CHANGED",
            Status::Corrupt => "CORRUPT",
            Status::OtherMachine => "another machine's",
            Status::Unchecked => "unchecked",
        };
        let used = if m.used_by_queries {
            " [used by queries here]"
        } else {
            ""
        };
        out!("{status}: {}{used}", m.path.display());
        if let Some(d) = &m.describe {
            out!("  model: {d}");
        }
        if let Some(s) = &m.stamp {
            out!("  measured under: {}", s.words());
        }
        if let Some(e) = &m.error {
            out!("  error: {e}");
        }
        for c in &m.changes {
            out!("  changed: {c}");
        }
        for a in &m.advice {
            out!("  → {a}");
        }
        for n in &m.notes {
            out!("  note: {n}");
        }
    }
    for l in &r.leftovers {
        out!("leftover: {} (a temporary file of an interrupted write; safe to delete, and the next write here removes it once an hour old)", l.display());
    }
    out!(
        "{}",
        match r.problems {
            0 => "nothing to do".to_string(),
            n => format!("{n} thing(s) to do"),
        }
    );
}
