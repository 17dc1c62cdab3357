//! Pricing a task: each policy's steps priced from the terms, region by region and round by
//! round ([`predict_task`], [`explain_task`], [`choose_task`], [`breakeven_task`]), with the
//! interval and what each prediction had to assume. Compiled tasks (`price/compiled.rs`) record
//! the same steps once and price them from the record.

use super::*;

mod compiled;
pub use compiled::*;

/// What a pass of one float a thread that only writes a buffer pays to fault it in, over the
/// calibration's in-place pass (`fault_in_scalar`): run108's paired cycles 0.88–0.90 (median;
/// quartiles 0.82–0.99), the producer/consumer's later rounds 0.88 of the cell over 33 recorded
/// pairs (NOTES.md, "Faults under a kernel that only writes"). Held out on run114 and run115,
/// whose own cycles gave 0.85–0.87 (calibration/h200/run114/judge.txt).
pub const WRITE_ONLY_FAULT_SHARE: f64 = 0.89;

/// The share of a link pass that a task's first-touch faults hide, by the advice the advising
/// policies give its buffers (`Buffer::advice`): the duplicating share where only read-mostly
/// buffers fault in, the migrating one where only preferred-device ones do, their mean where both
/// do (a host-mapped buffer never faults in); 0 where the terms do not price it
/// ([`LinkUnderFaults`]). The other policies' passes never both fault and wait on the link, so it
/// does not matter to them.
pub(super) fn link_under_faults(task: &Task, terms: &TaskTerms) -> f64 {
    let Some(l) = terms.link_under_faults else {
        return 0.0;
    };
    let (mut dup, mut mig) = (false, false);
    for b in &task.buffers {
        match b.advice() {
            AdviceKind::ReadMostly => dup = true,
            AdviceKind::PreferDevice { .. } => mig = true,
            _ => {}
        }
    }
    match (dup, mig) {
        (true, true) => (l.duplicating + l.migrating) / 2.0,
        (true, false) => l.duplicating,
        _ => l.migrating,
    }
}

/// [`WRITE_ONLY_FAULT_SHARE`] for a buffer the GPU only writes, 1 otherwise.
fn write_only_share(gpu: Access) -> f64 {
    if gpu.writes() && !gpu.reads() {
        WRITE_ONLY_FAULT_SHARE
    } else {
        1.0
    }
}

/// Rule M3 (`calibration/h100/run312/plan.md`): what a migration after one host thread's writes
/// costs over its price after every core's, at `bytes` moved, where the terms have both
/// (`fault_in_scalar_one_thread` and `fault_in_scalar`, measured in the same trials): the
/// calibration's migrating cells follow a fill on every core, and on a slow H100 link a migration
/// after one thread's writes cost 0.63-0.76 of that at 64 MiB (calibration/h100/run310). The
/// streaming and random migrations take the same ratio, as a probe's migration moves both paces.
fn one_thread_ratio(terms: &TaskTerms, bytes: f64) -> Option<f64> {
    let one = terms.get(TermId::FaultInScalarOneThread)?.at(bytes);
    let all = terms.get(TermId::FaultInScalar)?.at(bytes);
    (all > 0.0 && one >= 0.0).then(|| one / all)
}

/// Relative uncertainty of a phase time the user gives (their own measurement, taken at another
/// moment than the run it predicts): a CPU phase on the H200 test machine's shared core moves a
/// few percent between neighbouring measurements even inside one level (NOTES.md, "Tasks").
/// On many threads see [`GIVEN_CPU_REL_SD_ON_THREADS`].
pub const GIVEN_CPU_REL_SD: f64 = 0.02;
/// [`GIVEN_CPU_REL_SD`] by the phase's host threads ([`Task::cpu_threads`],
/// [`Task::cpu_final_threads`]), linear in log2(threads) between the counts, 16's beyond: a phase
/// timed on its own on many threads is a weaker stand-in for the same phase inside the task.
/// Over the independent programs' runs `run142`–`run175` (k-means and relaxation, their host
/// phases inside the explicit-copy trials against the plain timing of the same run), the ratio
/// moved 0.077, 0.078 and 0.120 root mean square of log on 4, 8 and 16 threads (19, 17 and 48
/// configurations), 0.041 on one (the k-means's 10; calibration/h200/offline39/threads.txt);
/// halved for [`TASK_INTERVAL_SCALE`]. Held out on `run177`: 71 of 72 many-thread cells inside
/// (NOTES.md, "Intervals on many host threads").
pub const GIVEN_CPU_REL_SD_ON_THREADS: [(u32, f64); 4] =
    [(1, GIVEN_CPU_REL_SD), (4, 0.04), (8, 0.04), (16, 0.06)];

/// [`GIVEN_CPU_REL_SD_ON_THREADS`] at `threads` (none or one: [`GIVEN_CPU_REL_SD`]).
pub fn given_cpu_rel_sd(threads: Option<u32>) -> f64 {
    let t = f64::from(threads.unwrap_or(1).max(1));
    let table = &GIVEN_CPU_REL_SD_ON_THREADS;
    for w in table.windows(2) {
        let ((t0, s0), (t1, s1)) = (w[0], w[1]);
        if t <= f64::from(t1) {
            let (l0, l1) = (f64::from(t0).log2(), f64::from(t1).log2());
            return s0 + (s1 - s0) * (t.log2() - l0) / (l1 - l0);
        }
    }
    table[table.len() - 1].1
}
/// The same for a GPU pass (event-timed passes are steady to 0.1–1 %).
pub const GIVEN_GPU_REL_SD: f64 = 0.01;

/// What a prediction had to assume because the model lacks a measurement or the task a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Assumptions(pub(super) u32);

impl Assumptions {
    /// `cpu_ms` not given: estimated from the bytes the CPU touches at the calibrated rate.
    pub const CPU_ESTIMATED: u32 = 1;
    /// `gpu_ms` not given: estimated from the bytes the GPU touches at device-memory rates.
    pub const GPU_ESTIMATED: u32 = 1 << 1;
    /// `cpu_final_ms` not given: estimated from the bytes at the calibrated CPU rate.
    pub const FINAL_ESTIMATED: u32 = 1 << 2;
    /// No random-order terms in the model: random access priced at the sequential rate.
    pub const RANDOM_AS_SEQUENTIAL: u32 = 1 << 3;
    /// No measured prefetch of pages already in place: taken as free.
    pub const NO_PREFETCH_NOOP: u32 = 1 << 4;
    /// No CPU update on host-resident managed pages: taken as plain memory.
    pub const NO_CPU_MANAGED: u32 = 1 << 5;
    /// No GPU write over the link: priced as a read.
    pub const WRITE_AS_READ: u32 = 1 << 6;
    /// No launch/synchronisation term: taken as zero.
    pub const NO_SYNC: u32 = 1 << 7;
    /// No `faults_under_compute`: a kernel taken to hide the faults under its own work up to the
    /// shorter of the two (said where that hides 1 % of the prediction or more).
    pub const FAULTS_HIDE: u32 = 1 << 8;
    /// No `map_gather_write`: random reads over the link beside writes over it priced as the sum
    /// of the two apart.
    pub const GATHER_WRITE_AS_SUM: u32 = 1 << 9;
    /// No `fault_in_scalar`: pages faulted in under a pass of one element a thread priced at the
    /// streaming pass's rate.
    pub const SCALAR_AS_VECTOR: u32 = 1 << 10;
    /// No `prefetch_next`: a prefetch to the device right after another priced as the first
    /// after a phase.
    pub const NO_PREFETCH_NEXT: u32 = 1 << 11;
    /// No `prefetch_duplicate`: a prefetch of read-mostly pages to the device priced as a plain
    /// prefetch.
    pub const NO_PREFETCH_DUPLICATE: u32 = 1 << 12;
    /// A term priced a call under three quarters of the smallest size it was fitted at: its fixed
    /// part is extrapolated below the calibration.
    pub const BELOW_CALIBRATED: u32 = 1 << 13;
    /// No terms (or share) for faults back on many threads: a host phase on many threads priced to
    /// fault pages back at one thread's cost.
    pub const FAULT_BACK_ONE_THREAD: u32 = 1 << 14;
    /// No [`LinkUnderFaults`] (models fitted before rule G): a pass that faults pages in and waits
    /// on the link priced as the two in turn (said where the wait beside the faults is worth a
    /// percent of the prediction).
    pub const LINK_BESIDE_FAULTS: u32 = 1 << 15;

    /// Every assumption, one bit each.
    pub const ALL: [u32; 16] = [
        Self::CPU_ESTIMATED,
        Self::GPU_ESTIMATED,
        Self::FINAL_ESTIMATED,
        Self::RANDOM_AS_SEQUENTIAL,
        Self::NO_PREFETCH_NOOP,
        Self::NO_CPU_MANAGED,
        Self::WRITE_AS_READ,
        Self::NO_SYNC,
        Self::FAULTS_HIDE,
        Self::GATHER_WRITE_AS_SUM,
        Self::SCALAR_AS_VECTOR,
        Self::NO_PREFETCH_NEXT,
        Self::NO_PREFETCH_DUPLICATE,
        Self::BELOW_CALIBRATED,
        Self::FAULT_BACK_ONE_THREAD,
        Self::LINK_BESIDE_FAULTS,
    ];

    fn set(&mut self, f: u32) {
        self.0 |= f;
    }
    /// The assumptions as bits (the constants above, or-ed), for interfaces without this type.
    pub fn bits(self) -> u32 {
        self.0
    }
    /// The assumptions `bits` names; bits no constant above names are dropped.
    pub fn from_bits(bits: u32) -> Assumptions {
        Assumptions(bits & Self::ALL.iter().fold(0, |a, b| a | b))
    }
    /// Whether the assumption `f` (one of the constants above) was made.
    pub fn has(self, f: u32) -> bool {
        self.0 & f != 0
    }
    /// Whether nothing had to be assumed.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// Both sets of assumptions.
    pub fn union(self, other: Assumptions) -> Assumptions {
        Assumptions(self.0 | other.0)
    }
    /// Each assumption in words.
    pub fn notes(self) -> Vec<&'static str> {
        [
            (Self::CPU_ESTIMATED, "cpu_ms not given: estimated from the bytes the CPU touches at the calibrated x = a·x + b rate (measure your CPU phase and give --cpu-ms)"),
            (Self::GPU_ESTIMATED, "gpu_ms not given: estimated from the bytes the GPU touches at the calibrated device-memory rates (measure your kernel and give --gpu-ms)"),
            (Self::FINAL_ESTIMATED, "cpu_final_ms not given: estimated from the bytes at the calibrated CPU rate"),
            (Self::RANDOM_AS_SEQUENTIAL, "this model has no random-order migration, duplication or link-gather terms: random access priced at the sequential rate (likely optimistic)"),
            (Self::NO_PREFETCH_NOOP, "this model has no measurement of a prefetch of pages already in place: taken as free"),
            (Self::NO_CPU_MANAGED, "this model has no CPU update on host-resident managed pages beside plain memory: taken as equal"),
            (Self::WRITE_AS_READ, "this model has no GPU write over the link: priced as a read"),
            (Self::NO_SYNC, "this model has no launch/synchronisation term: taken as zero"),
            (
                Self::FAULTS_HIDE,
                "this model has no `faults_under_compute` (calibrations before it): the GPU phase's faults taken to hide under its kernel up to the shorter of the two",
            ),
            (
                Self::GATHER_WRITE_AS_SUM,
                "this model has no `map_gather_write` (calibrations before it): random reads over the link beside writes over it priced as the sum of the two apart (likely optimistic)",
            ),
            (
                Self::SCALAR_AS_VECTOR,
                "this model has no `fault_in_scalar` (calibrations before it): pages faulted in under a kernel of one element a thread priced at the rate of the calibration's four-floats-a-thread pass (likely optimistic; a buffer so accessed says `gpu_vector`)",
            ),
            (
                Self::NO_PREFETCH_NEXT,
                "this model has no `prefetch_next` (calibrations before it): a prefetch to the device right after another priced as the first after a phase (likely optimistic: such prefetches meet the slow rate more often)",
            ),
            (
                Self::NO_PREFETCH_DUPLICATE,
                "this model has no `prefetch_duplicate` (calibrations before it): a prefetch of read-mostly pages to the device, which duplicates them, priced as a plain prefetch (likely optimistic)",
            ),
            (
                Self::BELOW_CALIBRATED,
                "the task moves or faults less at a time than the smallest size its terms were measured at (`show` lists each term's sizes): their fixed costs are extrapolated below the calibration; on the H200, tasks of 4 MiB buffers came up to 37 % off at the median over policies, of 256 KiB up to 89 %, against 2-7 % at 64 MiB (NOTES.md, \"Tasks smaller than the calibration\")",
            ),
            (
                Self::FAULT_BACK_ONE_THREAD,
                "this model has no terms for faults back on many threads (`cpu_fault_back_4t`, `_8t`, `_16t`; calibrations before them): a host phase on many threads priced to fault pages back at one thread's cost (likely pessimistic: on the H200 the k-means's 4-16 threads paid 0.3-0.6 of it, NOTES.md \"The CPU's faults back on many threads\")",
            ),
            (
                Self::LINK_BESIDE_FAULTS,
                "this model has no `link_under_faults` (fitted before it; refit its calibration CSV with `umodel fit`): a GPU pass that faults pages in and waits on the link priced as the two in turn (likely pessimistic: on the H200 0.58 of such a wait hid under migrating faults, 0.47 under duplicating ones, NOTES.md \"The GPU side, round by round\")",
            ),
        ]
        .iter()
        .filter(|(f, _)| self.has(*f))
        .map(|(_, s)| *s)
        .collect()
    }
}

/// A task query the model cannot answer.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TaskQueryError {
    #[error(
        "this model has no task terms (it was fitted from {source_desc}, without the primitive \
         measurements they come from); calibrate this machine, refit a calibration's CSV with \
         this version, or use an embedded model that has them: {}",
        crate::store::embedded_with_task_terms().join(", ")
    )]
    /// The model has no task terms at all (fitted without the primitive measurements).
    NoTerms {
        /// What the model was fitted from, in words.
        source_desc: String,
    },
    #[error(
        "`{policy}` needs the term `{term}`, which this model's calibration did not measure \
         (calibrate with this version: its plans measure every task term)"
    )]
    /// The policy needs a term the model's calibration did not measure.
    MissingTerm {
        /// The policy being priced.
        policy: Policy,
        /// The missing term's name ([`TermId::name`]).
        term: &'static str,
    },
    /// The policy is not one a task can be priced under (the policy given).
    #[error("`{0}` is not a policy a task can use (use one of the handoff policies)")]
    NotATaskPolicy(Policy),
    /// The task, or a value a query replaces, fails its checks (the message says which).
    #[error("invalid task: {0}")]
    BadTask(String),
    /// A break-even was asked between a policy and itself (the policy given).
    #[error("break-even needs two different policies (got `{0}` twice)")]
    SamePolicy(Policy),
    /// A migration probe that cannot price a term ([`Probe::check`]'s message).
    #[error("probe: {0}")]
    BadProbe(String),
}

/// Where a prediction's time goes, ms (summed over rounds).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Parts {
    /// The CPU phases as given (or estimated), and the final host access.
    pub cpu_ms: f64,
    /// What the policy adds to the CPU phases: faults back, first touches after a prefetch.
    pub cpu_faults_ms: f64,
    /// The GPU passes at device speed as given (or estimated).
    pub gpu_ms: f64,
    /// What reading or writing over the link adds to the passes (host-mapped, mapped advice).
    pub link_ms: f64,
    /// Fault-driven migration and read-mostly duplication on the GPU's first touches.
    pub gpu_faults_ms: f64,
    /// Explicit copies.
    pub copy_ms: f64,
    /// Prefetches on the main stream, and what side-stream prefetches add beyond the GPU phase
    /// they overlap.
    pub prefetch_ms: f64,
    /// Launch and synchronisation per GPU phase.
    pub sync_ms: f64,
}

impl Parts {
    /// Adds `n` times every part of `o` (a compiled round's fixed costs, `n` rounds of them).
    #[inline]
    fn add_times(&mut self, o: &Parts, n: f64) {
        self.cpu_ms += n * o.cpu_ms;
        self.cpu_faults_ms += n * o.cpu_faults_ms;
        self.gpu_ms += n * o.gpu_ms;
        self.link_ms += n * o.link_ms;
        self.gpu_faults_ms += n * o.gpu_faults_ms;
        self.copy_ms += n * o.copy_ms;
        self.prefetch_ms += n * o.prefetch_ms;
        self.sync_ms += n * o.sync_ms;
    }

    fn add(&mut self, k: Kind, ms: f64) {
        match k {
            Kind::Cpu => self.cpu_ms += ms,
            Kind::CpuFaults => self.cpu_faults_ms += ms,
            Kind::Gpu => self.gpu_ms += ms,
            Kind::Link => self.link_ms += ms,
            Kind::GpuFaults => self.gpu_faults_ms += ms,
            Kind::Copy => self.copy_ms += ms,
            Kind::Prefetch => self.prefetch_ms += ms,
            Kind::Sync => self.sync_ms += ms,
        }
    }
    /// The sum of the parts, ms.
    pub fn total(&self) -> f64 {
        self.cpu_ms
            + self.cpu_faults_ms
            + self.gpu_ms
            + self.link_ms
            + self.gpu_faults_ms
            + self.copy_ms
            + self.prefetch_ms
            + self.sync_ms
    }
}

/// What a part of a task's time is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A CPU phase or the final host access ([`Parts::cpu_ms`]).
    Cpu,
    /// What the policy adds to a CPU phase ([`Parts::cpu_faults_ms`]).
    CpuFaults,
    /// GPU passes at device speed ([`Parts::gpu_ms`]).
    Gpu,
    /// What access over the link adds to the passes ([`Parts::link_ms`]).
    Link,
    /// Migration and duplication on the GPU's first touches ([`Parts::gpu_faults_ms`]).
    GpuFaults,
    /// An explicit copy ([`Parts::copy_ms`]).
    Copy,
    /// A prefetch ([`Parts::prefetch_ms`]).
    Prefetch,
    /// Launch and synchronisation of a GPU phase ([`Parts::sync_ms`]).
    Sync,
}

/// One priced item of an explained prediction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Item {
    /// Round (from 1); `None` for the final host access.
    pub round: Option<u32>,
    /// Which part of the time it is.
    pub kind: Kind,
    /// The buffer it concerns, where one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub buffer: Option<String>,
    /// The buffers it concerns together, where several fault in (or back) in one priced call.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub buffers: Vec<String>,
    /// Its cost, ms.
    pub ms: f64,
    /// What it is, in words.
    pub what: String,
}

impl Item {
    /// The item of `ms` for `round` and `kind`, naming the buffers `whose` holds by `name`.
    fn new(
        round: Option<u32>,
        kind: Kind,
        whose: Whose,
        name: impl Fn(usize) -> String,
        ms: f64,
        what: &str,
    ) -> Item {
        let (buffer, buffers) = whose.names(name);
        Item {
            round,
            kind,
            buffer,
            buffers,
            ms,
            what: what.to_string(),
        }
    }
}

/// What one calibrated term priced in an explained prediction, summed over the task: the calls
/// that paid its latency, the GiB it priced and the milliseconds. The link terms price whole
/// passes where the passes wait for the link (the items show only the wait beyond a pass at
/// device speed); a pass at device speed uses none.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct TermUse {
    /// The term.
    pub term: TermId,
    /// Calls that paid its latency.
    pub calls: f64,
    /// GiB it priced.
    pub gib: f64,
    /// What it priced, ms.
    pub ms: f64,
}

/// The terms `uses` holds, in [`TermId::ALL`] order.
fn term_uses(uses: &[Use; TermId::COUNT]) -> Vec<TermUse> {
    TermId::ALL
        .iter()
        .map(|&t| (t, uses[t.index()]))
        .filter(|(_, u)| u.lats != 0.0 || u.gib != 0.0 || u.ms != 0.0)
        .map(|(term, u)| TermUse {
            term,
            calls: u.lats,
            gib: u.gib,
            ms: u.ms,
        })
        .collect()
}

/// A task's predicted time under one policy.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TaskPrediction {
    /// The policy priced.
    pub policy: Policy,
    /// CPU↔GPU alternations priced.
    pub rounds: u32,
    /// GPU passes per round.
    pub reuse: f64,
    /// Predicted time of the whole task, ms (the sum of `parts`).
    pub time_ms: f64,
    /// 90 % interval for the median of a measurement of the whole task.
    pub interval_ms: [f64; 2],
    /// Standard deviation behind the interval, ms (term uncertainty, the terms' run-to-run spread
    /// and that of the given phase times); gaps below it are ties.
    pub sd_ms: f64,
    /// Where the time goes.
    pub parts: Parts,
    /// What the prediction had to assume.
    #[serde(skip)]
    pub assumptions: Assumptions,
}

/// The phase times a prediction uses, resolved.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Phases {
    cpu: f64,
    gpu: f64,
    fin: f64,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Loc {
    Host,
    /// On the host after a prefetch from the device: the CPU's first touch still costs.
    HostPrefetched,
    Device,
    /// Read-mostly, copies on both sides.
    Dup,
}

/// A region of a buffer: a share of its pages, who touches them, where they are.
#[derive(Clone, Copy, Debug)]
struct Region {
    share: f64,
    cpu: bool,
    gpu: bool,
    loc: Loc,
    /// The host wrote these pages since they last moved to the device (the host's fill counts):
    /// rule R prices a migration of pages it did not write at the calibration's price.
    host_wrote: bool,
}

#[derive(Clone, Copy, Debug)]
struct BufState {
    regions: [Region; 4],
    /// The buffer's advice under the advising policies (worked out once per query).
    advice: AdviceKind,
}

impl BufState {
    fn new(b: &crate::task::Buffer) -> BufState {
        let fc = if b.cpu.touches() { b.cpu_fraction } else { 0.0 };
        let fg = if b.gpu.touches() { b.gpu_fraction } else { 0.0 };
        let both = fc.min(fg);
        let r = |share, cpu, gpu| Region {
            share,
            cpu,
            gpu,
            loc: Loc::Host,
            host_wrote: true,
        };
        BufState {
            regions: [
                r(both, true, true),
                r(fg - both, false, true),
                r(fc - both, true, false),
                r(1.0 - fc.max(fg), false, false),
            ],
            advice: b.advice(),
        }
    }
}

/// Per-term use in one prediction: how many latencies, how many GiB, how many ms.
#[derive(Debug, Clone, Copy, Default)]
struct Use {
    lats: f64,
    gib: f64,
    ms: f64,
}

/// Prices tasks with a model's terms.
struct Pricer<'a> {
    terms: &'a TaskTerms,
    uses: &'a mut [Use; TermId::COUNT],
    /// The terms `uses` holds (bits by index): only they are summed and reset.
    used: u64,
    assumed: Assumptions,
    /// While compiling: every addition to `uses`, in order, so that a compiled task can redo them
    /// round by round ([`RoundByRound`]); `None` when pricing directly.
    log: Option<Vec<UseStep>>,
}

/// One addition to a prediction's term uses, as the direct pricing makes it.
#[derive(Debug, Clone, Copy)]
enum UseStep {
    /// [`Pricer::cost`] of term index `term`: `times` latencies where `lat`, and `gib` and `ms`.
    Cost {
        term: u8,
        lat: bool,
        times: f64,
        gib: f64,
        ms: f64,
    },
    /// The GPU phase's link parts ([`LinkCost::record`]), where the passes wait for the link.
    Link,
}

/// Reusable working memory of [`price`]: buffer states and term uses (a `choose` prices six
/// policies with one).
pub(crate) struct Scratch {
    states: Vec<BufState>,
    uses: [Use; TermId::COUNT],
}

impl Scratch {
    pub(crate) fn new() -> Scratch {
        Scratch {
            states: Vec::new(),
            uses: [Use::default(); TermId::COUNT],
        }
    }
}

/// A term's call of less than this share of the smallest size it was fitted at is an
/// extrapolation below the calibration ([`Assumptions::BELOW_CALIBRATED`]). On the H200 the task
/// terms are fitted at 16 and 64 MiB, and tasks of 4 MiB buffers came up to 37 % off at the median
/// over policies, of 256 KiB up to 89 %, against 2-7 % at 64 MiB (calibration/h200/run138/
/// small.txt). The margin keeps a call a little under the smallest size from being named.
const BELOW_FITTED: f64 = 0.75;

impl Pricer<'_> {
    /// The cost of `bytes` under term `t` (`lat`: whether the call pays the latency), counted.
    #[inline]
    fn cost(&mut self, t: TermId, bytes: f64, lat: bool, times: f64) -> f64 {
        self.cost_scaled(t, bytes, lat, times, 1.0)
    }

    /// As [`Pricer::cost`], the time `scale` times the term's (the host code's own fault-back,
    /// [`Task::fault_scale`]). The calls and GiB priced are the term's, so in the interval the
    /// fit's uncertainty stays the term's while the spread and run-to-run shift, relative to
    /// the time, scale with it.
    #[inline]
    fn cost_scaled(&mut self, t: TermId, bytes: f64, lat: bool, times: f64, scale: f64) -> f64 {
        let Some(c) = self.terms.get(t) else {
            return 0.0;
        };
        let l = if lat { c.lat_ms } else { 0.0 };
        // A call below the sizes the term was fitted at; a latency-only term (launches, fault
        // runs) prices no bytes. Compiled tasks note it once, when compiled.
        if lat && bytes > 0.0 {
            self.note_size(c, bytes);
        }
        let ms = (l + c.ms_per_gib * bytes / GIB) * times * scale;
        let gib = bytes / GIB * times;
        self.used |= 1u64 << t.index();
        let u = &mut self.uses[t.index()];
        if lat {
            u.lats += times;
        }
        u.gib += gib;
        u.ms += ms;
        if let Some(log) = &mut self.log {
            log.push(UseStep::Cost {
                term: t.index() as u8,
                lat,
                times,
                gib,
                ms,
            });
        }
        ms
    }

    /// Notes [`Assumptions::BELOW_CALIBRATED`] where `bytes`, one call's, lie below the sizes `c`
    /// was fitted at.
    #[inline]
    fn note_size(&mut self, c: &Cost, bytes: f64) {
        if bytes < BELOW_FITTED * c.sizes[0] as f64 {
            self.assumed.set(Assumptions::BELOW_CALIBRATED);
        }
    }

    /// One fault per separate run of the pages that move: a share `f` of a buffer's pages spread
    /// over it forms `pages · min(f, 1 − f)` runs (isolated pages, or isolated gaps); a whole
    /// buffer none beyond its bytes. Free where the model lacks the term (older calibrations).
    #[inline]
    fn runs(&mut self, t: TermId, f: f64, bytes: f64, scale: f64) -> f64 {
        let n = runs(f, bytes);
        if n == 0.0 || self.terms.get(t).is_none() {
            return 0.0;
        }
        self.cost_scaled(t, 0.0, true, n, scale)
    }

    /// `t`, or `fallback` noting `flag` where the model lacks `t`.
    #[inline]
    fn or(&mut self, t: TermId, fallback: TermId, flag: u32) -> TermId {
        if self.terms.get(t).is_some() {
            t
        } else {
            self.assumed.set(flag);
            fallback
        }
    }
}

/// Terms a policy cannot do without.
fn required(policy: Policy) -> &'static [TermId] {
    use TermId::*;
    match policy {
        Policy::ExplicitCopy => &[CopyH2d, CopyD2h],
        Policy::HostMapped => &[MapRead, MapReadWrite],
        Policy::Managed => &[FaultIn, CpuFaultBack],
        Policy::ManagedPrefetch => &[PrefetchToDevice, PrefetchToHost, CpuAfterPrefetch],
        Policy::ManagedAdvise => &[FaultIn, CpuFaultBack, Duplicate, MapRead, MapReadWrite],
        Policy::ManagedAdvisePrefetch => &[
            PrefetchToDevice,
            PrefetchToHost,
            CpuAfterPrefetch,
            Duplicate,
            MapRead,
            MapReadWrite,
        ],
        Policy::Device
        | Policy::Pageable
        | Policy::PeerCopy
        | Policy::PeerAccess
        | Policy::HostStaged => &[],
    }
}

/// Link bytes of one GPU pass.
#[derive(Default, Clone, Copy)]
struct Link {
    read: f64,
    write: f64,
    gather: f64,
    /// Managed pages mapped by advice rather than pinned memory.
    managed: bool,
}

/// The link part of one GPU pass, worked out once per GPU phase (it depends on where the pages are,
/// not on the phase times): up to four parts, each `ms` per pass, counted under a term — the longer
/// of the two directions (with that term's latency), what reading and writing in place cost each
/// other beyond it, random gathers, and what gathers and writes cost each other beyond their sum.
#[derive(Debug, Clone, Copy, PartialEq)]
struct LinkCost {
    /// Whether the pass moves anything over the link.
    any: bool,
    /// The parts present, with the term each is counted under.
    terms: [Option<TermId>; 4],
    ms: [f64; 4],
    gib: [f64; 4],
}

impl LinkCost {
    const NONE: LinkCost = LinkCost {
        any: false,
        terms: [None; 4],
        ms: [0.0; 4],
        gib: [0.0; 4],
    };

    /// The link time of `times` passes, ms (the parts added in order).
    #[inline]
    fn at(&self, times: f64) -> f64 {
        let mut t = 0.0;
        for i in 0..4 {
            if self.terms[i].is_some() {
                t += self.ms[i] * times;
            }
        }
        t
    }

    /// One pass's time over the link (0 without link traffic), and whether it exceeds a pass at
    /// device speed, `gpu` ms (the passes then wait for the link, and its terms count `reuse` times
    /// a phase).
    #[inline]
    fn pass_ms(&self, gpu: f64, reuse: f64) -> (f64, bool) {
        if !self.any {
            return (0.0, false);
        }
        let one = self.at(1.0);
        if one > gpu {
            (self.at(reuse) / reuse, true)
        } else {
            (one, false)
        }
    }

    /// Counts the parts' use, `times` passes, `scale` phases alike.
    #[inline]
    fn record(&self, uses: &mut [Use; TermId::COUNT], used: &mut u64, times: f64, scale: f64) {
        for i in 0..4 {
            if let Some(t) = self.terms[i] {
                *used |= 1 << t.index();
                let u = &mut uses[t.index()];
                if i == 0 {
                    u.lats += scale * times;
                }
                u.gib += scale * (self.gib[i] * times);
                u.ms += scale * (self.ms[i] * times);
            }
        }
    }
}

impl Pricer<'_> {
    /// The link part of one pass with `l` crossing the link.
    fn link_cost(&mut self, l: Link) -> LinkCost {
        use TermId::*;
        let mut lc = LinkCost {
            any: l.read + l.write + l.gather > 0.0,
            ..LinkCost::NONE
        };
        let (r, w) = (l.read, l.write);
        // Managed pages mapped by advice have terms of their own where measured.
        let (read_t, write_t, rw_t) = if l.managed && self.terms.get(ManagedMapRead).is_some() {
            (ManagedMapRead, ManagedMapWrite, ManagedMapReadWrite)
        } else {
            (MapRead, MapWrite, MapReadWrite)
        };
        if r > 0.0 || w > 0.0 {
            let pr = self.terms.get(read_t).map_or(0.0, |c| c.ms_per_gib);
            let write_term = self.or(write_t, read_t, Assumptions::WRITE_AS_READ);
            let pw = self.terms.get(write_term).map_or(0.0, |c| c.ms_per_gib);
            let rw_term = if self.terms.get(rw_t).is_some() {
                rw_t
            } else {
                MapReadWrite
            };
            let prw = self.terms.get(rw_term).map_or(pr + pw, |c| c.ms_per_gib);
            // Reads and writes cross the link in opposite directions at once: a pass takes the
            // longer of the two, plus what the calibrated in-place pass (as many bytes read as
            // written) showed they cost each other: `prw` a GiB against the faster alone.
            let (hi, mut hi_term, mut hi_bytes) = if r * pr >= w * pw {
                (pr, read_t, r)
            } else {
                (pw, write_term, w)
            };
            let (mut extra_rate, mut extra_bytes) = ((prw - hi).max(0.0), r.min(w));
            if r > w && w > 0.0 && l.gather == 0.0 {
                // Read data comes down; written data goes up, and with it what the reads cost
                // that way, which the in-place pass shows as `prw − pw` a GiB read. Where the
                // reads outweigh the writes, the writes hide under them: relax.cu's pass, 128 MiB
                // read and 64 written over the link, ran at 0.93-0.95 of its reads plus the
                // in-place excess for its writes in each of six cells and within 2 % of its reads
                // alone (calibration/h200/run175/steps.txt; held out on run177, NOTES.md, "Reads
                // and writes over the link in one pass"). Streams only: random reads send a
                // request up for every few bytes, and beside writes they have their own term.
                let up_rate = (prw - pw).max(0.0);
                if r * pr >= w * pw + r * up_rate {
                    extra_rate = 0.0;
                } else {
                    // The way up is the longer: the writes, and the reads' part of it.
                    (hi_term, hi_bytes) = (write_term, w);
                    (extra_rate, extra_bytes) = (up_rate, r);
                }
            }
            if let Some(c) = self.terms.get(hi_term) {
                self.note_size(c, hi_bytes);
                lc.terms[0] = Some(hi_term);
                lc.ms[0] = c.lat_ms + c.ms_per_gib * hi_bytes / GIB;
                lc.gib[0] = hi_bytes / GIB;
            }
            if extra_bytes > 0.0 && extra_rate > 0.0 {
                // Counted under the in-place term, whose rate it is part of.
                lc.terms[1] = Some(rw_term);
                lc.ms[1] = extra_rate * extra_bytes / GIB;
                lc.gib[1] = extra_bytes / GIB;
            }
        }
        // Random 4-byte reads are bound by the link's round trips and hardly overlap the streams:
        // beside a read stream the two add (H200, 64 MiB: seed 001's kernel with its table and keys
        // mapped 23.7 ms, the two apart 23.5; calibration/h200/run60, run61), beside a stream
        // written over the link they cost more (the next part).
        if l.gather > 0.0 {
            let t = if self.terms.get(MapGather).is_some() {
                MapGather
            } else {
                self.assumed.set(Assumptions::RANDOM_AS_SEQUENTIAL);
                MapRead
            };
            if let Some(c) = self.terms.get(t) {
                self.note_size(c, l.gather);
                lc.terms[2] = Some(t);
                lc.ms[2] = 0.0 + c.ms_per_gib * l.gather / GIB;
                lc.gib[2] = l.gather / GIB;
            }
            // Random reads beside writes over the link: seed 001's output accumulated in mapped
            // memory added 2.8–4.2 ms at 64 MiB beyond the sum of the two apart (run60, run61);
            // the calibration times the same pair in one kernel (`host_mapped/random-inplace`).
            if w > 0.0 && t == MapGather {
                match self.terms.get(MapGatherWrite) {
                    Some(c) => {
                        let both = l.gather.min(w);
                        lc.terms[3] = Some(MapGatherWrite);
                        lc.ms[3] = c.ms_per_gib * both / GIB;
                        lc.gib[3] = both / GIB;
                    }
                    None => self.assumed.set(Assumptions::GATHER_WRITE_AS_SUM),
                }
            }
        }
        lc
    }
}

/// The phase times a task does not give, estimated from its bytes at the calibrated rates, each
/// with what the estimate assumed.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Estimates {
    cpu: f64,
    cpu_assumed: Assumptions,
    fin: f64,
    fin_assumed: Assumptions,
    gpu: f64,
    gpu_assumed: Assumptions,
}

impl Estimates {
    fn of(task: &Task, terms: &TaskTerms) -> Estimates {
        use TermId::*;
        let half = |a: Access| match a {
            Access::None => 0.0,
            Access::ReadWrite => 1.0,
            _ => 0.5,
        };
        let mut cpu_assumed = Assumptions::default();
        cpu_assumed.set(Assumptions::CPU_ESTIMATED);
        let cpu = {
            let bytes: f64 = task
                .buffers
                .iter()
                .map(|b| b.cpu_bytes() * half(b.cpu))
                .sum();
            terms.get(CpuUpdate).map_or(0.0, |c| c.at(bytes))
        };
        let mut fin_assumed = Assumptions::default();
        let fin = {
            let bytes: f64 = task
                .buffers
                .iter()
                .map(|b| b.bytes as f64 * half(b.cpu_final))
                .sum();
            if bytes > 0.0 {
                fin_assumed.set(Assumptions::FINAL_ESTIMATED);
            }
            terms
                .get(CpuUpdate)
                .map_or(0.0, |c| if bytes > 0.0 { c.at(bytes) } else { 0.0 })
        };
        let mut gpu_assumed = Assumptions::default();
        gpu_assumed.set(Assumptions::GPU_ESTIMATED);
        let gpu = {
            let mut ms = 0.0;
            for b in &task.buffers {
                let bytes = b.gpu_bytes();
                if bytes == 0.0 {
                    continue;
                }
                let pass = terms.get(GpuPass).map_or(0.0, |c| c.ms_per_gib);
                let read = terms.get(GpuRead).map_or(pass / 2.0, |c| c.ms_per_gib);
                let rate = if !b.gpu_pattern.is_sequential() {
                    match terms.get(GpuGather) {
                        Some(c) => c.ms_per_gib,
                        None => {
                            gpu_assumed.set(Assumptions::RANDOM_AS_SEQUENTIAL);
                            read
                        }
                    }
                } else if b.gpu == Access::ReadWrite {
                    pass
                } else {
                    read
                };
                ms += rate * bytes / GIB;
            }
            ms + terms.get(GpuPass).map_or(0.0, |c| c.lat_ms)
        };
        Estimates {
            cpu,
            cpu_assumed,
            fin,
            fin_assumed,
            gpu,
            gpu_assumed,
        }
    }

    /// The phase times given (by the task or a query), else these estimates, noting what was
    /// assumed.
    #[inline]
    fn resolve(
        &self,
        cpu: Option<f64>,
        gpu: Option<f64>,
        fin: Option<f64>,
        assumed: &mut Assumptions,
    ) -> Phases {
        let mut pick = |given: Option<f64>, est: f64, a: Assumptions| {
            given.unwrap_or_else(|| {
                *assumed = assumed.union(a);
                est
            })
        };
        Phases {
            cpu: pick(cpu, self.cpu, self.cpu_assumed),
            gpu: pick(gpu, self.gpu, self.gpu_assumed),
            fin: pick(fin, self.fin, self.fin_assumed),
        }
    }
}

/// The relative spread of the phase times a prediction is given (or estimates).
#[derive(Debug, Clone, Copy, PartialEq)]
struct PhaseSd {
    /// A CPU phase of a round.
    cpu: f64,
    /// The final host access.
    fin: f64,
    /// A GPU pass.
    gpu: f64,
}

impl PhaseSd {
    /// The spread of a CPU phase (`fin`: the final access) of `ms`, as it enters the interval.
    fn cpu_ms(&self, ms: f64, fin: bool) -> f64 {
        ms * if fin { self.fin } else { self.cpu }
    }
}

/// The spread of a given (or estimated) phase time, relative: a given CPU phase's by its
/// threads (`threads`: the phase's and the final access's, [`given_cpu_rel_sd`]).
fn phase_rel_sd(
    terms: &TaskTerms,
    cpu_given: bool,
    gpu_given: bool,
    threads: (Option<u32>, Option<u32>),
) -> PhaseSd {
    let (cpu, fin) = if cpu_given {
        (given_cpu_rel_sd(threads.0), given_cpu_rel_sd(threads.1))
    } else {
        let sd = terms
            .get(TermId::CpuUpdate)
            .map_or(0.1, |c| c.rel_sd.max(0.05));
        (sd, sd)
    };
    let gpu = if gpu_given { GIVEN_GPU_REL_SD } else { 0.05 };
    PhaseSd { cpu, fin, gpu }
}

/// CPU-side extras of touching a buffer's regions (`all`: the final access touches every page).
/// Pages that come back are priced as one move of their bytes plus one fault per separate run
/// of them (a dense touch migrates large chunks per fault; pages spread over the buffer fault
/// one by one), at `scale` of what the calibration's read pays ([`Scale`]). Pages
/// prefetched back cost the CPU's first write to them, not a read (H200: reads ran at plain
/// speed, calibration/h200/run13 and run14).
fn cpu_touch(
    p: &mut Pricer<'_>,
    st: &mut BufState,
    bytes: f64,
    writes: bool,
    all: bool,
    scale: Scale,
) -> f64 {
    use TermId::*;
    let (mut back, mut prefetched, mut host) = (0.0, 0.0, 0.0);
    for r in st.regions.iter_mut() {
        if r.share == 0.0 || !(all || r.cpu) {
            continue;
        }
        r.host_wrote |= writes;
        match r.loc {
            Loc::Device => {
                back += r.share;
                r.loc = Loc::Host;
            }
            Loc::HostPrefetched => {
                prefetched += r.share;
                r.loc = Loc::Host;
            }
            Loc::Host => host += r.share,
            Loc::Dup => {
                if writes {
                    // A write collapses the duplicates to the host copy.
                    r.loc = Loc::Host;
                }
            }
        }
    }
    let mut ms = 0.0;
    if back > 0.0 {
        let scale = scale.of(p, back * bytes, runs(back, bytes));
        ms += p.cost_scaled(CpuFaultBack, back * bytes, true, 1.0, scale);
        ms += p.runs(CpuFaultRun, back, bytes, scale);
    }
    if prefetched > 0.0 && writes {
        ms += p.cost(CpuAfterPrefetch, prefetched * bytes, true, 1.0);
    }
    if host > 0.0 {
        if p.terms.get(CpuManaged).is_some() {
            ms += p.cost(CpuManaged, host * bytes, true, 1.0);
        } else {
            p.assumed.set(Assumptions::NO_CPU_MANAGED);
        }
    }
    ms
}

/// What the policy adds to a host access of every buffer `access` picks (the CPU phase's, or the
/// final one's touching every page).
fn host_extras(
    p: &mut Pricer<'_>,
    states: &mut [BufState],
    task: &Task,
    access: impl Fn(&crate::task::Buffer) -> Access,
    all: bool,
) -> (f64, Whose) {
    let mut extra = 0.0;
    // Whose faults they are, for `--explain` to name the buffers that fault back.
    let mut whose = Whose::Nobody;
    let scale = Scale {
        given: task.given_fault_scale(all),
        threads: task.threads(all),
    };
    for (i, b) in task.buffers.iter().enumerate() {
        let a = access(b);
        if a.touches() {
            let ms = cpu_touch(p, &mut states[i], b.bytes as f64, a.writes(), all, scale);
            if ms != 0.0 {
                whose = whose.and(i);
            }
            extra += ms;
        }
    }
    (extra, whose)
}

/// How many separate runs of pages a touch of a share `f` of a buffer's `bytes` pages, spread over
/// it, meets (none for a whole buffer): the unit of the fault-run terms.
#[inline]
fn runs(f: f64, bytes: f64) -> f64 {
    (bytes / 4096.0 * f.min(1.0 - f)).max(0.0)
}

/// What a host access's faults back are priced at, in units of the calibration's one-thread read.
#[derive(Clone, Copy)]
struct Scale {
    /// The host code's own, measured ([`Task::cpu_fault_scale`]).
    given: Option<f64>,
    /// Its threads ([`Task::cpu_threads`]).
    threads: u32,
}

impl Scale {
    /// The measured scale where given; else, on many threads, the model's share for them of
    /// `bytes` moved back in `runs` separate runs ([`TaskTerms::fault_back_share`]); else one
    /// thread's rate, said.
    fn of(self, p: &mut Pricer<'_>, bytes: f64, runs: f64) -> f64 {
        if let Some(s) = self.given {
            return s;
        }
        if self.threads <= 1 {
            return 1.0;
        }
        p.terms
            .fault_back_share(self.threads, bytes, runs)
            .unwrap_or_else(|| {
                p.assumed.set(Assumptions::FAULT_BACK_ONE_THREAD);
                1.0
            })
    }
}

/// Where a policy's priced steps go: straight into a prediction ([`Direct`]), or into a compiled
/// task's per-round sums (`Record`). What depends on the phase times (the CPU phases, the GPU
/// passes against their link and faults) is handed over unpriced.
trait Sink {
    /// A cost that does not depend on the phase times.
    fn fixed(&mut self, round: Option<u32>, kind: Kind, buf: Whose, ms: f64, what: &'static str);
    /// A CPU phase (`round` from 1), or the final host access (`round` None).
    fn cpu(&mut self, round: Option<u32>);
    /// A GPU phase: what its first pass waits for in faults (and the buffers faulting in), its
    /// link part, and the side-stream prefetches it overlaps.
    fn gpu(
        &mut self,
        round: u32,
        first: (f64, Whose),
        link: &LinkCost,
        side_ms: f64,
        p: &mut Pricer<'_>,
    );
}

/// Which buffers a GPU phase's first pass faults in, or a host access faults back: the ones an
/// explained fault item names. Several are priced as one call on their bytes together, so the
/// item names them together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Whose {
    Nobody,
    One(usize),
    /// A bit per buffer: a task has at most [`crate::task::MAX_BUFFERS`], 64.
    Several(u64),
}

impl Whose {
    fn and(self, buf: usize) -> Whose {
        const _: () = assert!(crate::task::MAX_BUFFERS <= 64);
        match self {
            Whose::Nobody => Whose::One(buf),
            Whose::One(a) if a == buf => self,
            Whose::One(a) => Whose::Several(1 << a | 1 << buf),
            Whose::Several(m) => Whose::Several(m | 1 << buf),
        }
    }

    /// An explained item's `buffer` and `buffers`: the one buffer's name, or the several's.
    fn names(self, name: impl Fn(usize) -> String) -> (Option<String>, Vec<String>) {
        match self {
            Whose::Nobody => (None, Vec::new()),
            Whose::One(b) => (Some(name(b)), Vec::new()),
            Whose::Several(m) => (
                None,
                (0..crate::task::MAX_BUFFERS)
                    .filter(|i| m >> i & 1 == 1)
                    .map(name)
                    .collect(),
            ),
        }
    }
}

/// One policy walking one task: where each buffer's pages are, and the pricer.
struct Run<'t, 's> {
    p: Pricer<'s>,
    task: &'t Task,
    policy: Policy,
    managed: bool,
    advising: bool,
    sync_term: Option<TermId>,
    states: &'s mut Vec<BufState>,
    /// Side-stream prefetches issued for the coming GPU phase, ms.
    side_ms: f64,
    /// Phases done so far: steps before a phase belong to its round; after the last, to the end.
    done: u32,
    /// Whether the last step was a prefetch on the main stream ([`TermId::PrefetchNext`]).
    after_prefetch: bool,
    /// `done` when a main-stream prefetch last moved pages ([`TermId::PrefetchNoopAfterMove`]).
    moved_at: Option<u32>,
}

impl<'t, 's> Run<'t, 's> {
    /// Starts `policy` on `task` (every page on the host), or says why it cannot be priced.
    fn new(
        terms: &'s TaskTerms,
        task: &'t Task,
        policy: Policy,
        scratch: &'s mut Scratch,
    ) -> Result<Run<'t, 's>, TaskQueryError> {
        if !Policy::HANDOFF.contains(&policy) {
            return Err(TaskQueryError::NotATaskPolicy(policy));
        }
        if let Some(t) = required(policy).iter().find(|t| terms.get(**t).is_none()) {
            return Err(TaskQueryError::MissingTerm {
                policy,
                term: t.name(),
            });
        }
        let Scratch { states, uses } = scratch;
        *uses = [Use::default(); TermId::COUNT];
        let mut p = Pricer {
            terms,
            uses,
            used: 0,
            assumed: Assumptions::default(),
            log: None,
        };
        states.clear();
        states.extend(task.buffers.iter().map(BufState::new));
        let sync_term = if terms.get(TermId::Sync).is_some() {
            Some(TermId::Sync)
        } else {
            p.assumed.set(Assumptions::NO_SYNC);
            None
        };
        Ok(Run {
            p,
            task,
            policy,
            managed: matches!(
                policy,
                Policy::Managed
                    | Policy::ManagedPrefetch
                    | Policy::ManagedAdvise
                    | Policy::ManagedAdvisePrefetch
            ),
            advising: matches!(
                policy,
                Policy::ManagedAdvise | Policy::ManagedAdvisePrefetch
            ),
            sync_term,
            states,
            side_ms: 0.0,
            done: 0,
            after_prefetch: false,
            moved_at: None,
        })
    }

    /// The round a step before the next phase belongs to (from 1; `None` after the last).
    fn label(&self) -> Option<u32> {
        (self.done < 2 * self.task.rounds).then_some(self.done / 2 + 1)
    }

    /// The buffer's advice under this policy.
    fn advice(&self, i: usize) -> AdviceKind {
        if self.advising {
            self.states[i].advice
        } else {
            AdviceKind::None
        }
    }

    /// Prices one step.
    fn step(&mut self, step: Step, sink: &mut impl Sink) {
        use TermId::*;
        let task = self.task;
        let after_prefetch = std::mem::replace(&mut self.after_prefetch, false);
        match step {
            Step::CopyToDevice { buf } => {
                let ms = self
                    .p
                    .cost(CopyH2d, task.buffers[buf].bytes as f64, true, 1.0);
                sink.fixed(
                    self.label(),
                    Kind::Copy,
                    Whose::One(buf),
                    ms,
                    "copy to device",
                );
            }
            Step::CopyToHost { buf } => {
                let ms = self
                    .p
                    .cost(CopyD2h, task.buffers[buf].bytes as f64, true, 1.0);
                sink.fixed(
                    self.label(),
                    Kind::Copy,
                    Whose::One(buf),
                    ms,
                    "copy to host",
                );
            }
            Step::Prefetch { buf, to, side } => {
                let b = &task.buffers[buf];
                let bytes = b.bytes as f64;
                let read_mostly = self.advice(buf) == AdviceKind::ReadMostly;
                let st = &mut self.states[buf];
                let (mut moved, mut stay) = (0.0, 0.0);
                for r in st.regions.iter_mut() {
                    if r.share == 0.0 {
                        continue;
                    }
                    match (to, r.loc) {
                        (Place::Device, Loc::Host | Loc::HostPrefetched) => {
                            moved += r.share;
                            r.loc = if read_mostly { Loc::Dup } else { Loc::Device };
                            r.host_wrote = false;
                        }
                        (Place::Host, Loc::Device) => {
                            moved += r.share;
                            r.loc = Loc::HostPrefetched;
                        }
                        _ => stay += r.share,
                    }
                }
                let p = &mut self.p;
                let term = match to {
                    Place::Host => PrefetchToHost,
                    Place::Device if !read_mostly || moved == 0.0 => PrefetchToDevice,
                    Place::Device if p.terms.get(PrefetchDuplicate).is_some() => PrefetchDuplicate,
                    Place::Device => {
                        p.assumed.set(Assumptions::NO_PREFETCH_DUPLICATE);
                        PrefetchToDevice
                    }
                };
                let mut ms = 0.0;
                if moved > 0.0 {
                    ms += p.cost(term, moved * bytes, true, 1.0);
                    // A second move pays the first's deferred work only on a pinned thread
                    // (`Task::thread_pinned`; calibration/h200/run183).
                    if to == Place::Device && after_prefetch && !side && self.task.thread_pinned {
                        if p.terms.get(PrefetchNext).is_some() {
                            ms += p.cost(PrefetchNext, moved * bytes, true, 1.0);
                        } else {
                            p.assumed.set(Assumptions::NO_PREFETCH_NEXT);
                        }
                    }
                }
                // A side-stream prefetch runs beside the GPU phase that follows it; the main
                // stream's sequence is what it was.
                self.after_prefetch = !side || after_prefetch;
                if stay > 0.0 {
                    // A no-op in the gap of a move, or in the gap after it, met the slow spell
                    // in 4-20 % of the workloads' steps (13 % pooled), as the sequence's no-op
                    // does; one with no move in either gap in 0-4 %, but for a first step right
                    // after advice (13-15 %; calibration/h200/run116/noop_steps.txt). A no-op of
                    // read-mostly pages hardly ever did, near a move or not: seed 001's table in
                    // 0-0.7 % (5.7 % for the one after round 1's moves), the independent k-means's
                    // points in none of 480 (calibration/h200/run143/moves.txt).
                    // The slow spell is a move's deferred work, paid by the next call only when
                    // the issuing thread is pinned (calibration/h200/run183): on a free thread a
                    // no-op near a move is a settled one (held out on run184-run185, run185/judge.txt).
                    let near = self.task.thread_pinned
                        && !read_mostly
                        && self.moved_at.is_some_and(|d| self.done - d <= 1);
                    let noop = if near && p.terms.get(PrefetchNoopAfterMove).is_some() {
                        PrefetchNoopAfterMove
                    } else {
                        PrefetchNoop
                    };
                    if p.terms.get(noop).is_some() {
                        ms += p.cost(noop, stay * bytes, moved == 0.0, 1.0);
                    } else {
                        p.assumed.set(Assumptions::NO_PREFETCH_NOOP);
                    }
                }
                if moved > 0.0 && !side {
                    self.moved_at = Some(self.done);
                }
                if side {
                    self.side_ms += ms;
                } else {
                    sink.fixed(
                        self.label(),
                        Kind::Prefetch,
                        Whose::One(buf),
                        ms,
                        if to == Place::Device {
                            "prefetch to device"
                        } else {
                            "prefetch to host"
                        },
                    );
                }
            }
            Step::CpuPhase { round } => {
                self.done += 1;
                sink.cpu(Some(round + 1));
                if self.managed {
                    let (extra, whose) =
                        host_extras(&mut self.p, self.states, task, |b| b.cpu, false);
                    if extra != 0.0 {
                        sink.fixed(
                            Some(round + 1),
                            Kind::CpuFaults,
                            whose,
                            extra,
                            "CPU first touches of migrated pages",
                        );
                    }
                }
            }
            Step::GpuPhase { round } => {
                self.done += 1;
                let mut first = 0.0;
                // Whose first touch `first` is: the buffers that fault in.
                let mut whose = Whose::Nobody;
                let mut link = Link::default();
                // Rule M3: a task whose host writes on one thread migrates pages one thread
                // wrote (its buffers' fill is taken to be its CPU phase's).
                let one_thread = task.threads(false) <= 1;
                for (i, b) in task.buffers.iter().enumerate() {
                    if !b.gpu.touches() {
                        continue;
                    }
                    let bytes = b.bytes as f64;
                    let seq = b.gpu_pattern.is_sequential();
                    let stride = match b.gpu_pattern {
                        crate::task::Pattern::Stride(n) if n > 8 => n as f64,
                        _ => 1.0,
                    };
                    let mut remote = 0.0;
                    if self.policy == Policy::HostMapped {
                        remote = b.gpu_fraction;
                    } else if self.managed {
                        let adv = self.advice(i);
                        let p = &mut self.p;
                        let (mut migrate, mut duplicate) = (0.0, 0.0);
                        // Of `migrate`, the pages the host only read back (rule R).
                        let mut read_back = 0.0;
                        for r in self.states[i].regions.iter_mut() {
                            if r.share == 0.0 || !r.gpu {
                                continue;
                            }
                            let on_host = matches!(r.loc, Loc::Host | Loc::HostPrefetched);
                            if adv == AdviceKind::PreferHostMapped && on_host {
                                remote += r.share;
                            } else if on_host {
                                if adv == AdviceKind::ReadMostly && !b.gpu.writes() {
                                    duplicate += r.share;
                                    r.loc = Loc::Dup;
                                    r.host_wrote = false;
                                } else {
                                    migrate += r.share;
                                    if !r.host_wrote {
                                        read_back += r.share;
                                    }
                                    r.loc = Loc::Device;
                                    r.host_wrote = false;
                                }
                            } else if r.loc == Loc::Dup && b.gpu.writes() {
                                r.loc = Loc::Device;
                            }
                        }
                        if duplicate > 0.0 {
                            let t = if seq {
                                Duplicate
                            } else {
                                p.or(
                                    DuplicateRandom,
                                    Duplicate,
                                    Assumptions::RANDOM_AS_SEQUENTIAL,
                                )
                            };
                            first += p.cost(t, duplicate * bytes, true, 1.0);
                        }
                        if duplicate + migrate > 0.0 {
                            whose = whose.and(i);
                        }
                        if migrate > 0.0 {
                            let mb = migrate * bytes;
                            let one = if one_thread {
                                one_thread_ratio(p.terms, mb)
                            } else {
                                None
                            };
                            // Rule R: at the one-thread price, pages the host only read back
                            // migrate at the calibration's level, not a probe's.
                            let back = if one.is_some() {
                                read_back / migrate
                            } else {
                                0.0
                            };
                            let r = |p: &Pricer<'_>, t: TermId| {
                                1.0 + back * (p.terms.before_probe_ratio(t, mb) - 1.0)
                            };
                            if seq {
                                let t = if b.gpu_vector {
                                    FaultIn
                                } else {
                                    p.or(FaultInScalar, FaultIn, Assumptions::SCALAR_AS_VECTOR)
                                };
                                // The share is of the scalar cell; without it the streaming
                                // term already prices these faults optimistically.
                                let share = if t == FaultInScalar {
                                    write_only_share(b.gpu)
                                } else {
                                    1.0
                                };
                                let (t, k) = match one {
                                    Some(_) if t == FaultInScalar => (FaultInScalarOneThread, 1.0),
                                    Some(k) => (t, k),
                                    None => (t, 1.0),
                                };
                                let rt = r(p, t);
                                first += p.cost_scaled(t, mb, true, 1.0, share * k * rt);
                                let rr = r(p, GpuFaultRun);
                                first += p.runs(GpuFaultRun, migrate, bytes, rr);
                            } else {
                                let t =
                                    p.or(FaultInRandom, FaultIn, Assumptions::RANDOM_AS_SEQUENTIAL);
                                let rt = r(p, t);
                                first += p.cost_scaled(t, mb, true, 1.0, one.unwrap_or(1.0) * rt);
                            }
                        }
                    }
                    if remote > 0.0 {
                        let rb = remote * bytes;
                        if !seq {
                            if b.gpu.reads() {
                                link.gather += rb / stride;
                            }
                            if b.gpu.writes() {
                                link.gather += rb / stride;
                            }
                        } else {
                            if b.gpu.reads() {
                                link.read += rb;
                            }
                            if b.gpu.writes() {
                                link.write += rb;
                            }
                        }
                    }
                }
                link.managed = self.managed;
                let lc = if link.read + link.write + link.gather > 0.0 {
                    self.p.link_cost(link)
                } else {
                    LinkCost::NONE
                };
                let first = (first, whose);
                sink.gpu(round + 1, first, &lc, self.side_ms, &mut self.p);
                self.side_ms = 0.0;
                if let Some(t) = self.sync_term {
                    let ms = self.p.cost(t, 0.0, true, 1.0);
                    sink.fixed(
                        Some(round + 1),
                        Kind::Sync,
                        Whose::Nobody,
                        ms,
                        "launch and synchronisation",
                    );
                }
            }
            Step::CpuFinal => {
                sink.cpu(None);
                if self.managed {
                    let (extra, whose) =
                        host_extras(&mut self.p, self.states, task, |b| b.cpu_final, true);
                    if extra != 0.0 {
                        sink.fixed(
                            None,
                            Kind::CpuFaults,
                            whose,
                            extra,
                            "final access: first touches of migrated pages",
                        );
                    }
                }
            }
        }
    }
}

/// The times of a GPU phase that depend on the phase times: the passes at device speed or as long
/// as the link needs where data are remote (the kernel's own work hides under the transfer, or the
/// transfer under it); the first pass also waits for the pages it faults in, of which a kernel with
/// work of its own hides at most the shorter side, and in fact hides only `1 − share` of that
/// ([`FaultsUnderCompute`]; `share` 0 is the longer of the two).
#[derive(Debug, Clone, Copy)]
pub(super) struct GpuTimes {
    /// What the first pass waits for beyond a pass, `exposed` included.
    pub(super) faults: f64,
    /// What the longer-of rule would let hide of the faults, less what a kernel longer than its
    /// faults hides anyway: what `share` applies to.
    pub(super) hidden: f64,
    /// The part of `hidden` the kernel's work does not hide after all (`share × hidden`).
    pub(super) exposed: f64,
    /// The first pass's wait on the link beside its faults, before `hide` takes its share: what a
    /// model without [`LinkUnderFaults`] prices in full.
    pub(super) beside: f64,
    /// The passes at device speed.
    pub(super) passes: f64,
    /// What the passes wait for the link beyond that (0 where the link is not the longer).
    pub(super) wait: f64,
    /// Side-stream prefetches beyond the phase they overlap.
    pub(super) side_over: f64,
}

/// What of the faults a kernel could hide the share applies to, as a fraction: all of it while the
/// kernel is no longer than the faults (`moving`: the link and the faults), `(moving / kernel)²`
/// beyond: a kernel longer than its faults hides more of them the longer it is (H200, one 64 MiB
/// kernel over 4–20 ms against 6–7.5 ms of faults: shares 0.49, 0.25 and 0.05 at kernel/faults
/// 0.66, 1.6 and 2.6, and 0.78, 0.09 in the grid-stride shape at 0.71 and 2.8;
/// calibration/h200/run48/overlap.csv). The pricing ([`gpu_times`]) and the fit of the share
/// ([`faults_under_compute`]) both take it from here.
#[inline]
pub(super) fn falloff(kernel: f64, moving: f64) -> f64 {
    if kernel > moving && kernel > 0.0 {
        (moving / kernel).powi(2)
    } else {
        1.0
    }
}

/// `hide`: the share of one pass's wait on the link that hides under the faults
/// ([`link_under_faults`]).
#[inline]
pub(super) fn gpu_times(
    first: f64,
    link_ms: f64,
    side_ms: f64,
    gpu: f64,
    reuse: f64,
    share: f64,
    hide: f64,
) -> GpuTimes {
    let pass = gpu.max(link_ms);
    let moving = link_ms + first;
    let longer_of = gpu.max(moving) - pass;
    let hidden = (first - longer_of).max(0.0) * falloff(gpu, moving);
    let exposed = share * hidden;
    // The first pass's wait on the link, beside its faults: `hide` of it goes under them (where
    // the link outlasts the kernel's work the faults are `longer_of`, `exposed` zero but for
    // rounding, from which the rest is taken).
    let beside = (longer_of + exposed).min((link_ms - gpu).max(0.0));
    let under = hide * beside;
    let (longer_of, exposed) = if under > longer_of {
        (0.0, exposed - (under - longer_of))
    } else {
        (longer_of - under, exposed)
    };
    let faults = longer_of + exposed;
    let wait = if link_ms > gpu {
        reuse * (link_ms - gpu)
    } else {
        0.0
    };
    let main = faults + reuse * pass;
    let side_over = if side_ms > 0.0 {
        (side_ms - main).max(0.0)
    } else {
        0.0
    };
    GpuTimes {
        faults,
        hidden,
        exposed,
        beside,
        passes: reuse * gpu,
        wait,
        side_over,
    }
}

/// Prices each step as it comes, with the phase times known.
struct Direct<F> {
    parts: Parts,
    /// The given CPU phases times their relative spread ([`PhaseSd::cpu_ms`]).
    cpu_spread: f64,
    given_gpu: f64,
    sd: PhaseSd,
    /// What the longer-of rule would let hide of the faults, over the GPU phases.
    hidden: f64,
    /// [`GpuTimes::beside`] over the GPU phases.
    beside: f64,
    ph: Phases,
    reuse: f64,
    /// [`link_under_faults`] of the task.
    hide: f64,
    item: F,
}

impl<F: FnMut(Option<u32>, Kind, Whose, f64, &str)> Direct<F> {
    #[inline]
    fn rec(&mut self, round: Option<u32>, k: Kind, buf: Whose, ms: f64, what: &str) {
        if ms != 0.0 {
            self.parts.add(k, ms);
            (self.item)(round, k, buf, ms, what);
        }
    }
}

impl<F: FnMut(Option<u32>, Kind, Whose, f64, &str)> Sink for Direct<F> {
    #[inline]
    fn fixed(&mut self, round: Option<u32>, kind: Kind, buf: Whose, ms: f64, what: &'static str) {
        self.rec(round, kind, buf, ms, what);
    }

    #[inline]
    fn cpu(&mut self, round: Option<u32>) {
        let (ms, what) = cpu_item(round, self.ph);
        self.rec(round, Kind::Cpu, Whose::Nobody, ms, what);
        self.cpu_spread += self.sd.cpu_ms(ms, round.is_none());
    }

    fn gpu(
        &mut self,
        round: u32,
        (first, whose): (f64, Whose),
        link: &LinkCost,
        side_ms: f64,
        p: &mut Pricer<'_>,
    ) {
        let (gpu, reuse) = (self.ph.gpu, self.reuse);
        let (_, on) = link.pass_ms(gpu, reuse);
        if on {
            link.record(p.uses, &mut p.used, reuse, 1.0);
        }
        let shares = (p.terms.share(), self.hide);
        let (passes, hidden, beside) =
            gpu_items(first, link, side_ms, gpu, reuse, shares, |k, ms, what| {
                self.rec(Some(round), k, faulting(k, whose), ms, what)
            });
        self.given_gpu += passes;
        self.hidden += hidden;
        self.beside += beside;
    }
}

/// The buffers an explained GPU item names: those faulting in, for the faults.
#[inline]
fn faulting(k: Kind, whose: Whose) -> Whose {
    if k == Kind::GpuFaults {
        whose
    } else {
        Whose::Nobody
    }
}

/// A CPU phase's time and name (`round` from 1), or the final host access's (`None`).
#[inline]
fn cpu_item(round: Option<u32>, ph: Phases) -> (f64, &'static str) {
    match round {
        Some(_) => (ph.cpu, "CPU phase"),
        None => (ph.fin, "final host access"),
    }
}

/// The priced items of a GPU phase, in order, handed to `rec`; returns the passes at device speed
/// and what the longer-of rule would let the kernel hide of the faults.
#[inline]
#[allow(clippy::too_many_arguments)]
fn gpu_items(
    first: f64,
    link: &LinkCost,
    side_ms: f64,
    gpu: f64,
    reuse: f64,
    (share, hide): (f64, f64),
    mut rec: impl FnMut(Kind, f64, &'static str),
) -> (f64, f64, f64) {
    let (link_ms, _) = link.pass_ms(gpu, reuse);
    let g = gpu_times(first, link_ms, side_ms, gpu, reuse, share, hide);
    let beyond = g.faults - g.exposed;
    if beyond > 0.0 {
        rec(
            Kind::GpuFaults,
            beyond,
            "migration and duplication on first touch",
        );
    }
    if g.exposed > 0.0 {
        rec(
            Kind::GpuFaults,
            g.exposed,
            "faults the kernel's own work does not hide",
        );
    }
    rec(Kind::Gpu, g.passes, "GPU passes");
    if link_ms > gpu {
        rec(Kind::Link, g.wait, "passes wait for the link");
    }
    if side_ms > 0.0 {
        rec(
            Kind::Prefetch,
            g.side_over,
            "side-stream prefetches beyond the GPU phase they overlap",
        );
    }
    (g.passes, g.hidden, g.beside)
}

/// The prediction from a policy's priced parts and term uses. Variance: each term's fitted
/// uncertainty (its uses are one estimate, so they add linearly), the term's spread within a run
/// (also shared by its uses), and the given phases' own spread; the interval is that, scaled by
/// [`TASK_INTERVAL_SCALE`], together with how far the terms move between calibrations
/// ([`Cost::run_shift`], measured as it is, not scaled).
#[allow(clippy::too_many_arguments)]
fn prediction(
    terms: &TaskTerms,
    policy: Policy,
    rounds: u32,
    reuse: f64,
    parts: Parts,
    (uses, mut used): (&[Use; TermId::COUNT], u64),
    (cpu_spread, given_gpu, hidden, beside): (f64, f64, f64, f64),
    gpu_sd: f64,
    mut assumptions: Assumptions,
) -> TaskPrediction {
    let time = parts.total();
    // Without the share, say so where what the kernels were let hide is worth a percent.
    if terms.under_compute.is_none() && hidden > 0.01 * time {
        assumptions.set(Assumptions::FAULTS_HIDE);
    }
    // Likewise without rule G's shares, where the link wait beside faults is.
    if terms.link_under_faults.is_none() && beside > 0.01 * time {
        assumptions.set(Assumptions::LINK_BESIDE_FAULTS);
    }
    let (mut var, mut shift_var) = (0.0, 0.0);
    while used != 0 {
        let i = used.trailing_zeros() as usize;
        used &= used - 1;
        let u = uses[i];
        if let Some(c) = terms.costs[i].as_ref() {
            var += u.lats * u.lats * c.cov[0]
                + 2.0 * u.lats * u.gib * c.cov[1]
                + u.gib * u.gib * c.cov[2];
            var += (c.rel_sd * u.ms).powi(2);
            shift_var += (c.run_shift * u.ms).powi(2);
        }
    }
    // A given phase is one estimate for every round (its uses add linearly, as a term's).
    var += cpu_spread.powi(2) + (gpu_sd * given_gpu).powi(2);
    // The share of the hidden faults that stays exposed: one estimate for every round (its uses
    // add linearly), with its fitted uncertainty and its trial spread, as a term's.
    if let Some(u) = &terms.under_compute {
        var += hidden * hidden * (u.se * u.se + u.sd * u.sd);
        shift_var += (u.run_shift * u.share * hidden).powi(2);
    }
    let sd = var.max(0.0).sqrt();
    let half = Z90 * ((TASK_INTERVAL_SCALE * sd).powi(2) + shift_var).sqrt();
    TaskPrediction {
        policy,
        rounds,
        reuse,
        time_ms: time,
        interval_ms: [(time - half).max(0.0), time + half],
        sd_ms: sd,
        parts,
        assumptions,
    }
}

/// Prices `task` under `policy` with `reuse` passes per round, calling `item` for every priced
/// item (explain) and returning the prediction.
fn price(
    terms: &TaskTerms,
    task: &Task,
    policy: Policy,
    scratch: &mut Scratch,
    item: impl FnMut(Option<u32>, Kind, Whose, f64, &str),
) -> Result<TaskPrediction, TaskQueryError> {
    let mut run = Run::new(terms, task, policy, scratch)?;
    let (cpu, gpu, fin) = (task.cpu_ms, task.gpu_ms, task.cpu_final_ms);
    let ph = match (cpu, gpu, fin) {
        (Some(cpu), Some(gpu), Some(fin)) => Phases { cpu, gpu, fin },
        _ => Estimates::of(task, terms).resolve(cpu, gpu, fin, &mut run.p.assumed),
    };
    let sd = phase_rel_sd(
        terms,
        cpu.is_some(),
        gpu.is_some(),
        (task.cpu_threads, task.cpu_final_threads),
    );
    let mut sink = Direct {
        parts: Parts::default(),
        cpu_spread: 0.0,
        given_gpu: 0.0,
        sd,
        hidden: 0.0,
        beside: 0.0,
        ph,
        reuse: task.reuse,
        hide: link_under_faults(task, terms),
        item,
    };
    task.for_each_step(policy, |step| run.step(step, &mut sink));
    Ok(prediction(
        terms,
        policy,
        task.rounds,
        task.reuse,
        sink.parts,
        (run.p.uses, run.p.used),
        (sink.cpu_spread, sink.given_gpu, sink.hidden, sink.beside),
        sd.gpu,
        run.p.assumed,
    ))
}

/// Scale of the task intervals: the spread the terms and the given phases account for, times this,
/// is what one run's whole-task medians scatter by. Chosen on the H200 validation workloads of
/// `calibration/h200/run15` (38 cells: 90 % of |error| / unscaled half-width ≤ 1.93) and checked on
/// the later runs, which it was not chosen on (NOTES.md, "Tasks" → "Intervals").
pub const TASK_INTERVAL_SCALE: f64 = 2.0;

/// Predicts `task` under `policy`.
pub fn predict_task(
    terms: &TaskTerms,
    task: &Task,
    policy: Policy,
) -> Result<TaskPrediction, TaskQueryError> {
    task.check()
        .map_err(|e| TaskQueryError::BadTask(e.to_string()))?;
    price(terms, task, policy, &mut Scratch::new(), |_, _, _, _, _| {})
}

/// As [`predict_task`], with every priced item listed (per round, per buffer) and what each
/// calibrated term priced ([`TermUse`]), for `--explain`.
pub fn explain_task(
    terms: &TaskTerms,
    task: &Task,
    policy: Policy,
) -> Result<(TaskPrediction, Vec<Item>, Vec<TermUse>), TaskQueryError> {
    task.check()
        .map_err(|e| TaskQueryError::BadTask(e.to_string()))?;
    let mut items = Vec::new();
    let mut scratch = Scratch::new();
    let p = price(
        terms,
        task,
        policy,
        &mut scratch,
        |round, kind, buf, ms, what| {
            items.push(Item::new(
                round,
                kind,
                buf,
                |i| task.buffers[i].name.clone(),
                ms,
                what,
            ))
        },
    )?;
    Ok((p, items, term_uses(&scratch.uses)))
}

/// Every task policy ranked, fastest first; policies the model cannot price are listed apart.
/// (`Default` is an empty choice for [`CompiledTask::choose_into`] to fill.)
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TaskChoice {
    pub(super) ranking: Vec<TaskPrediction>,
    pub(super) tied: usize,
    /// Policies left out, with why.
    pub skipped: Vec<(Policy, TaskQueryError)>,
}

impl TaskChoice {
    /// The priced policies, fastest first.
    pub fn ranking(&self) -> &[TaskPrediction] {
        &self.ranking
    }
    /// The fastest policy's prediction (panics on an empty choice).
    pub fn best(&self) -> &TaskPrediction {
        &self.ranking[0]
    }
    /// True when the runner-up is within the noise of the best.
    pub fn tie(&self) -> bool {
        self.tied > 1
    }
    /// The best and every policy within the noise of it.
    pub fn tied(&self) -> &[TaskPrediction] {
        &self.ranking[..self.tied]
    }
    /// What the ranked predictions had to assume, together.
    pub fn assumptions(&self) -> Assumptions {
        self.ranking
            .iter()
            .fold(Assumptions::default(), |acc, p| acc.union(p.assumptions))
    }
}

/// Ranks every handoff policy on `task`; a gap within the two predictions' spread is a tie.
pub fn choose_task(terms: &TaskTerms, task: &Task) -> Result<TaskChoice, TaskQueryError> {
    task.check()
        .map_err(|e| TaskQueryError::BadTask(e.to_string()))?;
    let mut scratch = Scratch::new();
    let mut ranking = Vec::with_capacity(Policy::HANDOFF.len());
    let mut skipped = Vec::new();
    for policy in Policy::HANDOFF {
        match price(terms, task, policy, &mut scratch, |_, _, _, _, _| {}) {
            Ok(p) => ranking.push(p),
            Err(e) => skipped.push((policy, e)),
        }
    }
    rank(ranking, skipped)
}

/// Sorts the predictions, fastest first, and counts the policies tied with the best.
fn rank(
    mut ranking: Vec<TaskPrediction>,
    mut skipped: Vec<(Policy, TaskQueryError)>,
) -> Result<TaskChoice, TaskQueryError> {
    if ranking.is_empty() {
        return Err(skipped.swap_remove(0).1);
    }
    let tied = sort_and_tie(&mut ranking);
    Ok(TaskChoice {
        ranking,
        tied,
        skipped,
    })
}

/// Sorts `ranking` (not empty), fastest first; how many lead it within the noise of the best.
fn sort_and_tie(ranking: &mut [TaskPrediction]) -> usize {
    ranking.sort_by(|a, b| a.time_ms.total_cmp(&b.time_ms));
    let best = &ranking[0];
    let mut tied = 1;
    while tied < ranking.len()
        && crate::model::query::within_noise(
            ranking[tied].time_ms - best.time_ms,
            best.sd_ms,
            ranking[tied].sd_ms,
        )
    {
        tied += 1;
    }
    tied
}

/// The reuse R* ≥ 1 at which `a` and `b` take equal time on `task` (its `reuse` varied); `None`
/// where one is faster at every R ≥ 1 (checked up to R = 2²⁰).
pub fn breakeven_task(
    terms: &TaskTerms,
    task: &Task,
    a: Policy,
    b: Policy,
) -> Result<Option<f64>, TaskQueryError> {
    if a == b {
        return Err(TaskQueryError::SamePolicy(a));
    }
    task.check()
        .map_err(|e| TaskQueryError::BadTask(e.to_string()))?;
    let mut t = task.clone();
    let mut scratch = Scratch::new();
    bisect_reuse(|r: f64| -> Result<f64, TaskQueryError> {
        t.reuse = r;
        let pa = price(terms, &t, a, &mut scratch, |_, _, _, _, _| {})?;
        let pb = price(terms, &t, b, &mut scratch, |_, _, _, _, _| {})?;
        Ok(pa.time_ms - pb.time_ms)
    })
}

/// The reuse R* ≥ 1 where `gap(R)` (one policy's time less the other's) is 0: the first of R = 1,
/// 2, 4, … 2²⁰ where its sign changes brackets it, then 60 halvings; `None` where it never does.
/// Every break-even of a task is found by this one search, so that the same gaps give the same R*
/// to the bit.
fn bisect_reuse(
    mut gap: impl FnMut(f64) -> Result<f64, TaskQueryError>,
) -> Result<Option<f64>, TaskQueryError> {
    let mut lo = 1.0;
    let mut g_lo = gap(lo)?;
    if g_lo == 0.0 {
        return Ok(Some(1.0));
    }
    let mut hi = 2.0;
    while hi <= (1u64 << 20) as f64 {
        let g_hi = gap(hi)?;
        if g_hi == 0.0 || g_hi.signum() != g_lo.signum() {
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                let g = gap(mid)?;
                if g.signum() == g_lo.signum() && g != 0.0 {
                    lo = mid;
                    g_lo = g;
                } else {
                    hi = mid;
                }
            }
            return Ok(Some(0.5 * (lo + hi)));
        }
        lo = hi;
        g_lo = g_hi;
        hi *= 2.0;
    }
    Ok(None)
}
