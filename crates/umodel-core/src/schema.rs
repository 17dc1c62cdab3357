//! The measurement schema as types: the groups of the suite and, per group, the cases it writes in
//! the CSV's `case` column (DESIGN.md §3). The suite (GPU crate) writes rows through these types and
//! the fits read them through the same types, so the two cannot drift apart on a spelling; the CSV
//! reader checks every row's group and case against them ([`check_case`]) and names the line of one
//! it does not know.
//!
//! A few cases are written by no current code but by earlier versions of the suite; they stay in
//! their enums (marked *earlier suite*) so the runs committed under `calibration/` still read.

use std::borrow::Cow;
use std::fmt;

use crate::peer::{ContentionCase, PeerCase};

/// A benchmark group (seed 000, Table II, and the groups added since), or `task`: the rows a
/// user's own program wrote, which the suite never runs. Groups order by name, as
/// the text they replaced did (tables and reports list cells in that order). Not
/// `#[non_exhaustive]`: the suite matches on every group (sizes, trials, plans), and a new group is
/// a change of the CSV contract that those matches must meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// Device memory: triad, copy, read, in-place update, random reads, launch overhead.
    Hbm,
    /// Pinned host memory mapped into the GPU: kernels reading and writing over the link.
    HostMapped,
    /// Explicit copies, pinned and pageable, and the CPU update on pinned memory.
    Transfer,
    /// Managed-memory prefetches to the device and back to the host.
    Prefetch,
    /// Managed memory: fault-driven migration, advice, the CPU's accesses after the GPU's.
    Managed,
    /// The access-pattern sweep over resident, cold, prefetched and reused managed memory.
    Pattern,
    /// The CPU-update / GPU-pass alternation (the paper's handoff).
    Handoff,
    /// Seed 001's workload (and its overlapped-prefetch variant).
    Workload,
    /// The partial-update task.
    Partial,
    /// The compute-bound task.
    Compute,
    /// The producer/consumer task.
    ProdCons,
    /// Data on another GPU (needs two devices).
    Peer,
    /// Every GPU moving data at once against each alone.
    Contention,
    /// Managed memory larger than the device (behind two opt-ins).
    Oversub,
    /// A task timed by the user's own program, never by the suite (`<task>:<part>` cases, the
    /// task named: `contrib/independent/to_csv.py` writes them), for `validate --task`.
    Task,
}

impl Group {
    /// Every group: the suite's in the order it runs them, then `task`, which it never runs.
    pub const ALL: [Group; 15] = [
        Group::Hbm,
        Group::HostMapped,
        Group::Transfer,
        Group::Prefetch,
        Group::Managed,
        Group::Pattern,
        Group::Handoff,
        Group::Workload,
        Group::Partial,
        Group::Compute,
        Group::ProdCons,
        Group::Peer,
        Group::Contention,
        Group::Oversub,
        Group::Task,
    ];

    /// The `group` column's text.
    pub const fn name(self) -> &'static str {
        match self {
            Group::Hbm => "hbm",
            Group::HostMapped => "host_mapped",
            Group::Transfer => "transfer",
            Group::Prefetch => "prefetch",
            Group::Managed => "managed",
            Group::Pattern => "pattern",
            Group::Handoff => "handoff",
            Group::Workload => "workload",
            Group::Partial => "partial",
            Group::Compute => "compute",
            Group::ProdCons => "prodcons",
            Group::Peer => "peer",
            Group::Contention => "contention",
            Group::Oversub => "oversub",
            Group::Task => "task",
        }
    }

    /// The group a name stands for (`host-mapped` is taken for `host_mapped`).
    pub fn parse(s: &str) -> Option<Group> {
        Group::ALL
            .into_iter()
            .find(|g| g.name() == s || g.name().replace('_', "-") == s)
    }

    /// Whether the group's rows are a validation task's (`<task>:<part>` cases, [`TaskCase`]):
    /// the suite's task groups and `task`, a user's own program's.
    pub const fn is_task(self) -> bool {
        matches!(
            self,
            Group::Workload | Group::Partial | Group::Compute | Group::ProdCons | Group::Task
        )
    }

    /// Every group's name, comma-separated (for messages).
    pub fn names() -> String {
        Group::ALL.map(Group::name).join(", ")
    }
}

impl PartialOrd for Group {
    fn partial_cmp(&self, other: &Group) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Group {
    fn cmp(&self, other: &Group) -> std::cmp::Ordering {
        self.name().cmp(other.name())
    }
}

impl fmt::Display for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl serde::Serialize for Group {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// A typed `case` value: the group it belongs to and its text. Rows are made from one
/// ([`crate::table::Row::of`]) and matched against one ([`crate::table::Row::is`]).
pub trait Case: fmt::Debug {
    /// The group whose rows carry this case.
    fn group(&self) -> Group;
    /// The `case` column's text.
    fn text(&self) -> Cow<'static, str>;
}

/// Declares a group's fixed set of cases: the enum, its texts, `ALL`, `parse` and [`Case`].
macro_rules! cases {
    (
        $(#[$meta:meta])*
        $ty:ident in $group:ident {
            $( $(#[$vmeta:meta])* $var:ident = $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $ty {
            $( $(#[$vmeta])* $var, )+
        }

        impl $ty {
            /// The group these cases belong to.
            pub const GROUP: Group = Group::$group;
            /// Every case.
            pub const ALL: &'static [$ty] = &[$($ty::$var),+];

            /// The `case` column's text.
            pub const fn name(self) -> &'static str {
                match self {
                    $( $ty::$var => $text, )+
                }
            }

            /// The case a `case` column names, if it is one of these.
            pub fn parse(case: &str) -> Option<$ty> {
                $ty::ALL.iter().copied().find(|c| c.name() == case)
            }
        }

        impl Case for $ty {
            fn group(&self) -> Group {
                Group::$group
            }
            fn text(&self) -> Cow<'static, str> {
                Cow::Borrowed($ty::name(*self))
            }
        }
    };
}

cases! {
    /// The cases of the `hbm` group: device memory.
    HbmCase in Hbm {
        /// `a = b + s·c` over three buffers (the STREAM triad).
        Triad = "triad",
        /// The triad launched as a 2-D grid.
        TriadGrid = "triad-grid",
        /// `b = a`.
        Copy = "copy",
        /// The copy as a 2-D grid.
        CopyGrid = "copy-grid",
        /// `x = x + 1` in place.
        Inplace = "inplace",
        /// The in-place update as a 2-D grid.
        InplaceGrid = "inplace-grid",
        /// A device-to-device `cuMemcpy`.
        D2d = "d2d",
        /// An empty kernel and a synchronisation.
        Launch = "launch",
        /// A streaming read (sum).
        Read = "read",
        /// Random reads (sum of a pseudo-random gather).
        Random = "random",
        /// *Earlier suite*: the random read under its first name.
        Gather = "gather",
    }
}

cases! {
    /// The cases of the `host_mapped` group: kernels on pinned host memory over the link.
    HostMappedCase in HostMapped {
        /// A streaming read.
        Read = "read",
        /// A streaming write.
        Write = "write",
        /// `x = x + 1` in place.
        Inplace = "inplace",
        /// The triad over three mapped buffers.
        Triad = "triad",
        /// Random reads.
        Random = "random",
        /// `x[i] += y[random]`: random reads beside a stream read and written in place, both
        /// mapped (over the link they cost each other more than apart).
        RandomInplace = "random-inplace",
        /// *Earlier suite*: the random read under its first name.
        Gather = "gather",
    }
}

cases! {
    /// The cases of the `transfer` group: explicit copies.
    TransferCase in Transfer {
        /// Host to device.
        H2d = "h2d",
        /// Device to host.
        D2h = "d2h",
        /// The CPU update `x = x + 1` on pinned memory (the copy policy's CPU phase).
        CpuUpdate = "cpu_update",
    }
}

cases! {
    /// The cases of the `prefetch` group: managed-memory prefetches.
    PrefetchCase in Prefetch {
        /// Host-resident pages prefetched to the device.
        ToDevice = "to_device",
        /// The same prefetch again, the pages already there.
        ToDeviceResident = "to_device_resident",
        /// Device-resident pages prefetched to the host (timed to its event).
        ToHost = "to_host",
        /// The same prefetch again, the pages already there.
        ToHostResident = "to_host_resident",
        /// A prefetch to the host and a CPU read of the pages after it.
        ToHostRead = "to_host_read",
        /// The same CPU read of pages settled on the host.
        HostRead = "host_read",
        /// *Earlier suite*: a prefetch to the host and a touch of one float per page.
        ToHostTouch = "to_host_touch",
        /// *Earlier suite*: the same touch of settled pages.
        HostTouch = "host_touch",
        /// Prefetches in a task's sequence, two buffers the host just touched: the first to the
        /// device.
        SeqFirst = "seq_first",
        /// … the second, right after it.
        SeqNext = "seq_next",
        /// … the first again, now in place (a no-op right after two prefetches).
        SeqNoop = "seq_noop",
        /// A new allocation filled by one thread, advised read-mostly and prefetched to the
        /// device, as a program places data it made: a duplication, not a move (seed 001's table
        /// under managed-advise-prefetch, 2.38 ms for 64 MiB against 1.45 for a plain prefetch,
        /// calibration/h200/run117/steps.txt; a kept buffer advised again pays a plain one's
        /// price, run121/rm.txt).
        ReadMostlyToDevice = "read_mostly_to_device",
    }
}

cases! {
    /// The cases of the `managed` group: migration, advice and the CPU after the GPU.
    ManagedCase in Managed {
        /// A GPU pass over pages on the host (fault-driven migration).
        Cold = "cold",
        /// A pass after a prefetch to the device.
        Prefetched = "prefetched",
        /// A pass over pages a previous pass migrated.
        Reused = "reused",
        /// A read-only pass over pages on the host.
        ColdRead = "cold-read",
        /// A read pass with read-mostly advice given once, before the host's first fill (the
        /// suite's first way; the minimal plan measures [`ManagedCase::ReadMostlyAfterFill`]).
        AdviseReadMostly = "advise-read-mostly",
        /// A read pass with read-mostly advice given after each host fill, as a program advises
        /// data it has made (and the tasks' managed-advise policies do): duplication then costs
        /// a fraction of what it costs on pages advised before they were written (`run68`).
        ReadMostlyAfterFill = "read-mostly-after-fill",
        /// A pass with the preferred location on the device.
        AdvisePreferredDevice = "advise-preferred-device",
        /// A pass with the preferred location on the host.
        AdvisePreferredHost = "advise-preferred-host",
        /// A pass with accessed-by the device.
        AdviseAccessedByDevice = "advise-accessed-by-device",
        /// A pass with accessed-by the host.
        AdviseAccessedByHost = "advise-accessed-by-host",
        /// A read pass over managed pages kept on the host and mapped (preferred host + accessed-by).
        MappedRead = "mapped-read",
        /// A write pass the same way.
        MappedWrite = "mapped-write",
        /// An in-place pass the same way.
        MappedInplace = "mapped-inplace",
        /// A streaming read of device memory (the reference for the mapped reads).
        Read = "read",
        /// Random reads of device memory.
        ResidentRandom = "resident-random",
        /// An in-place pass of one float a thread over pages on the host (fault-driven migration
        /// at the pace of most kernels; [`ManagedCase::Cold`]'s pass moves four a thread).
        ColdScalar = "cold-scalar",
        /// The same pass again on the pages it migrated, in the same trial.
        ReusedScalar = "reused-scalar",
        /// [`ManagedCase::ColdScalar`]'s pass after one host thread rewrote the pages (faulting
        /// them back), in the same trial: [`ManagedCase::ColdScalar`] follows a fill on every
        /// core, where a task's CPU phase writes on one thread unless it says `cpu_threads`, and
        /// on a 105 MiB-L3 H100 host (a slow link) a migration of 64 MiB after one thread's
        /// writes cost 0.63-0.76 of its price after every core's (calibration/h100/run310,
        /// run311; since `run312`).
        ColdScalarOneThread = "cold-scalar-one-thread",
        /// *An experiment* (`calibration/h200/run109`): a pass that only writes its buffer
        /// (`y = x + 1`, one float a thread, `x` on the device) over pages the host just filled.
        /// Paired in one process it faults them in for 0.90 of what [`ManagedCase::ColdScalar`]'s
        /// in-place pass pays (`run108/pairs.txt`); timed apart in a calibration it came to 1.11
        /// of it, and priced from it the workloads went further off, so no term uses it.
        ColdWrite = "cold-write",
        /// *An experiment* (`run109`): the same pass again on the pages it migrated.
        ReusedWrite = "reused-write",
        /// Random reads of pages on the host (fault-driven migration).
        ColdRandom = "cold-random",
        /// Random reads of read-mostly pages on the host (duplication), advised once before the
        /// first fill (the suite's first way).
        ReadMostlyRandom = "read-mostly-random",
        /// Random reads of read-mostly pages on the host, advised after each fill.
        ReadMostlyRandomAfterFill = "read-mostly-random-after-fill",
        /// *Earlier suite*: [`ManagedCase::ColdRandom`] under its first name.
        ColdGather = "cold-gather",
        /// *Earlier suite*: [`ManagedCase::ReadMostlyRandom`] under its first name.
        ReadMostlyGather = "read-mostly-gather",
        /// *Earlier suite*: an explicit-copy reference pass.
        Explicit = "explicit",
        /// The CPU update on ordinary heap memory.
        CpuWriteHeap = "cpu_write_heap",
        /// The CPU update on managed pages that never left the host.
        CpuWriteResident = "cpu_write_resident",
        /// The CPU update on pages a GPU pass migrated (fault-back).
        CpuWrite = "cpu_write",
        /// The CPU update on pages prefetched to the device and back.
        CpuWritePrefetched = "cpu_write_prefetched",
        /// *An experiment* (`calibration/h200/run33`): the CPU overwriting ordinary heap memory
        /// without reading it.
        CpuFillHeap = "cpu_fill_heap",
        /// *An experiment* (`run33`): the same overwrite of pages a GPU pass migrated.
        CpuFillMigrated = "cpu_fill_migrated",
        /// A CPU read of ordinary heap memory.
        CpuReadHeap = "cpu_read_heap",
        /// A CPU read of pages a GPU pass migrated.
        CpuReadMigrated = "cpu_read_migrated",
        /// [`ManagedCase::CpuReadHeap`] on 4 threads, one per core (since `run161`).
        CpuReadHeap4 = "cpu_read_heap_4t",
        /// [`ManagedCase::CpuReadMigrated`] on the same 4 threads.
        CpuReadMigrated4 = "cpu_read_migrated_4t",
        /// [`ManagedCase::CpuReadHeap`] on 8 threads, one per core (since `run162`).
        CpuReadHeap8 = "cpu_read_heap_8t",
        /// [`ManagedCase::CpuReadMigrated`] on the same 8 threads.
        CpuReadMigrated8 = "cpu_read_migrated_8t",
        /// [`ManagedCase::CpuReadHeap`] on 16 threads, one per core
        /// (`umodel_core::model::task::FAULT_BACK_THREADS`), each reading its share of the buffer.
        CpuReadHeapWide = "cpu_read_heap_wide",
        /// [`ManagedCase::CpuReadMigrated`] on the same 16 threads: what many host threads pay to
        /// fault pages back, beside one thread's in the same trials.
        CpuReadMigratedWide = "cpu_read_migrated_wide",
        /// *An experiment* (`calibration/h200/run76`): a CPU read of pages the GPU's random reads
        /// migrated, measured beside [`ManagedCase::CpuReadMigrated`]. They came back at the same
        /// cost as pages a streaming pass migrated, so no term uses it.
        CpuReadRandomMigrated = "cpu_read_random_migrated",
        /// The CPU writing one page in ten of heap memory.
        CpuWriteSparseHeap = "cpu_write_sparse_heap",
        /// The CPU writing one page in ten of migrated managed memory.
        CpuWriteSparse = "cpu_write_sparse",
        /// [`ManagedCase::CpuWriteSparseHeap`] on 4 threads, one per core, each writing its
        /// share's pages (since `run167`).
        CpuWriteSparseHeap4 = "cpu_write_sparse_heap_4t",
        /// [`ManagedCase::CpuWriteSparse`] on the same 4 threads.
        CpuWriteSparse4 = "cpu_write_sparse_4t",
        /// [`ManagedCase::CpuWriteSparseHeap`] on 8 threads.
        CpuWriteSparseHeap8 = "cpu_write_sparse_heap_8t",
        /// [`ManagedCase::CpuWriteSparse`] on the same 8 threads.
        CpuWriteSparse8 = "cpu_write_sparse_8t",
        /// [`ManagedCase::CpuWriteSparseHeap`] on 16 threads
        /// (`umodel_core::model::task::FAULT_BACK_THREADS`).
        CpuWriteSparseHeapWide = "cpu_write_sparse_heap_wide",
        /// [`ManagedCase::CpuWriteSparse`] on the same 16 threads.
        CpuWriteSparseWide = "cpu_write_sparse_wide",
        /// A GPU pass over managed memory after the CPU wrote one page in ten.
        SparseRefault = "sparse-refault",
        /// The same pass again right after, every page now on the device: the base of
        /// [`ManagedCase::SparseRefault`] (since `run100`; earlier: [`ManagedCase::Reused`]).
        SparseResident = "sparse-resident",
        /// A compute-bound pass (many operations per element) over pages the host just wrote:
        /// its faults, and what of them its own work hides.
        ComputeCold = "compute-cold",
        /// The same pass again, its pages now on the device: the kernel alone.
        ComputeResident = "compute-resident",
        /// A streaming pass over other pages the host just wrote, in the same trial as the two
        /// above: the faults alone.
        ComputeFaults = "compute-faults",
    }
}

cases! {
    /// The cases of the `pattern` group: the state the managed (or device) memory is in when the
    /// pattern's pass runs; the pattern itself is the row's `pattern` column.
    PatternCase in Pattern {
        /// Device memory.
        Resident = "resident",
        /// Managed pages on the host.
        Cold = "cold",
        /// Managed pages prefetched to the device.
        Prefetched = "prefetched",
        /// Managed pages a previous pass migrated.
        Reused = "reused",
    }
}

cases! {
    /// The cases of the `oversub` group: managed memory larger than the device.
    OversubCase in Oversub {
        /// A pass after a prefetch of the footprint.
        Prefetched = "prefetched",
        /// A second pass.
        Reused = "reused",
    }
}

/// The cases of the `handoff` group: the suite writes them and the fit reads them through this type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum HandoffCase {
    /// One whole alternation: CPU update, movement, `reuse` GPU passes, synchronisation.
    Alternating,
    /// The CPU update alone, on the policy's memory.
    CpuOnly,
    /// One GPU pass alone, on data already where the policy keeps it.
    GpuOnly,
    /// One timed stage inside an alternation (the same trial as its `alternating` row).
    Stage(Stage),
}

/// The timed stages of a handoff alternation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// The CPU update.
    Cpu,
    /// Movement to the device before the passes (copy or prefetch).
    MoveIn,
    /// The `reuse` GPU passes.
    Passes,
    /// Movement back to the host after them.
    MoveOut,
}

impl HandoffCase {
    /// The measurement group these cases belong to.
    pub const GROUP: Group = Group::Handoff;
    /// Every case, in the order the suite writes an alternation's rows.
    pub const ALL: [HandoffCase; 7] = [
        HandoffCase::Alternating,
        HandoffCase::Stage(Stage::Cpu),
        HandoffCase::Stage(Stage::MoveIn),
        HandoffCase::Stage(Stage::Passes),
        HandoffCase::Stage(Stage::MoveOut),
        HandoffCase::CpuOnly,
        HandoffCase::GpuOnly,
    ];

    /// The `case` column's text.
    pub const fn name(self) -> &'static str {
        match self {
            HandoffCase::Alternating => "alternating",
            HandoffCase::CpuOnly => "cpu_only",
            HandoffCase::GpuOnly => "gpu_only",
            HandoffCase::Stage(Stage::Cpu) => "stage:cpu",
            HandoffCase::Stage(Stage::MoveIn) => "stage:move_in",
            HandoffCase::Stage(Stage::Passes) => "stage:passes",
            HandoffCase::Stage(Stage::MoveOut) => "stage:move_out",
        }
    }

    /// The case a `case` column names, if it is a handoff case.
    pub fn parse(case: &str) -> Option<HandoffCase> {
        HandoffCase::ALL.into_iter().find(|c| c.name() == case)
    }
}

impl Case for HandoffCase {
    fn group(&self) -> Group {
        Group::Handoff
    }
    fn text(&self) -> Cow<'static, str> {
        Cow::Borrowed(HandoffCase::name(*self))
    }
}

/// What one row of a validation task measured (`<task>:<part>` in the task groups).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum TaskPart {
    /// The whole task under the row's policy, host clock.
    Total,
    /// Its CPU phases.
    Cpu,
    /// Its GPU phases (events).
    Gpu,
    /// Its copies and prefetches.
    Move,
    /// One CPU phase on ordinary heap memory (the `cpu_ms` a user would give).
    PlainCpu,
    /// The same with the caches warm.
    PlainCpuWarm,
    /// One GPU pass on device memory (the `gpu_ms`).
    PlainGpu,
    /// The host's final access on heap memory (the `cpu_final_ms`).
    PlainFinal,
    /// The same with the caches warm.
    PlainFinalWarm,
    /// The host's final access on heap memory again, timed right after one policy's row (the
    /// row's policy and R; since `run92`): the host's level flips within a trial, so each row's
    /// own final check can be paired with a plain one beside it.
    PlainFinalBeside,
    /// One CPU phase on heap memory again, timed right after one policy's row (and its
    /// `PlainFinalBeside`; since `run96`): each row's CPU phases can be paired with it.
    PlainCpuBeside,
    /// The CPU writing one page in ten of a 64 MiB managed buffer just migrated to the device,
    /// timed right after one policy's row (and its plain passes; since `run103`; the row's policy
    /// and R, the buffer's size as `bytes`): sparse faults run at one of two levels, in spells of a
    /// trial or longer (calibration/h200/run100/spells.txt), so each row's can be paired with it.
    SparseCpuBeside,
    /// The GPU pass right after it, faulting those pages back in among resident ones (events).
    SparseGpuBeside,
    /// The migration probe ([`crate::model::Probe`]) beside the plain phases: one prefetch of its
    /// managed buffer back to the host (events).
    ProbeToHost,
    /// The probe: a GPU pass migrating its buffer by faults, less the same pass on the pages in
    /// place (events).
    ProbeFaultIn,
    /// The probe: the CPU's read faulting its buffer back, less the same read of heap memory.
    ProbeFaultBack,
    /// The probe: the CPU's first update of its buffer after a prefetch back, less the same
    /// update of heap memory.
    ProbeAfterPrefetch,
    /// The probe in a task's shape: the prefetch of its buffer to the device after the CPU
    /// touched the task's share of its pages (events).
    ProbeToDevice,
    /// *Earlier suite* (seed 001 before task names): the host's phases.
    Host,
    /// *Earlier suite*: the kernels.
    Kernel,
}

impl TaskPart {
    /// Every part.
    pub const ALL: [TaskPart; 20] = [
        TaskPart::Total,
        TaskPart::Cpu,
        TaskPart::Gpu,
        TaskPart::Move,
        TaskPart::PlainCpu,
        TaskPart::PlainCpuWarm,
        TaskPart::PlainGpu,
        TaskPart::PlainFinal,
        TaskPart::PlainFinalWarm,
        TaskPart::PlainFinalBeside,
        TaskPart::PlainCpuBeside,
        TaskPart::SparseCpuBeside,
        TaskPart::SparseGpuBeside,
        TaskPart::ProbeToHost,
        TaskPart::ProbeFaultIn,
        TaskPart::ProbeFaultBack,
        TaskPart::ProbeAfterPrefetch,
        TaskPart::ProbeToDevice,
        TaskPart::Host,
        TaskPart::Kernel,
    ];

    /// The part's text (after the colon).
    pub const fn name(self) -> &'static str {
        match self {
            TaskPart::Total => "total",
            TaskPart::Cpu => "cpu",
            TaskPart::Gpu => "gpu",
            TaskPart::Move => "move",
            TaskPart::PlainCpu => "plain_cpu",
            TaskPart::PlainCpuWarm => "plain_cpu_warm",
            TaskPart::PlainGpu => "plain_gpu",
            TaskPart::PlainFinal => "plain_final",
            TaskPart::PlainFinalWarm => "plain_final_warm",
            TaskPart::PlainFinalBeside => "plain_final_beside",
            TaskPart::PlainCpuBeside => "plain_cpu_beside",
            TaskPart::SparseCpuBeside => "sparse_cpu_beside",
            TaskPart::SparseGpuBeside => "sparse_gpu_beside",
            TaskPart::ProbeToHost => "probe_to_host",
            TaskPart::ProbeFaultIn => "probe_fault_in",
            TaskPart::ProbeFaultBack => "probe_fault_back",
            TaskPart::ProbeAfterPrefetch => "probe_after_prefetch",
            TaskPart::ProbeToDevice => "probe_to_device",
            TaskPart::Host => "host",
            TaskPart::Kernel => "kernel",
        }
    }

    /// The part a name stands for.
    pub fn parse(s: &str) -> Option<TaskPart> {
        TaskPart::ALL.into_iter().find(|p| p.name() == s)
    }

    /// Whether the part is a difference of two timings (the probe's migrating steps less the same
    /// work in place or on heap memory), which the shared VM's own level can make negative in a
    /// single trial (H200: one `probe_fault_back` of 28 at −2.5 ms, calibration/h200/run48).
    pub const fn is_difference(self) -> bool {
        matches!(
            self,
            TaskPart::ProbeFaultIn | TaskPart::ProbeFaultBack | TaskPart::ProbeAfterPrefetch
        )
    }
}

/// A case of a task group: the task's name (its file's `name`) and what the row measured. The
/// earliest suite wrote the part alone (`total`), with no task name; the `task` group, which no
/// suite wrote, always names its task.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TaskCase {
    /// The task group (`workload`, `partial`, `compute`, `prodcons`; `task` for a user's own
    /// program's rows).
    pub group: Group,
    /// The task's name; empty in the earliest suite's rows.
    pub task: String,
    /// What the row measured.
    pub part: TaskPart,
}

impl TaskCase {
    /// `<task>:<part>` in `group`.
    pub fn new(group: Group, task: &str, part: TaskPart) -> TaskCase {
        TaskCase {
            group,
            task: task.to_string(),
            part,
        }
    }

    /// The case a `case` column of a task group names: `<task>:<part>`, or the part alone (the
    /// earliest suite's rows; never in the `task` group).
    pub fn parse(group: Group, case: &str) -> Option<TaskCase> {
        if !group.is_task() {
            return None;
        }
        let (task, part) = case.rsplit_once(':').unwrap_or(("", case));
        if task.is_empty() && group == Group::Task {
            return None;
        }
        Some(TaskCase {
            group,
            task: task.to_string(),
            part: TaskPart::parse(part)?,
        })
    }
}

impl Case for TaskCase {
    fn group(&self) -> Group {
        self.group
    }
    fn text(&self) -> Cow<'static, str> {
        if self.task.is_empty() {
            Cow::Borrowed(self.part.name())
        } else {
            Cow::Owned(format!("{}:{}", self.task, self.part.name()))
        }
    }
}

impl Case for PeerCase {
    fn group(&self) -> Group {
        Group::Peer
    }
    fn text(&self) -> Cow<'static, str> {
        Cow::Owned(self.to_string())
    }
}

impl Case for ContentionCase {
    fn group(&self) -> Group {
        Group::Contention
    }
    fn text(&self) -> Cow<'static, str> {
        Cow::Owned(self.to_string())
    }
}

/// Whether `case` of `group` is a difference of two timings, whose `time_ms` may be negative
/// ([`TaskPart::is_difference`]); every other row's time is a duration.
pub fn is_difference(group: Group, case: &str) -> bool {
    group.is_task() && TaskCase::parse(group, case).is_some_and(|c| c.part.is_difference())
}

/// Whether `case` is one of `group`'s cases; the error says what the group's cases look like.
pub fn check_case(group: Group, case: &str) -> Result<(), String> {
    fn list(names: impl Iterator<Item = &'static str>) -> String {
        names.collect::<Vec<_>>().join(", ")
    }
    let known = match group {
        Group::Hbm => HbmCase::parse(case).is_some(),
        Group::HostMapped => HostMappedCase::parse(case).is_some(),
        Group::Transfer => TransferCase::parse(case).is_some(),
        Group::Prefetch => PrefetchCase::parse(case).is_some(),
        Group::Managed => ManagedCase::parse(case).is_some(),
        Group::Pattern => PatternCase::parse(case).is_some(),
        Group::Oversub => OversubCase::parse(case).is_some(),
        Group::Handoff => HandoffCase::parse(case).is_some(),
        Group::Workload | Group::Partial | Group::Compute | Group::ProdCons | Group::Task => {
            TaskCase::parse(group, case).is_some()
        }
        Group::Peer => case.parse::<PeerCase>().is_ok(),
        Group::Contention => case.parse::<ContentionCase>().is_ok(),
    };
    if known {
        return Ok(());
    }
    let expected = match group {
        Group::Hbm => list(HbmCase::ALL.iter().map(|c| c.name())),
        Group::HostMapped => list(HostMappedCase::ALL.iter().map(|c| c.name())),
        Group::Transfer => list(TransferCase::ALL.iter().map(|c| c.name())),
        Group::Prefetch => list(PrefetchCase::ALL.iter().map(|c| c.name())),
        Group::Managed => list(ManagedCase::ALL.iter().map(|c| c.name())),
        Group::Pattern => list(PatternCase::ALL.iter().map(|c| c.name())),
        Group::Oversub => list(OversubCase::ALL.iter().map(|c| c.name())),
        Group::Handoff => list(HandoffCase::ALL.iter().map(|c| c.name())),
        Group::Workload | Group::Partial | Group::Compute | Group::ProdCons => format!(
            "<task>:<part>, part one of {}",
            list(TaskPart::ALL.iter().map(|p| p.name()))
        ),
        Group::Task => format!(
            "<task>:<part>, the task named (its file's `name`), part one of {}",
            list(TaskPart::ALL.iter().map(|p| p.name()))
        ),
        Group::Peer => "<from>><to>:<step>, e.g. 0>1:copy_in".to_string(),
        Group::Contention => "<what>@<gpus>:gpu<device>, e.g. h2d@2:gpu0".to_string(),
    };
    Err(format!(
        "not a case of group `{group}` (expected {expected})"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_group_and_case_reads_back_from_its_own_name() {
        for g in Group::ALL {
            assert_eq!(Group::parse(g.name()), Some(g));
        }
        assert_eq!(Group::parse("host-mapped"), Some(Group::HostMapped));
        assert_eq!(Group::parse("gpu"), None);
        for c in HbmCase::ALL {
            assert_eq!(HbmCase::parse(c.name()), Some(*c));
            assert!(check_case(Group::Hbm, c.name()).is_ok());
        }
        for c in ManagedCase::ALL {
            assert_eq!(ManagedCase::parse(c.name()), Some(*c));
        }
        for c in HandoffCase::ALL {
            assert_eq!(HandoffCase::parse(c.name()), Some(c));
            assert!(check_case(Group::Handoff, c.name()).is_ok());
        }
        for p in TaskPart::ALL {
            let c = TaskCase::new(Group::Partial, "partial-update", p);
            assert_eq!(TaskCase::parse(Group::Partial, &c.text()), Some(c));
        }
    }

    #[test]
    fn a_case_is_known_only_in_its_own_group() {
        // `h2d` is a transfer; the handoff's `stage:cpu` is no managed case.
        assert!(check_case(Group::Transfer, "h2d").is_ok());
        assert!(check_case(Group::Hbm, "h2d").is_err());
        let e = check_case(Group::Managed, "stage:cpu").unwrap_err();
        assert!(
            e.contains("group `managed`") && e.contains("cold-random"),
            "{e}"
        );
        // Task groups take `<task>:<part>`, the task's own name may hold colons.
        assert!(check_case(Group::Workload, "seed-001:plain_cpu").is_ok());
        assert!(check_case(Group::Workload, "a:b:total").is_ok());
        assert!(check_case(Group::Workload, "seed-001:teleport").is_err());
        assert!(check_case(Group::Hbm, "seed-001:total").is_err());
        assert!(check_case(Group::Peer, "0>1:copy_in").is_ok());
        assert!(check_case(Group::Peer, "0>1:teleport").is_err());
        assert!(check_case(Group::Contention, "h2d@2:gpu0").is_ok());
    }

    #[test]
    fn the_task_group_holds_a_users_own_named_task_rows() {
        // Last, so the suite's groups keep their places in `ALL`; named `task`.
        assert_eq!(Group::ALL.last(), Some(&Group::Task));
        assert_eq!(Group::Task.name(), "task");
        assert_eq!(Group::parse("task"), Some(Group::Task));
        assert!(Group::names().ends_with(", task"));
        assert!(Group::Task.is_task());
        // `<task>:<part>` as in the suite's task groups, the task's name may hold colons.
        for (case, ok) in [
            ("kmeans:total", true),
            ("kmeans:plain_cpu", true),
            ("kmeans:plain_final", true),
            ("a:b:total", true),
            ("kmeans:teleport", false),
            ("triad", false),
        ] {
            assert_eq!(
                check_case(Group::Task, case).is_ok(),
                ok,
                "{case}: {:?}",
                check_case(Group::Task, case)
            );
            assert_eq!(
                check_case(Group::Task, case).is_ok(),
                check_case(Group::Workload, case).is_ok(),
                "{case}"
            );
        }
        // No suite wrote `task` rows, so the earliest suite's bare part is no case of it.
        assert!(check_case(Group::Workload, "total").is_ok());
        let e = check_case(Group::Task, "total").unwrap_err();
        assert!(
            e.contains("group `task`") && e.contains("<task>:<part>"),
            "{e}"
        );
        assert!(check_case(Group::Task, ":total").is_err());
        assert_eq!(TaskCase::parse(Group::Task, "total"), None);
        for p in TaskPart::ALL {
            let c = TaskCase::new(Group::Task, "kmeans", p);
            assert_eq!(c.group(), Group::Task);
            assert_eq!(TaskCase::parse(Group::Task, &c.text()), Some(c));
            assert_eq!(
                is_difference(Group::Task, &format!("kmeans:{}", p.name())),
                is_difference(Group::Workload, &format!("kmeans:{}", p.name())),
            );
        }
        assert!(is_difference(Group::Task, "kmeans:probe_fault_back"));
        assert!(!is_difference(Group::Task, "kmeans:total"));
        assert!(check_case(Group::Hbm, "kmeans:total").is_err());
    }
}
