//! Model files: JSON with a schema version, written atomically, read with messages that say what is
//! wrong and where; the models embedded in the binary; and where a calibrated model is found.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::model::{PlatformModel, SCHEMA_VERSION};
use crate::platform::RunFacts;

/// What went wrong with a model or facts file.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{path}: cannot read: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: cannot write: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: truncated: the JSON ends early (line {line}, column {column}); the file was cut off or is still being written")]
    Truncated {
        path: PathBuf,
        line: usize,
        column: usize,
    },
    #[error("{path}:{line}:{column}: not valid JSON: {message}")]
    Syntax {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: not a umodel model file: {reason}")]
    NotAModel { path: PathBuf, reason: String },
    #[error(
        "{path}: schema version {found} is newer than this umodel reads ({supported}); \
         upgrade umodel or refit the model with this version"
    )]
    FutureVersion {
        path: PathBuf,
        found: u64,
        supported: u32,
    },
    #[error("{path}: schema version {found} is not one this umodel reads ({supported})")]
    UnknownVersion {
        path: PathBuf,
        found: u64,
        supported: u32,
    },
    #[error("{path}: inconsistent model: {reason}")]
    Invalid { path: PathBuf, reason: String },
    #[error("no model named `{name}`: not a file, and not an embedded model ({available})")]
    NoSuchModel { name: String, available: String },
}

/// Models compiled into the binary: (name, JSON). The first is the fallback default.
pub const EMBEDDED: &[(&str, &str)] = &[
    ("gb200-paper", include_str!("../models/gb200-paper.json")),
    // `umodel fit calibration/h200/run2/full-3.csv --noise-from calibration/h200/run2/full-1.csv
    // --noise-from calibration/h200/run2/minimal-{1,2,3}.csv` (one flag per file)
    // `--task-terms-from calibration/h200/run16/data/models/nvidia-h200-0931b6b9ea7c.minimal.csv`:
    // the same F and G as the model `umodel calibrate --plan full` wrote on the H200 test machine
    // (run2/full-3.model.json), with the level shifts between its runs added to the intervals, and
    // the task terms of a calibration of this version (NOTES.md; tests/h200.rs).
    ("h200", include_str!("../models/h200.json")),
];

/// Hex SHA-256 of some bytes (model provenance records the hash of its source CSV).
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn json_error(path: &Path, e: serde_json::Error) -> StoreError {
    if e.classify() == serde_json::error::Category::Eof {
        StoreError::Truncated {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
        }
    } else {
        StoreError::Syntax {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: e.to_string(),
        }
    }
}

/// Parses model JSON; `path` names it in messages.
pub fn parse_model(path: &Path, text: &[u8]) -> Result<PlatformModel, StoreError> {
    let value: serde_json::Value = serde_json::from_slice(text).map_err(|e| json_error(path, e))?;
    let not_model = |reason: String| StoreError::NotAModel {
        path: path.to_path_buf(),
        reason,
    };
    let obj = value
        .as_object()
        .ok_or_else(|| not_model("the top level is not a JSON object".into()))?;
    let version = obj
        .get("schema_version")
        .ok_or_else(|| not_model("no `schema_version` field".into()))?
        .as_u64()
        .ok_or_else(|| not_model("`schema_version` is not a whole number".into()))?;
    if version > u64::from(SCHEMA_VERSION) {
        return Err(StoreError::FutureVersion {
            path: path.to_path_buf(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    if version != u64::from(SCHEMA_VERSION) {
        return Err(StoreError::UnknownVersion {
            path: path.to_path_buf(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    let model: PlatformModel =
        serde_json::from_value(value).map_err(|e| not_model(e.to_string()))?;
    model.check().map_err(|reason| StoreError::Invalid {
        path: path.to_path_buf(),
        reason,
    })?;
    Ok(model)
}

/// Reads a model file.
pub fn read_model(path: &Path) -> Result<PlatformModel, StoreError> {
    let text = fs::read(path).map_err(|source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse_model(path, &text)
}

/// Writes a model file atomically (temporary file in the same directory, synced, then renamed), so a
/// reader never sees half a model and an interrupted write leaves the old file intact.
pub fn write_model(path: &Path, model: &PlatformModel) -> Result<(), StoreError> {
    let mut text = serde_json::to_string_pretty(model).expect("models always serialise");
    text.push('\n');
    write_atomic(path, text.as_bytes())
}

/// Writes any file atomically (see [`write_model`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let err = |source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(err)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "model".into());
    let tmp = dir.join(format!(".{name}.tmp.{}", std::process::id()));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(err)
}

/// Reads a run's facts file.
pub fn read_facts(path: &Path) -> Result<RunFacts, StoreError> {
    let text = fs::read(path).map_err(|source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    serde_json::from_slice(&text).map_err(|e| json_error(path, e))
}

/// The facts file that belongs to a measurement CSV: `run.csv` → `run.facts.json`.
pub fn facts_path_for(csv: &Path) -> PathBuf {
    csv.with_extension("facts.json")
}

/// An embedded model by name.
pub fn embedded(name: &str) -> Option<PlatformModel> {
    EMBEDDED.iter().find(|(n, _)| *n == name).map(|(n, text)| {
        parse_model(Path::new(&format!("<embedded {n}>")), text.as_bytes())
            .expect("embedded models are checked by tests")
    })
}

/// The embedded model measured on a GPU of this name, if any.
pub fn embedded_for_gpu(gpu: &str) -> Option<(&'static str, PlatformModel)> {
    EMBEDDED.iter().find_map(|(n, _)| {
        let m = embedded(n)?;
        (!m.platform.gpu.is_empty() && m.platform.gpu.trim() == gpu.trim()).then_some((*n, m))
    })
}

/// Names of the embedded models, for messages.
pub fn embedded_names() -> String {
    EMBEDDED
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}

/// Where a model came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModelSource {
    /// Given with `--model PATH`.
    File(PathBuf),
    /// Calibrated on this machine (found in the data directory).
    Calibrated(PathBuf),
    /// Compiled into the binary.
    Embedded(&'static str),
}

impl std::fmt::Display for ModelSource {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ModelSource::File(p) => write!(f, "model file {}", p.display()),
            ModelSource::Calibrated(p) => {
                write!(f, "this machine's calibrated model {}", p.display())
            }
            ModelSource::Embedded(n) => write!(f, "embedded model {n}"),
        }
    }
}

/// The per-user data directory (`$UMODEL_DATA_DIR`, else the platform's data dir, e.g.
/// `~/.local/share/umodel`).
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("UMODEL_DATA_DIR") {
        return Some(PathBuf::from(d));
    }
    directories::ProjectDirs::from("", "", "umodel").map(|p| p.data_dir().to_path_buf())
}

/// Where the calibrated model of a platform with this fingerprint lives.
pub fn calibrated_path(fingerprint: &str) -> Option<PathBuf> {
    data_dir().map(|d| d.join("models").join(format!("{fingerprint}.json")))
}

/// Where the model of one GPU of a multi-GPU host lives when it does not share the platform's
/// model (`calibrate --device`): beside it, `<fingerprint>.gpu<N>.json`.
pub fn device_path(shared: &Path, device: usize) -> PathBuf {
    let stem = shared
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    shared.with_file_name(format!("{stem}.gpu{device}.json"))
}

/// Finds the model to use. `name`: a path or an embedded name, when given. Otherwise the model
/// calibrated for this machine (`fingerprint`, when the machine's GPU is known) if it exists, else the
/// embedded model for the same GPU, else the first embedded model.
pub fn resolve(
    name: Option<&str>,
    fingerprint: Option<&str>,
    gpu: Option<&str>,
) -> Result<(PlatformModel, ModelSource), StoreError> {
    if let Some(name) = name {
        let path = Path::new(name);
        if path.exists() || name.contains(std::path::MAIN_SEPARATOR) || name.ends_with(".json") {
            return Ok((read_model(path)?, ModelSource::File(path.to_path_buf())));
        }
        let (n, _) =
            EMBEDDED
                .iter()
                .find(|(n, _)| *n == name)
                .ok_or_else(|| StoreError::NoSuchModel {
                    name: name.to_string(),
                    available: embedded_names(),
                })?;
        return Ok((embedded(n).expect("listed"), ModelSource::Embedded(n)));
    }
    if let Some(path) = fingerprint.and_then(calibrated_path) {
        if path.exists() {
            return Ok((read_model(&path)?, ModelSource::Calibrated(path)));
        }
    }
    if let Some((n, m)) = gpu.and_then(embedded_for_gpu) {
        return Ok((m, ModelSource::Embedded(n)));
    }
    let (n, _) = EMBEDDED[0];
    Ok((
        embedded(n).expect("embedded models parse"),
        ModelSource::Embedded(n),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_models_parse_and_check() {
        for (n, _) in EMBEDDED {
            let m = embedded(n).unwrap();
            assert!(!m.policies.is_empty(), "{n}");
        }
    }

    #[test]
    fn bad_files_are_refused_with_a_reason() {
        let p = Path::new("m.json");
        let good = EMBEDDED[0].1;
        let e = parse_model(p, &good.as_bytes()[..good.len() / 2]).unwrap_err();
        assert!(matches!(e, StoreError::Truncated { .. }), "{e}");
        let e = parse_model(p, b"hello").unwrap_err();
        assert!(matches!(e, StoreError::Syntax { line: 1, .. }), "{e}");
        let e = parse_model(p, b"[1,2]").unwrap_err();
        assert!(e.to_string().contains("not a JSON object"), "{e}");
        let e = parse_model(p, b"{\"a\":1}").unwrap_err();
        assert!(e.to_string().contains("schema_version"), "{e}");
        let future = good.replacen("\"schema_version\": 1", "\"schema_version\": 7", 1);
        let e = parse_model(p, future.as_bytes()).unwrap_err();
        assert!(
            matches!(e, StoreError::FutureVersion { found: 7, .. }),
            "{e}"
        );
        let no_policies = good.replacen("\"policies\"", "\"policiez\"", 1);
        let e = parse_model(p, no_policies.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("policies"), "{e}");
    }

    #[test]
    fn atomic_write_round_trips_and_leaves_no_temp() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join("m.json");
        let m = embedded(EMBEDDED[0].0).unwrap();
        write_model(&path, &m).unwrap();
        assert_eq!(read_model(&path).unwrap(), m);
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }
}
