//! A CPU-only stand-in for the device behind [`Backend`], for tests of what surrounds the
//! measurements: `--resume`, the CSV and its facts, errors, calibration's fit. It writes, for each
//! block, rows shaped as the real groups write them (the same cells where a fit reads them, the
//! same last cell `--resume` looks for, the handoff's trial-by-trial order) with deterministic
//! synthetic times, and injects faults: the process killed after N rows (optionally in the middle
//! of writing the next one), a GPU error in the middle of a block, failed checks.
//!
//! Test-only (`cfg(test)`): it is no backend anyone should measure with, and keeping it out of the
//! public API keeps the library's surface small (issue 12); the tests that use it are this
//! crate's own (`crate::interrupted`), which `cargo test` runs without a GPU.

use std::io::Write;
use std::path::PathBuf;

use super::{
    expected_cells, group_trials, handoff_side_trials, Backend, BenchConfig, BenchError, Block,
    CellSpec, Group, Output, Sink, Trial,
};
use crate::gpu::GpuError;
use umodel_core::platform::{Platform, RunFacts};
use umodel_core::policy::Policy;
use umodel_core::schema::{Case, HandoffCase};
use umodel_core::table::Row;

/// A case by its text: the fake lists the suite's cells as data. Every row it writes is read back
/// through the CSV reader, which checks each case against the schema, so a misspelling fails the
/// tests that use the fake.
#[derive(Debug)]
struct Named(Group, String);

impl Case for Named {
    fn group(&self) -> Group {
        self.0
    }
    fn text(&self) -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Owned(self.1.clone())
    }
}

/// A [`Named`] case that lives as long as the test (the fake's cell specs borrow their case).
fn named(g: Group, case: &str) -> &'static Named {
    Box::leak(Box::new(Named(g, case.to_string())))
}

/// The environment variable that marks a test's child process, the only place a [`Fault::Kill`]
/// or [`Fault::KillAtStart`] may end the process (in the test harness itself it would end every test).
pub(crate) const CHILD_ENV: &str = "UMODEL_FAKE_KILL_CHILD";

/// The exit status of a killed child (128 + SIGKILL, as a shell reports it).
pub(crate) const KILLED: i32 = 137;

/// Something that goes wrong.
pub(crate) enum Fault {
    /// The process dies, as under SIGKILL (no destructor, no flush, no error path), once this
    /// many rows are written: before the next row, or at the end of the run when there is none.
    /// `torn`: it dies in the middle of writing the next row (a part of it is in the file).
    Kill { after_rows: usize, torn: bool },
    /// The process dies while the device is being opened, before anything is written.
    KillAtStart,
    /// The GPU layer fails once this many rows are written, wherever the block has got to. Any
    /// [`GpuError`] but `Driver`: a cudarc `DriverError` formats itself by calling into libcuda,
    /// which a machine without a GPU lacks (H200.md, pitfall 6); the bookkeeping treats every
    /// variant alike.
    GpuError { after_rows: usize, error: GpuError },
    /// Rows this picks fail their check: written with `check = failed` and a time 50 times
    /// the right one (a wrong answer's time must never reach a fit).
    FailCheck(Box<dyn Fn(&Row) -> bool>),
    /// Rows this picks take `factor` times as long, their checks passing: a cell that waited on
    /// something else (H200 run39's no-op prefetch to the host, NOTES.md "The migration probe").
    Slow(Box<dyn Fn(&Row) -> bool>, f64),
}

/// The fake device.
pub(crate) struct Fake {
    faults: Vec<Fault>,
    /// Rows written by this process.
    written: usize,
    /// The CSV (for a torn write).
    csv: Option<PathBuf>,
}

impl Fake {
    pub(crate) fn new(faults: Vec<Fault>) -> Fake {
        Fake {
            faults,
            written: 0,
            csv: None,
        }
    }

    /// Ends the process as SIGKILL would, `last` being the last thing it does; only in a
    /// test's child process.
    fn die(last: impl FnOnce()) -> ! {
        assert!(
            std::env::var_os(CHILD_ENV).is_some(),
            "a kill fault ends the process: only in a child process ({CHILD_ENV})"
        );
        last();
        std::process::exit(KILLED)
    }

    /// Dies here if a kill is due (`next`: the row about to be written, if any).
    fn maybe_killed(&self, next: Option<&Row>) {
        for f in &self.faults {
            if let Fault::Kill { after_rows, torn } = *f {
                if self.written == after_rows {
                    Self::die(|| {
                        if torn {
                            self.write_torn(next)
                        }
                    });
                }
            }
        }
    }

    /// Appends the first part of `next` (or of a row like it) to the CSV, as a write cut short.
    fn write_torn(&self, next: Option<&Row>) {
        let Some(p) = &self.csv else { return };
        let text = match next {
            Some(r) => format!(
                "{},{},{},{},{},,,{},{}",
                r.group, r.policy, r.case, r.pattern, r.bytes, r.trial, r.time_ms
            ),
            None => "handoff,explicit-copy,alternating,,16777216,,1,9,12.3".into(),
        };
        let cut = &text[..text.len() / 2];
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(p)
            .expect("the CSV exists once rows were written");
        f.write_all(cut.as_bytes()).expect("torn write");
    }

    fn gpu_error(&mut self) -> Option<GpuError> {
        let i = self.faults.iter().position(
            |f| matches!(f, Fault::GpuError { after_rows, .. } if *after_rows == self.written),
        )?;
        match self.faults.remove(i) {
            Fault::GpuError { error, .. } => Some(error),
            _ => unreachable!(),
        }
    }

    fn fails(&self, r: &Row) -> bool {
        self.faults
            .iter()
            .any(|f| matches!(f, Fault::FailCheck(pick) if pick(r)))
    }
}

/// The platform the fake says it is.
pub(crate) fn platform() -> Platform {
    Platform {
        label: "fake".into(),
        gpu: "umodel fake GPU (tests, no device)".into(),
        compute_capability: "0.0".into(),
        sm_count: Some(1),
        l2_bytes: Some(60 << 20),
        memory_bytes: Some(16 << 30),
        driver_version: "0".into(),
        cuda_version: "0.0".into(),
        link: "none".into(),
        host_cpu: "fake CPU".into(),
        host_cpus: Some(1),
        numa_nodes: Some(1),
        host_l3_bytes: None,
        host_kernel: String::new(),
        ..Platform::default()
    }
}

impl Backend for Fake {
    fn start(&mut self, cfg: &BenchConfig, facts: &mut RunFacts) -> Result<(), BenchError> {
        if self.faults.iter().any(|f| matches!(f, Fault::KillAtStart)) {
            Self::die(|| ());
        }
        self.csv = match &cfg.out {
            Output::File(p) => Some(p.clone()),
            Output::Stdout => None,
        };
        facts.platform = platform();
        facts.conditions.insert(
            "backend".into(),
            "fake: synthetic times, no device (tests)".into(),
        );
        Ok(())
    }

    fn run_block(
        &mut self,
        block: &Block,
        cfg: &BenchConfig,
        _budget_scale: f64,
        sink: &mut Sink<'_>,
    ) -> Result<(), BenchError> {
        let rows = rows(block, cfg);
        for (i, mut r) in rows.iter().cloned().enumerate() {
            self.maybe_killed(Some(&r));
            if let Some(e) = self.gpu_error() {
                return Err(e.into());
            }
            if self.fails(&r) {
                r.check = umodel_core::table::Check::Failed;
                r.time_ms *= 50.0;
            }
            for f in &self.faults {
                if let Fault::Slow(pick, factor) = f {
                    if pick(&r) {
                        r.time_ms *= factor;
                    }
                }
            }
            let failed = r.check == umodel_core::table::Check::Failed;
            let note = format!(
                "check FAILED: {} {} {} {} bytes trial {}",
                r.group, r.policy, r.case, r.bytes, r.trial
            );
            sink.push(r)?;
            self.written += 1;
            // One note per failed trial, naming its first row (the alternation of a handoff
            // trial, whose stages share its check).
            if failed && (i == 0 || !self.fails(&rows[i - 1])) {
                sink.note(&note);
            }
        }
        Ok(())
    }

    fn conditions(&self) -> std::collections::BTreeMap<String, String> {
        // The end of the run: a kill after the last row lands here (before the facts are
        // finished and the model fitted).
        self.maybe_killed(None);
        Default::default()
    }
}

/// Milliseconds to move `bytes` at `gbps` (10⁹ B/s), plus 5 µs.
fn ms(bytes: u64, gbps: f64) -> f64 {
    0.005 + bytes as f64 / (gbps * 1e6)
}

/// The managed group's host reads on 4, 8 and 16 threads: the plain read 3×, 5× and 8× faster
/// than one thread's (20 GB/s), the fault-back 0.75, 0.65 and about half of one thread's
/// (9 GB/s on migrated pages; the H200's share at 16 threads, calibration/h200/run142/sides.txt).
fn wide_reads(b: u64) -> Vec<(CellSpec<'static>, f64)> {
    use Policy::{Managed, Pageable};
    [
        (Pageable, "cpu_read_heap_4t", 60.0),
        (Managed, "cpu_read_migrated_4t", 16.0),
        (Pageable, "cpu_read_heap_8t", 100.0),
        (Managed, "cpu_read_migrated_8t", 20.0),
        (Pageable, "cpu_read_heap_wide", 160.0),
        (Managed, "cpu_read_migrated_wide", 27.0),
    ]
    .into_iter()
    .map(|(p, case, gbps)| {
        (
            CellSpec::new(named(Group::Managed, case), p, b).useful(2 * b),
            ms(2 * b, gbps),
        )
    })
    .collect()
}

/// A deterministic spread of ±0.8 % over trials (the same for a trial index in any run).
fn jitter(t: u32) -> f64 {
    1.0 + 0.004 * [0.0, 1.0, -1.0, 2.0, -2.0][t as usize % 5]
}

/// A cell's trials, cell by cell: (spec, trials, time of one at trial 0, movement).
fn cells(out: &mut Vec<Row>, specs: &[(CellSpec<'_>, f64)], trials: u32) {
    for (spec, t0) in specs {
        for t in 0..trials {
            out.push(spec.row(Trial::timed(t, t0 * jitter(t), true)));
        }
    }
}

/// Trial by trial: every cell's trial 0, then every cell's trial 1, … (as the prefetch group and
/// the managed group's CPU updates write them).
fn trial_major(out: &mut Vec<Row>, specs: &[(CellSpec<'_>, f64)], trials: u32) {
    for t in 0..trials {
        for (spec, t0) in specs {
            out.push(spec.row(Trial::timed(t, t0 * jitter(t), true)));
        }
    }
}

/// The rows a block writes, in order, trials numbered from 0.
pub(crate) fn rows(block: &Block, cfg: &BenchConfig) -> Vec<Row> {
    use Policy::*;
    let mut out = Vec::new();
    let g = block.group();
    let trials = group_trials(cfg, g);
    let c = |p, case, b| CellSpec::new(named(g, case), p, b);
    match *block {
        Block::Hbm { bytes: b } => cells(
            &mut out,
            &[
                (c(Device, "triad", b).useful(3 * b), ms(3 * b, 4000.0)),
                (c(Device, "copy", b).useful(2 * b), ms(2 * b, 3900.0)),
                (c(Device, "inplace", b).useful(2 * b), ms(2 * b, 4000.0)),
                (c(Device, "read", b).useful(b), ms(b, 3800.0)),
                (
                    c(Device, "random", b).pattern("random").useful(b),
                    ms(b, 150.0),
                ),
                (c(Device, "d2d", b).useful(2 * b), ms(2 * b, 4100.0)),
                (c(Device, "launch", b), 0.012),
            ],
            trials,
        ),
        Block::HostMapped { bytes: b } => cells(
            &mut out,
            &[
                (c(HostMapped, "read", b).useful(b), ms(b, 50.0)),
                (c(HostMapped, "inplace", b).useful(2 * b), ms(2 * b, 80.0)),
                (c(HostMapped, "write", b).useful(b), ms(b, 50.0)),
                (
                    c(HostMapped, "random", b).pattern("random").useful(b),
                    ms(b, 5.0),
                ),
                // Random reads and an in-place stream: 10 % above the two apart.
                (
                    c(HostMapped, "random-inplace", b)
                        .pattern("random")
                        .useful(3 * b),
                    1.1 * (ms(b, 5.0) + ms(2 * b, 80.0)),
                ),
                (c(HostMapped, "triad", b).useful(3 * b), ms(3 * b, 74.0)),
            ],
            trials,
        ),
        Block::Transfer { bytes: b } => cells(
            &mut out,
            &[
                (c(ExplicitCopy, "h2d", b).useful(b), ms(b, 55.0)),
                (c(ExplicitCopy, "d2h", b).useful(b), ms(b, 55.0)),
                (
                    c(ExplicitCopy, "cpu_update", b).useful(2 * b),
                    ms(2 * b, 15.0),
                ),
                (c(Pageable, "h2d", b).useful(b), ms(b, 7.0)),
                (c(Pageable, "d2h", b).useful(b), ms(b, 11.0)),
            ],
            trials,
        ),
        Block::Prefetch { bytes: b } => {
            // The sequence first, as the GPU path measures it: the second prefetch 20 % dearer
            // on average, the no-op a little above the settled one, the read-mostly buffer's
            // duplication at 60 % of the plain prefetch's rate (2.38 ms against 1.45 for 64 MiB
            // on the H200, calibration/h200/run117/steps.txt).
            trial_major(
                &mut out,
                &[
                    (c(ManagedPrefetch, "seq_first", b).useful(b), ms(b, 49.0)),
                    (
                        c(ManagedPrefetch, "seq_next", b).useful(b),
                        1.2 * ms(b, 49.0),
                    ),
                    (c(ManagedPrefetch, "seq_noop", b).useful(b), 0.03),
                    (
                        c(ManagedAdvisePrefetch, "read_mostly_to_device", b).useful(b),
                        ms(b, 29.0),
                    ),
                ],
                trials * super::SEQUENCE_TRIALS,
            );
            trial_major(
                &mut out,
                &[
                    (c(ManagedPrefetch, "to_device_resident", b).useful(b), 0.02),
                    (c(ManagedPrefetch, "to_host_resident", b).useful(b), 0.02),
                    (c(ManagedPrefetch, "to_host_read", b).useful(b), ms(b, 8.0)),
                    (c(ManagedPrefetch, "host_read", b).useful(b), ms(b, 12.0)),
                    (c(ManagedPrefetch, "to_device", b).useful(b), ms(b, 49.0)),
                    (c(ManagedPrefetch, "to_host", b).useful(b), ms(b, 10.0)),
                ],
                trials,
            )
        }
        Block::Managed { bytes: b } => {
            // What faulting in costs one float a thread over four (cold less reused, each).
            let scalar_pace =
                (ms(2 * b, 14.3) - ms(2 * b, 3000.0)) / (ms(2 * b, 20.0) - ms(2 * b, 3000.0));
            let mut passes = vec![
                (c(Managed, "cold", b).useful(2 * b), ms(2 * b, 20.0)),
                (c(Managed, "reused", b).useful(2 * b), ms(2 * b, 3000.0)),
                // Read-mostly advised after the fill: duplication 3× the speed of the same
                // advised before it (the H200, `run68`); the full plan measures both.
                (
                    c(ManagedAdvise, "read-mostly-after-fill", b).useful(b),
                    ms(b, 15.0),
                ),
                (
                    c(ManagedAdvise, "advise-preferred-host", b).useful(2 * b),
                    ms(2 * b, 80.0),
                ),
                (c(ManagedAdvise, "mapped-read", b).useful(b), ms(b, 45.0)),
                (c(ManagedAdvise, "mapped-write", b).useful(b), ms(b, 45.0)),
                (
                    c(ManagedAdvise, "mapped-inplace", b).useful(2 * b),
                    ms(2 * b, 75.0),
                ),
            ];
            if !cfg.lean {
                passes.insert(
                    1,
                    (
                        c(ManagedPrefetch, "prefetched", b).useful(2 * b),
                        ms(2 * b, 3000.0),
                    ),
                );
                passes.insert(
                    3,
                    (
                        c(ManagedAdvise, "advise-read-mostly", b).useful(b),
                        ms(b, 5.0),
                    ),
                );
            }
            passes.extend([
                (c(Device, "read", b).useful(b), ms(b, 3800.0)),
                (
                    c(Device, "resident-random", b).pattern("random").useful(b),
                    ms(b, 150.0),
                ),
                (
                    c(Managed, "cold-random", b).pattern("random").useful(b),
                    ms(b, 2.0),
                ),
                (
                    c(ManagedAdvise, "read-mostly-random-after-fill", b)
                        .pattern("random")
                        .useful(b),
                    ms(b, 4.5),
                ),
                // A kernel of 4 ms per 64 MiB, one float a thread, waiting for 0.8 of the faults
                // it could hide: the streaming pass's faults alone (10 GB/s: the 6.7 ms of the
                // cold pass above) at the pace of one float a thread (the scalar cells below).
                (
                    c(Managed, "compute-cold", b).useful(2 * b),
                    ms(2 * b, 20.0) * scalar_pace + 0.8 * (b as f64 / 16_777_216.0),
                ),
                (
                    c(Managed, "compute-resident", b).useful(2 * b),
                    b as f64 / 16_777_216.0,
                ),
                (
                    c(Managed, "compute-faults", b).useful(2 * b),
                    ms(2 * b, 20.0),
                ),
                // Faults under one float a thread: 40 % slower than the streaming pass's.
                (c(Managed, "cold-scalar", b).useful(2 * b), ms(2 * b, 14.3)),
                (
                    c(Managed, "reused-scalar", b).useful(2 * b),
                    ms(2 * b, 3000.0),
                ),
                // After one thread's writes: as after every core's (a fast link, run308).
                (
                    c(Managed, "cold-scalar-one-thread", b).useful(2 * b),
                    ms(2 * b, 14.3),
                ),
            ]);
            if !cfg.lean {
                passes.push((
                    c(ManagedAdvise, "read-mostly-random", b)
                        .pattern("random")
                        .useful(b),
                    ms(b, 1.5),
                ));
            }
            cells(&mut out, &passes, trials);
            sparse(&mut out, b, trials);
            trial_major(
                &mut out,
                &[
                    (
                        c(Pageable, "cpu_write_heap", b).useful(2 * b),
                        ms(2 * b, 15.0),
                    ),
                    (
                        c(Managed, "cpu_write_resident", b).useful(2 * b),
                        ms(2 * b, 15.0),
                    ),
                    (c(Managed, "cpu_write", b).useful(2 * b), ms(2 * b, 8.0)),
                    (
                        c(ManagedPrefetch, "cpu_write_prefetched", b).useful(2 * b),
                        ms(2 * b, 10.0),
                    ),
                    (
                        c(Pageable, "cpu_read_heap", b).useful(2 * b),
                        ms(2 * b, 20.0),
                    ),
                    (
                        c(Managed, "cpu_read_migrated", b).useful(2 * b),
                        ms(2 * b, 9.0),
                    ),
                ]
                .into_iter()
                .chain(wide_reads(b))
                .collect::<Vec<_>>(),
                trials,
            );
        }
        Block::ManagedHost { bytes: b } => {
            trial_major(&mut out, &wide_reads(b), trials);
        }
        Block::Handoff { policy, bytes: b } => handoff(&mut out, cfg, policy, b),
        // Groups no calibration plan runs: their last cell, which is what `--resume` reads.
        Block::Pattern { .. }
        | Block::Task { .. }
        | Block::Peer { .. }
        | Block::Contention { .. }
        | Block::Oversub => {
            for (k, n) in expected_cells(block, cfg) {
                for t in 0..n {
                    let mut r = Row::of(
                        &Named(k.group, k.case.clone()),
                        k.policy,
                        k.bytes,
                        t,
                        jitter(t),
                    );
                    r.pattern = k.pattern.clone();
                    r.reuse = k.reuse;
                    out.push(r);
                }
            }
        }
    }
    out
}

/// The sparse touches as `Runner::sparse` writes them, trial by trial: a fault per page touched
/// (one in ten), 6 µs on the CPU and 4.5 µs on the GPU (the H200's were 6–9 and 4–5 µs,
/// calibration/h200/run100/sparse.txt).
fn sparse(out: &mut Vec<Row>, b: u64, trials: u32) {
    use Policy::*;
    let pages = b as f64 / 4096.0 / 10.0;
    let heap = ms(2 * b / 10, 15.0);
    let c = |p, case, b| CellSpec::new(named(Group::Managed, case), p, b);
    let page = |p, case| c(p, case, b).pattern("page:40960").useful(b / 10);
    trial_major(
        out,
        &[
            (page(Pageable, "cpu_write_sparse_heap"), heap),
            (page(Managed, "cpu_write_sparse"), heap + 0.006 * pages),
            (
                page(Managed, "sparse-refault"),
                ms(2 * b, 4000.0) + 0.0045 * pages,
            ),
            (
                c(Managed, "sparse-resident", b).useful(2 * b),
                ms(2 * b, 4000.0),
            ),
        ],
        trials,
    );
    trial_major(out, &wide_sparse(b), trials);
}

/// The sparse writes on 4, 8 and 16 threads: on heap memory 3×, 5× and 8× one thread's rate; on
/// migrated pages the same plus the fault-back the fake's dense reads on as many threads pay for
/// the bytes moved ([`wide_reads`]) and 3, 2 and 1.5 µs per page, so that the fit gives those
/// exactly (`cpu_fault_run_4t` …).
fn wide_sparse(b: u64) -> Vec<(CellSpec<'static>, f64)> {
    use Policy::{Managed, Pageable};
    let runs = (b as f64 / 4096.0 / 10.0).ceil();
    let moved = 2.0 * (b / 10) as f64 / 1e6;
    let c = |p, case| {
        CellSpec::new(named(Group::Managed, case), p, b)
            .pattern("page:40960")
            .useful(b / 10)
    };
    let mut out = Vec::new();
    for (heap_case, case, rate, heap_read, migrated_read, run) in [
        (
            "cpu_write_sparse_heap_4t",
            "cpu_write_sparse_4t",
            3.0,
            60.0,
            16.0,
            0.003,
        ),
        (
            "cpu_write_sparse_heap_8t",
            "cpu_write_sparse_8t",
            5.0,
            100.0,
            20.0,
            0.002,
        ),
        (
            "cpu_write_sparse_heap_wide",
            "cpu_write_sparse_wide",
            8.0,
            160.0,
            27.0,
            0.0015,
        ),
    ] {
        let heap = ms(2 * b / 10, 15.0 * rate);
        let back = moved * (1.0 / migrated_read - 1.0 / heap_read);
        out.push((c(Pageable, heap_case), heap));
        out.push((c(Managed, case), heap + back + run * runs));
    }
    out
}

/// The handoff block as `handoff.rs` writes it: trial by trial, each R's alternation and its four
/// stages; then the `gpu_only` and `cpu_only` cells. Adaptive trials stop at their floor (the
/// fake's spread is small).
fn handoff(out: &mut Vec<Row>, cfg: &BenchConfig, policy: Policy, b: u64) {
    use Policy::*;
    let g = Group::Handoff;
    let trials = match (cfg.trials, cfg.adaptive) {
        (Some(t), _) => t.max(1),
        (None, Some(a)) => a.min_trials.max(1),
        (None, None) => group_trials(cfg, g),
    };
    let cpu = ms(2 * b, 15.0);
    // (movement in, one pass, movement out, the first pass's extra: faults)
    let (move_in, pass, move_out, fault) = match policy {
        ExplicitCopy => (ms(b, 55.0), ms(2 * b, 4000.0), ms(b, 55.0), 0.0),
        HostMapped => (0.002, ms(2 * b, 80.0), 0.002, 0.0),
        Managed => (0.002, ms(2 * b, 4000.0), 0.002, ms(b, 10.0)),
        ManagedPrefetch => (ms(b, 49.0), ms(2 * b, 4000.0), ms(b, 10.0), 0.0),
        ManagedAdvise => (0.002, ms(2 * b, 75.0), 0.002, 0.0),
        _ => (ms(b, 45.0), ms(2 * b, 4000.0), ms(b, 12.0), 0.0),
    };
    for t in 0..trials {
        let j = jitter(t);
        for &r in &cfg.reuse {
            let passes = fault + f64::from(r) * pass;
            let total = cpu + move_in + passes + move_out + 0.01;
            let spec = |case| CellSpec::new(named(g, case), policy, b).reuse(r);
            out.push(spec("alternating").row(Trial {
                index: t,
                time_ms: total * j,
                move_ms: Some((move_in + move_out) * j),
                ok: true,
            }));
            for (case, x) in [
                ("stage:cpu", cpu),
                ("stage:move_in", move_in),
                ("stage:passes", passes),
                ("stage:move_out", move_out),
            ] {
                out.push(spec(case).row(Trial::timed(t, x * j, true)));
            }
        }
    }
    let side = handoff_side_trials(cfg);
    cells(
        out,
        &[(
            CellSpec::new(&HandoffCase::GpuOnly, policy, b).useful(2 * b),
            pass,
        )],
        side,
    );
    cells(
        out,
        &[(
            CellSpec::new(&HandoffCase::CpuOnly, policy, b).useful(2 * b),
            cpu,
        )],
        side,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::calibrate::Plan;

    fn plan_cfg(plan: Plan) -> BenchConfig {
        BenchConfig {
            groups: Vec::new(),
            reuse: plan.reuse(),
            adaptive: Some(plan.adaptive()),
            blocks: Some(plan.blocks()),
            group_trials: plan.group_trials(),
            lean: plan == Plan::Minimal,
            ..BenchConfig::default()
        }
    }

    #[test]
    fn the_fake_ends_every_block_with_the_cell_resume_looks_for() {
        // Else a resumed run would measure finished blocks again and the interruption tests
        // would prove less than they say.
        for plan in Plan::ALL {
            let cfg = plan_cfg(plan);
            for block in plan.blocks() {
                let rows = rows(&block, &cfg);
                for (key, n) in expected_cells(&block, &cfg) {
                    let of_key: Vec<&Row> = rows.iter().filter(|r| r.key() == key).collect();
                    assert_eq!(of_key.len(), n as usize, "{}: {key:?}", block.label());
                    assert_eq!(rows.last().map(|r| r.key()), Some(key), "{}", block.label());
                }
                // No (cell, trial) twice within a block.
                let mut seen = std::collections::HashSet::new();
                for r in &rows {
                    assert!(seen.insert((r.key(), r.trial)), "{r:?}");
                }
            }
        }
    }
}
