//! Fitting the task terms: every calibration cell as an observation of one term or of several
//! ([`fit_task_terms`]: Huber loss, every term ≥ 0, with its covariance), and the shares and
//! references a fit measures beside them.

use super::*;

/// One calibration cell as an observation of one term (and, for joint cells, of others).
#[derive(Debug, Clone)]
struct Obs {
    term: TermId,
    bytes: u64,
    /// Whether the cell carries the term's latency (cells that are differences of two timings
    /// with the same launch overhead do not).
    lat: bool,
    /// Further terms in the same cell: (term, latency coefficient, GiB coefficient).
    more: Vec<(TermId, f64, f64)>,
    y: f64,
    se: f64,
    sd: f64,
    source: String,
}

impl Obs {
    /// An observation of one term: `(y, se, sd)` as the cell gives them.
    fn one(
        term: TermId,
        bytes: u64,
        lat: bool,
        (y, se, sd): (f64, f64, f64),
        source: String,
    ) -> Obs {
        Obs {
            term,
            bytes,
            lat,
            more: Vec::new(),
            y,
            se,
            sd,
            source,
        }
    }
}

/// Trials of the usable rows, by (group, policy, case, bytes): (trial, reuse, ms).
type Trials = BTreeMap<(Group, Policy, String, u64), Vec<(u32, Option<u32>, f64)>>;

fn collect_trials(t: &Table) -> Trials {
    let mut m: Trials = BTreeMap::new();
    for r in &t.rows {
        if r.time_ms.is_finite() {
            m.entry((r.group, r.policy, r.case.clone(), r.bytes))
                .or_default()
                .push((r.trial, r.reuse, r.time_ms));
        }
    }
    m
}

/// Each trial of `a` less the same trial of `b`, where `b` has it (cells measured side by side).
fn by_trial(a: &[(u32, Option<u32>, f64)], b: &[(u32, Option<u32>, f64)]) -> Vec<f64> {
    a.iter()
        .filter_map(|(t, _, x)| b.iter().find(|(u, _, _)| u == t).map(|(_, _, y)| x - y))
        .collect()
}

/// The mean of `v`, its standard error and one value's spread (standard deviation); `None` when
/// `v` is empty. For steps a task pays many times, whose slow spells its total carries.
fn mean_se(v: &[f64]) -> Option<(f64, f64, f64)> {
    if v.is_empty() {
        return None;
    }
    let (m, sd) = crate::stats::mean_and_sd(v);
    Some((m, sd / (v.len() as f64).sqrt(), sd))
}

/// One cell's trials less another's: (median, its standard error, the first cell's spread of one
/// trial). Paired by trial where `pair` (the two measured side by side) and at least three and half
/// the first's trials have a partner, else median less median.
fn less(
    a: &[(u32, Option<u32>, f64)],
    b: &[(u32, Option<u32>, f64)],
    pair: bool,
) -> Option<(f64, f64, f64)> {
    let paired = by_trial(a, b);
    if pair && paired.len() >= 3 && paired.len() * 2 >= a.len() {
        let s = Summary::of(&paired)?;
        return Some((s.median, s.se, s.sd));
    }
    let av: Vec<f64> = a.iter().map(|x| x.2).collect();
    let bv: Vec<f64> = b.iter().map(|x| x.2).collect();
    let (sa, sb) = (Summary::of(&av)?, Summary::of(&bv)?);
    Some((sa.median - sb.median, sa.se.hypot(sb.se), sa.sd))
}

struct Builder<'a> {
    trials: &'a Trials,
    obs: Vec<Obs>,
    /// Whether [`Builder::direct`] takes a cell's mean rather than its median: for steps a task
    /// pays many times, whose slow spells its total carries ([`mean_se`]). A prefetch
    /// runs at one of two speeds (64 MiB to the device in about 1.4 ms, in 4-6 ms one time in
    /// five to seven in the workloads): over run72's workloads the median of each row's movement
    /// lay within 0.7 ms of the sum of its steps' means and 2-7 ms above the sum of their medians
    /// (calibration/h200/run72/steps.txt, NOTES.md "Prefetches in sequence").
    mean: bool,
}

impl Builder<'_> {
    /// A cell's trials as an observation: (centre, its standard error, one trial's spread). The
    /// median (robust to a stray trial) unless [`Builder::mean`].
    fn center(&self, v: &[f64]) -> Option<(f64, f64, f64)> {
        if self.mean {
            mean_se(v)
        } else {
            Summary::of(v).map(|s| (s.median, s.se, s.sd))
        }
    }

    fn sizes(&self, case: &dyn Case, policy: Policy) -> Vec<u64> {
        let (group, case) = (case.group(), case.text());
        self.trials
            .keys()
            .filter(|(g, p, c, _)| *g == group && *p == policy && *c == case)
            .map(|k| k.3)
            .collect()
    }

    fn times(&self, case: &dyn Case, policy: Policy, bytes: u64) -> Vec<(u32, Option<u32>, f64)> {
        self.trials
            .get(&(case.group(), policy, case.text().into_owned(), bytes))
            .cloned()
            .unwrap_or_default()
    }

    /// A cell as it is.
    fn direct(&mut self, term: TermId, case: &dyn Case, policy: Policy) {
        for bytes in self.sizes(case, policy) {
            let v: Vec<f64> = self
                .times(case, policy, bytes)
                .iter()
                .map(|x| x.2)
                .collect();
            if let Some(c) = self.center(&v) {
                self.obs.push(Obs::one(
                    term,
                    bytes,
                    true,
                    c,
                    format!(
                        "{}/{} {policy} {}",
                        case.group(),
                        case.text(),
                        crate::units::format_size(bytes)
                    ),
                ));
            }
        }
    }

    /// The mean over trials of a cell less another measured beside it in the same trial (a step
    /// paid many times, with latency: the two differ by where the call falls, not by bytes).
    fn mean_beyond(&mut self, term: TermId, case: &dyn Case, base: &dyn Case, policy: Policy) {
        for bytes in self.sizes(case, policy) {
            let d = by_trial(
                &self.times(case, policy, bytes),
                &self.times(base, policy, bytes),
            );
            let Some(c) = mean_se(&d).filter(|_| d.len() >= 3) else {
                continue;
            };
            self.obs.push(Obs::one(
                term,
                bytes,
                true,
                c,
                format!(
                    "{}/{} − {} {}",
                    case.group(),
                    case.text(),
                    base.text(),
                    crate::units::format_size(bytes)
                ),
            ));
        }
    }

    /// A cell less another at the same size: paired by trial where both have the trial (they were
    /// measured side by side), else median less median.
    fn difference(
        &mut self,
        term: TermId,
        case: &dyn Case,
        policy: Policy,
        base: &dyn Case,
        base_policy: Policy,
    ) -> bool {
        let mut any = false;
        for bytes in self.sizes(case, policy) {
            let a = self.times(case, policy, bytes);
            let b = self.times(base, base_policy, bytes);
            if b.is_empty() {
                continue;
            }
            let Some(d) = less(&a, &b, case.group() == base.group()) else {
                continue;
            };
            self.obs.push(Obs::one(
                term,
                bytes,
                false,
                d,
                format!(
                    "{}/{} − {}/{} {}",
                    case.group(),
                    case.text(),
                    base.group(),
                    base.text(),
                    crate::units::format_size(bytes)
                ),
            ));
            any = true;
        }
        any
    }

    /// Handoff stage rows of `policy` (all R), optionally less `r_times` GPU-only passes; whether
    /// it found any.
    fn stage(&mut self, term: TermId, policy: Policy, stage: Stage, less_passes: bool) -> bool {
        let before = self.obs.len();
        let stage = HandoffCase::Stage(stage);
        for bytes in self.sizes(&stage, policy) {
            let rows = self.times(&stage, policy, bytes);
            let g = if less_passes {
                let v: Vec<f64> = self
                    .times(&HandoffCase::GpuOnly, policy, bytes)
                    .iter()
                    .map(|x| x.2)
                    .collect();
                match Summary::of(&v) {
                    Some(s) => Some(s),
                    None => continue,
                }
            } else {
                None
            };
            let mut by_r: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
            for (_, r, x) in rows {
                if let Some(r) = r {
                    by_r.entry(r).or_default().push(x);
                }
            }
            for (r, v) in by_r {
                let Some(s) = Summary::of(&v) else { continue };
                let (y, se) = match g {
                    Some(g) => (s.median - r as f64 * g.median, s.se.hypot(r as f64 * g.se)),
                    None => (s.median, s.se),
                };
                self.obs.push(Obs::one(
                    term,
                    bytes,
                    !less_passes,
                    (y, se, s.sd),
                    format!(
                        "handoff/{} {policy} {} R={r}",
                        stage.name(),
                        crate::units::format_size(bytes)
                    ),
                ));
            }
        }
        self.obs.len() > before
    }

    /// The part of each handoff alternation outside its timed stages: launch, synchronisation and
    /// the loop around them.
    fn handoff_rest(&mut self) {
        let mut cells: BTreeMap<(Policy, u64, u32), BTreeMap<u32, [f64; 6]>> = BTreeMap::new();
        const CASES: [&str; 5] = [
            HandoffCase::ALL[0].name(),
            HandoffCase::ALL[1].name(),
            HandoffCase::ALL[2].name(),
            HandoffCase::ALL[3].name(),
            HandoffCase::ALL[4].name(),
        ];
        for ((g, p, c, b), v) in self.trials {
            if *g != HandoffCase::GROUP {
                continue;
            }
            let Some(k) = CASES.iter().position(|x| x == c) else {
                continue;
            };
            for &(t, r, x) in v {
                let Some(r) = r else { continue };
                let e = cells
                    .entry((*p, *b, r))
                    .or_default()
                    .entry(t)
                    .or_insert([f64::NAN; 6]);
                e[k] = x;
            }
        }
        for ((p, b, r), trials) in cells {
            let rest: Vec<f64> = trials
                .values()
                .filter(|v| v[..5].iter().all(|x| x.is_finite()))
                .map(|v| v[0] - v[1] - v[2] - v[3] - v[4])
                .collect();
            if let Some(s) = Summary::of(&rest) {
                self.obs.push(Obs::one(
                    TermId::Sync,
                    b,
                    true,
                    (s.median, s.se, s.sd),
                    format!("handoff rest {p} {} R={r}", crate::units::format_size(b)),
                ));
            }
        }
    }
}

impl Builder<'_> {
    /// A cell less another of the same group and size, paired by trial, with the term's latency
    /// (the pair differs by a call, not only by bytes).
    fn difference_with_latency(
        &mut self,
        term: TermId,
        case: &dyn Case,
        policy: Policy,
        base: &dyn Case,
        base_policy: Policy,
    ) -> bool {
        let before = self.obs.len();
        self.difference(term, case, policy, base, base_policy);
        for o in &mut self.obs[before..] {
            o.lat = true;
        }
        self.obs.len() > before
    }

    /// A cell running two kinds of access at once less the cells running each alone, at the same
    /// size: what the two cost each other. The first part is paired by trial ([`less`]: the
    /// calibration alternates the two), the second median less median.
    fn beyond_sum(&mut self, term: TermId, case: &dyn Case, policy: Policy, parts: [&dyn Case; 2]) {
        for bytes in self.sizes(case, policy) {
            let (a, p) = (
                self.times(case, policy, bytes),
                self.times(parts[0], policy, bytes),
            );
            let q: Vec<f64> = self
                .times(parts[1], policy, bytes)
                .iter()
                .map(|x| x.2)
                .collect();
            let (Some((y, se, sd)), Some(q)) = (less(&a, &p, true), Summary::of(&q)) else {
                continue;
            };
            self.obs.push(Obs::one(
                term,
                bytes,
                false,
                (y - q.median, se.hypot(q.se), sd),
                format!(
                    "{}/{} − {} − {} {}",
                    case.group(),
                    case.text(),
                    parts[0].text(),
                    parts[1].text(),
                    crate::units::format_size(bytes)
                ),
            ));
        }
    }

    /// The sparse-touch cells: a tenth of the pages, each isolated, moved by faults. The cell less
    /// its baseline is `dense term × bytes moved + run term × pages`, one observation of both.
    fn sparse(
        &mut self,
        dense: TermId,
        run: TermId,
        case: ManagedCase,
        base_policy: Policy,
        bases: &[ManagedCase],
        paired: bool,
    ) {
        for bytes in self.sizes(&case, Policy::Managed) {
            let a = self.times(&case, Policy::Managed, bytes);
            // The first base measured at this size.
            let Some((base, b)) = bases
                .iter()
                .map(|c| (c, self.times(c, base_policy, bytes)))
                .find(|(_, t)| !t.is_empty())
            else {
                continue;
            };
            let d: Vec<f64> = if paired {
                by_trial(&a, &b)
            } else {
                let base = median(&b.iter().map(|x| x.2).collect::<Vec<_>>());
                match base {
                    Some(m) => a.iter().map(|x| x.2 - m).collect(),
                    None => continue,
                }
            };
            let Some(s) = Summary::of(&d) else { continue };
            let every = SPARSE_EVERY as f64;
            let moved = bytes as f64 / every;
            let runs = (bytes as f64 / 4096.0 / every).ceil();
            self.obs.push(Obs {
                more: vec![(run, runs, 0.0)],
                ..Obs::one(
                    dense,
                    moved as u64,
                    false,
                    (s.median, s.se, s.sd),
                    format!(
                        "managed/{} − {} {}",
                        case.name(),
                        base.name(),
                        crate::units::format_size(bytes)
                    ),
                )
            });
        }
    }
}

/// Fits the task terms jointly over every cell of `table` that measures one: the primitive groups
/// and the handoff's stages. `l2_bytes`: the GPU's L2, below which random reads are served by it and
/// say nothing of the link or of faults (those cells are left out where larger ones exist). `None`
/// when the table measures none of them.
pub fn fit_task_terms(table: &Table, l2_bytes: Option<u64>) -> Option<TaskTerms> {
    use Policy::*;
    use TermId::*;
    let trials = collect_trials(table);
    let mut b = Builder {
        trials: &trials,
        obs: Vec::new(),
        mean: false,
    };
    b.direct(CopyH2d, &TransferCase::H2d, ExplicitCopy);
    b.stage(CopyH2d, ExplicitCopy, Stage::MoveIn, false);
    b.direct(CopyD2h, &TransferCase::D2h, ExplicitCopy);
    b.stage(CopyD2h, ExplicitCopy, Stage::MoveOut, false);
    b.direct(PrefetchToDevice, &PrefetchCase::ToDevice, ManagedPrefetch);
    for p in [ManagedPrefetch, ManagedAdvisePrefetch] {
        b.stage(PrefetchToDevice, p, Stage::MoveIn, false);
    }
    // The prefetch sequence's terms, at their means (`Builder::mean`): the second of two
    // prefetches to the device beyond the first, trial by trial, and the no-op after them, which
    // prices the no-ops near a move (the workloads' met a slow spell in 4-20 % of the samples,
    // calibration/h200/run116/noop_steps.txt; mean 0.46 ms at 64 MiB against a median of 0.15,
    // calibration/h200/run72/steps.txt). Fitted on their own, after
    // the joint fit, whose robust scale all its cells share: so a calibration's other terms are
    // what they would be without the sequence, as earlier calibrations' are.
    let mut sequence = Builder {
        trials: &trials,
        obs: Vec::new(),
        mean: true,
    };
    sequence.mean_beyond(
        PrefetchNext,
        &PrefetchCase::SeqNext,
        &PrefetchCase::SeqFirst,
        ManagedPrefetch,
    );
    sequence.direct(
        PrefetchNoopAfterMove,
        &PrefetchCase::SeqNoop,
        ManagedPrefetch,
    );
    // A new allocation advised read-mostly and prefetched (a duplication), at its mean too, in a
    // fit of its own: its cells leave every other term as calibrations without them have it.
    let mut duplicate = Builder {
        trials: &trials,
        obs: Vec::new(),
        mean: true,
    };
    duplicate.direct(
        PrefetchDuplicate,
        &PrefetchCase::ReadMostlyToDevice,
        ManagedAdvisePrefetch,
    );
    // A prefetch to the host, as a program that alternates pays it: the prefetching handoffs'
    // `stage:move_out` (after the CPU's update and the GPU's passes, by events). On this machine
    // the step runs at one of two rates (64 MiB in about 4 or 6.5 ms, calibration/h200/run31),
    // and the prefetch group's round trips of one buffer met the fast one more often than the
    // handoff or the validation tasks did: from those round trips (the CPU read after the prefetch
    // less the same read of settled pages) the prefetching tasks came out 5.4 % off at the median
    // and 66 of 112 cells beyond 5 %, from the handoff's stages 4.3 % and 49 (six task runs,
    // NOTES.md, "Which side the migrating policies miss"). Calibrations without the stages fall
    // back to those round trips, then to a touch of one float a page (run17), then to the events.
    let mut staged = false;
    for p in [ManagedPrefetch, ManagedAdvisePrefetch] {
        staged |= b.stage(PrefetchToHost, p, Stage::MoveOut, false);
    }
    if !staged
        && !b.difference_with_latency(
            PrefetchToHost,
            &PrefetchCase::ToHostRead,
            ManagedPrefetch,
            &PrefetchCase::HostRead,
            ManagedPrefetch,
        )
        && !b.difference_with_latency(
            PrefetchToHost,
            &PrefetchCase::ToHostTouch,
            ManagedPrefetch,
            &PrefetchCase::HostTouch,
            ManagedPrefetch,
        )
    {
        b.direct(PrefetchToHost, &PrefetchCase::ToHost, ManagedPrefetch);
    }
    // The no-ops far from a move: settled pages (`prefetch_noop_after_move`, from the
    // sequence, prices those in a move's gap or the gap after it).
    b.direct(
        PrefetchNoop,
        &PrefetchCase::ToDeviceResident,
        ManagedPrefetch,
    );
    b.direct(PrefetchNoop, &PrefetchCase::ToHostResident, ManagedPrefetch);
    b.difference(
        FaultIn,
        &ManagedCase::Cold,
        Managed,
        &ManagedCase::Reused,
        Managed,
    );
    b.stage(FaultIn, Managed, Stage::Passes, true);
    // The same pass one float a thread, paired by trial: 2.5 ms per 64 MiB buffer slower on the
    // H200 than the streaming pass four floats a thread (calibration/h200/run69/pairs.txt). It
    // has a fixed cost a pass: 16 MiB cost more a byte than 64 MiB in 46 of the 62
    // calibrations of run70-run107, and through the origin the steadier 16 MiB cell set the rate
    // (calibration/h200/run105/scalar.txt; its latency has a prior, `LATENCY_PRIORS`).
    b.difference_with_latency(
        FaultInScalar,
        &ManagedCase::ColdScalar,
        Managed,
        &ManagedCase::ReusedScalar,
        Managed,
    );
    // The same pass after one thread rewrote the pages, in the same trials (since `run312`):
    // what a task that writes on one thread pays (rule M3).
    b.difference_with_latency(
        FaultInScalarOneThread,
        &ManagedCase::ColdScalarOneThread,
        Managed,
        &ManagedCase::ReusedScalar,
        Managed,
    );
    b.difference(
        FaultInRandom,
        &ManagedCase::ColdRandom,
        Managed,
        &ManagedCase::ResidentRandom,
        Device,
    );
    // Read-mostly duplication as the tasks advise: after the host's fill, where a calibration
    // measured it so (3–4× cheaper than on pages advised before the fill, `run68`); older
    // calibrations measured only the advice before the fill.
    let seq_after = b.difference(
        Duplicate,
        &ManagedCase::ReadMostlyAfterFill,
        ManagedAdvise,
        &ManagedCase::Read,
        Device,
    );
    if !seq_after
        && !b.difference(
            Duplicate,
            &ManagedCase::AdviseReadMostly,
            ManagedAdvise,
            &ManagedCase::Read,
            Device,
        )
    {
        b.difference(
            Duplicate,
            &ManagedCase::AdviseReadMostly,
            ManagedAdvise,
            &HbmCase::Read,
            Device,
        );
    }
    let random_after = b.difference(
        DuplicateRandom,
        &ManagedCase::ReadMostlyRandomAfterFill,
        ManagedAdvise,
        &ManagedCase::ResidentRandom,
        Device,
    );
    if !random_after {
        b.difference(
            DuplicateRandom,
            &ManagedCase::ReadMostlyRandom,
            ManagedAdvise,
            &ManagedCase::ResidentRandom,
            Device,
        );
    }
    // CPU first touches, against the same pass on plain memory measured beside them: a read pass
    // (the commonest first touch: tasks' CPU phases and final accesses mostly read what the GPU
    // made), else the update (older calibrations; those without a plain update beside it: against
    // host-resident managed pages).
    if !b.difference(
        CpuFaultBack,
        &ManagedCase::CpuReadMigrated,
        Managed,
        &ManagedCase::CpuReadHeap,
        Pageable,
    ) && !b.difference(
        CpuFaultBack,
        &ManagedCase::CpuWrite,
        Managed,
        &ManagedCase::CpuWriteHeap,
        Pageable,
    ) {
        b.difference(
            CpuFaultBack,
            &ManagedCase::CpuWrite,
            Managed,
            &ManagedCase::CpuWriteResident,
            Managed,
        );
    }
    // The same read on many threads, each against the plain read on as many, in the same trials,
    // with a fixed part: their cost per byte falls with the size (16 threads: 160 ms/GiB at 16
    // MiB, 78 at 64, calibration/h200/run160; the k-means's 16 threads paid 68 at 64 MiB and 40
    // at 256, run160/judge.txt), so they are measured up to 256 MiB (`managed host reads` blocks).
    for c in THREAD_COUNTS {
        let [heap, migrated] = c.read;
        b.difference_with_latency(c.dense, &migrated, Managed, &heap, Pageable);
    }
    if !b.difference(
        CpuAfterPrefetch,
        &ManagedCase::CpuWritePrefetched,
        ManagedPrefetch,
        &ManagedCase::CpuWriteHeap,
        Pageable,
    ) {
        b.difference(
            CpuAfterPrefetch,
            &ManagedCase::CpuWritePrefetched,
            ManagedPrefetch,
            &ManagedCase::CpuWriteResident,
            Managed,
        );
    }
    b.sparse(
        CpuFaultBack,
        CpuFaultRun,
        ManagedCase::CpuWriteSparse,
        Pageable,
        &[ManagedCase::CpuWriteSparseHeap],
        true,
    );
    // The same writes on many threads, beyond each count's dense term for the bytes moved: fitted
    // on their own after the joint fit, from its dense terms, so that a calibration's other terms
    // are what they would be without these cells (in the joint fit they moved the 16-thread
    // term's fixed part by up to 10 %, calibration/h200/run168's second calibration refitted).
    let mut sparse_wide = Builder {
        trials: &trials,
        obs: Vec::new(),
        mean: false,
    };
    for c in THREAD_COUNTS {
        let [heap, migrated] = c.write;
        sparse_wide.sparse(c.dense, c.run, migrated, Pageable, &[heap], true);
    }
    // The same pass on resident pages right after (since run100), else the managed group's.
    b.sparse(
        FaultIn,
        GpuFaultRun,
        ManagedCase::SparseRefault,
        Managed,
        &[ManagedCase::SparseResident, ManagedCase::Reused],
        false,
    );
    b.difference(
        CpuManaged,
        &ManagedCase::CpuWriteResident,
        Managed,
        &ManagedCase::CpuWriteHeap,
        Pageable,
    );
    b.direct(MapRead, &HostMappedCase::Read, HostMapped);
    b.direct(MapWrite, &HostMappedCase::Write, HostMapped);
    b.direct(MapReadWrite, &HostMappedCase::Inplace, HostMapped);
    b.direct(MapReadWrite, &HandoffCase::GpuOnly, HostMapped);
    b.direct(ManagedMapRead, &ManagedCase::MappedRead, ManagedAdvise);
    b.direct(ManagedMapWrite, &ManagedCase::MappedWrite, ManagedAdvise);
    b.direct(
        ManagedMapReadWrite,
        &ManagedCase::MappedInplace,
        ManagedAdvise,
    );
    b.direct(ManagedMapReadWrite, &HandoffCase::GpuOnly, ManagedAdvise);
    b.difference(
        MapGather,
        &HostMappedCase::Random,
        HostMapped,
        &HbmCase::Random,
        Device,
    );
    // Random reads and an in-place stream over the link in one kernel cost more than apart, where
    // random reads beside a read stream add up (H200, 64 MiB: 2.3–2.4 ms above the sum of 23.0 and
    // 1.7 ms; calibration/h200/run61, examples/link_gather.rs).
    b.beyond_sum(
        MapGatherWrite,
        &HostMappedCase::RandomInplace,
        HostMapped,
        [&HostMappedCase::Random, &HostMappedCase::Inplace],
    );
    b.direct(Sync, &HbmCase::Launch, Device);
    b.handoff_rest();
    // The plain update of one thread beside the managed cases; older calibrations only have the
    // handoff's own (which may run on every core).
    let before = b.obs.len();
    b.direct(CpuUpdate, &ManagedCase::CpuWriteHeap, Pageable);
    if b.obs.len() == before {
        b.direct(CpuUpdate, &TransferCase::CpuUpdate, ExplicitCopy);
    }
    b.direct(GpuPass, &HbmCase::Inplace, Device);
    b.direct(GpuPass, &HandoffCase::GpuOnly, ExplicitCopy);
    b.direct(GpuRead, &HbmCase::Read, Device);
    b.direct(GpuGather, &HbmCase::Random, Device);
    let under_compute = faults_under_compute(&b);
    let fault_back_threads = fault_back_threads(&b);
    let mut obs = b.obs;
    // Random reads of data that fit in the GPU's L2 mostly hit it after the first touch of a line:
    // they say nothing of the link or of faults where a larger size was measured.
    if let Some(l2) = l2_bytes {
        for t in [
            FaultInRandom,
            DuplicateRandom,
            MapGather,
            GpuGather,
            MapGatherWrite,
        ] {
            if obs.iter().any(|o| o.term == t && o.bytes > l2) {
                obs.retain(|o| o.term != t || o.bytes > l2);
            }
        }
    }
    if obs.is_empty() {
        return None;
    }
    let (fit, costs) = solve(&obs)?;
    let mut terms = TaskTerms {
        costs,
        under_compute,
        fault_back_threads,
        sparse: sparse_cells(&trials),
        duplication_after_fill: seq_after || random_after,
        link_under_faults: Some(LinkUnderFaults::MEASURED),
        pools: Vec::new(),
        from_pool: Vec::new(),
        // A property of the GPU, set where the model is compiled for queries.
        fault_runs_from_probe: false,
        before_probe: None,
        fit: TermFit {
            cells: obs.len() as u32,
            residual_scale: fit.scale,
            downweighted: obs
                .iter()
                .zip(&fit.weights)
                .filter(|(_, w)| **w < 0.5)
                .map(|(o, w)| (o.source.clone(), (w * 1000.0).round() / 1000.0))
                .collect(),
            pooled_over: 0,
        },
        noop_in_sequence: false,
    };
    let runs_beyond = runs_beyond_dense(sparse_wide.obs, &terms);
    let run_terms = THREAD_COUNTS.map(|c| c.run);
    for (obs, ids) in [
        (&sequence.obs, &[PrefetchNext, PrefetchNoopAfterMove][..]),
        (&duplicate.obs, &[PrefetchDuplicate][..]),
        (&runs_beyond, &run_terms[..]),
    ] {
        if let Some((_, apart)) = (!obs.is_empty()).then(|| solve(obs)).flatten() {
            for t in ids {
                if let Some(c) = apart[t.index()] {
                    terms.costs[t.index()] = Some(c);
                }
            }
            terms.fit.cells += obs.len() as u32;
        }
    }
    Some(terms)
}

/// Sparse-touch observations ([`Builder::sparse`]) less their dense term's per-byte part as
/// `terms` priced it, each now an observation of its run term alone; those whose dense term was
/// not fitted are left out.
fn runs_beyond_dense(obs: Vec<Obs>, terms: &TaskTerms) -> Vec<Obs> {
    obs.into_iter()
        .filter_map(|o| {
            let dense = terms.get(o.term)?;
            let run = o.more.first()?.0;
            Some(Obs {
                term: run,
                lat: false,
                y: o.y - dense.ms_per_gib * o.bytes as f64 / GIB,
                ..o
            })
        })
        .collect()
}

/// The sparse cells' medians at each size where both the CPU's and the GPU's were measured.
fn sparse_cells(trials: &Trials) -> Vec<SparseReference> {
    let b = Builder {
        trials,
        obs: Vec::new(),
        mean: false,
    };
    let (cpu, gpu) = (ManagedCase::CpuWriteSparse, ManagedCase::SparseRefault);
    let mut out: Vec<SparseReference> = b
        .sizes(&cpu, Policy::Managed)
        .into_iter()
        .filter_map(|bytes| {
            let m = |case| {
                median(
                    &b.times(case, Policy::Managed, bytes)
                        .iter()
                        .map(|x| x.2)
                        .collect::<Vec<_>>(),
                )
            };
            Some(SparseReference {
                bytes,
                cpu_ms: m(&cpu)?,
                gpu_ms: m(&gpu)?,
            })
        })
        .collect();
    out.sort_by_key(|s| s.bytes);
    out
}

/// Latencies known to be small, each with its prior's standard deviation in ms: a pseudo-cell
/// `latency = 0 ± sd` beside the measured ones. Fitted from two sizes alone, a latency is exact
/// and an outlier cell at the smaller size becomes a fixed cost priced at every size: run96's
/// 16 MiB scalar cell (two of three trials at 9.4 and 9.8 ms against 2.7) made 8.3 ms a pass
/// and nothing a byte (0.68 ms and 121 ms/GiB with the prior). With it the 62 calibrations
/// of run70-run107 fit 0-1.0 ms a pass (NOTES.md, "Faults one float a thread: a fixed cost
/// a pass").
const LATENCY_PRIORS: [(TermId, f64); 2] = [
    (TermId::FaultInScalar, 1.0),
    (TermId::FaultInScalarOneThread, 1.0),
];

/// The robust non-negative fit of `obs`, and each term it measures with its uncertainty.
fn solve(obs: &[Obs]) -> Option<(RobustFit, [Option<Cost>; TermId::COUNT])> {
    use TermId::*;
    // Design: two columns per term (latency, ms per GiB), and a row for each latency prior.
    let m = obs.len();
    let n = 2 * TermId::COUNT;
    let mut a = DMatrix::zeros(m + LATENCY_PRIORS.len(), n);
    let mut y = Vec::with_capacity(m);
    let mut sigma = Vec::with_capacity(m);
    for (i, o) in obs.iter().enumerate() {
        let j = 2 * o.term.index();
        if o.lat {
            a[(i, j)] = 1.0;
        }
        a[(i, j + 1)] = o.bytes as f64 / GIB;
        for &(t, lat, gib) in &o.more {
            a[(i, 2 * t.index())] += lat;
            a[(i, 2 * t.index() + 1)] += gib;
        }
        y.push(o.y);
        // A floor of 1 % (and 0.1 µs) keeps a very steady cell from outweighing every other.
        sigma.push((o.se * o.se + (0.01 * o.y).powi(2)).sqrt() + 1e-4);
    }
    // A term seen at one size only cannot separate latency from rate: it scales with bytes.
    let latency_only: Vec<TermId> = [Sync, CpuFaultRun, GpuFaultRun]
        .into_iter()
        .chain(THREAD_COUNTS.map(|c| c.run))
        .collect();
    for t in TermId::ALL {
        let sizes: std::collections::BTreeSet<u64> = obs
            .iter()
            .filter(|o| o.term == t)
            .map(|o| o.bytes)
            .collect();
        if sizes.len() < 2 && !latency_only.contains(&t) {
            a.column_mut(2 * t.index()).fill(0.0);
        }
    }
    // Per-run and per-phase terms are latencies only.
    for t in &latency_only {
        a.column_mut(2 * t.index() + 1).fill(0.0);
    }
    // A prior where the latency is fitted (an inactive column stays at 0 either way).
    let mut priors = 0;
    for &(t, sd) in &LATENCY_PRIORS {
        if a.column(2 * t.index()).iter().any(|v| *v != 0.0) {
            a[(m + priors, 2 * t.index())] = 1.0;
            y.push(0.0);
            sigma.push(sd);
            priors += 1;
        }
    }
    let a = a.rows(0, m + priors).into_owned();
    let fit = robust_nnls_with_priors(&a, &y, &sigma, priors)?;
    let mut costs = [None; TermId::COUNT];
    for t in TermId::ALL {
        let mine: Vec<&Obs> = obs
            .iter()
            .filter(|o| o.term == t || o.more.iter().any(|m| m.0 == t))
            .collect();
        if mine.is_empty() {
            continue;
        }
        let j = 2 * t.index();
        let ys: Vec<f64> = mine.iter().map(|o| o.y.abs()).collect();
        let sds: Vec<f64> = mine.iter().map(|o| o.sd).collect();
        let typical = median(&ys).unwrap_or(0.0);
        let rel_sd = if typical > 0.0 {
            (median(&sds).unwrap_or(0.0) / typical).min(1.0)
        } else {
            0.0
        };
        costs[t.index()] = Some(Cost {
            lat_ms: fit.x[j],
            ms_per_gib: fit.x[j + 1],
            cov: [
                fit.cov[(j, j)],
                fit.cov[(j, j + 1)],
                fit.cov[(j + 1, j + 1)],
            ],
            rel_sd,
            run_shift: 0.0,
            cells: mine.len() as u32,
            sizes: [
                mine.iter().map(|o| o.bytes).min().unwrap_or(0),
                mine.iter().map(|o| o.bytes).max().unwrap_or(0),
            ],
        });
    }
    Some((fit, costs))
}

/// The kernel/faults ratios of the compute cells from which a share is fitted
/// ([`faults_under_compute`]).
const UNDER_COMPUTE_RATIOS: (f64, f64) = (0.4, 2.0);

/// The share of the faults a compute-bound first pass leaves exposed, trial by trial from the
/// managed group's compute cells (the kernel on pages the host just wrote, the same kernel on
/// them again, the faults alone on a second buffer in the same trial): `(cold − max(kernel,
/// faults)) / min(kernel, faults)` (with the pricing's fall-off where the kernel is the longer), at
/// the largest size measured. Negative shares (a trial whose
/// faults ran faster than its neighbour's) count as 0 in the median, as the pricing would.
fn faults_under_compute(b: &Builder<'_>) -> Option<FaultsUnderCompute> {
    let p = Policy::Managed;
    let bytes = *b.sizes(&ManagedCase::ComputeCold, p).iter().max()?;
    let cold = b.times(&ManagedCase::ComputeCold, p, bytes);
    let kernel = b.times(&ManagedCase::ComputeResident, p, bytes);
    let faults = b.times(&ManagedCase::ComputeFaults, p, bytes);
    let at = |v: &[(u32, Option<u32>, f64)], t: u32| v.iter().find(|x| x.0 == t).map(|x| x.2);
    // The compute cell's kernel runs one float a thread; with `fault_in_scalar` calibrated the
    // pricing takes such a kernel's faults at that pace, so the faults alone are the streaming
    // pass's of the same trial scaled to it (without, the share absorbs the difference:
    // calibration/h200/run70/compare.txt).
    let scalar = scalar_over_streaming(b, bytes).unwrap_or(1.0);
    let (mut shares, mut ks, mut fs) = (Vec::new(), Vec::new(), Vec::new());
    for &(t, _, c) in &cold {
        let (Some(k), Some(f)) = (at(&kernel, t), at(&faults, t)) else {
            continue;
        };
        let f = f * scalar;
        let hidden = k.min(f) * falloff(k, f);
        if hidden > 0.0 {
            shares.push(((c - k.max(f)) / hidden).max(0.0));
            ks.push(k);
            fs.push(f);
        }
    }
    let s = Summary::of(&shares)?;
    let (kernel_ms, faults_ms) = (median(&ks)?, median(&fs)?);
    // Only a kernel about as long as its faults measures the share: far shorter, the pass that
    // faults one float a thread runs slower than the streaming pass that times the faults alone
    // (shares 1.8–8.3 at kernel/faults 0.05–0.22); far longer, almost nothing stays exposed to
    // measure (0.05–0.10 at 2.6–3.2). The H200's cells sit at 0.61–0.85
    // (calibration/h200/run48/overlap.csv, run52/overlap.csv).
    if !(UNDER_COMPUTE_RATIOS.0..=UNDER_COMPUTE_RATIOS.1).contains(&(kernel_ms / faults_ms)) {
        return None;
    }
    Some(FaultsUnderCompute {
        share: s.median,
        se: s.se,
        sd: s.sd,
        trials: shares.len() as u32,
        bytes,
        kernel_ms,
        faults_ms,
        run_shift: 0.0,
    })
}

/// What the wide read's fault-back costs over one thread's ([`FaultBackThreads`]), trial by trial
/// at the largest size with all four cells: (wide migrated − wide heap) / (migrated − heap), the
/// four read side by side in each trial. A trial whose one-thread fault-back came out at or below
/// nothing says nothing and is left out; a wide one below nothing counts as 0. Since `run161` the
/// pricing takes the terms of each thread count instead ([`TaskTerms::fault_back_share`]); this share
/// prices models that have it and not them (`run160`'s).
fn fault_back_threads(b: &Builder<'_>) -> Option<FaultBackThreads> {
    use ManagedCase::*;
    let (p, plain) = (Policy::Managed, Policy::Pageable);
    let bytes = b
        .sizes(&CpuReadMigratedWide, p)
        .into_iter()
        .filter(|&n| {
            [&CpuReadHeapWide, &CpuReadHeap]
                .iter()
                .all(|c| !b.times(*c, plain, n).is_empty())
                && !b.times(&CpuReadMigrated, p, n).is_empty()
        })
        .max()?;
    // Each trial's read of `case` less its `base` read, by trial.
    let less_by_trial = |case: &dyn Case, pc: Policy, base: &dyn Case| -> BTreeMap<u32, f64> {
        let base = b.times(base, plain, bytes);
        b.times(case, pc, bytes)
            .iter()
            .filter_map(|&(t, _, x)| {
                let (_, _, y) = base.iter().find(|u| u.0 == t)?;
                Some((t, x - y))
            })
            .collect()
    };
    let one = less_by_trial(&CpuReadMigrated, p, &CpuReadHeap);
    let wide = less_by_trial(&CpuReadMigratedWide, p, &CpuReadHeapWide);
    let ratios: Vec<f64> = one
        .iter()
        .filter_map(|(t, o)| {
            let w = wide.get(t)?;
            (*o > 0.0 && w.is_finite()).then(|| (w / o).max(0.0))
        })
        .collect();
    // At least three trials, as a paired difference asks ([`less`]): `run163`'s first calibration,
    // whose one-thread read of heap memory ran as slowly as of migrated pages, left one trial
    // with a positive one-thread fault-back and a share of 61.
    if ratios.len() < 3 {
        return None;
    }
    let s = Summary::of(&ratios)?;
    Some(FaultBackThreads {
        threads: FAULT_BACK_THREADS,
        ratio: s.median,
        se: s.se,
        sd: s.sd,
        trials: ratios.len() as u32,
        bytes,
    })
}

/// What faulting pages in costs a pass of one float a thread over the streaming pass, at `bytes`:
/// the ratio of each pass on host pages less the same pass again, as their terms take them
/// ([`less`], paired by trial).
fn scalar_over_streaming(b: &Builder<'_>, bytes: u64) -> Option<f64> {
    let p = Policy::Managed;
    let paired = |cold: &ManagedCase, again: &ManagedCase| {
        less(&b.times(cold, p, bytes), &b.times(again, p, bytes), true)
            .map(|(m, _, _)| m)
            .filter(|m| *m > 0.0)
    };
    let scalar = paired(&ManagedCase::ColdScalar, &ManagedCase::ReusedScalar)?;
    let streaming = paired(&ManagedCase::Cold, &ManagedCase::Reused)?;
    Some(scalar / streaming)
}
