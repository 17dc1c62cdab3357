//! Compiled tasks: a task's steps recorded once per policy, so that a scheduler's queries
//! ([`CompiledTask::predict`], [`CompiledTask::choose`], [`CompiledTask::breakeven`]) cost a few
//! hundred nanoseconds whatever the rounds, and [`RoundByRound`], which sums them in the order
//! the steps run.

use super::*;

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
    /// The buffers `first` faults in.
    whose: Whose,
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
        buf: Whose,
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
/// [`Predictor::compile_task`](crate::model::Predictor::compile_task)): each policy's steps are walked and
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
    gpu: Option<((f64, Whose), LinkCost, f64)>,
    tape: Vec<TapeStep>,
    /// Steps of the final host access are being recorded (after the last round's phases).
    finishing: bool,
}

impl Sink for Record {
    #[inline]
    fn fixed(&mut self, _: Option<u32>, kind: Kind, buf: Whose, ms: f64, what: &'static str) {
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
        first: (f64, Whose),
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
        p.add_times(&rc.fixed, n);
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
        item: impl FnMut(Option<u32>, Kind, Whose, f64, &'static str),
    ) -> TaskPrediction {
        self.replay_uses(cp, q, item, &mut [Use::default(); TermId::COUNT])
    }

    /// As [`replay`](Self::replay), leaving each term's uses in `uses` (zeroed first).
    #[inline]
    fn replay_uses(
        &self,
        cp: &CompiledPolicy,
        q: &Query,
        mut item: impl FnMut(Option<u32>, Kind, Whose, f64, &'static str),
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
                       buf: Whose,
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
                        rec(&mut parts, round, Kind::Cpu, Whose::Nobody, ms, what);
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
                items.push(Item::new(
                    round,
                    kind,
                    buf,
                    |i| t.buffers[i].clone(),
                    ms,
                    what,
                ))
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
