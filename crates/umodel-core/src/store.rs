//! Model files: JSON with a schema version, written atomically, read with messages that say what is
//! wrong and where; the models embedded in the binary; and where a calibrated model is found.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use sha2::{Digest, Sha256};

use crate::model::{PlatformModel, SCHEMA_VERSION};
use crate::platform::RunFacts;

/// What went wrong with a model or facts file.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// Reading the file failed (missing, no permission, I/O error).
    #[error("{path}: cannot read: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Writing the file (or its temporary, or renaming it into place) failed.
    #[error("{path}: cannot write: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is larger than any file of its kind can be ([`MAX_MODEL_BYTES`],
    /// [`MAX_FACTS_BYTES`]); it is not read.
    #[error("{path}: larger than {max} bytes, more than a {what} can be; refusing to read it")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The largest size taken, bytes.
        max: u64,
        /// What kind of file it was read as (`model file`, `facts file`).
        what: &'static str,
    },
    /// The output path exists and is not a regular file (a directory, device, FIFO…).
    #[error(
        "{path}: not a regular file ({kind}); refusing to replace it with a model (write to a file \
         path instead)"
    )]
    NotRegular {
        /// The output path.
        path: PathBuf,
        /// What it is instead, in words.
        kind: &'static str,
    },
    /// The output path is the same file as one of the command's inputs.
    #[error(
        "{path}: is also this command's input {input}; refusing to overwrite it (choose another \
         output path)"
    )]
    OutputIsInput {
        /// The output path.
        path: PathBuf,
        /// The input it would overwrite.
        input: PathBuf,
    },
    /// The model to write fails its own checks (e.g. a non-finite number); nothing is written.
    #[error("{path}: not written: the fitted model is unusable: {reason}")]
    Unusable {
        /// The output path.
        path: PathBuf,
        /// What is wrong with the model.
        reason: String,
    },
    /// This machine's calibrated model exists but cannot be read; the message says the way out.
    #[error(
        "{path}: this machine's calibrated model cannot be used: {source}\n  \
         the way out: `umodel doctor` says what is wrong; `umodel calibrate` measures the machine \
         again and replaces it; or delete it (`rm {path}`) and queries fall back to the embedded \
         model; `--model h200` (or another embedded name) answers meanwhile"
    )]
    CalibratedUnreadable {
        /// The calibrated model's path.
        path: PathBuf,
        /// Why it cannot be read.
        source: Box<StoreError>,
    },
    /// The JSON ends early: the file was cut off or is still being written.
    #[error("{path}: truncated: the JSON ends early (line {line}, column {column}); the file was cut off or is still being written")]
    Truncated {
        /// The file.
        path: PathBuf,
        /// Line where it ends, from 1.
        line: usize,
        /// Column where it ends, from 1.
        column: usize,
    },
    /// The file is not valid JSON.
    #[error("{path}:{line}:{column}: not valid JSON: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// Line of the error, from 1.
        line: usize,
        /// Column of the error, from 1.
        column: usize,
        /// The JSON parser's message.
        message: String,
    },
    /// The file is JSON but not a model: no whole-number `schema_version`, or fields missing or of
    /// the wrong type.
    #[error("{path}: not a umodel model file: {reason}")]
    NotAModel {
        /// The file.
        path: PathBuf,
        /// What is missing or wrong, and where.
        reason: String,
    },
    /// The model names something this build does not know (a task term, a policy, a field of a
    /// term): most likely a model a newer umodel wrote under the same schema version, since new
    /// terms are added without one (`map_gather_write` came in that way).
    #[error(
        "{path}: {reason}: a model from a newer umodel? Upgrade umodel, or refit the \
         calibration's CSV with this one (`umodel fit CSV -o MODEL`)"
    )]
    UnknownName {
        /// The file.
        path: PathBuf,
        /// What is not known, and where.
        reason: String,
    },
    /// The model's schema version is newer than this build reads.
    #[error(
        "{path}: schema version {found} is newer than this umodel reads ({supported}); \
         upgrade umodel or refit the model with this version"
    )]
    FutureVersion {
        /// The file.
        path: PathBuf,
        /// The schema version in the file.
        found: u64,
        /// The schema version this build reads ([`SCHEMA_VERSION`]).
        supported: u32,
    },
    /// The model's schema version is older than, or otherwise not, the one this build reads.
    #[error("{path}: schema version {found} is not one this umodel reads ({supported})")]
    UnknownVersion {
        /// The file.
        path: PathBuf,
        /// The schema version in the file.
        found: u64,
        /// The schema version this build reads ([`SCHEMA_VERSION`]).
        supported: u32,
    },
    /// The model parses but fails its consistency checks ([`PlatformModel::check`]).
    #[error("{path}: inconsistent model: {reason}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The check that failed.
        reason: String,
    },
    /// A model name is neither a readable file nor an embedded model.
    #[error("no model named `{name}`: not a file, and not an embedded model ({available})")]
    NoSuchModel {
        /// The name given.
        name: String,
        /// The embedded models' names, comma-separated.
        available: String,
    },
}

/// The largest model file a reader takes: the shipped models are 30-60 KiB, a full calibration's
/// under 200 KiB, so 64 MiB is generous and stops `-m /dev/zero` long before memory runs out.
pub const MAX_MODEL_BYTES: u64 = 64 << 20;
/// The largest facts file a reader takes (they are a few KiB).
pub const MAX_FACTS_BYTES: u64 = 16 << 20;
/// Temporary files of [`write_atomic`] end with this; older ones than [`STALE_TEMP_AGE`] are
/// leftovers of killed writers and are removed by the next write to the same directory.
pub const TEMP_SUFFIX: &str = ".umodel-tmp";
/// See [`TEMP_SUFFIX`]: an hour is far beyond any write (they take milliseconds), so a live
/// writer's file is never taken.
pub const STALE_TEMP_AGE: Duration = Duration::from_secs(3600);

/// Reads at most `max` bytes of a file; `None` when it holds more (a device such as /dev/zero, a
/// pipe that never ends, or simply a file too large to be what it claims).
pub fn read_capped(path: &Path, max: u64) -> std::io::Result<Option<Vec<u8>>> {
    let f = fs::File::open(path)?;
    let mut bytes = Vec::new();
    f.take(max + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= max).then_some(bytes))
}

fn read_file(path: &Path, max: u64, what: &'static str) -> Result<Vec<u8>, StoreError> {
    read_capped(path, max)
        .map_err(|source| StoreError::Read {
            path: path.to_path_buf(),
            source,
        })?
        .ok_or_else(|| StoreError::TooLarge {
            path: path.to_path_buf(),
            max,
            what,
        })
}

/// Models compiled into the binary: (name, JSON). The first is the fallback default.
pub const EMBEDDED: &[(&str, &str)] = &[
    (
        "gb200-paper",
        include_str!("../../../models/gb200-paper.json"),
    ),
    // `bash calibration/h200/offline41/make_embedded.sh UMODEL` (the command is in the script):
    // the same F and G as the model `umodel calibrate --plan full` wrote on the H200 test machine
    // (run2/full-3.model.json), with the level shifts between its runs added to the intervals;
    // each task term from the calibration at the median of the forty-three of the current plan
    // (the thirty of run167-run187 and, since rule T, offline48/rule_t.txt, the thirteen of the
    // fresh VMs run188-run199), the prefetch back priced from its pool (NOTES.md, "The shipped
    // model"; tests/h200.rs, tests/tasks.rs).
    ("h200", include_str!("../../../models/h200.json")),
    // `bash calibration/h100/offline46/make_embedded_h100.sh UMODEL` (the command is in the
    // script): the handoff fitted from run110's calibration, with run111's and run113's full plan
    // (a VM whose GPU read over the link at 0.6 of the others' rate) in its intervals; since rules
    // N and P (offline46/rule_n.txt, offline47/rule_p.txt) each task term from the calibration at
    // the median of the nine of the current plan (run194, run195, run196, run198: four VMs), their
    // shifts from the same nine; no pool of the prefetch back since rule N5 (run196/readings.txt),
    // so an H100's calibration keeps its own. run112 is in none of it (NOTES.md, "A second
    // platform: the H100"; tests/h100.rs).
    ("h100", include_str!("../../../models/h100.json")),
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

/// Parses model JSON; `path` names it in messages. A UTF-8 byte-order mark is skipped (editors on
/// Windows add one; the CSV reader takes it too).
pub fn parse_model(path: &Path, text: &[u8]) -> Result<PlatformModel, StoreError> {
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
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
    let model: PlatformModel = serde_path_to_error::deserialize(value).map_err(|e| {
        let at = e.path().to_string();
        let e = e.into_inner().to_string();
        let reason = if at == "." || at.is_empty() {
            e.clone()
        } else {
            format!("`{at}`: {e}")
        };
        // serde's words for a name outside an enum or a struct that refuses others.
        if e.starts_with("unknown variant") || e.starts_with("unknown field") {
            StoreError::UnknownName {
                path: path.to_path_buf(),
                reason,
            }
        } else {
            not_model(reason)
        }
    })?;
    model.check().map_err(|reason| StoreError::Invalid {
        path: path.to_path_buf(),
        reason,
    })?;
    Ok(model)
}

/// Reads a model file (at most [`MAX_MODEL_BYTES`]).
pub fn read_model(path: &Path) -> Result<PlatformModel, StoreError> {
    let text = read_file(path, MAX_MODEL_BYTES, "model file")?;
    parse_model(path, &text)
}

/// The file text of a model, checked before anything is written: every invariant the queries rely
/// on holds ([`PlatformModel::check`]) and the text reads back as the same model. serde_json writes
/// a NaN or an infinity as `null`, which no reader takes, so a fit that produced one must fail here
/// rather than leave a file every later command refuses. The error names the policy and size (the
/// measured cell) or the field.
pub fn model_text(model: &PlatformModel) -> Result<String, String> {
    model.check()?;
    let mut text = serde_json::to_string_pretty(model).map_err(|e| e.to_string())?;
    text.push('\n');
    let mut de = serde_json::Deserializer::from_str(&text);
    let back: PlatformModel = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let at = e.path().to_string();
        format!(
            "{}: {} (a NaN or an infinity, which JSON cannot hold)",
            describe_field(model, &at),
            e.into_inner()
        )
    })?;
    if back != *model {
        return Err(
            "it does not read back as written (a number is NaN or infinite: JSON cannot hold it)"
                .into(),
        );
    }
    Ok(text)
}

/// A field path of a model (`policies[2].knots[0].f_ms.se`) in the words of its cell (`policy
/// `managed` at 16 MiB (knot 0): `f_ms.se``).
pub fn describe_field(model: &PlatformModel, path: &str) -> String {
    let index = |s: &str, key: &str| -> Option<(usize, usize)> {
        let start = s.find(key)? + key.len();
        let end = start + s[start..].find(']')?;
        Some((s[start..end].parse().ok()?, end + 1))
    };
    if let Some((p, after)) = index(path, "policies[") {
        if let Some(pm) = model.policies.get(p) {
            let rest = &path[after..];
            if let Some((k, after_k)) = index(rest, "knots[") {
                if let Some(knot) = pm.knots.get(k) {
                    let field = rest[after_k..].trim_start_matches('.');
                    return format!(
                        "policy `{}` at {} (the handoff cells of that size): `{field}`",
                        pm.policy,
                        crate::units::format_size(knot.bytes)
                    );
                }
            }
            return format!("policy `{}`: `{}`", pm.policy, rest.trim_start_matches('.'));
        }
    }
    format!("`{path}`")
}

/// Writes a model file atomically (see [`write_atomic`]) after checking it ([`model_text`]): an
/// unusable model never replaces anything.
pub fn write_model(path: &Path, model: &PlatformModel) -> Result<(), StoreError> {
    let text = model_text(model).map_err(|reason| StoreError::Unusable {
        path: path.to_path_buf(),
        reason,
    })?;
    write_atomic(path, text.as_bytes())
}

/// What kind of thing a path is, for messages.
fn kind_of(ft: fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if ft.is_char_device() {
            return "a character device";
        }
        if ft.is_block_device() {
            return "a block device";
        }
        if ft.is_fifo() {
            return "a named pipe";
        }
        if ft.is_socket() {
            return "a socket";
        }
    }
    if ft.is_dir() {
        "a directory"
    } else {
        "not a plain file"
    }
}

/// Refuses an output path that exists and is not a regular file (after following links): the
/// rename of an atomic write would put a plain file in place of `/dev/null` or a directory's link.
pub fn check_output(path: &Path) -> Result<(), StoreError> {
    match fs::metadata(path) {
        Ok(m) if !m.is_file() => Err(StoreError::NotRegular {
            path: path.to_path_buf(),
            kind: kind_of(m.file_type()),
        }),
        _ => Ok(()),
    }
}

/// Whether two paths name the same file: the same canonical path, or the same device and inode
/// (hard links). Paths that do not exist are never the same as anything.
pub fn same_file(a: &Path, b: &Path) -> bool {
    let (Ok(ma), Ok(mb)) = (fs::metadata(a), fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if ma.dev() == mb.dev() && ma.ino() == mb.ino() {
            return true;
        }
    }
    let _ = (ma, mb);
    matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Refuses to write `output` when it is one of `inputs` (`fit run.csv -o run.csv` would replace the
/// measurements with the model) or not a regular file.
pub fn check_output_against(output: &Path, inputs: &[&Path]) -> Result<(), StoreError> {
    check_output(output)?;
    if let Some(input) = inputs.iter().find(|i| same_file(output, i)) {
        return Err(StoreError::OutputIsInput {
            path: output.to_path_buf(),
            input: input.to_path_buf(),
        });
    }
    Ok(())
}

/// Writes any file atomically: a temporary file in the same directory (an unpredictable name,
/// created exclusively, so a link planted there cannot redirect the write), synced, then renamed
/// over `path`, so a reader never sees half a file and an interrupted write leaves the old one
/// intact. Refuses a `path` that is not a regular file. Removes temporary files of this pattern in
/// the directory that killed writers left behind ([`STALE_TEMP_AGE`]).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let err = |source| StoreError::Write {
        path: path.to_path_buf(),
        source,
    };
    check_output(path)?;
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(err)?;
    remove_stale_temps(&dir, STALE_TEMP_AGE);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "model".into());
    // tempfile: O_CREAT|O_EXCL with a random name, retried on collision; mode 0600.
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(&dir)
        .map_err(err)?;
    tmp.write_all(bytes).map_err(err)?;
    tmp.as_file().sync_all().map_err(err)?;
    // tempfile creates 0600; keep the mode of the file replaced, else the usual 0644 (a model is
    // read by other users' queries).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(path).map_or(0o644, |m| m.permissions().mode() & 0o7777);
        let _ = tmp
            .as_file()
            .set_permissions(fs::Permissions::from_mode(mode));
    }
    // Checked again just before the rename: the path may have become a device meanwhile.
    check_output(path)?;
    tmp.persist(path).map_err(|e| err(e.error))?;
    Ok(())
}

/// Whether a file name is one of [`write_atomic`]'s temporary files, or of the earlier pattern
/// `.NAME.tmp.PID`.
pub fn is_temp_name(name: &str) -> bool {
    if !name.starts_with('.') {
        return false;
    }
    if name.ends_with(TEMP_SUFFIX) {
        return true;
    }
    name.rsplit_once(".tmp.")
        .is_some_and(|(_, pid)| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
}

/// Temporary files of [`write_atomic`] in `dir` older than `age`: (path, age).
pub fn stale_temps(dir: &Path, age: Duration) -> Vec<(PathBuf, Duration)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let now = SystemTime::now();
    let mut out: Vec<_> = entries
        .filter_map(|e| e.ok())
        .filter(|e| is_temp_name(&e.file_name().to_string_lossy()))
        .filter_map(|e| {
            // symlink_metadata: a link of this name is not ours to follow or judge by its target.
            let m = fs::symlink_metadata(e.path()).ok()?;
            let old = now.duration_since(m.modified().ok()?).ok()?;
            (m.is_file() && old >= age).then(|| (e.path(), old))
        })
        .collect();
    out.sort();
    out
}

/// Removes [`stale_temps`]; best effort (another writer may remove them first).
pub fn remove_stale_temps(dir: &Path, age: Duration) -> usize {
    stale_temps(dir, age)
        .into_iter()
        .filter(|(p, _)| fs::remove_file(p).is_ok())
        .count()
}

/// Reads a run's facts file (at most [`MAX_FACTS_BYTES`]).
pub fn read_facts(path: &Path) -> Result<RunFacts, StoreError> {
    let text = read_file(path, MAX_FACTS_BYTES, "facts file")?;
    let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&text).to_vec();
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

/// The embedded model default queries fall back on where this machine has no calibrated model:
/// the one measured on a GPU named `gpu`, else the first embedded model.
pub fn fallback_for_gpu(gpu: Option<&str>) -> (&'static str, PlatformModel) {
    gpu.and_then(embedded_for_gpu).unwrap_or_else(|| {
        let (n, _) = EMBEDDED[0];
        (n, embedded(n).expect("embedded models parse"))
    })
}

/// The embedded model measured on a GPU of this name, if any.
pub fn embedded_for_gpu(gpu: &str) -> Option<(&'static str, PlatformModel)> {
    EMBEDDED.iter().find_map(|(n, _)| {
        let m = embedded(n)?;
        (!m.platform.gpu.is_empty() && m.platform.gpu.trim() == gpu.trim()).then_some((*n, m))
    })
}

/// The size task terms are checked at: the probe's and the intervals' (NOTES.md, "Intervals").
pub const CHECK_TASK_TERMS_AT: u64 = 64 << 20;

/// Checks `model`'s task terms against the embedded model of its GPU
/// ([`crate::model::TaskTerms::unusual_against`], at 64 MiB) and notes in the model's provenance
/// each that sits far outside where that model's terms moved between calibrations; returns what
/// they were checked against ("the embedded model `h200`"; `None` where no model of this GPU is
/// embedded, or either side has no task terms) and the terms found. `calibrate` and `fit` run
/// it: run39's first calibration priced a no-op prefetch at 15.8× the others' (it waited on the
/// move before it) and nothing said so until its predictions missed (NOTES.md, "The migration
/// probe"). A term that `earlier` (this machine's earlier calibrations; `calibrate` has them,
/// `fit` none) measured as far off the same way is said to be the machine's, and kept in the
/// model's `provenance.machine_terms` for `umodel doctor`.
pub fn note_unusual_task_terms(
    model: &mut PlatformModel,
    earlier: &[crate::model::TaskTerms],
) -> (Option<String>, Vec<crate::model::UnusualTerm>) {
    let (against, mut unusual) = unusual_task_terms(model);
    if let Some(a) = &against {
        if let Some(mine) = &model.task_terms {
            mine.mark_repeated_here(&mut unusual, earlier);
        }
        note_unusual(model, &unusual, a);
        model.provenance.machine_terms = unusual
            .iter()
            .filter_map(|u| {
                Some(crate::model::MachineTerm {
                    term: u.term,
                    here: u.repeated_here?,
                })
            })
            .collect();
    }
    (against, unusual)
}

/// Notes each of `unusual` in `model`'s provenance, against what `against` names.
pub fn note_unusual(
    model: &mut PlatformModel,
    unusual: &[crate::model::UnusualTerm],
    against: &str,
) {
    for u in unusual {
        model.provenance.notes.push(u.describe(against));
    }
}

/// [`note_unusual_task_terms`] without the notes: what `umodel doctor` reports of a model file.
pub fn unusual_task_terms(
    model: &PlatformModel,
) -> (Option<String>, Vec<crate::model::UnusualTerm>) {
    let Some((name, e)) = embedded_for_gpu(&model.platform.gpu) else {
        return (None, Vec::new());
    };
    let (Some(mine), Some(theirs)) = (model.task_terms.as_ref(), e.task_terms.as_ref()) else {
        return (None, Vec::new());
    };
    (
        Some(format!("the embedded model `{name}`")),
        mine.unusual_against(theirs, CHECK_TASK_TERMS_AT),
    )
}

/// The embedded models whose calibrations price the passes over managed pages kept on the host
/// from their own pinned passes ([`price_managed_from_pinned`]): rule M2 passed on the H100
/// (against a held-out reference, the producer/consumer's advised row 9 → 6 of 16 cells beyond
/// 5 %, median |error| 6.23 → 3.61 %, the four slow-link VMs that prompted it +6.6 to +25.1 % →
/// +1.9 to +7.3 %; on a later one, `run284`, +16.66 → +5.55 %) and not on the H200 (1.85 →
/// 1.86 %; `calibration/h100/offline53/rule_m2.txt`, `rule_m2-with-run284.txt`).
pub const MANAGED_FROM_PINNED: &[&str] = &["h100"];

/// Prices the three managed passes of `model` from its pinned passes, scaled from the embedded
/// model of its GPU where that model is one of [`MANAGED_FROM_PINNED`]
/// ([`crate::model::TaskTerms::managed_from_pinned`] at [`CHECK_TASK_TERMS_AT`]), and says so in
/// its provenance: on slow-link H100 VMs an independent program's managed passes ran at its
/// pinned ones and a task's advised row paid near them, while a calibration, which times them
/// right after the host's fill on every core, measured them up to 3.6× dearer (NOTES.md, "The
/// link probe": its kernels pay that on a slow link for lines every core just wrote). Returns
/// the embedded model's name and the terms priced; `None` where none applies. `calibrate` runs
/// it; `fit --managed-from-pinned` too.
pub fn price_managed_from_pinned(
    model: &mut PlatformModel,
) -> Option<(&'static str, Vec<crate::model::TermId>)> {
    let (name, e) = embedded_for_gpu(&model.platform.gpu)?;
    if !MANAGED_FROM_PINNED.contains(&name) {
        return None;
    }
    let reference = e.task_terms.as_ref()?;
    let moved = model
        .task_terms
        .as_mut()?
        .managed_from_pinned(reference, CHECK_TASK_TERMS_AT as f64);
    if moved.is_empty() {
        return None;
    }
    let names: Vec<&str> = moved.iter().map(|t| t.name()).collect();
    model.provenance.notes.push(format!(
        "{} priced from this calibration's pinned passes, scaled from the embedded model `{name}` \
         (rule M2: tasks paid the pinned rates over managed pages kept on the host where the \
         calibration measured them dearer; calibration/h100/offline53/rule_m2.txt)",
        names.join(", ")
    ));
    Some((name, moved))
}

/// The embedded models whose calibrations price the migrations of a task that writes on one host
/// thread from the calibration's migration after one thread's writes (rule M3′,
/// `calibration/h100/run315/plan.md`): a GPU is listed once the rule passed on its workloads with
/// a slow link among the runs judged. The H100: on `run315`'s fast link it moved little (1 → 1
/// cells beyond 5 %), on `run316`/`run317`'s slow one it took 32 cells beyond 5 % to 12, median
/// |error| 14.84 → 3.27 % (`calibration/h100/run316/reading.txt`). A later fast link moved its
/// cells a few points either way (`run318`, `run319`: pooled, the rule would not pass there;
/// NOTES.md, "Which side the migrating policies miss"). Not the H200: on its one VM judged the
/// rule did not pass, 17 → 17 of 48 cells beyond 5 %, median 3.43 → 3.58 %
/// (`calibration/h200/run216/m3prime.txt`), and it is not judged there again.
pub const ONE_THREAD_MIGRATION: &[&str] = &["h100"];

/// The embedded models on whose GPU `--probe` prices the CPU's fault runs (`cpu_fault_run`, a fixed
/// cost a run) from a probe's sparse cell, scaled by it over the calibration's own 64 MiB cell
/// (rule S, `calibration/h200/run326/plan.md`; [`crate::model::TaskTerms::probe_prices`]). The
/// H100: on one fast-link VM's four runs the partial update's managed row, the one row of
/// umodel's workloads that prices fault runs, went from 4 to 2 of 8 cells beyond 5 %, median
/// |error| 5.48 → 4.47 %, none ending beyond 5 % grew (`calibration/h200/run326/reading.txt`).
/// Not the H200: not yet judged there (no H200 ran the plan).
pub const SPARSE_PROBE: &[&str] = &["h100"];

/// Whether `--probe` prices the CPU's fault runs from a probe's sparse cell on the GPU named `gpu`
/// ([`SPARSE_PROBE`]): that of one of its embedded models (their GPUs read once).
pub fn probe_prices_fault_runs(gpu: &str) -> bool {
    static GPUS: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    let gpus = GPUS.get_or_init(|| {
        SPARSE_PROBE
            .iter()
            .filter_map(|n| embedded(n))
            .map(|m| m.platform.gpu.trim().to_string())
            .filter(|g| !g.is_empty())
            .collect()
    });
    gpus.iter().any(|g| g == gpu.trim())
}

/// Takes the migration after one thread's writes (`fault_in_scalar_one_thread`) out of `model`
/// where its GPU is not one of [`ONE_THREAD_MIGRATION`]'s, and says so in its provenance: the
/// term is measured by every calibration since `run312` (the CSV keeps it) but priced only where
/// rule M3′ passed. Returns whether it took it out. `calibrate` runs it; `fit` too, unless told to
/// keep the term (`--one-thread-migration`).
pub fn hold_one_thread_migration(model: &mut PlatformModel) -> bool {
    use crate::model::TermId::FaultInScalarOneThread as T;
    if embedded_for_gpu(&model.platform.gpu).is_some_and(|(n, _)| ONE_THREAD_MIGRATION.contains(&n))
    {
        return false;
    }
    let Some(terms) = model.task_terms.as_mut() else {
        return false;
    };
    if terms.unset(T).is_none() {
        return false;
    }
    model.provenance.notes.push(format!(
        "{} measured but not priced: rule M3′ (a one-thread task's migrations after one thread's \
         writes) is adopted on the GPUs of the embedded models where it passed ({}), not on this \
         one's (calibration/h100/run315/plan.md)",
        T.name(),
        ONE_THREAD_MIGRATION.join(", ")
    ));
    true
}

/// Prices the pooled terms of `model` ([`crate::model::POOLED_TERMS`]: the prefetch back to
/// the host) from the pools the embedded model of its GPU carries, and says so in its
/// provenance: one calibration catches one of the regimes that term runs in, the median of many
/// does better (NOTES.md, "The prefetch back, priced from a pool"). Returns that model's name and
/// what was done with each pool; `None` where no model of this GPU is embedded, it carries no
/// pools, or `model` has no task terms. `calibrate` runs it; `fit --price-from-pool` too.
pub fn price_from_embedded_pools(
    model: &mut PlatformModel,
) -> Option<(&'static str, Vec<crate::model::PoolUse>)> {
    let (name, e) = embedded_for_gpu(&model.platform.gpu)?;
    let pools = e.task_terms.as_ref()?.pools().to_vec();
    let uses = price_from_pools(
        model,
        &pools,
        &format!("the embedded model `{name}` carries"),
    )?;
    Some((name, uses))
}

/// Prices the pooled terms of `model` from `pools` ([`crate::model::TaskTerms::price_from_pools`]
/// at [`CHECK_TASK_TERMS_AT`]) and notes each use in its provenance; `whose` completes "the pool
/// of N calibrations …" ("the embedded model `h200` carries", "this model carries"). `None`
/// where `pools` is empty or `model` has no task terms.
pub fn price_from_pools(
    model: &mut PlatformModel,
    pools: &[crate::model::TermPool],
    whose: &str,
) -> Option<Vec<crate::model::PoolUse>> {
    let mine = model.task_terms.as_mut().filter(|_| !pools.is_empty())?;
    let uses = mine.price_from_pools(pools, CHECK_TASK_TERMS_AT as f64);
    let notes: Vec<String> = uses
        .iter()
        .map(|u| u.describe(mine, CHECK_TASK_TERMS_AT, whose))
        .collect();
    model.provenance.notes.extend(notes);
    Some(uses)
}

/// Names of the embedded models that price tasks (carry task terms), for messages: read once.
pub fn embedded_with_task_terms() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        EMBEDDED
            .iter()
            .map(|(n, _)| *n)
            .filter(|n| embedded(n).is_some_and(|m| m.task_terms.is_some()))
            .collect()
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
#[non_exhaustive]
pub enum ModelSource {
    /// Given with `--model PATH`.
    File(PathBuf),
    /// Calibrated on this machine (found in the data directory).
    Calibrated(PathBuf),
    /// Compiled into the binary.
    Embedded(&'static str),
}

impl ModelSource {
    /// How much of a model's stamp a query checks, given whether the user named the model: a
    /// model measured here or a file in full; the embedded fallback only for its GPU model (its
    /// driver and UUID are another machine's by nature); an embedded model asked for by name not
    /// at all (a reference on purpose).
    pub fn stamp_scope(&self, named: bool) -> Option<crate::stamp::Scope> {
        use crate::stamp::Scope;
        match self {
            ModelSource::Embedded(_) if named => None,
            ModelSource::Embedded(_) => Some(Scope::GpuModel),
            ModelSource::File(_) | ModelSource::Calibrated(_) => Some(Scope::Full),
        }
    }
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
/// `UMODEL_DATA_DIR=""` counts as unset: an empty path would otherwise mean `./models/` of
/// whatever directory the command runs in.
pub fn data_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("UMODEL_DATA_DIR").filter(|d| !d.is_empty()) {
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

/// This machine's model, found as the `umodel` command line finds it (one function for the command
/// line, the C library and the Python package):
///
/// - `name` given: the model file at that path (one that exists, or a name containing a path
///   separator or ending in `.json`), else the embedded model of that name;
/// - else, with `device`, that GPU's own calibrated model ([`device_path`]: `calibrate --device`
///   writes one for a GPU that differs from the others) where it exists;
/// - else the model calibrated for this machine ([`calibrated_path`] of its fingerprint: this
///   GPU's name and the host CPU's model), if there is one;
/// - else the embedded model measured on a GPU of this name, else the first embedded model.
///
/// It prints nothing and does not compare the model's stamp with this machine (the command line
/// does both on top: [`crate::stamp::check`] with [`ModelSource::stamp_scope`]). For the
/// compiled form, [`crate::model::Predictor::load`].
pub fn load(
    name: Option<&str>,
    device: Option<usize>,
) -> Result<(PlatformModel, ModelSource), StoreError> {
    if name.is_some() {
        return resolve(name, None, None);
    }
    let gpu = crate::platform::local_gpu_name();
    let fingerprint = gpu
        .as_deref()
        .map(|g| crate::platform::fingerprint_of(g, &crate::platform::host_cpu_model()));
    let shared = fingerprint.as_deref().and_then(calibrated_path);
    if let (Some(d), Some(shared)) = (device, shared) {
        let own = device_path(&shared, d);
        if own.exists() {
            return Ok((read_model(&own)?, ModelSource::Calibrated(own)));
        }
    }
    resolve(None, fingerprint.as_deref(), gpu.as_deref())
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
            let m = read_model(&path).map_err(|e| StoreError::CalibratedUnreadable {
                path: path.clone(),
                source: Box::new(e),
            })?;
            return Ok((m, ModelSource::Calibrated(path)));
        }
    }
    let (n, m) = fallback_for_gpu(gpu);
    Ok((m, ModelSource::Embedded(n)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_s_prices_the_cpus_fault_runs_from_a_probe_on_the_h100_only() {
        let gpu = |n: &str| embedded(n).unwrap().platform.gpu;
        assert!(probe_prices_fault_runs(&gpu("h100")));
        assert!(probe_prices_fault_runs(&format!(" {} ", gpu("h100"))));
        assert!(!probe_prices_fault_runs(&gpu("h200")));
        assert!(!probe_prices_fault_runs(""));
        // Queries compile the terms with it, whatever model of the GPU they load.
        use crate::model::{Predictor, TermId::CpuFaultRun};
        for (n, want) in [("h100", true), ("h200", false)] {
            let p = Predictor::new(&embedded(n).unwrap());
            assert_eq!(
                p.task_terms().unwrap().probe_prices(CpuFaultRun),
                want,
                "{n}"
            );
        }
    }

    #[test]
    fn embedded_models_parse_and_check() {
        for (n, _) in EMBEDDED {
            let m = embedded(n).unwrap();
            assert!(!m.policies.is_empty(), "{n}");
        }
    }

    /// The embedded GPU models name the handoff's CSV and say their task terms are pooled (the
    /// median of 43 H200 calibrations since rule T, of 9 H100 ones since rule P: NOTES.md); the
    /// paper's model has no task terms and says nothing of them.
    #[test]
    fn embedded_models_say_how_many_calibrations_their_task_terms_pool() {
        let d = |n| embedded(n).unwrap().describe();
        assert_eq!(
            d("h200"),
            "H200 (NVIDIA H200), fitted from calibration/h200/run2/full-3.csv; task terms the \
             median of 43 calibrations"
        );
        assert!(
            d("h100").ends_with("minimal.csv; task terms the median of 9 calibrations"),
            "{}",
            d("h100")
        );
        assert!(
            !d("gb200-paper").contains("task terms"),
            "{}",
            d("gb200-paper")
        );
    }

    #[test]
    fn a_calibration_of_an_h200_prices_the_prefetch_back_from_the_embedded_pool() {
        use crate::model::{PoolUse, TermId};
        let e = embedded("h200").unwrap();
        let pool = e.task_terms.as_ref().unwrap().pools()[0];
        let at = CHECK_TASK_TERMS_AT as f64;
        // The embedded model prices its own from the pool; its own fit (the median of its
        // forty-three calibrations', 5.408 ms at 64 MiB) stands for a calibration's.
        let t = e.task_terms.as_ref().unwrap();
        assert_eq!(
            t.cost_at(TermId::PrefetchToHost, at),
            Some(pool.cost.at(at))
        );
        let own = t.priced_from_pool()[0].own;
        assert!((own.at(at) - 5.408).abs() < 0.001);
        let mut m = e.clone();
        m.task_terms
            .as_mut()
            .unwrap()
            .set(TermId::PrefetchToHost, own);
        let (name, uses) = price_from_embedded_pools(&mut m).unwrap();
        assert_eq!(name, "h200");
        assert!(matches!(uses[..], [PoolUse::Priced(p)] if p.own == own && p.calibrations == 31));
        let t = m.task_terms.as_ref().unwrap();
        assert_eq!(
            t.cost_at(TermId::PrefetchToHost, at),
            Some(pool.cost.at(at))
        );
        // The wider shift: the calibration's own (23 %, between the forty-three) over the pool's
        // spread (19 %).
        assert_eq!(
            t.get(TermId::PrefetchToHost).unwrap().run_shift,
            own.run_shift
        );
        assert!(m.provenance.notes.last().unwrap().contains(
            "task term `prefetch_to_host` priced from the pool of 31 calibrations the embedded model `h200` carries"
        ));
        // An H100's calibration keeps its own: the `h100` model carries no pool (rule N5 failed
        // on run196's and run198's VMs, calibration/h100/run196/readings.txt); nor does a GPU
        // with no embedded model; a model without task terms takes nothing.
        let mut h100 = e.clone();
        h100.platform.gpu = "NVIDIA H100 80GB HBM3".into();
        assert!(price_from_embedded_pools(&mut h100).is_none());
        assert_eq!(h100.task_terms, e.task_terms);
        let mut other = e.clone();
        other.platform.gpu = "NVIDIA A100-SXM4-80GB".into();
        assert!(price_from_embedded_pools(&mut other).is_none());
        let mut bare = e.clone();
        bare.task_terms = None;
        assert!(price_from_embedded_pools(&mut bare).is_none());
        assert_eq!(bare.provenance.notes, e.provenance.notes);
    }

    #[test]
    fn a_calibration_of_an_h100_prices_its_managed_passes_from_its_pinned_ones() {
        use crate::model::TermId::*;
        let at = CHECK_TASK_TERMS_AT as f64;
        // run272's calibration, on a slow-link H100 VM: its GPU's writes to managed pages kept on
        // the host fitted at 4.636 ms at 64 MiB, its pinned writes at 1.283 (the embedded
        // model's 1.285, its managed write 1.474).
        let path = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../calibration/h100/run272/run272/model-minimal-1.json"
        ));
        let m = read_model(path).unwrap();
        let was = m.task_terms.clone().unwrap();
        assert!((was.cost_at(ManagedMapWrite, at).unwrap() - 4.636).abs() < 0.001);
        let mut priced = m.clone();
        let (name, moved) = price_managed_from_pinned(&mut priced).unwrap();
        assert_eq!(
            (name, moved),
            (
                "h100",
                vec![ManagedMapRead, ManagedMapWrite, ManagedMapReadWrite]
            )
        );
        let t = priced.task_terms.as_ref().unwrap();
        let e = embedded("h100").unwrap().task_terms.unwrap();
        for (managed, pinned) in [
            (ManagedMapRead, MapRead),
            (ManagedMapWrite, MapWrite),
            (ManagedMapReadWrite, MapReadWrite),
        ] {
            let k = was.cost_at(pinned, at).unwrap() / e.cost_at(pinned, at).unwrap();
            let want = k * e.cost_at(managed, at).unwrap();
            assert!((t.cost_at(managed, at).unwrap() - want).abs() < 1e-9);
            // Its own spread and cells stay.
            let (a, b) = (t.get(managed).unwrap(), was.get(managed).unwrap());
            assert_eq!((a.rel_sd, a.cells, a.sizes), (b.rel_sd, b.cells, b.sizes));
            // Nothing else moves.
            assert_eq!(t.get(pinned), was.get(pinned));
        }
        assert!((t.cost_at(ManagedMapWrite, at).unwrap() - 1.471).abs() < 0.001);
        assert!(priced.provenance.notes.last().unwrap().contains("rule M2"));
        // An H200's calibration keeps its own (M2 did not pass there), as does a GPU with no
        // embedded model.
        for gpu in ["NVIDIA H200", "NVIDIA A100-SXM4-80GB"] {
            let mut other = m.clone();
            other.platform.gpu = gpu.into();
            assert!(price_managed_from_pinned(&mut other).is_none(), "{gpu}");
            assert_eq!(other.task_terms, m.task_terms);
        }
    }

    #[test]
    fn the_migration_after_one_threads_writes_is_kept_only_where_rule_m3_passed() {
        use crate::model::TermId::{FaultInScalar, FaultInScalarOneThread};
        // run313's first calibration (a slow-link H100); its build fitted no one-thread term.
        let path = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../calibration/h100/run313/run313/model-minimal-1.json"
        ));
        let m = read_model(path).unwrap();
        let mut held = m.clone();
        assert!(!hold_one_thread_migration(&mut held), "nothing to hold");
        assert_eq!(held.provenance.notes, m.provenance.notes);
        let scalar = *m.task_terms.as_ref().unwrap().get(FaultInScalar).unwrap();
        // Rule M3′ passed on the H100 (run315-run317), on no other GPU.
        for (gpu, kept) in [
            ("NVIDIA H100 80GB HBM3", true),
            ("NVIDIA H200", false),
            ("NVIDIA A100-SXM4-80GB", false),
        ] {
            let mut with = m.clone();
            with.platform.gpu = gpu.into();
            with.task_terms
                .as_mut()
                .unwrap()
                .set(FaultInScalarOneThread, scalar);
            assert_eq!(hold_one_thread_migration(&mut with), !kept, "{gpu}");
            let t = with.task_terms.as_ref().unwrap();
            assert_eq!(t.get(FaultInScalarOneThread).is_some(), kept, "{gpu}");
            assert_eq!(t.get(FaultInScalar), Some(&scalar));
            if kept {
                assert_eq!(with.provenance.notes, m.provenance.notes, "{gpu}");
            } else {
                let note = with.provenance.notes.last().unwrap();
                assert!(note.contains("fault_in_scalar_one_thread measured but not priced"));
                assert!(note.contains("where it passed (h100)"), "{note}");
            }
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
        // A task term this build does not know (a newer umodel's model): named, with what to do.
        let h200 = EMBEDDED.iter().find(|(n, _)| *n == "h200").unwrap().1;
        let newer = h200.replacen("\"copy_h2d\"", "\"copy_teleport\"", 1);
        assert_ne!(newer, h200);
        let e = parse_model(p, newer.as_bytes()).unwrap_err();
        assert!(matches!(e, StoreError::UnknownName { .. }), "{e}");
        let e = e.to_string();
        assert!(
            e.contains("`copy_teleport`") && e.contains("task_terms") && e.contains("umodel fit"),
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

    #[test]
    fn an_unusable_model_is_refused_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("m.json");
        let good = embedded("h200").unwrap();
        write_model(&path, &good).unwrap();
        let before = fs::read(&path).unwrap();
        // A NaN where check() does not look: it would be written as `null`.
        let mut bad = good.clone();
        bad.noise.as_mut().unwrap().alternating_rel_sd = f64::NAN;
        let e = write_model(&path, &bad).unwrap_err();
        assert!(matches!(e, StoreError::Unusable { .. }), "{e}");
        assert!(e.to_string().contains("noise.alternating_rel_sd"), "{e}");
        // One in a knot names the policy and size.
        let mut bad = good.clone();
        bad.policies[1].knots[0].f_ms.se = f64::INFINITY;
        let e = write_model(&path, &bad).unwrap_err().to_string();
        let p = good.policies[1].policy.to_string();
        assert!(e.contains(&p) && e.contains("f_ms"), "{e}");
        let mut bad = good.clone();
        bad.policies[0].knots[0].t1_ms.median = -1.0;
        assert!(write_model(&path, &bad).is_err());
        assert_eq!(
            fs::read(&path).unwrap(),
            before,
            "the good model was replaced"
        );
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            1,
            "a temp file was left"
        );
    }

    #[cfg(unix)]
    #[test]
    fn temp_files_cannot_be_redirected_and_stale_ones_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "keep me").unwrap();
        let path = dir.path().join("m.json");
        // The old predictable names, planted as links to another file.
        for pid in [std::process::id(), 1, 2] {
            std::os::unix::fs::symlink(&victim, dir.path().join(format!(".m.json.tmp.{pid}")))
                .unwrap();
        }
        write_atomic(&path, b"model").unwrap();
        assert_eq!(fs::read(&victim).unwrap(), b"keep me");
        assert_eq!(fs::read(&path).unwrap(), b"model");
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&path), 0o644);
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600)).unwrap();
        write_atomic(&path, b"model").unwrap();
        assert_eq!(mode(&path), 0o600, "the replaced file's mode is kept");
        // Links are not ours to remove; files of our pattern older than the age are.
        let old = dir.path().join(format!(".m.json.AbC123{TEMP_SUFFIX}"));
        let old_pid = dir.path().join(".m.json.tmp.99999");
        let fresh = dir.path().join(format!(".m.json.XyZ789{TEMP_SUFFIX}"));
        let other = dir.path().join(".hidden-but-not-ours");
        for p in [&old, &old_pid, &fresh, &other] {
            fs::write(p, "x").unwrap();
        }
        let two_hours_ago = SystemTime::now() - Duration::from_secs(7200);
        for p in [&old, &old_pid, &other] {
            fs::File::options()
                .write(true)
                .open(p)
                .unwrap()
                .set_modified(two_hours_ago)
                .unwrap();
        }
        write_atomic(&path, b"model 2").unwrap();
        assert!(!old.exists() && !old_pid.exists());
        assert!(fresh.exists() && other.exists());
        assert!(fs::symlink_metadata(dir.path().join(".m.json.tmp.1")).is_ok());
        assert_eq!(fs::read(&victim).unwrap(), b"keep me");
    }

    #[test]
    fn output_checks() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.csv");
        fs::write(&a, "x").unwrap();
        let e = check_output_against(&a, &[&a]).unwrap_err();
        assert!(matches!(e, StoreError::OutputIsInput { .. }), "{e}");
        let e = check_output(dir.path()).unwrap_err();
        assert!(e.to_string().contains("directory"), "{e}");
        assert!(check_output_against(&dir.path().join("new.json"), &[&a]).is_ok());
        assert!(!same_file(
            &dir.path().join("nope"),
            &dir.path().join("nope")
        ));
    }

    #[test]
    fn a_byte_order_mark_is_skipped() {
        let mut text = b"\xEF\xBB\xBF".to_vec();
        text.extend_from_slice(EMBEDDED[0].1.as_bytes());
        assert!(parse_model(Path::new("bom.json"), &text).is_ok());
    }
}
