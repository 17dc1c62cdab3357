//! The C library's call cost: `umodel_choose` through its `extern "C"` symbol (the target: ≤ 100 ns
//! with the handle's checks, the panic guard and the decision over every policy), and
//! `umodel_choose_many` per decision. Run: cargo bench -p umodel-c --bench c_call

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use umodel_c::{
    umodel_choose, umodel_choose_many, umodel_decision, umodel_free, umodel_load, umodel_model,
    umodel_status,
};

type ChooseFn =
    unsafe extern "C" fn(*const umodel_model, u64, f64, *mut umodel_decision) -> umodel_status;

fn calls(c: &mut Criterion) {
    for name in [c"h200", c"gb200-paper"] {
        let mut m: *mut umodel_model = std::ptr::null_mut();
        assert_eq!(
            unsafe { umodel_load(name.as_ptr(), &mut m) },
            umodel_status::UMODEL_OK
        );
        let label = name.to_str().unwrap();
        let mut d = umodel_decision {
            policy: -1,
            time_ms: 0.0,
            tie: 0,
        };
        // Through a function pointer the optimiser cannot see through: a real C-ABI call, as from C.
        let choose: ChooseFn = black_box(umodel_choose as ChooseFn);
        // Between calibrated sizes (interpolated), as most scheduler queries are.
        let bytes = (256u64 << 20) / 3 + 12_345;
        c.bench_function(&format!("{label}/umodel_choose"), |b| {
            b.iter(|| unsafe {
                choose(
                    black_box(m),
                    black_box(bytes),
                    black_box(8.0),
                    black_box(&mut d),
                )
            })
        });
        const N: usize = 4096;
        let sizes: Vec<u64> = (0..N as u64)
            .map(|i| (16 << 20) + i * (240 << 10))
            .collect();
        let reuses: Vec<f64> = (0..N).map(|i| 1.0 + (i % 32) as f64).collect();
        let mut out = vec![d; N];
        let mut g = c.benchmark_group(format!("{label}/umodel_choose_many"));
        g.throughput(Throughput::Elements(N as u64));
        g.bench_function("4096", |b| {
            b.iter(|| unsafe {
                umodel_choose_many(
                    black_box(m),
                    sizes.as_ptr(),
                    reuses.as_ptr(),
                    N,
                    out.as_mut_ptr(),
                )
            })
        });
        g.finish();
        unsafe { umodel_free(m) };
    }
}

criterion_group!(benches, calls);
criterion_main!(benches);
