//! The independent workloads (`contrib/independent/`, NOTES.md "An independent workload"): CUDA
//! C++ programs written without any of umodel's code, run on the H200 under the six handoff
//! policies, each with its own timing and correctness gate. Their committed runs are predicted
//! here from each run's own minimal calibrations, given the phases each program timed on plain
//! memory. This reproduces the figures NOTES.md records from the judges' output
//! (`run144/current.txt` for the k-means; `run146/judge.txt`, `run156/judge.txt` and
//! `run157/judge.txt` for the relaxation; `run158/judge.txt` and `run159/judge.txt` for the compute-bound `horner.cu`;
//! `run161/judge.txt` and `run162/judge.txt` for the k-means on many host threads, `run165/` and
//! `run166/judge-bound.txt` for the relaxation on many, `run167/judge.txt` and `run168/judge.txt`
//! for the relaxation with the sparse writes on many threads calibrated, `inloop/judge.txt` for
//! both programs given the host phases timed inside their explicit-copy loop; `run178/judge.txt`
//! for `linkmix.cu`'s pass shapes over the link). Where the link's two directions moved a figure
//! since its judge ran, the test pins the current one and says so. No GPU is needed.

mod common;

use std::path::Path;

use common::{fails_with, json_ok, umodel};
use umodel::model::{self, TaskTerms};
use umodel::stats::median;
use umodel::task::Task;
use umodel::{store, Policy};

/// One program's run at one size: the plain phases' medians and each policy's total times.
struct Run {
    bytes: u64,
    cpu_ms: f64,
    gpu_ms: f64,
    /// `None` for the k-means, which has no final host access.
    fin_ms: Option<f64>,
    /// (policy, total ms of each trial), every row of which passed its check.
    totals: Vec<(Policy, Vec<f64>)>,
}

/// One row of a program's CSV (`policy,trial,bytes,threads,total_ms,cpu_ms,gpu_ms
/// [,cpu_final_ms],check`), its fields as written; `plain` rows hold the phases timed on plain
/// memory, the others a policy's trial.
struct ProgramRow<'a> {
    policy: &'a str,
    trial: &'a str,
    bytes: u64,
    total_ms: &'a str,
    cpu_ms: &'a str,
    gpu_ms: &'a str,
    /// Only relax.cu writes it.
    cpu_final_ms: Option<&'a str>,
    check: &'a str,
}

/// The rows of a program's CSV, each field found by its header's name.
fn program_rows(text: &str) -> Vec<ProgramRow<'_>> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name);
    let need = |name: &str| col(name).unwrap_or_else(|| panic!("no column `{name}`"));
    let (policy, trial, bytes, check) =
        (need("policy"), need("trial"), need("bytes"), need("check"));
    let (total, cpu, gpu, fin) = (
        need("total_ms"),
        need("cpu_ms"),
        need("gpu_ms"),
        col("cpu_final_ms"),
    );
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            ProgramRow {
                policy: f[policy],
                trial: f[trial],
                bytes: f[bytes].parse().unwrap(),
                total_ms: f[total],
                cpu_ms: f[cpu],
                gpu_ms: f[gpu],
                cpu_final_ms: fin.map(|i| f[i]),
                check: f[check],
            }
        })
        .collect()
}

/// A field in ms.
fn ms(field: &str) -> f64 {
    field.parse().unwrap()
}

/// Reads a program's run, asserting that every row passed its check.
fn read_run(path: &Path) -> Run {
    let text = std::fs::read_to_string(path).unwrap();
    let (mut size, mut plain, mut totals) = (0, [vec![], vec![], vec![]], Vec::new());
    for r in program_rows(&text) {
        assert_eq!(
            r.check,
            "ok",
            "{}: trial {} {}",
            path.display(),
            r.trial,
            r.policy
        );
        size = r.bytes;
        if r.policy == "plain-woken" {
            // relax.cu's RELAX_WAKE=1 timing beside the plain one (`run172`), not a policy.
            continue;
        }
        if r.policy == "plain" {
            plain[0].push(ms(r.cpu_ms));
            plain[1].push(ms(r.gpu_ms));
            if let Some(fin) = r.cpu_final_ms {
                plain[2].push(ms(fin));
            }
        } else {
            let p: Policy = r.policy.parse().unwrap();
            match totals
                .iter_mut()
                .find(|(q, _): &&mut (Policy, Vec<f64>)| *q == p)
            {
                Some((_, v)) => v.push(ms(r.total_ms)),
                None => totals.push((p, vec![ms(r.total_ms)])),
            }
        }
    }
    Run {
        bytes: size,
        cpu_ms: median(&plain[0]).unwrap(),
        gpu_ms: median(&plain[1]).unwrap(),
        fin_ms: median(&plain[2]),
        totals,
    }
}

/// The task file at the run's size with the run's plain phases given.
/// The program's task at the run's size with its plain phases, priced as the judges priced it:
/// with a move's deferred cost (`thread_pinned`), as the model priced every task before
/// `run185`'s rule D. The programs run unpinned, and the model prices such a task without it
/// since (`unpinned_programs_are_priced_without_the_deferred_cost_held_out_on_run184_and_run185`).
fn task_of(file: &str, run: &Run) -> Task {
    let mut t = Task::read(&Path::new("tasks").join(file)).unwrap();
    t.thread_pinned = true;
    for b in &mut t.buffers {
        b.bytes = run.bytes;
    }
    t.cpu_ms = Some(run.cpu_ms);
    t.gpu_ms = Some(run.gpu_ms);
    t.cpu_final_ms = run.fin_ms;
    t
}

/// Every policy's error % against its median total (negative: predicted short), and the clear
/// orderings right of all (two policies whose measured ranges do not overlap, ordered the same
/// way by the prediction).
fn errors(terms: &TaskTerms, task: &Task, run: &Run) -> (Vec<f64>, usize, usize) {
    let predicted: Vec<(f64, f64, f64, f64)> = run
        .totals
        .iter()
        .map(|(p, v)| {
            let time = model::predict_task(terms, task, *p).unwrap().time_ms;
            let lo = v.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            (time, median(v).unwrap(), lo, hi)
        })
        .collect();
    let (mut right, mut clear) = (0, 0);
    for (i, a) in predicted.iter().enumerate() {
        for b in &predicted[i + 1..] {
            if a.3 < b.2 || b.3 < a.2 {
                clear += 1;
                right += usize::from((a.1 < b.1) == (a.0 < b.0));
            }
        }
    }
    let errors = predicted
        .iter()
        .map(|(time, measured, _, _)| 100.0 * (time - measured) / measured)
        .collect();
    (errors, right, clear)
}

fn terms(run: &str, calibration: u32) -> TaskTerms {
    let path = Path::new("calibration/h200")
        .join(run)
        .join(format!("model-minimal-{calibration}.json"));
    store::read_model(&path).unwrap().task_terms.unwrap()
}

/// One (run, program CSV, calibration) pair against its judge's figures: the cells beyond 5 %,
/// the median |error| (to 0.005) and every clear ordering right, `orderings` of them. Returns the
/// run, the calibration's terms, the task at the run's size and the median |error|, for a test's
/// further checks.
fn check_pair(
    (run, file, calibration): (&str, &str, u32),
    task_file: &str,
    (beyond, med, orderings): (usize, f64, usize),
) -> (Run, TaskTerms, Task, f64) {
    let r = read_run(&Path::new("calibration/h200").join(run).join(file));
    let t = terms(run, calibration);
    let task = task_of(task_file, &r);
    let (e, right, clear) = errors(&t, &task, &r);
    let abs: Vec<f64> = e.iter().map(|e| e.abs()).collect();
    let what = format!("{run} {file} calibration {calibration}");
    assert_eq!(abs.iter().filter(|&&e| e > 5.0).count(), beyond, "{what}");
    let m = median(&abs).unwrap();
    assert!((m - med).abs() < 0.005, "{what}: {m}");
    assert_eq!((right, clear), (orderings, orderings), "{what}");
    (r, t, task, m)
}

/// The k-means (`kmeans.cu`) on three fresh VMs, at 64 MiB a buffer with one host thread and with
/// 16, and at 256 MiB with one: per (run, calibration), the cells beyond 5 % of 18 and the median
/// |error|, as `run144/current.txt` has them. The targets are met in none, every clear
/// ordering is right in all.
#[test]
fn the_independent_kmeans_misses_the_targets_but_orders_every_clear_pair_right() {
    let want = [
        ("run142", 1, 10, 5.43, 27),
        ("run142", 2, 7, 3.68, 27),
        ("run143", 1, 7, 2.29, 27),
        ("run143", 2, 7, 3.12, 27),
        ("run144", 1, 9, 4.56, 38),
        ("run144", 2, 7, 3.30, 38),
    ];
    for (run, calibration, beyond, med, orderings) in want {
        let t = terms(run, calibration);
        let (mut all, mut right, mut clear) = (Vec::new(), 0, 0);
        for file in [
            "kmeans-67108864-t1.csv",
            "kmeans-67108864-t16.csv",
            "kmeans-268435456-t1.csv",
        ] {
            let r = read_run(&Path::new("calibration/h200").join(run).join(file));
            let (e, ok, n) = errors(&t, &task_of("kmeans.json", &r), &r);
            all.extend(e.iter().map(|e| e.abs()));
            (right, clear) = (right + ok, clear + n);
        }
        let what = format!("{run} calibration {calibration}");
        assert_eq!(all.len(), 18, "{what}");
        assert_eq!(all.iter().filter(|&&e| e > 5.0).count(), beyond, "{what}");
        let m = median(&all).unwrap();
        assert!((m - med).abs() < 0.005, "{what}: {m}");
        assert_eq!((right, clear), (orderings, orderings), "{what}");
    }
}

/// The managed row of a k-means run and its host side: (median total, median of the host phases
/// timed inside the trials), ms.
fn managed_row(path: &Path) -> (f64, f64) {
    let text = std::fs::read_to_string(path).unwrap();
    let (mut total, mut host) = (Vec::new(), Vec::new());
    for r in program_rows(&text).iter().filter(|r| r.policy == "managed") {
        assert_eq!(r.check, "ok", "{}", path.display());
        total.push(ms(r.total_ms));
        host.push(ms(r.cpu_ms));
    }
    (median(&total).unwrap(), median(&host).unwrap())
}

/// The host threads a program's run file names (`kmeans-67108864-t16.csv`: 16).
fn threads_in_name(file: &str) -> u32 {
    file.rsplit_once("-t")
        .and_then(|(_, n)| n.trim_end_matches(".csv").parse().ok())
        .unwrap_or_else(|| panic!("{file}: no thread count in the name"))
}

/// A program's runs on many host threads (the thread count ends each file's name, `-tN.csv`), its
/// managed row predicted with each calibration of `run` without the task's thread counts (A) and
/// with them (B; `final_too`: `cpu_final_threads` as well): the pairs whose B host side came
/// within 15 % of the host phases timed in the trials, those whose B total came above A's, and the
/// median |error| of the A and of the B totals, as the run's `judge.txt` has them.
fn managed_on_threads(
    run: &str,
    files: &[&str],
    task_file: &str,
    final_too: bool,
) -> (usize, usize, f64, f64) {
    managed_on_threads_without(run, files, task_file, final_too, &[])
}

/// [`managed_on_threads`] with the calibrations' terms named in `strip` taken out.
fn managed_on_threads_without(
    run: &str,
    files: &[&str],
    task_file: &str,
    final_too: bool,
    strip: &[&str],
) -> (usize, usize, f64, f64) {
    let (mut near, mut above, mut a, mut b) = (0, 0, Vec::new(), Vec::new());
    for file in files {
        let path = Path::new("calibration/h200").join(run).join(file);
        let threads = threads_in_name(file);
        let r = read_run(&path);
        let (total, host) = managed_row(&path);
        for calibration in [1, 2] {
            let mut t = serde_json::to_value(terms(run, calibration)).unwrap();
            for name in strip {
                t.as_object_mut().unwrap().remove(*name).unwrap();
            }
            let t: TaskTerms = serde_json::from_value(t).unwrap();
            let mut task = task_of(task_file, &r);
            let plain = model::predict_task(&t, &task, Policy::Managed).unwrap();
            task.cpu_threads = Some(threads);
            if final_too {
                task.cpu_final_threads = Some(threads);
            }
            let given = model::predict_task(&t, &task, Policy::Managed).unwrap();
            let side = given.parts.cpu_ms + given.parts.cpu_faults_ms;
            near += usize::from((side - host).abs() <= 0.15 * host);
            above += usize::from(given.time_ms > plain.time_ms);
            a.push((100.0 * (plain.time_ms - total) / total).abs());
            b.push((100.0 * (given.time_ms - total) / total).abs());
        }
    }
    (near, above, median(&a).unwrap(), median(&b).unwrap())
}

/// The k-means on many host threads (`run161`, `run162`; NOTES.md "The CPU's faults back on many
/// threads"): per run, over its (configuration, calibration) pairs, the managed row's host side
/// within 15 % with the task's `cpu_threads` given, and the managed total's median |error| without
/// it and with it, as each run's `judge.txt` has them (A and B there). With the threads given the
/// k-means is never priced dearer.
#[test]
fn many_host_threads_given_take_the_kmeans_managed_row_from_42_and_58_to_6_and_11_percent() {
    let run161 = [
        "kmeans-268435456-t16.csv",
        "kmeans-268435456-t4.csv",
        "kmeans-67108864-t16.csv",
        "kmeans-67108864-t4.csv",
        "kmeans-67108864-t8.csv",
    ];
    let run162 = [
        "kmeans-268435456-t16.csv",
        "kmeans-268435456-t8.csv",
        "kmeans-67108864-t12.csv",
        "kmeans-67108864-t2.csv",
        "kmeans-67108864-t8.csv",
    ];
    for (run, files, within, without, with) in [
        ("run161", &run161, 5, 42.19, 6.33),
        ("run162", &run162, 6, 58.39, 11.16),
    ] {
        let (near, above, a, b) = managed_on_threads(run, files, "kmeans.json", false);
        assert_eq!((near, above), (within, 0), "{run}");
        assert!(
            (a - without).abs() < 0.005 && (b - with).abs() < 0.005,
            "{run}: {a} {b}"
        );
    }
}

/// The relaxation on 16 and 4 host threads (`run165`, held out on `run166`): with `cpu_threads` and
/// `cpu_final_threads` given, the managed row's host side within 15 % in 3 and 2 of 6 pairs, its
/// total's median |error| 21.41 → 3.68 % and 37.26 → 26.66 %, as each run's `judge-bound.txt` has
/// them. Before many threads were bounded at one thread's price, the sparse writes on 16 threads
/// were priced above it in one pair of `run165` and in two of `run166` (`judge.txt`: 9.31 and
/// 46.84 %); now in none (NOTES.md, "The CPU's faults back on many threads").
#[test]
fn the_relaxation_on_many_host_threads_is_never_priced_above_one_thread() {
    let files = [
        "relax-268435456-t16.csv",
        "relax-67108864-t16.csv",
        "relax-67108864-t4.csv",
    ];
    for (run, within, without, with) in [("run165", 3, 21.41, 3.68), ("run166", 2, 37.26, 26.66)] {
        let (near, above, a, b) = managed_on_threads(run, &files, "relax.json", true);
        assert_eq!((near, above), (within, 0), "{run}");
        assert!(
            (a - without).abs() < 0.005 && (b - with).abs() < 0.005,
            "{run}: {a} {b}"
        );
    }
}

/// The relaxation on 16, 8 and 4 host threads with the sparse writes on many threads calibrated
/// (`run167`, held out on `run168`, `run173` and `run174`; NOTES.md, "The CPU's faults back on
/// many threads"): with the thread counts given, the managed host side within 15 % in 6 of 8
/// pairs in each run and the total's median |error| 17.89 → 5.26 %, 21.99 → 8.19 %, 18.20 → 6.79
/// % and 18.00 → 5.97 % (C in each `judge.txt`); with the fault-run terms per count taken out
/// (the dense reads' shares, bounded), 2, 2, 1 and 3 of 8 and 7.67, 17.54, 6.30 and 20.31 % (B:
/// below C on `run173`, whose rule therefore failed). Neither way prices many threads above one.
#[test]
fn the_relaxation_on_many_threads_takes_its_sparse_faults_from_the_fault_run_terms() {
    let files = [
        "relax-268435456-t16.csv",
        "relax-67108864-t16.csv",
        "relax-67108864-t4.csv",
        "relax-67108864-t8.csv",
    ];
    let runs = ["cpu_fault_run_4t", "cpu_fault_run_8t", "cpu_fault_run_16t"];
    for (run, without, dense, dense_near, with) in [
        ("run167", 17.89, 7.67, 2, 5.26),
        ("run168", 21.99, 17.54, 2, 8.19),
        ("run173", 18.20, 6.30, 1, 6.79),
        ("run174", 18.00, 20.31, 3, 5.97),
    ] {
        let (near, above, a, c) = managed_on_threads(run, &files, "relax.json", true);
        assert_eq!((near, above), (6, 0), "{run}");
        assert!(
            (a - without).abs() < 0.005 && (c - with).abs() < 0.005,
            "{run}: {a} {c}"
        );
        let (near, above, _, b) =
            managed_on_threads_without(run, &files, "relax.json", true, &runs);
        assert_eq!((near, above), (dense_near, 0), "{run}");
        assert!((b - dense).abs() < 0.005, "{run}: {b}");
    }
}

/// Both programs' many-thread runs given the host phases each timed inside its own loop under
/// explicit copy (where the host works on plain memory) instead of the plain phases timed alone
/// (NOTES.md, "Host phases in the trials against their plain timing, on many threads"): of the
/// other five policies' 330 cells, 151 beyond 5 % against 171, every-cell median |error| lower in
/// 5 of the 8 runs; held out on `run173`, 15 of 70 against 21, on `run174` 48 against 50, on
/// `run176` 30 against 42. The judges' files have the figures of the builds at the time (190 ->
/// 155 and 7 of 8, 23 -> 15, 56 -> 48): since the link's two directions the plain phases'
/// host-mapped rows miss less, and the loop's phases gain less on them.
#[test]
fn many_thread_phases_timed_inside_the_copy_loop_leave_151_of_330_cells_beyond_5_pct_not_171() {
    let first = in_loop_against_plain(
        &["run161", "run162", "run163"],
        &["run165", "run166", "run167", "run168", "run172"],
    );
    assert_eq!(first, ([171, 151], 330, 5));
    // Held out on fresh VMs: better for both programs on each.
    assert_eq!(
        in_loop_against_plain(&["run173"], &["run173"]),
        ([21, 15], 70, 2)
    );
    assert_eq!(
        in_loop_against_plain(&["run174"], &["run174"]),
        ([50, 48], 70, 2)
    );
    assert_eq!(
        in_loop_against_plain(&["run176"], &["run176"]),
        ([42, 30], 70, 2)
    );
}

/// The k-means's runs `kmeans` and the relaxation's `relax` on many threads predicted from the
/// plain phases and from explicit copy's host phases inside the trials, explicit copy left out:
/// the cells beyond 5 % each way, the cells, and the (program, run) pairs whose median |error| is
/// lower from the loop's phases.
fn in_loop_against_plain(kmeans: &[&str], relax: &[&str]) -> ([usize; 2], usize, usize) {
    let programs: [(&str, f64, &[&str]); 2] = [("kmeans", 5.0, kmeans), ("relax", 4.0, relax)];
    let (mut beyond, mut cells, mut wins) = ([0, 0], 0, 0);
    for (prog, rounds, runs) in programs {
        for run in runs {
            let dir = Path::new("calibration/h200").join(run);
            let mut files: Vec<_> = std::fs::read_dir(&dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .filter(|f| f.starts_with(&format!("{prog}-")) && f.ends_with(".csv"))
                .collect();
            files.sort();
            let mut errs = [Vec::new(), Vec::new()];
            for file in files {
                let threads = threads_in_name(&file);
                if threads < 2 {
                    continue;
                }
                let path = dir.join(&file);
                let r = read_run(&path);
                let text = std::fs::read_to_string(&path).unwrap();
                let copy: Vec<ProgramRow> = program_rows(&text)
                    .into_iter()
                    .filter(|row| row.policy == "explicit-copy")
                    .collect();
                let fin = |row: &ProgramRow| row.cpu_final_ms.map_or(0.0, ms);
                let in_loop = (
                    median(
                        &copy
                            .iter()
                            .map(|row| (ms(row.cpu_ms) - fin(row)) / rounds)
                            .collect::<Vec<_>>(),
                    )
                    .unwrap(),
                    r.fin_ms
                        .map(|_| median(&copy.iter().map(fin).collect::<Vec<_>>()).unwrap()),
                );
                for calibration in [1, 2] {
                    let t = terms(run, calibration);
                    let mut plain = task_of(&format!("{prog}.json"), &r);
                    plain.cpu_threads = Some(threads);
                    if r.fin_ms.is_some() {
                        plain.cpu_final_threads = Some(threads);
                    }
                    let mut looped = plain.clone();
                    looped.cpu_ms = Some(in_loop.0);
                    looped.cpu_final_ms = in_loop.1;
                    for (k, task) in [&plain, &looped].into_iter().enumerate() {
                        let (e, _, _) = errors(&t, task, &r);
                        for ((p, _), e) in r.totals.iter().zip(e) {
                            if *p != Policy::ExplicitCopy {
                                errs[k].push(e.abs());
                            }
                        }
                    }
                }
            }
            cells += errs[0].len();
            for k in 0..2 {
                beyond[k] += errs[k].iter().filter(|e| **e > 5.0).count();
            }
            wins += usize::from(median(&errs[1]).unwrap() < median(&errs[0]).unwrap());
        }
    }
    (beyond, cells, wins)
}

/// The relaxation's first run (`relax.cu`, the partial update's shape; `run146`): every cell
/// 23–54 % short, as `run146/judge.txt` has them (median 46.77 and 46.06 % on the two
/// calibrations), while every clear ordering is right. The miss was the program's: its final
/// host sum, inlined into the trial, ran 3.3 times its plain timing there (`run148`; the next
/// test).
#[test]
fn the_relaxations_first_run_is_priced_short_by_its_host_side_alone() {
    for (calibration, med) in [(1, 46.77), (2, 46.06)] {
        let t = terms("run146", calibration);
        let (mut all, mut right, mut clear) = (Vec::new(), 0, 0);
        for file in ["relax-67108864.csv", "relax-268435456.csv"] {
            let r = read_run(&Path::new("calibration/h200/run146").join(file));
            let (e, ok, n) = errors(&t, &task_of("relax.json", &r), &r);
            // Short everywhere: each prediction below its measured median.
            for ((p, _), e) in r.totals.iter().zip(&e) {
                assert!(*e < 0.0, "{file} {p}: {e}");
            }
            all.extend(e.iter().map(|e| e.abs()));
            (right, clear) = (right + ok, clear + n);
        }
        assert_eq!(all.iter().filter(|&&e| e > 5.0).count(), 12);
        let m = median(&all).unwrap();
        assert!((m - med).abs() < 0.005, "calibration {calibration}: {m}");
        assert_eq!((right, clear), (20, 20), "calibration {calibration}");
    }
}

/// Where the first runs' host side went (`run148`, 64 MiB, 9 trials; no calibration): inside the
/// trials the four writes of one page in ten took what their plain timing gives (5.6–7.1 ms
/// against four times 1.4; 0.98–1.23 times), but for managed, which faults the pages back (5.5
/// times). The final sum took 47–56 ms under every policy, 3.2–3.9 times the 14.6 ms it took
/// plain: inlined into the trial, it kept its accumulator on the stack (NOTES.md, "An
/// independent workload"; `run156` timed the fixed program).
#[test]
fn the_inlined_final_sum_of_run148_ran_three_times_its_plain_timing_inside_the_trials() {
    let text = std::fs::read_to_string("calibration/h200/run148/relax-67108864.csv").unwrap();
    let (mut plain, mut writes, mut sums) = ([vec![], vec![]], Vec::new(), Vec::new());
    for r in program_rows(&text) {
        assert_eq!(r.check, "ok", "trial {} {}", r.trial, r.policy);
        // Inside a trial `cpu_ms` holds the writes and the final sum, `cpu_final_ms` the sum.
        let (host, fin) = (ms(r.cpu_ms), ms(r.cpu_final_ms.unwrap()));
        if r.policy == "plain" {
            plain[0].push(host);
            plain[1].push(fin);
        } else {
            let p: Policy = r.policy.parse().unwrap();
            writes.push((p, host - fin));
            sums.push((p, fin));
        }
    }
    let (w, s) = (median(&plain[0]).unwrap(), median(&plain[1]).unwrap());
    assert!(
        (w - 1.435).abs() < 0.001 && (s - 14.564).abs() < 0.001,
        "{w} {s}"
    );
    for p in Policy::HANDOFF {
        let of = |v: &[(Policy, f64)]| {
            median(
                &v.iter()
                    .filter(|x| x.0 == p)
                    .map(|x| x.1)
                    .collect::<Vec<_>>(),
            )
            .unwrap()
        };
        let (wr, fin) = (of(&writes), of(&sums));
        assert!((3.2..4.0).contains(&(fin / s)), "{p}: final sum {fin}");
        if p == Policy::Managed {
            assert!(wr > 4.0 * 4.0 * w, "{p}: writes {wr}");
        } else {
            assert!((0.9..1.3).contains(&(wr / (4.0 * w))), "{p}: writes {wr}");
        }
    }
}

/// The relaxation with its host passes `noinline` (`run156`, `run157`: two fresh VMs, two
/// calibrations each): per (run, size, calibration) the cells beyond 5 % of 6 and the median
/// |error|. 23 of 48 beyond 5 %, every clear ordering right (11 of 11 in each), the targets met
/// in none of the eight pairs. Each run's `judge.txt` has the figures of the build at the time
/// (22 of 48); since the link's two directions ("Reads and writes over the link in one pass")
/// the host-mapped row comes 4-7 % lower, which moves the medians both ways (`run156`'s 64 MiB
/// 3.65 -> 4.97 and 1.50 -> 2.67 %, `run157`'s 256 MiB 3.77 -> 3.17 and 4.08 -> 3.69 %).
#[test]
fn the_relaxation_with_noinline_passes_misses_23_of_48_cells_and_orders_every_clear_pair_right() {
    let want = [
        ("run156", "relax-67108864.csv", 1, 3, 4.97),
        ("run156", "relax-67108864.csv", 2, 1, 2.67),
        ("run156", "relax-268435456.csv", 1, 3, 4.42),
        ("run156", "relax-268435456.csv", 2, 3, 5.23),
        ("run157", "relax-67108864.csv", 1, 3, 7.53),
        ("run157", "relax-67108864.csv", 2, 4, 10.05),
        ("run157", "relax-268435456.csv", 1, 3, 3.17),
        ("run157", "relax-268435456.csv", 2, 3, 3.69),
    ];
    let mut total = 0;
    for (run, file, calibration, beyond, med) in want {
        check_pair((run, file, calibration), "relax.json", (beyond, med, 11));
        total += beyond;
    }
    assert_eq!(total, 23);
}

/// The fix, timed: with both passes `noinline` the final sum inside the trials takes what it
/// takes plain, 0.95–1.04 times on both VMs (`run156`, `run157`, 64 MiB, 15 trials), managed
/// 1.5–1.7 times with its faults back. The same source built without the attributes, on the
/// same VMs (`inlined-67108864.csv`, 3 trials), ran its sums 3.6–3.8 times as long (managed
/// 4.3–4.4).
#[test]
fn with_noinline_passes_the_final_sum_inside_the_trials_takes_its_plain_time() {
    let medians = |path: &str| {
        let text = std::fs::read_to_string(path).unwrap();
        let mut by: Vec<(String, Vec<f64>)> = Vec::new();
        for r in program_rows(&text) {
            assert_eq!(r.check, "ok", "{path}: trial {} {}", r.trial, r.policy);
            let fin = ms(r.cpu_final_ms.unwrap());
            match by.iter_mut().find(|(p, _)| p == r.policy) {
                Some((_, v)) => v.push(fin),
                None => by.push((r.policy.to_string(), vec![fin])),
            }
        }
        by.into_iter()
            .map(|(p, v)| (p, median(&v).unwrap()))
            .collect::<Vec<_>>()
    };
    // (file, the other policies' range of ratios to plain, managed's)
    let files = [
        ("relax-67108864.csv", 0.94..1.05, 1.45..1.75),
        ("inlined-67108864.csv", 3.5..3.9, 4.2..4.5),
    ];
    for run in ["run156", "run157"] {
        for (file, others, managed) in &files {
            let m = medians(&format!("calibration/h200/{run}/{file}"));
            assert_eq!(m.len(), 7, "{run} {file}");
            let plain = m.iter().find(|(p, _)| p == "plain").unwrap().1;
            for (p, fin) in m.iter().filter(|(p, _)| p != "plain") {
                let ratio = fin / plain;
                let want = if p == "managed" { managed } else { others };
                assert!(want.contains(&ratio), "{run} {file} {p}: {ratio}");
            }
        }
    }
}

/// One run of the compute-bound workload (`horner.cu`; 64 MiB with K = 16 and K = 4096, 256 MiB
/// with K = 4096; R = 4) against its judge's figures: per (configuration, calibration) the cells
/// beyond 5 % of 6, the median |error|, the clear orderings (all right) and whether the issue's
/// targets are met. And the crossover: the explicit copy ahead of host-mapped at K = 16, behind
/// it at K = 4096, measured (medians) and predicted. Returns the pairs that meet the targets.
fn horner_run(run: &str, want: [(&str, u32, usize, f64, usize); 6]) -> usize {
    let mut met = 0;
    for (file, calibration, beyond, med, orderings) in want {
        let (r, t, task, m) = check_pair(
            (run, file, calibration),
            "horner.json",
            (beyond, med, orderings),
        );
        let what = format!("{run} {file} calibration {calibration}");
        met += usize::from(beyond == 0 && m <= 2.5);
        let measured = |p: Policy| median(&r.totals.iter().find(|x| x.0 == p).unwrap().1).unwrap();
        let predicted = |p: Policy| model::predict_task(&t, &task, p).unwrap().time_ms;
        let copy_first = file.contains("-k16");
        assert_eq!(
            measured(Policy::ExplicitCopy) < measured(Policy::HostMapped),
            copy_first,
            "{what}"
        );
        assert_eq!(
            predicted(Policy::ExplicitCopy) < predicted(Policy::HostMapped),
            copy_first,
            "{what}"
        );
    }
    met
}

/// `run158` (`run158/judge.txt`): the targets met in three of the six pairs. Since the link's two
/// directions the first calibration's K = 16 median is 1.17 % (the judge's file, of the build at
/// the time, 2.06 %): its host-mapped and managed-advise rows' passes read more than they write.
#[test]
fn the_compute_bound_horner_meets_the_targets_in_3_of_6_pairs_and_its_crossover_is_predicted() {
    let want = [
        ("horner-67108864-k16.csv", 1, 0, 1.17, 9),
        ("horner-67108864-k16.csv", 2, 2, 3.57, 9),
        ("horner-67108864-k4096.csv", 1, 0, 2.49, 11),
        ("horner-67108864-k4096.csv", 2, 0, 1.94, 11),
        ("horner-268435456-k4096.csv", 1, 1, 2.36, 10),
        ("horner-268435456-k4096.csv", 2, 3, 3.59, 10),
    ];
    assert_eq!(horner_run("run158", want), 3);
}

/// `run159` (`run159/judge.txt`), held out on a noisier VM: the targets met in none of the six
/// pairs, 10 of 36 cells beyond 5 %, every clear ordering and the crossover still right (the first
/// calibration's K = 16 median 3.93 % since the link's two directions; 3.62 % in the file).
#[test]
fn the_compute_bound_horner_held_out_on_a_noisier_vm_meets_the_targets_nowhere() {
    let want = [
        ("horner-67108864-k16.csv", 1, 2, 3.93, 3),
        ("horner-67108864-k16.csv", 2, 2, 4.16, 3),
        ("horner-67108864-k4096.csv", 1, 1, 1.10, 2),
        ("horner-67108864-k4096.csv", 2, 2, 2.17, 2),
        ("horner-268435456-k4096.csv", 1, 1, 3.97, 5),
        ("horner-268435456-k4096.csv", 2, 2, 4.81, 5),
    ];
    assert_eq!(horner_run("run159", want), 0);
}

/// A program's timings written as umodel's measurement CSV (what `contrib/independent/to_csv.py`
/// writes): `<task>:total` rows per policy, `<task>:plain_cpu`, `plain_gpu` and, where timed,
/// `plain_final`, in the `task` group (a user's own program's rows), with the task's footprint as
/// their size.
fn as_measurement_csv(task: &Task, program_csv: &Path) -> String {
    in_group("task", task, program_csv)
}

/// [`as_measurement_csv`]'s rows in `group`.
fn in_group(group: &str, task: &Task, program_csv: &Path) -> String {
    let text = std::fs::read_to_string(program_csv).unwrap();
    let mut out = String::from(
        "group,policy,case,pattern,bytes,useful_bytes,reuse,trial,time_ms,move_ms,check\n",
    );
    for r in program_rows(&text) {
        let footprint = r.bytes * task.buffers.len() as u64;
        let mut row = |policy: &str, part: &str, ms: &str, reuse: &str| {
            out += &format!(
                "{group},{policy},{}:{part},,{footprint},,{reuse},{},{ms},,{}\n",
                task.name, r.trial, r.check
            );
        };
        if r.policy == "plain" {
            row("pageable", "plain_cpu", r.cpu_ms, "");
            row("device", "plain_gpu", r.gpu_ms, "");
            if let Some(fin) = r.cpu_final_ms {
                row("pageable", "plain_final", fin, "");
            }
        } else {
            row(r.policy, "total", r.total_ms, "1");
        }
    }
    out
}

/// `tasks/<file>` with `"thread_pinned": true` (as the judges priced every task), written in `d`.
fn pinned_task_file(d: &tempfile::TempDir, file: &str) -> std::path::PathBuf {
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new("tasks").join(file)).unwrap())
            .unwrap();
    v["thread_pinned"] = serde_json::Value::Bool(true);
    let p = d.path().join(format!("pinned-{file}"));
    std::fs::write(&p, v.to_string()).unwrap();
    p
}

/// A user's own program judged by the product: its timings written as the measurement CSV, `umodel
/// validate --task` gives the figures the judges computed with the task priced as they priced it,
/// with a move's deferred cost (`"thread_pinned": true`; `run142/judge.txt`: the k-means at 64 MiB
/// with one thread on `run142`'s first calibration, median 5.09 %, 3 of 6 beyond 5 %, its largest
/// miss 11.28 %; `run146/judge.txt`: the relaxation at 64 MiB, 44.50 %, 6 of 6). The task files
/// as committed say nothing of the thread, which prices the programs as they ran, unpinned: the
/// k-means's managed-prefetch row then misses by 9.46 % instead of 11.28 (median unchanged), the
/// relaxation's median 44.62 % instead of 44.50.
#[test]
fn validate_task_judges_an_independent_programs_timings_as_the_judges_did() {
    let d = tempfile::tempdir().unwrap();
    for (run, file, task, beyond, pinned, free) in [
        (
            "run142",
            "kmeans-67108864-t1.csv",
            "kmeans.json",
            3,
            (5.09, 11.28),
            (5.09, 9.46),
        ),
        (
            "run146",
            "relax-67108864.csv",
            "relax.json",
            6,
            (44.50, 55.43),
            (44.62, 55.43),
        ),
    ] {
        let dir = Path::new("calibration/h200").join(run);
        let task_path = Path::new("tasks").join(task);
        let t = Task::read(&task_path).unwrap();
        let csv = d.path().join(format!("{run}.csv"));
        std::fs::write(&csv, as_measurement_csv(&t, &dir.join(file))).unwrap();
        for (task_file, (median, max)) in [
            (pinned_task_file(&d, task), pinned),
            (task_path.clone(), free),
        ] {
            let v = json_ok(
                umodel(&d)
                    .args(["validate", "-m"])
                    .arg(dir.join("model-minimal-1.json"))
                    .arg("--task")
                    .arg(&task_file)
                    .arg(&csv)
                    .arg("--json"),
            );
            let m = v["median_ape_pct"].as_f64().unwrap();
            assert!((m - median).abs() < 0.005, "{run}: {v}");
            let x = v["max_ape_pct"].as_f64().unwrap();
            assert!(
                (x - max).abs() < 0.005,
                "{run} {}: {x}",
                task_file.display()
            );
            assert_eq!(v["beyond_5pct"], beyond, "{run}");
            assert_eq!(v["failed_rows"], 0, "{run}");
        }
    }
}

/// `validate --task` judges a user's own program's rows (group `task`) exactly as it judged the
/// same rows when they had to borrow the suite's `workload` group, every figure but the CSV's
/// name, where the task says its thread was pinned as the suite's harness pins its own (a suite
/// group's rows are priced as their harness ran, pinned where no facts say otherwise). With the
/// task file as committed (an unpinned thread) only the prefetching rows differ.
#[test]
fn a_users_own_rows_in_the_task_group_validate_as_the_same_rows_in_a_suite_group() {
    let d = tempfile::tempdir().unwrap();
    for (run, file, task) in [
        ("run142", "kmeans-67108864-t1.csv", "kmeans.json"),
        ("run146", "relax-67108864.csv", "relax.json"),
    ] {
        let dir = Path::new("calibration/h200").join(run);
        let committed = Path::new("tasks").join(task);
        let task_path = pinned_task_file(&d, task);
        let t = Task::read(&task_path).unwrap();
        let validate = |group: &str, task_path: &Path| {
            let csv = d.path().join(format!("{run}-{group}.csv"));
            let text = in_group(group, &t, &dir.join(file));
            assert!(text
                .lines()
                .skip(1)
                .all(|l| l.starts_with(&format!("{group},"))));
            std::fs::write(&csv, text).unwrap();
            let mut v = json_ok(
                umodel(&d)
                    .args(["validate", "-m"])
                    .arg(dir.join("model-minimal-1.json"))
                    .arg("--task")
                    .arg(task_path)
                    .arg(&csv)
                    .arg("--json"),
            );
            v.as_object_mut().unwrap().remove("source");
            v
        };
        let ours = validate("task", &task_path);
        assert_eq!(ours["points"].as_array().unwrap().len(), 6, "{run}: {ours}");
        assert_eq!(ours["failed_rows"], 0, "{run}");
        let suite = validate("workload", &task_path);
        assert_eq!(ours, suite, "{run}");
        // The suite's copy is priced pinned whatever the file says; the user's rows as it says.
        assert_eq!(suite, validate("workload", &committed), "{run}");
        let free = validate("task", &committed);
        // The JSON says which pricing each got.
        assert_eq!(ours["thread_pinned"], true, "{run}");
        assert!(free.get("thread_pinned").is_none(), "{run}: {free}");
        for (a, b) in ours["points"]
            .as_array()
            .unwrap()
            .iter()
            .zip(free["points"].as_array().unwrap())
        {
            let prefetching = a["policy"].as_str().unwrap().ends_with("prefetch");
            let same = a["predicted_ms"] == b["predicted_ms"];
            assert!(same != prefetching || run == "run146", "{run}: {a} {b}");
        }
    }
}

/// The suite never runs the `task` group: `umodel bench task` says so (and where such rows come
/// from) before touching a GPU or the output file.
#[test]
fn bench_refuses_the_task_group() {
    let d = tempfile::tempdir().unwrap();
    let out = d.path().join("m.csv");
    fails_with(
        &d,
        &["bench", "task", "--out", out.to_str().unwrap()],
        None,
        &["`task`", "does not run", "own programs", "to_csv.py"],
    );
    assert!(!out.exists());
}

/// `linkmix.cu` on `run178` (`run178/judge.txt`; NOTES.md, "Reads and writes over the link in one
/// pass"): one pass over mapped host memory in eleven shapes, each priced as a one-round
/// host-mapped task by the run's two calibrations. Where the streamed reads outweigh the writes
/// the pass takes the longer of its two directions: those five shapes within 2 % at both sizes
/// and on both calibrations (before the two directions 5.5–10.2 % high), the other six, priced as
/// before, within 3.5 %.
#[test]
fn every_pass_shape_over_the_link_is_priced_within_a_few_percent_by_its_two_directions() {
    use umodel::task::{Access, Buffer};
    let shapes: [(&str, &[Access]); 11] = {
        use Access::{Read as R, ReadWrite as Rw, Write as W};
        [
            ("r1w0", &[R]),
            ("r2w0", &[R, R]),
            ("r0w1", &[W]),
            ("r1w1-copy", &[R, W]),
            ("r1w1-inplace", &[Rw]),
            ("r2w1-inplace", &[Rw, R]),
            ("r2w1", &[R, R, W]),
            ("r3w1", &[R, R, R, W]),
            ("r4w1", &[R, R, R, R, W]),
            ("r1w2", &[R, W, W]),
            ("r3w2", &[R, R, R, W, W]),
        ]
    };
    let read_heavy = ["r2w1-inplace", "r2w1", "r3w1", "r4w1", "r3w2"];
    let mut pairs = 0;
    for bytes in [64u64 << 20, 256 << 20] {
        let path = format!("calibration/h200/run178/linkmix-{bytes}.csv");
        let text = std::fs::read_to_string(&path).unwrap();
        for (case, access) in shapes {
            let v: Vec<f64> = text
                .lines()
                .skip(1)
                .map(|l| l.split(',').collect::<Vec<_>>())
                .filter(|f| f[0] == case)
                .map(|f| {
                    assert_eq!(f[5], "ok", "{path}: {case}");
                    f[4].parse().unwrap()
                })
                .collect();
            assert!(v.len() >= 7, "{path}: {case}");
            let measured = median(&v).unwrap();
            let buffers = access
                .iter()
                .enumerate()
                .map(|(i, a)| Buffer::new(&format!("b{i}"), bytes).gpu(*a))
                .collect();
            let mut task = Task::new(case, 1, buffers);
            (task.cpu_ms, task.gpu_ms) = (Some(0.0), Some(0.001));
            for calibration in [1, 2] {
                let p =
                    model::predict_task(&terms("run178", calibration), &task, Policy::HostMapped)
                        .unwrap();
                let pass = p.parts.gpu_ms + p.parts.link_ms;
                let error = 100.0 * (pass - measured) / measured;
                let bound = if read_heavy.contains(&case) { 2.0 } else { 3.5 };
                assert!(
                    error.abs() <= bound,
                    "{path}: {case} calibration {calibration}: {error:+.2} %"
                );
                pairs += 1;
            }
        }
    }
    assert_eq!(pairs, 44);
}

/// `pin.h` (relax.cu's `RELAX_PIN`, run183's question: does the move's deferred cost come with
/// the issuing thread pinned to one core, as umodel's harness pins its own?) is plain C++, so its
/// check builds here without CUDA: `contrib/independent/pin_test.cpp`, compiled with the system
/// C++ compiler (`CXX`, else `c++`; warnings are errors) and run. It pins only the child process.
#[test]
fn the_pin_header_pins_one_core_and_refuses_bad_values_and_many_threads() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("contrib/independent");
    let exe = Path::new(env!("CARGO_TARGET_TMPDIR")).join("pin_test");
    let cxx = std::env::var("CXX").unwrap_or_else(|_| "c++".into());
    let out = std::process::Command::new(&cxx)
        .args(["-std=c++17", "-Wall", "-Wextra", "-Werror", "-O1", "-I"])
        .arg(&dir)
        .arg(dir.join("pin_test.cpp"))
        .arg("-o")
        .arg(&exe)
        .output()
        .unwrap_or_else(|e| panic!("cannot run `{cxx}`: {e}"));
    assert!(
        out.status.success(),
        "{cxx} failed on pin_test.cpp:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = std::process::Command::new(&exe)
        .output()
        .expect("run pin_test");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && stdout.trim() == "ok",
        "pin_test: {stdout}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

/// Rule D (`calibration/h200/run185/judge.py`, written before `run185`): a task whose thread is
/// not pinned (the default, as the programs run) is priced without a move's deferred cost, the
/// second move of a sequence at a first's price and a no-op after a move at the settled one.
/// Held out on `run184`'s programs on its two pinned calibrations and `run185`'s on its two
/// (`relax.cu` and `kmeans.cu` on 16 and 1 host threads, `horner.cu` K = 16; 120 cells): beyond
/// 5 % 43 priced pinned, 39 unpinned; the prefetching rows' median |error| 3.44 → 2.38 %
/// (`run185/judge.txt`). Only those rows move.
#[test]
fn unpinned_programs_are_priced_without_the_deferred_cost_held_out_on_run184_and_run185() {
    let (mut beyond, mut prefetching) = ([0; 2], [vec![], vec![]]);
    for (run, calibrations) in [
        ("run184", ["model-pinned-1.json", "model-pinned-2.json"]),
        ("run185", ["model-minimal-1.json", "model-minimal-2.json"]),
    ] {
        let dir = Path::new("calibration/h200").join(run);
        for (file, program, threads) in [
            ("relax-67108864-t16.csv", "relax.json", 16),
            ("relax-67108864-t1.csv", "relax.json", 1),
            ("kmeans-67108864-t16.csv", "kmeans.json", 16),
            ("kmeans-67108864-t1.csv", "kmeans.json", 1),
            ("horner-67108864-k16.csv", "horner.json", 0),
        ] {
            let r = read_run(&dir.join(file));
            // Pinned or not is set below, each way.
            let mut task = task_of(program, &r);
            if threads > 0 {
                task.cpu_threads = Some(threads);
                task.cpu_final_threads = r.fin_ms.map(|_| threads);
            }
            for c in calibrations {
                let terms = store::read_model(&dir.join(c)).unwrap().task_terms.unwrap();
                for (k, pinned) in [true, false].into_iter().enumerate() {
                    task.thread_pinned = pinned;
                    let (e, _, _) = errors(&terms, &task, &r);
                    for ((p, _), e) in r.totals.iter().zip(e) {
                        beyond[k] += usize::from(e.abs() > 5.0);
                        if matches!(p, Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch) {
                            prefetching[k].push(e.abs());
                        }
                    }
                }
                // Only the prefetching rows move.
                for p in Policy::HANDOFF {
                    let at = |pinned| {
                        let mut t = task.clone();
                        t.thread_pinned = pinned;
                        model::predict_task(&terms, &t, p).unwrap().time_ms
                    };
                    let prefetching =
                        matches!(p, Policy::ManagedPrefetch | Policy::ManagedAdvisePrefetch);
                    assert!(
                        prefetching || at(true) == at(false),
                        "{run} {file} {c} {p:?}"
                    );
                    assert!(at(false) <= at(true), "{run} {file} {c} {p:?}");
                }
            }
        }
    }
    assert_eq!(beyond, [43, 39]);
    assert_eq!(prefetching[0].len(), 40);
    let m = prefetching.map(|v| median(&v).unwrap());
    assert!(
        (m[0] - 3.44).abs() < 0.005 && (m[1] - 2.38).abs() < 0.005,
        "{m:?}"
    );
}

/// The shares every fit carries (`LinkUnderFaults::MEASURED`) are run189's faultmix.cu files as
/// its reading computes them (`calibration/h200/offline43/faultmix_shares.py`): per trial, each
/// whole pass against its parts of the same trial, h = (first touch + link pass - whole) / link
/// pass; a kind's share the median over every combination of every trial; at 64 MiB; no failed
/// check. Recomputed here from the raw file, so the constant cannot drift from the measurement.
#[test]
fn the_link_under_faults_shares_are_run189s_faultmix_files_as_its_reading_computes_them() {
    let text = std::fs::read_to_string("calibration/h200/run189/faultmix-67108864.csv").unwrap();
    let mut by: std::collections::BTreeMap<u32, std::collections::BTreeMap<&str, f64>> =
        Default::default();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("case,bytes,trial,ms,check"));
    for l in lines {
        let f: Vec<&str> = l.split(',').collect();
        assert_eq!(f[4], "ok", "no share from a failed check: {l}");
        by.entry(f[2].parse().unwrap())
            .or_default()
            .insert(f[0], f[3].parse().unwrap());
    }
    assert_eq!(by.len(), 60, "trials");
    let share = |combos: &[(&str, &str, &str)]| {
        let mut h: Vec<f64> = by
            .values()
            .flat_map(|t| {
                combos.iter().filter_map(|&(whole, first, link)| {
                    Some((t.get(first)? + t.get(link)? - t.get(whole)?) / t.get(link)?)
                })
            })
            .collect();
        h.sort_by(f64::total_cmp);
        (umodel::stats::median_sorted(&h), h.len())
    };
    let (migrating, n_mig) = share(&[
        ("both", "fault-advised", "link"),
        ("both-plain", "fault", "link"),
        ("fault-read", "fault", "link-read"),
        ("fault-write", "fault", "link-write"),
    ]);
    let (duplicating, n_dup) = share(&[
        ("dup-read", "dup", "link-read"),
        ("dup-write", "dup", "link-write"),
        ("dup-both", "dup", "link"),
    ]);
    assert_eq!((n_mig, n_dup), (240, 180));
    let m = model::task::LinkUnderFaults::MEASURED;
    assert!(
        (migrating - m.migrating).abs() < 5e-4 && (duplicating - m.duplicating).abs() < 5e-4,
        "run189: {migrating} and {duplicating} against the constant's {m:?}"
    );
}

/// Rule G (`calibration/h200/run189/readings.py`, written before `run189`): a GPU pass that faults
/// pages in on first touch and waits on the link hides a share of that wait under the faults
/// (`model::task::LinkUnderFaults`, measured by faultmix.cu on `run189`). Judged on `run188`'s
/// programs, a VM none of it was seen on, each priced by the run's calibration as the programs
/// run (unpinned, on their thread counts): the managed-advise cells beyond 5 % 5 → 3 of 9, their
/// median |error| 7.77 → 3.53 % (`run189/readings.txt`). The model file `calibrate` wrote there
/// predates the rule and prices without it; a fit by this code carries it.
#[test]
fn rule_g_takes_run188s_managed_advise_cells_beyond_5_pct_from_5_to_3_of_9() {
    let before = terms("run188", 1);
    assert_eq!(before.link_under_faults(), None);
    let mut under_g = before.clone();
    under_g.set_link_under_faults(Some(model::task::LinkUnderFaults::MEASURED));
    let (refit, _, _) = umodel::calibrate::fit_csv(
        Path::new("calibration/h200/run188/data-1/models/nvidia-h200-0931b6b9ea7c.minimal.csv"),
        None,
        Default::default(),
    )
    .unwrap();
    assert_eq!(
        refit.task_terms.unwrap().link_under_faults(),
        Some(&model::task::LinkUnderFaults::MEASURED)
    );
    let (advised, files) = advised_errors("run188", &[(&before, &under_g)], true);
    assert_eq!(files, 9);
    let (beyond, m) = tally(advised);
    assert_eq!(beyond, [5, 3], "{m:?}");
    assert!(
        (m[0] - 7.77).abs() < 0.005 && (m[1] - 3.53).abs() < 0.005,
        "{m:?}"
    );
}

/// Every managed-advise cell of `run`'s programs (relax.cu, pinned or not, kmeans.cu, horner.cu),
/// as each pair of terms prices it (|error| %, first of the pair then second), priced as the
/// programs run (pinned only for `relaxpinned`, on their thread counts; its file left out
/// unless `pinned`); and how many program files were priced.
fn advised_errors(
    run: &str,
    pairs: &[(&TaskTerms, &TaskTerms)],
    pinned: bool,
) -> ([Vec<f64>; 2], usize) {
    let dir = Path::new("calibration/h200").join(run);
    let mut advised = [vec![], vec![]];
    let mut files = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        let name = path.file_name().unwrap().to_str().unwrap().to_owned();
        let Some((program, rest)) = name.strip_suffix(".csv").and_then(|n| n.split_once('-'))
        else {
            continue;
        };
        let file = match program {
            "relax" => "relax.json",
            "relaxpinned" if pinned => "relax.json",
            "kmeans" => "kmeans.json",
            "horner" => "horner.json",
            _ => continue,
        };
        files += 1;
        let r = read_run(&path);
        let mut task = task_of(file, &r);
        task.thread_pinned = program == "relaxpinned";
        if let Some((_, t)) = rest.split_once("-t") {
            let threads: u32 = t.parse().unwrap();
            task.cpu_threads = Some(threads);
            task.cpu_final_threads = r.fin_ms.map(|_| threads);
        }
        for (a, b) in pairs {
            for (k, terms) in [a, b].into_iter().enumerate() {
                let (e, _, _) = errors(terms, &task, &r);
                for ((p, _), e) in r.totals.iter().zip(e) {
                    if *p == Policy::ManagedAdvise {
                        advised[k].push(e.abs());
                    }
                }
            }
        }
    }
    (advised, files)
}

/// Each side's cells beyond 5 % and median |error|.
fn tally(errors: [Vec<f64>; 2]) -> ([usize; 2], [f64; 2]) {
    let beyond = errors
        .clone()
        .map(|v| v.iter().filter(|&&e| e > 5.0).count());
    (beyond, errors.map(|v| median(&v).unwrap()))
}

/// Rule H (`calibration/h200/run191/readings.py`, written before `run191`): rule G end to end, on
/// a fresh VM, through the models `calibrate` wrote there with the merged build (both carry the
/// shares), against the same models without them. The programs' managed-advise cells (relax.cu
/// pinned left out, two calibrations): beyond 5 % 10 → 11 of 16, so H1 did not hold, though their
/// median |error| fell 8.32 → 6.61 % (`run191/readings.txt`).
#[test]
fn rule_h_g_through_run191s_own_models_puts_one_more_advised_cell_beyond_5_pct_of_16() {
    let with: Vec<TaskTerms> = [1, 2].map(|c| terms("run191", c)).to_vec();
    let without: Vec<TaskTerms> = with
        .iter()
        .map(|t| {
            assert_eq!(
                t.link_under_faults(),
                Some(&model::task::LinkUnderFaults::MEASURED)
            );
            let mut t = t.clone();
            t.set_link_under_faults(None);
            t
        })
        .collect();
    let pairs: Vec<_> = with.iter().zip(&without).collect();
    // relax.cu pinned is not in the rule.
    let (advised, files) = advised_errors("run191", &pairs, false);
    assert_eq!((files, advised[0].len()), (8, 16));
    let (beyond, m) = tally(advised);
    assert_eq!(beyond, [11, 10], "{m:?}");
    assert!(
        (m[0] - 6.61).abs() < 0.005 && (m[1] - 8.32).abs() < 0.005,
        "{m:?}"
    );
}
