//! The C library's call cost: `umodel_choose` through its `extern "C"` symbol (the target: ≤ 100 ns
//! with the handle's checks, the panic guard and the decision over every policy), and
//! `umodel_choose_many` per decision, and `umodel_task_choose` on a compiled task given the
//! caller's phase times (issue 10's target for a task query in process: ≤ 1 µs). Run: cargo bench
//! -p umodel-c --bench c_call

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use umodel_c::{
    umodel_choose, umodel_choose_many, umodel_decision, umodel_free, umodel_load, umodel_model,
    umodel_status, umodel_task, umodel_task_choose, umodel_task_compile, umodel_task_free,
    umodel_task_query, UMODEL_GIVEN_CPU_MS, UMODEL_GIVEN_GPU_MS,
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

fn task_calls(c: &mut Criterion) {
    let mut m: *mut umodel_model = std::ptr::null_mut();
    assert_eq!(
        unsafe { umodel_load(c"h200".as_ptr(), &mut m) },
        umodel_status::UMODEL_OK
    );
    let repo = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tasks/");
    // Each task with the phase times its run measured (NOTES.md, "Tasks": `tasks-5`).
    for (name, cpu_ms, gpu_ms) in [("seed-001", 14.29, 0.294), ("partial-update", 3.96, 0.135)] {
        let path = std::ffi::CString::new(format!("{repo}{name}.json")).unwrap();
        let mut t: *mut umodel_task = std::ptr::null_mut();
        assert_eq!(
            unsafe { umodel_task_compile(m, path.as_ptr(), &mut t) },
            umodel_status::UMODEL_OK
        );
        let q = umodel_task_query {
            given: UMODEL_GIVEN_CPU_MS | UMODEL_GIVEN_GPU_MS,
            cpu_ms,
            gpu_ms,
            cpu_final_ms: 0.0,
            rounds: 0,
            reuse: 0.0,
        };
        let mut d = umodel_decision {
            policy: -1,
            time_ms: 0.0,
            tie: 0,
        };
        let choose = black_box(
            umodel_task_choose
                as unsafe extern "C" fn(
                    *const umodel_task,
                    *const umodel_task_query,
                    *mut umodel_decision,
                ) -> umodel_status,
        );
        assert_eq!(unsafe { choose(t, &q, &mut d) }, umodel_status::UMODEL_OK);
        c.bench_function(&format!("{name}/umodel_task_choose"), |b| {
            b.iter(|| unsafe { choose(black_box(t), black_box(&q), black_box(&mut d)) })
        });
        unsafe { umodel_task_free(t) };
    }
    unsafe { umodel_free(m) };
}

criterion_group!(benches, calls, task_calls);
criterion_main!(benches);
