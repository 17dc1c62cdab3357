//! `umodel doctor`: the data directory's models against this machine, corrupt files and
//! leftovers, each with what to do about it. GPU-free (the machine is read as queries read it).

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::stamp::{Change, Machine, Scope, Stamp, CHANGED_GPU, CHANGED_HOST_CPU};
use crate::store;

/// What the doctor found.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// The data directory (`$UMODEL_DATA_DIR`, else the platform's); `None` where there is none.
    pub data_dir: Option<PathBuf>,
    /// This machine as queries see it; `None` where no NVIDIA driver is loaded.
    pub machine: Option<Machine>,
    /// The model file queries on this machine look for (its first GPU and host CPU).
    pub expected_model: Option<PathBuf>,
    /// The model files of its `models/` folder, by name (facts files and hidden files left out).
    pub models: Vec<ModelEntry>,
    /// Temporary files that killed writers left (removed by the next write to that directory).
    pub leftovers: Vec<PathBuf>,
    /// The embedded model default queries fall back on, where `expected_model` is not there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fallback: Option<Fallback>,
    /// Entries that need something done.
    pub problems: usize,
}

/// The embedded model default queries here fall back on, checked as a query checks it
/// ([`Scope::GpuModel`]: its GPU model, and its hosts' L3).
#[derive(Debug, Clone, Serialize)]
pub struct Fallback {
    /// Its name (`h100`).
    pub model: String,
    /// What differs between it and this machine; empty where it fits.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// What to do about it, one step an entry.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub advice: Vec<String>,
}

impl Fallback {
    fn of(machine: &Machine) -> Fallback {
        let gpu = machine.gpus.first().map(|g| g.name.as_str());
        let (name, m) = store::fallback_for_gpu(gpu);
        let changes = m.stamp_or_platform().changes(machine, Scope::GpuModel);
        let advice = if changes.is_empty() {
            Vec::new()
        } else if crate::stamp::only_host_l3(&changes) {
            vec![crate::stamp::PROBE_THIS_HOST.to_string()]
        } else {
            vec![
                "`umodel calibrate` measures this machine (no embedded model was measured on \
                  its GPU)"
                    .to_string(),
            ]
        };
        Fallback {
            model: name.to_string(),
            changes,
            advice,
        }
    }
}

/// One model file of the data directory.
#[derive(Debug, Clone, Serialize)]
pub struct ModelEntry {
    /// The file.
    pub path: PathBuf,
    /// Its state on this machine.
    pub status: Status,
    /// Whether default queries on this machine use it.
    pub used_by_queries: bool,
    /// The model in one line, where it reads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub describe: Option<String>,
    /// Its validity stamp (its platform facts where it has none); `None` where it does not read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stamp: Option<Stamp>,
    /// What changed on this machine since the stamp ([`Status::Changed`] only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// Why it does not read ([`Status::Corrupt`] only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// Task terms far from the embedded model of its GPU ([`store::unusual_task_terms`]): a cell
    /// of its calibration that waited on something else, or, where the machine's earlier
    /// calibrations repeated it when it was calibrated (`repeated_here`), the machine.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unusual_task_terms: Vec<crate::model::UnusualTerm>,
    /// What to do about it, one step an entry.
    pub advice: Vec<String>,
    /// What a person should know that needs nothing done: a model fitted before a term its
    /// predictions would use ([`FAULTS_HIDE_NOTE`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// The note on a model whose task terms have no `faults_under_compute` (fitted before the managed
/// group measured it).
pub const FAULTS_HIDE_NOTE: &str =
    "fitted before `faults_under_compute`: its task predictions let \
     a kernel hide its first pass's faults up to the shorter of the two (`umodel calibrate` \
     measures how much stays exposed)";

impl ModelEntry {
    /// Whether something needs doing about it.
    pub fn is_problem(&self) -> bool {
        self.status.is_problem()
            || self
                .unusual_task_terms
                .iter()
                .any(|u| u.repeated_here.is_none())
    }
}

/// The state of a model file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Reads, and this machine is what it was measured under.
    Ok,
    /// Reads, but the machine changed since (driver, GPU, link, host).
    Changed,
    /// Does not read: every default query stops on it.
    Corrupt,
    /// Reads; another machine's (queries here do not use it).
    OtherMachine,
    /// Reads; no NVIDIA driver here to check it against.
    Unchecked,
}

impl Status {
    fn is_problem(self) -> bool {
        matches!(self, Status::Changed | Status::Corrupt)
    }
}

/// The measurement CSVs kept beside a calibrated model (`NAME.minimal.csv`, `NAME.full.csv`).
fn kept_csvs(model: &Path) -> Vec<PathBuf> {
    ["minimal", "full"]
        .iter()
        .map(|p| model.with_extension(format!("{p}.csv")))
        .filter(|p| p.is_file())
        .collect()
}

/// Examines `data_dir` (its `models/` folder) against `machine`; `expected` is the model file
/// default queries here would use.
pub fn examine(
    data_dir: Option<&Path>,
    machine: Option<&Machine>,
    expected: Option<&Path>,
) -> Report {
    let mut models = Vec::new();
    let mut leftovers = Vec::new();
    if let Some(dir) = data_dir.map(|d| d.join("models")) {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        leftovers = store::stale_temps(&dir, std::time::Duration::ZERO)
            .into_iter()
            .map(|(p, _)| p)
            .collect();
        for path in files {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !name.ends_with(".json") || name.ends_with(".facts.json") || name.starts_with('.') {
                continue;
            }
            models.push(entry(&path, machine, expected));
        }
    }
    let fallback = match (expected, machine) {
        (Some(e), Some(m)) if !e.exists() => Some(Fallback::of(m)),
        _ => None,
    };
    let problems = models.iter().filter(|m| m.is_problem()).count()
        + leftovers.len()
        + usize::from(fallback.as_ref().is_some_and(|f| !f.changes.is_empty()));
    Report {
        data_dir: data_dir.map(Path::to_path_buf),
        machine: machine.cloned(),
        expected_model: expected.map(Path::to_path_buf),
        models,
        leftovers,
        fallback,
        problems,
    }
}

fn entry(path: &Path, machine: Option<&Machine>, expected: Option<&Path>) -> ModelEntry {
    let used = expected.is_some_and(|e| e == path);
    let shown = path.display();
    let refit: Vec<String> = kept_csvs(path)
        .iter()
        .map(|c| {
            format!(
                "or refit its kept measurements: `umodel fit {} -o {shown}`",
                c.display()
            )
        })
        .collect();
    match store::read_model(path) {
        Err(e) => {
            let mut advice = vec![
                if used {
                    "`umodel calibrate` measures this machine again and replaces it".to_string()
                } else {
                    "calibrate the machine it belongs to again".to_string()
                },
                format!(
                    "or delete it (`rm {shown}`): queries then fall back to the embedded model"
                ),
            ];
            advice.extend(refit);
            ModelEntry {
                path: path.to_path_buf(),
                status: Status::Corrupt,
                used_by_queries: used,
                describe: None,
                stamp: None,
                changes: Vec::new(),
                error: Some(e.to_string()),
                unusual_task_terms: Vec::new(),
                advice,
                notes: Vec::new(),
            }
        }
        Ok(m) => {
            let stamp = m.stamp_or_platform();
            let (status, changes, advice) = match machine {
                None => (
                    Status::Unchecked,
                    Vec::new(),
                    vec!["no NVIDIA driver here: run `umodel doctor` on the GPU machine".into()],
                ),
                Some(here) => {
                    let changes = stamp.changes(here, Scope::Full);
                    // Another GPU's or host's file, unless queries here use it: a model of one
                    // GPU of this host (a per-device file) is checked like the default one.
                    let foreign = changes
                        .iter()
                        .any(|c| c.what == CHANGED_GPU || c.what == CHANGED_HOST_CPU);
                    if foreign && !used {
                        (
                            Status::OtherMachine,
                            Vec::new(),
                            vec![format!(
                                "another GPU or host's (queries here do not use it): keep it for \
                                 reference with `--model {shown}`, or delete it"
                            )],
                        )
                    } else if changes.is_empty() {
                        (Status::Ok, changes, Vec::new())
                    } else {
                        let mut advice = vec![
                            "`umodel calibrate` measures this machine again (the earlier run is \
                             kept beside it)"
                                .to_string(),
                        ];
                        if m.stamp.is_none() {
                            advice.push(
                                "it has no stamp (fitted before stamps): its platform facts \
                                 were compared"
                                    .into(),
                            );
                        }
                        (Status::Changed, changes, advice)
                    }
                }
            };
            // Another machine's terms are not this GPU's to judge.
            let (against, mut unusual) = if status == Status::OtherMachine {
                (None, Vec::new())
            } else {
                store::unusual_task_terms(&m)
            };
            // What the machine's earlier calibrations repeated is the machine: a note, not a
            // thing to do (calibrating again would repeat it).
            for u in &mut unusual {
                u.repeated_here = m
                    .provenance
                    .machine_terms
                    .iter()
                    .find(|t| t.term == u.term)
                    .map(|t| t.here);
            }
            let against = against.unwrap_or_default();
            let mut advice = advice;
            let mut machine_notes = Vec::new();
            for u in &unusual {
                match u.repeated_here {
                    Some(_) => machine_notes.push(u.describe(&against)),
                    None => advice.push(u.describe(&against)),
                }
            }
            if unusual.iter().any(|u| u.repeated_here.is_none()) {
                advice.push(
                    "`umodel calibrate` measures this machine again and replaces it (a refit of \
                     the same measurements would keep the cell)"
                        .to_string(),
                );
            }
            ModelEntry {
                path: path.to_path_buf(),
                status,
                used_by_queries: used,
                describe: Some(m.describe()),
                stamp: Some(stamp),
                changes,
                error: None,
                unusual_task_terms: unusual,
                advice,
                notes: match &m.task_terms {
                    Some(t)
                        if status != Status::OtherMachine && t.faults_under_compute().is_none() =>
                    {
                        vec![FAULTS_HIDE_NOTE.to_string()]
                    }
                    _ => Vec::new(),
                }
                .into_iter()
                .chain(machine_notes)
                .collect(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_fallback_is_checked_for_its_gpu_and_its_hosts_l3() {
        let d = tempfile::tempdir().unwrap();
        let absent = d.path().join("models/none.json");
        let here = |gpu: &str, l3: Option<u64>| Machine {
            driver_version: "570.1.2".into(),
            gpus: vec![crate::stamp::GpuStamp {
                name: gpu.into(),
                ..Default::default()
            }],
            hypervisor: Some(true),
            host_cpu: String::new(),
            host_l3_bytes: l3,
        };
        // Nothing calibrated: `absent` is the model queries here would look for.
        let on = |gpu: &str, l3: Option<u64>| {
            examine(Some(d.path()), Some(&here(gpu, l3)), Some(&absent))
        };
        let h100 = "NVIDIA H100 80GB HBM3";
        // The embedded h100 model's hosts had 300 MiB (its make script's `fit --host-l3`); its
        // driver is another machine's and not compared.
        let fits = on(h100, Some(300 << 20));
        let f = fits.fallback.unwrap();
        assert_eq!(f.model, "h100");
        assert!(f.changes.is_empty() && f.advice.is_empty(), "{f:?}");
        assert_eq!(fits.problems, 0);
        // A 105 MiB host (the H100 VMs' slow links): something to do, the probe first.
        let slow = on(h100, Some(105 << 20));
        let f = slow.fallback.unwrap();
        assert_eq!(f.changes.len(), 1);
        assert_eq!(f.changes[0].to_string(), "host L3 cache: 300 MiB → 105 MiB");
        assert_eq!(f.advice, [crate::stamp::PROBE_THIS_HOST]);
        assert_eq!(slow.problems, 1);
        // Where sysfs gives no L3, nothing to judge it by.
        assert_eq!(on(h100, None).problems, 0);
        // A GPU no embedded model was measured on: the first one answers, and calibrating is
        // what to do.
        let other = on("NVIDIA A100-SXM4-80GB", Some(300 << 20));
        let f = other.fallback.unwrap();
        assert_eq!(f.model, store::EMBEDDED[0].0);
        assert_eq!(f.changes[0].what, CHANGED_GPU);
        assert!(f.advice[0].contains("umodel calibrate"), "{f:?}");
        assert_eq!(other.problems, 1);
        // A calibrated model there, or no driver: no fallback to judge.
        let m = d.path().join("models/mine.json");
        store::write_model(&m, &store::embedded("h100").unwrap()).unwrap();
        let r = examine(Some(d.path()), Some(&here(h100, Some(105 << 20))), Some(&m));
        assert!(r.fallback.is_none());
        assert!(examine(Some(d.path()), None, Some(&absent))
            .fallback
            .is_none());
    }

    #[test]
    fn corrupt_changed_and_foreign_models_are_told_apart() {
        let d = tempfile::tempdir().unwrap();
        let models = d.path().join("models");
        std::fs::create_dir_all(&models).unwrap();
        let here = Machine {
            driver_version: "590.44.01".into(),
            gpus: vec![crate::stamp::GpuStamp {
                name: "NVIDIA H200".into(),
                ..Default::default()
            }],
            hypervisor: None,
            host_cpu: String::new(),
            host_l3_bytes: None,
        };
        // The embedded H200 model records driver 580.159.04.
        let mine = models.join("mine.json");
        store::write_model(&mine, &store::embedded("h200").unwrap()).unwrap();
        let other = models.join("other.json");
        store::write_model(&other, &store::embedded("gb200-paper").unwrap()).unwrap();
        // One GPU's own model on a multi-GPU host: this machine's, checked like the default.
        let device = models.join("mine.gpu1.json");
        store::write_model(&device, &store::embedded("h200").unwrap()).unwrap();
        let broken = models.join("broken.json");
        std::fs::write(&broken, "{\"schema_version\": 1, \"platform\": ").unwrap();
        std::fs::write(models.join("x.minimal.facts.json"), "{}").unwrap();
        std::fs::write(
            models.join(format!(".x.json.abc{}", store::TEMP_SUFFIX)),
            "",
        )
        .unwrap();
        let r = examine(Some(d.path()), Some(&here), Some(&mine));
        let status: Vec<(String, Status)> = r
            .models
            .iter()
            .map(|m| {
                (
                    m.path.file_name().unwrap().to_string_lossy().into(),
                    m.status,
                )
            })
            .collect();
        assert_eq!(
            status,
            [
                ("broken.json".to_string(), Status::Corrupt),
                ("mine.gpu1.json".to_string(), Status::Changed),
                ("mine.json".to_string(), Status::Changed),
                ("other.json".to_string(), Status::OtherMachine),
            ]
        );
        assert_eq!(r.leftovers.len(), 1);
        assert_eq!(r.problems, 4);
        assert!(r.models[0].advice.iter().any(|a| a.contains("rm ")));
        assert!(!r.models[1].used_by_queries && r.models[2].used_by_queries);
        assert_eq!(r.models[2].changes[0].what, "driver");
        // Without a driver nothing is compared, nothing is called stale.
        let r = examine(Some(d.path()), None, None);
        assert_eq!(r.models[2].status, Status::Unchecked);
    }

    /// The embedded model `name` with task term `t` `k` times as dear.
    fn embedded_with_term_scaled(
        name: &str,
        t: crate::model::TermId,
        k: f64,
    ) -> crate::model::PlatformModel {
        let mut m = store::embedded(name).unwrap();
        let terms = m.task_terms.as_mut().unwrap();
        let mut c = *terms.get(t).unwrap();
        c.lat_ms *= k;
        c.ms_per_gib *= k;
        terms.set(t, c);
        m
    }

    #[test]
    fn a_model_whose_task_term_is_far_from_the_embedded_ones_is_something_to_do() {
        use crate::model::TermId;
        let d = tempfile::tempdir().unwrap();
        let models = d.path().join("models");
        std::fs::create_dir_all(&models).unwrap();
        // As run39's first calibration: a no-op prefetch many times the others' (NOTES.md).
        let m = embedded_with_term_scaled("h200", TermId::PrefetchNoop, 16.0);
        let odd = models.join("odd.json");
        store::write_model(&odd, &m).unwrap();
        let fine = models.join("fine.json");
        store::write_model(&fine, &store::embedded("h200").unwrap()).unwrap();
        // Task terms from before the share (calibrations before run48): a note, nothing to do.
        let mut before = store::embedded("h200").unwrap();
        before
            .task_terms
            .as_mut()
            .unwrap()
            .set_faults_under_compute(None);
        store::write_model(&models.join("old.json"), &before).unwrap();
        let r = examine(Some(d.path()), None, Some(&odd));
        let (fine_entry, odd_entry, old_entry) = (&r.models[0], &r.models[1], &r.models[2]);
        assert!(fine_entry.unusual_task_terms.is_empty() && !fine_entry.is_problem());
        assert!(fine_entry.notes.is_empty(), "{:?}", fine_entry.notes);
        assert!(old_entry.unusual_task_terms.is_empty() && !old_entry.is_problem());
        assert_eq!(old_entry.notes, [FAULTS_HIDE_NOTE]);
        assert_eq!(odd_entry.unusual_task_terms.len(), 1);
        assert_eq!(odd_entry.unusual_task_terms[0].term, TermId::PrefetchNoop);
        assert!(odd_entry
            .advice
            .iter()
            .any(|a| a.starts_with("task term `prefetch_noop`") && a.contains("16.00×")));
        assert!(odd_entry
            .advice
            .iter()
            .any(|a| a.contains("umodel calibrate")));
        assert_eq!(r.problems, 1);
    }

    #[test]
    fn a_far_task_term_its_calibration_found_repeated_here_is_a_note_not_a_thing_to_do() {
        use crate::model::{MachineTerm, RepeatedHere, TermId};
        let d = tempfile::tempdir().unwrap();
        let models = d.path().join("models");
        std::fs::create_dir_all(&models).unwrap();
        // As run225's H100 VM: a GPU that gathers from host memory 2.5x slower than the VMs
        // behind the embedded model, which calibrating again repeated.
        let mut m = embedded_with_term_scaled("h100", TermId::MapGather, 2.5);
        let here = RepeatedHere {
            calibrations: 2,
            median_ms: 58.1,
        };
        let slow = models.join("slow.json");
        store::write_model(&slow, &m).unwrap();
        m.provenance.machine_terms = vec![MachineTerm {
            term: TermId::MapGather,
            here,
        }];
        let machine = models.join("machine.json");
        store::write_model(&machine, &m).unwrap();
        // The file keeps it.
        assert_eq!(
            store::read_model(&machine)
                .unwrap()
                .provenance
                .machine_terms,
            m.provenance.machine_terms
        );
        let r = examine(Some(d.path()), None, Some(&machine));
        let (machine_entry, slow_entry) = (&r.models[0], &r.models[1]);
        // Unmarked: a thing to do, as before.
        assert!(slow_entry.is_problem());
        assert!(slow_entry
            .advice
            .iter()
            .any(|a| a.contains("umodel calibrate")));
        // Marked: still listed, said to be the machine's, in the notes; nothing to do.
        assert_eq!(machine_entry.unusual_task_terms.len(), 1);
        assert_eq!(
            machine_entry.unusual_task_terms[0].repeated_here,
            Some(here)
        );
        assert!(!machine_entry.is_problem());
        assert!(
            !machine_entry
                .advice
                .iter()
                .any(|a| a.contains("umodel calibrate") || a.contains("map_gather")),
            "{:?}",
            machine_entry.advice
        );
        assert!(machine_entry
            .notes
            .iter()
            .any(|n| n.starts_with("task term `map_gather`")
                && n.contains("the 2 earlier calibrations here measured it at 58.100 ms")
                && n.contains("right to differ")));
        assert_eq!(r.problems, 1);
    }
}
