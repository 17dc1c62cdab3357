//! The user's task: buffers, who touches them in each round, and how a round runs — the task-file
//! contract of DESIGN.md §3 — and what each placement policy does with it (which advice it gives a
//! buffer, what it copies or prefetches, and when).
//!
//! The semantics live here, once, for both sides that need them: the model prices each [`Step`]
//! from calibrated platform terms (`model::task`), and the validation workloads of the suite execute
//! the same steps on the GPU (`bench::tasks`). What a step *costs* is never shared: the model has
//! only the terms measured by other benchmarks.
//!
//! A round is a CPU phase and a GPU phase, in the order `first` gives. The CPU phase is the user's
//! host code (`cpu_ms` on ordinary host memory); the GPU phase is `reuse` passes of the user's kernel
//! (`gpu_ms` each on device-resident data). Every buffer starts filled by the host; after the last
//! round the host touches the buffers marked `cpu_final` once. The timed region runs from the first
//! phase of round 1 to the end of that final host access (seed 001's outer event pair).
//!
//! A task file is JSON, or TOML where its name ends in `.toml` (the same fields; TOML allows
//! comments): [`Task::read`].

use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::policy::Policy;

/// What one side does to a buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    /// It does not touch the buffer.
    #[default]
    None,
    /// It reads the buffer only.
    Read,
    /// It overwrites the buffer without reading it.
    Write,
    /// It reads the buffer and changes it (also `read-write`, `read_write`, `rw`).
    ReadWrite,
}

impl<'de> Deserialize<'de> for Access {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        word(
            d,
            "one of `none`, `read`, `write` or `readwrite`",
            &["none", "read", "write", "readwrite"],
            |w| match w {
                "none" => Some(Access::None),
                "read" => Some(Access::Read),
                "write" => Some(Access::Write),
                "readwrite" | "read-write" | "read_write" | "rw" => Some(Access::ReadWrite),
                _ => None,
            },
        )
    }
}

/// One of a few words (an enum's names in a task file), read as a string: a number, list or table
/// in its place is named as the wrong type with the words expected, by the JSON and the TOML
/// reader alike (serde_json reads a derived enum's non-string value as broken JSON, without the
/// field); an unknown word, as serde's unknown variant.
fn word<'de, D: serde::Deserializer<'de>, T>(
    d: D,
    expecting: &'static str,
    words: &'static [&'static str],
    parse: fn(&str) -> Option<T>,
) -> Result<T, D::Error> {
    struct Word<T> {
        expecting: &'static str,
        words: &'static [&'static str],
        parse: fn(&str) -> Option<T>,
    }
    impl<T> serde::de::Visitor<'_> for Word<T> {
        type Value = T;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(self.expecting)
        }
        fn visit_str<E: serde::de::Error>(self, s: &str) -> Result<T, E> {
            (self.parse)(s).ok_or_else(|| E::unknown_variant(s, self.words))
        }
    }
    d.deserialize_str(Word {
        expecting,
        words,
        parse,
    })
}

impl Access {
    /// Whether the side touches the buffer at all.
    pub const fn touches(self) -> bool {
        !matches!(self, Access::None)
    }
    /// Whether the side reads it (so its copy must be current first).
    pub const fn reads(self) -> bool {
        matches!(self, Access::Read | Access::ReadWrite)
    }
    /// Whether the side changes it.
    pub const fn writes(self) -> bool {
        matches!(self, Access::Write | Access::ReadWrite)
    }
    /// The name a task file uses for it (`none`, `read`, `write`, `readwrite`).
    pub const fn name(self) -> &'static str {
        match self {
            Access::None => "none",
            Access::Read => "read",
            Access::Write => "write",
            Access::ReadWrite => "readwrite",
        }
    }
}

/// How a GPU pass walks a buffer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pattern {
    /// In address order (coalesced).
    #[default]
    Sequential,
    /// In an order unrelated to addresses (gathers, hash lookups).
    Random,
    /// Every N-th 4-byte element.
    Stride(u64),
}

impl Pattern {
    /// Whether the pass reaches pages in address order (faults and link reads behave as for a
    /// stream). Strides up to 8 floats still read whole 32-byte sectors in order.
    pub const fn is_sequential(self) -> bool {
        match self {
            Pattern::Sequential => true,
            Pattern::Random => false,
            Pattern::Stride(n) => n <= 8,
        }
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Sequential => f.write_str("sequential"),
            Pattern::Random => f.write_str("random"),
            Pattern::Stride(n) => write!(f, "stride:{n}"),
        }
    }
}

impl std::str::FromStr for Pattern {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "sequential" | "stream" => Ok(Pattern::Sequential),
            "random" => Ok(Pattern::Random),
            t => match t.strip_prefix("stride:").map(|n| n.trim().parse::<u64>()) {
                Some(Ok(n)) if n >= 1 => Ok(Pattern::Stride(n)),
                Some(_) => Err(format!(
                    "`{s}`: a stride is a whole number of 4-byte elements ≥ 1 (stride:16)"
                )),
                None => Err(format!(
                    "unknown pattern `{s}` (known: sequential, random, stride:N)"
                )),
            },
        }
    }
}

impl Serialize for Pattern {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Pattern {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Which side runs first in a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The handoff's order: the host updates, then the GPU passes.
    #[default]
    Cpu,
    /// Seed 001's order: the kernel, then the host reads.
    Gpu,
}

impl<'de> Deserialize<'de> for Side {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        word(d, "`cpu` or `gpu`", &["cpu", "gpu"], |w| match w {
            "cpu" => Some(Side::Cpu),
            "gpu" => Some(Side::Gpu),
            _ => None,
        })
    }
}

/// One buffer of a task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Buffer {
    /// The buffer's name, as messages and breakdowns show it.
    pub name: String,
    /// Size in bytes (a number, or a string such as "64MiB").
    #[serde(deserialize_with = "bytes_field")]
    pub bytes: u64,
    /// What each GPU pass does to it.
    #[serde(default)]
    pub gpu: Access,
    /// What the CPU phase of each round does to it.
    #[serde(default)]
    pub cpu: Access,
    /// Share of its pages the CPU phase touches, spread over the buffer (0 < f ≤ 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub cpu_fraction: f64,
    /// Share of its pages each GPU pass touches, spread over the buffer (0 < f ≤ 1).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub gpu_fraction: f64,
    /// How a GPU pass walks it.
    #[serde(default, skip_serializing_if = "is_sequential")]
    pub gpu_pattern: Pattern,
    /// Whether a GPU pass moves it 16 bytes a thread at a time (`float4`/`int4` loads, as STREAM
    /// and vectorised library kernels do) rather than one 4-byte element a thread (the default, as
    /// seed 001's kernel): faulting host-resident pages in, a pass of one element a thread runs
    /// about 2.5 ms per 64 MiB longer on the H200 (`calibration/h200/run69/pairs.txt`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub gpu_vector: bool,
    /// What the host does with it once, after the last round.
    #[serde(default, skip_serializing_if = "is_none")]
    pub cpu_final: Access,
}

fn one() -> f64 {
    1.0
}
fn is_one(x: &f64) -> bool {
    *x == 1.0
}
fn is_sequential(p: &Pattern) -> bool {
    *p == Pattern::Sequential
}
fn is_none(a: &Access) -> bool {
    *a == Access::None
}
fn is_false(b: &bool) -> bool {
    !*b
}

fn bytes_field<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum B {
        N(u64),
        S(String),
    }
    match B::deserialize(d).map_err(|_| {
        serde::de::Error::custom(
            "expected a byte count ≥ 1 (a whole number, or a string such as \"64MiB\")",
        )
    })? {
        B::N(n) => Ok(n),
        B::S(s) => crate::units::parse_size(&s).map_err(serde::de::Error::custom),
    }
}

impl Buffer {
    /// A buffer of `bytes` that neither side touches yet.
    pub fn new(name: &str, bytes: u64) -> Buffer {
        Buffer {
            name: name.to_string(),
            bytes,
            gpu: Access::None,
            cpu: Access::None,
            cpu_fraction: 1.0,
            gpu_fraction: 1.0,
            gpu_pattern: Pattern::Sequential,
            gpu_vector: false,
            cpu_final: Access::None,
        }
    }
    /// Sets what each GPU pass does to it.
    pub fn gpu(mut self, a: Access) -> Buffer {
        self.gpu = a;
        self
    }
    /// Sets what the CPU phase of each round does to it.
    pub fn cpu(mut self, a: Access) -> Buffer {
        self.cpu = a;
        self
    }
    /// Sets the share of its pages the CPU phase touches (0 < f ≤ 1).
    pub fn cpu_fraction(mut self, f: f64) -> Buffer {
        self.cpu_fraction = f;
        self
    }
    /// Sets how a GPU pass walks it.
    pub fn gpu_pattern(mut self, p: Pattern) -> Buffer {
        self.gpu_pattern = p;
        self
    }
    /// Sets whether a GPU pass moves it 16 bytes a thread at a time ([`Buffer::gpu_vector`]).
    pub fn gpu_vector(mut self, v: bool) -> Buffer {
        self.gpu_vector = v;
        self
    }
    /// Sets what the host does with it once, after the last round.
    pub fn cpu_final(mut self, a: Access) -> Buffer {
        self.cpu_final = a;
        self
    }

    /// Bytes the GPU touches per pass.
    pub fn gpu_bytes(&self) -> f64 {
        if self.gpu.touches() {
            self.bytes as f64 * self.gpu_fraction
        } else {
            0.0
        }
    }

    /// Bytes the CPU touches per round.
    pub fn cpu_bytes(&self) -> f64 {
        if self.cpu.touches() {
            self.bytes as f64 * self.cpu_fraction
        } else {
            0.0
        }
    }

    /// The managed-memory advice the advising policies give this buffer (seed 001's reasoning,
    /// extended to buffers both sides change every round).
    pub fn advice(&self) -> AdviceKind {
        let writes = self.gpu.writes() || self.cpu.writes() || self.cpu_final.writes();
        if !self.gpu.touches() {
            AdviceKind::None
        } else if !writes && (self.cpu.touches() || self.cpu_final.touches()) {
            // Read by both sides, written by neither: each keeps a read-only copy.
            AdviceKind::ReadMostly
        } else if !self.cpu.touches() {
            // The GPU's every round, the host's at most once at the end: settle on the card; map it
            // for the host where the host reads it at the end (seed 001's `out`).
            AdviceKind::PreferDevice {
                host_reads_at_end: self.cpu_final.touches(),
            }
        } else {
            // Changed by a side and touched by the host every round: keep it on the host and map it
            // for the GPU, which then reads it over the link (the handoff's advice).
            AdviceKind::PreferHostMapped
        }
    }

    /// Whether a GPU pass overwrites all of it without reading it (no copy needed before).
    pub fn gpu_overwrites(&self) -> bool {
        self.gpu == Access::Write && self.gpu_fraction >= 1.0
    }

    /// Whether the CPU phase overwrites all of it without reading it.
    pub fn cpu_overwrites(&self) -> bool {
        self.cpu == Access::Write && self.cpu_fraction >= 1.0
    }
}

/// The advice a managed-advise policy gives one buffer (`cudaMemAdvise`; moves nothing itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AdviceKind {
    /// Not touched by the GPU: no advice.
    None,
    /// `SetReadMostly`: a GPU read duplicates the pages; host reads keep working on the original.
    ReadMostly,
    /// `SetPreferredLocation(device)` (+ `SetAccessedBy(host)` when the host reads it at the end):
    /// pages migrate to the card on first touch and stay until the host touches them.
    PreferDevice {
        /// Whether the host reads the buffer after the last round (adds `SetAccessedBy(host)`).
        host_reads_at_end: bool,
    },
    /// `SetPreferredLocation(host)` + `SetAccessedBy(device)`: pages stay in host memory and the GPU
    /// reads and writes them over the link.
    PreferHostMapped,
}

impl AdviceKind {
    /// The advice in words, for breakdowns.
    pub fn describe(self) -> &'static str {
        match self {
            AdviceKind::None => "no advice",
            AdviceKind::ReadMostly => "read-mostly",
            AdviceKind::PreferDevice {
                host_reads_at_end: true,
            } => "preferred location device + accessed-by host",
            AdviceKind::PreferDevice { .. } => "preferred location device",
            AdviceKind::PreferHostMapped => "preferred location host + accessed-by device",
        }
    }
}

/// What a migration probe moves ([`Task::probe_shape`]): a managed buffer of `bytes`, of whose
/// pages the CPU touches `cpu_fraction` between a prefetch back to the host and the next
/// prefetch to the device. On the H200 test VM a prefetch back of 256 MiB took 1.06–1.31× as long
/// when the CPU had touched one page in ten as when it had touched every page (and the untouched
/// buffer came back fastest), while at 64 MiB no such order held (calibration/h200/run50, run51,
/// `examples/sparse_prefetch.rs`): the step depends on the buffer's size and on the touch, so a
/// probe for a task measures it in the task's shape.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProbeShape {
    /// The probe buffer's size, bytes.
    pub bytes: u64,
    /// Share of its pages the CPU touches between the prefetches (0 < f ≤ 1).
    pub cpu_fraction: f64,
}

impl ProbeShape {
    /// The probe without a task: 64 MiB, every page touched (the size the task terms are compared
    /// at, NOTES.md, "Intervals").
    pub const DEFAULT: ProbeShape = ProbeShape {
        bytes: 64 << 20,
        cpu_fraction: 1.0,
    };

    /// The CPU touches one 4 KiB page in this many before the timed prefetch back (pages 0,
    /// every, 2·every, …, as the partial-update workload does); `None` for every page (a
    /// fraction above 2/3 rounds to every page).
    pub fn every(&self) -> Option<usize> {
        let every = (1.0 / self.cpu_fraction).round();
        (every.is_finite() && every >= 2.0).then(|| every.min(1e9) as usize)
    }
}

/// A task: the shape of the user's workload (DESIGN.md §3, task file). Read one from a file
/// ([`Task::read`], [`Task::parse`]) or start from [`Task::new`] and set the fields wanted:
/// `#[non_exhaustive]` because the fields grow with the model (`cpu_threads` came late), and a
/// struct literal outside this crate would break with each one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct Task {
    /// The task's name, for messages and reports (`task` when the file gives none).
    #[serde(default = "default_name")]
    pub name: String,
    /// CPU↔GPU alternations.
    #[serde(default = "one_u32")]
    pub rounds: u32,
    /// Which side runs first in a round.
    #[serde(default)]
    pub first: Side,
    /// GPU passes per round (the handoff's R).
    #[serde(default = "one")]
    pub reuse: f64,
    /// One round's CPU phase with its data in ordinary host memory, ms (measured by the user).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<f64>,
    /// One GPU pass with its data resident in device memory, ms (measured by the user).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gpu_ms: Option<f64>,
    /// The final host access (`cpu_final`) on ordinary host memory, ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_final_ms: Option<f64>,
    /// What the CPU phase pays to fault back pages that come back from the device, in units of
    /// what the calibration's read pays (a sum over the pages); 1 when not given. A property of
    /// the host code, measured once: the code on pages a GPU pass migrated less the same code on
    /// plain memory, over `umodel probe`'s `cpu_fault_back` at that size; the GPU layer's
    /// `bench::probe::fault_scale` times a closure so ([`crate::model::FaultScale`]). On the H200
    /// seed 001's final check, which streams a double reference beside the output, paid
    /// 1.27–1.77 times the probe's sum in the same process, the compute-bound task's 0.28–0.70,
    /// the rounds' reads and writes 0.76–1.43, while the level moved by 1.7×
    /// (calibration/h200/run77/final_ratio.txt); the library call measured 1.27–1.38, 0.45–0.69
    /// and 0.89–1.43 on the same code (calibration/h200/run84/scales.txt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_fault_scale: Option<f64>,
    /// The same for the final host access.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_final_fault_scale: Option<f64>,
    /// Host threads of one round's CPU phase (1 when not given). Many threads fault pages back
    /// for less than one: where the model has the terms of the host's reads on 4, 8 and 16 threads
    /// (`cpu_fault_back_4t` …, calibrations since `run161`) the faults back are priced from them,
    /// linear in log2(threads) between the counts, 16's beyond. A measured `cpu_fault_scale`,
    /// which already holds the code's threads, is given instead (not both).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_threads: Option<u32>,
    /// The same for the final host access.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_final_threads: Option<u32>,
    /// The prefetching policies issue the next GPU phase's prefetches on a second stream while the
    /// current GPU phase runs (seed 001's exercise), for buffers the CPU does not touch in between.
    #[serde(default, skip_serializing_if = "is_false")]
    pub overlap_prefetch: bool,
    /// The host thread that issues the task's CUDA calls is pinned to one core (`taskset`,
    /// OpenMP's `OMP_PROC_BIND`, an MPI launcher's binding; umodel's own harness pins its thread).
    /// About one move in four issued from a pinned thread leaves a cost of a few milliseconds that
    /// the next call pays once, and none from a free thread (calibration/h200/run183): a second
    /// move of a sequence (`prefetch_next`) and a no-op right after a move
    /// (`prefetch_noop_after_move`) are priced as the calibration measured them only for such a
    /// task; an unpinned one pays neither (run185; NOTES.md, "A move's deferred cost, and whose it
    /// is").
    #[serde(default, skip_serializing_if = "is_false")]
    pub thread_pinned: bool,
    /// The buffers the task touches (1 to [`MAX_BUFFERS`]).
    pub buffers: Vec<Buffer>,
}

fn default_name() -> String {
    "task".into()
}
fn one_u32() -> u32 {
    1
}

/// The most buffers a task may have (a model query walks them per round and policy).
pub const MAX_BUFFERS: usize = 64;
/// The most host threads a task's CPU phase may say it runs on.
pub const MAX_THREADS: u32 = 4096;
/// The most rounds a task may have.
pub const MAX_ROUNDS: u32 = 1_000_000;
/// The largest task file read (a task is a few hundred bytes; this stops `/dev/zero`).
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// A task file or value that cannot be used.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TaskError {
    /// The file cannot be opened or read.
    #[error("{path}: cannot read: {reason}")]
    Read {
        /// The file.
        path: PathBuf,
        /// The I/O error, in words.
        reason: String,
    },
    /// The file is larger than [`MAX_FILE_BYTES`]; it is not parsed.
    #[error("{path}: larger than {max} bytes: not a task file")]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The largest size taken, bytes.
        max: u64,
    },
    /// The file is not valid JSON (or not a JSON object), or has trailing text; or, for a `.toml`
    /// file, not valid TOML.
    #[error("{path}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// Line of the error, from 1.
        line: usize,
        /// Column of the error, from 1.
        column: usize,
        /// The parser's message, without its position.
        message: String,
    },
    /// A field is unknown, missing or of the wrong type.
    #[error("{path}:{line}:{column}: `{field}`: {message}")]
    Field {
        /// The file.
        path: PathBuf,
        /// Line of the error, from 1.
        line: usize,
        /// Column of the error, from 1.
        column: usize,
        /// The field's path in the task (e.g. `buffers[0].bytes`).
        field: String,
        /// The parser's message, without its position.
        message: String,
    },
    /// A field parses but its value is out of range or inconsistent ([`Task::check`]).
    #[error("{path}: `{field}`: {message} (got {value})")]
    Value {
        /// The file.
        path: PathBuf,
        /// The field's path in the task.
        field: String,
        /// The value given, in words.
        value: String,
        /// What the value must be.
        message: String,
    },
}

impl Task {
    /// A task of `rounds` rounds over `buffers`, with the file's defaults for the rest: the CPU
    /// first, one GPU pass a round, no phase times given (estimated), one host thread. Not
    /// checked: [`Task::check`] says what a file with these fields would be refused for.
    pub fn new(name: &str, rounds: u32, buffers: Vec<Buffer>) -> Task {
        Task {
            name: name.into(),
            rounds,
            first: Side::Cpu,
            reuse: 1.0,
            cpu_ms: None,
            gpu_ms: None,
            cpu_final_ms: None,
            cpu_fault_scale: None,
            cpu_final_fault_scale: None,
            cpu_threads: None,
            cpu_final_threads: None,
            overlap_prefetch: false,
            thread_pinned: false,
            buffers,
        }
    }

    /// Reads and checks a task file: TOML where its name ends in `.toml`, else JSON.
    pub fn read(path: &Path) -> Result<Task, TaskError> {
        use std::io::Read;
        let read_err = |e: std::io::Error| TaskError::Read {
            path: path.to_path_buf(),
            reason: e.to_string(),
        };
        let f = std::fs::File::open(path).map_err(read_err)?;
        let mut text = Vec::new();
        f.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut text)
            .map_err(read_err)?;
        if text.len() as u64 > MAX_FILE_BYTES {
            return Err(TaskError::TooLarge {
                path: path.to_path_buf(),
                max: MAX_FILE_BYTES,
            });
        }
        if is_toml(path) {
            Task::parse_toml(path, &text)
        } else {
            Task::parse(path, &text)
        }
    }

    /// Parses task JSON; `path` names it in messages.
    pub fn parse(path: &Path, text: &[u8]) -> Result<Task, TaskError> {
        let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        let mut de = serde_json::Deserializer::from_slice(text);
        let task: Task = serde_path_to_error::deserialize(&mut de).map_err(|e| {
            let field = e.path().to_string();
            let inner = e.into_inner();
            let message = strip_position(&inner.to_string());
            let syntax = inner.is_syntax() || inner.is_eof();
            parse_error(path, field, (inner.line(), inner.column()), message, syntax)
        })?;
        de.end().map_err(|e| TaskError::Syntax {
            path: path.to_path_buf(),
            line: e.line(),
            column: e.column(),
            message: strip_position(&e.to_string()),
        })?;
        task.check().map_err(|e| e.at(path))?;
        Ok(task)
    }

    /// Parses a task in TOML (the same fields as the JSON, and comments: `Task::read` takes a file
    /// ending in `.toml` this way); `path` names it in messages, with the line and column.
    pub fn parse_toml(path: &Path, text: &[u8]) -> Result<Task, TaskError> {
        let text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        let syntax = |offset: usize, message: String| {
            let (line, column) = line_column(text, offset);
            TaskError::Syntax {
                path: path.to_path_buf(),
                line,
                column,
                message,
            }
        };
        let s = std::str::from_utf8(text).map_err(|e| {
            syntax(
                e.valid_up_to(),
                "not UTF-8 text (TOML is UTF-8)".to_string(),
            )
        })?;
        let offset = |e: &toml::de::Error| e.span().map_or(0, |r| r.start);
        let de = toml::Deserializer::parse(s).map_err(|e| {
            let mut message = toml_message(&e);
            // The parser says which rule, not which key: name it.
            if let Some(key) = e.span().and_then(|r| s.get(r)).filter(|k| {
                message == "duplicate key" && !k.is_empty() && k.len() <= 64 && !k.contains('\n')
            }) {
                message = format!("duplicate key `{key}`");
            }
            syntax(offset(&e), message)
        })?;
        let task: Task = serde_path_to_error::deserialize(de).map_err(|e| {
            let field = e.path().to_string();
            let inner = e.into_inner();
            let mut message = toml_message(&inner);
            if field == "buffers" && message.contains("expected a sequence") {
                message.push_str(" (each buffer is a `[[buffers]]` table, with two brackets)");
            }
            let at = line_column(text, offset(&inner));
            parse_error(path, field, at, message, false)
        })?;
        task.check().map_err(|e| e.at(path))?;
        Ok(task)
    }

    /// Checks the values a task's queries rely on.
    pub fn check(&self) -> Result<(), BadValue> {
        let bad = |field: String, value: String, message: &str| BadValue {
            field,
            value,
            message: message.to_string(),
        };
        check_scalars(
            self.rounds,
            self.reuse,
            [self.cpu_ms, self.gpu_ms, self.cpu_final_ms],
        )?;
        for (field, v) in [
            ("cpu_fault_scale", self.cpu_fault_scale),
            ("cpu_final_fault_scale", self.cpu_final_fault_scale),
        ] {
            if let Some(v) = v {
                if !(v.is_finite() && (0.1..=100.0).contains(&v)) {
                    return Err(bad(
                        field.into(),
                        v.to_string(),
                        "must be a number from 0.1 to 100 (times the calibrated fault-back)",
                    ));
                }
            }
        }
        if self.buffers.is_empty() {
            return Err(bad(
                "buffers".into(),
                "[]".into(),
                "a task needs at least one buffer",
            ));
        }
        if self.buffers.len() > MAX_BUFFERS {
            return Err(bad(
                "buffers".into(),
                format!("{} buffers", self.buffers.len()),
                &format!("at most {MAX_BUFFERS} buffers"),
            ));
        }
        let mut total: u64 = 0;
        for (i, b) in self.buffers.iter().enumerate() {
            let f = |name: &str| format!("buffers[{i}].{name}");
            if b.name.trim().is_empty() {
                return Err(bad(f("name"), "\"\"".into(), "a buffer needs a name"));
            }
            if let Some(j) = self.buffers[..i].iter().position(|o| o.name == b.name) {
                return Err(bad(
                    f("name"),
                    format!("\"{}\"", b.name),
                    &format!("the same name as buffers[{j}]"),
                ));
            }
            if b.bytes == 0 {
                return Err(bad(
                    f("bytes"),
                    "0".into(),
                    "a buffer has at least one byte",
                ));
            }
            total = total.checked_add(b.bytes).ok_or_else(|| {
                bad(
                    f("bytes"),
                    b.bytes.to_string(),
                    "the buffers together exceed 2^64 bytes",
                )
            })?;
            if total > 1 << 60 {
                return Err(bad(
                    f("bytes"),
                    b.bytes.to_string(),
                    "the buffers together exceed 1 EiB",
                ));
            }
            for (name, frac, access) in [
                ("cpu_fraction", b.cpu_fraction, b.cpu),
                ("gpu_fraction", b.gpu_fraction, b.gpu),
            ] {
                if !(frac.is_finite() && frac > 0.0 && frac <= 1.0) {
                    return Err(bad(
                        f(name),
                        frac.to_string(),
                        "a share of the buffer's pages: more than 0, at most 1 (use `none` access for a buffer a side does not touch)",
                    ));
                }
                if frac < 1.0 && !access.touches() {
                    return Err(bad(
                        f(name),
                        frac.to_string(),
                        "given for a side whose access is `none`",
                    ));
                }
            }
            if b.gpu_pattern != Pattern::Sequential && !b.gpu.touches() {
                return Err(bad(
                    f("gpu_pattern"),
                    format!("\"{}\"", b.gpu_pattern),
                    "given for a buffer the GPU does not touch",
                ));
            }
            if b.gpu_vector && !b.gpu.touches() {
                return Err(bad(
                    f("gpu_vector"),
                    "true".into(),
                    "given for a buffer the GPU does not touch",
                ));
            }
        }
        // A scale or thread count for a host access the task never makes would be silently
        // unused.
        let rounds_touch = self.buffers.iter().any(|b| b.cpu.touches());
        let final_touch = self.buffers.iter().any(|b| b.cpu_final.touches());
        for (field, v, touches) in [
            (
                "cpu_fault_scale",
                self.cpu_fault_scale.map(|v| v.to_string()),
                rounds_touch,
            ),
            (
                "cpu_final_fault_scale",
                self.cpu_final_fault_scale.map(|v| v.to_string()),
                final_touch,
            ),
            (
                "cpu_threads",
                self.cpu_threads.map(|v| v.to_string()),
                rounds_touch,
            ),
            (
                "cpu_final_threads",
                self.cpu_final_threads.map(|v| v.to_string()),
                final_touch,
            ),
        ] {
            if let (Some(v), false) = (v, touches) {
                return Err(bad(
                    field.into(),
                    v,
                    "given for a task whose host never makes that access",
                ));
            }
        }
        for (field, threads, scale, scale_field) in [
            (
                "cpu_threads",
                self.cpu_threads,
                self.cpu_fault_scale,
                "cpu_fault_scale",
            ),
            (
                "cpu_final_threads",
                self.cpu_final_threads,
                self.cpu_final_fault_scale,
                "cpu_final_fault_scale",
            ),
        ] {
            let Some(t) = threads else { continue };
            if !(1..=MAX_THREADS).contains(&t) {
                return Err(bad(
                    field.into(),
                    t.to_string(),
                    &format!("host threads: from 1 to {MAX_THREADS}"),
                ));
            }
            if scale.is_some() {
                return Err(bad(
                    field.into(),
                    t.to_string(),
                    &format!("give one of `{field}` and `{scale_field}`: a measured scale already holds the code's threads"),
                ));
            }
        }
        if !self.buffers.iter().any(|b| b.gpu.touches()) {
            return Err(bad(
                "buffers".into(),
                format!("{} buffers", self.buffers.len()),
                "no buffer is touched by the GPU: there is no placement to choose",
            ));
        }
        Ok(())
    }

    /// The handoff of the calibration (seed 000 §VII-B) as a task: one buffer of `bytes` that the
    /// CPU updates and the GPU updates in place `reuse` times per round. One steady-state round of
    /// it is one alternation (`PlatformModel::predict`).
    pub fn handoff(bytes: u64, reuse: f64, rounds: u32) -> Task {
        // The suite's handoff kernels move four floats a thread.
        let x = Buffer::new("x", bytes)
            .gpu(Access::ReadWrite)
            .gpu_vector(true)
            .cpu(Access::ReadWrite);
        Task {
            reuse,
            ..Task::new("handoff", rounds, vec![x])
        }
    }

    /// The buffer a migration probe for this task takes its shape from: the largest both sides
    /// touch in every round (the first of equal ones); `None` when no buffer is touched by both.
    pub fn probe_buffer(&self) -> Option<&Buffer> {
        self.buffers
            .iter()
            .filter(|b| b.gpu.touches() && b.cpu.touches())
            .fold(None::<&Buffer>, |best, b| match best {
                Some(x) if x.bytes >= b.bytes => Some(x),
                _ => Some(b),
            })
    }

    /// The shape a migration probe takes to time what this task's migrating buffer does
    /// ([`ProbeShape`]): [`Task::probe_buffer`] at its size and with the CPU's share of its
    /// pages; the default probe when there is none.
    pub fn probe_shape(&self) -> ProbeShape {
        self.probe_buffer()
            .map_or(ProbeShape::DEFAULT, |b| ProbeShape {
                bytes: b.bytes,
                cpu_fraction: b.cpu_fraction,
            })
    }

    /// [`Task::cpu_fault_scale`] (`last`: [`Task::cpu_final_fault_scale`]), 1 when not given.
    pub fn fault_scale(&self, last: bool) -> f64 {
        self.given_fault_scale(last).unwrap_or(1.0)
    }

    /// [`Task::cpu_fault_scale`] (`last`: [`Task::cpu_final_fault_scale`]) as given.
    pub fn given_fault_scale(&self, last: bool) -> Option<f64> {
        if last {
            self.cpu_final_fault_scale
        } else {
            self.cpu_fault_scale
        }
    }

    /// [`Task::cpu_threads`] (`last`: [`Task::cpu_final_threads`]), 1 when not given.
    pub fn threads(&self, last: bool) -> u32 {
        if last {
            self.cpu_final_threads
        } else {
            self.cpu_threads
        }
        .unwrap_or(1)
    }

    /// Total bytes of all buffers.
    pub fn footprint(&self) -> u64 {
        self.buffers.iter().map(|b| b.bytes).sum()
    }

    /// The phases in the order a round runs them.
    pub fn order(&self) -> [Side; 2] {
        match self.first {
            Side::Cpu => [Side::Cpu, Side::Gpu],
            Side::Gpu => [Side::Gpu, Side::Cpu],
        }
    }

    /// Calls `f` with every step `policy` takes, in order, without allocating (the model walks it
    /// per query; the bench executes it).
    pub fn for_each_step(&self, policy: Policy, mut f: impl FnMut(Step)) {
        let mut walk = Walk::new(self);
        for round in 0..self.rounds {
            walk.round(self, policy, round, round + 1 == self.rounds, &mut f);
        }
        walk.finish(self, policy, &mut f);
    }

    /// The steps as a list (for the bench and for people reading `--explain`).
    pub fn steps(&self, policy: Policy) -> Vec<Step> {
        let mut v = Vec::new();
        self.for_each_step(policy, |s| v.push(s));
        v
    }
}

/// The step walk of one policy between rounds: which copies are stale and which buffers a side
/// stream has already prefetched. A round depends only on this, the task and whether it is the last
/// round (the overlap prefetches nothing for a round that does not come), so a compiled task
/// (`model::CompiledTask`) walks each distinct state once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Walk {
    /// Explicit copies: whether each side's copy of a buffer is stale (as bit sets).
    dev_stale: u64,
    host_stale: u64,
    /// Buffers side-prefetched during the previous GPU phase (overlap), which need no prefetch on
    /// the main stream before the next one.
    side_done: u64,
}

impl Walk {
    /// Before round 1: every buffer filled by the host.
    pub(crate) fn new(task: &Task) -> Walk {
        let n = task.buffers.len();
        debug_assert!(n <= MAX_BUFFERS);
        Walk {
            dev_stale: if n == 64 { u64::MAX } else { (1u64 << n) - 1 },
            host_stale: 0,
            side_done: 0,
        }
    }

    /// The steps of one round (`round` from 0; `last`: no GPU phase follows it).
    pub(crate) fn round(
        &mut self,
        task: &Task,
        policy: Policy,
        round: u32,
        last: bool,
        f: &mut impl FnMut(Step),
    ) {
        let prefetching = matches!(
            policy,
            Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch
        );
        for side in task.order() {
            match side {
                Side::Cpu => {
                    for (i, buf) in task.buffers.iter().enumerate() {
                        // Buffers the GPU never touches never leave the host.
                        if !buf.cpu.touches() || !buf.gpu.touches() {
                            continue;
                        }
                        match policy {
                            Policy::ExplicitCopy => {
                                if self.host_stale & (1u64 << i) != 0 && !buf.cpu_overwrites() {
                                    f(Step::CopyToHost { buf: i });
                                }
                                self.host_stale &= !(1u64 << i);
                            }
                            _ if prefetching => f(Step::Prefetch {
                                buf: i,
                                to: Place::Host,
                                side: false,
                            }),
                            _ => {}
                        }
                    }
                    f(Step::CpuPhase { round });
                    if policy == Policy::ExplicitCopy {
                        for (i, buf) in task.buffers.iter().enumerate() {
                            if buf.cpu.writes() {
                                self.dev_stale |= 1u64 << i;
                            }
                        }
                    }
                }
                Side::Gpu => {
                    for (i, buf) in task.buffers.iter().enumerate() {
                        if !buf.gpu.touches() {
                            continue;
                        }
                        match policy {
                            Policy::ExplicitCopy => {
                                if self.dev_stale & (1u64 << i) != 0 && !buf.gpu_overwrites() {
                                    f(Step::CopyToDevice { buf: i });
                                }
                                self.dev_stale &= !(1u64 << i);
                            }
                            _ if prefetching && self.side_done & (1u64 << i) == 0 => {
                                f(Step::Prefetch {
                                    buf: i,
                                    to: Place::Device,
                                    side: false,
                                })
                            }
                            _ => {}
                        }
                    }
                    self.side_done = 0;
                    // Overlap: the next GPU phase's prefetches of buffers the CPU will not touch
                    // before it, issued on a second stream as this phase starts.
                    if prefetching && task.overlap_prefetch && !last {
                        for (i, buf) in task.buffers.iter().enumerate() {
                            if buf.gpu.touches() && !buf.cpu.touches() {
                                f(Step::Prefetch {
                                    buf: i,
                                    to: Place::Device,
                                    side: true,
                                });
                                self.side_done |= 1u64 << i;
                            }
                        }
                    }
                    f(Step::GpuPhase { round });
                    if policy == Policy::ExplicitCopy {
                        for (i, buf) in task.buffers.iter().enumerate() {
                            if buf.gpu.writes() {
                                self.host_stale |= 1u64 << i;
                            }
                        }
                    }
                }
            }
        }
    }

    /// The steps after the last round: the final host access.
    pub(crate) fn finish(&self, task: &Task, policy: Policy, f: &mut impl FnMut(Step)) {
        let prefetching = matches!(
            policy,
            Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch
        );
        for (i, buf) in task.buffers.iter().enumerate() {
            if !buf.cpu_final.touches() || !buf.gpu.touches() {
                continue;
            }
            match policy {
                Policy::ExplicitCopy if self.host_stale & (1u64 << i) != 0 => {
                    f(Step::CopyToHost { buf: i });
                }
                _ if prefetching => f(Step::Prefetch {
                    buf: i,
                    to: Place::Host,
                    side: false,
                }),
                _ => {}
            }
        }
        if task.buffers.iter().any(|b| b.cpu_final.touches()) {
            f(Step::CpuFinal);
        }
    }
}

/// Where managed pages are asked to go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Place {
    /// Host memory.
    Host,
    /// The GPU's memory.
    Device,
}

/// One thing a policy does while a task runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    /// `cudaMemcpy` of the whole buffer from its pinned host copy to its device copy.
    CopyToDevice {
        /// Index of the buffer in [`Task::buffers`].
        buf: usize,
    },
    /// `cudaMemcpy` of the whole buffer back to its pinned host copy.
    CopyToHost {
        /// Index of the buffer in [`Task::buffers`].
        buf: usize,
    },
    /// `cudaMemPrefetchAsync` of the whole buffer; `side`: on a second stream, running while the
    /// GPU phase that follows runs.
    Prefetch {
        /// Index of the buffer in [`Task::buffers`].
        buf: usize,
        /// Where its pages go.
        to: Place,
        /// Whether it runs on the second stream, beside the GPU phase that follows.
        side: bool,
    },
    /// The user's host code of one round.
    CpuPhase {
        /// The round, from 0.
        round: u32,
    },
    /// `reuse` passes of the user's kernel, then a synchronisation.
    GpuPhase {
        /// The round, from 0.
        round: u32,
    },
    /// The final host access to the `cpu_final` buffers.
    CpuFinal,
}

/// A value a task cannot have, before it is placed in a file.
#[derive(Debug, Clone, PartialEq)]
pub struct BadValue {
    /// The field's path in the task (e.g. `buffers[0].bytes`).
    pub field: String,
    /// The value given, in words.
    pub value: String,
    /// What the value must be.
    pub message: String,
}

/// Checks the values a query may replace (a task's own, or a compiled task's overrides): rounds,
/// reuse, and the phase times `[cpu_ms, gpu_ms, cpu_final_ms]`.
pub(crate) fn check_scalars(
    rounds: u32,
    reuse: f64,
    phases: [Option<f64>; 3],
) -> Result<(), BadValue> {
    let bad = |field: &str, value: String, message: &str| BadValue {
        field: field.to_string(),
        value,
        message: message.to_string(),
    };
    if rounds == 0 || rounds > MAX_ROUNDS {
        return Err(bad(
            "rounds",
            rounds.to_string(),
            &format!("must be a whole number from 1 to {MAX_ROUNDS}"),
        ));
    }
    if !(reuse.is_finite() && (1.0..=1e9).contains(&reuse)) {
        return Err(bad(
            "reuse",
            reuse.to_string(),
            "GPU passes per round must be a finite number from 1 to 1e9",
        ));
    }
    for (field, v) in ["cpu_ms", "gpu_ms", "cpu_final_ms"].into_iter().zip(phases) {
        if let Some(v) = v {
            if !(v.is_finite() && (0.0..=1e12).contains(&v)) {
                return Err(bad(
                    field,
                    v.to_string(),
                    "must be a finite number of ms ≥ 0",
                ));
            }
        }
    }
    Ok(())
}

impl BadValue {
    /// The error of this value in the task file at `path`.
    pub fn at(self, path: &Path) -> TaskError {
        TaskError::Value {
            path: path.to_path_buf(),
            field: self.field,
            value: self.value,
            message: self.message,
        }
    }
}

impl fmt::Display for BadValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}`: {} (got {})", self.field, self.message, self.value)
    }
}

/// A parser's error at (line, column): about the field whose path in the task is `field`, or about
/// the text itself (`syntax`, or no field named).
fn parse_error(
    path: &Path,
    field: String,
    (line, column): (usize, usize),
    message: String,
    syntax: bool,
) -> TaskError {
    let path = path.to_path_buf();
    if syntax || field == "." || field.is_empty() {
        TaskError::Syntax {
            path,
            line,
            column,
            message,
        }
    } else {
        TaskError::Field {
            path,
            line,
            column,
            field,
            message,
        }
    }
}

/// Whether `path` names a TOML task file (by its extension, in any case).
fn is_toml(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("toml"))
}

/// Line and column (from 1; the column in characters) of byte `offset` of `text`.
fn line_column(text: &[u8], offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let column = String::from_utf8_lossy(&before[start..]).chars().count() + 1;
    (line, column)
}

/// A TOML error's message on one line (the parser's own rendering quotes the source over
/// several; the position is given apart).
fn toml_message(e: &toml::de::Error) -> String {
    e.message().trim().replace('\n', " ")
}

/// serde_json appends " at line L column C" to its messages; the error names the position itself.
fn strip_position(s: &str) -> String {
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s.to_string(),
    }
}

/// The validation workloads of the suite, as the task files under `tasks/` describe them (a test
/// checks that the files and these agree).
pub mod workloads {
    use super::*;

    const MIB: u64 = 1 << 20;

    /// Seed 001: four rounds of `out[i] += scale · table[keys[i]]`, the host reading the whole table
    /// (its checksum) after each kernel and the output once at the end; 64 MiB each.
    pub fn seed_001() -> Task {
        let buffers = vec![
            Buffer::new("table", 64 * MIB)
                .gpu(Access::Read)
                .cpu(Access::Read)
                .gpu_pattern(Pattern::Random),
            Buffer::new("keys", 64 * MIB).gpu(Access::Read),
            Buffer::new("out", 64 * MIB)
                .gpu(Access::ReadWrite)
                .cpu_final(Access::Read),
        ];
        Task {
            first: Side::Gpu,
            ..Task::new("seed-001", 4, buffers)
        }
    }

    /// Seed 001's exercise: the next round's prefetches on a second stream during the kernel.
    pub fn seed_001_overlapped() -> Task {
        Task {
            name: "seed-001-overlapped".into(),
            overlap_prefetch: true,
            ..seed_001()
        }
    }

    /// The CPU rewrites 10 % of a 256 MiB buffer's pages between GPU passes over all of it.
    pub fn partial_update() -> Task {
        // Its kernel is the suite's in-place pass, four floats a thread.
        let x = Buffer::new("x", 256 * MIB)
            .gpu(Access::ReadWrite)
            .gpu_vector(true)
            .cpu(Access::Write)
            .cpu_fraction(0.1)
            .cpu_final(Access::Read);
        Task::new("partial-update", 4, vec![x])
    }

    /// A kernel of many operations per byte: the host writes fresh inputs each round, the GPU
    /// computes outputs from them `reuse` times, the host reads the outputs at the end.
    pub fn compute_bound() -> Task {
        let buffers = vec![
            Buffer::new("input", 64 * MIB)
                .gpu(Access::Read)
                .cpu(Access::Write),
            Buffer::new("output", 64 * MIB)
                .gpu(Access::Write)
                .cpu_final(Access::Read),
        ];
        Task::new("compute-bound", 4, buffers)
    }

    /// The GPU produces a buffer from a device-side input each round and the host consumes it.
    pub fn producer_consumer() -> Task {
        let buffers = vec![
            Buffer::new("input", 64 * MIB).gpu(Access::Read),
            Buffer::new("output", 64 * MIB)
                .gpu(Access::Write)
                .cpu(Access::Read),
        ];
        Task {
            first: Side::Gpu,
            ..Task::new("producer-consumer", 4, buffers)
        }
    }

    /// Every validation workload, by the name its rows carry.
    pub fn all() -> Vec<Task> {
        vec![
            seed_001(),
            seed_001_overlapped(),
            partial_update(),
            compute_bound(),
            producer_consumer(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    const MIB: u64 = 1 << 20;

    #[test]
    fn a_tasks_probe_takes_the_largest_buffer_both_sides_touch_at_its_cpu_share() {
        use workloads::*;
        // The partial update: 256 MiB, the CPU rewriting one page in ten.
        let p = partial_update().probe_shape();
        assert_eq!(p.bytes, 256 * MIB);
        assert_eq!((p.cpu_fraction, p.every()), (0.1, Some(10)));
        // Seed 001's table, the compute-bound input, the producer's output: 64 MiB, every page.
        for t in [seed_001(), compute_bound(), producer_consumer()] {
            assert_eq!(t.probe_shape(), ProbeShape::DEFAULT, "{}", t.name);
            assert_eq!(t.probe_shape().every(), None);
        }
        // No buffer touched by both sides in a round: the default probe.
        let only_gpu = Task {
            buffers: vec![Buffer::new("a", 8 * MIB)
                .gpu(Access::Read)
                .cpu_final(Access::Read)],
            ..compute_bound()
        };
        assert_eq!(only_gpu.probe_shape(), ProbeShape::DEFAULT);
        // The larger of two shared buffers, the first of two equal ones.
        let mut two = Task::handoff(32 * MIB, 1.0, 2);
        two.buffers.push(
            Buffer::new("y", 512 * MIB)
                .gpu(Access::Read)
                .cpu(Access::Write),
        );
        two.buffers[1].cpu_fraction = 0.25;
        assert_eq!(
            two.probe_shape(),
            ProbeShape {
                bytes: 512 * MIB,
                cpu_fraction: 0.25
            }
        );
        two.buffers[0].bytes = 512 * MIB;
        assert_eq!(two.probe_shape().cpu_fraction, 1.0);
        // Shares round to one page in n; above 2/3, every page.
        for (f, want) in [
            (0.5, Some(2)),
            (0.34, Some(3)),
            (0.7, None),
            (1e-6, Some(1_000_000)),
        ] {
            let s = ProbeShape {
                bytes: MIB,
                cpu_fraction: f,
            };
            assert_eq!(s.every(), want, "{f}");
        }
    }

    fn parse(s: &str) -> Result<Task, TaskError> {
        Task::parse(Path::new("t.json"), s.as_bytes())
    }

    #[test]
    fn the_issue_example_parses_with_its_defaults() {
        let t = parse(
            r#"{"name": "lookup", "rounds": 4, "first": "gpu", "cpu_ms": 16.1, "gpu_ms": 0.31,
             "buffers": [
               {"name": "table", "bytes": 67108864, "gpu": "read", "cpu": "read", "gpu_pattern": "random"},
               {"name": "keys",  "bytes": 67108864, "gpu": "read", "cpu": "none"},
               {"name": "out",   "bytes": 67108864, "gpu": "readwrite", "cpu": "none", "cpu_final": "read"}]}"#,
        )
        .unwrap();
        assert_eq!(t.rounds, 4);
        assert_eq!(t.first, Side::Gpu);
        assert_eq!(t.reuse, 1.0);
        assert_eq!(t.cpu_ms, Some(16.1));
        assert_eq!(t.buffers[0].gpu_pattern, Pattern::Random);
        assert_eq!(t.buffers[2].cpu_final, Access::Read);
        assert_eq!(t.buffers[1].cpu_fraction, 1.0);
        let w = workloads::seed_001();
        assert_eq!(t.buffers, w.buffers);
    }

    #[test]
    fn sizes_may_be_written_with_units() {
        let t = parse(r#"{"buffers": [{"name": "x", "bytes": "64MiB", "gpu": "read"}]}"#).unwrap();
        assert_eq!(t.buffers[0].bytes, 64 << 20);
        assert_eq!(t.name, "task");
        assert_eq!(t.first, Side::Cpu);
    }

    #[test]
    fn unknown_fields_are_named_with_their_place() {
        let e = parse(r#"{"buffers": [{"name": "x", "bytes": 4096, "gpu": "read", "colour": 1}]}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("t.json:1:"), "{e}");
        assert!(e.contains("buffers[0]"), "{e}");
        assert!(e.contains("colour"), "{e}");
        let e = parse(r#"{"rounds": 2, "shape": 3, "buffers": []}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown field `shape`"), "{e}");
    }

    #[test]
    fn bad_values_name_field_and_value() {
        for (json, field, value) in [
            (
                r#"{"rounds": 0, "buffers": [{"name": "x", "bytes": 1, "gpu": "read"}]}"#,
                "rounds",
                "0",
            ),
            (
                r#"{"reuse": 0.5, "buffers": [{"name": "x", "bytes": 1, "gpu": "read"}]}"#,
                "reuse",
                "0.5",
            ),
            (
                r#"{"cpu_ms": -1, "buffers": [{"name": "x", "bytes": 1, "gpu": "read"}]}"#,
                "cpu_ms",
                "-1",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 0, "gpu": "read"}]}"#,
                "buffers[0].bytes",
                "0",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu": "write", "cpu_fraction": 1.5}]}"#,
                "buffers[0].cpu_fraction",
                "1.5",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu_fraction": 0.5}]}"#,
                "buffers[0].cpu_fraction",
                "0.5",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "read"}, {"name": "x", "bytes": 8}]}"#,
                "buffers[1].name",
                "\"x\"",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "cpu": "read"}]}"#,
                "buffers",
                "1 buffers",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "gpu_pattern": "random"}]}"#,
                "buffers[0].gpu_pattern",
                "\"random\"",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "read"}, {"name": "y", "bytes": 8, "gpu_vector": true}]}"#,
                "buffers[1].gpu_vector",
                "true",
            ),
            (
                r#"{"cpu_fault_scale": 1e3, "buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu": "read"}]}"#,
                "cpu_fault_scale",
                "1000",
            ),
            (
                r#"{"cpu_final_fault_scale": 1.4, "buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu": "read"}]}"#,
                "cpu_final_fault_scale",
                "1.4",
            ),
            (
                r#"{"cpu_fault_scale": 2, "buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu_final": "read"}]}"#,
                "cpu_fault_scale",
                "2",
            ),
            (
                r#"{"cpu_threads": 0, "buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu": "read"}]}"#,
                "cpu_threads",
                "0",
            ),
            (
                r#"{"cpu_final_threads": 5000, "buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu_final": "read"}]}"#,
                "cpu_final_threads",
                "5000",
            ),
            (
                r#"{"cpu_threads": 16, "buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu_final": "read"}]}"#,
                "cpu_threads",
                "16",
            ),
            (
                r#"{"cpu_threads": 16, "cpu_fault_scale": 0.6, "buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu": "read"}]}"#,
                "cpu_threads",
                "16",
            ),
        ] {
            let e = parse(json).unwrap_err();
            let s = e.to_string();
            assert!(matches!(e, TaskError::Value { .. }), "{json}: {s}");
            assert!(s.contains(&format!("`{field}`")), "{json}: {s}");
            assert!(s.contains(&format!("(got {value})")), "{json}: {s}");
        }
    }

    #[test]
    fn a_new_task_has_the_files_defaults() {
        let text = br#"{"name": "t", "rounds": 3, "buffers": [
            {"name": "x", "bytes": 4096, "gpu": "read", "cpu": "write"}]}"#;
        let parsed = Task::parse(Path::new("t.json"), text).unwrap();
        let built = Task::new(
            "t",
            3,
            vec![Buffer::new("x", 4096).gpu(Access::Read).cpu(Access::Write)],
        );
        assert_eq!(built, parsed);
        assert_eq!(Task::handoff(4096, 2.0, 5).reuse, 2.0);
    }

    #[test]
    fn a_pinned_issuing_thread_is_said_in_json_or_toml_and_nothing_else_is_taken() {
        let buffers = r#""buffers": [{"name": "x", "bytes": 8, "gpu": "read"}]"#;
        assert!(!parse(&format!("{{{buffers}}}")).unwrap().thread_pinned);
        assert!(
            parse(&format!(r#"{{"thread_pinned": true, {buffers}}}"#))
                .unwrap()
                .thread_pinned
        );
        let toml = "thread_pinned = true\n[[buffers]]\nname = \"x\"\nbytes = 8\ngpu = \"read\"\n";
        assert!(parse_toml(toml).unwrap().thread_pinned);
        for v in ["\"yes\"", "1", "null"] {
            let e = parse(&format!(r#"{{"thread_pinned": {v}, {buffers}}}"#))
                .unwrap_err()
                .to_string();
            assert!(e.contains("thread_pinned"), "{v}: {e}");
        }
        // Written back only when set, so a file that never said it reads the same.
        let t = parse(&format!(r#"{{"thread_pinned": true, {buffers}}}"#)).unwrap();
        let text = serde_json::to_string(&t).unwrap();
        assert!(text.contains(r#""thread_pinned":true"#), "{text}");
        let free = serde_json::to_string(&parse(&format!("{{{buffers}}}")).unwrap()).unwrap();
        assert!(!free.contains("thread_pinned"), "{free}");
    }

    #[test]
    fn a_thread_count_that_is_no_whole_number_is_named_with_its_place() {
        for (v, col) in [("1.5", 19), ("-1", 18), ("\"16\"", 20)] {
            let json = format!(
                r#"{{"cpu_threads": {v}, "buffers": [{{"name": "x", "bytes": 8, "gpu": "read", "cpu": "read"}}]}}"#
            );
            let e = parse(&json).unwrap_err().to_string();
            assert!(e.contains(&format!("t.json:1:{col}")), "{e}");
            assert!(
                e.contains("`cpu_threads`") && e.contains("expected u32"),
                "{e}"
            );
        }
    }

    #[test]
    fn bad_enums_say_what_is_known() {
        // A number or a list where the word belongs: the field and its words, not "expected value".
        for (json, field, words) in [
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": 3}]}"#,
                "buffers[0].gpu",
                "`readwrite`",
            ),
            (
                r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "read", "cpu_final": [1]}]}"#,
                "buffers[0].cpu_final",
                "`readwrite`",
            ),
            (
                r#"{"first": 0, "buffers": [{"name": "x", "bytes": 8, "gpu": "read"}]}"#,
                "first",
                "`cpu` or `gpu`",
            ),
        ] {
            let e = parse(json).unwrap_err();
            let s = e.to_string();
            assert!(matches!(e, TaskError::Field { line: 1, .. }), "{json}: {s}");
            assert!(
                s.contains(&format!("`{field}`")) && s.contains(words),
                "{json}: {s}"
            );
        }
        // Broken JSON where a word belongs stays a syntax error.
        let e = parse(r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": re"#).unwrap_err();
        assert!(matches!(e, TaskError::Syntax { .. }), "{e}");
        let e = parse(r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "scribble"}]}"#)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("buffers[0].gpu") && e.contains("scribble") && e.contains("readwrite"),
            "{e}"
        );
        let e = parse(
            r#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "read", "gpu_pattern": "stride:0"}]}"#,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("gpu_pattern") && e.contains("stride"), "{e}");
        let e = parse(r#"{"first": "both", "buffers": []}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("`first`") && e.contains("both"), "{e}");
        let e = parse(r#"{"buffers": [{"name": "x", "bytes": "lots", "gpu": "read"}]}"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("buffers[0].bytes") && e.contains("lots"), "{e}");
    }

    #[test]
    fn syntax_errors_give_line_and_column() {
        let e = parse("{\n  \"rounds\": 4,\n  \"buffers\": [\n}").unwrap_err();
        assert!(matches!(e, TaskError::Syntax { line: 4, .. }), "{e}");
        let e = parse("").unwrap_err().to_string();
        assert!(e.contains("t.json:1:0"), "{e}");
        let e =
            parse("{\"buffers\": [{\"name\": \"x\", \"bytes\": 8, \"gpu\": \"read\"}]} trailing")
                .unwrap_err()
                .to_string();
        assert!(e.contains("trailing"), "{e}");
    }

    fn parse_toml(s: &str) -> Result<Task, TaskError> {
        Task::parse_toml(Path::new("t.toml"), s.as_bytes())
    }

    #[test]
    fn a_toml_task_reads_as_its_json_twin() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
        let toml = Task::read(&root.join("seed-001.toml")).unwrap_or_else(|e| panic!("{e}"));
        let json = Task::read(&root.join("seed-001.json")).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(toml, json);
        assert_eq!(toml, workloads::seed_001());
        // Whole numbers where the JSON has decimals, and a size in words.
        let t = parse_toml(
            "reuse = 4\ncpu_ms = 16\n[[buffers]]\nname = \"x\"\nbytes = \"1 KiB\"\ngpu = \"read\"\n",
        )
        .unwrap();
        assert_eq!(
            (t.reuse, t.cpu_ms, t.buffers[0].bytes),
            (4.0, Some(16.0), 1024)
        );
        // `read` goes by the extension, in any case; other names are JSON.
        assert!(is_toml(Path::new("a/b.TOML")) && !is_toml(Path::new("b.json")));
        assert!(!is_toml(Path::new("toml")));
    }

    #[test]
    fn toml_errors_name_the_file_line_column_and_field() {
        let buf = "[[buffers]]\nname = \"x\"\nbytes = 8\ngpu = \"read\"\n";
        // An unknown field, at its own line.
        let e = parse_toml(&format!("rounds = 2\nrouds = 3\n{buf}")).unwrap_err();
        let s = e.to_string();
        assert!(
            matches!(
                e,
                TaskError::Syntax { line: 2, .. } | TaskError::Field { line: 2, .. }
            ),
            "{s}"
        );
        assert!(s.starts_with("t.toml:2:") && s.contains("rouds"), "{s}");
        // A wrong type inside a buffer: the field's path and its line.
        let e = parse_toml("[[buffers]]\nname = \"x\"\nbytes = 8\ngpu = 3\n").unwrap_err();
        let s = e.to_string();
        assert!(matches!(e, TaskError::Field { line: 4, .. }), "{s}");
        assert!(
            s.contains("`buffers[0].gpu`") && s.contains("`readwrite`"),
            "{s}"
        );
        let e = parse_toml(&format!("first = 1\n{buf}"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("`first`") && e.contains("`cpu` or `gpu`"), "{e}");
        let e = parse_toml("[[buffers]]\nname = \"x\"\nbytes = \"lots\"\ngpu = \"read\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("buffers[0].bytes") && e.contains("lots"), "{e}");
        // Syntax: an unclosed string, a duplicate key; not UTF-8.
        let e = parse_toml(&format!("{buf}name = \"y\n")).unwrap_err();
        assert!(matches!(e, TaskError::Syntax { line: 5, .. }), "{e}");
        let e = parse_toml(&format!("rounds = 1\nrounds = 2\n{buf}")).unwrap_err();
        assert!(matches!(e, TaskError::Syntax { line: 2, .. }), "{e}");
        assert!(e.to_string().contains("duplicate key `rounds`"), "{e}");
        // One bracket pair makes `buffers` a table, not a list of them.
        let e = parse_toml("[buffers]\nname = \"x\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("`buffers`") && e.contains("[[buffers]]"), "{e}");
        let e = Task::parse_toml(Path::new("t.toml"), b"name = \"\xff\"\n").unwrap_err();
        assert!(
            matches!(
                e,
                TaskError::Syntax {
                    line: 1,
                    column: 9,
                    ..
                }
            ),
            "{e}"
        );
        // Out-of-range values are checked as the JSON's are.
        let e = parse_toml(&format!("reuse = 0.5\n{buf}"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("`reuse`") && e.contains("(got 0.5)"), "{e}");
        // Every message is one line.
        for text in ["[[buffers]\n", "rounds = \n", "x = 1\n[[buffers]]\n"] {
            let e = parse_toml(text).unwrap_err().to_string();
            assert!(
                !e.contains('\n') && e.starts_with("t.toml:"),
                "{text:?}: {e}"
            );
        }
    }

    #[test]
    fn line_and_column_count_characters_from_one() {
        let t = "ab\nc\u{e9}d\n".as_bytes();
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 3), (2, 1));
        assert_eq!(line_column(t, 6), (2, 3), "é is two bytes, one character");
        assert_eq!(line_column(t, 99), (3, 1));
    }

    #[test]
    fn a_byte_order_mark_is_accepted() {
        let mut text = b"\xEF\xBB\xBF".to_vec();
        text.extend_from_slice(br#"{"buffers": [{"name": "x", "bytes": 8, "gpu": "read"}]}"#);
        assert!(Task::parse(Path::new("t.json"), &text).is_ok());
    }

    #[test]
    fn advice_follows_seed_001() {
        let t = workloads::seed_001();
        assert_eq!(t.buffers[0].advice(), AdviceKind::ReadMostly);
        assert_eq!(
            t.buffers[1].advice(),
            AdviceKind::PreferDevice {
                host_reads_at_end: false
            }
        );
        assert_eq!(
            t.buffers[2].advice(),
            AdviceKind::PreferDevice {
                host_reads_at_end: true
            }
        );
        // The handoff's buffer: both sides change it every round.
        assert_eq!(
            Task::handoff(1 << 20, 1.0, 1).buffers[0].advice(),
            AdviceKind::PreferHostMapped
        );
        assert_eq!(
            Buffer::new("c", 8).cpu(Access::Read).advice(),
            AdviceKind::None
        );
    }

    #[test]
    fn explicit_copies_move_only_stale_buffers() {
        use Step::*;
        let t = workloads::seed_001();
        let s = t.steps(Policy::ExplicitCopy);
        // Round 1 copies all three in (the output starts filled by the host too), nothing later
        // but the output once at the end; the table is never written, so never copied back.
        assert_eq!(
            s,
            vec![
                CopyToDevice { buf: 0 },
                CopyToDevice { buf: 1 },
                CopyToDevice { buf: 2 },
                GpuPhase { round: 0 },
                CpuPhase { round: 0 },
                GpuPhase { round: 1 },
                CpuPhase { round: 1 },
                GpuPhase { round: 2 },
                CpuPhase { round: 2 },
                GpuPhase { round: 3 },
                CpuPhase { round: 3 },
                CopyToHost { buf: 2 },
                CpuFinal,
            ]
        );
        // The handoff copies both ways every round after the first.
        let h = Task::handoff(1 << 20, 1.0, 2).steps(Policy::ExplicitCopy);
        assert_eq!(
            h,
            vec![
                CpuPhase { round: 0 },
                CopyToDevice { buf: 0 },
                GpuPhase { round: 0 },
                CopyToHost { buf: 0 },
                CpuPhase { round: 1 },
                CopyToDevice { buf: 0 },
                GpuPhase { round: 1 },
            ]
        );
        // A GPU that overwrites a buffer whole needs no copy in.
        let p = workloads::producer_consumer().steps(Policy::ExplicitCopy);
        assert_eq!(p[0], CopyToDevice { buf: 0 });
        assert_eq!(p[1], GpuPhase { round: 0 });
        assert_eq!(p[2], CopyToHost { buf: 1 });
    }

    #[test]
    fn prefetching_policies_prefetch_to_where_the_next_phase_runs() {
        use Step::*;
        let s = workloads::seed_001().steps(Policy::ManagedPrefetch);
        assert_eq!(
            &s[..6],
            &[
                Prefetch {
                    buf: 0,
                    to: Place::Device,
                    side: false
                },
                Prefetch {
                    buf: 1,
                    to: Place::Device,
                    side: false
                },
                Prefetch {
                    buf: 2,
                    to: Place::Device,
                    side: false
                },
                GpuPhase { round: 0 },
                Prefetch {
                    buf: 0,
                    to: Place::Host,
                    side: false
                },
                CpuPhase { round: 0 },
            ]
        );
        assert_eq!(
            &s[s.len() - 2..],
            &[
                Prefetch {
                    buf: 2,
                    to: Place::Host,
                    side: false
                },
                CpuFinal
            ]
        );
        assert!(workloads::seed_001()
            .steps(Policy::Managed)
            .iter()
            .all(|s| matches!(s, GpuPhase { .. } | CpuPhase { .. } | CpuFinal)));
    }

    #[test]
    fn overlap_moves_next_rounds_prefetches_of_buffers_the_cpu_leaves_alone_to_the_side() {
        use Step::*;
        let s = workloads::seed_001_overlapped().steps(Policy::ManagedPrefetch);
        let side: Vec<_> = s
            .iter()
            .filter(|s| matches!(s, Prefetch { side: true, .. }))
            .collect();
        // keys and out, issued during rounds 1-3 for rounds 2-4 (not during the last).
        assert_eq!(side.len(), 6);
        let main_to_device = s
            .iter()
            .filter(|s| {
                matches!(
                    s,
                    Prefetch {
                        to: Place::Device,
                        side: false,
                        ..
                    }
                )
            })
            .count();
        // Round 1: all three; rounds 2-4: only the table, which the host read in between.
        assert_eq!(main_to_device, 3 + 3);
        assert_eq!(
            workloads::seed_001_overlapped().steps(Policy::Managed),
            workloads::seed_001().steps(Policy::Managed)
        );
    }

    #[test]
    fn task_files_under_tasks_match_the_built_in_workloads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
        for w in workloads::all() {
            let path = dir.join(format!("{}.json", w.name));
            let t = Task::read(&path).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(t, w, "{}", path.display());
        }
    }
}
