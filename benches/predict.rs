//! In-process query speed on a compiled model, `Predictor` (the targets: `choose` over all policies
//! ≤ 50 ns, `choose_many` ≥ 20 M decisions/s; `choose` of a task over all policies under 1 µs).
//! Run: cargo bench --bench predict (`-- predictor` for the model's own queries only)

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use umodel::model::{CpuUpdate, Predictor};
use umodel::{store, Policy};

fn queries(c: &mut Criterion) {
    for name in store::EMBEDDED.iter().map(|(n, _)| *n) {
        let m = store::embedded(name).unwrap();
        let bytes = m.default_bytes();
        let off_knot = bytes / 3 + 12_345;
        // What a `PlatformModel` query adds: it compiles the model each time.
        c.bench_function(&format!("{name}/predictor_new"), |b| {
            b.iter(|| Predictor::new(black_box(&m)))
        });
        let p = Predictor::new(&m);
        c.bench_function(&format!("{name}/predictor_predict"), |b| {
            b.iter(|| {
                black_box(&p).predict(
                    black_box(Policy::HostMapped),
                    black_box(bytes),
                    black_box(4.0),
                )
            })
        });
        c.bench_function(&format!("{name}/predictor_predict_between_sizes"), |b| {
            b.iter(|| {
                black_box(&p).predict(
                    black_box(Policy::ExplicitCopy),
                    black_box(off_knot),
                    black_box(4.0),
                )
            })
        });
        // Batches: many decisions per call, nothing allocated per query.
        {
            const N: usize = 4096;
            let (lo, hi) = m.calibrated_range().unwrap_or((1 << 24, 1 << 30));
            let sizes: Vec<u64> = (0..N as u64)
                .map(|i| lo + (hi - lo) / N as u64 * i)
                .collect();
            let reuses: Vec<f64> = (0..N).map(|i| 1.0 + (i % 32) as f64).collect();
            let mut out = vec![umodel::model::Decision::default(); N];
            let mut g = c.benchmark_group(format!("{name}/predictor_choose_many"));
            g.throughput(criterion::Throughput::Elements(N as u64));
            g.bench_function("4096", |b| {
                b.iter(|| {
                    black_box(&p)
                        .choose_many(black_box(&sizes), black_box(&reuses), &mut out)
                        .unwrap()
                })
            });
            g.finish();
        }
        // Given a CPU scale (a caller that probes its CPU): only models that keep the CPU apart.
        if p.choose_with_cpu_scale(bytes, 1.0, 1.2).is_ok() {
            c.bench_function(
                &format!("{name}/predictor_choose_all_policies_cpu_scale"),
                |b| {
                    b.iter(|| {
                        black_box(&p).choose_with_cpu(
                            black_box(off_knot),
                            black_box(8.0),
                            black_box(CpuUpdate::Scaled(1.2)),
                        )
                    })
                },
            );
        }
        c.bench_function(&format!("{name}/predictor_choose_all_policies"), |b| {
            b.iter(|| black_box(&p).choose(black_box(off_knot), black_box(8.0)))
        });
        c.bench_function(
            &format!("{name}/predictor_choose_at_a_calibrated_size"),
            |b| b.iter(|| black_box(&p).choose(black_box(bytes), black_box(8.0))),
        );
        c.bench_function(&format!("{name}/predictor_breakeven"), |b| {
            b.iter(|| {
                black_box(&p).breakeven(
                    black_box(Policy::HostMapped),
                    black_box(Policy::ExplicitCopy),
                    black_box(bytes),
                )
            })
        });
    }
}

/// Task queries on the H200 model, for every task file under `tasks/`, with phase times given:
/// `choose_task` and `predict_task` price the task from scratch each call; `choose_task_compiled`
/// is a scheduler's query on a task compiled once (`TaskTerms::compile`), passing the phase times
/// it measured with each call; `compile_task` is that compilation. `choose_task_round_by_round`
/// is the same query summed round by round (`CompiledTask::round_by_round`: the one-shot answers
/// to the bit, what the command line and `serve` answer). `breakeven_task` (from the task) and
/// `breakeven_task_compiled` (`CompiledTask::breakeven`) find R* of host-mapped against the copy.
fn task_queries(c: &mut Criterion) {
    let m = store::embedded("h200").unwrap();
    let terms = m
        .task_terms
        .as_ref()
        .expect("the H200 model has task terms");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tasks");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    for path in files {
        let mut t = umodel::task::Task::read(&path).unwrap();
        t.cpu_ms = Some(14.0);
        t.gpu_ms = Some(0.29);
        t.cpu_final_ms = Some(26.0);
        c.bench_function(&format!("h200/choose_task/{}", t.name), |b| {
            b.iter(|| umodel::model::choose_task(black_box(terms), black_box(&t)))
        });
        let compiled = terms.compile(&t).unwrap();
        c.bench_function(&format!("h200/choose_task_compiled/{}", t.name), |b| {
            b.iter(|| {
                black_box(&compiled).choose(umodel::model::TaskOverrides {
                    cpu_ms: black_box(Some(14.0)),
                    gpu_ms: black_box(Some(0.29)),
                    ..Default::default()
                })
            })
        });
        c.bench_function(&format!("h200/predict_task/{}", t.name), |b| {
            b.iter(|| {
                umodel::model::predict_task(
                    black_box(terms),
                    black_box(&t),
                    black_box(Policy::ManagedAdvisePrefetch),
                )
            })
        });
        c.bench_function(&format!("h200/compile_task/{}", t.name), |b| {
            b.iter(|| black_box(terms).compile(black_box(&t)))
        });
        let given = umodel::model::TaskOverrides {
            cpu_ms: Some(14.0),
            gpu_ms: Some(0.29),
            ..Default::default()
        };
        c.bench_function(
            &format!("h200/choose_task_round_by_round/{}", t.name),
            |b| {
                b.iter(|| {
                    black_box(&compiled)
                        .round_by_round()
                        .choose(black_box(given))
                })
            },
        );
        let (pa, pb) = (Policy::HostMapped, Policy::ExplicitCopy);
        c.bench_function(&format!("h200/breakeven_task/{}", t.name), |b| {
            b.iter(|| {
                umodel::model::breakeven_task(black_box(terms), black_box(&t), black_box(pa), pb)
            })
        });
        c.bench_function(&format!("h200/breakeven_task_compiled/{}", t.name), |b| {
            b.iter(|| black_box(&compiled).breakeven(black_box(pa), pb, black_box(given)))
        });
    }
    // Seed 001's query on a model file as `calibrate` writes it (calibration/h200/run64, with
    // `map_gather_write`: one more link part per host-mapped pass), beside the embedded model's.
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("calibration/h200/run64/model-minimal-1.json");
    let m = store::read_model(&path).unwrap();
    let terms = m.task_terms.as_ref().expect("run64's model has task terms");
    let t = umodel::task::Task::read(&dir.join("seed-001.json")).unwrap();
    let compiled = terms.compile(&t).unwrap();
    c.bench_function("run64/choose_task_compiled/seed-001", |b| {
        b.iter(|| {
            black_box(&compiled).choose(umodel::model::TaskOverrides {
                cpu_ms: black_box(Some(14.0)),
                gpu_ms: black_box(Some(0.29)),
                ..Default::default()
            })
        })
    });
}

criterion_group!(benches, queries, task_queries);
criterion_main!(benches);
