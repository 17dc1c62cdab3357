//! `umodel serve`: queries for any language, one JSON object per line in, one per line out, over
//! stdin/stdout or a Unix socket. A bad line is answered with an error object naming the problem
//! and the line; the server never exits on one.
//!
//! ```text
//! {"id": 1, "op": "choose", "bytes": "256MiB", "reuse": 4}
//! {"id": 1, "best": "explicit-copy", "tie": false, ...}
//! ```
//!
//! A request with `task` asks about the user's task instead of the handoff: `"task":
//! "tasks/seed-001.json"` (a task file, relative to the server's directory) or `"task": {...}` (the
//! file's object itself, DESIGN.md §3), with the ops `predict` (`policy` needed), `choose` and
//! `breakeven` (`a`, `b`), and the values a scheduler measured as `cpu_ms`, `gpu_ms`,
//! `cpu_final_ms`, `rounds` and `reuse` (each replacing the task's own; `reuse` is not taken by a
//! break-even, which is over it). `bytes`, `cpu_scale` and `from_device` do not apply to a task.
//! The answers are those of `predict|choose|breakeven --task FILE --json` with the same values:
//!
//! ```text
//! {"id": 7, "op": "choose", "task": "tasks/seed-001.json", "cpu_ms": 14.3, "gpu_ms": 0.29}
//! {"id": 7, "best": "explicit-copy", "ranking": [...], "rounds": 4, "task": "seed-001", ...}
//! ```
//!
//! Each task is compiled once and kept ([`crate::model::CompiledTask`]): a file by its path (read
//! again when its size or modification time changes, so an edited file is never answered from its
//! old text), an object by its content; at most [`MAX_TASKS`] of each, after which the kept ones
//! are dropped and compiled again as they come. A task that cannot be used (a missing file, an
//! unknown field, a bad value) is answered with an error naming the file or `task`, the field and
//! the value, and is not kept.
//!
//! With `"probe"` (a probe file's path or its object, `umodel probe --json`), a task's migrating
//! steps are priced at the probe's rates, as `--task FILE --probe PROBE.json` prices them, each
//! policy with its price from the calibration's terms alone beside (`terms_alone_ms`); such a
//! task is kept by the task and the probe together. Where the probe's CPU touched another share
//! of its pages than the task does, the answer carries `notes` with what the command line
//! prints on stderr.
//!
//! `{"op": "probe", "probe": ...}` judges a probe against the model, each figure beside the
//! model's price and the figures off it, as `umodel probe --from FILE --json` does (`model` in
//! words, as `ping` gives it).

use std::collections::HashMap;
use std::io::{BufRead, BufWriter, Write};
use std::sync::{Arc, Mutex};

use anyhow::Result;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::answer::{self, value, ChooseAnswer, PredictAnswer};
use super::tasks::{ChoiceJson, PredictionJson, TaskBreakeven};
use crate::model::{CompiledTask, CpuUpdate, PlatformModel, Predictor, Probe, TaskOverrides};
use crate::policy::Policy;
use crate::task::{Task, TaskError};
use crate::units::shown;

/// The longest request line read (a query is a few hundred bytes).
const MAX_LINE: usize = 64 * 1024;

/// The most compiled tasks kept of each kind (files, objects).
pub(super) const MAX_TASKS: usize = 256;

/// A size as a number of bytes or a string with a unit ("256MiB").
#[derive(Deserialize)]
#[serde(untagged)]
enum Size {
    Bytes(f64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    /// Echoed in the answer.
    #[serde(default)]
    id: Option<Value>,
    op: String,
    #[serde(default)]
    policy: Option<String>,
    #[serde(default)]
    a: Option<String>,
    #[serde(default)]
    b: Option<String>,
    #[serde(default)]
    bytes: Option<Size>,
    #[serde(default)]
    reuse: Option<f64>,
    #[serde(default)]
    cpu_ms: Option<f64>,
    #[serde(default)]
    cpu_scale: Option<f64>,
    #[serde(default)]
    from_device: Option<u32>,
    #[serde(default)]
    device: Option<u32>,
    /// A task file's path, or a task object.
    #[serde(default)]
    task: Option<Value>,
    #[serde(default)]
    gpu_ms: Option<f64>,
    #[serde(default)]
    cpu_final_ms: Option<f64>,
    #[serde(default)]
    rounds: Option<f64>,
    /// With `task`: a migration probe's path or object (`umodel probe --json`).
    #[serde(default)]
    probe: Option<Value>,
}

/// The answer to a line that could not be answered.
#[derive(Serialize)]
struct Failure {
    /// `line N: what was wrong`.
    error: String,
    line: u64,
}

/// A task object's error: the field and the value, without a line and column of the text the
/// server made of it.
fn inline_error(e: TaskError) -> String {
    match e {
        TaskError::Field { field, message, .. } => format!("task: `{field}`: {message}"),
        TaskError::Syntax { message, .. } => format!("task: {message}"),
        other => other.to_string(),
    }
}

fn failed(n: u64, e: impl std::fmt::Display) -> Value {
    value(&Failure {
        error: format!("line {n}: {e}"),
        line: n,
    })
}

/// The answer to `ping`.
#[derive(Serialize)]
struct Pong {
    /// The model answering, in words.
    model: String,
    ok: bool,
}

/// What the server answers from.
pub(super) struct Server {
    /// The model as read: its peer terms and the `--explain` parts of a prediction.
    model: PlatformModel,
    /// The same compiled once: every query of the model's own policies, and its task terms.
    fast: Predictor,
    /// The tasks compiled so far.
    tasks: Mutex<TaskCache>,
}

/// Compiled tasks: files by path, with the size and modification time they had when read; objects
/// by their JSON text; tasks priced with a probe by the task's key (a file's with its stamp) and
/// the probe's text.
#[derive(Default)]
struct TaskCache {
    files: HashMap<String, (FileStamp, Arc<CompiledTask>)>,
    objects: HashMap<String, Arc<CompiledTask>>,
    probed: HashMap<String, Probed>,
}

/// A task compiled with a probe, and why that probe may price it otherwise than the task pays
/// (`Probe::shape_mismatch`), which each answer carries as `notes`.
type Probed = (Arc<CompiledTask>, Option<Arc<str>>);

/// What says a task file is the one compiled.
type FileStamp = (u64, Option<std::time::SystemTime>);

/// A task file's stamp, where it can be read; otherwise reading it says why not.
fn file_stamp(path: &str) -> Option<FileStamp> {
    std::fs::metadata(path)
        .ok()
        .map(|m| (m.len(), m.modified().ok()))
}

/// The task a request's `task` names: the file read, or the object parsed.
fn read_spec(spec: &Value) -> Result<Task, String> {
    match spec {
        Value::String(path) => Task::read(std::path::Path::new(path)).map_err(|e| e.to_string()),
        Value::Object(_) => Task::parse(std::path::Path::new("task"), spec.to_string().as_bytes())
            .map_err(inline_error),
        other => Err(not_a_task(other)),
    }
}

/// The probe a request's `probe` names: the file read, or the object parsed.
fn read_probe(probe: &Value) -> Result<Probe, String> {
    match probe {
        Value::String(path) => Probe::read(std::path::Path::new(path)).map_err(|e| e.to_string()),
        Value::Object(_) => Probe::parse(std::path::Path::new("probe"), &probe.to_string())
            .map_err(|e| e.to_string()),
        other => Err(format!(
            "`probe` is a probe file's path or a probe object (got {})",
            quoted(other)
        )),
    }
}

fn not_a_task(other: &Value) -> String {
    format!(
        "`task` is a task file's path or a task object (got {})",
        quoted(other)
    )
}

fn policy(name: Option<&str>, what: &str) -> Result<Policy, String> {
    name.ok_or_else(|| format!("`{what}` is needed"))?
        .parse::<Policy>()
        .map_err(|e| e.to_string())
}

fn number(v: Option<f64>, what: &str, min: f64, max: f64) -> Result<Option<f64>, String> {
    match v {
        None => Ok(None),
        Some(x) if x.is_finite() && x >= min && x <= max => Ok(Some(x)),
        Some(x) => Err(format!(
            "`{what}` must be a number from {min} to {max} (got {})",
            shown(x)
        )),
    }
}

/// A JSON value as an error message quotes it: at most 80 characters of it.
fn quoted(v: &Value) -> String {
    let text = v.to_string();
    match text.char_indices().nth(80) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text,
    }
}

impl Server {
    pub(super) fn new(model: PlatformModel) -> Server {
        let fast = Predictor::new(&model);
        Server {
            model,
            fast,
            tasks: Mutex::new(TaskCache::default()),
        }
    }

    fn bytes(&self, s: &Option<Size>) -> Result<u64, String> {
        match s {
            None => Ok(self.model.default_bytes()),
            Some(Size::Bytes(b)) if b.is_finite() && *b >= 1.0 && *b <= u64::MAX as f64 => {
                Ok(*b as u64)
            }
            Some(Size::Bytes(b)) => Err(format!(
                "`bytes` must be a positive size (got {})",
                shown(*b)
            )),
            Some(Size::Text(t)) => crate::units::parse_size(t).map_err(|e| e.to_string()),
        }
    }

    /// The answer to one line (never an error: a bad line gets an error object).
    pub(super) fn answer(&self, line: &str, n: u64) -> Value {
        let req: Request = match serde_json::from_str(line) {
            Ok(r) => r,
            Err(e) => return failed(n, e),
        };
        let id = req.id.clone();
        let mut v = match self.run(&req) {
            Ok(v) => v,
            Err(e) => failed(n, e),
        };
        if let (Some(id), Some(o)) = (id, v.as_object_mut()) {
            o.insert("id".into(), id);
        }
        v
    }

    fn run(&self, r: &Request) -> Result<Value, String> {
        let reuse = number(r.reuse, "reuse", 1.0, crate::units::MAX_REUSE)?;
        let cpu_ms = number(r.cpu_ms, "cpu_ms", 0.0, crate::units::MAX_MS)?;
        let cpu_scale = number(r.cpu_scale, "cpu_scale", 0.0, crate::units::MAX_SCALE)?;
        let cpu = match (cpu_ms, cpu_scale) {
            (Some(_), Some(_)) => return Err("give `cpu_ms` or `cpu_scale`, not both".into()),
            (Some(ms), None) => CpuUpdate::StageMs(ms),
            (None, Some(k)) => CpuUpdate::Scaled(k),
            (None, None) => CpuUpdate::Calibrated,
        };
        let need_reuse = || reuse.ok_or_else(|| "`reuse` is needed".to_string());
        if r.op == "probe" {
            return self.judge_probe(r);
        }
        if let Some(task) = &r.task {
            return self.task(r, task, cpu_ms, reuse);
        }
        for (given, name) in [
            (r.gpu_ms.is_some(), "gpu_ms"),
            (r.cpu_final_ms.is_some(), "cpu_final_ms"),
            (r.rounds.is_some(), "rounds"),
            (r.probe.is_some(), "probe"),
        ] {
            if given {
                return Err(format!("`{name}` is a task's value: give `task` with it"));
            }
        }
        if let Some(from) = r.from_device {
            return self.peer(r, from, reuse);
        }
        match r.op.as_str() {
            "ping" => Ok(value(&Pong {
                model: self.model.describe(),
                ok: true,
            })),
            "predict" => {
                let p = policy(r.policy.as_deref(), "policy")?;
                let b = self.bytes(&r.bytes)?;
                let x = self
                    .fast
                    .predict_with_cpu(p, b, need_reuse()?, cpu)
                    .map_err(|e| e.to_string())?;
                Ok(value(&PredictAnswer::new(&self.model, &x, false)))
            }
            "choose" => {
                let b = self.bytes(&r.bytes)?;
                let c = self
                    .fast
                    .choose_with_cpu(b, need_reuse()?, cpu)
                    .map_err(|e| e.to_string())?;
                Ok(value(&ChooseAnswer::new(&c, cpu_scale)))
            }
            "breakeven" => {
                let (a, b) = (policy(r.a.as_deref(), "a")?, policy(r.b.as_deref(), "b")?);
                let bytes = self.bytes(&r.bytes)?;
                let (x, _) = answer::breakeven(&self.fast, (a, b), bytes, cpu, cpu_scale)
                    .map_err(|e| e.to_string())?;
                Ok(value(&x))
            }
            other => Err(format!(
                "unknown op `{other}` (ops: ping, predict, choose, breakeven, probe)"
            )),
        }
    }

    /// A query about the task `task` (a path or an object): the answer of the one-shot command's
    /// `--task FILE --json` with the same values.
    fn task(
        &self,
        r: &Request,
        task: &Value,
        cpu_ms: Option<f64>,
        reuse: Option<f64>,
    ) -> Result<Value, String> {
        for (given, name) in [
            (r.bytes.is_some(), "bytes"),
            (r.cpu_scale.is_some(), "cpu_scale"),
            (r.from_device.is_some(), "from_device"),
            (r.device.is_some(), "device"),
        ] {
            if given {
                return Err(format!(
                    "`{name}` does not apply to a task (its buffers give the sizes; give `cpu_ms` \
                     and `gpu_ms` as measured)"
                ));
            }
        }
        let rounds = match number(r.rounds, "rounds", 1.0, crate::task::MAX_ROUNDS as f64)? {
            Some(n) if n.fract() != 0.0 => {
                return Err(format!("`rounds` must be a whole number (got {n})"))
            }
            n => n.map(|n| n as u32),
        };
        let o = TaskOverrides {
            cpu_ms,
            gpu_ms: number(r.gpu_ms, "gpu_ms", 0.0, crate::units::MAX_MS)?,
            cpu_final_ms: number(r.cpu_final_ms, "cpu_final_ms", 0.0, crate::units::MAX_MS)?,
            rounds,
            reuse,
        };
        // Check the op before compiling anything.
        if !matches!(r.op.as_str(), "predict" | "choose" | "breakeven") {
            return Err(format!(
                "unknown op `{}` with task (ops: predict, choose, breakeven)",
                r.op
            ));
        }
        let (c, note) = match &r.probe {
            None => (self.compiled(task)?, None),
            Some(p) => self.compiled_with_probe(task, p)?,
        };
        // With a probe, the price from the calibration's terms alone beside, as the command line
        // gives it (a break-even has none).
        let plain = match (&r.probe, r.op.as_str()) {
            (Some(_), "predict" | "choose") => Some(self.compiled(task)?),
            _ => None,
        };
        let alone = |p: Policy| {
            plain
                .as_ref()
                .and_then(|c| c.round_by_round().predict(p, o).ok())
                .map(|x| x.time_ms)
        };
        let q = c.round_by_round();
        let e = |e: crate::model::TaskQueryError| e.to_string();
        let mut answer = match r.op.as_str() {
            "predict" => {
                let p = policy(r.policy.as_deref(), "policy")
                    .map_err(|e| format!("{e} (with a task, `choose` ranks every policy)"))?;
                let x = q.predict(p, o).map_err(e)?;
                value(&PredictionJson::new(c.name(), &x, None).with_terms_alone(alone(p)))
            }
            "choose" => {
                let x = q.choose(o).map_err(e)?;
                let (rounds, reuse) = c.rounds_and_reuse();
                value(
                    &ChoiceJson::new(
                        c.name(),
                        o.rounds.unwrap_or(rounds),
                        o.reuse.unwrap_or(reuse),
                        &x,
                    )
                    .with_terms_alone(alone),
                )
            }
            _ => {
                if o.reuse.is_some() {
                    return Err(
                        "`reuse` is what a task's break-even is over: leave it out".to_string()
                    );
                }
                let (a, b) = (policy(r.a.as_deref(), "a")?, policy(r.b.as_deref(), "b")?);
                let (x, _) = TaskBreakeven::new(q, c.name(), (a, b), o).map_err(e)?;
                value(&x)
            }
        };
        if let (Some(why), Value::Object(fields)) = (note, &mut answer) {
            fields.insert("notes".into(), Value::from(vec![why.as_ref()]));
        }
        Ok(answer)
    }

    /// The task `spec` compiled: from the cache, or read, checked and compiled (and kept).
    fn compiled(&self, spec: &Value) -> Result<Arc<CompiledTask>, String> {
        match spec {
            Value::String(path) => {
                let stamp = file_stamp(path);
                if let Some(stamp) = stamp {
                    if let Some((s, c)) = self.cache().files.get(path.as_str()) {
                        if *s == stamp {
                            return Ok(Arc::clone(c));
                        }
                    }
                }
                let task = read_spec(spec)?;
                let c = Arc::new(self.fast.compile_task(&task).map_err(|e| e.to_string())?);
                if let Some(stamp) = stamp {
                    let mut cache = self.cache();
                    if cache.files.len() >= MAX_TASKS {
                        cache.files.clear();
                    }
                    cache.files.insert(path.clone(), (stamp, Arc::clone(&c)));
                }
                Ok(c)
            }
            Value::Object(_) => {
                let text = spec.to_string();
                if let Some(c) = self.cache().objects.get(&text) {
                    return Ok(Arc::clone(c));
                }
                let task = read_spec(spec)?;
                let c = Arc::new(self.fast.compile_task(&task).map_err(|e| e.to_string())?);
                let mut cache = self.cache();
                if cache.objects.len() >= MAX_TASKS {
                    cache.objects.clear();
                }
                cache.objects.insert(text, Arc::clone(&c));
                Ok(c)
            }
            other => Err(not_a_task(other)),
        }
    }

    /// `{"op": "probe", "probe": ...}`: the probe (a path or an object) judged against the
    /// model, as `umodel probe --from FILE --json` judges it; nothing else of the request applies.
    fn judge_probe(&self, r: &Request) -> Result<Value, String> {
        let given = r.probe.as_ref().ok_or("`probe` is needed")?;
        for (extra, name) in [
            (r.task.is_some(), "task"),
            (r.bytes.is_some(), "bytes"),
            (r.reuse.is_some(), "reuse"),
            (r.cpu_ms.is_some(), "cpu_ms"),
            (r.cpu_scale.is_some(), "cpu_scale"),
            (r.gpu_ms.is_some(), "gpu_ms"),
            (r.cpu_final_ms.is_some(), "cpu_final_ms"),
            (r.rounds.is_some(), "rounds"),
            (r.policy.is_some(), "policy"),
            (r.a.is_some() || r.b.is_some(), "a` or `b"),
            (r.from_device.is_some(), "from_device"),
            (r.device.is_some(), "device"),
        ] {
            if extra {
                return Err(format!("`{name}` does not apply to op `probe`"));
            }
        }
        let p = read_probe(given)?;
        let name = match given {
            Value::String(path) => path.clone(),
            _ => "probe".into(),
        };
        Ok(value(&super::tasks::Judged::new(
            &p,
            name,
            &self.model,
            self.model.describe(),
        )))
    }

    /// The task `spec` priced with the probe `probe` (a path or an object): from the cache, or
    /// read, checked and compiled from the probed terms (and kept).
    fn compiled_with_probe(&self, spec: &Value, probe: &Value) -> Result<Probed, String> {
        let probe = read_probe(probe)?;
        // The task's key (a file's with its stamp; none for a file that cannot be read, which
        // reading then names), and the probe as checked, so that equal probes written
        // differently share an entry.
        let key = match spec {
            Value::String(path) => file_stamp(path).map(|s| format!("{path}\u{0}{s:?}")),
            Value::Object(_) => Some(spec.to_string()),
            other => return Err(not_a_task(other)),
        }
        .map(|k| {
            format!(
                "{k}\u{0}{}",
                serde_json::to_string(&probe).unwrap_or_default()
            )
        });
        if let Some(c) = key
            .as_ref()
            .and_then(|k| self.cache().probed.get(k).cloned())
        {
            return Ok(c);
        }
        let task = read_spec(spec)?;
        let c = Arc::new(
            self.fast
                .compile_task_probed(&task, Some(&probe))
                .map_err(|e| e.to_string())?,
        );
        let compiled = (c, probe.shape_mismatch(&task).map(Arc::from));
        if let Some(k) = key {
            let mut cache = self.cache();
            if cache.probed.len() >= MAX_TASKS {
                cache.probed.clear();
            }
            cache.probed.insert(k, compiled.clone());
        }
        Ok(compiled)
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, TaskCache> {
        // A panic while holding it cannot leave the maps half-written: take them as they are.
        self.tasks.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn peer(&self, r: &Request, from: u32, reuse: Option<f64>) -> Result<Value, String> {
        let p = self
            .model
            .peer
            .as_ref()
            .ok_or_else(|| crate::model::peer::PeerError::NoPeerTerms.to_string())?;
        let to = r.device.unwrap_or(0);
        // Without `bytes`, the one-shot commands' default: the largest size the peer terms know.
        let bytes_u = match r.bytes {
            None => super::peer::default_bytes(p, from, to),
            Some(_) => self.bytes(&r.bytes)?,
        };
        let bytes = bytes_u as f64;
        let need_reuse = || reuse.ok_or_else(|| "`reuse` is needed".to_string());
        // The answers are the one-shot commands' JSON (`predict|choose|breakeven --from-device --json`).
        match r.op.as_str() {
            "predict" => {
                let reuse = need_reuse()?;
                let x = p
                    .predict(
                        from,
                        to,
                        policy(r.policy.as_deref(), "policy")?,
                        bytes,
                        reuse,
                    )
                    .map_err(|e| e.to_string())?;
                Ok(value(&super::peer::PeerAnswer {
                    from_device: from,
                    device: to,
                    bytes: bytes_u,
                    reuse,
                    prediction: &x,
                }))
            }
            "choose" => {
                let reuse = need_reuse()?;
                let (ranking, tie) = p
                    .choose(from, to, bytes, reuse)
                    .map_err(|e| e.to_string())?;
                let best = ranking.first().map(|x| x.policy).ok_or_else(|| {
                    format!("no peer policy is calibrated for data on GPU {from} used on GPU {to}")
                })?;
                Ok(value(&super::peer::PeerChoice {
                    from_device: from,
                    device: to,
                    bytes: bytes_u,
                    reuse,
                    best,
                    tie,
                    ranking: &ranking,
                }))
            }
            "breakeven" => {
                let (a, b) = (policy(r.a.as_deref(), "a")?, policy(r.b.as_deref(), "b")?);
                let (x, _) = super::peer::breakeven_answer(p, (from, to), (a, b), bytes_u)
                    .map_err(|e| e.to_string())?;
                Ok(value(&x))
            }
            other => Err(format!(
                "unknown op `{other}` with from_device (ops: predict, choose, breakeven)"
            )),
        }
    }

    /// Answers every line of `input` on `output` until the input ends.
    pub(super) fn serve(
        &self,
        input: impl std::io::Read,
        output: impl Write,
    ) -> std::io::Result<u64> {
        let mut out = BufWriter::new(output);
        let mut n = 0u64;
        let mut input = std::io::BufReader::with_capacity(MAX_LINE, input);
        let mut buf = Vec::new();
        use std::io::Read as _;
        loop {
            buf.clear();
            // A line longer than the cap is read to its end and answered with an error.
            let got = input
                .by_ref()
                .take(MAX_LINE as u64 + 1)
                .read_until(b'\n', &mut buf)?;
            if got == 0 {
                break;
            }
            n += 1;
            let complete = buf.ends_with(b"\n");
            let answer = if buf.len() > MAX_LINE && !complete {
                let mut rest = Vec::new();
                input.read_until(b'\n', &mut rest)?;
                failed(n, format!("longer than {MAX_LINE} bytes"))
            } else {
                match std::str::from_utf8(&buf) {
                    Ok(s) if s.trim().is_empty() => continue,
                    Ok(s) => self.answer(s.trim(), n),
                    Err(_) => failed(n, "not UTF-8"),
                }
            };
            serde_json::to_writer(&mut out, &answer)?;
            out.write_all(b"\n")?;
            // Answer as soon as the input read has no more lines queued: an interactive client
            // waits for each answer before it writes the next line. (Asking the input for more
            // would wait for that line, and the client for this answer.)
            if input.buffer().is_empty() {
                out.flush()?;
            }
        }
        out.flush()?;
        Ok(n)
    }
}

/// `umodel serve [--socket PATH]`.
pub(super) fn run(model: PlatformModel, socket: Option<&std::path::Path>) -> Result<()> {
    let server = Arc::new(Server::new(model));
    match socket {
        None => {
            let n = server.serve(std::io::stdin().lock(), std::io::stdout())?;
            note!("umodel: served {n} lines");
            Ok(())
        }
        Some(path) => {
            #[cfg(unix)]
            {
                use std::os::unix::net::UnixListener;
                if path.exists() {
                    let meta = std::fs::symlink_metadata(path)?;
                    use std::os::unix::fs::FileTypeExt;
                    if !meta.file_type().is_socket() {
                        anyhow::bail!(
                            "{}: exists and is not a socket; not replacing it",
                            path.display()
                        );
                    }
                    std::fs::remove_file(path)?;
                }
                let listener = UnixListener::bind(path)
                    .map_err(|e| anyhow::anyhow!("{}: cannot listen: {e}", path.display()))?;
                note!("umodel: serving on {}", path.display());
                for conn in listener.incoming() {
                    let conn = conn?;
                    let s = Arc::clone(&server);
                    std::thread::spawn(move || {
                        let _ = s.serve(&conn, &conn);
                    });
                }
                Ok(())
            }
            #[cfg(not(unix))]
            {
                anyhow::bail!("--socket needs a Unix system")
            }
        }
    }
}
