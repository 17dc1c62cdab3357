//! The validation workloads (`tasks/*.json`): each runs under every handoff policy by executing the
//! steps `Task::for_each_step` gives for that policy (copies, prefetches, advice, the user's phases),
//! with its own kernel, host code and correctness gate. The model prices the same steps from terms
//! that other benchmarks measured; nothing measured here goes into a model.
//!
//! Per trial, beside the policies, each workload times its phases on plain memory — one CPU phase
//! and the final host access on ordinary heap memory, one GPU pass on device-resident data — the
//! times a user measures on their own code and gives as `cpu_ms`, `cpu_final_ms`, `gpu_ms`. Rows:
//! `case = "<task>:plain_cpu" | "<task>:plain_gpu" | "<task>:plain_final"` once per trial, and per
//! policy and reuse `"<task>:total"` (the whole task on the host clock, from the first phase to the
//! end of the final host access), `"<task>:cpu"` (its CPU phases and final access as they ran under
//! the policy), `"<task>:gpu"` (its GPU phases, events) and `"<task>:move"` (copies and
//! main-stream prefetches, events), and, for a task with a final host access,
//! `"<task>:plain_final_beside"` (the plain final access again, right after the row), then for
//! every task `"<task>:plain_cpu_beside"` (one plain CPU phase again, since run96), then
//! `"<task>:sparse_cpu_beside"` and `"<task>:sparse_gpu_beside"` (sparse faults on a buffer of
//! their own, `SparseBeside`, since run103). Policies
//! run in a rotated order from trial to trial, so a slow spell of the shared CPU does not always
//! fall on the same one. Beside the plain phases, every
//! trial also runs [`PROBE_ROUNDS`] rounds of the migration probe (`probe.rs`): rows
//! `"<task>:probe_to_host" | "<task>:probe_fault_in" | "<task>:probe_fault_back" |
//! "<task>:probe_after_prefetch"`, one per round, the probe buffer's size as `bytes`.
//!
//! Gates: every workload checks its own result (seed 001: the output within 1e-5 of a double
//! reference and the table's checksum right after every round; the others exactly, on whole
//! numbers or integers), and every policy's result must be bit-identical to the first policy's of
//! the same trial. A failed gate marks the rows `failed`.

use std::io::Write;
use std::time::Instant;

use super::cpu::{ramp, ramp_sum, splitmix64, PAGE_FLOATS};
use super::probe;
use super::{ms_since, BenchError, CellSpec, Group, Runner, Trial, RAMP};
use crate::gpu::{
    Advice, DeviceBuf, Elem, Gpu, GpuError, GpuMem, Home, Location, ManagedBuf, PinnedBuf, Shape,
};
use umodel_core::model::task::SPARSE_EVERY;
use umodel_core::model::HostAccess;
use umodel_core::policy::Policy;
use umodel_core::schema::{TaskCase, TaskPart};
use umodel_core::task::{workloads, AdviceKind, Place, Step, Task};

/// Rounds of the migration probe per trial: 4 × 7 samples a run, about half a second a trial.
pub const PROBE_ROUNDS: u32 = 4;

/// The suite's validation workloads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Workload {
    /// Seed 001 (and its overlapped-prefetch variant for the prefetching policies).
    Seed001,
    PartialUpdate,
    ComputeBound,
    ProducerConsumer,
}

impl Workload {
    pub const ALL: [Workload; 4] = [
        Workload::Seed001,
        Workload::PartialUpdate,
        Workload::ComputeBound,
        Workload::ProducerConsumer,
    ];

    /// Its task, with every buffer `bytes` long where given.
    pub fn task(self, bytes: Option<u64>) -> Task {
        let mut t = match self {
            Workload::Seed001 => workloads::seed_001(),
            Workload::PartialUpdate => workloads::partial_update(),
            Workload::ComputeBound => workloads::compute_bound(),
            Workload::ProducerConsumer => workloads::producer_consumer(),
        };
        if let Some(b) = bytes {
            for buf in &mut t.buffers {
                buf.bytes = (b / 4096).max(1) * 4096;
            }
        }
        t
    }

    pub fn group(self) -> Group {
        match self {
            Workload::Seed001 => Group::Workload,
            Workload::PartialUpdate => Group::Partial,
            Workload::ComputeBound => Group::Compute,
            Workload::ProducerConsumer => Group::ProdCons,
        }
    }

    /// Reuse values measured: the compute-bound kernel at several, where the link can hide under
    /// compute; the others at the task's own.
    pub fn reuse(self) -> &'static [u32] {
        match self {
            Workload::ComputeBound => &[1, 4, 16],
            _ => &[1],
        }
    }
}

/// Rounds of the compute-bound kernel's integer mix per element: about 4 ms a pass over 64 MiB on
/// an H200, longer than reading and writing 64 MiB over its link (about 1.6 ms).
pub const COMPUTE_ROUNDS: u32 = 2048;

/// One buffer as a policy places it.
pub(crate) enum Mem<T: Elem> {
    Explicit {
        host: PinnedBuf<T>,
        dev: DeviceBuf<T>,
    },
    Mapped(PinnedBuf<T>),
    Managed(ManagedBuf<T>),
}

impl<T: Elem> Mem<T> {
    fn new(gpu: &Gpu, policy: Policy, n: usize) -> Result<Mem<T>, GpuError> {
        Ok(match policy {
            Policy::ExplicitCopy => Mem::Explicit {
                host: gpu.pinned(n, false)?,
                dev: gpu.device(n)?,
            },
            Policy::HostMapped => Mem::Mapped(gpu.pinned(n, true)?),
            _ => Mem::Managed(gpu.managed(n)?),
        })
    }

    /// The host's view (the pinned copy for explicit copies).
    fn host_mut(&mut self) -> Result<&mut [T], GpuError> {
        match self {
            Mem::Explicit { host, .. } | Mem::Mapped(host) => host.host_mut(),
            Mem::Managed(m) => m.host_mut(),
        }
    }

    fn host(&self) -> Result<&[T], GpuError> {
        match self {
            Mem::Explicit { host, .. } | Mem::Mapped(host) => host.host(),
            Mem::Managed(m) => m.host(),
        }
    }
}

impl<T: Elem> GpuMem<T> for Mem<T> {
    fn home(&self) -> Home<'_> {
        match self {
            Mem::Explicit { dev, .. } => dev.home(),
            Mem::Mapped(h) => h.home(),
            Mem::Managed(m) => m.home(),
        }
    }
    fn gpu_ptr(&self) -> u64 {
        match self {
            Mem::Explicit { dev, .. } => dev.gpu_ptr(),
            Mem::Mapped(h) => h.gpu_ptr(),
            Mem::Managed(m) => m.gpu_ptr(),
        }
    }
    fn len(&self) -> usize {
        match self {
            Mem::Explicit { dev, .. } => dev.len(),
            Mem::Mapped(h) => h.len(),
            Mem::Managed(m) => m.len(),
        }
    }
}

/// What a step does to one buffer, whatever its element type.
pub(crate) trait Placed {
    fn copy_to_device(&mut self, gpu: &Gpu) -> Result<(), GpuError>;
    fn copy_to_host(&mut self, gpu: &Gpu) -> Result<(), GpuError>;
    fn prefetch(&self, gpu: &Gpu, to: Place, side: bool) -> Result<(), GpuError>;
    fn advise(&self, gpu: &Gpu, a: AdviceKind) -> Result<(), GpuError>;
}

impl<T: Elem> Placed for Mem<T> {
    fn copy_to_device(&mut self, gpu: &Gpu) -> Result<(), GpuError> {
        match self {
            Mem::Explicit { host, dev } => gpu.copy_to_device(host, dev),
            _ => Ok(()),
        }
    }
    fn copy_to_host(&mut self, gpu: &Gpu) -> Result<(), GpuError> {
        match self {
            Mem::Explicit { host, dev } => gpu.copy_to_host(dev, host),
            _ => Ok(()),
        }
    }
    fn prefetch(&self, gpu: &Gpu, to: Place, side: bool) -> Result<(), GpuError> {
        let loc = match to {
            Place::Host => Location::Host,
            Place::Device => Location::Device,
        };
        match self {
            Mem::Managed(m) if side => gpu.prefetch_side(m, loc),
            Mem::Managed(m) => gpu.prefetch(m, loc),
            _ => Ok(()),
        }
    }
    fn advise(&self, gpu: &Gpu, a: AdviceKind) -> Result<(), GpuError> {
        let Mem::Managed(m) = self else {
            return Ok(());
        };
        match a {
            AdviceKind::None => Ok(()),
            AdviceKind::ReadMostly => gpu.advise(m, Advice::ReadMostly),
            AdviceKind::PreferDevice { host_reads_at_end } => {
                gpu.advise(m, Advice::PreferredLocation(Location::Device))?;
                if host_reads_at_end {
                    gpu.advise(m, Advice::AccessedBy(Location::Host))?;
                }
                Ok(())
            }
            AdviceKind::PreferHostMapped => {
                gpu.advise(m, Advice::PreferredLocation(Location::Host))?;
                gpu.advise(m, Advice::AccessedBy(Location::Device))
            }
        }
    }
}

/// A workload's buffers placed under one policy, and its code.
trait Placement {
    fn buf(&mut self, i: usize) -> &mut dyn Placed;
    /// The CPU phase of `round`; false when its own check failed.
    fn cpu_phase(&mut self, round: u32) -> Result<bool, BenchError>;
    /// One GPU pass of `round` (enqueued).
    fn gpu_pass(&mut self, gpu: &Gpu, round: u32) -> Result<(), BenchError>;
    /// The final host access; false when the result is wrong.
    fn cpu_final(&mut self) -> Result<bool, BenchError>;
    /// The result's bits, hashed (every policy must produce the same).
    fn digest(&mut self) -> Result<u64, BenchError>;
}

/// Times of one run of a task under one policy, ms.
struct RunTimes {
    total: f64,
    cpu: f64,
    gpu: f64,
    moved: f64,
    ok: bool,
    /// Every step with its time (a side-stream prefetch: 0, it runs under the GPU phase).
    steps: Vec<(Step, f64)>,
}

/// The round a step belongs to, as `predict --task --explain` numbers them: that of the next
/// phase at or after it (from 1), `final` when only the final host access follows.
fn step_rounds(steps: &[(Step, f64)]) -> Vec<String> {
    let mut next = String::from("final");
    let mut out = vec![String::new(); steps.len()];
    for (i, (s, _)) in steps.iter().enumerate().rev() {
        if let Step::GpuPhase { round } | Step::CpuPhase { round } = s {
            next = (round + 1).to_string();
        }
        out[i] = next.clone();
    }
    out
}

/// One row of `--step-times` per step: `task,policy,reuse,trial,index,round,step,buffer,to,ms`.
fn step_rows(task: &Task, policy: Policy, reuse: u32, trial: u32, steps: &[(Step, f64)]) -> String {
    let name = |b: usize| task.buffers.get(b).map_or("?", |b| b.name.as_str());
    let place = |p: Place| match p {
        Place::Host => "host",
        Place::Device => "device",
    };
    let mut out = String::new();
    for (i, ((s, ms), round)) in steps.iter().zip(step_rounds(steps)).enumerate() {
        let (kind, buf, to) = match *s {
            Step::CopyToDevice { buf } => ("copy", name(buf), "device"),
            Step::CopyToHost { buf } => ("copy", name(buf), "host"),
            Step::Prefetch { buf, to, side } => (
                if side { "prefetch_side" } else { "prefetch" },
                name(buf),
                place(to),
            ),
            Step::GpuPhase { .. } => ("gpu", "", ""),
            Step::CpuPhase { .. } => ("cpu", "", ""),
            Step::CpuFinal => ("cpu_final", "", ""),
        };
        out.push_str(&format!(
            "{},{policy},{reuse},{trial},{i},{round},{kind},{buf},{to},{ms:.5}\n",
            task.name
        ));
    }
    out
}

/// Times of the plain-memory phases, ms; `*_warm`: the same phase without evicting the caches
/// first, where the plain timing evicts them (a diagnostic row beside the one the model uses).
#[derive(Default)]
struct PlainTimes {
    cpu: f64,
    gpu: f64,
    fin: Option<f64>,
    cpu_warm: Option<f64>,
    fin_warm: Option<f64>,
}

/// FNV-1a over 64-bit words.
fn fnv(words: impl Iterator<Item = u64>) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for w in words {
        h ^= w;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

impl Runner<'_, '_> {
    /// Runs the steps of `task` under `policy` on `p` (the buffers already placed and filled).
    fn execute(
        &self,
        task: &Task,
        policy: Policy,
        p: &mut dyn Placement,
    ) -> Result<RunTimes, BenchError> {
        let gpu = self.gpu;
        if matches!(
            policy,
            Policy::ManagedAdvise | Policy::ManagedAdvisePrefetch
        ) {
            for (i, b) in task.buffers.iter().enumerate() {
                p.buf(i).advise(gpu, b.advice())?;
            }
        }
        gpu.sync()?;
        let steps = task.steps(policy);
        let reuse = task.reuse.round().max(1.0) as u32;
        let (mut cpu, mut gpu_ms, mut moved, mut ok) = (0.0, 0.0, 0.0, true);
        let mut times = Vec::with_capacity(steps.len());
        let start = Instant::now();
        for step in steps {
            let ms = match step {
                Step::CopyToDevice { buf } => {
                    let ms = self.time_gpu(|| Ok(p.buf(buf).copy_to_device(gpu)?))?;
                    moved += ms;
                    ms
                }
                Step::CopyToHost { buf } => {
                    let ms = self.time_gpu(|| Ok(p.buf(buf).copy_to_host(gpu)?))?;
                    moved += ms;
                    ms
                }
                Step::Prefetch {
                    buf,
                    to,
                    side: false,
                } => {
                    let ms = self.time_gpu(|| Ok(p.buf(buf).prefetch(gpu, to, false)?))?;
                    moved += ms;
                    ms
                }
                Step::Prefetch {
                    buf,
                    to,
                    side: true,
                } => {
                    p.buf(buf).prefetch(gpu, to, true)?;
                    0.0
                }
                Step::GpuPhase { round } => {
                    let ms = self.time_gpu(|| {
                        for _ in 0..reuse {
                            p.gpu_pass(gpu, round)?;
                        }
                        Ok(())
                    })?;
                    gpu_ms += ms;
                    // Waits for a side-stream prefetch too.
                    gpu.sync()?;
                    ms
                }
                Step::CpuPhase { round } => {
                    let t = Instant::now();
                    ok &= p.cpu_phase(round)?;
                    let ms = ms_since(t);
                    cpu += ms;
                    ms
                }
                Step::CpuFinal => {
                    let t = Instant::now();
                    ok &= p.cpu_final()?;
                    let ms = ms_since(t);
                    cpu += ms;
                    ms
                }
            };
            times.push((step, ms));
        }
        gpu.sync()?;
        let total = ms_since(start);
        Ok(RunTimes {
            total,
            cpu,
            gpu: gpu_ms,
            moved,
            ok,
            steps: times,
        })
    }

    /// The workload block: warm-up trial, then trials of the plain phases and every policy.
    pub(crate) fn workload_task(
        &mut self,
        w: Workload,
        bytes: Option<u64>,
    ) -> Result<(), BenchError> {
        let g = w.group();
        let trials = self.trials(g);
        let task = w.task(bytes);
        let overlapped = (w == Workload::Seed001).then(|| {
            let mut o = task.clone();
            o.name = workloads::seed_001_overlapped().name;
            o.overlap_prefetch = true;
            o
        });
        let mut data = Data::new(w, &task);
        let mut scratch = vec![0u8; super::cpu::evict_bytes()];
        let footprint = task.footprint();
        let policies = Policy::HANDOFF;
        // In the task's shape: at 256 MiB with one page in ten touched, the prefetch back is slower
        // than the default probe's per byte (probe.rs).
        let mut probe_bufs = probe::ProbeBufs::new(self.gpu, task.probe_shape())?;
        let mut sparse = SparseBeside::new(self.gpu)?;
        let mut steps_file = self
            .cfg
            .step_times
            .as_ref()
            .map(|path| -> Result<std::fs::File, BenchError> {
                let fresh = std::fs::metadata(path).map_or(true, |m| m.len() == 0);
                let mut f = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| step_file_error(self.cfg, e))?;
                if fresh {
                    f.write_all(b"task,policy,reuse,trial,index,round,step,buffer,to,ms\n")
                        .map_err(|e| step_file_error(self.cfg, e))?;
                }
                Ok(f)
            })
            .transpose()?;
        for t in 0..=trials {
            let keep = t >= 1;
            let trial = t.saturating_sub(1);
            let plain = data.plain(self.gpu, &mut scratch)?;
            // The migration probe beside the plain phases: what a caller would measure with
            // their own phase timings (probe.rs).
            let mut probed = probe::ProbeSamples::default();
            probe::run_into(self.gpu, &mut probe_bufs, PROBE_ROUNDS, &mut probed)?;
            if keep {
                let name = &task.name;
                for (k, r) in probed.rounds.iter().enumerate() {
                    let to_device = r
                        .to_device
                        .map(|ms| (TaskPart::ProbeToDevice, Policy::ManagedPrefetch, ms));
                    for (part, policy, ms) in [
                        (TaskPart::ProbeToHost, Policy::ManagedPrefetch, r.to_host),
                        (TaskPart::ProbeFaultIn, Policy::Managed, r.fault_in),
                        (TaskPart::ProbeFaultBack, Policy::Managed, r.fault_back),
                        (
                            TaskPart::ProbeAfterPrefetch,
                            Policy::ManagedPrefetch,
                            r.after_prefetch,
                        ),
                    ]
                    .into_iter()
                    .chain(to_device)
                    {
                        self.row(
                            &CellSpec::new(&TaskCase::new(g, name, part), policy, probed.bytes),
                            Trial::timed(trial * PROBE_ROUNDS + k as u32, ms, r.ok),
                        )?;
                    }
                }
                self.row(
                    &CellSpec::new(
                        &TaskCase::new(g, name, TaskPart::PlainCpu),
                        Policy::Pageable,
                        footprint,
                    ),
                    Trial::timed(trial, plain.cpu, true),
                )?;
                self.row(
                    &CellSpec::new(
                        &TaskCase::new(g, name, TaskPart::PlainGpu),
                        Policy::Device,
                        footprint,
                    ),
                    Trial::timed(trial, plain.gpu, true),
                )?;
                if let Some(f) = plain.fin {
                    self.row(
                        &CellSpec::new(
                            &TaskCase::new(g, name, TaskPart::PlainFinal),
                            Policy::Pageable,
                            footprint,
                        ),
                        Trial::timed(trial, f, true),
                    )?;
                }
                for (q, v) in [
                    (TaskPart::PlainCpuWarm, plain.cpu_warm),
                    (TaskPart::PlainFinalWarm, plain.fin_warm),
                ] {
                    if let Some(v) = v {
                        self.row(
                            &CellSpec::new(&TaskCase::new(g, name, q), Policy::Pageable, footprint),
                            Trial::timed(trial, v, true),
                        )?;
                    }
                }
            }
            for &r in w.reuse() {
                let mut run_task = task.clone();
                run_task.reuse = f64::from(r);
                let mut first_digest: Option<u64> = None;
                // Rotate the order of policies from trial to trial.
                let n = policies.len();
                let mut runs: Vec<(&Task, Policy)> = (0..n)
                    .map(|i| (&run_task, policies[(i + t as usize) % n]))
                    .collect();
                let ov_task = overlapped.as_ref().map(|o| {
                    let mut o = o.clone();
                    o.reuse = f64::from(r);
                    o
                });
                if let Some(o) = &ov_task {
                    for p in [Policy::ManagedPrefetch, Policy::ManagedAdvisePrefetch] {
                        runs.push((o, p));
                    }
                }
                for (tk, policy) in runs {
                    let mut placed = data.place(self.gpu, policy)?;
                    let times = self.execute(tk, policy, placed.as_mut())?;
                    let digest = placed.digest()?;
                    drop(placed);
                    // The plain final access again, right after the row: on the H200 VM a 256 MiB
                    // host pass runs at ~95 or ~180 ms, and the level flips within a trial, so
                    // the plain pass at the trial's start does not follow the rows' final checks
                    // (calibration/h200/run85). A validation can pair each row with this one.
                    let beside = data.plain_final(&mut scratch);
                    // And one plain CPU phase: a round's phase carries the same level (seed 001's
                    // table read, the producer/consumer's sum; calibration/h200/run96).
                    let cpu_beside = data.plain_cpu(&mut scratch);
                    let (sparse_cpu, sparse_gpu, sparse_ok) = sparse.run(self.gpu)?;
                    let identical = *first_digest.get_or_insert(digest) == digest;
                    let ok = times.ok && identical;
                    if !ok {
                        self.sink.note(&format!(
                            "{} {policy} R={r}: gate failed (own check {}, bit-identical to the first policy {identical})",
                            tk.name, times.ok
                        ));
                    }
                    if keep {
                        if let Some(f) = steps_file.as_mut() {
                            let rows = step_rows(tk, policy, r, trial, &times.steps);
                            f.write_all(rows.as_bytes())
                                .map_err(|e| step_file_error(self.cfg, e))?;
                        }
                        let rows = [
                            (TaskPart::Total, Some(times.total)),
                            (TaskPart::Cpu, Some(times.cpu)),
                            (TaskPart::Gpu, Some(times.gpu)),
                            (TaskPart::Move, Some(times.moved)),
                            (TaskPart::PlainFinalBeside, beside),
                            (TaskPart::PlainCpuBeside, Some(cpu_beside)),
                        ];
                        for (q, ms) in rows {
                            let Some(ms) = ms else { continue };
                            self.row(
                                &CellSpec::new(&TaskCase::new(g, &tk.name, q), policy, footprint)
                                    .reuse(r),
                                Trial::timed(trial, ms, ok),
                            )?;
                        }
                        for (q, ms) in [
                            (TaskPart::SparseCpuBeside, sparse_cpu),
                            (TaskPart::SparseGpuBeside, sparse_gpu),
                        ] {
                            let case = TaskCase::new(g, &tk.name, q);
                            self.row(
                                &CellSpec::new(&case, policy, SparseBeside::BYTES)
                                    .pattern(SparseBeside::PATTERN)
                                    .useful(SparseBeside::BYTES / SPARSE_EVERY as u64)
                                    .reuse(r),
                                Trial::timed(trial, ms, sparse_ok),
                            )?;
                        }
                    }
                }
            }
        }
        self.gpu.sync()?;
        Ok(())
    }
}

/// Sparse faults beside each row: the CPU writes one page in ten of a 64 MiB managed buffer a GPU
/// pass just migrated to the device, then a GPU pass faults those pages back in, as the
/// calibration's sparse cells do (`Runner::sparse`). On the H200 VM the CPU's sparse writes run at
/// one of two levels (about 6 and 8 µs a page) in spells of a trial or longer
/// (calibration/h200/run100/spells.txt): a validation can pair each row with the level beside it.
/// `umodel probe` times the same cell ([`super::probe::ProbeBufs::with_sparse`]).
pub(crate) struct SparseBeside {
    m: ManagedBuf<f32>,
}

impl SparseBeside {
    pub(crate) const BYTES: u64 = umodel_core::model::Probe::SPARSE_BYTES;
    const PATTERN: &'static str = "page:40960";

    pub(crate) fn new(gpu: &Gpu) -> Result<SparseBeside, BenchError> {
        Ok(SparseBeside {
            m: gpu.managed((Self::BYTES / 4) as usize)?,
        })
    }

    /// (the CPU's writes ms, the GPU's refault ms, whether every value came out right).
    pub(crate) fn run(&mut self, gpu: &Gpu) -> Result<(f64, f64, bool), BenchError> {
        super::cpu::fill_ramp_wide(self.m.host_mut()?, RAMP, 0.0);
        gpu.inplace(Shape::Flat, &mut self.m, 1.0, 1.0)?; // every page to the device
        gpu.sync()?;
        let cpu = {
            let x = self.m.host_mut()?;
            let s = Instant::now();
            super::cpu::sparse_write(x, SPARSE_EVERY, -1.0);
            ms_since(s)
        };
        let m = &mut self.m;
        let refault = super::groups::time_on(gpu, || Ok(gpu.inplace(Shape::Flat, m, 1.0, 1.0)?))?;
        // Rewritten pages hold 0, the others ramp + 2 (small integers: exact in f32).
        let bad = super::cpu::count_bad_wide(self.m.host()?, |i, v| {
            let want = if (i / PAGE_FLOATS) % SPARSE_EVERY == 0 {
                0.0
            } else {
                ramp(i, RAMP) + 2.0
            };
            v != want
        });
        Ok((cpu, refault, bad == 0))
    }
}

/// `--step-times` could not be written: the path and why.
fn step_file_error(cfg: &super::BenchConfig, e: std::io::Error) -> BenchError {
    let path = cfg
        .step_times
        .as_deref()
        .unwrap_or(std::path::Path::new("?"));
    BenchError::Config(format!("{}: writing step times: {e}", path.display()))
}

/// Host-side inputs and references of a workload, and the ordinary heap memory its plain-memory
/// phases run on (made once per block and touched, so no timing pays the first touch of fresh pages).
enum Data {
    Seed {
        table: Vec<f32>,
        keys: Vec<u32>,
        want_table: f64,
        reference: Vec<f64>,
        heap_table: Vec<f32>,
        heap_out: Vec<f32>,
    },
    Partial {
        n: usize,
        rounds: u32,
        reuse: u32,
        heap: Vec<f32>,
    },
    Compute {
        n: usize,
        rounds: u32,
        heap_in: Vec<u32>,
        heap_out: Vec<u32>,
    },
    ProdCons {
        input: Vec<f32>,
        heap_out: Vec<f32>,
    },
}

fn seed_scale(r: u32) -> f32 {
    0.5 + 0.25 * r as f32
}

fn seed_checksum(t: &[f32]) -> f64 {
    // Table values are multiples of 1/4 below 1024: the f64 sum is exact in any order.
    t.iter().map(|v| f64::from(*v)).sum()
}

/// The compute-bound kernel's mix, on the CPU (for the check).
pub(crate) fn compute_mix(x: u32, k: u32) -> u32 {
    let mut h = x;
    for _ in 0..k {
        h = h.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        h ^= h >> 15;
    }
    h
}

fn compute_input(i: usize, round: u32) -> u32 {
    (i as u32).wrapping_mul(2_654_435_761) ^ round.wrapping_mul(0x9E37_79B9)
}

/// Pages the partial update rewrites: every tenth 4 KiB page.
fn partial_touched(page: usize) -> bool {
    page % 10 == 0
}
fn partial_value(round: u32) -> f32 {
    2000.0 + round as f32
}

impl Data {
    fn new(w: Workload, task: &Task) -> Data {
        let n = |i: usize| (task.buffers[i].bytes / 4) as usize;
        match w {
            Workload::Seed001 => {
                let n = n(0);
                let table: Vec<f32> = (0..n).map(|i| (i % 4093) as f32 * 0.25).collect();
                let mut state = 0xC0FF_EE00_u64;
                let keys: Vec<u32> = (0..n)
                    .map(|_| (splitmix64(&mut state) % n as u64) as u32)
                    .collect();
                let reference: Vec<f64> = keys
                    .iter()
                    .map(|&k| {
                        (0..task.rounds)
                            .map(|r| f64::from(seed_scale(r)) * f64::from(table[k as usize]))
                            .sum()
                    })
                    .collect();
                Data::Seed {
                    want_table: seed_checksum(&table),
                    heap_table: table.clone(),
                    heap_out: reference.iter().map(|r| *r as f32).collect(),
                    table,
                    keys,
                    reference,
                }
            }
            Workload::PartialUpdate => Data::Partial {
                n: n(0),
                rounds: task.rounds,
                reuse: task.reuse as u32,
                heap: (0..n(0)).map(|i| ramp(i, RAMP)).collect(),
            },
            Workload::ComputeBound => Data::Compute {
                n: n(0),
                rounds: task.rounds,
                heap_in: (0..n(0)).map(|i| compute_input(i, 0)).collect(),
                heap_out: (0..n(0))
                    .map(|i| compute_mix(compute_input(i, 0), COMPUTE_ROUNDS))
                    .collect(),
            },
            Workload::ProducerConsumer => Data::ProdCons {
                input: (0..n(0)).map(|i| ramp(i, RAMP)).collect(),
                heap_out: (0..n(0)).map(|i| ramp(i, RAMP) + 1.0).collect(),
            },
        }
    }

    /// The phases on plain memory, as a user times their own code: one CPU phase
    /// ([`Data::plain_cpu`]) and the final access on heap memory, one GPU pass on device memory
    /// (after a warm one).
    fn plain(&mut self, gpu: &Gpu, scratch: &mut [u8]) -> Result<PlainTimes, BenchError> {
        let time_gpu = |f: &mut dyn FnMut() -> Result<(), GpuError>| -> Result<f64, BenchError> {
            f()?;
            gpu.sync()?;
            let (a, b) = (gpu.event()?, gpu.event()?);
            gpu.record(&a)?;
            f()?;
            gpu.record(&b)?;
            Ok(b.ms_since(&a)?)
        };
        let cpu = self.plain_cpu(scratch);
        // Data that reach the host from the GPU: the same phase warm, right after.
        let cpu_warm = self.cpu_phase_evicted().then(|| {
            let t = Instant::now();
            self.cpu_phase();
            ms_since(t)
        });
        let gpu_ms = match self {
            Data::Seed { table, keys, .. } => {
                let n = table.len();
                let mut d_table = gpu.device::<f32>(n)?;
                let mut d_keys = gpu.device::<u32>(n)?;
                let mut d_out = gpu.device::<f32>(n)?;
                gpu.copy_slice_to_device(table, &mut d_table)?;
                gpu.copy_slice_to_device(keys, &mut d_keys)?;
                gpu.fill_bytes(&mut d_out, 0)?;
                time_gpu(&mut || gpu.gather(&d_table, &d_keys, (n - 1) as u32, &mut d_out, 0.5))?
            }
            Data::Partial { n, heap, .. } => {
                let mut d = gpu.device::<f32>(*n)?;
                gpu.copy_slice_to_device(heap, &mut d)?;
                time_gpu(&mut || gpu.inplace(crate::gpu::Shape::Flat, &mut d, 1.0, 1.0))?
            }
            Data::Compute { n, heap_in, .. } => {
                let mut dx = gpu.device::<u32>(*n)?;
                let mut dy = gpu.device::<u32>(*n)?;
                gpu.copy_slice_to_device(heap_in, &mut dx)?;
                time_gpu(&mut || gpu.compute(&dx, &mut dy, COMPUTE_ROUNDS))?
            }
            Data::ProdCons { input, .. } => {
                let mut dx = gpu.device::<f32>(input.len())?;
                let mut dy = gpu.device::<f32>(input.len())?;
                gpu.copy_slice_to_device(input, &mut dx)?;
                time_gpu(&mut || gpu.produce(&dx, &mut dy, 1.0))?
            }
        };
        let mut times = PlainTimes {
            cpu,
            gpu: gpu_ms,
            cpu_warm,
            ..PlainTimes::default()
        };
        // The final access (the output the GPU wrote, read by the host): evicted, then warm.
        times.fin = self.plain_final(scratch);
        if times.fin.is_some() {
            let t = Instant::now();
            self.final_access();
            times.fin_warm = Some(ms_since(t));
        }
        Ok(times)
    }

    /// Runs one round's CPU phase once on plain memory (round 0's: the partial update writes the
    /// same value to the same pages every time, so repeating it leaves the heap as it was).
    fn cpu_phase(&mut self) {
        match self {
            Data::Seed {
                want_table,
                heap_table,
                ..
            } => {
                std::hint::black_box(seed_checksum(heap_table) == *want_table);
            }
            Data::Partial { heap, .. } => partial_cpu(heap, 0),
            Data::Compute { heap_in, .. } => compute_cpu(heap_in, 0),
            Data::ProdCons { heap_out, .. } => {
                std::hint::black_box(prodcons_sum(heap_out));
            }
        }
    }

    /// Whether the CPU phase's data reach the host from outside its caches: the partial update's
    /// buffer and the producer/consumer's output, which the GPU wrote (by DMA or migration).
    /// Seed 001's table and the compute-bound task's inputs only the host writes or reads, so they
    /// are warm in a round.
    fn cpu_phase_evicted(&self) -> bool {
        matches!(self, Data::Partial { .. } | Data::ProdCons { .. })
    }

    /// One CPU phase timed on plain memory, as `plain` and the pass beside each row time it:
    /// after a cache eviction ([`Data::cpu_phase_evicted`]), else after an untimed run.
    fn plain_cpu(&mut self, scratch: &mut [u8]) -> f64 {
        if self.cpu_phase_evicted() {
            super::cpu::evict_caches(scratch);
        } else {
            self.cpu_phase();
        }
        let t = Instant::now();
        self.cpu_phase();
        ms_since(t)
    }

    /// Runs the task's final host access once on its plain memory (seed 001's check of the
    /// output, the partial update's and the compute-bound task's exact checks); the
    /// producer/consumer has none.
    fn final_access(&self) {
        match self {
            Data::Seed {
                reference,
                heap_out,
                ..
            } => {
                std::hint::black_box(seed_final_check(heap_out, reference));
            }
            Data::Partial { heap, .. } => {
                std::hint::black_box(partial_mismatches(heap, 1, 1));
            }
            Data::Compute { heap_out, .. } => {
                std::hint::black_box(compute_final_check(heap_out, 0));
            }
            Data::ProdCons { .. } => {}
        }
    }

    /// The plain final access timed after a cache eviction, as a validation takes it; `None`
    /// for a task without one.
    fn plain_final(&self, scratch: &mut [u8]) -> Option<f64> {
        (!matches!(self, Data::ProdCons { .. })).then(|| {
            super::cpu::evict_caches(scratch);
            let t = Instant::now();
            self.final_access();
            ms_since(t)
        })
    }

    /// The workload's buffers placed under `policy`, filled by the host.
    fn place<'a>(
        &'a self,
        gpu: &'a Gpu,
        policy: Policy,
    ) -> Result<Box<dyn Placement + 'a>, BenchError> {
        Ok(match self {
            Data::Seed {
                table,
                keys,
                want_table,
                reference,
                ..
            } => {
                let n = table.len();
                let mut t = Mem::<f32>::new(gpu, policy, n)?;
                let mut k = Mem::<u32>::new(gpu, policy, n)?;
                let mut o = Mem::<f32>::new(gpu, policy, n)?;
                t.host_mut()?.copy_from_slice(table);
                k.host_mut()?.copy_from_slice(keys);
                o.host_mut()?.fill(0.0);
                Box::new(SeedRun {
                    table: t,
                    keys: k,
                    out: o,
                    want_table: *want_table,
                    reference,
                })
            }
            Data::Partial {
                n, rounds, reuse, ..
            } => {
                let mut x = Mem::<f32>::new(gpu, policy, *n)?;
                for (i, v) in x.host_mut()?.iter_mut().enumerate() {
                    *v = ramp(i, RAMP);
                }
                Box::new(PartialRun {
                    x,
                    rounds: *rounds,
                    reuse: *reuse,
                })
            }
            Data::Compute { n, rounds, .. } => {
                let mut x = Mem::<u32>::new(gpu, policy, *n)?;
                let mut y = Mem::<u32>::new(gpu, policy, *n)?;
                x.host_mut()?.fill(0);
                y.host_mut()?.fill(u32::MAX);
                Box::new(ComputeRun {
                    x,
                    y,
                    last_round: rounds.saturating_sub(1),
                    digest: 0,
                })
            }
            Data::ProdCons { input, .. } => {
                let mut x = Mem::<f32>::new(gpu, policy, input.len())?;
                let mut y = Mem::<f32>::new(gpu, policy, input.len())?;
                x.host_mut()?.copy_from_slice(input);
                y.host_mut()?.fill(0.0);
                let base: f64 = input.iter().map(|v| f64::from(*v)).sum();
                Box::new(ProdConsRun {
                    x,
                    y,
                    base,
                    last_sum: 0.0,
                })
            }
        })
    }
}

/// Seed 001's final check: every output within 1e-5 of the double reference (public so that
/// examples/fault_backs.rs times the workload's own code).
pub fn seed_final_check(out: &[f32], reference: &[f64]) -> bool {
    out.len() == reference.len()
        && out
            .iter()
            .zip(reference)
            .all(|(o, r)| (f64::from(*o) - r).abs() <= 1e-5 * r.abs() + 1e-6)
}

struct SeedRun<'a> {
    table: Mem<f32>,
    keys: Mem<u32>,
    out: Mem<f32>,
    want_table: f64,
    reference: &'a [f64],
}

impl Placement for SeedRun<'_> {
    fn buf(&mut self, i: usize) -> &mut dyn Placed {
        match i {
            0 => &mut self.table,
            1 => &mut self.keys,
            _ => &mut self.out,
        }
    }
    fn cpu_phase(&mut self, _round: u32) -> Result<bool, BenchError> {
        Ok(seed_checksum(self.table.host()?) == self.want_table)
    }
    fn gpu_pass(&mut self, gpu: &Gpu, round: u32) -> Result<(), BenchError> {
        let n = self.table.len();
        Ok(gpu.gather(
            &self.table,
            &self.keys,
            (n - 1) as u32,
            &mut self.out,
            seed_scale(round),
        )?)
    }
    fn cpu_final(&mut self) -> Result<bool, BenchError> {
        Ok(seed_final_check(self.out.host()?, self.reference))
    }
    fn digest(&mut self) -> Result<u64, BenchError> {
        Ok(fnv(self.out.host()?.iter().map(|v| u64::from(v.to_bits()))))
    }
}

/// The partial update's CPU phase: every tenth page rewritten.
fn partial_cpu(x: &mut [f32], round: u32) {
    let v = partial_value(round);
    for (p, page) in x.chunks_mut(PAGE_FLOATS).enumerate() {
        if partial_touched(p) {
            page.fill(v);
        }
    }
}

/// Elements that differ from the partial update's result after `rounds` rounds of `reuse` passes.
fn partial_mismatches(x: &[f32], rounds: u32, reuse: u32) -> u64 {
    let last = partial_value(rounds.saturating_sub(1)) + reuse as f32;
    let untouched = (rounds * reuse) as f32;
    x.iter()
        .enumerate()
        .filter(|(i, v)| {
            let want = if partial_touched(i / PAGE_FLOATS) {
                last
            } else {
                ramp(*i, RAMP) + untouched
            };
            **v != want
        })
        .count() as u64
}

struct PartialRun {
    x: Mem<f32>,
    rounds: u32,
    reuse: u32,
}

impl Placement for PartialRun {
    fn buf(&mut self, _i: usize) -> &mut dyn Placed {
        &mut self.x
    }
    fn cpu_phase(&mut self, round: u32) -> Result<bool, BenchError> {
        partial_cpu(self.x.host_mut()?, round);
        Ok(true)
    }
    fn gpu_pass(&mut self, gpu: &Gpu, _round: u32) -> Result<(), BenchError> {
        Ok(gpu.inplace(crate::gpu::Shape::Flat, &mut self.x, 1.0, 1.0)?)
    }
    fn cpu_final(&mut self) -> Result<bool, BenchError> {
        Ok(partial_mismatches(self.x.host()?, self.rounds, self.reuse) == 0)
    }
    fn digest(&mut self) -> Result<u64, BenchError> {
        Ok(fnv(self.x.host()?.iter().map(|v| u64::from(v.to_bits()))))
    }
}

/// The compute-bound workload's CPU phase: fresh inputs.
fn compute_cpu(x: &mut [u32], round: u32) {
    for (i, v) in x.iter_mut().enumerate() {
        *v = compute_input(i, round);
    }
}

/// The final read of the compute-bound outputs: a sum of every element (the host touches them
/// all) and an exact check of 4096 of them spread over the buffer; `None` when one is wrong.
fn compute_final_check(y: &[u32], last_round: u32) -> Option<u64> {
    let sum = y.iter().fold(0u64, |a, v| a.wrapping_add(u64::from(*v)));
    let step = (y.len() / 4096).max(1);
    let right = (0..y.len())
        .step_by(step)
        .all(|i| y[i] == compute_mix(compute_input(i, last_round), COMPUTE_ROUNDS));
    right.then_some(sum)
}

struct ComputeRun {
    x: Mem<u32>,
    y: Mem<u32>,
    last_round: u32,
    digest: u64,
}

impl Placement for ComputeRun {
    fn buf(&mut self, i: usize) -> &mut dyn Placed {
        if i == 0 {
            &mut self.x
        } else {
            &mut self.y
        }
    }
    fn cpu_phase(&mut self, round: u32) -> Result<bool, BenchError> {
        compute_cpu(self.x.host_mut()?, round);
        Ok(true)
    }
    fn gpu_pass(&mut self, gpu: &Gpu, _round: u32) -> Result<(), BenchError> {
        Ok(gpu.compute(&self.x, &mut self.y, COMPUTE_ROUNDS)?)
    }
    fn cpu_final(&mut self) -> Result<bool, BenchError> {
        match compute_final_check(self.y.host()?, self.last_round) {
            Some(s) => {
                self.digest = s;
                Ok(true)
            }
            None => Ok(false),
        }
    }
    fn digest(&mut self) -> Result<u64, BenchError> {
        Ok(self.digest)
    }
}

/// The consumer's read: the sum of the produced buffer (whole numbers below 2²⁴: exact in f64).
fn prodcons_sum(y: &[f32]) -> f64 {
    y.iter().map(|v| f64::from(*v)).sum()
}

struct ProdConsRun {
    x: Mem<f32>,
    y: Mem<f32>,
    base: f64,
    last_sum: f64,
}

impl Placement for ProdConsRun {
    fn buf(&mut self, i: usize) -> &mut dyn Placed {
        if i == 0 {
            &mut self.x
        } else {
            &mut self.y
        }
    }
    fn cpu_phase(&mut self, round: u32) -> Result<bool, BenchError> {
        let s = prodcons_sum(self.y.host()?);
        self.last_sum = s;
        Ok(s == self.base + (round as f64 + 1.0) * self.y.len() as f64)
    }
    fn gpu_pass(&mut self, gpu: &Gpu, round: u32) -> Result<(), BenchError> {
        Ok(gpu.produce(&self.x, &mut self.y, round as f32 + 1.0)?)
    }
    fn cpu_final(&mut self) -> Result<bool, BenchError> {
        Ok(true)
    }
    fn digest(&mut self) -> Result<u64, BenchError> {
        Ok(self.last_sum.to_bits())
    }
}

/// One validation workload's host code, measured by [`probe::fault_scale`].
#[derive(Debug, Clone)]
pub struct HostCodeScale {
    /// The workload.
    pub workload: Workload,
    /// Which of its host accesses.
    pub access: HostAccess,
    /// How the workload times that access on plain memory (`bench`'s `plain_cpu` and
    /// `plain_final` rows), which the measurement repeats.
    pub plain: probe::PlainCache,
    /// The rounds.
    pub samples: probe::FaultScaleSamples,
}

/// The validation workloads' own host code through [`probe::fault_scale`] at their tasks' sizes,
/// as a user measures theirs once, in its own process (examples/fault_scales.rs): seed 001's sum
/// of the table (each round) and final check, the compute-bound task's rewrite of its inputs and
/// final check, the producer/consumer's sum of the output, the partial update's final check.
/// The partial update's rounds touch one page in ten, which the scale is not for. `each` sees
/// every measurement as it ends.
pub fn workload_fault_scales(
    gpu: &Gpu,
    rounds: u32,
    mut each: impl FnMut(&HostCodeScale),
) -> Result<Vec<HostCodeScale>, BenchError> {
    use probe::PlainCache::{Evicted, Warm};
    let mut out = Vec::new();
    let mut push = |workload, access, plain, samples| {
        let s = HostCodeScale {
            workload,
            access,
            plain,
            samples,
        };
        each(&s);
        out.push(s);
    };
    let size = |w: Workload| (w.task(None).buffers[0].bytes / 4) as usize;
    // Seed 001, as Data::new builds it.
    let seed = Workload::Seed001.task(None);
    if let Data::Seed {
        table,
        want_table,
        reference,
        heap_out,
        ..
    } = Data::new(Workload::Seed001, &seed)
    {
        let f = checked(gpu, &table, Warm, rounds, "seed 001's table sum", |t| {
            seed_checksum(t) == want_table
        })?;
        push(Workload::Seed001, HostAccess::Phase, Warm, f);
        let f = checked(
            gpu,
            &heap_out,
            Evicted,
            rounds,
            "seed 001's final check",
            |o| seed_final_check(o, &reference),
        )?;
        push(Workload::Seed001, HostAccess::Final, Evicted, f);
    }
    // The compute-bound task: its inputs rewritten, and its final check.
    let n = size(Workload::ComputeBound);
    let inputs: Vec<u32> = (0..n).map(|i| compute_input(i, 0)).collect();
    let f = checked(
        gpu,
        &inputs,
        Warm,
        rounds,
        "the compute-bound rewrite",
        |x| {
            compute_cpu(x, 1);
            true
        },
    )?;
    push(Workload::ComputeBound, HostAccess::Phase, Warm, f);
    let f = checked(
        gpu,
        &compute_checked_outputs(n),
        Evicted,
        rounds,
        "the compute-bound final check",
        |y| compute_final_check(y, 0).is_some(),
    )?;
    push(Workload::ComputeBound, HostAccess::Final, Evicted, f);
    // The producer/consumer's sum of what the GPU produced.
    let n = size(Workload::ProducerConsumer);
    let produced: Vec<f32> = (0..n).map(|i| ramp(i, RAMP) + 1.0).collect();
    let f = checked(gpu, &produced, Evicted, rounds, "the consumer's sum", |y| {
        prodcons_sum(y) == produced_sum(n)
    })?;
    push(Workload::ProducerConsumer, HostAccess::Phase, Evicted, f);
    // The partial update's final check, on the values it holds after its rounds.
    let task = Workload::PartialUpdate.task(None);
    let (last, reuse) = (task.rounds, task.reuse as u32);
    let x = partial_final_data(size(Workload::PartialUpdate), last, reuse);
    let f = checked(
        gpu,
        &x,
        Evicted,
        rounds,
        "the partial update's final check",
        |x| partial_mismatches(x, last, reuse) == 0,
    )?;
    push(Workload::PartialUpdate, HostAccess::Final, Evicted, f);
    Ok(out)
}

/// [`probe::fault_scale`] of a workload's code that says whether its own check passed: a code
/// that found its data wrong may have stopped early, so its time would not be the workload's.
fn checked<T: Elem + PartialEq>(
    gpu: &Gpu,
    data: &[T],
    plain: probe::PlainCache,
    rounds: u32,
    what: &str,
    mut code: impl FnMut(&mut [T]) -> bool,
) -> Result<probe::FaultScaleSamples, BenchError> {
    let mut right = true;
    let samples = probe::fault_scale(gpu, data, plain, rounds, |x| right &= code(x))?;
    if !right {
        return Err(BenchError::Config(format!(
            "{what}: the code's own check failed on the data it was given"
        )));
    }
    Ok(samples)
}

/// The compute-bound task's outputs as its final check finds them: the right mix where the check
/// looks (4096 elements spread over the buffer), the inputs elsewhere (the mix of every element
/// would take the CPU minutes).
fn compute_checked_outputs(n: usize) -> Vec<u32> {
    let mut y: Vec<u32> = (0..n).map(|i| compute_input(i, 0)).collect();
    for i in (0..n).step_by((n / 4096).max(1)) {
        y[i] = compute_mix(compute_input(i, 0), COMPUTE_ROUNDS);
    }
    y
}

/// The sum of `n` produced elements (`ramp + 1`, whole numbers: exact in f64).
fn produced_sum(n: usize) -> f64 {
    ramp_sum(n, RAMP) as f64 + n as f64
}

/// The partial update's buffer of `n` floats after `rounds` rounds of `reuse` passes each.
fn partial_final_data(n: usize, rounds: u32, reuse: u32) -> Vec<f32> {
    let mut x: Vec<f32> = (0..n).map(|i| ramp(i, RAMP)).collect();
    for r in 0..rounds {
        partial_cpu(&mut x, r);
        x.iter_mut().for_each(|v| *v += reuse as f32);
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fault_scale_codes_pass_their_own_checks_on_the_data_they_are_given() {
        let n = 64 * PAGE_FLOATS;
        let mut y = compute_checked_outputs(n);
        assert!(compute_final_check(&y, 0).is_some());
        y[0] ^= 1;
        assert!(
            compute_final_check(&y, 0).is_none(),
            "the check looks at element 0"
        );
        let x = partial_final_data(n, 4, 1);
        assert_eq!(partial_mismatches(&x, 4, 1), 0);
        assert_ne!(partial_mismatches(&x, 3, 1), 0);
        let produced: Vec<f32> = (0..n).map(|i| ramp(i, RAMP) + 1.0).collect();
        assert_eq!(prodcons_sum(&produced), produced_sum(n));
    }

    #[test]
    fn the_partial_update_touches_a_tenth_of_the_pages_and_checks_exactly() {
        let n = 100 * PAGE_FLOATS;
        let mut x: Vec<f32> = (0..n).map(|i| ramp(i, RAMP)).collect();
        for round in 0..4 {
            partial_cpu(&mut x, round);
            for v in &mut x {
                *v += 1.0;
            }
        }
        assert_eq!(partial_mismatches(&x, 4, 1), 0);
        let touched = (0..100).filter(|p| partial_touched(*p)).count();
        assert_eq!(touched, 10);
        x[5] += 1.0;
        assert_eq!(partial_mismatches(&x, 4, 1), 1);
    }

    #[test]
    fn the_compute_check_catches_a_wrong_element() {
        let n = 8192;
        let y: Vec<u32> = (0..n)
            .map(|i| compute_mix(compute_input(i, 3), COMPUTE_ROUNDS))
            .collect();
        assert!(compute_final_check(&y, 3).is_some());
        let mut bad = y.clone();
        bad[0] ^= 1;
        assert!(compute_final_check(&bad, 3).is_none());
        assert!(
            compute_final_check(&y, 2).is_none(),
            "inputs of another round"
        );
    }

    #[test]
    fn step_times_number_rounds_as_the_explanation_does() {
        // Seed 001 under managed-prefetch: the three prefetches to the device and the table's back
        // to the host belong to round 1 (GPU first), the output's last prefetch to the final access.
        let task = Workload::Seed001.task(None);
        let steps: Vec<(Step, f64)> = task
            .steps(Policy::ManagedPrefetch)
            .into_iter()
            .map(|s| (s, 1.5))
            .collect();
        let rows = step_rows(&task, Policy::ManagedPrefetch, 1, 7, &steps);
        let lines: Vec<&str> = rows.lines().collect();
        assert_eq!(lines.len(), steps.len());
        assert_eq!(
            lines[0],
            "seed-001,managed-prefetch,1,7,0,1,prefetch,table,device,1.50000"
        );
        assert_eq!(
            lines[2],
            "seed-001,managed-prefetch,1,7,2,1,prefetch,out,device,1.50000"
        );
        assert_eq!(lines[3], "seed-001,managed-prefetch,1,7,3,1,gpu,,,1.50000");
        assert_eq!(
            lines[4],
            "seed-001,managed-prefetch,1,7,4,1,prefetch,table,host,1.50000"
        );
        assert_eq!(lines[5], "seed-001,managed-prefetch,1,7,5,1,cpu,,,1.50000");
        assert!(lines[6].starts_with("seed-001,managed-prefetch,1,7,6,2,prefetch,table,device,"));
        let n = lines.len();
        assert_eq!(
            lines[n - 2],
            format!(
                "seed-001,managed-prefetch,1,7,{},final,prefetch,out,host,1.50000",
                n - 2
            )
        );
        assert_eq!(
            lines[n - 1],
            format!(
                "seed-001,managed-prefetch,1,7,{},final,cpu_final,,,1.50000",
                n - 1
            )
        );
    }

    #[test]
    fn workloads_scale_their_buffers_for_small_runs() {
        let t = Workload::Seed001.task(Some(1 << 20));
        assert!(t.buffers.iter().all(|b| b.bytes == 1 << 20));
        assert_eq!(
            Workload::ComputeBound.task(None),
            workloads::compute_bound()
        );
    }
}
