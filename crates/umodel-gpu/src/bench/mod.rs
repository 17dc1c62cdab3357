//! The placement-controlled microbenchmark suite (seed 000, Table II and §IV): groups of benchmarks,
//! each a function of (sizes, trials) that writes one CSV row per measured trial (DESIGN.md §3).
//!
//! Method: warm-ups first (never written), then trials; GPU work timed with CUDA events, host work and
//! whole alternations with the monotonic clock; every benchmark checks its result against a CPU
//! reference and writes `check = failed` rather than dropping a wrong answer; rows are appended and
//! flushed as they are measured, so an interrupted run keeps them and `--resume` skips finished blocks.
//! Progress goes to an [`Observer`]; the library never prints.

pub mod cpu;
#[cfg(test)]
pub(crate) mod fake;
mod groups;
mod handoff;
pub mod oversub;
mod peer;
pub mod probe;
pub mod tasks;

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use crate::gpu::{Gpu, GpuError};
use umodel_core::platform::{now_utc, Platform, RunFacts};
use umodel_core::policy::Policy;
use umodel_core::schema::{
    Case, HbmCase, HostMappedCase, ManagedCase, PrefetchCase, TaskCase, TaskPart, TransferCase,
};
use umodel_core::stats::Summary;
use umodel_core::store::{self, StoreError};
use umodel_core::table::{CellKey, Check, CsvAppender, Row, Table, TableError};
use umodel_core::units::format_size;

const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;

/// Period of the ramp the data start from (values 0…1023: whole numbers, exact in f32 for the
/// ~16 million updates a run can apply).
pub const RAMP: u32 = 1024;

/// Trials of the prefetch group's sequence cells per trial of its others: a task pays their mean,
/// which a slow spell one time in five moves (`Runner::prefetch_sequence`).
pub(crate) const SEQUENCE_TRIALS: u32 = 6;

pub use umodel_core::schema::Group;

/// Everything `umodel bench` runs by default: every group in the suite's order but the last four
/// (`peer` and `contention` need two GPUs, `oversub` two opt-ins, and `task` the suite never runs:
/// it holds the rows of users' own programs).
pub const DEFAULT_GROUPS: [Group; 11] = {
    let mut g = [Group::Hbm; 11];
    let mut i = 0;
    while i < g.len() {
        g[i] = Group::ALL[i];
        i += 1;
    }
    g
};
const _: () = assert!(DEFAULT_GROUPS.len() + 4 == Group::ALL.len());
const _: () = assert!(matches!(
    Group::ALL,
    [
        ..,
        Group::Peer,
        Group::Contention,
        Group::Oversub,
        Group::Task
    ]
));

/// Why the suite refuses the `task` group: its rows come from users' own programs.
fn task_group_not_run() -> BenchError {
    BenchError::Config(format!(
        "the suite does not run the `{}` group: it holds the rows users' own programs write \
         (contrib/independent/to_csv.py writes a program's timings so) for `umodel validate \
         --task`; the suite's own validation tasks are workload, partial, compute and prodcons",
        Group::Task
    ))
}

/// The group a command-line name stands for (`host-mapped` and `host_mapped` alike), of those the
/// suite runs (not `task`).
pub fn parse_group(s: &str) -> Result<Group, BenchError> {
    match Group::parse(s) {
        Some(Group::Task) => Err(task_group_not_run()),
        Some(g) => Ok(g),
        None => Err(BenchError::Config(format!(
            "unknown group `{s}` (groups: {}; not run by default: peer, contention, oversub)",
            DEFAULT_GROUPS
                .iter()
                .map(|g| g.name())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// What the suite does with a group when the command line does not say: the sizes and trials
/// of its cells.
pub trait GroupPlan {
    /// Sizes measured when none are given.
    fn default_sizes(self) -> Vec<u64>;
    /// Trials per cell when none are given.
    fn default_trials(self) -> u32;
}

impl GroupPlan for Group {
    /// Sizes measured when none are given: the paper's 1 GiB baselines, 256 MiB for the managed
    /// and pattern sweeps, and 16 MiB … 1 GiB for the handoff (the paper's handoff sizes).
    fn default_sizes(self) -> Vec<u64> {
        match self {
            Group::Hbm => vec![16 * MIB, 256 * MIB, GIB],
            Group::HostMapped | Group::Transfer | Group::Prefetch | Group::Managed => {
                vec![256 * MIB, GIB]
            }
            Group::Pattern => vec![256 * MIB],
            Group::Handoff => vec![16 * MIB, 64 * MIB, 256 * MIB, GIB],
            // The validation workloads run at their tasks' own sizes (`tasks/*.json`).
            Group::Workload | Group::Partial | Group::Compute | Group::ProdCons => vec![],
            // 1 GiB is where the independent probe of the two-GPU host was taken (issue 14).
            Group::Peer => vec![64 * MIB, 256 * MIB, GIB],
            Group::Contention => vec![GIB],
            Group::Oversub => vec![],
            // Never measured: `parse_group` and `plan` refuse the group (users' own programs
            // write its rows).
            Group::Task => vec![],
        }
    }

    /// Trials per cell when none are given: more where the noise is (the CPU-dominated handoff; H200.md,
    /// "Noise"), fewer where each trial is slow and steady (cold managed passes, patterns).
    fn default_trials(self) -> u32 {
        match self {
            Group::Hbm => 20,
            Group::HostMapped | Group::Transfer | Group::Prefetch => 10,
            Group::Managed => 6,
            Group::Pattern => 3,
            Group::Handoff => 11,
            Group::Workload | Group::Partial | Group::Compute | Group::ProdCons => 7,
            Group::Peer | Group::Contention => 7,
            Group::Oversub => 3,
            // Never measured (as `default_sizes`): the task groups' count, were it asked for.
            Group::Task => 7,
        }
    }
}

/// Adaptive trial counts for the handoff: trials continue until every R's median is known to
/// `target_rel_se` (relative standard error), or `max_trials`, or the block's time budget is spent —
/// so the noisy, CPU-dominated managed cells get the trials and the steady ones do not (H200.md,
/// "Noise").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Adaptive {
    pub min_trials: u32,
    pub max_trials: u32,
    pub target_rel_se: f64,
    /// Time budget of one block: `fixed_s + per_gib_s · size in GiB`.
    pub budget_fixed_s: f64,
    pub budget_per_gib_s: f64,
    /// Trials of the block's `gpu_only` and `cpu_only` cells (steady, or not used for predictions).
    pub side_trials: u32,
    /// Seconds from the start of the run (context creation included) by which the handoff blocks
    /// should be done: when the blocks run over their budgets, the later ones get less (see
    /// [`Pacer`]). Trials never drop below `min_trials`.
    pub deadline_s: Option<f64>,
}

impl Adaptive {
    /// The suite's default: 5…15 trials, 1 % relative standard error, about 15 s per 1 GiB block
    /// (the whole suite stays under 10 minutes on the H200).
    pub const SUITE: Adaptive = Adaptive {
        min_trials: 5,
        max_trials: 15,
        target_rel_se: 0.01,
        budget_fixed_s: 1.0,
        budget_per_gib_s: 14.0,
        side_trials: 5,
        deadline_s: None,
    };

    /// The time budget of a block of `bytes`, seconds.
    pub fn budget_s(&self, bytes: u64) -> f64 {
        self.budget_fixed_s + self.budget_per_gib_s * bytes as f64 / GIB as f64
    }
}

/// Spreads what is left of a run's deadline over the handoff blocks still to run. Each block is
/// given `scale × its budget`, with `scale = time left / budgets left − overrun`, where `overrun` is
/// how far the finished handoff blocks ran past what they were given, per second of budget (warm-ups,
/// side cells and the last trial are not in a block's budget: 1 GiB blocks of the minimal plan took
/// 5–6 s on 4.5 s budgets on the H200). `scale` stays in 0…1: a deadline only ever shortens blocks.
#[derive(Debug, Clone, PartialEq)]
pub struct Pacer {
    deadline_s: f64,
    budget_left_s: f64,
    budget_done_s: f64,
    overrun_s: f64,
}

impl Pacer {
    /// `budgets_s`: the nominal budget of every handoff block the run will measure.
    pub fn new(deadline_s: f64, budgets_s: impl IntoIterator<Item = f64>) -> Pacer {
        Pacer {
            deadline_s,
            budget_left_s: budgets_s.into_iter().sum(),
            budget_done_s: 0.0,
            overrun_s: 0.0,
        }
    }

    /// The scale for the next block, `elapsed_s` into the run.
    pub fn scale(&self, elapsed_s: f64) -> f64 {
        if self.budget_left_s <= 0.0 {
            return 1.0;
        }
        let overrun = if self.budget_done_s > 0.0 {
            self.overrun_s / self.budget_done_s
        } else {
            0.0
        };
        let s = (self.deadline_s - elapsed_s) / self.budget_left_s - overrun;
        if s.is_nan() {
            1.0
        } else {
            s.clamp(0.0, 1.0)
        }
    }

    /// A block of nominal budget `budget_s` that was given `given_s` ran `wall_s`.
    pub fn finished(&mut self, budget_s: f64, given_s: f64, wall_s: f64) {
        self.budget_left_s = (self.budget_left_s - budget_s).max(0.0);
        self.budget_done_s += budget_s;
        // A block that stopped early (its medians were precise) says nothing about the overrun
        // of one that runs to its budget; the time it saved is in `elapsed_s` already.
        self.overrun_s += (wall_s - given_s).max(0.0);
    }

    /// A block that will not run (already measured, `--resume`).
    pub fn skipped(&mut self, budget_s: f64) {
        self.budget_left_s = (self.budget_left_s - budget_s).max(0.0);
    }
}

/// Reuse values of the handoff when none are given (the paper's).
pub const DEFAULT_REUSE: [u32; 6] = [1, 2, 4, 8, 16, 32];

/// How the handoff's CPU update runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuConfig {
    /// 1 = a single thread, pinned as `core` says.
    pub threads: usize,
    /// Where a single-threaded update's thread runs (ignored with more threads).
    pub core: CorePin,
}

/// Where the single-threaded CPU update's thread runs. It is the thread that issues every CUDA
/// call of the run too, so pinning it pins those.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CorePin {
    /// The last core local to the GPU (NUMA), else the last core: the default, as every
    /// committed run until 2026-12-04.
    #[default]
    LocalLast,
    /// This core.
    Core(usize),
    /// Not pinned: the scheduler may move it. Pinned, about one move in four leaves a cost the
    /// next call pays once (the suite's prefetch sequence in 27.5 % of trials, none unpinned:
    /// calibration/h200/run183); calibrating so was not adopted (run184; NOTES.md, "A move's
    /// deferred cost, and whose it is").
    Unpinned,
}

/// Where rows go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    File(PathBuf),
    Stdout,
}

/// Everything a run needs.
#[derive(Debug, Clone)]
pub struct BenchConfig {
    pub groups: Vec<Group>,
    /// Overrides every group's sizes.
    pub sizes: Option<Vec<u64>>,
    /// Overrides every group's trial count.
    pub trials: Option<u32>,
    /// Overrides single groups' trial counts (calibration plans).
    pub group_trials: Vec<(Group, u32)>,
    pub reuse: Vec<u32>,
    /// Adaptive handoff trials (ignored when `trials` is set).
    pub adaptive: Option<Adaptive>,
    pub handoff_policies: Vec<Policy>,
    pub device: usize,
    pub cpu: CpuConfig,
    pub out: Output,
    pub resume: bool,
    pub allow_oversubscription: bool,
    /// The command line, for the facts file.
    pub command: String,
    /// Extra blocks to run instead of the groups' defaults (calibration plans).
    pub blocks: Option<Vec<Block>>,
    /// Only the cells some model uses (the minimal plan): the managed group leaves out the advice
    /// and prefetch cases no term is fitted from.
    pub lean: bool,
    /// Where the validation workloads write the time of every step they take (a diagnostic beside
    /// the rows: which copy or prefetch of which round carries a policy's movement). Appended to.
    pub step_times: Option<PathBuf>,
}

impl Default for BenchConfig {
    fn default() -> Self {
        BenchConfig {
            groups: DEFAULT_GROUPS.to_vec(),
            sizes: None,
            trials: None,
            group_trials: Vec::new(),
            reuse: DEFAULT_REUSE.to_vec(),
            adaptive: Some(Adaptive::SUITE),
            handoff_policies: Policy::HANDOFF.to_vec(),
            device: 0,
            cpu: CpuConfig {
                threads: 1,
                core: CorePin::LocalLast,
            },
            out: Output::File(PathBuf::from("measurements.csv")),
            resume: false,
            allow_oversubscription: false,
            command: String::new(),
            blocks: None,
            lean: false,
            step_times: None,
        }
    }
}

/// What went wrong in a run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error(transparent)]
    Gpu(#[from] GpuError),
    #[error(transparent)]
    Table(#[from] TableError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("{0}")]
    Config(String),
    /// A block stopped part way: what it had measured is in the file, the rest is not.
    #[error(
        "measuring `{block}` stopped after {rows} row(s) of it{}; every row measured before is kept{}",
        .last.as_ref().map(|l| format!(" (the last: {l})")).unwrap_or_default(),
        .kept.as_ref().map(|p| format!(" in {} (the same command with --resume measures the rest)", p.display())).unwrap_or_default()
    )]
    Block {
        /// The block's label (`handoff managed 16 MiB`).
        block: String,
        /// Rows of it written before it stopped.
        rows: usize,
        /// The last of them, in words (group, policy, case, size, R, trial).
        last: Option<String>,
        /// The CSV that holds them (none when rows went to stdout).
        kept: Option<PathBuf>,
        #[source]
        source: Box<BenchError>,
    },
}

/// Progress of a run, for whoever shows it.
#[derive(Debug)]
pub enum BenchEvent<'a> {
    /// The device is open and the plan is known.
    Started {
        blocks: usize,
        platform: &'a Platform,
    },
    /// A block of cells begins (`index` counts from 0).
    Block {
        index: usize,
        total: usize,
        label: &'a str,
        skipped: bool,
    },
    /// A trial was measured and written.
    Row(&'a Row),
    /// Something worth telling the person running it.
    Note(&'a str),
}

/// Receives progress; the CLI draws a progress bar from it.
pub trait Observer {
    fn event(&mut self, e: BenchEvent<'_>);
}

/// Ignores progress.
pub struct Silent;
impl Observer for Silent {
    fn event(&mut self, _: BenchEvent<'_>) {}
}

/// One line of the end-of-run summary: a cell's trials.
#[derive(Debug, Clone, Serialize)]
pub struct SummaryLine {
    /// The cell (its keys appear at the top level of the JSON summary).
    #[serde(flatten)]
    pub cell: CellKey,
    pub trials: u32,
    pub median_ms: f64,
    pub min_ms: f64,
    pub max_ms: f64,
    /// Useful bytes over the median time, GB/s (10⁹ B/s), where the row has useful bytes.
    pub median_gbps: Option<f64>,
    /// Trials whose check failed (not in the statistics).
    pub failed: u32,
}

/// The result of a run.
#[derive(Debug, Clone)]
pub struct BenchOutcome {
    pub facts: RunFacts,
    pub summary: Vec<SummaryLine>,
    pub rows: usize,
    pub failed: usize,
    pub skipped_blocks: usize,
    /// Handoff blocks the deadline gave less than their time budget, with the share they got
    /// (`Adaptive::deadline_s`); their cells have fewer trials.
    pub shortened_blocks: Vec<(String, f64)>,
    pub csv: PathBuf,
    pub elapsed_s: f64,
}

/// A unit of work that is run, skipped on resume, and reported as one step of progress.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Hbm {
        bytes: u64,
    },
    HostMapped {
        bytes: u64,
    },
    Transfer {
        bytes: u64,
    },
    Prefetch {
        bytes: u64,
    },
    Managed {
        bytes: u64,
    },
    /// The managed group's host reads on many threads only, at a size above the group's own (the
    /// share many threads pay to fault pages back moves with the size).
    ManagedHost {
        bytes: u64,
    },
    Pattern {
        bytes: u64,
        state: groups::State,
    },
    Handoff {
        policy: Policy,
        bytes: u64,
    },
    /// Data on device `from` used on device `to`.
    Peer {
        bytes: u64,
        from: usize,
        to: usize,
    },
    Contention {
        bytes: u64,
    },
    /// A validation workload, its buffers `bytes` each where given (else its task's sizes).
    Task {
        workload: tasks::Workload,
        bytes: Option<u64>,
    },
    Oversub,
}

impl Block {
    pub fn group(&self) -> Group {
        match self {
            Block::Hbm { .. } => Group::Hbm,
            Block::HostMapped { .. } => Group::HostMapped,
            Block::Transfer { .. } => Group::Transfer,
            Block::Prefetch { .. } => Group::Prefetch,
            Block::Managed { .. } | Block::ManagedHost { .. } => Group::Managed,
            Block::Pattern { .. } => Group::Pattern,
            Block::Handoff { .. } => Group::Handoff,
            Block::Task { workload, .. } => workload.group(),
            Block::Peer { .. } => Group::Peer,
            Block::Contention { .. } => Group::Contention,
            Block::Oversub => Group::Oversub,
        }
    }

    pub fn label(&self) -> String {
        match self {
            Block::Pattern { bytes, state } => {
                format!("pattern {} {}", state.case().name(), format_size(*bytes))
            }
            Block::Handoff { policy, bytes } => format!("handoff {policy} {}", format_size(*bytes)),
            Block::Oversub => "oversub".into(),
            Block::ManagedHost { bytes } => format!("managed host reads {}", format_size(*bytes)),
            Block::Peer { bytes, from, to } => {
                format!("peer {from}>{to} {}", format_size(*bytes))
            }
            Block::Contention { bytes } => format!("contention {}", format_size(*bytes)),
            Block::Task { workload, bytes } => match bytes {
                Some(b) => format!(
                    "{} {} per buffer",
                    workload.task(None).name,
                    format_size(*b)
                ),
                None => workload.task(None).name,
            },
            Block::Hbm { bytes }
            | Block::HostMapped { bytes }
            | Block::Transfer { bytes }
            | Block::Prefetch { bytes }
            | Block::Managed { bytes } => {
                format!("{} {}", self.group().name(), format_size(*bytes))
            }
        }
    }
}

/// The blocks of a configuration, in run order.
pub fn plan(cfg: &BenchConfig) -> Result<Vec<Block>, BenchError> {
    if let Some(b) = &cfg.blocks {
        return Ok(b.clone());
    }
    if cfg.groups.contains(&Group::Oversub) && !cfg.allow_oversubscription {
        return Err(BenchError::Config(
            "the `oversub` group pushes managed memory past the GPU's capacity, which can hang a shared machine; \
             it runs only with --allow-oversubscription, on a machine you own"
                .into(),
        ));
    }
    if cfg.groups.contains(&Group::Oversub)
        && std::env::var(oversub::CONSENT_VAR).as_deref() != Ok(oversub::CONSENT)
    {
        return Err(BenchError::Config(format!(
            "the `oversub` group also needs {}={} in the environment: it can hang the GPU and the host, \
             so it never runs on a shared machine",
            oversub::CONSENT_VAR,
            oversub::CONSENT
        )));
    }
    let mut blocks = Vec::new();
    for &g in &cfg.groups {
        let sizes = cfg.sizes.clone().unwrap_or_else(|| g.default_sizes());
        match g {
            Group::Hbm => blocks.extend(sizes.iter().map(|&bytes| Block::Hbm { bytes })),
            Group::HostMapped => {
                blocks.extend(sizes.iter().map(|&bytes| Block::HostMapped { bytes }))
            }
            Group::Transfer => blocks.extend(sizes.iter().map(|&bytes| Block::Transfer { bytes })),
            Group::Prefetch => blocks.extend(sizes.iter().map(|&bytes| Block::Prefetch { bytes })),
            Group::Managed => blocks.extend(sizes.iter().map(|&bytes| Block::Managed { bytes })),
            Group::Pattern => {
                for &bytes in &sizes {
                    for state in groups::State::ALL {
                        blocks.push(Block::Pattern { bytes, state });
                    }
                }
            }
            Group::Handoff => {
                for &bytes in &sizes {
                    for &policy in &cfg.handoff_policies {
                        blocks.push(Block::Handoff { policy, bytes });
                    }
                }
            }
            Group::Workload | Group::Partial | Group::Compute | Group::ProdCons => {
                let workload = tasks::Workload::ALL
                    .into_iter()
                    .find(|w| w.group() == g)
                    .expect("every task group has a workload");
                match &cfg.sizes {
                    Some(s) => blocks.extend(s.iter().map(|&b| Block::Task {
                        workload,
                        bytes: Some(b),
                    })),
                    None => blocks.push(Block::Task {
                        workload,
                        bytes: None,
                    }),
                }
            }
            Group::Peer => {
                // Every ordered pair of devices: each GPU as the home of data another one uses.
                let count = crate::gpu::device_count()?;
                if count < 2 {
                    return Err(BenchError::Config(format!(
                        "the peer group needs two GPUs; the driver sees {count}"
                    )));
                }
                for &bytes in &sizes {
                    for from in 0..count {
                        for to in (0..count).filter(|&t| t != from) {
                            blocks.push(Block::Peer { bytes, from, to });
                        }
                    }
                }
            }
            Group::Contention => {
                blocks.extend(sizes.iter().map(|&bytes| Block::Contention { bytes }))
            }
            Group::Oversub => blocks.push(Block::Oversub),
            Group::Task => return Err(task_group_not_run()),
        }
    }
    if blocks.is_empty() {
        return Err(BenchError::Config(
            "nothing to run (no groups or no sizes)".into(),
        ));
    }
    if cfg.reuse.is_empty() || cfg.reuse.contains(&0) {
        return Err(BenchError::Config("reuse values must be ≥ 1".into()));
    }
    Ok(blocks)
}

/// What a cell's rows say besides the trial: its key (DESIGN.md §3) and the bytes its timed work
/// usefully moved. The groups describe each cell once and hand its trials over with it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct CellSpec<'a> {
    /// What was timed, in which group.
    pub case: &'a dyn Case,
    pub policy: Policy,
    /// `stride:N`, `random`, `page:BYTES`; empty for a stream.
    pub pattern: &'a str,
    /// Working set / allocation footprint.
    pub bytes: u64,
    /// Bytes the timed work usefully read and wrote (bandwidth = useful / time), where it has any.
    pub useful: Option<u64>,
    /// R (GPU passes per CPU update) of handoff and task rows.
    pub reuse: Option<u32>,
}

impl<'a> CellSpec<'a> {
    /// A streaming cell without useful bytes or R (add them with [`Self::useful`],
    /// [`Self::pattern`], [`Self::reuse`]).
    pub(crate) fn new(case: &'a dyn Case, policy: Policy, bytes: u64) -> CellSpec<'a> {
        CellSpec {
            case,
            policy,
            pattern: "",
            bytes,
            useful: None,
            reuse: None,
        }
    }

    pub(crate) fn useful(self, useful: u64) -> CellSpec<'a> {
        CellSpec {
            useful: Some(useful),
            ..self
        }
    }

    pub(crate) fn pattern(self, pattern: &'a str) -> CellSpec<'a> {
        CellSpec { pattern, ..self }
    }

    pub(crate) fn reuse(self, r: u32) -> CellSpec<'a> {
        CellSpec {
            reuse: Some(r),
            ..self
        }
    }

    /// The CSV row of one of its trials.
    pub(crate) fn row(&self, trial: Trial) -> Row {
        let mut r = Row::of(
            self.case,
            self.policy,
            self.bytes,
            trial.index,
            trial.time_ms,
        );
        r.pattern = self.pattern.to_string();
        r.useful_bytes = self.useful;
        r.reuse = self.reuse;
        r.move_ms = trial.move_ms;
        r.check = if trial.ok { Check::Ok } else { Check::Failed };
        r
    }
}

/// One measured trial of a cell.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Trial {
    /// Counts from 0 within this run (a resumed run's rows are renumbered after the file's).
    pub index: u32,
    pub time_ms: f64,
    /// Movement timed separately, where the cell times any.
    pub move_ms: Option<f64>,
    /// Whether the trial's result passed its check (`check = failed` otherwise).
    pub ok: bool,
}

impl Trial {
    /// A trial timed as one figure, without movement timed apart.
    pub(crate) fn timed(index: u32, time_ms: f64, ok: bool) -> Trial {
        Trial {
            index,
            time_ms,
            move_ms: None,
            ok,
        }
    }
}

/// Rows go here: written and flushed at once, kept for the summary, announced to the observer.
pub(crate) struct Sink<'o> {
    csv: CsvAppender,
    rows: Vec<Row>,
    observer: &'o mut dyn Observer,
    /// Rows already in the file (resume): count per cell.
    existing: HashMap<CellKey, u32>,
}

impl Sink<'_> {
    pub(crate) fn push(&mut self, mut row: Row) -> Result<(), BenchError> {
        row.trial += self.existing.get(&row.key()).copied().unwrap_or(0);
        self.csv.push(&row)?;
        self.observer.event(BenchEvent::Row(&row));
        self.rows.push(row);
        Ok(())
    }

    /// Writes one trial of `cell`.
    pub(crate) fn row(&mut self, cell: &CellSpec<'_>, trial: Trial) -> Result<(), BenchError> {
        self.push(cell.row(trial))
    }

    /// Writes a cell's trials after its check (`times`: ms and the movement timed apart), and
    /// says so when the check failed.
    pub(crate) fn cell(
        &mut self,
        cell: &CellSpec<'_>,
        times: &[(f64, Option<f64>)],
        ok: bool,
    ) -> Result<(), BenchError> {
        for (t, &(time_ms, move_ms)) in times.iter().enumerate() {
            self.row(
                cell,
                Trial {
                    index: t as u32,
                    time_ms,
                    move_ms,
                    ok,
                },
            )?;
        }
        if !ok {
            self.note(&format!(
                "check FAILED: {} {} {} {} {} bytes",
                cell.case.group().name(),
                cell.policy,
                cell.case.text(),
                cell.pattern,
                cell.bytes
            ));
        }
        Ok(())
    }

    pub(crate) fn note(&mut self, s: &str) {
        self.observer.event(BenchEvent::Note(s));
    }

    /// The last row written in this run, in words (for errors that stop a block).
    fn last_row(&self) -> Option<String> {
        self.rows.last().map(|r| {
            let mut s = format!("{} {} {}", r.group, r.policy, r.case);
            if !r.pattern.is_empty() {
                s += &format!(" {}", r.pattern);
            }
            s += &format!(" {}", format_size(r.bytes));
            if let Some(k) = r.reuse {
                s += &format!(" R={k}");
            }
            s + &format!(" trial {}", r.trial)
        })
    }
}

/// State shared by the groups while a block runs on the device.
pub(crate) struct Runner<'g, 'o> {
    pub gpu: &'g Gpu,
    pub sink: &'g mut Sink<'o>,
    pub cfg: &'g BenchConfig,
    /// The share of its time budget the next handoff block gets (1 unless a deadline presses).
    pub budget_scale: f64,
}

impl Runner<'_, '_> {
    /// Trials for a group (the override, else the group's default).
    pub(crate) fn trials(&self, g: Group) -> u32 {
        group_trials(self.cfg, g)
    }

    /// Writes one trial of `cell`.
    pub(crate) fn row(&mut self, cell: &CellSpec<'_>, trial: Trial) -> Result<(), BenchError> {
        self.sink.row(cell, trial)
    }

    /// Writes a cell's trials after its check: `times` in ms.
    pub(crate) fn cell(
        &mut self,
        cell: &CellSpec<'_>,
        times: &[(f64, Option<f64>)],
        ok: bool,
    ) -> Result<(), BenchError> {
        self.sink.cell(cell, times, ok)
    }
}

/// Trials per cell of a group: the global override, else the group's override, else its default.
/// Milliseconds on the host clock since `t`: how every host-timed phase of the suite is read.
pub(crate) fn ms_since(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

pub(crate) fn group_trials(cfg: &BenchConfig, g: Group) -> u32 {
    cfg.trials
        .or_else(|| {
            cfg.group_trials
                .iter()
                .find(|(x, _)| *x == g)
                .map(|(_, t)| *t)
        })
        .unwrap_or_else(|| g.default_trials())
        .max(1)
}

/// Trials of the handoff's `gpu_only` and `cpu_only` cells (steady or not used for prediction: the
/// adaptive minimum is enough).
pub(crate) fn handoff_side_trials(cfg: &BenchConfig) -> u32 {
    match (cfg.trials, cfg.adaptive) {
        (Some(t), _) => t.max(1),
        (None, Some(a)) => a.side_trials.max(1),
        (None, None) => Group::Handoff.default_trials(),
    }
}

/// Cells a block writes, with the trials each needs (for `--resume`): the block's last cell.
fn expected_cells(block: &Block, cfg: &BenchConfig) -> Vec<(CellKey, u32)> {
    let t = |g: Group| group_trials(cfg, g);
    let key =
        |case: &dyn Case, policy: Policy, pattern: &str, bytes: u64, reuse: Option<u32>| CellKey {
            group: case.group(),
            policy,
            case: case.text().into_owned(),
            pattern: pattern.to_string(),
            bytes,
            reuse,
        };
    match block {
        // The last cell a handoff block writes is `cpu_only`, with a fixed trial count.
        Block::Handoff { policy, bytes } => {
            vec![(
                key(
                    &umodel_core::table::HandoffCase::CpuOnly,
                    *policy,
                    "",
                    *bytes,
                    None,
                ),
                handoff_side_trials(cfg),
            )]
        }
        Block::Hbm { bytes } => vec![(
            key(&HbmCase::Launch, Policy::Device, "", *bytes, None),
            t(Group::Hbm),
        )],
        Block::HostMapped { bytes } => vec![(
            key(&HostMappedCase::Triad, Policy::HostMapped, "", *bytes, None),
            t(Group::HostMapped),
        )],
        Block::Transfer { bytes } => vec![(
            key(&TransferCase::D2h, Policy::Pageable, "", *bytes, None),
            t(Group::Transfer),
        )],
        Block::Prefetch { bytes } => vec![(
            key(
                &PrefetchCase::ToHost,
                Policy::ManagedPrefetch,
                "",
                *bytes,
                None,
            ),
            t(Group::Prefetch),
        )],
        // The CPU reads come last, trial by trial, in both blocks; the wide one last of all (since
        // `run160`: a managed block an earlier build finished lacks it and is measured again).
        Block::Managed { bytes } | Block::ManagedHost { bytes } => vec![(
            key(
                &ManagedCase::CpuReadMigratedWide,
                Policy::Managed,
                "",
                *bytes,
                None,
            ),
            t(Group::Managed),
        )],
        Block::Pattern { bytes, state } => vec![(
            key(&state.case(), state.policy(), "page:2097152", *bytes, None),
            t(Group::Pattern),
        )],
        Block::Task { workload, bytes } => {
            let task = workload.task(*bytes);
            let g = workload.group();
            let mut cells = Vec::new();
            for &r in workload.reuse() {
                for p in Policy::HANDOFF {
                    let case = TaskCase::new(g, &task.name, TaskPart::Total);
                    cells.push((key(&case, p, "", task.footprint(), Some(r)), t(g)));
                }
            }
            cells
        }
        // The last cell a peer block writes: its last alternation.
        Block::Peer { bytes, from, to } => {
            let case = umodel_core::peer::PeerCase {
                from: *from as u32,
                to: *to as u32,
                step: umodel_core::peer::PeerStep::Alternating,
            };
            let last = match cfg.reuse.last() {
                Some(&r) => key(&case, Policy::Managed, "", *bytes, Some(r)),
                // Primitives only (calibration): the handover is the last.
                None => {
                    let h = umodel_core::peer::PeerCase {
                        step: umodel_core::peer::PeerStep::Handover,
                        ..case
                    };
                    key(&h, Policy::Device, "", *bytes, None)
                }
            };
            vec![(last, t(Group::Peer))]
        }
        Block::Contention { .. } | Block::Oversub => vec![],
    }
}

/// The facts' `cpu_update` condition: how the CPU update runs and where its thread is (`core`:
/// the one asked for or chosen, `pinned`: whether pinning it there worked). Calibrations read its
/// first word as the thread count when the facts have no `cpu_threads` (`calibrate.rs`).
fn cpu_update_condition(cpu: &CpuConfig, core: Option<usize>, pinned: bool) -> String {
    match (cpu.threads, core, pinned) {
        (2.., _, _) => format!("{} threads, one per core", cpu.threads),
        (_, Some(c), true) => format!("single thread pinned to core {c}"),
        _ if cpu.core == CorePin::Unpinned => "single thread, not pinned".into(),
        _ => "single thread (pinning failed)".into(),
    }
}

/// What measures a block: the boundary between the suite's bookkeeping (plan, `--resume`, the CSV
/// and its facts file, pacing, the summary: [`run_with`]) and the measurements. [`Cuda`] is the
/// real one; the tests drive the same bookkeeping, and calibration on top of it, through a
/// CPU-only fake that injects faults (`fake.rs`: a kill after N rows, a GPU error in the middle of
/// a block, a failed check). The boundary is a whole block, not a CUDA call, so that the real
/// path's timing code is not touched by it: a block's rows reach the [`Sink`] one by one as they
/// are measured, which is all the bookkeeping sees.
pub(crate) trait Backend {
    /// Fills the start of the run's facts: platform, validity stamp, `start.*` conditions, how
    /// the CPU update runs (it may pin the calling thread), what is not measured.
    fn start(&mut self, cfg: &BenchConfig, facts: &mut RunFacts) -> Result<(), BenchError>;
    /// Measures `block`, handing each row to `sink` as soon as it is measured; returns once the
    /// device is idle. `budget_scale`: the share of its time budget a handoff block gets.
    fn run_block(
        &mut self,
        block: &Block,
        cfg: &BenchConfig,
        budget_scale: f64,
        sink: &mut Sink<'_>,
    ) -> Result<(), BenchError>;
    /// Conditions at the end of the run (`end.*` in the facts).
    fn conditions(&self) -> BTreeMap<String, String>;
}

/// The real backend: the suite's groups on one CUDA device.
pub(crate) struct Cuda {
    gpu: Gpu,
}

impl Cuda {
    pub(crate) fn open(cfg: &BenchConfig) -> Result<Cuda, BenchError> {
        Ok(Cuda {
            gpu: Gpu::open(cfg.device)?,
        })
    }
}

impl Backend for Cuda {
    fn start(&mut self, cfg: &BenchConfig, facts: &mut RunFacts) -> Result<(), BenchError> {
        let t0 = Instant::now();
        let gpu = &self.gpu;
        let platform = gpu.platform()?;
        // The validity stamp queries check a model against (read without CUDA, from /proc).
        facts.stamp = umodel_core::stamp::Machine::local()
            .map(|m| m.stamp_for(gpu.pci_bus_id().ok().as_deref(), &platform));
        facts.platform = platform;
        for (k, v) in gpu.conditions() {
            facts.conditions.insert(format!("start.{k}"), v);
        }
        // What opening the device took (not in `seconds.*`, the blocks' walls).
        let s = gpu.startup();
        facts
            .conditions
            .insert("startup.code".into(), s.code.name().into());
        facts.conditions.insert(
            "startup.nvrtc".into(),
            if s.nvrtc { "yes" } else { "no" }.into(),
        );
        for (k, v) in s.seconds() {
            facts
                .conditions
                .insert(format!("startup.{k}_s"), format!("{v:.3}"));
        }
        // The CPU work runs on the last core local to the GPU (NUMA), else the last core.
        let local = gpu
            .pci_bus_id()
            .ok()
            .and_then(|b| umodel_core::platform::local_cpus(&b))
            .and_then(|cpus| cpus.last().copied())
            .filter(|c| cpu::last_core().is_some_and(|l| *c <= l));
        if let Some(c) = local {
            facts
                .conditions
                .insert("gpu_local_last_core".into(), c.to_string());
        }
        let core = match cfg.cpu.core {
            CorePin::LocalLast => local.or_else(cpu::last_core),
            CorePin::Core(c) => Some(c),
            CorePin::Unpinned => None,
        };
        let pinned = cfg.cpu.threads <= 1 && core.is_some_and(cpu::pin_current_thread);
        facts.thread_pinned = Some(pinned);
        facts.conditions.insert(
            "cpu_update".into(),
            cpu_update_condition(&cfg.cpu, core, pinned),
        );
        let (cap, _) = gpu.managed_budget();
        facts
            .conditions
            .insert("managed_cap_bytes".into(), cap.to_string());
        facts.notes.push(
            "not measured: oversubscription (never run on shared machines); hardware counters (no profiler in the loop)".into(),
        );
        // Reading the facts above (sysfs, /proc, `nvidia-smi`, pinning): the rest of the start.
        facts.conditions.insert(
            "startup.facts_s".into(),
            format!("{:.3}", t0.elapsed().as_secs_f64()),
        );
        Ok(())
    }

    fn run_block(
        &mut self,
        block: &Block,
        cfg: &BenchConfig,
        budget_scale: f64,
        sink: &mut Sink<'_>,
    ) -> Result<(), BenchError> {
        let mut runner = Runner {
            gpu: &self.gpu,
            sink,
            cfg,
            budget_scale,
        };
        runner.run_block(block)?;
        self.gpu.sync()?;
        Ok(())
    }

    fn conditions(&self) -> BTreeMap<String, String> {
        let t0 = Instant::now();
        let mut c = self.gpu.conditions();
        c.insert(
            "conditions_s".into(),
            format!("{:.3}", t0.elapsed().as_secs_f64()),
        );
        c
    }
}

/// Runs the suite on the configured device.
pub fn run(cfg: &BenchConfig, observer: &mut dyn Observer) -> Result<BenchOutcome, BenchError> {
    run_with(cfg, Cuda::open, observer)
}

/// Runs the suite on the backend `open` gives (opened after the plan is known to be valid).
pub(crate) fn run_with<B: Backend>(
    cfg: &BenchConfig,
    open: impl FnOnce(&BenchConfig) -> Result<B, BenchError>,
    observer: &mut dyn Observer,
) -> Result<BenchOutcome, BenchError> {
    let started = Instant::now();
    let blocks = plan(cfg)?;
    let mut backend = open(cfg)?;
    let mut facts = RunFacts {
        started_utc: now_utc(),
        command: cfg.command.clone(),
        umodel_version: env!("CARGO_PKG_VERSION").to_string(),
        cpu_threads: Some(cfg.cpu.threads.max(1) as u32),
        ..RunFacts::default()
    };
    backend.start(cfg, &mut facts)?;
    let platform = facts.platform.clone();

    let (csv, csv_path, existing) = match &cfg.out {
        Output::Stdout => (
            CsvAppender::stdout()?,
            PathBuf::from("<stdout>"),
            HashMap::new(),
        ),
        Output::File(p) => {
            let existing = if cfg.resume && p.exists() {
                // A row a kill left half-written is not a measurement (issue 11).
                umodel_core::table::drop_torn_tail(p)?;
                existing_counts(p)?
            } else {
                HashMap::new()
            };
            (CsvAppender::open(p, cfg.resume)?, p.clone(), existing)
        }
    };
    let facts_path = match &cfg.out {
        Output::File(p) => Some(store::facts_path_for(p)),
        Output::Stdout => None,
    };
    let write_facts = |f: &RunFacts| -> Result<(), BenchError> {
        if let Some(fp) = &facts_path {
            store::write_atomic(
                fp,
                serde_json::to_string_pretty(f)
                    .expect("serialisable")
                    .as_bytes(),
            )?;
        }
        Ok(())
    };
    write_facts(&facts)?;

    observer.event(BenchEvent::Started {
        blocks: blocks.len(),
        platform: &platform,
    });
    let mut sink = Sink {
        csv,
        rows: Vec::new(),
        observer,
        existing: existing.clone(),
    };
    // A handoff block's nominal budget, where adaptive trials and a deadline apply.
    let paced = match (cfg.trials, cfg.adaptive) {
        (None, Some(a)) => a.deadline_s.map(|d| (a, d)),
        _ => None,
    };
    let nominal = |b: &Block| match (b, paced) {
        (Block::Handoff { bytes, .. }, Some((a, _))) => Some(a.budget_s(*bytes)),
        _ => None,
    };
    let mut pacer = paced.map(|(_, d)| Pacer::new(d, blocks.iter().filter_map(nominal)));
    if let Some((_, d)) = paced {
        facts
            .conditions
            .insert("deadline_s".into(), format!("{d:.1}"));
    }
    let mut skipped = 0;
    let mut block_times: Vec<(String, f64)> = Vec::new();
    let mut shortened: Vec<(String, f64)> = Vec::new();
    for (i, block) in blocks.iter().enumerate() {
        let done = !existing.is_empty()
            && expected_cells(block, cfg)
                .iter()
                .all(|(k, n)| existing.get(k).copied().unwrap_or(0) >= *n);
        let label = block.label();
        sink.observer.event(BenchEvent::Block {
            index: i,
            total: blocks.len(),
            label: &label,
            skipped: done,
        });
        let budget = nominal(block);
        if done {
            skipped += 1;
            if let (Some(p), Some(b)) = (pacer.as_mut(), budget) {
                p.skipped(b);
            }
            continue;
        }
        let budget_scale = match (&pacer, budget) {
            (Some(p), Some(_)) => p.scale(started.elapsed().as_secs_f64()),
            _ => 1.0,
        };
        if budget_scale < 1.0 {
            shortened.push((label.clone(), budget_scale));
        }
        let t0 = Instant::now();
        let before = sink.rows.len();
        backend
            .run_block(block, cfg, budget_scale, &mut sink)
            .map_err(|e| BenchError::Block {
                block: label.clone(),
                rows: sink.rows.len() - before,
                last: (sink.rows.len() > before)
                    .then(|| sink.last_row())
                    .flatten(),
                kept: match &cfg.out {
                    Output::File(p) => Some(p.clone()),
                    Output::Stdout => None,
                },
                source: Box::new(e),
            })?;
        let wall = t0.elapsed().as_secs_f64();
        if let (Some(p), Some(b)) = (pacer.as_mut(), budget) {
            p.finished(b, b * budget_scale, wall);
        }
        block_times.push((label, wall));
    }
    let rows = std::mem::take(&mut sink.rows);
    drop(sink);

    for (k, v) in backend.conditions() {
        facts.conditions.insert(format!("end.{k}"), v);
    }
    for (label, secs) in &block_times {
        facts
            .conditions
            .insert(format!("seconds.{label}"), format!("{secs:.2}"));
    }
    for (label, scale) in &shortened {
        facts
            .conditions
            .insert(format!("budget_scale.{label}"), format!("{scale:.2}"));
    }
    facts.finished_utc = now_utc();
    write_facts(&facts)?;
    let failed = rows.iter().filter(|r| r.check == Check::Failed).count();
    Ok(BenchOutcome {
        facts,
        summary: summarise(&rows),
        rows: rows.len(),
        failed,
        skipped_blocks: skipped,
        shortened_blocks: shortened,
        csv: csv_path,
        elapsed_s: started.elapsed().as_secs_f64(),
    })
}

impl Runner<'_, '_> {
    fn run_block(&mut self, block: &Block) -> Result<(), BenchError> {
        match *block {
            Block::Hbm { bytes } => self.hbm(bytes),
            Block::HostMapped { bytes } => self.host_mapped(bytes),
            Block::Transfer { bytes } => self.transfer(bytes),
            Block::Prefetch { bytes } => self.prefetch(bytes),
            Block::Managed { bytes } => self.managed(bytes),
            Block::ManagedHost { bytes } => {
                let trials = self.trials(Group::Managed);
                self.host_touches(bytes, 1, trials, true)
            }
            Block::Pattern { bytes, state } => self.pattern(bytes, state),
            Block::Handoff { policy, bytes } => self.handoff(policy, bytes),
            Block::Task { workload, bytes } => self.workload_task(workload, bytes),
            Block::Peer { bytes, from, to } => self.peer(bytes, from, to),
            Block::Contention { bytes } => self.contention(bytes),
            Block::Oversub => self.oversub(),
        }
    }
}

/// Rows per cell already in a CSV (for `--resume`).
fn existing_counts(path: &Path) -> Result<HashMap<CellKey, u32>, BenchError> {
    let t = Table::read(path)?;
    let mut m: HashMap<CellKey, u32> = HashMap::new();
    for r in t.rows.iter().chain(&t.failed) {
        *m.entry(r.key()).or_default() += 1;
    }
    Ok(m)
}

/// Summarises rows per cell (failed trials counted, not included).
pub fn summarise(rows: &[Row]) -> Vec<SummaryLine> {
    let mut cells: Vec<(CellKey, Vec<f64>, Vec<f64>, u32)> = Vec::new();
    let mut index: HashMap<CellKey, usize> = HashMap::new();
    for r in rows {
        let k = r.key();
        let i = *index.entry(k.clone()).or_insert_with(|| {
            cells.push((k, Vec::new(), Vec::new(), 0));
            cells.len() - 1
        });
        if r.check == Check::Failed {
            cells[i].3 += 1;
        } else {
            cells[i].1.push(r.time_ms);
            if let Some(u) = r.useful_bytes {
                cells[i].2.push(u as f64);
            }
        }
    }
    cells
        .into_iter()
        .map(|(k, t, u, failed)| {
            let s = Summary::of(&t);
            let median = s.map(|s| s.median).unwrap_or(f64::NAN);
            SummaryLine {
                cell: k,
                trials: s.map(|s| s.n).unwrap_or(0),
                median_ms: median,
                min_ms: s.map(|s| s.min).unwrap_or(f64::NAN),
                max_ms: s.map(|s| s.max).unwrap_or(f64::NAN),
                median_gbps: u
                    .first()
                    .filter(|_| median > 0.0)
                    .map(|u| u / (median * 1e-3) / 1e9),
                failed,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use umodel_core::schema::PatternCase;

    #[test]
    fn the_facts_say_where_the_cpu_updates_thread_ran() {
        let one = |core| CpuConfig { threads: 1, core };
        let c = cpu_update_condition;
        assert_eq!(
            c(&one(CorePin::LocalLast), Some(15), true),
            "single thread pinned to core 15"
        );
        assert_eq!(
            c(&one(CorePin::Core(3)), Some(3), true),
            "single thread pinned to core 3"
        );
        // Asked for and refused (a core this process may not use) is not the same as unpinned.
        assert_eq!(
            c(&one(CorePin::Core(99)), Some(99), false),
            "single thread (pinning failed)"
        );
        assert_eq!(
            c(&one(CorePin::LocalLast), None, false),
            "single thread (pinning failed)"
        );
        assert_eq!(
            c(&one(CorePin::Unpinned), None, false),
            "single thread, not pinned"
        );
        // Many threads are never pinned to one core, whatever `core` says.
        let many = CpuConfig {
            threads: 16,
            core: CorePin::Core(3),
        };
        assert_eq!(c(&many, Some(3), false), "16 threads, one per core");
        assert_eq!(CorePin::default(), CorePin::LocalLast);
    }

    #[test]
    fn the_suite_refuses_the_task_group_users_programs_write() {
        assert!(!DEFAULT_GROUPS.contains(&Group::Task));
        let e = parse_group("task").unwrap_err().to_string();
        assert!(
            e.contains("`task`") && e.contains("does not run") && e.contains("to_csv.py"),
            "{e}"
        );
        assert_eq!(parse_group("workload").unwrap(), Group::Workload);
        assert_eq!(parse_group("host-mapped").unwrap(), Group::HostMapped);
        let e = parse_group("gpu").unwrap_err().to_string();
        assert!(
            e.contains("unknown group `gpu`") && !e.contains("task,"),
            "{e}"
        );
        // A configuration built by hand is refused too, before any GPU is touched.
        for sizes in [None, Some(vec![MIB])] {
            let cfg = BenchConfig {
                groups: vec![Group::Hbm, Group::Task],
                sizes,
                ..BenchConfig::default()
            };
            let e = plan(&cfg).unwrap_err().to_string();
            assert!(e.contains("`task`") && e.contains("does not run"), "{e}");
        }
    }

    #[test]
    fn a_pacer_only_shortens_when_the_deadline_presses() {
        let p = Pacer::new(50.0, [4.5, 4.5]);
        assert_eq!(p.scale(10.0), 1.0); // 40 s left for 9 s of budgets
        assert!((p.scale(45.5) - 0.5).abs() < 1e-12); // 4.5 s left for 9 s
        assert_eq!(p.scale(60.0), 0.0); // past the deadline: the trial floor only
        assert_eq!(Pacer::new(50.0, []).scale(70.0), 1.0); // nothing to pace
    }

    #[test]
    fn a_pacer_learns_how_far_blocks_run_past_their_budgets() {
        let mut p = Pacer::new(50.0, [4.0, 4.0, 4.0]);
        // The first block was given its 4 s and took 6 s: half a second per second of budget.
        p.finished(4.0, 4.0, 6.0);
        // 38 s in, 12 s left for 8 s of budgets: 12/8 − 0.5 = 1.0.
        assert!((p.scale(38.0) - 1.0).abs() < 1e-12);
        // 42 s in: 8/8 − 0.5.
        assert!((p.scale(42.0) - 0.5).abs() < 1e-12);
        // A block that stopped early does not lower the overrun (2 s over 8 s of budget).
        p.finished(4.0, 4.0, 1.0);
        assert!((p.scale(46.0) - (4.0 / 4.0 - 2.0 / 8.0)).abs() < 1e-12);
        // A resumed run skips the last block: nothing left to pace.
        p.skipped(4.0);
        assert_eq!(p.scale(49.0), 1.0);
    }

    #[test]
    fn paced_blocks_end_by_the_deadline_when_their_overrun_is_steady() {
        // The minimal plan's handoff blocks (6 policies × 16 MiB, 256 MiB, 1 GiB), starting 6 s
        // in, each running its given time plus 30 % of its nominal budget (run2-run7 on the H200).
        let a = crate::calibrate::Plan::Minimal.adaptive();
        let budgets: Vec<f64> = [16u64 << 20, 256 << 20, 1 << 30]
            .iter()
            .flat_map(|&b| std::iter::repeat_n(a.budget_s(b), 6))
            .collect();
        let run = |deadline: f64| {
            let mut p = Pacer::new(deadline, budgets.iter().copied());
            let mut t = 6.0;
            for &b in &budgets {
                let given = b * p.scale(t);
                let wall = given + 0.3 * b;
                p.finished(b, given, wall);
                t += wall;
            }
            t
        };
        let unpaced = 6.0 + 1.3 * budgets.iter().sum::<f64>();
        assert!(
            (run(1e9) - unpaced).abs() < 1e-9,
            "no deadline pressure, no change"
        );
        assert!(unpaced > 50.0, "the example must press: {unpaced}");
        let paced = run(50.0);
        // The first block cannot know the overrun yet; every later one can.
        assert!(paced <= 50.0 + 0.3 * budgets[0] + 1e-9, "{paced}");
    }

    #[test]
    fn a_cell_spec_makes_the_row_the_positional_arguments_made() {
        // What `Runner::row(group, policy, case, pattern, bytes, useful, reuse, trial, ms, move,
        // ok)` built before the arguments became `CellSpec` and `Trial`.
        let mut want = Row::of(&PatternCase::Cold, Policy::Managed, 1 << 28, 3, 2.5);
        want.pattern = "stride:4".into();
        want.useful_bytes = Some(1 << 27);
        want.reuse = Some(8);
        want.move_ms = Some(0.25);
        want.check = Check::Failed;
        let spec = CellSpec::new(&PatternCase::Cold, Policy::Managed, 1 << 28)
            .pattern("stride:4")
            .useful(1 << 27)
            .reuse(8);
        let trial = Trial {
            index: 3,
            time_ms: 2.5,
            move_ms: Some(0.25),
            ok: false,
        };
        assert_eq!(spec.row(trial), want);
        // The defaults: a stream, no useful bytes, no R, a passed check.
        let plain = CellSpec::new(&HbmCase::Launch, Policy::Device, 1 << 20).row(Trial {
            ok: true,
            move_ms: None,
            ..trial
        });
        let mut want = Row::of(&HbmCase::Launch, Policy::Device, 1 << 20, 3, 2.5);
        want.check = Check::Ok;
        assert_eq!(plain, want);
    }

    #[test]
    fn summary_lines_keep_the_cell_keys_at_the_top_of_the_json() {
        let mut rows = vec![
            Row::of(&HbmCase::Triad, Policy::Device, 1 << 30, 0, 2.0),
            Row::of(&HbmCase::Triad, Policy::Device, 1 << 30, 1, 1.0),
        ];
        for r in &mut rows {
            r.useful_bytes = Some(3 << 30);
        }
        let mut bad = Row::of(&HbmCase::Triad, Policy::Device, 1 << 30, 2, 9.0);
        bad.check = Check::Failed;
        rows.push(bad);
        let lines = summarise(&rows);
        assert_eq!(lines.len(), 1);
        let v = serde_json::to_value(&lines[0]).unwrap();
        for (k, want) in [
            ("group", serde_json::json!("hbm")),
            ("policy", serde_json::json!("device")),
            ("case", serde_json::json!("triad")),
            ("pattern", serde_json::json!("")),
            ("bytes", serde_json::json!(1u64 << 30)),
            ("reuse", serde_json::Value::Null),
            ("trials", serde_json::json!(2)),
            ("median_ms", serde_json::json!(1.5)),
            ("failed", serde_json::json!(1)),
        ] {
            assert_eq!(v[k], want, "{k}");
        }
        assert!(v.get("cell").is_none());
    }
}
