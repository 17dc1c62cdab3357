//! Predicting the user's task (`crate::task`) from the platform's calibrated terms.
//!
//! Each policy's steps (`Task::for_each_step`) are priced from [`TaskTerms`]: costs of the form
//! `latency + ms/GiB × bytes` for the copies, prefetches, fault-driven migrations, read-mostly
//! duplication, CPU first touches after a migration, and GPU access over the link, each fitted
//! jointly over every calibration cell that measures it ([`fit_task_terms`]: Huber loss, every
//! term ≥ 0, with its covariance). The user's own phases come in as times measured on plain memory
//! (`cpu_ms`, `gpu_ms`); the model adds what the policy does around them. Managed pages are tracked
//! per buffer in up to four regions (touched by both sides, by the GPU only, by the CPU only, by
//! neither; the smaller side's pages are taken to lie inside the larger side's), each with a place
//! (host, host after a prefetch, device, or duplicated by read-mostly).
//!
//! Why this form: the platform's share of an alternation transfers between processes and code
//! once the CPU phase's own time is given, while the CPU phase itself moves between runs (NOTES.md,
//! "Given the CPU: the model transfers, the CPU does not"). So the CPU (and GPU) phase is the
//! user's input, and everything else comes from the platform.

use crate::schema::{
    Case, Group, HandoffCase, HbmCase, HostMappedCase, ManagedCase, PrefetchCase, Stage,
    TransferCase,
};
use std::collections::BTreeMap;

use nalgebra::DMatrix;
use serde::{Deserialize, Serialize};

use super::robust::{robust_nnls_with_priors, RobustFit};
use crate::policy::Policy;
use crate::stats::{median, Summary, Z90};
use crate::table::Table;
use crate::task::{Access, AdviceKind, Place, Step, Task, Walk};

const GIB: f64 = (1u64 << 30) as f64;

/// The suite's sparse-touch cells (`managed/cpu_write_sparse`, `managed/sparse-refault`) touch one
/// 4 KiB page in this many: a contract between the measurement and this fit.
pub const SPARSE_EVERY: usize = 10;

/// A calibrated platform term of tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TermId {
    /// `cudaMemcpy` pinned host → device.
    CopyH2d,
    /// `cudaMemcpy` device → pinned host.
    CopyD2h,
    /// `cudaMemPrefetchAsync` of host-resident managed pages to the device.
    PrefetchToDevice,
    /// … of device-resident pages to the host.
    PrefetchToHost,
    /// A prefetch of pages already where it sends them (where the model has
    /// [`TermId::PrefetchNoopAfterMove`], one with no move in its gap or the gap before).
    PrefetchNoop,
    /// A GPU pass touching host-resident managed pages in address order: the migration on faults,
    /// beyond the pass itself.
    FaultIn,
    /// The same in random order.
    FaultInRandom,
    /// A GPU read of read-mostly pages in host memory: their duplication, beyond the read.
    Duplicate,
    /// The same in random order.
    DuplicateRandom,
    /// The CPU touching device-resident managed pages: the fault and migration back, beyond the
    /// same work on plain memory.
    CpuFaultBack,
    /// The CPU touching managed pages just prefetched back to the host, beyond plain memory.
    CpuAfterPrefetch,
    /// The CPU touching host-resident managed pages, beyond plain memory.
    CpuManaged,
    /// Each separate run of device-resident pages the CPU faults back (sparse touches fault page by
    /// page; a dense touch migrates large chunks per fault), beyond the bytes moved: `lat_ms` per
    /// run.
    CpuFaultRun,
    /// Each separate run of host-resident pages a GPU pass faults in, beyond the bytes moved.
    GpuFaultRun,
    /// A GPU pass reading mapped host memory, per GiB read.
    MapRead,
    /// … writing it, per GiB written.
    MapWrite,
    /// … reading and writing it in place, per GiB of buffer.
    MapReadWrite,
    /// … reading 4-byte elements from it in random order, per GiB read (beyond the same reads of
    /// device memory).
    MapGather,
    /// A GPU pass reading managed pages kept in host memory by advice (preferred location host,
    /// accessed by the device), per GiB read.
    ManagedMapRead,
    /// … writing them, per GiB written.
    ManagedMapWrite,
    /// … reading and writing them in place, per GiB of buffer.
    ManagedMapReadWrite,
    /// Launch and synchronisation of one GPU phase.
    Sync,
    /// A plain CPU update `x = a·x + b`, per GiB (for estimating a CPU phase that is not given).
    CpuUpdate,
    /// A device-resident in-place GPU pass, per GiB (for estimating a GPU pass not given).
    GpuPass,
    /// A device-resident read pass, per GiB.
    GpuRead,
    /// Device-resident random 4-byte reads, per GiB read.
    GpuGather,
    /// Random reads over the link in a pass that also writes over it: what the two cost each
    /// other beyond their sum, per GiB of the smaller.
    MapGatherWrite,
    /// [`TermId::FaultIn`] under a pass of one 4-byte element a thread (most kernels; the
    /// calibration's streaming passes move 16 bytes a thread).
    FaultInScalar,
    /// A prefetch of host-resident pages to the device issued right after another prefetch:
    /// what it costs on average beyond [`TermId::PrefetchToDevice`] (such prefetches met the
    /// slow rate about one time in five in the workloads, the first after a phase one in twenty).
    PrefetchNext,
    /// A prefetch of pages already in place in the gap between phases where a prefetch moved
    /// pages, or in the gap after it: it meets the slow spell several times as often as one
    /// with no move in either (calibration/h200/run116/noop_steps.txt), so it has its own price,
    /// the prefetch sequence's no-op at its mean; [`TermId::PrefetchNoop`] prices the others.
    PrefetchNoopAfterMove,
    /// A prefetch to the device of read-mostly pages that have no copy there: a duplication (the
    /// host keeps its copy), at its own rate (seed 001's table paid 2.38 ms for 64 MiB against
    /// 1.45 for a plain prefetch, calibration/h200/run117/steps.txt).
    PrefetchDuplicate,
    /// [`TermId::CpuFaultBack`] with the host's read on 4 threads: many threads fault pages back
    /// at a share of one thread's cost that depends on the size (the 16-thread share came to
    /// 0.6-1.8 at 16 MiB and 0.37-0.70 at 64, calibration/h200/run160), so each count has a term.
    // Written under the names `show` prints; `run161`'s model files spelled them as serde's
    // snake case does (`cpu_fault_back4`), which they are still read by.
    #[serde(rename = "cpu_fault_back_4t", alias = "cpu_fault_back4")]
    CpuFaultBack4,
    /// The same on 8 threads (since `run162`: the k-means's 8 threads paid less than its 4 or 16,
    /// calibration/h200/run161/judge.txt, which no interpolation between 4 and 16 gives).
    #[serde(rename = "cpu_fault_back_8t")]
    CpuFaultBack8,
    /// The same on 16 threads.
    #[serde(rename = "cpu_fault_back_16t", alias = "cpu_fault_back16")]
    CpuFaultBack16,
    /// [`TermId::CpuFaultRun`] with the host's sparse writes on 4 threads, beyond the per-byte
    /// part of [`TermId::CpuFaultBack4`] for the bytes moved; fitted apart, after the joint fit
    /// (since `run167`: the dense reads' share, taken at a sparse touch's few bytes, priced the
    /// relaxation's writes on 16 threads at 1.9 times one thread's, calibration/h200/run165).
    #[serde(rename = "cpu_fault_run_4t")]
    CpuFaultRun4,
    /// The same on 8 threads.
    #[serde(rename = "cpu_fault_run_8t")]
    CpuFaultRun8,
    /// The same on 16 threads.
    #[serde(rename = "cpu_fault_run_16t")]
    CpuFaultRun16,
}

impl TermId {
    /// Every term, in index order.
    pub const ALL: [TermId; 37] = [
        TermId::CopyH2d,
        TermId::CopyD2h,
        TermId::PrefetchToDevice,
        TermId::PrefetchToHost,
        TermId::PrefetchNoop,
        TermId::FaultIn,
        TermId::FaultInRandom,
        TermId::Duplicate,
        TermId::DuplicateRandom,
        TermId::CpuFaultBack,
        TermId::CpuAfterPrefetch,
        TermId::CpuManaged,
        TermId::CpuFaultRun,
        TermId::GpuFaultRun,
        TermId::MapRead,
        TermId::MapWrite,
        TermId::MapReadWrite,
        TermId::MapGather,
        TermId::ManagedMapRead,
        TermId::ManagedMapWrite,
        TermId::ManagedMapReadWrite,
        TermId::Sync,
        TermId::CpuUpdate,
        TermId::GpuPass,
        TermId::GpuRead,
        TermId::GpuGather,
        TermId::MapGatherWrite,
        TermId::FaultInScalar,
        TermId::PrefetchNext,
        TermId::PrefetchNoopAfterMove,
        TermId::PrefetchDuplicate,
        TermId::CpuFaultBack4,
        TermId::CpuFaultBack8,
        TermId::CpuFaultBack16,
        TermId::CpuFaultRun4,
        TermId::CpuFaultRun8,
        TermId::CpuFaultRun16,
    ];
    /// How many terms there are.
    pub const COUNT: usize = Self::ALL.len();

    /// Its position in [`TermId::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its name in model files and messages (snake case, e.g. `copy_h2d`).
    pub fn name(self) -> &'static str {
        match self {
            TermId::CopyH2d => "copy_h2d",
            TermId::CopyD2h => "copy_d2h",
            TermId::PrefetchToDevice => "prefetch_to_device",
            TermId::PrefetchToHost => "prefetch_to_host",
            TermId::PrefetchNoop => "prefetch_noop",
            TermId::FaultIn => "fault_in",
            TermId::FaultInRandom => "fault_in_random",
            TermId::Duplicate => "duplicate",
            TermId::DuplicateRandom => "duplicate_random",
            TermId::CpuFaultBack => "cpu_fault_back",
            TermId::CpuAfterPrefetch => "cpu_after_prefetch",
            TermId::CpuManaged => "cpu_managed",
            TermId::CpuFaultRun => "cpu_fault_run",
            TermId::GpuFaultRun => "gpu_fault_run",
            TermId::MapRead => "map_read",
            TermId::MapWrite => "map_write",
            TermId::MapReadWrite => "map_read_write",
            TermId::MapGather => "map_gather",
            TermId::ManagedMapRead => "managed_map_read",
            TermId::ManagedMapWrite => "managed_map_write",
            TermId::ManagedMapReadWrite => "managed_map_read_write",
            TermId::Sync => "sync",
            TermId::CpuUpdate => "cpu_update",
            TermId::GpuPass => "gpu_pass",
            TermId::GpuRead => "gpu_read",
            TermId::GpuGather => "gpu_gather",
            TermId::MapGatherWrite => "map_gather_write",
            TermId::FaultInScalar => "fault_in_scalar",
            TermId::PrefetchNext => "prefetch_next",
            TermId::PrefetchNoopAfterMove => "prefetch_noop_after_move",
            TermId::PrefetchDuplicate => "prefetch_duplicate",
            TermId::CpuFaultBack4 => "cpu_fault_back_4t",
            TermId::CpuFaultBack8 => "cpu_fault_back_8t",
            TermId::CpuFaultBack16 => "cpu_fault_back_16t",
            TermId::CpuFaultRun4 => "cpu_fault_run_4t",
            TermId::CpuFaultRun8 => "cpu_fault_run_8t",
            TermId::CpuFaultRun16 => "cpu_fault_run_16t",
        }
    }
}

// The pricing keeps which terms a prediction used as bits of a `u64` (`Pricer::used`).
const _: () = assert!(
    TermId::COUNT <= 64,
    "term bits no longer fit the u64 of `used`"
);

/// One term: `lat_ms + ms_per_gib × GiB`, with the covariance of its two parameters.
/// `#[non_exhaustive]`: what a fit keeps of a term grows (`run_shift` came later); build one by
/// hand with [`Cost::exact`] and set the fields wanted.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Cost {
    /// Fixed cost per operation (or per run of pages, for the fault-run terms), ms.
    pub lat_ms: f64,
    /// Cost per GiB the term concerns, ms.
    pub ms_per_gib: f64,
    /// Covariance of (lat_ms, ms_per_gib): [var lat, cov, var per-GiB].
    pub cov: [f64; 3],
    /// Relative spread of one trial of the cells behind it: how far one run's cost may sit from
    /// the fitted one.
    pub rel_sd: f64,
    /// How far the term moves between calibrations of the machine, relative (root mean square of
    /// the log ratio to other calibrations' fits of it; [`TaskTerms::set_run_shift`]); 0 where not
    /// measured. It widens the interval of every prediction that uses the term.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub run_shift: f64,
    /// Calibration cells it was fitted from.
    pub cells: u32,
    /// Smallest and largest size among them, bytes.
    pub sizes: [u64; 2],
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

impl Cost {
    /// `lat_ms + ms_per_gib × GiB` known exactly: no uncertainty, no shift, fitted from no cells.
    pub fn exact(lat_ms: f64, ms_per_gib: f64) -> Cost {
        Cost {
            lat_ms,
            ms_per_gib,
            cov: [0.0; 3],
            rel_sd: 0.0,
            run_shift: 0.0,
            cells: 0,
            sizes: [0, 0],
        }
    }

    /// The cost of `bytes`, ms.
    #[inline]
    pub fn at(&self, bytes: f64) -> f64 {
        self.lat_ms + self.ms_per_gib * bytes / GIB
    }
    /// GB/s equivalent of the per-byte part (for people reading `show`).
    pub fn gbps(&self) -> Option<f64> {
        (self.ms_per_gib > 0.0).then(|| GIB / (self.ms_per_gib * 1e-3) / 1e9)
    }
}

/// The root mean square of log(theirs / mine) over the positive values of `theirs` (none where
/// `mine` is not positive), at most 1; `None` without any: how far a term moves between
/// calibrations ([`TaskTerms::run_shifts`], [`TaskTerms::share_shift`]).
fn rms_log_ratio(mine: f64, theirs: impl Iterator<Item = f64>) -> Option<f64> {
    let logs: Vec<f64> = theirs
        .filter(|&theirs| mine > 0.0 && theirs > 0.0)
        .map(|theirs| (theirs / mine).ln())
        .collect();
    (!logs.is_empty()).then(|| {
        let ms = logs.iter().map(|l| l * l).sum::<f64>() / logs.len() as f64;
        ms.sqrt().min(1.0)
    })
}

/// The terms a pool of calibrations prices in place of one calibration: the prefetch back to
/// the host. On the H200 it runs in regimes that outlast a calibration (over 27 runs a
/// calibration's price followed what the same run's workloads paid at a correlation of -0.01,
/// calibration/h200/run120/back.txt); the median of 31 other runs' calibrations priced the
/// workloads' prefetching rows better on four fresh VMs, by a rule written before them (18 → 7 of
/// 32 cells beyond 5 %, calibration/h200/run125/judge.txt). A probe timed beside the task prices
/// it better still (3 of 32, the same file), so [`TaskTerms::probed`] overrides a pooled term as
/// any other.
pub const POOLED_TERMS: [TermId; 1] = [TermId::PrefetchToHost];

/// A term pooled over many calibrations of one platform: the calibration whose price at 64 MiB
/// ([`CHECK_TASK_TERMS_AT`](crate::store::CHECK_TASK_TERMS_AT), where pools are built and priced
/// from) is the median of theirs, kept whole, with their spread about it as its run-to-run shift.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct TermPool {
    /// The term.
    pub term: TermId,
    /// The median calibration's term; its `run_shift` is the pool's spread (root mean square of
    /// the log ratio of every calibration's price to it).
    pub cost: Cost,
    /// Calibrations pooled.
    pub calibrations: u32,
    /// The lowest and highest of their prices at the compared size, ms.
    pub range_ms: [f64; 2],
}

/// A term a model prices from a [`TermPool`], with what its own calibration measured.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct PooledTerm {
    /// The term.
    pub term: TermId,
    /// Calibrations in the pool that prices it.
    pub calibrations: u32,
    /// The calibration's own fit of the term, which the pool replaced.
    pub own: Cost,
}

/// What [`TaskTerms::price_from_pools`] did with one pool.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(tag = "use", rename_all = "snake_case")]
pub enum PoolUse {
    /// The pool now prices the term.
    Priced(PooledTerm),
    /// The calibration's own price lies further from the pool's than [`POOL_SHIFTS`] of its
    /// spreads, and outside its range: the pool's calibrations were of another machine than
    /// this one; its own stands.
    Outside {
        /// The term.
        term: TermId,
        /// The calibration's price at the compared size, ms.
        own_ms: f64,
        /// The pool's, ms.
        pool_ms: f64,
    },
}

impl PoolUse {
    /// What was done, in a sentence: `terms` are the terms after the pricing (for the pool's
    /// price), `bytes` the size the prices are given at, `whose` completes "the pool of N
    /// calibrations …" ("the embedded model `h200` carries", "this model carries").
    pub fn describe(&self, terms: &TaskTerms, bytes: u64, whose: &str) -> String {
        let at = crate::units::format_size(bytes);
        match self {
            PoolUse::Priced(p) => format!(
                "task term `{}` priced from the pool of {} calibrations {whose} ({:.3} ms at \
                 {at}; {} measured {:.3}): it runs in regimes that outlast one calibration",
                p.term.name(),
                p.calibrations,
                terms.cost_at(p.term, bytes as f64).unwrap_or(f64::NAN),
                terms.whose_fit(),
                p.own.at(bytes as f64),
            ),
            PoolUse::Outside {
                term,
                own_ms,
                pool_ms,
            } => format!(
                "task term `{}` priced from this calibration ({own_ms:.3} ms at {at}), not from \
                 the pool {whose} ({pool_ms:.3} ms): too far from it to be the machine that \
                 pool measured",
                term.name()
            ),
        }
    }
}

/// How far, in the pool's spreads (log), a calibration's own price may sit from the pool's and
/// still be taken for one more sample of the same platform: 3, as for an unusual term
/// ([`TaskTerms::unusual_against`]). The H200's pool spans 3.9-7.7 ms at 64 MiB about 6.2, a
/// spread of 0.186: 3.6-10.8 ms passes.
pub const POOL_SHIFTS: f64 = 3.0;

/// How much of a GPU pass's faults its kernel's own work leaves exposed. The first pass over pages
/// it must migrate takes `max(kernel, link + faults) + share × hidden`, `hidden` being what the
/// longer-of rule lets the shorter side hide (`kernel + link + faults − max(…)`), times
/// `(faults / kernel)²` where the kernel is the longer: 0 when the faults hide fully under the
/// kernel, 1 when the two simply add. A kernel whose threads stall on the pages they touch cannot
/// compute on data still on the host, so much of the two add (H200: the compute-bound workload's
/// managed GPU side came out 18–40 % short under the longer-of rule, NOTES.md "The measurement's
/// own resolution"; shares 0.5–0.8 with kernel and faults about equal, falling as the kernel
/// grows past them, calibration/h200/run48/overlap.csv). Fitted trial by trial from the managed
/// group's compute cells ([`fit_task_terms`]); a model without it prices the longer of the two.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct FaultsUnderCompute {
    /// The share, the median over trials.
    pub share: f64,
    /// Standard error of that median.
    pub se: f64,
    /// Spread of one trial's share (standard deviation).
    pub sd: f64,
    /// Trials behind it.
    pub trials: u32,
    /// The cells' size, bytes, and their medians there: the compute-bound kernel on resident
    /// pages, and the faults alone (a streaming pass over pages the host just wrote), ms.
    pub bytes: u64,
    /// The kernel alone, ms.
    pub kernel_ms: f64,
    /// The faults alone, ms.
    pub faults_ms: f64,
    /// How far the share moves between calibrations of the machine, relative (root mean square of
    /// the log ratio to other calibrations' shares; [`TaskTerms::share_shift`]); 0 where not
    /// measured. It widens the interval of every prediction whose kernels leave faults exposed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub run_shift: f64,
}

impl FaultsUnderCompute {
    /// A share known exactly (tests and tools).
    pub fn exact(share: f64) -> FaultsUnderCompute {
        FaultsUnderCompute {
            share,
            se: 0.0,
            sd: 0.0,
            trials: 0,
            bytes: 0,
            kernel_ms: 0.0,
            faults_ms: 0.0,
            run_shift: 0.0,
        }
    }
}

/// What a calibration's sparse cells measured at one size, the medians of their trials: the CPU
/// writing one page in ten of pages on the device (`managed/cpu_write_sparse`) and the GPU pass
/// faulting them back in (`managed/sparse-refault`). The same cell timed beside a task's row
/// (`<task>:sparse_cpu_beside`, runs since `run103`) says how that moment's sparse faults compare
/// with the calibration's: they run at one of two levels, in spells (NOTES.md "Sparse faults
/// beside each row"; `validate --task --faults-beside`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct SparseReference {
    /// The cells' size, bytes.
    pub bytes: u64,
    /// The CPU's writes, ms.
    pub cpu_ms: f64,
    /// The GPU's refault pass, ms.
    pub gpu_ms: f64,
}

/// Threads of the calibration's wide read of migrated pages ([`FaultBackThreads`]): the H200 and
/// H100 test machines have 16 cores, and the independent k-means ran its host phase on 16
/// (NOTES.md "An independent workload"). A fixed count, so the cell means the same on every host;
/// on one with fewer cores its threads share them (the run's facts name the cores).
pub const FAULT_BACK_THREADS: u32 = 16;

/// A host thread count above one on which the calibration measures what faulting pages back costs:
/// its terms and the managed group's cells behind them (reads of the whole buffer, writes of one
/// page in ten, each beside the same on heap memory on as many threads). The fit, the pricing,
/// `show` and the bench take the counts from [`THREAD_COUNTS`].
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct ThreadCount {
    /// Host threads, one per core.
    pub threads: u32,
    /// Faults back under a dense read ([`TermId::CpuFaultBack4`] …).
    pub dense: TermId,
    /// Each separate run of pages a sparse write faults back ([`TermId::CpuFaultRun4`] …).
    pub run: TermId,
    /// The read of heap memory, and of migrated pages, on these threads.
    pub read: [ManagedCase; 2],
    /// The write of one page in ten of heap memory, and of migrated pages, on these threads.
    pub write: [ManagedCase; 2],
}

/// The thread counts the calibration measures, in rising order (the last is
/// [`FAULT_BACK_THREADS`]).
pub const THREAD_COUNTS: [ThreadCount; 3] = [
    ThreadCount {
        threads: 4,
        dense: TermId::CpuFaultBack4,
        run: TermId::CpuFaultRun4,
        read: [ManagedCase::CpuReadHeap4, ManagedCase::CpuReadMigrated4],
        write: [
            ManagedCase::CpuWriteSparseHeap4,
            ManagedCase::CpuWriteSparse4,
        ],
    },
    ThreadCount {
        threads: 8,
        dense: TermId::CpuFaultBack8,
        run: TermId::CpuFaultRun8,
        read: [ManagedCase::CpuReadHeap8, ManagedCase::CpuReadMigrated8],
        write: [
            ManagedCase::CpuWriteSparseHeap8,
            ManagedCase::CpuWriteSparse8,
        ],
    },
    ThreadCount {
        threads: FAULT_BACK_THREADS,
        dense: TermId::CpuFaultBack16,
        run: TermId::CpuFaultRun16,
        read: [
            ManagedCase::CpuReadHeapWide,
            ManagedCase::CpuReadMigratedWide,
        ],
        write: [
            ManagedCase::CpuWriteSparseHeapWide,
            ManagedCase::CpuWriteSparseWide,
        ],
    },
];

/// What faulting pages back costs a host phase on many threads, as a share of what one thread's
/// read pays: the calibration's read of migrated pages less the same read of heap memory, on
/// [`FAULT_BACK_THREADS`] threads over one thread's, paired by trial at the largest size measured
/// (`managed/cpu_read_migrated_wide`, `cpu_read_heap_wide`). On the H200 the k-means's 16 host
/// threads faulted its pages back at about half of one thread's cost
/// (calibration/h200/run142/sides.txt, run145/judge.txt: its own code's scale 0.57). The first
/// design (`run160`, not passed): since `run161` the terms of each thread count price instead
/// ([`TermId::CpuFaultBack16`] and the others), and this share only prices a model that has it
/// and not them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct FaultBackThreads {
    /// Threads of the wide read.
    pub threads: u32,
    /// The share, the median over trials.
    pub ratio: f64,
    /// Standard error of that median.
    pub se: f64,
    /// Spread of one trial's share (standard deviation).
    pub sd: f64,
    /// Trials behind it.
    pub trials: u32,
    /// The cells' size, bytes.
    pub bytes: u64,
}

impl FaultBackThreads {
    /// A share known exactly (tests and tools).
    pub fn exact(threads: u32, ratio: f64) -> FaultBackThreads {
        FaultBackThreads {
            threads,
            ratio,
            se: 0.0,
            sd: 0.0,
            trials: 0,
            bytes: 0,
        }
    }

    /// The share of one thread's fault-back a host phase on `threads` threads pays: 1 on one
    /// thread, [`FaultBackThreads::ratio`] on the calibration's count, between them as a part
    /// that does not spread over threads and one that does (Amdahl's law through the two
    /// points; a judgement, measured only at the ends). Beyond the calibration's count it stays
    /// at the ratio: more threads than were measured are not taken to help.
    pub fn scale(&self, threads: u32) -> f64 {
        let w = f64::from(self.threads.max(2));
        let t = f64::from(threads.clamp(1, self.threads.max(1)));
        let serial = ((self.ratio - 1.0 / w) / (1.0 - 1.0 / w)).max(0.0);
        serial + (1.0 - serial) / t
    }
}

/// The share of one GPU pass's wait on the link that hides under the first-touch faults of the
/// same kernel, by how the faulting pages arrive (rule G; NOTES.md, "The GPU side, round by
/// round"). Measured by `faultmix.cu`, not by the calibration's cells: fits since it was adopted
/// carry [`LinkUnderFaults::MEASURED`]; model files fitted before it lack it and price no such
/// hiding, as they did when they were made.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkUnderFaults {
    /// Where the pages faulting in migrate (preferred location on the device).
    pub migrating: f64,
    /// Where they are duplicated (read-mostly).
    pub duplicating: f64,
}

impl LinkUnderFaults {
    /// run189's faultmix.cu, each whole pass against its parts of the same trial, 64 MiB, 60
    /// trials: 0.578 migrating (90 % [0.45, 0.66]), 0.466 duplicating ([0.38, 0.58]); at 256 MiB
    /// 0.91 and 0.92 over 16 trials, not used (rule G takes the 64 MiB shares at every size).
    /// `calibration/h200/run189/readings.py`, `readings.txt`.
    pub const MEASURED: LinkUnderFaults = LinkUnderFaults {
        migrating: 0.578,
        duplicating: 0.466,
    };
}

/// The platform terms of task predictions, fitted from one calibration's cells.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskTerms {
    costs: [Option<Cost>; TermId::COUNT],
    under_compute: Option<FaultsUnderCompute>,
    /// What many host threads pay to fault pages back, over one (calibrations since `run160`).
    fault_back_threads: Option<FaultBackThreads>,
    /// Whether `duplicate` and `duplicate_random` come from read-mostly advice given after the
    /// host's fill (as tasks advise; since `run69`), not before it: 3–4× cheaper (`run68`), so
    /// calibrations measured the two ways are not compared.
    duplication_after_fill: bool,
    /// How much of a link pass hides under first-touch faults (fits since rule G); `None`: none.
    link_under_faults: Option<LinkUnderFaults>,
    /// Whether `prefetch_noop` comes from the prefetch sequence's no-op at its mean (fits from
    /// `run73`'s code until the no-op split), not from settled prefetches' medians: 1.5-4×
    /// dearer at 64 MiB, so calibrations measured the two ways are not compared. Fits since the
    /// split price the sequence's no-op as `prefetch_noop_after_move` and this is false.
    noop_in_sequence: bool,
    /// The sparse cells as measured, at each size (fits before `run103`'s code have none).
    sparse: Vec<SparseReference>,
    /// Pools of many calibrations of this platform, for the terms one calibration prices
    /// poorly ([`TermPool`]): carried by an embedded model for calibrations of its GPU to take.
    pools: Vec<TermPool>,
    /// Terms priced from such a pool rather than from the calibration's own cells, with what the
    /// calibration measured ([`TaskTerms::price_from_pools`]).
    from_pool: Vec<PooledTerm>,
    /// How the fit went.
    pub fit: TermFit,
}

impl Default for TaskTerms {
    fn default() -> Self {
        TaskTerms {
            costs: [None; TermId::COUNT],
            under_compute: None,
            fault_back_threads: None,
            duplication_after_fill: false,
            link_under_faults: None,
            noop_in_sequence: false,
            sparse: Vec::new(),
            pools: Vec::new(),
            from_pool: Vec::new(),
            fit: TermFit::default(),
        }
    }
}

/// The quality of the joint fit.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct TermFit {
    /// Calibration cells used.
    pub cells: u32,
    /// Robust scale of the residuals in units of each cell's standard error (1 = as the trial
    /// statistics say; more = the cells disagree beyond their sampling error).
    pub residual_scale: f64,
    /// Cells the Huber loss gave less than half weight (outliers), with their weight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub downweighted: Vec<(String, f64)>,
    /// How many calibrations' joint fits the terms were taken from, each term from one of them
    /// ([`TaskTerms::pooled`]; then `cells` is theirs summed and `residual_scale` their median):
    /// 0 for one calibration's own fit.
    #[serde(default, skip_serializing_if = "is_zero_count")]
    pub pooled_over: u32,
}

fn is_zero_count(n: &u32) -> bool {
    *n == 0
}

#[derive(Serialize, Deserialize)]
struct TaskTermsFile {
    #[serde(flatten)]
    costs: BTreeMap<TermId, Cost>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    faults_under_compute: Option<FaultsUnderCompute>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cpu_fault_back_threads: Option<FaultBackThreads>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    duplication_after_fill: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    link_under_faults: Option<LinkUnderFaults>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    noop_in_sequence: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    sparse_cells: Vec<SparseReference>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pools: Vec<TermPool>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    priced_from_pool: Vec<PooledTerm>,
    #[serde(default)]
    fit: TermFit,
}

impl Serialize for TaskTerms {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        TaskTermsFile {
            costs: TermId::ALL
                .iter()
                .filter_map(|&t| self.costs[t.index()].map(|c| (t, c)))
                .collect(),
            faults_under_compute: self.under_compute,
            cpu_fault_back_threads: self.fault_back_threads,
            duplication_after_fill: self.duplication_after_fill,
            link_under_faults: self.link_under_faults,
            noop_in_sequence: self.noop_in_sequence,
            sparse_cells: self.sparse.clone(),
            pools: self.pools.clone(),
            priced_from_pool: self.from_pool.clone(),
            fit: self.fit.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for TaskTerms {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let f = TaskTermsFile::deserialize(d)?;
        let mut t = TaskTerms {
            under_compute: f.faults_under_compute,
            fault_back_threads: f.cpu_fault_back_threads,
            duplication_after_fill: f.duplication_after_fill,
            link_under_faults: f.link_under_faults,
            noop_in_sequence: f.noop_in_sequence,
            sparse: f.sparse_cells,
            pools: f.pools,
            from_pool: f.priced_from_pool,
            fit: f.fit,
            ..TaskTerms::default()
        };
        for (id, c) in f.costs {
            t.costs[id.index()] = Some(c);
        }
        Ok(t)
    }
}

impl TaskTerms {
    /// The same terms without the fit's report (what queries need).
    pub(crate) fn without_fit_report(&self) -> TaskTerms {
        TaskTerms {
            costs: self.costs,
            under_compute: self.under_compute,
            fault_back_threads: self.fault_back_threads,
            duplication_after_fill: self.duplication_after_fill,
            link_under_faults: self.link_under_faults,
            noop_in_sequence: self.noop_in_sequence,
            sparse: self.sparse.clone(),
            pools: self.pools.clone(),
            from_pool: self.from_pool.clone(),
            fit: TermFit::default(),
        }
    }

    /// The calibration's sparse cells as measured at `bytes`, if it measured them there.
    pub fn sparse_reference(&self, bytes: u64) -> Option<SparseReference> {
        self.sparse.iter().find(|s| s.bytes == bytes).copied()
    }

    /// Sets the sparse cells as measured (tests and tools).
    pub fn set_sparse_references(&mut self, cells: Vec<SparseReference>) {
        self.sparse = cells;
    }

    /// The same terms with `t`'s fixed cost (per run, for the fault-run terms) `scale` times
    /// theirs: a validation prices a row at the level of sparse faults measured beside it.
    pub fn with_latency_scaled(&self, t: TermId, scale: f64) -> TaskTerms {
        let mut out = self.without_fit_report();
        if let Some(c) = out.costs[t.index()].as_mut() {
            c.lat_ms *= scale;
        }
        out
    }

    /// These terms with term `t`'s whole cost (fixed and per GiB) times `scale`, its spread and
    /// shift as they were: a term priced at another level of the same hardware (the prefetch back
    /// at the host's level beside a row, `validate --task --back-beside`).
    pub fn with_cost_scaled(&self, t: TermId, scale: f64) -> TaskTerms {
        let mut out = self.without_fit_report();
        if let Some(c) = out.costs[t.index()].as_mut() {
            c.lat_ms *= scale;
            c.ms_per_gib *= scale;
            c.cov = c.cov.map(|v| v * scale * scale);
        }
        out
    }

    /// How much of a first pass's faults its kernel leaves exposed, if calibrated.
    #[inline]
    pub fn faults_under_compute(&self) -> Option<&FaultsUnderCompute> {
        self.under_compute.as_ref()
    }
    /// Sets it (tests and tools).
    pub fn set_faults_under_compute(&mut self, f: Option<FaultsUnderCompute>) {
        self.under_compute = f;
    }
    /// What many host threads pay to fault pages back, over one thread, if calibrated.
    #[inline]
    pub fn fault_back_threads(&self) -> Option<&FaultBackThreads> {
        self.fault_back_threads.as_ref()
    }
    /// Sets it (tests and tools).
    pub fn set_fault_back_threads(&mut self, f: Option<FaultBackThreads>) {
        self.fault_back_threads = f;
    }
    /// How much of a link pass hides under first-touch faults, if these terms price it.
    #[inline]
    pub fn link_under_faults(&self) -> Option<&LinkUnderFaults> {
        self.link_under_faults.as_ref()
    }
    /// Sets it (tests and tools; `None` prices as fits before rule G did).
    pub fn set_link_under_faults(&mut self, l: Option<LinkUnderFaults>) {
        self.link_under_faults = l;
    }
    /// What a host access on `threads` threads pays to fault `bytes` back in `runs` separate runs
    /// of pages (0 for a dense access; a touch of one page in ten meets a tenth of the buffer's
    /// pages), as a share of one thread's cost, as the pricing takes it: from the terms of each
    /// thread count measured, else from the 16-thread share ([`FaultBackThreads::scale`]), at
    /// most 1; `None` where the model has neither, or on one thread.
    ///
    /// Never above 1: no measurement had many threads pay more to fault pages back (the k-means
    /// and the relaxation on 2-16 threads, run160-run166), while a share taken at a sparse
    /// touch's few bytes can exceed 1 from the many-thread terms' fixed part alone (the
    /// relaxation's writes on 16 threads priced 1.9 times one thread's, run165). With the terms
    /// but one thread's fault-back priced at nothing (`run163`'s first calibration, whose heap
    /// reads ran as slowly as migrated pages), 1: nothing to scale.
    pub fn fault_back_share(&self, threads: u32, bytes: f64, runs: f64) -> Option<f64> {
        if threads <= 1 {
            return None;
        }
        if let Some(s) = self.threads_over_one(threads, bytes, runs) {
            return Some(s.min(1.0));
        }
        if THREAD_COUNTS.iter().any(|c| self.get(c.dense).is_some()) {
            return Some(1.0);
        }
        self.fault_back_threads.map(|f| f.scale(threads).min(1.0))
    }

    /// What `threads` host threads pay to fault `bytes` back in `runs` separate runs (0: a dense
    /// touch) over one thread, from the terms of each count measured: linear in log2(threads)
    /// between one thread and the counts (a judgement: the k-means's 4 threads paid 0.43 of one
    /// thread's at 64 MiB, its 16 0.52, calibration/h200/run160/judge.txt; its 8 less than either,
    /// run161), 16's beyond 16. A count's sparse touch is priced as its sparse writes were fitted
    /// (the dense term's per-byte part for the bytes, its fault-run term per run: the dense term's
    /// fixed part, measured on whole buffers, priced the relaxation's few bytes on 16 threads at
    /// 1.9 times one thread's, run165); without its fault-run term (models before `run167`), at
    /// the dense term's share of one thread's. `None` without one thread's term or any count's.
    fn threads_over_one(&self, threads: u32, bytes: f64, runs: f64) -> Option<f64> {
        let dense_one = self.get(TermId::CpuFaultBack)?.at(bytes);
        if dense_one.is_nan() || dense_one <= 0.0 {
            return None;
        }
        let run = |t: TermId| self.get(t).filter(|_| runs > 0.0).map(|c| c.lat_ms * runs);
        let one = dense_one + run(TermId::CpuFaultRun).unwrap_or(0.0);
        let mut prev = (0.0, one);
        let mut last = None;
        let x = f64::from(threads).log2();
        for count in THREAD_COUNTS {
            let Some(d) = self.get(count.dense) else {
                continue;
            };
            let n = f64::from(count.threads).log2();
            let c = match run(count.run) {
                Some(r) => d.ms_per_gib * bytes / GIB + r,
                None => d.at(bytes) / dense_one * one,
            };
            if x <= n {
                return Some((prev.1 + (x - prev.0) / (n - prev.0) * (c - prev.1)) / one);
            }
            prev = (n, c);
            last = Some(c);
        }
        last.map(|c| c / one)
    }
    /// The share priced: 0 (the longer of kernel and faults) where not calibrated.
    #[inline]
    fn share(&self) -> f64 {
        self.under_compute.map_or(0.0, |u| u.share)
    }

    /// A term, if calibrated.
    #[inline]
    pub fn get(&self, t: TermId) -> Option<&Cost> {
        self.costs[t.index()].as_ref()
    }
    /// A term's cost of `bytes`, ms, if calibrated.
    pub fn cost_at(&self, t: TermId, bytes: f64) -> Option<f64> {
        self.get(t).map(|c| c.at(bytes))
    }
    /// Sets a term (tests and tools).
    pub fn set(&mut self, t: TermId, c: Cost) {
        self.costs[t.index()] = Some(c);
    }
    /// The calibrated terms, in order.
    pub fn iter(&self) -> impl Iterator<Item = (TermId, &Cost)> {
        TermId::ALL
            .iter()
            .filter_map(|&t| self.costs[t.index()].as_ref().map(|c| (t, c)))
    }
    /// How far each term moves between calibrations of one machine: for every term these terms
    /// and at least one of `others` (fits of the same machine's other calibrations) price
    /// positively at `bytes`, the root mean square of log(theirs / ours). Terms left out keep
    /// their shift.
    pub fn run_shifts(&self, others: &[TaskTerms], bytes: f64) -> Vec<(TermId, f64)> {
        self.iter()
            .filter_map(|(t, c)| {
                let theirs = others
                    .iter()
                    .filter(|o| same_method(self, o, t))
                    .filter_map(|o| o.get(t))
                    .map(|o| o.at(bytes));
                rms_log_ratio(c.at(bytes), theirs).map(|s| (t, s))
            })
            .collect()
    }

    /// The run-to-run shifts `from` (another model of the same GPU, e.g. the embedded one a first
    /// calibration inherits from) has measured for terms it prices the way these terms do: a
    /// term measured another way (read-mostly duplication before or after the fill, the no-op
    /// prefetch settled or in a sequence) moved by another amount, so its shift is not taken.
    pub fn inheritable_shifts(&self, from: &TaskTerms) -> Vec<(TermId, f64)> {
        from.iter()
            .filter(|(t, c)| c.run_shift > 0.0 && same_method(self, from, *t))
            .map(|(t, c)| (t, c.run_shift))
            .collect()
    }

    /// How far the share of faults a kernel leaves exposed moves between calibrations: the root
    /// mean square of log(theirs / ours) over `others` that measured it (both positive), as
    /// [`run_shifts`](Self::run_shifts) has it for the costs; `None` where none can say.
    pub fn share_shift(&self, others: &[TaskTerms]) -> Option<f64> {
        // With `fault_in_scalar` the share is fitted against faults at one float a thread's pace
        // ([`faults_under_compute`]), without it against the streaming pass's: not compared.
        // Where none measured it this way, how far the others' shares moved about their median.
        let mine = self.under_compute?.share;
        let scalar = self.get(TermId::FaultInScalar).is_some();
        let shares = |same: bool| {
            others
                .iter()
                .filter(move |o| (o.get(TermId::FaultInScalar).is_some() == scalar) == same)
                .filter_map(|o| o.under_compute.map(|u| u.share))
        };
        rms_log_ratio(mine, shares(true)).or_else(|| {
            let v: Vec<f64> = shares(false).collect();
            rms_log_ratio(crate::stats::median(&v)?, v.iter().copied())
        })
    }

    /// Task terms pooled over several calibrations of one machine: each term (and the share of
    /// faults under compute) as the calibration whose value at `bytes` is the median among those
    /// that have it (the lower of the two middle ones for an even count), kept whole with its
    /// uncertainty. One calibration carries the migration regime it met (the H200's `run70`
    /// priced the prefetch back at 67 ms/GiB, others at 114, NOTES.md "The shipped model"); the
    /// median of several does not. A term measured two ways (read-mostly duplication before or
    /// after the host's fill, 3–4× apart, `run68`; the no-op prefetch settled or in a sequence)
    /// is pooled over the calibrations that measured it the later way, where any did. Errors
    /// when `all` is empty.
    pub fn pooled(all: &[TaskTerms], bytes: f64) -> Result<TaskTerms, String> {
        if all.is_empty() {
            return Err("no calibrations to pool".into());
        }
        fn middle<T>(mut v: Vec<(f64, T)>) -> Option<T> {
            v.sort_by(|a, b| a.0.total_cmp(&b.0));
            let i = v.len().checked_sub(1)? / 2;
            v.into_iter().nth(i).map(|x| x.1)
        }
        let mut out = TaskTerms {
            duplication_after_fill: all.iter().any(|t| t.duplication_after_fill),
            // Not fitted per calibration: the median of those that carry it, so a pool of fits
            // since rule G carries it and one of older fits does not.
            link_under_faults: middle(
                all.iter()
                    .filter_map(|t| t.link_under_faults)
                    .map(|l| (l.migrating, l))
                    .collect(),
            ),
            // A calibration with `prefetch_noop_after_move` prices `prefetch_noop` from settled
            // pages again: the latest way.
            noop_in_sequence: all.iter().any(|t| t.noop_in_sequence)
                && !all
                    .iter()
                    .any(|t| t.get(TermId::PrefetchNoopAfterMove).is_some()),
            ..TaskTerms::default()
        };
        for t in TermId::ALL {
            out.costs[t.index()] = middle(
                all.iter()
                    .filter(|a| same_method(a, &out, t))
                    .filter_map(|a| a.get(t))
                    .map(|c| (c.at(bytes), *c))
                    .collect(),
            );
        }
        out.under_compute = middle(
            all.iter()
                .filter_map(|a| a.under_compute)
                .map(|u| (u.share, u))
                .collect(),
        );
        out.fault_back_threads = middle(
            all.iter()
                .filter_map(|a| a.fault_back_threads)
                .map(|f| (f.ratio, f))
                .collect(),
        );
        out.fit = TermFit {
            cells: all.iter().map(|a| a.fit.cells).sum(),
            residual_scale: middle(
                all.iter()
                    .map(|a| (a.fit.residual_scale, a.fit.residual_scale))
                    .collect(),
            )
            .unwrap_or(0.0),
            downweighted: Vec::new(),
            pooled_over: all.len() as u32,
        };
        Ok(out)
    }

    /// Whose fit the terms are, in words: "this calibration", or for terms pooled over several
    /// ([`TermFit::pooled_over`]) "the median of these calibrations".
    pub fn whose_fit(&self) -> &'static str {
        if self.fit.pooled_over > 0 {
            "the median of these calibrations"
        } else {
            "this calibration"
        }
    }

    /// Pools of `terms` over `all` (fits of calibrations of one platform): for each term, the
    /// calibration whose price at `bytes` is the median of those that have it (the lower of the
    /// two middle ones for an even count), kept whole, its run-to-run shift the spread of all
    /// about it. Terms none of `all` has are left out.
    pub fn pools_of(all: &[TaskTerms], terms: &[TermId], bytes: f64) -> Vec<TermPool> {
        terms
            .iter()
            .filter_map(|&t| {
                let mut v: Vec<(f64, Cost)> = all
                    .iter()
                    .filter_map(|a| a.get(t))
                    .map(|c| (c.at(bytes), *c))
                    .filter(|(ms, _)| ms.is_finite() && *ms > 0.0)
                    .collect();
                v.sort_by(|a, b| a.0.total_cmp(&b.0));
                let (ms, mut cost) = *v.get(v.len().checked_sub(1)? / 2)?;
                cost.run_shift = rms_log_ratio(ms, v.iter().map(|x| x.0)).unwrap_or(0.0);
                Some(TermPool {
                    term: t,
                    cost,
                    calibrations: v.len() as u32,
                    range_ms: [v[0].0, v[v.len() - 1].0],
                })
            })
            .collect()
    }

    /// The pools these terms carry (an embedded model's, for calibrations of its GPU).
    pub fn pools(&self) -> &[TermPool] {
        &self.pools
    }
    /// Sets them (`fit --pool-from`).
    pub fn set_pools(&mut self, pools: Vec<TermPool>) {
        self.pools = pools;
    }
    /// The terms priced from a pool, with the calibration's own fit of each.
    pub fn priced_from_pool(&self) -> &[PooledTerm] {
        &self.from_pool
    }

    /// Prices each term of `pools` that these terms have from its pool: the pool's term replaces
    /// the calibration's (its own is kept in [`priced_from_pool`](Self::priced_from_pool)),
    /// unless the calibration's price at `bytes` sits more than [`POOL_SHIFTS`] of the pool's
    /// spreads from the pool's (and outside the pool's range), which says the pool was measured
    /// on another machine. The term keeps the larger of its own run-to-run shift and the pool's
    /// spread. A term already priced from a pool is priced again from its own fit.
    pub fn price_from_pools(&mut self, pools: &[TermPool], bytes: f64) -> Vec<PoolUse> {
        let mut uses = Vec::new();
        for p in pools {
            let own = match self.from_pool.iter().position(|f| f.term == p.term) {
                Some(i) => self.from_pool.remove(i).own,
                None => match self.get(p.term) {
                    Some(c) => *c,
                    None => continue,
                },
            };
            let (own_ms, pool_ms) = (own.at(bytes), p.cost.at(bytes));
            let allowed = (POOL_SHIFTS * p.cost.run_shift).exp();
            let inside = own_ms > 0.0
                && pool_ms > 0.0
                && ((own_ms / pool_ms).ln().abs() <= allowed.ln()
                    || (p.range_ms[0]..=p.range_ms[1]).contains(&own_ms));
            if !inside {
                self.costs[p.term.index()] = Some(own);
                uses.push(PoolUse::Outside {
                    term: p.term,
                    own_ms,
                    pool_ms,
                });
                continue;
            }
            // The wider of the pool's spread (how far one calibration sits from the median)
            // and the term's own shift (how far this machine's calibrations moved, or what a
            // first calibration inherits).
            let mut cost = p.cost;
            cost.run_shift = cost.run_shift.max(own.run_shift);
            self.costs[p.term.index()] = Some(cost);
            let used = PooledTerm {
                term: p.term,
                calibrations: p.calibrations,
                own,
            };
            self.from_pool.push(used);
            uses.push(PoolUse::Priced(used));
        }
        uses
    }

    /// Sets the share's run-to-run shift ([`FaultsUnderCompute::run_shift`]), if it is calibrated.
    pub fn set_share_shift(&mut self, shift: f64) {
        if let Some(u) = self.under_compute.as_mut() {
            u.run_shift = shift;
        }
    }

    /// Sets the terms' run-to-run shifts ([`Cost::run_shift`]); terms not calibrated are skipped.
    /// Where `shifts` say nothing of faults one float a thread (no other calibration measured
    /// them, or the embedded model a first calibration inherits from predates them), they take
    /// the streaming pass's: the same migration at another pace (a probe rescales both alike).
    pub fn set_run_shift(&mut self, shifts: &[(TermId, f64)]) {
        let of = |t| shifts.iter().find(|x| x.0 == t).map(|x| x.1);
        let borrowed = match of(TermId::FaultInScalar) {
            Some(_) => None,
            None => of(TermId::FaultIn).map(|s| (TermId::FaultInScalar, s)),
        };
        for (t, s) in shifts.iter().copied().chain(borrowed) {
            if let Some(c) = self.costs[t.index()].as_mut() {
                c.run_shift = s;
            }
        }
    }

    /// Checks the invariants predictions rely on.
    pub fn check(&self) -> Result<(), String> {
        for (t, c) in self.iter() {
            let v = [
                c.lat_ms,
                c.ms_per_gib,
                c.rel_sd,
                c.run_shift,
                c.cov[0],
                c.cov[2],
            ];
            if v.iter().any(|x| !x.is_finite() || *x < 0.0) || !c.cov[1].is_finite() {
                return Err(format!(
                    "task term `{}` has a negative or non-finite value",
                    t.name()
                ));
            }
        }
        if let Some(u) = &self.under_compute {
            if [u.share, u.se, u.sd, u.kernel_ms, u.faults_ms, u.run_shift]
                .iter()
                .any(|x| !x.is_finite() || *x < 0.0)
            {
                return Err(
                    "task term `faults_under_compute` has a negative or non-finite value".into(),
                );
            }
        }
        if let Some(l) = &self.link_under_faults {
            if [l.migrating, l.duplicating]
                .iter()
                .any(|x| !x.is_finite() || !(0.0..=1.0).contains(x))
            {
                return Err(
                    "task term `link_under_faults` has a share outside 0-1 or non-finite".into(),
                );
            }
        }
        if let Some(f) = &self.fault_back_threads {
            if [f.ratio, f.se, f.sd]
                .iter()
                .any(|x| !x.is_finite() || *x < 0.0)
                || !(1..=crate::task::MAX_THREADS).contains(&f.threads)
            {
                return Err(format!(
                    "task term `cpu_fault_back_threads` has a negative or non-finite value, or threads outside 1-{}",
                    crate::task::MAX_THREADS
                ));
            }
        }
        Ok(())
    }
}

// ----- the migration probe ---------------------------------------------------------------------

/// One figure of a [`Probe`]: the mean of its samples (a step repeated many times pays the mean
/// of a two-rate mix, not its median), their relative spread and how many there were.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProbeFigure {
    /// Mean of the samples, ms.
    pub ms: f64,
    /// Standard deviation of one sample over the mean.
    #[serde(default)]
    pub rel_sd: f64,
    /// Samples behind it.
    #[serde(default)]
    pub samples: u32,
}

impl ProbeFigure {
    /// The figure of `samples` (ms), `None` when there are none or their mean is not positive (a
    /// difference that cost nothing measurable: the calibration's term prices that step).
    pub fn of(samples: &[f64]) -> Option<ProbeFigure> {
        if samples.is_empty() || samples.iter().any(|x| !x.is_finite()) {
            return None;
        }
        let (mean, sd) = crate::stats::mean_and_sd(samples);
        (mean > 0.0).then(|| ProbeFigure {
            ms: mean,
            rel_sd: sd / mean,
            samples: samples.len() as u32,
        })
    }
}

/// A migration probe: what moving one managed buffer cost on this machine just now. On the H200
/// test VM a migrating step runs at one of two rates in regimes of seconds, which a calibration
/// samples once (NOTES.md, "Which side the migrating policies miss"); a probe measured beside
/// the caller's own phase timings says which mix the machine is in, as `cpu_ms` says how fast
/// its CPU is. [`TaskTerms::probed`] prices the task with it. `umodel probe` measures one; the
/// suite's workloads measure one beside their plain phases in every trial.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Probe {
    /// The probe buffer's size, bytes.
    pub bytes: u64,
    /// One prefetch of the buffer back to the host (events).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefetch_to_host: Option<ProbeFigure>,
    /// A GPU pass migrating it by faults, less the same pass on the pages in place (events).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault_in: Option<ProbeFigure>,
    /// The CPU's read faulting it back, less the same read of heap memory (host clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_fault_back: Option<ProbeFigure>,
    /// The CPU's first update of it after a prefetch back, less the same update of heap memory
    /// (host clock).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_after_prefetch: Option<ProbeFigure>,
    /// One prefetch of the buffer to the device after the CPU touched its share of the pages
    /// (events): measured by a probe in a task's shape only, where the step can cost several
    /// times what it does after every page was touched (256 MiB in 13–23 ms against 5.4,
    /// calibration/h200/run56).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prefetch_to_device: Option<ProbeFigure>,
    /// Share of the buffer's pages the CPU touched between a prefetch back and the next prefetch
    /// to the device before the timed prefetch back (a task's shape, `umodel probe --task`;
    /// [`crate::task::ProbeShape`]); 1 when every page.
    #[serde(default = "one_f64", skip_serializing_if = "is_one_f64")]
    pub cpu_fraction: f64,
}

fn one_f64() -> f64 {
    1.0
}
fn is_one_f64(x: &f64) -> bool {
    *x == 1.0
}

/// A probe that cannot be used, with the file (`<probe dict>` and the like where it came from no
/// file) and why.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// The file could not be read.
    #[error("{}: cannot read the probe: {reason}", path.display())]
    Read {
        /// The probe file.
        path: std::path::PathBuf,
        /// The system's reason.
        reason: String,
    },
    /// The text is not a usable probe.
    #[error("{}: {reason}", path.display())]
    Invalid {
        /// The probe file, or what stood for it.
        path: std::path::PathBuf,
        /// What is wrong with it.
        reason: String,
    },
}

impl Probe {
    /// A probe file is a few hundred bytes; anything past 1 MiB is not one.
    pub const MAX_FILE_BYTES: u64 = 1 << 20;

    /// Parses and checks a probe (the JSON `umodel probe --json` prints); `path` names it in
    /// errors.
    pub fn parse(path: &std::path::Path, text: &str) -> Result<Probe, ProbeError> {
        let err = |reason: String| ProbeError::Invalid {
            path: path.to_path_buf(),
            reason,
        };
        let p: Probe = serde_json::from_str(text).map_err(|e| {
            err(format!(
                "not a migration probe (the JSON `umodel probe --json` prints): {e}"
            ))
        })?;
        p.check().map_err(err)?;
        Ok(p)
    }

    /// Reads, parses and checks a probe file.
    pub fn read(path: &std::path::Path) -> Result<Probe, ProbeError> {
        use std::io::Read;
        let mut text = String::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(Self::MAX_FILE_BYTES + 1).read_to_string(&mut text))
            .map_err(|e| ProbeError::Read {
                path: path.to_path_buf(),
                reason: e.to_string(),
            })?;
        if text.len() as u64 > Self::MAX_FILE_BYTES {
            return Err(ProbeError::Invalid {
                path: path.to_path_buf(),
                reason: "larger than 1 MiB, not a migration probe".into(),
            });
        }
        Probe::parse(path, &text)
    }

    /// The probe of a buffer of `bytes` from each step's samples, ms, in the order of
    /// [`Probe::figures`] (prefetch back, faults in, faults back, writes after a prefetch back,
    /// prefetch to the device; a step without samples is not measured); `None` when no step has a
    /// positive figure ([`ProbeFigure::of`]).
    pub fn from_samples(bytes: u64, samples: [&[f64]; 5]) -> Option<Probe> {
        let [to_host, fault_in, fault_back, after, to_device] = samples.map(ProbeFigure::of);
        let p = Probe {
            bytes,
            prefetch_to_host: to_host,
            fault_in,
            cpu_fault_back: fault_back,
            cpu_after_prefetch: after,
            prefetch_to_device: to_device,
            cpu_fraction: 1.0,
        };
        p.check().ok().map(|_| p)
    }

    /// Why this probe may price `task`'s prefetches otherwise than the task pays them: its CPU
    /// touched a different share of its pages before each timed prefetch back than `task`'s does
    /// of its largest buffer both sides touch ([`Task::probe_shape`]); `None` where the two
    /// agree. Sizes alone do not count: with every page touched the rates per byte at 64 and
    /// 256 MiB agreed (calibration/h200/run42), one page in ten did not (run50, run51, run56).
    pub fn shape_mismatch(&self, task: &Task) -> Option<String> {
        let want = task.probe_shape();
        let have = crate::task::ProbeShape {
            bytes: self.bytes,
            cpu_fraction: self.cpu_fraction,
        };
        let share = |s: crate::task::ProbeShape| match s.every() {
            None => "every page".to_string(),
            Some(n) => format!("one page in {n}"),
        };
        (want.every() != have.every()).then(|| {
            format!(
                "the probe's CPU touched {} of its {} between round trips; `{}` touches {} of its \
                 largest buffer both sides use ({}), which can move what its prefetches cost: \
                 a probe in its shape (`umodel probe --task FILE`) times them as it pays them",
                share(have),
                crate::units::format_size(have.bytes),
                task.name,
                share(want),
                crate::units::format_size(want.bytes)
            )
        })
    }

    /// The terms a probe measures, with its figure of each.
    pub fn figures(&self) -> [(TermId, Option<ProbeFigure>); 5] {
        [
            (TermId::PrefetchToHost, self.prefetch_to_host),
            (TermId::FaultIn, self.fault_in),
            (TermId::CpuFaultBack, self.cpu_fault_back),
            (TermId::CpuAfterPrefetch, self.cpu_after_prefetch),
            (TermId::PrefetchToDevice, self.prefetch_to_device),
        ]
    }

    /// Checks that every figure can price a term: a positive size, positive finite times.
    pub fn check(&self) -> Result<(), String> {
        if self.bytes == 0 {
            return Err("`bytes` must be positive".into());
        }
        if !(self.cpu_fraction > 0.0 && self.cpu_fraction <= 1.0) {
            return Err(format!(
                "`cpu_fraction` must be a share of the pages, above 0 and at most 1, not {}",
                self.cpu_fraction
            ));
        }
        for (t, f) in self.figures() {
            if let Some(f) = f {
                if !(f.ms.is_finite() && f.ms > 0.0) {
                    return Err(format!(
                        "`{}.ms` must be a positive number of milliseconds, not {}",
                        t.name(),
                        f.ms
                    ));
                }
                if !(f.rel_sd.is_finite() && f.rel_sd >= 0.0) {
                    return Err(format!(
                        "`{}.rel_sd` must be a non-negative number, not {}",
                        t.name(),
                        f.rel_sd
                    ));
                }
            }
        }
        if self.figures().iter().all(|(_, f)| f.is_none()) {
            return Err("it measures nothing (no `prefetch_to_host`, `fault_in`, \
                        `cpu_fault_back`, `cpu_after_prefetch` or `prefetch_to_device`)"
                .into());
        }
        Ok(())
    }
}

impl TaskTerms {
    /// These terms with the probe's figures in place of the calibration's for the steps it
    /// measured: each such term scaled so that it prices the probe's buffer as the probe found
    /// it, its run-to-run shift replaced by the spread of one probe sample (a task's steps may
    /// meet either rate). Terms the probe did not measure, or these terms do not have, stay.
    pub fn probed(&self, probe: &Probe) -> Result<TaskTerms, TaskQueryError> {
        probe.check().map_err(TaskQueryError::BadProbe)?;
        let mut out = self.clone();
        for (t, f) in probe.figures() {
            let (Some(f), Some(c)) = (f, out.costs[t.index()].as_mut()) else {
                continue;
            };
            let at = c.at(probe.bytes as f64);
            if at <= 0.0 {
                continue;
            }
            let k = f.ms / at;
            let scale = |c: &mut Cost| {
                c.lat_ms *= k;
                c.ms_per_gib *= k;
                c.cov = [c.cov[0] * k * k, c.cov[1] * k * k, c.cov[2] * k * k];
                c.run_shift = f.rel_sd.min(1.0);
            };
            scale(c);
            // The probe's faults are a streaming pass's; those under a pass of one element a
            // thread are the same migration at that kernel's pace, so they move with them.
            if t == TermId::FaultIn {
                if let Some(c) = out.costs[TermId::FaultInScalar.index()].as_mut() {
                    scale(c);
                }
            }
        }
        Ok(out)
    }
}

// ----- a calibration against a reference ------------------------------------------------------

/// A task term of a calibration far outside where the same term of a reference model (the
/// embedded model of the same GPU) has been seen to move ([`TaskTerms::unusual_against`]).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct UnusualTerm {
    /// The term.
    pub term: TermId,
    /// Its cost in this calibration at `bytes`, ms.
    pub ms: f64,
    /// The reference's cost at `bytes`, ms.
    pub reference_ms: f64,
    /// The size compared at, bytes.
    pub bytes: u64,
    /// The largest ratio (either way) that would not have been flagged.
    pub allowed_ratio: f64,
}

impl UnusualTerm {
    /// `term`, costing `ms` against the reference's `reference_ms` at `bytes`, when the ratio
    /// passes both `floor` and `shifts` × `spread` (a relative spread, as a log) either way.
    fn past(
        term: TermId,
        ms: f64,
        reference_ms: f64,
        bytes: u64,
        floor: f64,
        spread: f64,
    ) -> Option<UnusualTerm> {
        let allowed = floor.ln().max(UNUSUAL_SHIFTS * spread).exp();
        let log = (ms / reference_ms).ln();
        // A cost met by chance is low whenever a calibration happens not to meet it.
        let past = if MET_BY_CHANCE.contains(&term) {
            log > allowed.ln()
        } else {
            log.abs() > allowed.ln()
        };
        past.then_some(UnusualTerm {
            term,
            ms,
            reference_ms,
            bytes,
            allowed_ratio: allowed,
        })
    }

    /// This calibration's cost over the reference's.
    pub fn ratio(&self) -> f64 {
        self.ms / self.reference_ms
    }

    /// What it means, in a sentence; `against` names the reference ("the embedded model `h200`",
    /// "the 2 earlier calibrations here").
    pub fn describe(&self, against: &str) -> String {
        format!(
            "task term `{}` is {:.3} ms at {}, {:.2}× the {:.3} ms of {against} (up to {:.2}× \
             was to be expected): a cell behind it may have waited on something else; \
             calibrating again replaces this model",
            self.term.name(),
            self.ms,
            crate::units::format_size(self.bytes),
            self.ratio(),
            self.reference_ms,
            self.allowed_ratio
        )
    }
}

/// The ratio to a reference below which a term is never flagged, whatever its recorded shift: 2.
/// Over the 32 minimal calibrations of runs 16–41 on the H200, each refitted by `umodel fit`, the
/// steady terms (copies, mapping, passes) stayed within 1.1× of the embedded model's and every term
/// within 3.2× of it but one, a no-op prefetch that waited on the move before it (15.8×, run39's
/// first; NOTES.md, "The migration probe"; `tests/tasks.rs`).
const UNUSUAL_MIN_RATIO: f64 = 2.0;
/// How many of the reference's run-to-run shifts (RMS of log ratios between its calibrations) a
/// term may sit from it: 3, as a 3-sigma check would. The others of those 32 came to at most 0.76
/// of the bound this and the floor above set.
const UNUSUAL_SHIFTS: f64 = 3.0;

/// Terms that price a cost a calibration meets by chance, flagged only above the reference: the
/// deferred cost a move on a pinned thread leaves (`prefetch_next`, `prefetch_noop_after_move`)
/// came in 0–54 % of a run's calibration sequences (calibration/h200/offline40/deferred_steps.txt),
/// so a calibration that did not meet it prices them near zero, and 14 of the current build's 34
/// calibrations priced `prefetch_next` at exactly zero (calibration/h200/offline41/check_reference.txt).
const MET_BY_CHANCE: [TermId; 2] = [TermId::PrefetchNext, TermId::PrefetchNoopAfterMove];

/// Against a machine's own earlier calibrations, the ratio below which a term is never flagged: 4.
/// Between calibrations of one data directory minutes apart (runs 16–41 on the H200) normal terms
/// moved up to 3.14× (the CPU's writes after a prefetch back), the waiting no-op prefetch 18.8×.
const UNUSUAL_RUNS_MIN_RATIO: f64 = 4.0;

impl TaskTerms {
    /// [`TaskTerms::unusual_against`] for a machine without a reference model: each term against
    /// the geometric median of the same term in `others` (this machine's earlier calibrations),
    /// flagged past both 4× and, with two or more of them, 3 root-mean-square log deviations of
    /// theirs from that median. With one earlier calibration a flag says the two disagree, not
    /// which one is off.
    pub fn unusual_against_runs(&self, others: &[TaskTerms], bytes: u64) -> Vec<UnusualTerm> {
        let at = bytes as f64;
        self.iter()
            .filter_map(|(t, c)| {
                let ms = c.at(at);
                let mut logs: Vec<f64> = others
                    .iter()
                    .filter(|o| same_method(self, o, t))
                    .filter_map(|o| o.get(t))
                    .map(|o| o.at(at))
                    .filter(|v| *v > 0.0 && v.is_finite())
                    .map(f64::ln)
                    .collect();
                if logs.is_empty() || !(ms > 0.0 && ms.is_finite()) {
                    return None;
                }
                logs.sort_by(f64::total_cmp);
                let mid = crate::stats::median_sorted(&logs);
                let spread = if logs.len() >= 2 {
                    (logs.iter().map(|l| (l - mid).powi(2)).sum::<f64>() / logs.len() as f64).sqrt()
                } else {
                    0.0
                };
                UnusualTerm::past(t, ms, mid.exp(), bytes, UNUSUAL_RUNS_MIN_RATIO, spread)
            })
            .collect()
    }

    /// The terms of this calibration whose cost at `bytes` sits further from `reference`'s (a
    /// model of the same GPU measured elsewhere) than both 2× and 3 of the reference's own
    /// run-to-run shifts: a sign that a cell waited on something it should not have, or that the
    /// machine differs from the reference's. Terms either side prices at zero (nothing to take a
    /// ratio of) or does not have are not compared.
    pub fn unusual_against(&self, reference: &TaskTerms, bytes: u64) -> Vec<UnusualTerm> {
        let at = bytes as f64;
        self.iter()
            .filter(|(t, _)| same_method(self, reference, *t))
            .filter_map(|(t, c)| {
                let r = reference.get(t)?;
                let (ms, reference_ms) = (c.at(at), r.at(at));
                if !(ms > 0.0 && reference_ms > 0.0 && ms.is_finite() && reference_ms.is_finite()) {
                    return None;
                }
                UnusualTerm::past(t, ms, reference_ms, bytes, UNUSUAL_MIN_RATIO, r.run_shift)
            })
            .collect()
    }
}

/// Whether two calibrations measured `t` the same way: read-mostly duplication advised after the
/// host's fill costs a third to a quarter of the same advised before it (`run68`), a no-op
/// prefetch in a sequence at its mean 1.5–4× a settled one's median (`run73`, `run74`), so the
/// two are not compared.
fn same_method(a: &TaskTerms, b: &TaskTerms, t: TermId) -> bool {
    match t {
        TermId::Duplicate | TermId::DuplicateRandom => {
            a.duplication_after_fill == b.duplication_after_fill
        }
        TermId::PrefetchNoop => a.noop_in_sequence == b.noop_in_sequence,
        _ => true,
    }
}

// ----- the fit: task/fit.rs --------------------------------------------------------------------

mod fit;
pub use fit::*;

// ----- pricing ---------------------------------------------------------------------------------

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
fn link_under_faults(task: &Task, terms: &TaskTerms) -> f64 {
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
pub struct Assumptions(u32);

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
         measurements they come from); calibrate this machine or refit a calibration's CSV with \
         this version"
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
    /// Its cost, ms.
    pub ms: f64,
    /// What it is, in words.
    pub what: String,
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
) -> f64 {
    let mut extra = 0.0;
    let scale = Scale {
        given: task.given_fault_scale(all),
        threads: task.threads(all),
    };
    for (i, b) in task.buffers.iter().enumerate() {
        let a = access(b);
        if a.touches() {
            extra += cpu_touch(p, &mut states[i], b.bytes as f64, a.writes(), all, scale);
        }
    }
    extra
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
    fn fixed(
        &mut self,
        round: Option<u32>,
        kind: Kind,
        buf: Option<usize>,
        ms: f64,
        what: &'static str,
    );
    /// A CPU phase (`round` from 1), or the final host access (`round` None).
    fn cpu(&mut self, round: Option<u32>);
    /// A GPU phase: what its first pass waits for in faults (and the buffer faulting in, where
    /// one is), its link part, and the side-stream prefetches it overlaps.
    fn gpu(
        &mut self,
        round: u32,
        first: (f64, Option<usize>),
        link: &LinkCost,
        side_ms: f64,
        p: &mut Pricer<'_>,
    );
}

/// Which buffers a GPU phase's first pass faults in: the one an explained fault item names.
#[derive(Clone, Copy)]
enum Whose {
    Nobody,
    One(usize),
    Several,
}

impl Whose {
    fn and(self, buf: usize) -> Whose {
        match self {
            Whose::Nobody => Whose::One(buf),
            _ => Whose::Several,
        }
    }

    fn one(self) -> Option<usize> {
        match self {
            Whose::One(b) => Some(b),
            _ => None,
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
                sink.fixed(self.label(), Kind::Copy, Some(buf), ms, "copy to device");
            }
            Step::CopyToHost { buf } => {
                let ms = self
                    .p
                    .cost(CopyD2h, task.buffers[buf].bytes as f64, true, 1.0);
                sink.fixed(self.label(), Kind::Copy, Some(buf), ms, "copy to host");
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
                        Some(buf),
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
                    let extra = host_extras(&mut self.p, self.states, task, |b| b.cpu, false);
                    if extra != 0.0 {
                        sink.fixed(
                            Some(round + 1),
                            Kind::CpuFaults,
                            None,
                            extra,
                            "CPU first touches of migrated pages",
                        );
                    }
                }
            }
            Step::GpuPhase { round } => {
                self.done += 1;
                let mut first = 0.0;
                // Whose first touch `first` is: the buffer's where one buffer faults in.
                let mut whose = Whose::Nobody;
                let mut link = Link::default();
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
                                } else {
                                    migrate += r.share;
                                    r.loc = Loc::Device;
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
                                first += p.cost_scaled(t, migrate * bytes, true, 1.0, share);
                                first += p.runs(GpuFaultRun, migrate, bytes, 1.0);
                            } else {
                                let t =
                                    p.or(FaultInRandom, FaultIn, Assumptions::RANDOM_AS_SEQUENTIAL);
                                first += p.cost(t, migrate * bytes, true, 1.0);
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
                let first = (first, whose.one());
                sink.gpu(round + 1, first, &lc, self.side_ms, &mut self.p);
                self.side_ms = 0.0;
                if let Some(t) = self.sync_term {
                    let ms = self.p.cost(t, 0.0, true, 1.0);
                    sink.fixed(
                        Some(round + 1),
                        Kind::Sync,
                        None,
                        ms,
                        "launch and synchronisation",
                    );
                }
            }
            Step::CpuFinal => {
                sink.cpu(None);
                if self.managed {
                    let extra = host_extras(&mut self.p, self.states, task, |b| b.cpu_final, true);
                    if extra != 0.0 {
                        sink.fixed(
                            None,
                            Kind::CpuFaults,
                            None,
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
struct GpuTimes {
    /// What the first pass waits for beyond a pass, `exposed` included.
    faults: f64,
    /// What the longer-of rule would let hide of the faults, less what a kernel longer than its
    /// faults hides anyway: what `share` applies to.
    hidden: f64,
    /// The part of `hidden` the kernel's work does not hide after all (`share × hidden`).
    exposed: f64,
    /// The first pass's wait on the link beside its faults, before `hide` takes its share: what a
    /// model without [`LinkUnderFaults`] prices in full.
    beside: f64,
    /// The passes at device speed.
    passes: f64,
    /// What the passes wait for the link beyond that (0 where the link is not the longer).
    wait: f64,
    /// Side-stream prefetches beyond the phase they overlap.
    side_over: f64,
}

/// What of the faults a kernel could hide the share applies to, as a fraction: all of it while the
/// kernel is no longer than the faults (`moving`: the link and the faults), `(moving / kernel)²`
/// beyond: a kernel longer than its faults hides more of them the longer it is (H200, one 64 MiB
/// kernel over 4–20 ms against 6–7.5 ms of faults: shares 0.49, 0.25 and 0.05 at kernel/faults
/// 0.66, 1.6 and 2.6, and 0.78, 0.09 in the grid-stride shape at 0.71 and 2.8;
/// calibration/h200/run48/overlap.csv). The pricing ([`gpu_times`]) and the fit of the share
/// ([`faults_under_compute`]) both take it from here.
#[inline]
fn falloff(kernel: f64, moving: f64) -> f64 {
    if kernel > moving && kernel > 0.0 {
        (moving / kernel).powi(2)
    } else {
        1.0
    }
}

/// `hide`: the share of one pass's wait on the link that hides under the faults
/// ([`link_under_faults`]).
#[inline]
fn gpu_times(
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

impl<F: FnMut(Option<u32>, Kind, Option<usize>, f64, &str)> Direct<F> {
    #[inline]
    fn rec(&mut self, round: Option<u32>, k: Kind, buf: Option<usize>, ms: f64, what: &str) {
        if ms != 0.0 {
            self.parts.add(k, ms);
            (self.item)(round, k, buf, ms, what);
        }
    }
}

impl<F: FnMut(Option<u32>, Kind, Option<usize>, f64, &str)> Sink for Direct<F> {
    #[inline]
    fn fixed(
        &mut self,
        round: Option<u32>,
        kind: Kind,
        buf: Option<usize>,
        ms: f64,
        what: &'static str,
    ) {
        self.rec(round, kind, buf, ms, what);
    }

    #[inline]
    fn cpu(&mut self, round: Option<u32>) {
        let (ms, what) = cpu_item(round, self.ph);
        self.rec(round, Kind::Cpu, None, ms, what);
        self.cpu_spread += self.sd.cpu_ms(ms, round.is_none());
    }

    fn gpu(
        &mut self,
        round: u32,
        (first, whose): (f64, Option<usize>),
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

/// The buffer an explained GPU item names: the one faulting in, for the faults.
#[inline]
fn faulting(k: Kind, whose: Option<usize>) -> Option<usize> {
    if k == Kind::GpuFaults {
        whose
    } else {
        None
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
    item: impl FnMut(Option<u32>, Kind, Option<usize>, f64, &str),
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
            items.push(Item {
                round,
                kind,
                buffer: buf.map(|i| task.buffers[i].name.clone()),
                ms,
                what: what.to_string(),
            })
        },
    )?;
    Ok((p, items, term_uses(&scratch.uses)))
}

/// Every task policy ranked, fastest first; policies the model cannot price are listed apart.
/// (`Default` is an empty choice for [`CompiledTask::choose_into`] to fill.)
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TaskChoice {
    ranking: Vec<TaskPrediction>,
    tied: usize,
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
        && super::query::within_noise(
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

// ----- compiled tasks --------------------------------------------------------------------------

/// Values a query on a [`CompiledTask`] replaces: the phase times a scheduler measured, or another
/// number of rounds or passes per round. `None` keeps the task's own.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct TaskOverrides {
    /// One round's CPU phase on ordinary host memory, ms.
    pub cpu_ms: Option<f64>,
    /// One GPU pass on device-resident data, ms.
    pub gpu_ms: Option<f64>,
    /// The final host access on ordinary host memory, ms.
    pub cpu_final_ms: Option<f64>,
    /// CPU↔GPU alternations.
    pub rounds: Option<u32>,
    /// GPU passes per round.
    pub reuse: Option<f64>,
}

impl TaskOverrides {
    /// `task` with these values in place of its own (what a compiled task's query answers for,
    /// and what [`predict_task`] and the other one-shot functions take). Not checked: see
    /// [`Task::check`].
    pub fn applied_to(&self, task: &Task) -> Task {
        let mut t = task.clone();
        t.cpu_ms = self.cpu_ms.or(t.cpu_ms);
        t.gpu_ms = self.gpu_ms.or(t.gpu_ms);
        t.cpu_final_ms = self.cpu_final_ms.or(t.cpu_final_ms);
        t.rounds = self.rounds.unwrap_or(t.rounds);
        t.reuse = self.reuse.unwrap_or(t.reuse);
        t
    }
}

/// One round of a policy from one state of its walk, with what does not depend on the phase times
/// already priced and summed.
#[derive(Debug, Clone)]
struct RoundCost {
    /// Copies, prefetches, CPU first touches, synchronisation.
    fixed: Parts,
    /// The terms those used.
    uses: [Use; TermId::COUNT],
    used: u64,
    /// The GPU phase: what its first pass waits for in faults, its link part, and the side-stream
    /// prefetches it overlaps.
    first: f64,
    /// The buffer `first` faults in, where one does.
    whose: Option<usize>,
    link: LinkCost,
    side_ms: f64,
    /// Whether the final host access follows (the last round's cost includes it).
    fin: bool,
    /// The round's priced steps in order, and its additions to the term uses in order: what
    /// [`RoundByRound`] adds up as the direct pricing does.
    tape: Vec<TapeStep>,
    log: Vec<UseStep>,
    /// What pricing this round had to assume (some assumptions hold from some round on only:
    /// seed 001's prefetches of pages already in place start in its second round).
    assumed: Assumptions,
}

/// One priced item of a compiled round, in the order the direct pricing records it.
#[derive(Debug, Clone, Copy)]
enum TapeStep {
    /// A cost that does not depend on the phase times (not 0); `fin`: after the last round.
    Fixed {
        kind: Kind,
        buf: Option<usize>,
        ms: f64,
        what: &'static str,
        fin: bool,
    },
    /// The round's CPU phase.
    Cpu,
    /// The final host access.
    Final,
    /// The round's GPU phase (its numbers are the round's `first`, `link` and `side_ms`).
    Gpu,
}

/// A policy's rounds, one per distinct state of its walk at the start of a round.
///
/// The walk's state (stale copies, side-stream prefetches, and where each region of each buffer
/// lies) changes from round to round by the same rule, region by region and buffer by buffer, each
/// with at most four places: so round after round the states run into a cycle (of at most 12
/// rounds, after at most 3). Every round but the last is one of `rounds`; the last is one of
/// `lasts` and includes the final host access.
#[derive(Debug, Clone)]
struct CompiledPolicy {
    policy: Policy,
    /// What pricing assumes before any round (e.g. a model without the launch term); each
    /// round's own assumptions are in [`RoundCost::assumed`].
    assumed: Assumptions,
    rounds: Vec<RoundCost>,
    lasts: Vec<RoundCost>,
    /// The state rounds return to, and every how many rounds.
    cycle: u32,
    period: u32,
}

/// A task compiled against a model's terms for repeated queries ([`TaskTerms::compile`],
/// [`Predictor::compile_task`](super::Predictor::compile_task)): each policy's steps are walked and
/// priced once, so a query only combines a few sums per policy with the phase times, rounds and
/// reuse it is given ([`TaskOverrides`]), in time independent of the number of rounds and without
/// allocating beyond its answer.
///
/// Its answers ([`predict`](Self::predict), [`choose`](Self::choose),
/// [`choose_into`](Self::choose_into), [`breakeven`](Self::breakeven)) are those of
/// [`predict_task`], [`choose_task`] and [`breakeven_task`] on the task with the overrides applied,
/// summed in another order (equal to ~1e-15 relative). [`round_by_round`](Self::round_by_round)
/// answers the same queries, and [`explain`](RoundByRound::explain), summing round by round as
/// those functions do: their answers to the bit, in time that grows with the rounds.
///
/// Every query checks the values it replaces: rounds 0 or above [`MAX_ROUNDS`](crate::task::MAX_ROUNDS),
/// a reuse below 1, above 1e9 or not a number, a negative, infinite or NaN phase time are
/// [`TaskQueryError::BadTask`] naming the field, never an answer. Immutable: share one across
/// threads.
#[derive(Debug, Clone)]
pub struct CompiledTask {
    name: String,
    /// The buffers' names, for explained items.
    buffers: Vec<String>,
    rounds: u32,
    reuse: f64,
    cpu_ms: Option<f64>,
    gpu_ms: Option<f64>,
    cpu_final_ms: Option<f64>,
    /// The host threads of the CPU phase and of the final access (the given phases' spread).
    threads: (Option<u32>, Option<u32>),
    /// The model's terms (without the fit's report).
    terms: TaskTerms,
    est: Estimates,
    /// [`link_under_faults`] of the task.
    hide: f64,
    policies: Vec<CompiledPolicy>,
    skipped: Vec<(Policy, TaskQueryError)>,
}

/// Collects one round's priced steps.
#[derive(Default)]
struct Record {
    fixed: Parts,
    cpu: u32,
    fin: bool,
    gpu: Option<((f64, Option<usize>), LinkCost, f64)>,
    tape: Vec<TapeStep>,
    /// Steps of the final host access are being recorded (after the last round's phases).
    finishing: bool,
}

impl Sink for Record {
    #[inline]
    fn fixed(
        &mut self,
        _: Option<u32>,
        kind: Kind,
        buf: Option<usize>,
        ms: f64,
        what: &'static str,
    ) {
        if ms != 0.0 {
            self.fixed.add(kind, ms);
            self.tape.push(TapeStep::Fixed {
                kind,
                buf,
                ms,
                what,
                fin: self.finishing,
            });
        }
    }
    fn cpu(&mut self, round: Option<u32>) {
        match round {
            Some(_) => {
                self.cpu += 1;
                self.tape.push(TapeStep::Cpu);
            }
            None => {
                self.fin = true;
                self.tape.push(TapeStep::Final);
            }
        }
    }
    fn gpu(
        &mut self,
        _: u32,
        first: (f64, Option<usize>),
        link: &LinkCost,
        side_ms: f64,
        p: &mut Pricer<'_>,
    ) {
        debug_assert!(self.gpu.is_none(), "one GPU phase a round");
        self.gpu = Some((first, *link, side_ms));
        self.tape.push(TapeStep::Gpu);
        if let Some(log) = &mut p.log {
            log.push(UseStep::Link);
        }
    }
}

impl Run<'_, '_> {
    /// Prices round `round` from the walk's state `walk` (and, when `last`, the final access).
    fn round_cost(&mut self, walk: &mut Walk, round: u32, last: bool) -> RoundCost {
        *self.p.uses = [Use::default(); TermId::COUNT];
        self.p.used = 0;
        self.p.log = Some(Vec::new());
        let before = std::mem::take(&mut self.p.assumed);
        let mut rec = Record::default();
        let (task, policy) = (self.task, self.policy);
        walk.round(task, policy, round, last, &mut |s| self.step(s, &mut rec));
        if last {
            rec.finishing = true;
            walk.finish(task, policy, &mut |s| self.step(s, &mut rec));
        }
        debug_assert_eq!(rec.cpu, 1, "one CPU phase a round");
        let ((first, whose), link, side_ms) = rec.gpu.expect("a round has a GPU phase");
        RoundCost {
            fixed: rec.fixed,
            uses: *self.p.uses,
            used: self.p.used,
            first,
            whose,
            link,
            side_ms,
            fin: rec.fin,
            tape: rec.tape,
            log: self.p.log.take().unwrap_or_default(),
            assumed: std::mem::replace(&mut self.p.assumed, before),
        }
    }

    /// Where the walk stands at the start of a round.
    fn places(&self) -> Vec<[Loc; 4]> {
        self.states
            .iter()
            .map(|s| s.regions.map(|r| r.loc))
            .collect()
    }
}

fn compile_policy(
    terms: &TaskTerms,
    task: &Task,
    policy: Policy,
) -> Result<CompiledPolicy, TaskQueryError> {
    let mut scratch = Scratch::new();
    let mut run = Run::new(terms, task, policy, &mut scratch)?;
    let mut walk = Walk::new(task);
    let mut seen: Vec<(Walk, Vec<[Loc; 4]>)> = Vec::new();
    let (mut rounds, mut lasts) = (Vec::new(), Vec::new());
    let assumed = run.p.assumed;
    let (cycle, period) = loop {
        let state = (walk, run.places());
        if let Some(j) = seen.iter().position(|s| *s == state) {
            break (j as u32, (seen.len() - j) as u32);
        }
        debug_assert!(seen.len() < 16, "the walk's states cycle within 15 rounds");
        let round = seen.len() as u32;
        seen.push(state);
        // This round as the last, on a copy of the state.
        let mut fork = Scratch {
            states: run.states.clone(),
            uses: [Use::default(); TermId::COUNT],
        };
        let Scratch { states, uses } = &mut fork;
        let mut last = Run {
            p: Pricer {
                terms,
                uses,
                used: 0,
                assumed: Assumptions::default(),
                log: None,
            },
            states,
            side_ms: 0.0,
            ..run
        };
        lasts.push(last.round_cost(&mut walk.clone(), round, true));
        rounds.push(run.round_cost(&mut walk, round, false));
    };
    Ok(CompiledPolicy {
        policy,
        assumed,
        rounds,
        lasts,
        cycle,
        period,
    })
}

impl TaskTerms {
    /// Compiles `task` for repeated queries (a scheduler keeps one per kind of task and passes the
    /// phase times it measured to each [`CompiledTask::choose`]). Policies these terms cannot price
    /// are kept apart, as [`choose_task`] lists them.
    pub fn compile(&self, task: &Task) -> Result<CompiledTask, TaskQueryError> {
        task.check()
            .map_err(|e| TaskQueryError::BadTask(e.to_string()))?;
        let terms = self.without_fit_report();
        let mut policies = Vec::with_capacity(Policy::HANDOFF.len());
        let mut skipped = Vec::new();
        for policy in Policy::HANDOFF {
            match compile_policy(&terms, task, policy) {
                Ok(p) => policies.push(p),
                Err(e) => skipped.push((policy, e)),
            }
        }
        Ok(CompiledTask {
            name: task.name.clone(),
            buffers: task.buffers.iter().map(|b| b.name.clone()).collect(),
            rounds: task.rounds,
            reuse: task.reuse,
            cpu_ms: task.cpu_ms,
            gpu_ms: task.gpu_ms,
            cpu_final_ms: task.cpu_final_ms,
            threads: (task.cpu_threads, task.cpu_final_threads),
            est: Estimates::of(task, &terms),
            hide: link_under_faults(task, &terms),
            terms,
            policies,
            skipped,
        })
    }
}

/// A query's resolved values.
#[derive(Clone, Copy)]
struct Query {
    rounds: u32,
    reuse: f64,
    ph: Phases,
    /// [`FaultsUnderCompute::share`], 0 where not calibrated.
    share: f64,
    /// [`link_under_faults`] of the task.
    hide: f64,
    assumed: Assumptions,
    rel_sd: PhaseSd,
}

/// Sums of one prediction.
struct Acc {
    parts: Parts,
    uses: [Use; TermId::COUNT],
    used: u64,
    /// The given CPU phases times their relative spread ([`PhaseSd::cpu_ms`]).
    cpu_spread: f64,
    given_gpu: f64,
    hidden: f64,
    beside: f64,
}

impl Acc {
    /// Adds `n` rounds of `rc`.
    #[inline]
    fn add(&mut self, rc: &RoundCost, n: f64, q: &Query) {
        let (ph, reuse) = (q.ph, q.reuse);
        let p = &mut self.parts;
        let f = &rc.fixed;
        p.cpu_faults_ms += n * f.cpu_faults_ms;
        p.gpu_faults_ms += n * f.gpu_faults_ms;
        p.copy_ms += n * f.copy_ms;
        p.prefetch_ms += n * f.prefetch_ms;
        p.sync_ms += n * f.sync_ms;
        p.cpu_ms += n * f.cpu_ms;
        p.gpu_ms += n * f.gpu_ms;
        p.link_ms += n * f.link_ms;
        // The CPU phase, and the final access.
        p.cpu_ms += n * ph.cpu;
        self.cpu_spread += n * q.rel_sd.cpu_ms(ph.cpu, false);
        if rc.fin {
            p.cpu_ms += n * ph.fin;
            self.cpu_spread += n * q.rel_sd.cpu_ms(ph.fin, true);
        }
        // The GPU phase.
        let (link_ms, on) = rc.link.pass_ms(ph.gpu, reuse);
        if on {
            rc.link.record(&mut self.uses, &mut self.used, reuse, n);
        }
        let g = gpu_times(
            rc.first, link_ms, rc.side_ms, ph.gpu, reuse, q.share, q.hide,
        );
        if g.faults > 0.0 {
            p.gpu_faults_ms += n * g.faults;
        }
        self.hidden += n * g.hidden;
        self.beside += n * g.beside;
        p.gpu_ms += n * g.passes;
        self.given_gpu += n * g.passes;
        p.link_ms += n * g.wait;
        p.prefetch_ms += n * g.side_over;
        let mut used = rc.used;
        self.used |= used;
        while used != 0 {
            let i = used.trailing_zeros() as usize;
            used &= used - 1;
            let (u, v) = (&mut self.uses[i], &rc.uses[i]);
            u.lats += n * v.lats;
            u.gib += n * v.gib;
            u.ms += n * v.ms;
        }
    }
}

impl CompiledTask {
    /// The task's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The task's own rounds and passes per round (before overrides).
    pub fn rounds_and_reuse(&self) -> (u32, f64) {
        (self.rounds, self.reuse)
    }

    fn query(&self, o: TaskOverrides) -> Result<Query, TaskQueryError> {
        let rounds = o.rounds.unwrap_or(self.rounds);
        let reuse = o.reuse.unwrap_or(self.reuse);
        let cpu = o.cpu_ms.or(self.cpu_ms);
        let gpu = o.gpu_ms.or(self.gpu_ms);
        let fin = o.cpu_final_ms.or(self.cpu_final_ms);
        crate::task::check_scalars(rounds, reuse, [cpu, gpu, fin])
            .map_err(|e| TaskQueryError::BadTask(e.to_string()))?;
        let mut assumed = Assumptions::default();
        let ph = self.est.resolve(cpu, gpu, fin, &mut assumed);
        Ok(Query {
            rounds,
            reuse,
            ph,
            share: self.terms.share(),
            hide: self.hide,
            assumed,
            rel_sd: phase_rel_sd(&self.terms, cpu.is_some(), gpu.is_some(), self.threads),
        })
    }

    fn eval(&self, cp: &CompiledPolicy, q: &Query) -> TaskPrediction {
        let mut acc = Acc {
            parts: Parts::default(),
            uses: [Use::default(); TermId::COUNT],
            used: 0,
            cpu_spread: 0.0,
            given_gpu: 0.0,
            hidden: 0.0,
            beside: 0.0,
        };
        let mut assumed = cp.assumed.union(q.assumed);
        for (rc, n) in cp.counted(q.rounds) {
            acc.add(rc, n, q);
            assumed = assumed.union(rc.assumed);
        }
        prediction(
            &self.terms,
            cp.policy,
            q.rounds,
            q.reuse,
            acc.parts,
            (&acc.uses, acc.used),
            (acc.cpu_spread, acc.given_gpu, acc.hidden, acc.beside),
            q.rel_sd.gpu,
            assumed,
        )
    }

    /// `policy` compiled, or why it cannot be priced (as [`predict_task`] says it).
    fn policy(&self, policy: Policy) -> Result<&CompiledPolicy, TaskQueryError> {
        match self.policies.iter().find(|p| p.policy == policy) {
            Some(cp) => Ok(cp),
            None => Err(self
                .skipped
                .iter()
                .find(|(p, _)| *p == policy)
                .map_or(TaskQueryError::NotATaskPolicy(policy), |(_, e)| e.clone())),
        }
    }

    /// The task under `policy`, as [`predict_task`] on the task with `o` applied.
    pub fn predict(
        &self,
        policy: Policy,
        o: TaskOverrides,
    ) -> Result<TaskPrediction, TaskQueryError> {
        let q = self.query(o)?;
        Ok(self.eval(self.policy(policy)?, &q))
    }

    /// Every policy ranked, as [`choose_task`] on the task with `o` applied.
    pub fn choose(&self, o: TaskOverrides) -> Result<TaskChoice, TaskQueryError> {
        let mut c = TaskChoice {
            ranking: Vec::with_capacity(self.policies.len()),
            tied: 0,
            skipped: Vec::new(),
        };
        self.choose_into(o, &mut c)?;
        Ok(c)
    }

    /// As [`CompiledTask::choose`], into `out` (which keeps its memory: nothing is allocated once
    /// it has held one answer). On an error `out` is left empty.
    pub fn choose_into(
        &self,
        o: TaskOverrides,
        out: &mut TaskChoice,
    ) -> Result<(), TaskQueryError> {
        self.rank_into(o, out, |cp, q| self.eval(cp, q))
    }

    /// Every policy priced by `eval` and ranked into `out`.
    #[inline]
    fn rank_into(
        &self,
        o: TaskOverrides,
        out: &mut TaskChoice,
        eval: impl Fn(&CompiledPolicy, &Query) -> TaskPrediction,
    ) -> Result<(), TaskQueryError> {
        out.ranking.clear();
        out.tied = 0;
        let q = self.query(o)?;
        if self.policies.is_empty() {
            return Err(self.skipped[0].1.clone());
        }
        out.ranking
            .extend(self.policies.iter().map(|cp| eval(cp, &q)));
        out.tied = sort_and_tie(&mut out.ranking);
        out.skipped.clone_from(&self.skipped);
        Ok(())
    }

    /// The reuse R* ≥ 1 at which `a` and `b` take equal time, as [`breakeven_task`] on the task
    /// with `o` applied (`o.reuse` is checked but not used: R varies). Each policy's time is a line
    /// in R here (plus, where side-stream prefetches overlap the GPU phase, what they add beyond
    /// it), so the search costs two sums per policy and a few operations per step; R* agrees with
    /// [`breakeven_task`]'s to ~1e-12 relative (where the lines cross at a shallow angle, to what
    /// the ~1e-15 of the times allows).
    pub fn breakeven(
        &self,
        a: Policy,
        b: Policy,
        o: TaskOverrides,
    ) -> Result<Option<f64>, TaskQueryError> {
        if a == b {
            return Err(TaskQueryError::SamePolicy(a));
        }
        let q = self.query(o)?;
        let (la, lb) = (
            self.policy(a)?.over_reuse(&q),
            self.policy(b)?.over_reuse(&q),
        );
        bisect_reuse(|r| Ok(la.at(r) - lb.at(r)))
    }

    /// The same queries summed round by round in the order the task's steps run, as
    /// [`predict_task`], [`choose_task`], [`explain_task`] and [`breakeven_task`] sum them: their
    /// answers to the bit (the command line and `umodel serve` answer this way), in time that grows
    /// with the rounds (a few nanoseconds per priced step).
    pub fn round_by_round(&self) -> RoundByRound<'_> {
        RoundByRound { task: self }
    }

    /// Prices `cp` round by round from its recorded steps, handing every priced item to `item`.
    fn replay(
        &self,
        cp: &CompiledPolicy,
        q: &Query,
        item: impl FnMut(Option<u32>, Kind, Option<usize>, f64, &'static str),
    ) -> TaskPrediction {
        self.replay_uses(cp, q, item, &mut [Use::default(); TermId::COUNT])
    }

    /// As [`replay`](Self::replay), leaving each term's uses in `uses` (zeroed first).
    #[inline]
    fn replay_uses(
        &self,
        cp: &CompiledPolicy,
        q: &Query,
        mut item: impl FnMut(Option<u32>, Kind, Option<usize>, f64, &'static str),
        uses: &mut [Use; TermId::COUNT],
    ) -> TaskPrediction {
        let (ph, reuse) = (q.ph, q.reuse);
        let mut parts = Parts::default();
        *uses = [Use::default(); TermId::COUNT];
        let mut used = 0u64;
        let (mut cpu_spread, mut given_gpu, mut hidden, mut beside) = (0.0, 0.0, 0.0, 0.0);
        let mut rec = |parts: &mut Parts,
                       round: Option<u32>,
                       k: Kind,
                       buf: Option<usize>,
                       ms: f64,
                       what: &'static str| {
            if ms != 0.0 {
                parts.add(k, ms);
                item(round, k, buf, ms, what);
            }
        };
        let mut assumed = cp.assumed.union(q.assumed);
        for r in 0..q.rounds {
            let k = cp.state(r);
            let rc = if r + 1 == q.rounds {
                &cp.lasts[k]
            } else {
                &cp.rounds[k]
            };
            assumed = assumed.union(rc.assumed);
            let label = Some(r + 1);
            for step in &rc.tape {
                match *step {
                    TapeStep::Fixed {
                        kind,
                        buf,
                        ms,
                        what,
                        fin,
                    } => rec(
                        &mut parts,
                        if fin { None } else { label },
                        kind,
                        buf,
                        ms,
                        what,
                    ),
                    TapeStep::Cpu | TapeStep::Final => {
                        let round = matches!(step, TapeStep::Cpu).then_some(r + 1);
                        let (ms, what) = cpu_item(round, ph);
                        rec(&mut parts, round, Kind::Cpu, None, ms, what);
                        cpu_spread += q.rel_sd.cpu_ms(ms, round.is_none());
                    }
                    TapeStep::Gpu => {
                        let (passes, h, b) = gpu_items(
                            rc.first,
                            &rc.link,
                            rc.side_ms,
                            ph.gpu,
                            reuse,
                            (q.share, q.hide),
                            |k, ms, what| {
                                rec(&mut parts, label, k, faulting(k, rc.whose), ms, what)
                            },
                        );
                        given_gpu += passes;
                        hidden += h;
                        beside += b;
                    }
                }
            }
            for u in &rc.log {
                match *u {
                    UseStep::Cost {
                        term,
                        lat,
                        times,
                        gib,
                        ms,
                    } => {
                        used |= 1u64 << term;
                        let x = &mut uses[term as usize];
                        if lat {
                            x.lats += times;
                        }
                        x.gib += gib;
                        x.ms += ms;
                    }
                    UseStep::Link => {
                        if rc.link.pass_ms(ph.gpu, reuse).1 {
                            rc.link.record(uses, &mut used, reuse, 1.0);
                        }
                    }
                }
            }
        }
        prediction(
            &self.terms,
            cp.policy,
            q.rounds,
            q.reuse,
            parts,
            (uses, used),
            (cpu_spread, given_gpu, hidden, beside),
            q.rel_sd.gpu,
            assumed,
        )
    }
}

impl CompiledPolicy {
    /// The compiled round that round `round` (from 0) of a longer task runs, before its last.
    #[inline]
    fn state(&self, round: u32) -> usize {
        let states = self.rounds.len() as u32;
        (if round < states {
            round
        } else {
            self.cycle + (round - self.cycle) % self.period
        }) as usize
    }

    /// Each distinct round of a task of `rounds` rounds, with how many times it runs: rounds
    /// 0 … n − 2 are followed by another, round n − 1 is the last.
    #[inline]
    fn counted(&self, rounds: u32) -> impl Iterator<Item = (&RoundCost, f64)> {
        let between = rounds - 1;
        let states = self.rounds.len() as u32;
        let (cycle, period) = (self.cycle, self.period);
        (0..states.min(between))
            .map(move |k| {
                let n = if k < cycle {
                    1
                } else {
                    (between - 1 - k) / period + 1
                };
                (&self.rounds[k as usize], n as f64)
            })
            .chain(std::iter::once((&self.lasts[self.state(rounds - 1)], 1.0)))
    }

    /// The whole task's time as a function of the passes per round, the rest of `q` fixed.
    fn over_reuse(&self, q: &Query) -> OverReuse {
        let ph = q.ph;
        let mut line = OverReuse::default();
        for (rc, n) in self.counted(q.rounds) {
            let cpu = if rc.fin { ph.cpu + ph.fin } else { ph.cpu };
            let (link_ms, _) = rc.link.pass_ms(ph.gpu, 1.0);
            // As `gpu_times`: R passes at the longer of device speed and the link, the first
            // waiting `faults` more, and side-stream prefetches beyond all that.
            let pass = ph.gpu.max(link_ms);
            let faults = gpu_times(rc.first, link_ms, 0.0, ph.gpu, 1.0, q.share, q.hide).faults;
            line.a += n * (rc.fixed.total() + cpu + faults);
            line.b += n * pass;
            if rc.side_ms > 0.0 {
                line.side.push((n, rc.side_ms - faults, pass));
            }
        }
        line
    }
}

/// A policy's time over the passes per round R: `a + b·R + Σ n·max(c − d·R, 0)`, the sum over
/// rounds whose side-stream prefetches outlast the GPU phase they overlap (`side`: `(n, c, d)`).
#[derive(Default)]
struct OverReuse {
    a: f64,
    b: f64,
    side: Vec<(f64, f64, f64)>,
}

impl OverReuse {
    #[inline]
    fn at(&self, r: f64) -> f64 {
        let mut t = self.a + self.b * r;
        for &(n, c, d) in &self.side {
            t += n * (c - d * r).max(0.0);
        }
        t
    }
}

/// A [`CompiledTask`]'s queries summed round by round ([`CompiledTask::round_by_round`]): the bits
/// of [`predict_task`], [`explain_task`], [`choose_task`] and [`breakeven_task`] on the task with
/// the overrides applied, from the steps priced when it was compiled.
#[derive(Debug, Clone, Copy)]
pub struct RoundByRound<'a> {
    task: &'a CompiledTask,
}

impl RoundByRound<'_> {
    /// The task under `policy`, as [`predict_task`] on the task with `o` applied, to the bit.
    pub fn predict(
        &self,
        policy: Policy,
        o: TaskOverrides,
    ) -> Result<TaskPrediction, TaskQueryError> {
        let t = self.task;
        let q = t.query(o)?;
        Ok(t.replay(t.policy(policy)?, &q, |_, _, _, _, _| {}))
    }

    /// As [`predict`](Self::predict), with every priced item listed (per round, per buffer) and
    /// what each term priced, as [`explain_task`] lists them.
    pub fn explain(
        &self,
        policy: Policy,
        o: TaskOverrides,
    ) -> Result<(TaskPrediction, Vec<Item>, Vec<TermUse>), TaskQueryError> {
        let t = self.task;
        let q = t.query(o)?;
        let cp = t.policy(policy)?;
        let mut items = Vec::new();
        let mut uses = [Use::default(); TermId::COUNT];
        let p = t.replay_uses(
            cp,
            &q,
            |round, kind, buf, ms, what| {
                items.push(Item {
                    round,
                    kind,
                    buffer: buf.map(|i| t.buffers[i].clone()),
                    ms,
                    what: what.to_string(),
                })
            },
            &mut uses,
        );
        Ok((p, items, term_uses(&uses)))
    }

    /// Every policy ranked, as [`choose_task`] on the task with `o` applied, to the bit.
    pub fn choose(&self, o: TaskOverrides) -> Result<TaskChoice, TaskQueryError> {
        let t = self.task;
        let mut c = TaskChoice::default();
        t.rank_into(o, &mut c, |cp, q| t.replay(cp, q, |_, _, _, _, _| {}))?;
        Ok(c)
    }

    /// R* of `a` against `b`, as [`breakeven_task`] on the task with `o` applied, to the bit
    /// (`o.reuse` is checked but not used).
    pub fn breakeven(
        &self,
        a: Policy,
        b: Policy,
        o: TaskOverrides,
    ) -> Result<Option<f64>, TaskQueryError> {
        if a == b {
            return Err(TaskQueryError::SamePolicy(a));
        }
        let t = self.task;
        let q = t.query(o)?;
        let (ca, cb) = (t.policy(a)?, t.policy(b)?);
        bisect_reuse(|r| {
            let q = Query { reuse: r, ..q };
            let none = |_, _, _, _, _: &'static str| {};
            Ok(t.replay(ca, &q, none).time_ms - t.replay(cb, &q, none).time_ms)
        })
    }
}

#[cfg(test)]
pub(crate) mod tests;
