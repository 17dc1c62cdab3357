//! Checking task predictions against a workload measured by the suite: each policy's whole-task
//! time, given the phase times the same run measured on plain memory.
//!
//! Rows of a measured task carry `case = "<task name>:<quantity>"`: `total` (the whole task under
//! the row's policy, host clock), `plain_cpu` (one CPU phase on ordinary heap memory), `plain_gpu`
//! (one GPU pass on device-resident data), `plain_final` (the final host access on heap memory),
//! and the task's parts under the policy (`cpu`, `gpu`, `move`). Runs since `run37` also carry a
//! migration probe beside the plain phases (`probe_to_host`, `probe_fault_in`,
//! `probe_fault_back`; since `run38` `probe_after_prefetch`: [`Probe`]), which `--probe` prices
//! the migrating steps from.

use std::borrow::Cow;
use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::query::within_noise;
use super::task::{predict_task, Probe, TaskQueryError, TaskTerms, TermId};
use crate::policy::Policy;
use crate::schema::{Group, TaskCase, TaskPart};
use crate::stats::{median, Summary};
use crate::table::{Row, Table};
use crate::task::Task;

/// Where the phase times of a validation came from.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PhaseTimes {
    /// One round's CPU phase on ordinary host memory, ms (the run's median, or as given).
    pub cpu_ms: f64,
    /// One GPU pass on device-resident data, ms (the run's median, or as given).
    pub gpu_ms: f64,
    /// The final host access on ordinary host memory, ms, where measured or given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cpu_final_ms: Option<f64>,
    /// Trials of the plain CPU phase behind `cpu_ms` (0 when given on the command line).
    pub cpu_trials: u32,
}

/// One policy at one reuse: predicted against measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskPoint {
    /// The policy.
    pub policy: Policy,
    /// GPU passes per round (R).
    pub reuse: f64,
    /// Predicted whole-task time, ms.
    pub predicted_ms: f64,
    /// The prediction's 90 % interval, ms.
    pub interval_ms: [f64; 2],
    /// Median of the measured totals, ms.
    pub measured_ms: f64,
    /// The fastest trial, ms.
    pub measured_min_ms: f64,
    /// The slowest trial, ms.
    pub measured_max_ms: f64,
    /// Robust SD of one measured trial.
    pub measured_sd_ms: f64,
    /// Trials measured.
    pub trials: u32,
    /// Absolute percentage error of the prediction, %.
    pub ape_pct: f64,
    /// Whether `measured_ms` lies in `interval_ms`.
    pub in_interval: bool,
    /// Where the measured median itself may lie: the order statistics of the trials that hold it
    /// with at least 80 % ([`crate::stats::median_interval`]; x(2)–x(6) of 7 trials, 87.5 %), ms.
    #[serde(default)]
    pub median_range_ms: [f64; 2],
    /// The exact coverage of `median_range_ms`.
    #[serde(default)]
    pub median_range_coverage: f64,
    /// The final host access this point was given, ms, where it had its own
    /// ([`PhaseOverrides::final_beside`]); else the run's, in [`TaskValidation::phases`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_final_ms: Option<f64>,
    /// The CPU phase this point was given, ms, where it had its own
    /// ([`PhaseOverrides::cpu_beside`]); else the run's, in [`TaskValidation::phases`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_ms: Option<f64>,
    /// The scale of `cpu_fault_run` this point was priced at, where asked for
    /// ([`PhaseOverrides::faults_beside`]): the median over its rows of the sparse cell timed
    /// beside each over the calibration's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_fault_run_scale: Option<f64>,
    /// With [`PhaseOverrides::final_beside`] or [`PhaseOverrides::cpu_beside`]: the median over
    /// trials of each trial's prediction (given the plain passes timed beside that trial's row)
    /// over the same trial's measured total, less 1, % (signed). Paired by trial, it does not
    /// depend on which of a host pass's two speeds each median of the trials lands on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired_error_pct: Option<f64>,
    /// Where `paired_error_pct` itself may lie: the order statistics of the trials' paired errors
    /// that hold their median with at least 80 % (as `median_range_ms`; of 4 trials the whole
    /// range, 87.5 %), % (signed). `None` where fewer than 4 trials leave no range that holds it
    /// so surely.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired_range_pct: Option<[f64; 2]>,
    /// The task's sides, predicted against the medians of the run's part rows (`cpu`, `gpu`,
    /// `move`), where the run has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parts: Option<PartsCheck>,
}

impl TaskPoint {
    /// Whether the trials hold the measured median in `median_range_ms` at
    /// [`MEDIAN_RANGE_LEVEL`] (4 trials or more): fewer resolve no miss.
    pub fn median_range_holds(&self) -> bool {
        self.median_range_coverage >= MEDIAN_RANGE_LEVEL
    }
}

/// One side of a task: predicted against the median of the run's rows of it, ms.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PartCheck {
    /// Predicted, ms.
    pub predicted_ms: f64,
    /// Median of the measured trials, ms.
    pub measured_ms: f64,
}

impl PartCheck {
    /// Prediction less measurement, relative to the measurement, % (0 where both are 0).
    pub fn error_pct(&self) -> f64 {
        if self.measured_ms == 0.0 {
            if self.predicted_ms == 0.0 {
                0.0
            } else {
                f64::INFINITY
            }
        } else {
            100.0 * (self.predicted_ms - self.measured_ms) / self.measured_ms
        }
    }
}

/// Where a task's time went, side by side, as the suite times it: which side a prediction misses
/// (the whole task's error can hide one side's error behind another's). Launch and
/// synchronisation are in neither side, so the sides need not add up to the total.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PartsCheck {
    /// The CPU phases and the final host access on the host clock, with what the policy adds to
    /// them (faults back, first touches after a prefetch).
    pub cpu: PartCheck,
    /// The GPU phases by events: the passes, what the link adds, fault-driven migration and
    /// duplication.
    pub gpu: PartCheck,
    /// Explicit copies and main-stream prefetches by events. (The prediction also counts what
    /// side-stream prefetches add beyond the GPU phase they overlap, which the suite times in no
    /// side: the overlapped variant of seed 001.)
    pub movement: PartCheck,
}

/// A pair of policies whose measured order is clear (gap beyond the trial spread of the two).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderCheck {
    /// GPU passes per round (R).
    pub reuse: f64,
    /// The policy measured faster.
    pub faster: Policy,
    /// The policy measured slower.
    pub slower: Policy,
    /// Measured gap between their medians, ms.
    pub measured_gap_ms: f64,
    /// Predicted time of `slower` less that of `faster`, ms (negative when misordered).
    pub predicted_gap_ms: f64,
    /// Whether the model orders them the same way.
    pub right: bool,
}

/// A task validation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskValidation {
    /// The task's name.
    pub task: String,
    /// The measurement CSV, as given.
    pub source: String,
    /// The phase times used, by task name.
    pub phases: BTreeMap<String, PhaseTimes>,
    /// The run's migration probe, where the migrating steps were priced from it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub probe: Option<Probe>,
    /// With [`PhaseOverrides::probe_beside`]: the trials' own probes found (one a trial, at its
    /// start), which priced the paired errors.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trial_probes: Option<usize>,
    /// Each policy at each reuse measured.
    pub points: Vec<TaskPoint>,
    /// Median absolute percentage error over the points, %.
    pub median_ape_pct: f64,
    /// Largest absolute percentage error over the points, %.
    pub max_ape_pct: f64,
    /// Share of measured medians inside their 90 % interval, %.
    pub coverage_pct: f64,
    /// Clear pairs the model ordered right.
    pub order_right: usize,
    /// Pairs at one reuse whose measured gap is beyond the noise of the two.
    pub order_total: usize,
    /// The clear pairs the model ordered wrong.
    pub misordered: Vec<OrderCheck>,
    /// Rows whose check failed (not used).
    pub failed_rows: usize,
    /// Points more than 5 % from their measured median.
    #[serde(default)]
    pub beyond_5pct: usize,
    /// Of those, the points whose prediction also lies outside `median_range_ms`, where that
    /// range holds the median with at least 80 % (4 trials or more): misses the measurement
    /// resolves. A point beyond 5 % but inside its range may be the trials' own
    /// scatter (on the H200 VM a third of the workload cells' ranges reach past ±5 % of their
    /// median, NOTES.md "Tasks").
    #[serde(default)]
    pub beyond_5pct_resolved: usize,
    /// The points' errors paired by trial ([`TaskPoint::paired_error_pct`]), where every point
    /// has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired: Option<PairedSummary>,
    /// Whether the rows were priced as issued from a pinned thread ([`Task::thread_pinned`]): the
    /// suite's own rows as its harness ran (the facts beside them), a user's as the task says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub thread_pinned: bool,
}

/// The paired errors of a validation's points ([`TaskPoint::paired_error_pct`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PairedSummary {
    /// Median of their absolute values, %.
    pub median_abs_pct: f64,
    /// Largest absolute value, %.
    pub max_abs_pct: f64,
    /// Points beyond 5 %.
    pub beyond_5pct: usize,
    /// Of those, the points whose `paired_range_pct` lies wholly beyond ±5 % on one side: misses
    /// the trials resolve. The rest may be the trials' own scatter.
    #[serde(default)]
    pub beyond_5pct_resolved: usize,
}

/// The least coverage of a point's `median_range_ms` and `paired_range_pct`; a range that holds
/// the median less surely (fewer than 4 trials) resolves no miss.
pub const MEDIAN_RANGE_LEVEL: f64 = 0.8;

/// Why a task could not be validated.
#[derive(Debug, thiserror::Error)]
pub enum TaskValidateError {
    /// The table has no `<task name>:total` rows for the task.
    #[error(
        "{source_desc}: no `{name}:total` rows (the suite writes them as case `<task name>:total`; \
         measured tasks here: {found})"
    )]
    NoRows {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
        /// The tasks the table measured (`none` when it measured none).
        found: String,
    },
    /// `back_beside` needs the final access the task was given, to read the host's level
    /// against, and there is none: neither in the table nor given.
    #[error(
        "{source_desc}: no plain final access for `{name}` (`{name}:plain_final` rows) to read \
         the host's level beside each row against; validate without --back-beside"
    )]
    NoFinal {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
    },
    /// The plain CPU or GPU phase time is neither in the table nor given.
    #[error(
        "{source_desc}: no plain-memory phase times for `{name}` (`{name}:plain_cpu` and \
         `{name}:plain_gpu` rows), and none given (--cpu-ms, --gpu-ms)"
    )]
    NoPhases {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
    },
    /// A probe was asked for and the run measured none.
    #[error(
        "{source_desc}: no migration probe beside `{name}` (no `{name}:probe_to_host`, \
         `probe_fault_in`, `probe_fault_back` or `probe_after_prefetch` rows: runs of the suite \
         before the probe lack them); validate without --probe or --probe-beside"
    )]
    NoProbe {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
    },
    /// No `total` row has the task file's footprint (another task's run, or another size's).
    #[error(
        "{source_desc}: `{name}` was measured with buffers of {measured} bytes in all, but the task \
         file describes {described} (validate with the task file of the run)"
    )]
    Footprint {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
        /// The sizes its `total` rows were measured at (all buffers together), comma-separated.
        measured: String,
        /// Bytes the task file describes.
        described: u64,
    },
    /// `--faults-beside` on a run of several sizes, whose sparse faults beside the rows were
    /// timed at one size in every size's block and cannot be told apart.
    #[error(
        "{source_desc}: `{name}` was measured at several sizes ({sizes} bytes in all), and the \
         sparse faults beside its rows were timed at one size in each of them, so they cannot be \
         paired with this size's rows; validate without --faults-beside, or a run of one size"
    )]
    SeveralSizes {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
        /// The sizes its `total` rows were measured at, comma-separated.
        sizes: String,
    },
    /// Plain phases beside the rows were asked for and the run has none for a row.
    #[error(
        "{source_desc}: no `{name}:{}` rows for {policy} at R = {reuse} (runs of the suite \
         before {} lack them); validate without {}",
        part.name(),
        beside_since(*part),
        beside_flag(*part)
    )]
    NoBeside {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
        /// The pass missing: [`TaskPart::PlainFinalBeside`], [`TaskPart::PlainCpuBeside`] or
        /// [`TaskPart::SparseCpuBeside`].
        part: TaskPart,
        /// The row's policy.
        policy: Policy,
        /// The row's reuse (`-` where the row has none).
        reuse: String,
    },
    /// Sparse faults beside the rows were asked for, and the model has no calibration cell of
    /// their size to compare them with.
    #[error(
        "{source_desc}: the sparse faults beside `{name}`'s rows were timed at {bytes} bytes, and \
         the model has no sparse cell of that size (a model fitted by an earlier umodel keeps \
         none: fit it again from its calibration CSV with `umodel fit`); validate without \
         --faults-beside"
    )]
    NoSparseReference {
        /// The measurement CSV.
        source_desc: String,
        /// The task's name.
        name: String,
        /// The size of the sparse cells beside the rows.
        bytes: u64,
    },
    /// The task could not be predicted.
    #[error(transparent)]
    Query(#[from] TaskQueryError),
}

/// Whether `r` is a task group's `<name>:<part>` row.
fn is_part(r: &Row, name: &str, part: TaskPart) -> bool {
    r.group.is_task()
        && r.case
            .strip_suffix(part.name())
            .and_then(|s| s.strip_suffix(':'))
            == Some(name)
}

fn cell(table: &Table, name: &str, part: TaskPart) -> BTreeMap<(Policy, Option<u32>), Vec<f64>> {
    let mut m: BTreeMap<(Policy, Option<u32>), Vec<f64>> = BTreeMap::new();
    for r in table.rows.iter().filter(|r| is_part(r, name, part)) {
        m.entry((r.policy, r.reuse)).or_default().push(r.time_ms);
    }
    m
}

/// The run of the suite that first timed `part` beside each row.
fn beside_since(part: TaskPart) -> &'static str {
    match part {
        TaskPart::PlainCpuBeside => "run96",
        TaskPart::SparseCpuBeside => "run103",
        _ => "run92",
    }
}

/// The command line's flag that asks for `part`.
fn beside_flag(part: TaskPart) -> &'static str {
    match part {
        TaskPart::PlainCpuBeside => "--cpu-beside",
        TaskPart::SparseCpuBeside => "--faults-beside",
        _ => "--final-beside",
    }
}

/// One policy row's total and the passes timed right after it, ms.
#[derive(Debug, Clone, Copy, Default)]
struct BesideRow {
    total: Option<f64>,
    fin: Option<f64>,
    cpu: Option<f64>,
    sparse: Option<f64>,
    /// The probe measured at the start of the row's trial: an index into [`Beside::probes`].
    probe: Option<usize>,
}

impl BesideRow {
    fn get(mut self, part: TaskPart) -> Option<f64> {
        *self.pass(part)
    }

    /// The pass `part` names: [`TaskPart::PlainCpuBeside`], [`TaskPart::SparseCpuBeside`], else
    /// the final access.
    fn pass(&mut self, part: TaskPart) -> &mut Option<f64> {
        match part {
            TaskPart::PlainCpuBeside => &mut self.cpu,
            TaskPart::SparseCpuBeside => &mut self.sparse,
            _ => &mut self.fin,
        }
    }
}

/// `name`'s rows with the plain passes timed beside them (`plain_final_beside`,
/// `plain_cpu_beside`), by policy and reuse. A pass belongs to the last `total` row of its
/// policy, R and trial before it: by position, not by trial number alone, since a table read from
/// several files repeats the trial numbers.
///
/// A trial's probe (`probe_of`'s `probe_*` rows, its own or its sibling's: [`own_or_sibling`])
/// belongs to every `total` row after it, up to the next trial's probe.
#[derive(Default)]
struct Beside {
    rows: BTreeMap<(Policy, Option<u32>), Vec<BesideRow>>,
    /// Each trial's probe samples: its size, and per figure in [`PROBE_PARTS`]' order.
    probes: Vec<(u64, [Vec<f64>; 5])>,
}

/// A probe's rows, in the order of [`Probe::from_samples`].
const PROBE_PARTS: [TaskPart; 5] = [
    TaskPart::ProbeToHost,
    TaskPart::ProbeFaultIn,
    TaskPart::ProbeFaultBack,
    TaskPart::ProbeAfterPrefetch,
    TaskPart::ProbeToDevice,
];

fn beside_rows(table: &Table, name: &str, probe_of: Option<&str>) -> Beside {
    let mut open = BTreeMap::new();
    let mut out = Beside::default();
    // The probe now open, and whether a `total` row has followed it (the next probe row starts
    // the next trial's).
    let mut probe: Option<usize> = None;
    let mut probe_used = false;
    for r in &table.rows {
        if let Some(k) = probe_of.and_then(|p| PROBE_PARTS.iter().position(|&q| is_part(r, p, q))) {
            if probe.is_none() || probe_used {
                out.probes.push((r.bytes, Default::default()));
                probe = Some(out.probes.len() - 1);
                probe_used = false;
            }
            if let Some(i) = probe {
                out.probes[i].1[k].push(r.time_ms);
            }
            continue;
        }
        let Some(part) = [
            TaskPart::Total,
            TaskPart::PlainFinalBeside,
            TaskPart::PlainCpuBeside,
            TaskPart::SparseCpuBeside,
        ]
        .into_iter()
        .find(|&p| is_part(r, name, p)) else {
            continue;
        };
        let rows = out.rows.entry((r.policy, r.reuse)).or_default();
        let key = (r.policy, r.reuse, r.trial);
        if part == TaskPart::Total {
            open.insert(key, rows.len());
            rows.push(BesideRow {
                total: Some(r.time_ms),
                probe,
                ..BesideRow::default()
            });
            probe_used = true;
            continue;
        }
        let i = match open.get(&key) {
            Some(&i) if rows[i].pass(part).is_none() => i,
            _ => {
                rows.push(BesideRow::default());
                rows.len() - 1
            }
        };
        *rows[i].pass(part) = Some(r.time_ms);
    }
    out
}

/// The measured task names in a table (case prefixes of `…:total` rows).
pub fn measured_tasks(table: &Table) -> Vec<String> {
    let mut v: Vec<String> = table
        .rows
        .iter()
        .filter_map(|r| TaskCase::parse(r.group, &r.case))
        .filter(|c| c.part == TaskPart::Total && !c.task.is_empty())
        .map(|c| c.task)
        .collect();
    v.sort();
    v.dedup();
    v
}

fn rows_of<'t>(table: &'t Table, name: &str, part: TaskPart) -> Vec<&'t Row> {
    table
        .rows
        .iter()
        .filter(|r| is_part(r, name, part))
        .collect()
}

/// `name`'s rows of a per-trial part (the plain phases, the probe), else those of the one other
/// task measured in the same group (the overlapped variant of seed 001 shares seed 001's).
fn own_or_sibling<'t>(table: &'t Table, name: &str, what: TaskPart) -> Vec<&'t Row> {
    let own = rows_of(table, name, what);
    if !own.is_empty() {
        return own;
    }
    let groups: Vec<_> = table
        .rows
        .iter()
        .filter(|r| is_part(r, name, TaskPart::Total))
        .map(|r| r.group)
        .collect();
    let mut prefixes: Vec<String> = table
        .rows
        .iter()
        .filter(|r| groups.contains(&r.group))
        .filter_map(|r| TaskCase::parse(r.group, &r.case))
        .filter(|c| c.part == what)
        .map(|c| c.task)
        .collect();
    prefixes.sort();
    prefixes.dedup();
    if prefixes.len() == 1 {
        rows_of(table, &prefixes[0], what)
    } else {
        Vec::new()
    }
}

/// Plain phase times for `name` ([`own_or_sibling`]).
fn plain(table: &Table, name: &str, what: TaskPart) -> Vec<f64> {
    own_or_sibling(table, name, what)
        .iter()
        .map(|r| r.time_ms)
        .collect()
}

/// Overrides of the phase times (the command line's).
#[derive(Debug, Clone, Copy, Default)]
pub struct PhaseOverrides<'a> {
    /// One round's CPU phase on ordinary host memory, ms, in place of the run's.
    pub cpu_ms: Option<f64>,
    /// One GPU pass on device-resident data, ms, in place of the run's.
    pub gpu_ms: Option<f64>,
    /// The final host access on ordinary host memory, ms, in place of the run's.
    pub cpu_final_ms: Option<f64>,
    /// Price the migrating steps from the run's migration probe (its `probe_*` rows, measured
    /// beside the plain phases) instead of the calibration's ([`TaskTerms::probed`]).
    pub use_probe: bool,
    /// A probe to price the migrating steps from in place of the calibration's (`validate
    /// --probe-from`), before [`Self::use_probe`]'s: the terms given stay the calibration's, so
    /// that the sparse faults beside a row ([`Self::faults_beside`]) stand in for the probe's
    /// sparse cell (rule S) rather than compound it.
    pub probe: Option<&'a Probe>,
    /// Give each policy and R the median of the plain final accesses timed right after its own
    /// rows (`plain_final_beside`, runs since `run92`) instead of the run's `plain_final`: on a
    /// shared host the level of a large host pass flips within a trial. A prediction never falls
    /// as its final access grows, so this is also the median of the predictions each trial's own
    /// plain pass gives, as `validate --cpu-from-trials` takes the handoff's. Ignored where
    /// `cpu_final_ms` is given.
    pub final_beside: bool,
    /// The same for the CPU phase: each policy and R gets the median of the plain CPU phases
    /// timed right after its own rows (`plain_cpu_beside`, runs since `run96`). Ignored where
    /// `cpu_ms` is given.
    pub cpu_beside: bool,
    /// Price each row's `cpu_fault_run` at the level of the sparse faults timed right after it
    /// (`sparse_cpu_beside`, runs since `run103`): that cell over the same cell of the
    /// calibration ([`TaskTerms::sparse_reference`]). Sparse faults run at one of two levels, in
    /// spells of a trial or longer; the partial update's managed row carries them.
    pub faults_beside: bool,
    /// Pair each trial with the migration probe measured at its start (the `probe_*` rows
    /// before its first `total` row, by position; four rounds a trial in the suite): each
    /// trial's prediction is priced from its own trial's probe instead of the run's, as a caller
    /// who probes right before each task would be answered. Implies [`Self::use_probe`] for the
    /// medians; pairs each trial as the flags above do.
    pub probe_beside: bool,
    /// Price each row's prefetch back to the host (`prefetch_to_host`) at the host's level of
    /// the plain final pass timed right after it: the term times that pass over the run's plain
    /// final access (or the given one). The driver writes the pages at the host memory's level,
    /// which flips within a trial; in the partial update the prefetch back follows the pass
    /// beside its own row (+0.73 at the median over 23 runs) and not the probe at its trial's
    /// start (calibration/h200/heldout-back/task_level.txt). Only for a task with a final access;
    /// pairs each trial as the flags above do, with [`Self::final_beside`]'s rows. An experiment,
    /// not adopted: over 31 runs it put more cells beyond 5 %, not fewer
    /// (calibration/h200/run134/judge.txt).
    pub back_beside: bool,
    /// Whether the suite's harness, which measured rows of its own task groups (not the `task`
    /// group a user's program writes), issued its CUDA calls from a pinned thread, as its facts
    /// say ([`crate::platform::RunFacts::harness_pinned`]); `None` (no facts) takes it as pinned, as
    /// every run before `--cpu-core none` was. Those rows are priced as a task with
    /// [`Task::thread_pinned`] so; a user's rows as their task file says.
    pub harness_pinned: Option<bool>,
}

/// The migration probe a run measured beside `name`'s plain phases (its `<name>:probe_*` rows,
/// else those of the one other task of its group), `None` when it measured none.
pub fn run_probe(table: &Table, name: &str) -> Option<Probe> {
    let rows = PROBE_PARTS.map(|part| own_or_sibling(table, name, part));
    let bytes = rows.iter().find_map(|rows| rows.first())?.bytes;
    let [to_host, fault_in, fault_back, after, to_device] =
        rows.map(|rows| rows.iter().map(|r| r.time_ms).collect::<Vec<_>>());
    Probe::from_samples(
        bytes,
        [&to_host, &fault_in, &fault_back, &after, &to_device],
    )
}

/// `table`'s rows of `task`'s size. A run of the suite at several sizes (`bench <group> --sizes
/// A,B`) holds a block of rows per size: the rows keyed by the task's size (its totals, its sides,
/// the plain phases) are kept where `bytes` is the task's footprint, the probe's where it is the
/// task's probe size; the sparse faults beside the rows, timed at one fixed size in every block,
/// only in a run of one size. Failed rows are chosen alike (the validation counts them). Every
/// other group's rows stay; a run of one size is taken as it is.
fn of_task_size<'t>(
    table: &'t Table,
    task: &Task,
    faults_beside: bool,
) -> Result<Cow<'t, Table>, TaskValidateError> {
    let name = &task.name;
    let footprint = task.footprint();
    let totals = || {
        table
            .rows
            .iter()
            .filter(|r| is_part(r, name, TaskPart::Total))
    };
    let sizes: BTreeSet<u64> = totals().map(|r| r.bytes).collect();
    let list = || {
        sizes
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    };
    if sizes.is_empty() {
        return Ok(Cow::Borrowed(table)); // no rows of the task: `validate_one_size` says so
    }
    if !sizes.contains(&footprint) {
        return Err(TaskValidateError::Footprint {
            source_desc: table.source.display().to_string(),
            name: name.clone(),
            measured: list(),
            described: footprint,
        });
    }
    if sizes.len() == 1 {
        return Ok(Cow::Borrowed(table));
    }
    if faults_beside {
        return Err(TaskValidateError::SeveralSizes {
            source_desc: table.source.display().to_string(),
            name: name.clone(),
            sizes: list(),
        });
    }
    // The groups the task was measured in (one, or seed 001's with its overlapped variant).
    let mut groups: Vec<Group> = Vec::new();
    for g in totals().map(|r| r.group) {
        if !groups.contains(&g) {
            groups.push(g);
        }
    }
    let probe_bytes = task.probe_shape().bytes;
    let of_size = |r: &Row| {
        if !groups.contains(&r.group) {
            return true;
        }
        match TaskCase::parse(r.group, &r.case).map(|c| c.part) {
            Some(p) if PROBE_PARTS.contains(&p) => r.bytes == probe_bytes,
            Some(TaskPart::SparseCpuBeside | TaskPart::SparseGpuBeside) => false,
            _ => r.bytes == footprint,
        }
    };
    let of_size_rows = |rows: &[Row]| rows.iter().filter(|r| of_size(r)).cloned().collect();
    // The extra columns hold a value per usable row, in their order.
    let keep: Vec<bool> = table.rows.iter().map(of_size).collect();
    Ok(Cow::Owned(Table {
        source: table.source.clone(),
        rows: of_size_rows(&table.rows),
        failed: of_size_rows(&table.failed),
        extra: table
            .extra
            .iter()
            .map(|(c, v)| {
                let v = v
                    .iter()
                    .zip(&keep)
                    .filter(|(_, &k)| k)
                    .map(|(x, _)| x.clone());
                (c.clone(), v.collect())
            })
            .collect(),
        warnings: table.warnings.clone(),
    }))
}

/// Validates `task` against its rows in `table`.
pub fn validate_task(
    terms: &TaskTerms,
    task: &Task,
    table: &Table,
    over: PhaseOverrides<'_>,
) -> Result<TaskValidation, TaskValidateError> {
    let one_size = of_task_size(table, task, over.faults_beside)?;
    validate_one_size(terms, task, &one_size, over)
}

/// [`validate_task`] on a table whose rows of `task` are of its size.
fn validate_one_size(
    terms: &TaskTerms,
    task: &Task,
    table: &Table,
    over: PhaseOverrides<'_>,
) -> Result<TaskValidation, TaskValidateError> {
    let name = &task.name;
    let source_desc = table.source.display().to_string();
    // The suite's own rows were measured by its harness, pinned or not as its facts say.
    let harnessed;
    let task = match table
        .rows
        .iter()
        .find(|r| is_part(r, name, TaskPart::Total))
    {
        Some(r) if r.group != Group::Task => {
            harnessed = Task {
                thread_pinned: over.harness_pinned.unwrap_or(true),
                ..task.clone()
            };
            &harnessed
        }
        _ => task,
    };
    let totals = cell(table, name, TaskPart::Total);
    if totals.is_empty() {
        return Err(TaskValidateError::NoRows {
            source_desc,
            name: name.clone(),
            found: {
                let m = measured_tasks(table);
                if m.is_empty() {
                    "none".into()
                } else {
                    m.join(", ")
                }
            },
        });
    }
    let cpu_rows = plain(table, name, TaskPart::PlainCpu);
    let gpu_rows = plain(table, name, TaskPart::PlainGpu);
    let fin_rows = plain(table, name, TaskPart::PlainFinal);
    let (Some(cpu), Some(gpu)) = (
        over.cpu_ms.or_else(|| median(&cpu_rows)),
        over.gpu_ms.or_else(|| median(&gpu_rows)),
    ) else {
        return Err(TaskValidateError::NoPhases {
            source_desc,
            name: name.clone(),
        });
    };
    let fin = over.cpu_final_ms.or_else(|| median(&fin_rows));
    // The rows do not carry the share; the suite probes in the task's shape since run55, so rows
    // at the shape's size were measured with its share.
    let shaped = |mut p: Probe| {
        let shape = task.probe_shape();
        if p.bytes == shape.bytes {
            p.cpu_fraction = shape.cpu_fraction;
        }
        p
    };
    let probe = if let Some(p) = over.probe {
        Some(p.clone())
    } else if over.use_probe || over.probe_beside {
        let Some(p) = run_probe(table, name) else {
            return Err(TaskValidateError::NoProbe {
                source_desc,
                name: name.clone(),
            });
        };
        Some(shaped(p))
    } else {
        None
    };
    // The calibration's terms, which each trial's own probe prices from (`--probe-beside`).
    let calibrated = terms;
    let probed;
    let terms = match &probe {
        Some(p) => {
            probed = terms.probed(p)?;
            &probed
        }
        None => terms,
    };
    let mut phases = BTreeMap::new();
    phases.insert(
        name.clone(),
        PhaseTimes {
            cpu_ms: cpu,
            gpu_ms: gpu,
            cpu_final_ms: fin,
            cpu_trials: if over.cpu_ms.is_some() {
                0
            } else {
                cpu_rows.len() as u32
            },
        },
    );
    let (cpu_parts, gpu_parts, move_parts) = (
        cell(table, name, TaskPart::Cpu),
        cell(table, name, TaskPart::Gpu),
        cell(table, name, TaskPart::Move),
    );
    // Only for a task with a final access, and where it is the run's own: one given on the
    // command line stands.
    let has_final = task.buffers.iter().any(|b| b.cpu_final.touches());
    let want_fin = over.final_beside && over.cpu_final_ms.is_none() && has_final;
    let want_cpu = over.cpu_beside && over.cpu_ms.is_none();
    let want_faults = over.faults_beside;
    let want_probe = over.probe_beside;
    // The host's level beside a row, as its final pass over the one the task was given.
    let want_back = over.back_beside && has_final;
    let back_level = match (want_back, fin) {
        (false, _) => None,
        (true, Some(f)) if f > 0.0 => Some(f),
        (true, _) => {
            return Err(TaskValidateError::NoFinal {
                source_desc,
                name: name.clone(),
            })
        }
    };
    // Whose probe rows the trials carry: the task's own, else its sibling's (as `run_probe`).
    let probe_of = want_probe
        .then(|| {
            PROBE_PARTS.iter().find_map(|&q| {
                let r = own_or_sibling(table, name, q).into_iter().next()?;
                TaskCase::parse(r.group, &r.case).map(|c| c.task)
            })
        })
        .flatten();
    let beside = (want_fin || want_cpu || want_faults || want_probe || want_back)
        .then(|| beside_rows(table, name, probe_of.as_deref()));
    // Each trial's probe, priced: `None` where its rows give no probe (a trial cut short).
    let trial_terms: Vec<Option<TaskTerms>> = match &beside {
        Some(b) if want_probe => b
            .probes
            .iter()
            .map(|(bytes, v)| {
                let p = Probe::from_samples(*bytes, [&v[0], &v[1], &v[2], &v[3], &v[4]]);
                p.map(|p| calibrated.probed(&shaped(p))).transpose()
            })
            .collect::<Result<_, _>>()?,
        _ => Vec::new(),
    };
    // The calibration's own sparse cell at the size of those beside the rows.
    let sparse_ref = match table
        .rows
        .iter()
        .find(|r| want_faults && is_part(r, name, TaskPart::SparseCpuBeside))
    {
        Some(r) => Some(terms.sparse_reference(r.bytes).ok_or_else(|| {
            TaskValidateError::NoSparseReference {
                source_desc: source_desc.clone(),
                name: name.clone(),
                bytes: r.bytes,
            }
        })?),
        None => None,
    };
    let mut points = Vec::new();
    for ((policy, r), v) in &totals {
        let (Some(s), Some((range, range_coverage))) = (
            Summary::of(v),
            crate::stats::median_interval(v, MEDIAN_RANGE_LEVEL),
        ) else {
            continue;
        };
        let key = (*policy, *r);
        let own: &[BesideRow] = beside
            .as_ref()
            .and_then(|b| b.rows.get(&key))
            .map_or(&[], Vec::as_slice);
        // The median of the passes beside this policy's rows, where asked for.
        let own_median = |want: bool, part: TaskPart| -> Result<Option<f64>, TaskValidateError> {
            if !want {
                return Ok(None);
            }
            let v: Vec<f64> = own.iter().filter_map(|b| b.get(part)).collect();
            median(&v)
                .map(Some)
                .ok_or_else(|| TaskValidateError::NoBeside {
                    source_desc: source_desc.clone(),
                    name: name.clone(),
                    part,
                    policy: *policy,
                    reuse: r.map_or_else(|| "-".into(), |r| r.to_string()),
                })
        };
        let own_fin = own_median(want_fin, TaskPart::PlainFinalBeside)?;
        let own_cpu = own_median(want_cpu, TaskPart::PlainCpuBeside)?;
        // `cpu_fault_run` at the level of the sparse faults beside a row (`ms`), where asked for.
        let level = |ms: f64| ms / sparse_ref.map_or(ms, |c| c.cpu_ms);
        // The prefetch back at the level of the final pass beside a row (`ms`), where asked for.
        let host_level = |ms: f64| back_level.map(|f| ms / f);
        let at_level = |base: &TaskTerms, faults: Option<f64>, back: Option<f64>| {
            // From the calibration's level, which a probe may have moved (rule S): the cell
            // beside the row stands in for the probe's.
            let faulted = faults.map(|k| base.with_latency_of(TermId::CpuFaultRun, calibrated, k));
            match back {
                Some(k) => Some(
                    faulted
                        .as_ref()
                        .unwrap_or(base)
                        .with_cost_scaled(TermId::PrefetchToHost, k),
                ),
                None => faulted,
            }
        };
        let own_scale = own_median(want_faults, TaskPart::SparseCpuBeside)?.map(level);
        let own_back = own_median(want_back, TaskPart::PlainFinalBeside)?.and_then(host_level);
        let scaled = at_level(terms, own_scale, own_back);
        let point_terms = scaled.as_ref().unwrap_or(terms);
        let mut t = task.clone();
        t.cpu_ms = Some(own_cpu.unwrap_or(cpu));
        t.gpu_ms = Some(gpu);
        if let Some(f) = own_fin.or(fin) {
            t.cpu_final_ms = Some(f);
        }
        if let Some(r) = r {
            t.reuse = f64::from(*r);
        }
        let p = predict_task(point_terms, &t, *policy)?;
        // Each trial's prediction, given the passes beside its row, over that trial's total.
        let (paired_error_pct, paired_range_pct) = if beside.is_some() {
            let mut ratios = Vec::new();
            for b in own {
                // A row missing a pass asked for (a trial cut short) is left out.
                let Some(total) = b.total else { continue };
                if ((want_fin || want_back) && b.fin.is_none())
                    || (want_cpu && b.cpu.is_none())
                    || (want_faults && b.sparse.is_none())
                {
                    continue;
                }
                // The trial's own probe, where asked for; a trial without one is left out too.
                let trial_base = if want_probe {
                    let Some(Some(t)) = b.probe.and_then(|i| trial_terms.get(i)) else {
                        continue;
                    };
                    t
                } else {
                    terms
                };
                let mut each = t.clone();
                if want_fin {
                    each.cpu_final_ms = b.fin;
                }
                if want_cpu {
                    each.cpu_ms = b.cpu;
                }
                let row_terms = at_level(
                    trial_base,
                    b.sparse.filter(|_| want_faults).map(level),
                    b.fin.filter(|_| want_back).and_then(host_level),
                );
                let priced = row_terms.as_ref().unwrap_or(trial_base);
                ratios.push(predict_task(priced, &each, *policy)?.time_ms / total);
            }
            let pct = |m: f64| 100.0 * (m - 1.0);
            (
                median(&ratios).map(pct),
                crate::stats::median_interval(&ratios, MEDIAN_RANGE_LEVEL)
                    .filter(|&(_, coverage)| coverage >= MEDIAN_RANGE_LEVEL)
                    .map(|([lo, hi], _)| [pct(lo), pct(hi)]),
            )
        } else {
            (None, None)
        };
        let measured =
            |m: &BTreeMap<(Policy, Option<u32>), Vec<f64>>| m.get(&key).and_then(|v| median(v));
        let q = &p.parts;
        let parts = match (
            measured(&cpu_parts),
            measured(&gpu_parts),
            measured(&move_parts),
        ) {
            (Some(c), Some(g), Some(mv)) => Some(PartsCheck {
                cpu: PartCheck {
                    predicted_ms: q.cpu_ms + q.cpu_faults_ms,
                    measured_ms: c,
                },
                gpu: PartCheck {
                    predicted_ms: q.gpu_ms + q.link_ms + q.gpu_faults_ms,
                    measured_ms: g,
                },
                movement: PartCheck {
                    predicted_ms: q.copy_ms + q.prefetch_ms,
                    measured_ms: mv,
                },
            }),
            _ => None,
        };
        points.push(TaskPoint {
            policy: *policy,
            reuse: t.reuse,
            predicted_ms: p.time_ms,
            interval_ms: p.interval_ms,
            measured_ms: s.median,
            measured_min_ms: s.min,
            measured_max_ms: s.max,
            measured_sd_ms: s.sd,
            trials: s.n,
            ape_pct: 100.0 * (p.time_ms - s.median).abs() / s.median,
            in_interval: p.interval_ms[0] <= s.median && s.median <= p.interval_ms[1],
            median_range_ms: range,
            median_range_coverage: range_coverage,
            cpu_final_ms: own_fin,
            cpu_ms: own_cpu,
            cpu_fault_run_scale: own_scale,
            paired_error_pct,
            paired_range_pct,
            parts,
        });
    }
    let apes: Vec<f64> = points.iter().map(|p| p.ape_pct).collect();
    let mut order_right = 0;
    let mut order_total = 0;
    let mut misordered = Vec::new();
    for (i, a) in points.iter().enumerate() {
        for b in &points[i + 1..] {
            if a.reuse != b.reuse {
                continue;
            }
            let (fast, slow) = if a.measured_ms <= b.measured_ms {
                (a, b)
            } else {
                (b, a)
            };
            let gap = slow.measured_ms - fast.measured_ms;
            if within_noise(gap, fast.measured_sd_ms, slow.measured_sd_ms) {
                continue;
            }
            order_total += 1;
            let right = fast.predicted_ms < slow.predicted_ms;
            if right {
                order_right += 1;
            } else {
                misordered.push(OrderCheck {
                    reuse: a.reuse,
                    faster: fast.policy,
                    slower: slow.policy,
                    measured_gap_ms: gap,
                    predicted_gap_ms: slow.predicted_ms - fast.predicted_ms,
                    right,
                });
            }
        }
    }
    let beyond: Vec<&TaskPoint> = points.iter().filter(|p| p.ape_pct > 5.0).collect();
    let beyond_5pct = beyond.len();
    // Fewer than 4 trials hold the median in no range at 80 %: their misses resolve nothing.
    let beyond_5pct_resolved = beyond
        .iter()
        .filter(|p| p.median_range_holds())
        .filter(|p| {
            !(p.median_range_ms[0] <= p.predicted_ms && p.predicted_ms <= p.median_range_ms[1])
        })
        .count();
    let paired: Option<Vec<f64>> = points
        .iter()
        .map(|p| p.paired_error_pct.map(f64::abs))
        .collect();
    let paired = paired.filter(|v| !v.is_empty()).map(|v| PairedSummary {
        median_abs_pct: median(&v).unwrap_or(0.0),
        max_abs_pct: v.iter().copied().fold(0.0, f64::max),
        beyond_5pct: v.iter().filter(|&&x| x > 5.0).count(),
        beyond_5pct_resolved: points
            .iter()
            .filter(|p| p.paired_error_pct.is_some_and(|e| e.abs() > 5.0))
            .filter(|p| {
                p.paired_range_pct
                    .is_some_and(|[lo, hi]| lo > 5.0 || hi < -5.0)
            })
            .count(),
    });
    Ok(TaskValidation {
        beyond_5pct,
        beyond_5pct_resolved,
        paired,
        thread_pinned: task.thread_pinned,
        task: name.clone(),
        source: source_desc,
        phases,
        probe,
        trial_probes: want_probe.then(|| trial_terms.iter().flatten().count()),
        median_ape_pct: median(&apes).unwrap_or(0.0),
        max_ape_pct: apes.iter().copied().fold(0.0, f64::max),
        coverage_pct: 100.0 * points.iter().filter(|p| p.in_interval).count() as f64
            / points.len().max(1) as f64,
        points,
        order_right,
        order_total,
        misordered,
        failed_rows: table
            .failed
            .iter()
            .filter(|r| TaskCase::parse(r.group, &r.case).is_some_and(|c| c.task == *name))
            .count(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::task::tests::toy_terms;
    use crate::model::task::SparseReference;
    use crate::schema::Group;
    use crate::task::workloads;

    fn rows_for(task: &Task, terms: &TaskTerms, skew: f64) -> Table {
        let mut rows = Vec::new();
        for trial in 0..5 {
            let mut plain = Row::of(
                &TaskCase::new(Group::Workload, &task.name, TaskPart::PlainCpu),
                Policy::Pageable,
                1,
                trial,
                20.0 + trial as f64 * 0.1,
            );
            plain.reuse = None;
            rows.push(plain);
            rows.push(Row::of(
                &TaskCase::new(Group::Workload, &task.name, TaskPart::PlainGpu),
                Policy::Device,
                1,
                trial,
                0.3,
            ));
            rows.push(Row::of(
                &TaskCase::new(Group::Workload, &task.name, TaskPart::PlainFinal),
                Policy::Pageable,
                1,
                trial,
                5.0,
            ));
            let mut t = task.clone();
            t.cpu_ms = Some(20.2);
            t.gpu_ms = Some(0.3);
            t.cpu_final_ms = Some(5.0);
            for policy in Policy::HANDOFF {
                let p = predict_task(terms, &t, policy).unwrap();
                rows.push(row_of(
                    task,
                    TaskPart::Total,
                    policy,
                    trial,
                    p.time_ms * skew + trial as f64 * 0.01,
                ));
            }
        }
        Table {
            rows,
            ..Table::default()
        }
    }

    /// A row of one of `task`'s policies at R = 1, as the suite writes it.
    fn row_of(task: &Task, part: TaskPart, policy: Policy, trial: u32, ms: f64) -> Row {
        let mut r = Row::of(
            &TaskCase::new(Group::Workload, &task.name, part),
            policy,
            task.footprint(),
            trial,
            ms,
        );
        r.reuse = Some(1);
        r
    }

    #[test]
    fn a_workload_measured_as_predicted_validates_exactly() {
        let terms = toy_terms();
        let task = workloads::seed_001();
        let v = validate_task(
            &terms,
            &task,
            &rows_for(&task, &terms, 1.0),
            PhaseOverrides::default(),
        )
        .unwrap();
        assert_eq!(v.points.len(), 6);
        assert!(v.max_ape_pct < 0.1, "{}", v.max_ape_pct);
        assert_eq!(v.order_right, v.order_total);
        assert!(v.order_total > 0);
        assert_eq!(v.phases["seed-001"].cpu_ms, 20.2);
    }

    #[test]
    fn a_users_own_rows_in_the_task_group_validate_as_the_suites_do() {
        // A user's own program writes the suite's rows in the `task` group
        // (contrib/independent/to_csv.py): judged the same, every figure alike.
        let terms = toy_terms();
        let task = workloads::partial_update();
        let suite = rows_for(&task, &terms, 1.1);
        let mut own = suite.clone();
        for r in &mut own.rows {
            r.group = Group::Task;
        }
        let v = validate_task(&terms, &task, &own, PhaseOverrides::default()).unwrap();
        assert_eq!(v.points.len(), 6);
        assert!(v.median_ape_pct > 5.0, "{}", v.median_ape_pct);
        // The suite's rows are priced as its harness ran them (pinned where no facts say), a
        // user's as the task says (unpinned here); the partial update never prefetches one buffer
        // right after another's move, so the two pricings agree on every figure.
        let mut theirs = validate_task(&terms, &task, &suite, PhaseOverrides::default()).unwrap();
        assert!(theirs.thread_pinned && !v.thread_pinned);
        theirs.thread_pinned = false;
        assert_eq!(v, theirs);
        // Facts that say the harness left its thread free price the suite's rows so too.
        let free = PhaseOverrides {
            harness_pinned: Some(false),
            ..PhaseOverrides::default()
        };
        assert!(
            !validate_task(&terms, &task, &suite, free)
                .unwrap()
                .thread_pinned
        );
    }

    #[test]
    fn a_systematic_error_shows_in_the_ape() {
        let terms = toy_terms();
        let task = workloads::partial_update();
        let v = validate_task(
            &terms,
            &task,
            &rows_for(&task, &terms, 1.1),
            PhaseOverrides::default(),
        )
        .unwrap();
        assert!(
            (v.median_ape_pct - 100.0 / 1.1 * 0.1).abs() < 0.2,
            "{}",
            v.median_ape_pct
        );
    }

    /// `table` with each policy's part rows (`cpu`, `gpu`, `move`) as the toy terms predict them,
    /// the GPU side `gpu_skew` times that.
    fn with_parts(mut table: Table, task: &Task, terms: &TaskTerms, gpu_skew: f64) -> Table {
        let mut t = task.clone();
        (t.cpu_ms, t.gpu_ms, t.cpu_final_ms) = (Some(20.2), Some(0.3), Some(5.0));
        for policy in Policy::HANDOFF {
            let q = predict_task(terms, &t, policy).unwrap().parts;
            for (part, ms) in [
                (TaskPart::Cpu, q.cpu_ms + q.cpu_faults_ms),
                (
                    TaskPart::Gpu,
                    (q.gpu_ms + q.link_ms + q.gpu_faults_ms) * gpu_skew,
                ),
                (TaskPart::Move, q.copy_ms + q.prefetch_ms),
            ] {
                for trial in 0..3 {
                    table.rows.push(row_of(task, part, policy, trial, ms));
                }
            }
        }
        table
    }

    #[test]
    fn the_parts_show_which_side_a_prediction_misses() {
        let terms = toy_terms();
        let task = workloads::seed_001();
        let plain = rows_for(&task, &terms, 1.0);
        // Without part rows (older runs) there is no side-by-side check.
        let v = validate_task(&terms, &task, &plain, PhaseOverrides::default()).unwrap();
        assert!(v.points.iter().all(|p| p.parts.is_none()));
        // The GPU side measured 25 % slower than predicted: only that side shows it.
        let table = with_parts(plain, &task, &terms, 1.25);
        let v = validate_task(&terms, &task, &table, PhaseOverrides::default()).unwrap();
        for p in &v.points {
            let parts = p.parts.expect("part rows");
            assert!(parts.cpu.error_pct().abs() < 1e-9, "{:?}", p.policy);
            assert!(parts.movement.error_pct().abs() < 1e-9 || parts.movement.measured_ms == 0.0);
            if parts.gpu.measured_ms > 0.0 {
                assert!(
                    (parts.gpu.error_pct() + 20.0).abs() < 1e-9,
                    "{:?}",
                    p.policy
                );
            }
        }
        // Explicit copy moves data, host-mapped does not.
        let side = |pol: Policy| {
            v.points
                .iter()
                .find(|p| p.policy == pol)
                .unwrap()
                .parts
                .unwrap()
        };
        assert!(side(Policy::ExplicitCopy).movement.measured_ms > 0.0);
        assert_eq!(side(Policy::HostMapped).movement.measured_ms, 0.0);
        assert_eq!(side(Policy::HostMapped).movement.error_pct(), 0.0);
        // The JSON carries the parts and reads back.
        let json = serde_json::to_string(&v).unwrap();
        let back: TaskValidation = serde_json::from_str(&json).unwrap();
        assert_eq!(back, v);
    }

    #[test]
    fn a_run_at_other_sizes_is_refused() {
        let terms = toy_terms();
        let table = rows_for(&workloads::seed_001(), &terms, 1.0);
        let mut small = workloads::seed_001();
        small.buffers[0].bytes = 4096;
        let e = validate_task(&terms, &small, &table, PhaseOverrides::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("201326592") && e.contains("134221824"), "{e}");
    }

    #[test]
    fn a_run_of_several_sizes_is_validated_from_the_rows_of_the_task_files_size() {
        // `bench workload --sizes 4MiB,64MiB`: a block of rows per size, one after the other,
        // and the sparse faults beside each row timed at 64 MiB in both.
        let terms = toy_terms();
        let big = workloads::seed_001();
        let mut small = workloads::seed_001();
        for b in &mut small.buffers {
            b.bytes = 4 << 20;
        }
        let block = |task: &Task, skew: f64| {
            let mut t = rows_for(task, &terms, skew);
            for r in &mut t.rows {
                r.bytes = task.footprint(); // the plain phases are keyed by the footprint
            }
            for trial in 0..5 {
                t.rows.push(row_of(
                    task,
                    TaskPart::SparseCpuBeside,
                    Policy::Managed,
                    trial,
                    9.0,
                ));
                t.rows.last_mut().unwrap().bytes = 64 << 20;
            }
            t.rows
        };
        let mut rows = block(&small, 1.25);
        rows.extend(block(&big, 1.0));
        // A row of the small block that failed its check counts for the small size alone.
        let failed = vec![row_of(&small, TaskPart::Total, Policy::Managed, 5, 1.0)];
        let table = Table {
            rows,
            failed,
            ..Table::default()
        };
        let v = validate_task(&terms, &big, &table, PhaseOverrides::default()).unwrap();
        assert_eq!(v.failed_rows, 0);
        assert_eq!(v.points.len(), 6);
        assert!(v.points.iter().all(|p| p.trials == 5), "{:?}", v.points);
        // rows_for's trials differ a little from the prediction.
        assert!(v.max_ape_pct < 0.1, "{}", v.max_ape_pct);
        // The small block was measured 25 % above its prediction: 20 % of what was measured.
        let v = validate_task(&terms, &small, &table, PhaseOverrides::default()).unwrap();
        assert_eq!(v.failed_rows, 1);
        assert!(v.points.iter().all(|p| p.trials == 5));
        assert!(
            (v.median_ape_pct - 20.0).abs() < 0.1,
            "{}",
            v.median_ape_pct
        );
        // A size not measured names those that were.
        let mut other = small.clone();
        other.buffers[0].bytes = 8 << 20;
        let e = validate_task(&terms, &other, &table, PhaseOverrides::default())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(&format!("{}, {}", small.footprint(), big.footprint())),
            "{e}"
        );
        // The sparse faults beside the rows cannot be told apart between the blocks.
        let over = PhaseOverrides {
            faults_beside: true,
            ..PhaseOverrides::default()
        };
        let e = validate_task(&terms, &big, &table, over).unwrap_err();
        assert!(matches!(e, TaskValidateError::SeveralSizes { .. }), "{e}");
        assert!(e.to_string().contains("without --faults-beside"), "{e}");
    }

    #[test]
    fn missing_rows_name_what_was_measured() {
        let terms = toy_terms();
        let table = rows_for(&workloads::seed_001(), &terms, 1.0);
        let e = validate_task(
            &terms,
            &workloads::compute_bound(),
            &table,
            PhaseOverrides::default(),
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.contains("compute-bound:total") && e.contains("seed-001"),
            "{e}"
        );
    }

    #[test]
    fn the_overlapped_variant_borrows_the_plain_phases_of_its_group() {
        let terms = toy_terms();
        let mut table = rows_for(&workloads::seed_001(), &terms, 1.0);
        let mut r = Row::of(
            &TaskCase::new(Group::Workload, "seed-001-overlapped", TaskPart::Total),
            Policy::ManagedPrefetch,
            3 << 26,
            0,
            300.0,
        );
        r.reuse = Some(1);
        table.rows.push(r);
        let v = validate_task(
            &terms,
            &workloads::seed_001_overlapped(),
            &table,
            PhaseOverrides::default(),
        )
        .unwrap();
        assert_eq!(v.points.len(), 1);
        assert_eq!(v.phases["seed-001-overlapped"].cpu_ms, 20.2);
    }

    /// One trial's plain phases at its start: the CPU phase `cpu`, a GPU pass of 0.3 ms, the
    /// final access `fin`.
    fn plain_rows(task: &Task, trial: u32, cpu: f64, fin: f64) -> [Row; 3] {
        [
            (TaskPart::PlainCpu, Policy::Pageable, cpu),
            (TaskPart::PlainGpu, Policy::Device, 0.3),
            (TaskPart::PlainFinal, Policy::Pageable, fin),
        ]
        .map(|(part, policy, ms)| {
            Row::of(
                &TaskCase::new(Group::Workload, &task.name, part),
                policy,
                1,
                trial,
                ms,
            )
        })
    }

    /// Whether the `i`-th policy runs at the slow level in `trial`: in four trials of six for
    /// half the policies, two for the others, so the medians of the totals land on either level.
    fn slow(trial: u32, i: usize) -> bool {
        (trial as usize + i) % 3 != 0
    }

    /// Six trials of every policy whose final access runs at `fin.0` or `fin.1` ms and whose
    /// CPU phases at `cpu.0` or `cpu.1`, the slow levels together, measured exactly as predicted
    /// at those levels. The plain passes at each trial's start are always at the fast levels; those
    /// beside each row (where asked for) at the row's.
    fn two_level_host(
        task: &Task,
        terms: &TaskTerms,
        [fin_beside, cpu_beside]: [bool; 2],
        fin: (f64, f64),
        cpu: (f64, f64),
    ) -> Table {
        let mut rows = Vec::new();
        for trial in 0..6u32 {
            rows.extend(plain_rows(task, trial, cpu.0, fin.0));
            for (i, policy) in Policy::HANDOFF.into_iter().enumerate() {
                let (f, c) = if slow(trial, i) {
                    (fin.1, cpu.1)
                } else {
                    (fin.0, cpu.0)
                };
                let mut t = task.clone();
                t.cpu_ms = Some(c);
                t.gpu_ms = Some(0.3);
                t.cpu_final_ms = Some(f);
                let total = predict_task(terms, &t, policy).unwrap().time_ms;
                let parts = [(TaskPart::Total, total)]
                    .into_iter()
                    .chain(fin_beside.then_some((TaskPart::PlainFinalBeside, f)))
                    .chain(cpu_beside.then_some((TaskPart::PlainCpuBeside, c)));
                for (part, ms) in parts {
                    rows.push(row_of(task, part, policy, trial, ms));
                }
            }
        }
        Table {
            rows,
            ..Table::default()
        }
    }

    /// [`two_level_host`] with the CPU phase at one level.
    fn two_level_finals(task: &Task, terms: &TaskTerms, beside: bool, fin: (f64, f64)) -> Table {
        two_level_host(task, terms, [beside, false], fin, (20.0, 20.0))
    }

    #[test]
    fn paired_by_trial_a_final_access_at_two_levels_validates_exactly() {
        let terms = toy_terms();
        let task = workloads::partial_update();
        let table = two_level_finals(&task, &terms, true, (5.0, 9.0));
        let start = validate_task(&terms, &task, &table, PhaseOverrides::default()).unwrap();
        // Given the trial-start pass (5 ms), the rows measured at 9 ms are predicted short.
        assert!(start.max_ape_pct > 1.0, "{}", start.max_ape_pct);
        assert!(start.paired.is_none());
        assert!(start.points.iter().all(|p| p.paired_error_pct.is_none()));
        let over = PhaseOverrides {
            final_beside: true,
            ..PhaseOverrides::default()
        };
        let v = validate_task(&terms, &task, &table, over).unwrap();
        let ps = v.paired.expect("every point paired");
        assert!(ps.max_abs_pct < 1e-9, "{ps:?}");
        assert_eq!(ps.beyond_5pct, 0);
        for p in &v.points {
            let e = p.paired_error_pct.unwrap();
            assert!(e.abs() < 1e-9, "{:?} {e}", p.policy);
            // The median of the passes beside the row, which the prediction is given.
            assert!(matches!(p.cpu_final_ms, Some(f) if f == 5.0 || f == 9.0 || f == 7.0));
        }
        // A final access given on the command line stands: nothing is paired.
        let given = PhaseOverrides {
            final_beside: true,
            cpu_final_ms: Some(6.0),
            ..PhaseOverrides::default()
        };
        let g = validate_task(&terms, &task, &table, given).unwrap();
        assert!(g.paired.is_none());
        assert!(g.points.iter().all(|p| p.cpu_final_ms.is_none()));
    }

    #[test]
    fn a_miss_is_resolved_only_when_the_trials_that_hold_the_median_lie_beyond_it_and_three_trials_resolve_none(
    ) {
        let terms = toy_terms();
        let task = workloads::partial_update();
        let mut table = two_level_finals(&task, &terms, true, (5.0, 9.0));
        // Explicit copy measured 1/1.1 of its prediction in all six trials: +10 % in each.
        // Managed so in four trials and 1/0.99 in two: a +10 % median whose trials reach −1 %.
        let total =
            crate::schema::Case::text(&TaskCase::new(Group::Workload, &task.name, TaskPart::Total));
        for r in table.rows.iter_mut().filter(|r| r.case == *total) {
            match r.policy {
                Policy::ExplicitCopy => r.time_ms /= 1.1,
                Policy::Managed => r.time_ms /= if r.trial < 4 { 1.1 } else { 0.99 },
                _ => {}
            }
        }
        let over = PhaseOverrides {
            final_beside: true,
            ..PhaseOverrides::default()
        };
        let v = validate_task(&terms, &task, &table, over).unwrap();
        let ps = v.paired.unwrap();
        assert_eq!((ps.beyond_5pct, ps.beyond_5pct_resolved), (2, 1), "{ps:?}");
        let point = |policy| v.points.iter().find(|p| p.policy == policy).unwrap();
        // Six trials: the median's interval at 80 % is the whole range (96.9 %).
        let [lo, hi] = point(Policy::ExplicitCopy).paired_range_pct.unwrap();
        assert!(
            (lo - 10.0).abs() < 1e-9 && (hi - 10.0).abs() < 1e-9,
            "{lo} {hi}"
        );
        let [lo, hi] = point(Policy::Managed).paired_range_pct.unwrap();
        assert!(
            (lo + 1.0).abs() < 1e-9 && (hi - 10.0).abs() < 1e-9,
            "{lo} {hi}"
        );
        let e = point(Policy::Managed).paired_error_pct.unwrap();
        assert!((e - 10.0).abs() < 1e-9, "{e}");
        // Without pairing there is nothing to resolve.
        let plain = validate_task(&terms, &task, &table, PhaseOverrides::default()).unwrap();
        assert!(plain.points.iter().all(|p| p.paired_range_pct.is_none()));
        // Three trials hold the median in no range at 80 % (75 % at most): the same misses,
        // neither paired nor unpaired resolved.
        table.rows.retain(|r| r.trial < 3);
        let three = validate_task(&terms, &task, &table, over).unwrap();
        let ps = three.paired.unwrap();
        assert_eq!((ps.beyond_5pct, ps.beyond_5pct_resolved), (2, 0), "{ps:?}");
        assert!(three.points.iter().all(|p| p.paired_range_pct.is_none()));
        assert!(three.beyond_5pct >= 1, "{}", three.beyond_5pct);
        assert_eq!(three.beyond_5pct_resolved, 0);
    }

    #[test]
    fn two_runs_validated_together_pair_every_row_with_the_pass_beside_it() {
        // As `validate --task FILE A.csv B.csv` reads them: B's rows after A's, with the same
        // trial numbers. B's host ran at 15 or 19 ms.
        let terms = toy_terms();
        let task = workloads::partial_update();
        let mut table = two_level_finals(&task, &terms, true, (5.0, 9.0));
        let b = two_level_finals(&task, &terms, true, (15.0, 19.0));
        table.rows.extend(b.rows);
        let over = PhaseOverrides {
            final_beside: true,
            ..PhaseOverrides::default()
        };
        let v = validate_task(&terms, &task, &table, over).unwrap();
        assert!(v.paired.unwrap().max_abs_pct < 1e-9, "{:?}", v.paired);
        for p in &v.points {
            assert_eq!(p.trials, 12);
            // Each policy's passes: 5 ms twice and 9 four times, then 15 twice and 19 four
            // times; the median of all twelve (12), not of B's six alone (19).
            assert_eq!(p.cpu_final_ms, Some(12.0), "{:?}", p.policy);
        }
    }

    /// Six trials of every policy whose faults of separate pages run at `levels.0` or `levels.1`
    /// times the calibration's (four trials of six slow for half the policies, two for the
    /// others), measured exactly as predicted at that level, each row followed by the
    /// calibration's 64 MiB sparse cell (10 ms there) at the row's level.
    fn two_level_faults(task: &Task, terms: &TaskTerms, levels: (f64, f64)) -> Table {
        let mut rows = Vec::new();
        for trial in 0..6u32 {
            rows.extend(plain_rows(task, trial, 4.0, 90.0));
            for (i, policy) in Policy::HANDOFF.into_iter().enumerate() {
                let k = if slow(trial, i) { levels.1 } else { levels.0 };
                let mut t = task.clone();
                (t.cpu_ms, t.gpu_ms, t.cpu_final_ms) = (Some(4.0), Some(0.3), Some(90.0));
                let at_level = terms.with_latency_scaled(TermId::CpuFaultRun, k);
                let total = predict_task(&at_level, &t, policy).unwrap().time_ms;
                rows.push(row_of(task, TaskPart::Total, policy, trial, total));
                let mut beside = row_of(task, TaskPart::SparseCpuBeside, policy, trial, 10.0 * k);
                beside.bytes = 64 << 20;
                rows.push(beside);
            }
        }
        Table {
            rows,
            ..Table::default()
        }
    }

    /// `terms` with the calibration's 64 MiB sparse cell as measured (the CPU's 10 ms).
    fn with_sparse_cell(mut terms: TaskTerms) -> TaskTerms {
        terms.set_sparse_references(vec![SparseReference {
            bytes: 64 << 20,
            cpu_ms: 10.0,
            gpu_ms: 5.0,
        }]);
        terms
    }

    #[test]
    fn paired_by_trial_faults_at_two_levels_validate_exactly_with_the_sparse_cell_beside() {
        let terms = with_sparse_cell(toy_terms());
        let task = workloads::partial_update();
        let table = two_level_faults(&task, &terms, (0.8, 1.3));
        // Priced at the calibration's level, the managed row (the one with faults of separate
        // pages) is off; the others are exact.
        let plain = validate_task(&terms, &task, &table, PhaseOverrides::default()).unwrap();
        for p in &plain.points {
            assert_eq!(
                p.ape_pct > 1.0,
                p.policy == Policy::Managed,
                "{:?}",
                p.policy
            );
        }
        let over = PhaseOverrides {
            faults_beside: true,
            ..PhaseOverrides::default()
        };
        let v = validate_task(&terms, &task, &table, over).unwrap();
        assert!(v.paired.unwrap().max_abs_pct < 1e-9, "{:?}", v.paired);
        // Each point at the median of the levels beside its rows.
        for p in &v.points {
            let k = p.cpu_fault_run_scale.unwrap();
            assert!(
                [0.8, 1.05, 1.3].iter().any(|l| (k - l).abs() < 1e-12),
                "{k}"
            );
        }
        // A model fitted without the sparse cells' record is refused, and so is a run that
        // timed no sparse cell beside its rows.
        let e = refusal(&toy_terms(), &task, table, "run103.csv", over);
        assert!(
            e.starts_with("run103.csv: the sparse faults beside `partial-update`'s rows were timed at 67108864 bytes")
                && e.contains("umodel fit")
                && e.contains("without --faults-beside"),
            "{e}"
        );
        let old = two_level_finals(&task, &terms, true, (5.0, 9.0));
        let e = refusal(&terms, &task, old, "run99.csv", over);
        assert_lacks_pass(
            &e,
            "run99.csv",
            "sparse_cpu_beside",
            "before run103",
            "--faults-beside",
        );
    }

    #[test]
    fn under_rule_s_the_sparse_faults_beside_a_row_stand_in_for_a_given_probes_not_compound_it() {
        // Terms on which `--probe` prices the CPU's fault runs from the probe's sparse cell (rule
        // S, the H100's): a probe's cell at 0.5 or 2 times the calibration's moves the managed
        // row given alone, but with `--faults-beside` the cell beside each row sets the level,
        // so both probes validate exactly as without one.
        let terms = with_sparse_cell(toy_terms()).with_fault_runs_from_probe(true);
        let task = workloads::partial_update();
        let table = two_level_faults(&task, &terms, (0.8, 1.3));
        let probe = |k: f64| Probe {
            bytes: 64 << 20,
            prefetch_to_host: None,
            fault_in: None,
            cpu_fault_back: None,
            cpu_after_prefetch: None,
            prefetch_to_device: None,
            fault_in_scalar_one_thread: None,
            cpu_fault_run: Some(crate::model::ProbeFigure {
                ms: 10.0 * k,
                rel_sd: 0.05,
                samples: 8,
            }),
            cpu_fraction: 1.0,
            link: None,
        };
        // The managed row: its prediction, and its trials' paired error where paired.
        let managed = |v: &TaskValidation| {
            let p = v
                .points
                .iter()
                .find(|p| p.policy == Policy::Managed)
                .unwrap();
            (p.predicted_ms, p.paired_error_pct)
        };
        let (low, high) = (probe(0.5), probe(2.0));
        let at = |p: Option<&Probe>, faults_beside| {
            let over = PhaseOverrides {
                probe: p,
                faults_beside,
                ..PhaseOverrides::default()
            };
            managed(&validate_task(&terms, &task, &table, over).unwrap())
        };
        assert!(at(Some(&low), false).0 < at(Some(&high), false).0);
        let beside = at(None, true).1.unwrap();
        assert!(beside.abs() < 1e-9, "{beside}");
        assert_eq!(at(Some(&low), true), at(None, true));
        assert_eq!(at(Some(&high), true), at(None, true));
    }

    /// The error validating `table`, read from `source`, gives.
    fn refusal(
        terms: &TaskTerms,
        task: &Task,
        mut table: Table,
        source: &str,
        over: PhaseOverrides,
    ) -> String {
        table.source = source.into();
        validate_task(terms, task, &table, over)
            .unwrap_err()
            .to_string()
    }

    /// `e` names `source`, the partial update's rows that lack `part`, says `also`, and says to
    /// validate without `flag`.
    fn assert_lacks_pass(e: &str, source: &str, part: &str, also: &str, flag: &str) {
        let start = format!("{source}: no `partial-update:{part}` rows for ");
        assert!(
            e.starts_with(&start) && e.contains(also) && e.contains(&format!("without {flag}")),
            "{e}"
        );
    }

    #[test]
    fn pairing_a_run_without_passes_beside_its_rows_names_the_run_and_the_row() {
        let terms = toy_terms();
        let task = workloads::partial_update();
        let table = two_level_finals(&task, &terms, false, (5.0, 9.0));
        let over = PhaseOverrides {
            final_beside: true,
            ..PhaseOverrides::default()
        };
        let e = refusal(&terms, &task, table, "run85.csv", over);
        assert_lacks_pass(
            &e,
            "run85.csv",
            "plain_final_beside",
            "at R = 1",
            "--final-beside",
        );
        // A task without a final access has nothing to pair and validates as before.
        let pc = workloads::producer_consumer();
        let plain = rows_for(&pc, &terms, 1.0);
        let v = validate_task(&terms, &pc, &plain, over).unwrap();
        assert!(v.paired.is_none());
    }
    #[test]
    fn paired_by_trial_cpu_phases_and_final_access_at_two_levels_validate_exactly() {
        let terms = toy_terms();
        let task = workloads::partial_update();
        let table = two_level_host(&task, &terms, [true, true], (5.0, 9.0), (20.0, 26.0));
        let with = |final_beside, cpu_beside| {
            let over = PhaseOverrides {
                final_beside,
                cpu_beside,
                ..PhaseOverrides::default()
            };
            validate_task(&terms, &task, &table, over).unwrap()
        };
        // Either pass alone leaves the other at its trial-start level: the slow rows stay off.
        for v in [with(true, false), with(false, true)] {
            assert!(v.paired.unwrap().max_abs_pct > 1.0, "{:?}", v.paired);
        }
        let v = with(true, true);
        assert!(v.paired.unwrap().max_abs_pct < 1e-9, "{:?}", v.paired);
        for p in &v.points {
            // The medians of the passes beside the row, which the prediction is given.
            assert!(matches!(p.cpu_ms, Some(c) if c == 20.0 || c == 26.0 || c == 23.0));
            assert!(p.cpu_final_ms.is_some());
        }
        // A CPU phase given on the command line stands: only the final access is paired.
        let given = PhaseOverrides {
            final_beside: true,
            cpu_beside: true,
            cpu_ms: Some(21.0),
            ..PhaseOverrides::default()
        };
        let g = validate_task(&terms, &task, &table, given).unwrap();
        assert!(g.points.iter().all(|p| p.cpu_ms.is_none()));
        assert!(g.points.iter().all(|p| p.cpu_final_ms.is_some()));
    }

    #[test]
    fn rows_cut_short_before_their_cpu_pass_are_left_out_of_the_pairing() {
        let terms = toy_terms();
        let task = workloads::partial_update();
        let mut table = two_level_host(&task, &terms, [true, true], (5.0, 9.0), (20.0, 26.0));
        // The four slow rows of one policy lost their CPU pass (runs stopped after the final
        // pass): its two fast rows are paired, and nothing stands in for the four.
        let cut = Policy::Managed;
        table.rows.retain(|r| {
            !(r.policy == cut
                && r.time_ms == 26.0
                && is_part(r, &task.name, TaskPart::PlainCpuBeside))
        });
        let over = PhaseOverrides {
            final_beside: true,
            cpu_beside: true,
            ..PhaseOverrides::default()
        };
        let v = validate_task(&terms, &task, &table, over).unwrap();
        assert!(v.paired.unwrap().max_abs_pct < 1e-9, "{:?}", v.paired);
        let p = v.points.iter().find(|p| p.policy == cut).unwrap();
        assert_eq!((p.trials, p.cpu_ms), (6, Some(20.0)));
    }

    #[test]
    fn a_task_without_a_final_access_pairs_its_cpu_phases() {
        let terms = toy_terms();
        let task = workloads::producer_consumer();
        let table = two_level_host(&task, &terms, [false, true], (0.0, 0.0), (14.0, 18.0));
        let over = PhaseOverrides {
            final_beside: true,
            cpu_beside: true,
            ..PhaseOverrides::default()
        };
        let v = validate_task(&terms, &task, &table, over).unwrap();
        assert!(v.paired.unwrap().max_abs_pct < 1e-9, "{:?}", v.paired);
        assert!(v.points.iter().all(|p| p.cpu_final_ms.is_none()));
        // Without the pairing the slow rows are predicted short.
        let start = validate_task(&terms, &task, &table, PhaseOverrides::default()).unwrap();
        assert!(start.max_ape_pct > 1.0, "{}", start.max_ape_pct);
    }

    #[test]
    fn pairing_cpu_phases_on_a_run_before_them_names_the_pass_and_the_flag() {
        let terms = toy_terms();
        let task = workloads::partial_update();
        // A run92-like table: final accesses beside the rows, no CPU phases.
        let table = two_level_finals(&task, &terms, true, (5.0, 9.0));
        let over = PhaseOverrides {
            final_beside: true,
            cpu_beside: true,
            ..PhaseOverrides::default()
        };
        let e = refusal(&terms, &task, table, "run92.csv", over);
        assert_lacks_pass(
            &e,
            "run92.csv",
            "plain_cpu_beside",
            "before run96",
            "--cpu-beside",
        );
    }

    /// A run whose migration rates move from trial to trial: each trial's four probe rounds at
    /// its start, then every policy's total priced from that trial's own probe. Trials 2 and 3
    /// lack their probe's prefetch back: their probes leave it at the calibration's, as a
    /// caller's probe without that figure would.
    fn drifting_probe(task: &Task, terms: &TaskTerms) -> Table {
        let shape = task.probe_shape();
        let mut rows = Vec::new();
        for trial in 0..4u32 {
            let level = 1.0 + f64::from(trial);
            let mut samples: [Vec<f64>; 5] = Default::default();
            for k in 0..4u32 {
                // A round's figures at the trial's level, the rounds a little apart.
                let figures = [4.0, 6.0, 5.0, 2.0, 1.5].map(|ms| ms * level + 0.01 * f64::from(k));
                for (i, (part, ms)) in PROBE_PARTS.into_iter().zip(figures).enumerate() {
                    if trial >= 2 && part == TaskPart::ProbeToHost {
                        continue;
                    }
                    samples[i].push(ms);
                    rows.push(Row::of(
                        &TaskCase::new(Group::Workload, &task.name, part),
                        Policy::ManagedPrefetch,
                        shape.bytes,
                        trial * 4 + k,
                        ms,
                    ));
                }
            }
            rows.extend(plain_rows(task, trial, 20.0, 5.0));
            let probe = Probe::from_samples(
                shape.bytes,
                [
                    &samples[0],
                    &samples[1],
                    &samples[2],
                    &samples[3],
                    &samples[4],
                ],
            )
            .map(|mut p| {
                p.cpu_fraction = shape.cpu_fraction;
                terms.probed(&p).unwrap()
            })
            .unwrap();
            let mut t = task.clone();
            (t.cpu_ms, t.gpu_ms, t.cpu_final_ms) = (Some(20.0), Some(0.3), Some(5.0));
            for policy in Policy::HANDOFF {
                let ms = predict_task(&probe, &t, policy).unwrap().time_ms;
                rows.push(row_of(task, TaskPart::Total, policy, trial, ms));
            }
        }
        Table {
            rows,
            ..Table::default()
        }
    }

    #[test]
    fn each_trial_priced_from_the_probe_at_its_start_pairs_a_drifting_run_exactly() {
        let terms = toy_terms();
        let task = workloads::seed_001();
        let table = drifting_probe(&task, &terms);
        let beside = PhaseOverrides {
            probe_beside: true,
            ..PhaseOverrides::default()
        };
        let v = validate_task(&terms, &task, &table, beside).unwrap();
        let paired = v.paired.unwrap();
        assert!(paired.max_abs_pct < 1e-9, "{paired:?}");
        assert_eq!(v.points.len(), Policy::HANDOFF.len());
        assert_eq!(v.trial_probes, Some(4));
        // The medians are priced from the run's probe, as `--probe` prices them.
        let run = PhaseOverrides {
            use_probe: true,
            ..PhaseOverrides::default()
        };
        let whole = validate_task(&terms, &task, &table, run).unwrap();
        assert_eq!(v.probe, whole.probe);
        for (a, b) in v.points.iter().zip(&whole.points) {
            assert_eq!(a.predicted_ms, b.predicted_ms, "{}", a.policy);
        }
        assert!(whole.paired.is_none());
    }

    #[test]
    fn pairing_each_trial_with_its_probe_needs_probe_rows() {
        let terms = toy_terms();
        let task = workloads::seed_001();
        let table = rows_for(&task, &terms, 1.0);
        let over = PhaseOverrides {
            probe_beside: true,
            ..PhaseOverrides::default()
        };
        let e = validate_task(&terms, &task, &table, over).unwrap_err();
        assert!(matches!(e, TaskValidateError::NoProbe { .. }), "{e}");
    }
}
