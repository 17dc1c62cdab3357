//! In-process query speed on a loaded model (the target: `choose` over all policies under 100 ns).
//! Run: cargo bench --bench predict

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use umodel::model::CpuUpdate;
use umodel::{store, Policy};

fn queries(c: &mut Criterion) {
    for name in store::EMBEDDED.iter().map(|(n, _)| *n) {
        let m = store::embedded(name).unwrap();
        let bytes = m.default_bytes();
        let off_knot = bytes / 3 + 12_345;
        c.bench_function(&format!("{name}/predict"), |b| {
            b.iter(|| {
                black_box(&m).predict(
                    black_box(Policy::HostMapped),
                    black_box(bytes),
                    black_box(4.0),
                )
            })
        });
        c.bench_function(&format!("{name}/predict_between_sizes"), |b| {
            b.iter(|| {
                black_box(&m).predict(
                    black_box(Policy::ExplicitCopy),
                    black_box(off_knot),
                    black_box(4.0),
                )
            })
        });
        c.bench_function(&format!("{name}/choose_all_policies"), |b| {
            b.iter(|| black_box(&m).choose(black_box(off_knot), black_box(8.0)))
        });
        // Given a CPU scale (a caller that probes its CPU): only models that keep the CPU apart.
        if m.predict_with_cpu(Policy::ExplicitCopy, bytes, 1.0, CpuUpdate::Scaled(1.2))
            .is_ok()
        {
            c.bench_function(&format!("{name}/choose_all_policies_cpu_scale"), |b| {
                b.iter(|| {
                    black_box(&m).choose_with_cpu(
                        black_box(off_knot),
                        black_box(8.0),
                        black_box(CpuUpdate::Scaled(1.2)),
                    )
                })
            });
        }
        let p = umodel::model::Predictor::new(&m);
        if p.choose_with_cpu_scale(bytes, 1.0, 1.2).is_ok() {
            c.bench_function(
                &format!("{name}/predictor_choose_all_policies_cpu_scale"),
                |b| {
                    b.iter(|| {
                        black_box(&p).choose_with_cpu_scale(
                            black_box(off_knot),
                            black_box(8.0),
                            black_box(1.2),
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
        c.bench_function(&format!("{name}/breakeven"), |b| {
            b.iter(|| {
                black_box(&m).breakeven(
                    black_box(Policy::HostMapped),
                    black_box(Policy::ExplicitCopy),
                    black_box(bytes),
                )
            })
        });
    }
}

criterion_group!(benches, queries);
criterion_main!(benches);
