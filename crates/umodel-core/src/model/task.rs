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
//!
//! Here: the terms ([`TaskTerms`]), the migration probe and the check of a calibration against a
//! reference. The fit is in `task/fit.rs`, the pricing in `task/price.rs` (compiled tasks in
//! `task/price/compiled.rs`), the unit tests in `task/tests.rs`.

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
    /// [`TermId::FaultInScalar`] after one host thread wrote the pages (the calibration's own
    /// cell follows a fill on every core): a task whose host writes on one thread pays it
    /// (rule M3, `calibration/h100/run312/plan.md`, adopted on the GPUs where rule M3′ passed,
    /// `store::ONE_THREAD_MIGRATION`; on a slow H100 link a migration after one
    /// thread's writes cost 0.63-0.76 of its price after every core's at 64 MiB,
    /// calibration/h100/run310).
    FaultInScalarOneThread,
}

impl TermId {
    /// Every term, in index order.
    pub const ALL: [TermId; 38] = [
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
        TermId::FaultInScalarOneThread,
    ];
    /// How many terms there are.
    pub const COUNT: usize = Self::ALL.len();
    /// The longest [`TermId::name`] (`fault_in_scalar_one_thread`), for columns of names.
    pub const NAME_WIDTH: usize = 26;

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
            TermId::FaultInScalarOneThread => "fault_in_scalar_one_thread",
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
    /// The same cost `k` times as dear, fixed and per GiB (its covariance `k²` times), its
    /// spread, shift and cells as they were.
    pub fn scaled(&self, k: f64) -> Cost {
        Cost {
            lat_ms: self.lat_ms * k,
            ms_per_gib: self.ms_per_gib * k,
            cov: self.cov.map(|v| v * k * k),
            ..*self
        }
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
    /// Whether `--probe` prices the CPU's fault runs from a probe's sparse cell (rule S): not in
    /// the file, but a property of the GPU the terms were measured on
    /// ([`crate::store::probe_prices_fault_runs`]), set where a model is compiled for queries.
    fault_runs_from_probe: bool,
    /// The costs as they were before [`TaskTerms::probed`] scaled them (not in the file): rule R
    /// prices a one-thread task's migration of pages the host only read back from these
    /// ([`TaskTerms::before_probe_ratio`]).
    before_probe: Option<Box<[Option<Cost>; TermId::COUNT]>>,
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
            fault_runs_from_probe: false,
            before_probe: None,
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
            fault_runs_from_probe: self.fault_runs_from_probe,
            before_probe: self.before_probe.clone(),
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
        self.with_latency_of(t, self, scale)
    }

    /// The same terms with `t`'s cost `from`'s, its fixed cost `scale` times `from`'s: the sparse
    /// faults beside a row replace a probe's level of them (rule S) rather than compound it.
    pub fn with_latency_of(&self, t: TermId, from: &TaskTerms, scale: f64) -> TaskTerms {
        let mut out = self.without_fit_report();
        out.costs[t.index()] = from.costs[t.index()].map(|c| Cost {
            lat_ms: c.lat_ms * scale,
            ..c
        });
        out
    }

    /// These terms, `--probe` pricing the CPU's fault runs from a probe's sparse cell or not
    /// (rule S; [`crate::store::probe_prices_fault_runs`] says on which GPUs).
    pub fn with_fault_runs_from_probe(mut self, on: bool) -> TaskTerms {
        self.fault_runs_from_probe = on;
        self
    }

    /// Rule R (calibration/h100/offline58/plan.md): `t`'s cost at `bytes` before a probe scaled
    /// it, over its cost now; 1 where the terms were not probed or `t` did not move. A one-thread
    /// task's migration of pages the host only read back since they last left the device takes
    /// the calibration's one-thread price, not the probe's: the probe times its migration right
    /// after the host wrote the pages, which an H100's link charges more for (on the
    /// producer/consumer's managed row, slow link 6 cells beyond 5 % → 4, median |error|
    /// 17.30 → 6.49 %, `calibration/h100/offline58/rule_r.txt`; fast link, six runs from two
    /// VMs, 9 → 8, 13.51 → 10.29 %, `calibration/h100/run348/reading.txt`).
    pub(crate) fn before_probe_ratio(&self, t: TermId, bytes: f64) -> f64 {
        let before = self.before_probe.as_ref().and_then(|b| b[t.index()]);
        match (before, self.get(t)) {
            (Some(b), Some(now)) if now.at(bytes) > 0.0 => b.at(bytes) / now.at(bytes),
            _ => 1.0,
        }
    }

    /// Whether `--probe` prices tasks with a probe's figure of `term` on these terms:
    /// [`Probe::prices`], and the sparse cell where rule S was adopted on their GPU
    /// ([`TaskTerms::with_fault_runs_from_probe`]).
    pub fn probe_prices(&self, term: TermId) -> bool {
        Probe::prices(term) || (term == TermId::CpuFaultRun && self.fault_runs_from_probe)
    }

    /// These terms with term `t`'s whole cost (fixed and per GiB) times `scale`, its spread and
    /// shift as they were: a term priced at another level of the same hardware (the prefetch back
    /// at the host's level beside a row, `validate --task --back-beside`).
    pub fn with_cost_scaled(&self, t: TermId, scale: f64) -> TaskTerms {
        let mut out = self.without_fit_report();
        if let Some(c) = out.costs[t.index()].as_mut() {
            *c = c.scaled(scale);
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
    /// Takes a term out (a rule not adopted on this GPU), returning it.
    pub fn unset(&mut self, t: TermId) -> Option<Cost> {
        self.costs[t.index()].take()
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

    /// Prices the three passes over managed pages kept on the host from these terms' pinned
    /// passes (rule M2, `calibration/h100/offline53/rule_m2.md`): each `managed_map_X` becomes
    /// `reference`'s, scaled by this `map_X` over the reference's at `bytes`, its own spread,
    /// shift and cells kept. Where either lacks a term of a pair, that pair stays. Returns the
    /// terms priced so.
    pub fn managed_from_pinned(&mut self, reference: &TaskTerms, bytes: f64) -> Vec<TermId> {
        let mut moved = Vec::new();
        let pairs = LinkProbe::TERMS
            .into_iter()
            .filter_map(|m| Some((m, LinkProbe::pinned_for(m)?)));
        for (managed, pinned) in pairs {
            let (Some(mine), Some(theirs), Some(theirs_m)) = (
                self.get(pinned),
                reference.get(pinned),
                reference.get(managed),
            ) else {
                continue;
            };
            let at = theirs.at(bytes);
            let Some(priced) = (at > 0.0).then(|| theirs_m.scaled(mine.at(bytes) / at)) else {
                continue;
            };
            let Some(c) = self.costs[managed.index()].as_mut() else {
                continue;
            };
            (c.lat_ms, c.ms_per_gib, c.cov) = (priced.lat_ms, priced.ms_per_gib, priced.cov);
            moved.push(managed);
        }
        moved
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
        // The migration after one thread's writes (rule M3) shifts as the scalar one does where
        // no other calibration measured it (those before `run312`).
        let one_thread = match of(TermId::FaultInScalarOneThread) {
            Some(_) => None,
            None => of(TermId::FaultInScalar)
                .or(borrowed.map(|b| b.1))
                .map(|s| (TermId::FaultInScalarOneThread, s)),
        };
        for (t, s) in shifts.iter().copied().chain(borrowed).chain(one_thread) {
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
    /// The figure of `samples` (ms), `None` when there are none or their mean is not positive
    /// and resolved from zero ([`ProbeFigure::resolved`]): a difference that cost nothing
    /// measurable, whose step the calibration's term prices.
    pub fn of(samples: &[f64]) -> Option<ProbeFigure> {
        if samples.is_empty() || samples.iter().any(|x| !x.is_finite()) {
            return None;
        }
        let (mean, sd) = crate::stats::mean_and_sd(samples);
        (mean > 0.0)
            .then(|| ProbeFigure {
                ms: mean,
                rel_sd: sd / mean,
                samples: samples.len() as u32,
            })
            .filter(ProbeFigure::resolved)
    }

    /// Whether the mean lies at least twice its standard error above zero. A figure that is a
    /// difference of timings can straddle zero round to round: `calibration/h100/run342`'s
    /// second probe wrote `map_gather_write` at 0.0103 ms ± 34174 % over 8 rounds (the model:
    /// 2.25 ms), which scaled the term to nothing and left a file `--probe` refused; of the 320
    /// probe files under `calibration/`, eight more held a figure unresolved (seven that one,
    /// ± 164–403 %; one `cpu_fault_back`, ± 314 %, `run307`). Such a figure is neither written
    /// nor priced: the calibration's term prices the step.
    pub fn resolved(&self) -> bool {
        self.rel_sd <= 0.5 * f64::from(self.samples.max(1)).sqrt()
    }
}

/// A migration probe: what moving one managed buffer cost on this machine just now. On the H200
/// test VM a migrating step runs at one of two rates in regimes of seconds, which a calibration
/// samples once (NOTES.md, "Which side the migrating policies miss"); a probe measured beside
/// the caller's own phase timings says which mix the machine is in, as `cpu_ms` says how fast
/// its CPU is. [`TaskTerms::probed`] prices the task with it. `umodel probe` measures one, with
/// the link's passes as its `link` part; the suite's workloads measure one beside their plain
/// phases in every trial, without the link.
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
    /// A pass of one float a thread migrating it by faults after one host thread rewrote the
    /// pages, less the same pass on the pages in place (events), as the calibration's
    /// `cold-scalar-one-thread` cell: the figure a task that writes on one thread pays, where
    /// `fault_in` follows a fill on every core, which on a slow H100 link made a migration
    /// 1.3-1.9× dearer (calibration/h100/run316). Measured by `umodel probe` since 2026-12-06;
    /// shown and judged, not priced ([`Probe::prices`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fault_in_scalar_one_thread: Option<ProbeFigure>,
    /// The CPU's sparse writes on migrated pages, as the calibration's sparse cell and the cell
    /// the workloads time beside each row: one page in ten of a [`Probe::SPARSE_BYTES`] managed
    /// buffer of its own that a GPU pass just took to the device (host clock, not less any heap
    /// write). The level of the CPU's fault runs (`cpu_fault_run`), which comes in spells of a
    /// trial or longer; priced from the cell beside the rows (`validate --faults-beside`) the
    /// partial update's managed row lay within 5 % on 12 of 14 fresh-VM calibrations against 8
    /// without (calibration/h200/offline56). Measured by `umodel probe` since 2026-12-06; shown
    /// and judged against the calibration's cell, and priced only where rule S was adopted (the
    /// H100: [`TaskTerms::probe_prices`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cpu_fault_run: Option<ProbeFigure>,
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
    /// The link's rates just now (`umodel probe` measures them; the workloads' probes in every
    /// trial do not): a VM whose GPU reads host memory at 0.68 of the rate the embedded model
    /// knows (calibration/h100/run225: `map_read` 29.5–31.2 ms/GiB against 21.3) pays that on
    /// every host-mapped pass, and no migration figure says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link: Option<LinkProbe>,
}

/// A probe's figure beside a model's price of the same step ([`Probe::against`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProbeAgainst {
    /// The term.
    pub term: TermId,
    /// The size the probe measured it at, bytes.
    pub bytes: u64,
    /// The probe's figure.
    pub probe: ProbeFigure,
    /// The model's price of the step at that size, ms.
    pub model_ms: f64,
    /// Whether `--probe` prices tasks with it on the model's terms ([`TaskTerms::probe_prices`]).
    pub priced: bool,
}

impl ProbeAgainst {
    /// How far a figure must lie from the model's price, as a share of it, before it is said to
    /// differ ([`ProbeAgainst::differs`]): twice the workload target's 5 %.
    pub const DIFFERS_BEYOND: f64 = 0.10;

    /// The probe's figure over the model's price (`None` where the model prices it at nothing).
    pub fn ratio(&self) -> Option<f64> {
        (self.model_ms > 0.0).then(|| self.probe.ms / self.model_ms)
    }

    /// Whether the figure lies off the model's price by more than [`Self::DIFFERS_BEYOND`] and
    /// more than twice its rounds' relative spread, so that neither noise between rounds nor a
    /// small shift explains it: the slow link of `calibration/h100/run231` (`map_read` 1.54×,
    /// ± 1 %) does; a migrating step at 1.46× with ± 30 % a round (`run227`) does not.
    pub fn differs(&self) -> bool {
        self.ratio()
            .is_some_and(|r| (r - 1.0).abs() > Self::DIFFERS_BEYOND.max(2.0 * self.probe.rel_sd))
    }

    /// Whether it is a pass over the link ([`LinkProbe::TERMS`]), which a calibration measures as
    /// the probe does on most figures (`calibration/h100/run227`, `run232`), rather than a
    /// migrating step, which a calibration samples once and, for the CPU's first writes after a
    /// prefetch back, prices 1.21-1.46× below a probe beside it at the median
    /// (`calibration/h200/offline51/probe_vs_calibration.txt`; its fitted term does, per byte
    /// through 16 and 64 MiB, while its own 64 MiB cell lies near the probe:
    /// `probe_vs_cell.txt`): off the model, a link figure says to calibrate, a migrating one to
    /// price with the probe.
    pub fn is_link(&self) -> bool {
        LinkProbe::TERMS.contains(&self.term)
    }

    /// Whether `--probe` prices tasks with this figure on the model's terms
    /// ([`TaskTerms::probe_prices`]).
    pub fn priced(&self) -> bool {
        self.priced
    }
}

/// One figure of a probe judged against a model's task terms ([`Probe::judged`]): each figure
/// with the model's price of the same step where it has one, as `umodel probe --from FILE
/// --json`, `serve`'s `probe` op, Python's `Model.probe_against` and C's `umodel_probe_against`
/// give it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct JudgedFigure {
    /// The term it prices.
    #[serde(skip)]
    pub id: TermId,
    /// Its name (`map_read`).
    pub term: &'static str,
    /// A pass over the link ([`ProbeAgainst::is_link`]), else a migrating step.
    pub link: bool,
    /// The size the probe measured it at.
    pub bytes: u64,
    /// The probe's figure: the mean over its rounds, ms.
    pub ms: f64,
    /// One round's standard deviation over the mean.
    pub rel_sd: f64,
    /// Rounds behind it.
    pub samples: u32,
    /// The model's price of the same step at `bytes` (`None`: the model has no such term).
    pub model_ms: Option<f64>,
    /// `ms` over `model_ms`.
    pub ratio: Option<f64>,
    /// Off the model's price ([`ProbeAgainst::differs`]).
    pub differs: Option<bool>,
    /// Whether `--probe` prices tasks with it ([`ProbeAgainst::priced`]); a pass over managed
    /// pages kept on the host is shown, and priced from the probe's pinned pass.
    pub priced: bool,
}

/// The link part of a [`Probe`]: GPU passes over pinned, mapped host memory and over managed
/// pages kept on the host by advice (preferred location host, accessed by the device), each timed
/// as the calibration's cell of its term is, on a buffer of `bytes`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkProbe {
    /// The buffers' size, bytes.
    pub bytes: u64,
    /// A read pass over mapped memory (the sum checked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_read: Option<ProbeFigure>,
    /// A pass writing it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_write: Option<ProbeFigure>,
    /// A pass updating it in place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_read_write: Option<ProbeFigure>,
    /// Random 4-byte reads of it, less the same reads of device memory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_gather: Option<ProbeFigure>,
    /// Random reads of it into a mapped stream updated in place, less the two apart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map_gather_write: Option<ProbeFigure>,
    /// A read pass over advised managed pages on the host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_map_read: Option<ProbeFigure>,
    /// A pass writing them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_map_write: Option<ProbeFigure>,
    /// A pass updating them in place.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub managed_map_read_write: Option<ProbeFigure>,
}

impl LinkProbe {
    /// The link probe of buffers of `bytes` from each step's samples, ms, in the order of
    /// [`LinkProbe::figures`]; `None` when no step has a positive figure.
    pub fn from_samples(bytes: u64, samples: [&[f64]; 8]) -> Option<LinkProbe> {
        let [read, write, read_write, gather, gather_write, m_read, m_write, m_read_write] =
            samples.map(ProbeFigure::of);
        let l = LinkProbe {
            bytes,
            map_read: read,
            map_write: write,
            map_read_write: read_write,
            map_gather: gather,
            map_gather_write: gather_write,
            managed_map_read: m_read,
            managed_map_write: m_write,
            managed_map_read_write: m_read_write,
        };
        (bytes > 0 && l.figures().iter().any(|(_, f)| f.is_some())).then_some(l)
    }

    /// The terms the link probe measures, in the order of [`LinkProbe::figures`].
    pub const TERMS: [TermId; 8] = [
        TermId::MapRead,
        TermId::MapWrite,
        TermId::MapReadWrite,
        TermId::MapGather,
        TermId::MapGatherWrite,
        TermId::ManagedMapRead,
        TermId::ManagedMapWrite,
        TermId::ManagedMapReadWrite,
    ];

    /// The pinned pass a probe prices a pass over managed pages kept on the host from (rule M,
    /// `calibration/h100/offline53/rule_m.md`): on slow-link H100 VMs an independent program's
    /// managed passes ran at its pinned ones (`calibration/h100/run256/reading-run272.txt`) and
    /// the producer/consumer's advised row paid near them, while umodel's probe and calibration
    /// measured the managed passes up to 2.8× and 3.6× the program's, because they time them
    /// right after the host's fill with kernels of one element a thread, which a slow link
    /// charges 2–3× over pinned memory too (`calibration/h100/run295/reading-run297.txt`); so
    /// the model's managed term moves with the probe's pinned pass, not its own figure
    /// (`offline53/rule_m.txt`: held out, the moved cells' median |error| 10.15 → 8.00 %).
    /// `None` for every other term.
    pub fn pinned_for(term: TermId) -> Option<TermId> {
        match term {
            TermId::ManagedMapRead => Some(TermId::MapRead),
            TermId::ManagedMapWrite => Some(TermId::MapWrite),
            TermId::ManagedMapReadWrite => Some(TermId::MapReadWrite),
            _ => None,
        }
    }

    /// The terms the link probe measures, with its figure of each.
    pub fn figures(&self) -> [(TermId, Option<ProbeFigure>); 8] {
        let f = [
            self.map_read,
            self.map_write,
            self.map_read_write,
            self.map_gather,
            self.map_gather_write,
            self.managed_map_read,
            self.managed_map_write,
            self.managed_map_read_write,
        ];
        std::array::from_fn(|i| (Self::TERMS[i], f[i]))
    }
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
    /// The largest relative spread of a figure's samples a probe file may give: a standard
    /// deviation of a hundred times the mean is no measurement (the committed probes' largest is
    /// below 1).
    pub const MAX_REL_SD: f64 = 100.0;

    /// A probe file is a few hundred bytes; anything past 1 MiB is not one.
    pub const MAX_FILE_BYTES: u64 = 1 << 20;

    /// The size of the sparse cell a probe times ([`Probe::cpu_fault_run`]): the calibration's
    /// larger sparse cell, the one `validate --faults-beside` compares with.
    pub const SPARSE_BYTES: u64 = 64 << 20;

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
    /// positive figure resolved from zero ([`ProbeFigure::of`]).
    pub fn from_samples(bytes: u64, samples: [&[f64]; 5]) -> Option<Probe> {
        let [to_host, fault_in, fault_back, after, to_device] = samples.map(ProbeFigure::of);
        let p = Probe {
            bytes,
            prefetch_to_host: to_host,
            fault_in,
            cpu_fault_back: fault_back,
            cpu_after_prefetch: after,
            prefetch_to_device: to_device,
            fault_in_scalar_one_thread: None,
            cpu_fault_run: None,
            cpu_fraction: 1.0,
            link: None,
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

    /// Whether `--probe` prices tasks with a probe's figure of `term`: every figure but the
    /// passes over managed pages kept on the host, which move with the probe's pinned passes
    /// ([`LinkProbe::pinned_for`]), and the migration after one thread's writes, which is shown
    /// and judged: priced from it, a fast-link H100's workloads missed more (rule M4, 6 → 8 cells
    /// beyond 5 %, calibration/h100/run318/reading.txt), so the one-thread term moves with
    /// `fault_in` as before; nor, on every GPU, the sparse cell ([`Probe::cpu_fault_run`]),
    /// shown and judged, and priced only where rule S was adopted ([`TaskTerms::probe_prices`]).
    pub fn prices(term: TermId) -> bool {
        LinkProbe::pinned_for(term).is_none() && !Self::shown_only(term)
    }

    /// [`Probe::prices`] on `terms` where a model's are given ([`TaskTerms::probe_prices`]: the
    /// sparse cell too where rule S was adopted), else on every GPU.
    pub fn prices_on(terms: Option<&TaskTerms>, term: TermId) -> bool {
        terms.map_or(Self::prices(term), |t| t.probe_prices(term))
    }

    /// Whether a probe's figure of `term` is shown and judged only, moving no term by itself (the
    /// figures [`Probe::prices`] leaves out but a pinned pass's stand-in): the migration after
    /// one thread's writes and the sparse cell.
    pub fn shown_only(term: TermId) -> bool {
        matches!(term, TermId::FaultInScalarOneThread | TermId::CpuFaultRun)
    }

    /// The terms a probe measures, with its figure of each.
    pub fn figures(&self) -> [(TermId, Option<ProbeFigure>); 7] {
        [
            (TermId::PrefetchToHost, self.prefetch_to_host),
            (TermId::FaultIn, self.fault_in),
            (TermId::CpuFaultBack, self.cpu_fault_back),
            (TermId::CpuAfterPrefetch, self.cpu_after_prefetch),
            (TermId::PrefetchToDevice, self.prefetch_to_device),
            (
                TermId::FaultInScalarOneThread,
                self.fault_in_scalar_one_thread,
            ),
            (TermId::CpuFaultRun, self.cpu_fault_run),
        ]
    }

    /// Every figure the probe has, with the term it prices and the size it was measured at: the
    /// migrating steps at `bytes`, the sparse cell at [`Probe::SPARSE_BYTES`], the link's at
    /// `link.bytes`.
    pub fn sized_figures(&self) -> Vec<(TermId, ProbeFigure, u64)> {
        let migrating = self.figures().into_iter().map(|(t, f)| {
            let bytes = if t == TermId::CpuFaultRun {
                Self::SPARSE_BYTES
            } else {
                self.bytes
            };
            (t, f, bytes)
        });
        let link = self
            .link
            .iter()
            .flat_map(|l| l.figures().into_iter().map(|(t, f)| (t, f, l.bytes)));
        migrating
            .chain(link)
            .filter_map(|(t, f, b)| f.map(|f| (t, f, b)))
            .collect()
    }

    /// Each figure beside what `terms` price the same step at the probe's size: how far this
    /// machine is now from a model (`umodel probe` prints it against the model task queries
    /// would use); the sparse cell beside the calibration's own cell of that size. Terms `terms`
    /// lacks are left out.
    pub fn against(&self, terms: &TaskTerms) -> Vec<ProbeAgainst> {
        self.sized_figures()
            .into_iter()
            .filter_map(|(term, probe, bytes)| {
                let model_ms = if term == TermId::CpuFaultRun {
                    terms.sparse_reference(bytes)?.cpu_ms
                } else {
                    terms.get(term)?.at(bytes as f64)
                };
                Some(ProbeAgainst {
                    term,
                    bytes,
                    probe,
                    model_ms,
                    priced: terms.probe_prices(term) && probe.resolved(),
                })
            })
            .collect()
    }

    /// Every figure ([`Probe::sized_figures`]) beside what `terms` price the same step at its size,
    /// judged ([`Probe::against`]); with no terms (a model without task terms), every figure
    /// stands alone.
    pub fn judged(&self, terms: Option<&TaskTerms>) -> Vec<JudgedFigure> {
        let against = terms.map(|t| self.against(t)).unwrap_or_default();
        self.sized_figures()
            .into_iter()
            .map(|(id, f, bytes)| {
                let x = against.iter().find(|x| x.term == id);
                JudgedFigure {
                    id,
                    term: id.name(),
                    link: LinkProbe::TERMS.contains(&id),
                    bytes,
                    ms: f.ms,
                    rel_sd: f.rel_sd,
                    samples: f.samples,
                    model_ms: x.map(|x| x.model_ms),
                    ratio: x.and_then(ProbeAgainst::ratio),
                    differs: x.map(ProbeAgainst::differs),
                    priced: Probe::prices_on(terms, id) && f.resolved(),
                }
            })
            .collect()
    }

    /// Checks that every figure can price a term: sizes from 1 byte to `units::MAX_SIZE`, times
    /// above 0 and up to `units::MAX_MS`, spreads from 0 to [`Probe::MAX_REL_SD`].
    pub fn check(&self) -> Result<(), String> {
        let max = crate::units::MAX_SIZE;
        if !(1..=max).contains(&self.bytes) {
            return Err(format!(
                "`bytes` must be positive, at most {max}, not {}",
                self.bytes
            ));
        }
        if let Some(l) = self.link.filter(|l| !(1..=max).contains(&l.bytes)) {
            return Err(format!(
                "`link.bytes` must be positive, at most {max}, not {}",
                l.bytes
            ));
        }
        if !(self.cpu_fraction > 0.0 && self.cpu_fraction <= 1.0) {
            return Err(format!(
                "`cpu_fraction` must be a share of the pages, above 0 and at most 1, not {}",
                self.cpu_fraction
            ));
        }
        let migrating = self.figures().map(|(t, f)| (t.name().to_string(), f));
        let link = self
            .link
            .iter()
            .flat_map(|l| l.figures().map(|(t, f)| (format!("link.{}", t.name()), f)));
        for (field, f) in migrating.into_iter().chain(link) {
            let Some(f) = f else { continue };
            // The bounds a query's own times take (`units::MAX_MS`), so that every price made
            // from a probe is a finite number a person can read.
            if !(f.ms > 0.0 && f.ms <= crate::units::MAX_MS) {
                return Err(format!(
                    "`{field}.ms` must be a positive number of milliseconds, at most {:e}, not {}",
                    crate::units::MAX_MS,
                    crate::units::shown(f.ms)
                ));
            }
            if !(0.0..=Self::MAX_REL_SD).contains(&f.rel_sd) {
                return Err(format!(
                    "`{field}.rel_sd` must be a non-negative number, at most {}, not {}",
                    Self::MAX_REL_SD,
                    crate::units::shown(f.rel_sd)
                ));
            }
        }
        if self.sized_figures().is_empty() {
            return Err("it measures nothing (no `prefetch_to_host`, `fault_in`, \
                        `cpu_fault_back`, `cpu_after_prefetch`, `prefetch_to_device` or `link` \
                        figure)"
                .into());
        }
        Ok(())
    }
}

impl TaskTerms {
    /// These terms with the probe's figures in place of the calibration's for the steps it
    /// measured: each such term scaled so that it prices the probe's buffer as the probe found
    /// it, its run-to-run shift replaced by the spread of one probe sample (a task's steps may
    /// meet either rate). The passes over managed pages kept on the host move with the probe's
    /// pinned passes instead ([`LinkProbe::pinned_for`]); where the probe has no such pinned
    /// figure, they stay. The migration after one thread's writes moves with `fault_in`, whatever
    /// the probe's own figure of it ([`Probe::prices`]). The CPU's fault runs move with the
    /// probe's sparse cell over the calibration's own cell of its size, their fixed cost only,
    /// where rule S was adopted ([`TaskTerms::probe_prices`]), as `validate --faults-beside`
    /// moves them with the cell beside a row. Terms the probe did not measure, or these terms do
    /// not have, stay.
    pub fn probed(&self, probe: &Probe) -> Result<TaskTerms, TaskQueryError> {
        probe.check().map_err(TaskQueryError::BadProbe)?;
        // A figure not resolved from zero prices nothing (files written before it was dropped).
        let figures: Vec<_> = probe
            .sized_figures()
            .into_iter()
            .filter(|(_, f, _)| f.resolved())
            .collect();
        // The probe's figure over these terms' price of the same step at its size.
        let ratio = |t: TermId| {
            let (_, f, bytes) = figures.iter().find(|(u, _, _)| *u == t)?;
            let at = self.costs[t.index()].as_ref()?.at(*bytes as f64);
            (at > 0.0).then(|| (f.ms / at, f.rel_sd))
        };
        let mut out = self.clone();
        // Rule R: the calibration's costs stay at hand (the first probe's, if probed twice).
        out.before_probe.get_or_insert_with(|| Box::new(self.costs));
        for &(t, f, bytes) in &figures {
            // Rule S: the sparse cell against the calibration's own, as a row's cell beside it.
            if t == TermId::CpuFaultRun && self.probe_prices(t) {
                let reference = self.sparse_reference(bytes).filter(|r| r.cpu_ms > 0.0);
                if let (Some(c), Some(r)) = (out.costs[t.index()].as_mut(), reference) {
                    c.lat_ms *= f.ms / r.cpu_ms;
                }
                continue;
            }
            // The one-thread migration moves with `fault_in` below, whatever the probe's own
            // figure of it; elsewhere the sparse cell is shown, not priced.
            if Probe::shown_only(t) {
                continue;
            }
            let Some(c) = out.costs[t.index()].as_mut() else {
                continue;
            };
            let Some((k, rel_sd)) = ratio(LinkProbe::pinned_for(t).unwrap_or(t)) else {
                continue;
            };
            let scale = |c: &mut Cost| {
                *c = Cost {
                    run_shift: rel_sd.min(1.0),
                    ..c.scaled(k)
                };
            };
            scale(c);
            // The probe's faults are a streaming pass's; those under a pass of one element a
            // thread are the same migration at that kernel's pace, so they move with them, after
            // one thread's writes too (rule M3 keeps the calibration's ratio of the two).
            if t == TermId::FaultIn {
                for u in [TermId::FaultInScalar, TermId::FaultInScalarOneThread] {
                    if let Some(c) = out.costs[u.index()].as_mut() {
                        scale(c);
                    }
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
    /// Where this machine's earlier calibrations measured the term as far off, the same way
    /// ([`TaskTerms::mark_repeated_here`]): the machine differs from the reference, not a cell.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeated_here: Option<RepeatedHere>,
}

/// What this machine's earlier calibrations measured of an unusual term that they repeat.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct RepeatedHere {
    /// Earlier calibrations here that measured the term.
    pub calibrations: usize,
    /// Their median (geometric) cost at the size compared, ms.
    pub median_ms: f64,
}

/// A task term far from the embedded model that the machine's earlier calibrations repeated when
/// a model was calibrated: kept in its provenance, so `umodel doctor` does not ask to calibrate
/// again for what calibrating again repeats.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct MachineTerm {
    /// The term.
    pub term: TermId,
    /// What the earlier calibrations measured.
    #[serde(flatten)]
    pub here: RepeatedHere,
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
            repeated_here: None,
        })
    }

    /// This calibration's cost over the reference's.
    pub fn ratio(&self) -> f64 {
        self.ms / self.reference_ms
    }

    /// What it means, in a sentence; `against` names the reference ("the embedded model `h200`",
    /// "the 2 earlier calibrations here"). A slow term most often waited on something else in a
    /// cell; a fast one (`run174`'s CPU update at 0.37× the `h200` model's, every row checked)
    /// is as often the machine itself, so it is not blamed on a cell.
    /// Where earlier calibrations here repeat it, it is the machine, either way.
    pub fn describe(&self, against: &str) -> String {
        let faster = self.ratio() < 1.0;
        let bound = if faster {
            format!("down to {:.2}×", 1.0 / self.allowed_ratio)
        } else {
            format!("up to {:.2}×", self.allowed_ratio)
        };
        let why = match (self.repeated_here, faster) {
            (Some(r), _) => format!(
                "{} measured it at {:.3} ms{}: this machine runs it {} than the calibrations \
                 behind that did, and this model is right to differ",
                earlier_calibrations_here(r.calibrations),
                r.median_ms,
                if r.calibrations > 1 {
                    " at their median"
                } else {
                    " too"
                },
                if faster { "faster" } else { "slower" },
            ),
            (None, true) => "this machine may simply run it faster than the calibrations behind \
                             that did; if calibrating again agrees, the model is right to differ"
                .to_string(),
            (None, false) => "a cell behind it may have waited on something else; calibrating \
                              again replaces this model"
                .to_string(),
        };
        format!(
            "task term `{}` is {:.3} ms at {}, {:.2}× the {:.3} ms of {against} ({bound} was to be \
             expected): {why}",
            self.term.name(),
            self.ms,
            crate::units::format_size(self.bytes),
            self.ratio(),
            self.reference_ms,
        )
    }
}

/// How a check against this machine's earlier calibrations names them: "the earlier calibration
/// here", "the 3 earlier calibrations here".
pub fn earlier_calibrations_here(n: usize) -> String {
    match n {
        1 => "the earlier calibration here".to_string(),
        n => format!("the {n} earlier calibrations here"),
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
                let logs = self.sorted_log_costs(others, t, at);
                if logs.is_empty() || !(ms > 0.0 && ms.is_finite()) {
                    return None;
                }
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

    /// The natural logs, sorted, of term `t`'s cost at `at` bytes in each of `others` that measured
    /// it the way this calibration did and priced it above zero.
    fn sorted_log_costs(&self, others: &[TaskTerms], t: TermId, at: f64) -> Vec<f64> {
        let mut logs: Vec<f64> = others
            .iter()
            .filter(|o| same_method(self, o, t))
            .filter_map(|o| o.get(t))
            .map(|c| c.at(at))
            .filter(|v| *v > 0.0 && v.is_finite())
            .map(f64::ln)
            .collect();
        logs.sort_by(f64::total_cmp);
        logs
    }

    /// Marks each of `unusual` (this calibration's terms against a reference model) that this
    /// machine's earlier calibrations `earlier` measured past the same bound on the same side, at
    /// their median: a link that reads host memory slowly repeats on every calibration of its VM
    /// (calibration/h100/run225: `map_gather` 2.43–2.59× the `h100` model's in three), where a
    /// cell that waited on something else does not.
    pub fn mark_repeated_here(&self, unusual: &mut [UnusualTerm], earlier: &[TaskTerms]) {
        for u in unusual.iter_mut() {
            let logs = self.sorted_log_costs(earlier, u.term, u.bytes as f64);
            if logs.is_empty() {
                continue;
            }
            let median_ms = crate::stats::median_sorted(&logs).exp();
            let (mine, theirs) = (u.ratio().ln(), (median_ms / u.reference_ms).ln());
            if mine.signum() == theirs.signum() && theirs.abs() > u.allowed_ratio.ln() {
                u.repeated_here = Some(RepeatedHere {
                    calibrations: logs.len(),
                    median_ms,
                });
            }
        }
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

// ----- pricing: task/price.rs, and compiled tasks inside it ------------------------------------

mod price;
pub use price::*;

#[cfg(test)]
pub(crate) mod tests;
