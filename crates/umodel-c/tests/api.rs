//! The C functions called from Rust: "this machine's model" with the command line's fallbacks, one
//! handle shared by threads, and every bad argument an error (never undefined behaviour).

use std::ffi::{c_char, c_int, CStr, CString};
use std::path::Path;

use umodel::model::Predictor;
use umodel_c::*;

fn load(name: Option<&str>) -> Result<*mut umodel_model, (umodel_status, String)> {
    let name = name.map(|n| CString::new(n).unwrap());
    let mut m = std::ptr::null_mut();
    let s = unsafe {
        umodel_load(
            name.as_ref().map_or(std::ptr::null(), |n| n.as_ptr()),
            &mut m,
        )
    };
    if s == umodel_status::UMODEL_OK {
        assert!(!m.is_null());
        Ok(m)
    } else {
        assert!(m.is_null(), "a failed load leaves *out NULL");
        Err((s, last_error()))
    }
}

fn last_error() -> String {
    unsafe { CStr::from_ptr(umodel_last_error()) }
        .to_str()
        .unwrap()
        .to_string()
}

fn describe(m: *const umodel_model) -> String {
    unsafe { CStr::from_ptr(umodel_describe(m)) }
        .to_str()
        .unwrap()
        .to_string()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn this_machines_model_has_the_command_lines_fallbacks() {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("api-fallbacks");
    let _ = std::fs::remove_dir_all(&tmp);
    let (root, data) = (tmp.join("root"), tmp.join("data"));
    write(
        &root.join("proc/cpuinfo"),
        "model name\t: Test CPU @ 2.0GHz\n",
    );
    // This process only: the tests in this file that read the environment are this one.
    std::env::set_var("UMODEL_SYSROOT", &root);
    std::env::set_var("UMODEL_DATA_DIR", &data);

    // No NVIDIA driver: the first embedded model.
    let m = load(None).unwrap();
    assert!(
        describe(m).starts_with("embedded model gb200-paper"),
        "{}",
        describe(m)
    );
    unsafe { umodel_free(m) };

    // An H200, nothing calibrated: the embedded model of that GPU.
    let gpu = umodel::store::embedded("h200").unwrap().platform.gpu;
    write(
        &root.join("proc/driver/nvidia/gpus/0000:01:00.0/information"),
        &format!("Model: \t {gpu}\nIRQ: 1\n"),
    );
    let m = load(None).unwrap();
    assert!(
        describe(m).starts_with("embedded model h200"),
        "{}",
        describe(m)
    );
    unsafe { umodel_free(m) };

    // Calibrated here: that model (another's numbers, to tell them apart).
    let fp = umodel::platform::fingerprint_of(&gpu, &umodel::platform::host_cpu_model());
    let calibrated = data.join("models").join(format!("{fp}.json"));
    let paper_text = umodel::store::EMBEDDED
        .iter()
        .find(|(n, _)| *n == "gb200-paper")
        .unwrap()
        .1;
    write(&calibrated, paper_text);
    let m = load(None).unwrap();
    assert!(
        describe(m).starts_with("this machine's calibrated model"),
        "{}",
        describe(m)
    );
    let mut d = umodel_decision {
        policy: -1,
        time_ms: 0.0,
        tie: 0,
    };
    assert_eq!(
        unsafe { umodel_choose(m, 1 << 30, 4.0, &mut d) },
        umodel_status::UMODEL_OK
    );
    let want = Predictor::new(&umodel::store::embedded("gb200-paper").unwrap())
        .decide(1 << 30, 4.0)
        .unwrap();
    assert_eq!(
        (d.policy, d.time_ms),
        (want.best.index() as c_int, want.time_ms)
    );
    unsafe { umodel_free(m) };

    // One GPU of several: its own model where `calibrate --device` wrote one (here the H200's
    // numbers), else the machine's; a name is loaded as it is.
    let own = umodel::store::device_path(&calibrated, 1);
    let h200_text = umodel::store::EMBEDDED
        .iter()
        .find(|(n, _)| *n == "h200")
        .unwrap()
        .1;
    write(&own, h200_text);
    let load_device = |name: Option<&std::ffi::CStr>, device: c_int| {
        let mut m = std::ptr::null_mut();
        let s = unsafe {
            umodel_load_device(
                name.map_or(std::ptr::null(), |n| n.as_ptr()),
                device,
                &mut m,
            )
        };
        (s, m)
    };
    let (s, m) = load_device(None, 1);
    assert_eq!(s, umodel_status::UMODEL_OK);
    assert!(
        describe(m).starts_with("this machine's calibrated model")
            && describe(m).contains(".gpu1.json"),
        "{}",
        describe(m)
    );
    let h200 = Predictor::new(&umodel::store::embedded("h200").unwrap());
    assert_eq!(
        unsafe { umodel_choose(m, 1 << 30, 4.0, &mut d) },
        umodel_status::UMODEL_OK
    );
    let want = h200.decide(1 << 30, 4.0).unwrap();
    assert_eq!(
        (d.policy, d.time_ms),
        (want.best.index() as c_int, want.time_ms)
    );
    unsafe { umodel_free(m) };
    let (s, m) = load_device(None, 0);
    assert_eq!(s, umodel_status::UMODEL_OK);
    assert!(!describe(m).contains(".gpu"), "{}", describe(m));
    unsafe { umodel_free(m) };
    let (s, m) = load_device(Some(c"gb200-paper"), 1);
    assert_eq!(s, umodel_status::UMODEL_OK);
    assert!(
        describe(m).starts_with("embedded model gb200-paper"),
        "{}",
        describe(m)
    );
    unsafe { umodel_free(m) };
    let (s, m) = load_device(None, -1);
    assert_eq!(
        (s, m),
        (umodel_status::UMODEL_INVALID_ARGUMENT, std::ptr::null_mut())
    );
    assert_eq!(last_error(), "`device` (-1) is negative");
    std::fs::remove_file(&own).unwrap();

    // A broken calibrated model is an error that says the way out, as on the command line.
    write(&calibrated, "{\"schema_version\": ");
    let (s, msg) = load(None).unwrap_err();
    assert_eq!(s, umodel_status::UMODEL_BAD_MODEL);
    assert!(
        msg.contains("umodel doctor") && msg.contains("truncated"),
        "{msg}"
    );

    // A model file by path.
    let file = tmp.join("model.json");
    write(&file, paper_text);
    let m = load(Some(file.to_str().unwrap())).unwrap();
    assert!(describe(m).starts_with("model file"), "{}", describe(m));
    unsafe { umodel_free(m) };
    write(&file, "not json");
    let (s, msg) = load(Some(file.to_str().unwrap())).unwrap_err();
    assert_eq!(s, umodel_status::UMODEL_BAD_MODEL, "{msg}");
}

/// A handle pointer that may cross threads (the header's promise: an immutable handle).
#[derive(Clone, Copy)]
struct Shared(*const umodel_model);
unsafe impl Send for Shared {}

#[test]
fn one_handle_answers_from_many_threads() {
    let m = load(Some("h200")).unwrap();
    let p = Predictor::new(&umodel::store::embedded("h200").unwrap());
    let shared = Shared(m);
    let threads: Vec<_> = (0..4u64)
        .map(|t| {
            let p = p.clone();
            std::thread::spawn(move || {
                let shared = shared;
                for i in 0..20_000u64 {
                    let (bytes, reuse) =
                        ((1 << 20) + (t * 20_000 + i) * 65_537, 1.0 + (i % 50) as f64);
                    let mut d = umodel_decision {
                        policy: -1,
                        time_ms: 0.0,
                        tie: 0,
                    };
                    let s = unsafe { umodel_choose(shared.0, bytes, reuse, &mut d) };
                    assert_eq!(s, umodel_status::UMODEL_OK);
                    let w = p.decide(bytes, reuse).unwrap();
                    assert_eq!(d.policy, w.best.index() as c_int);
                    assert_eq!(d.time_ms.to_bits(), w.time_ms.to_bits());
                    assert_eq!(d.tie != 0, w.tie);
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    unsafe { umodel_free(m) };
}

#[test]
fn bad_arguments_are_errors_with_messages() {
    let m = load(Some("h200")).unwrap();
    let invalid = umodel_status::UMODEL_INVALID_ARGUMENT;
    let hm = c"host-mapped";
    let (mut t, mut lo, mut hi, mut r, mut x) = (0.0, 0.0, 0.0, 0.0, 0 as c_int);
    let mut d = umodel_decision {
        policy: -1,
        time_ms: 0.0,
        tie: 0,
    };
    let null_m = std::ptr::null::<umodel_model>();
    unsafe {
        // NULL handles.
        assert_eq!(umodel_choose(null_m, 1, 1.0, &mut d), invalid);
        assert_eq!(
            umodel_predict(null_m, hm.as_ptr(), 1, 1.0, &mut t, &mut lo, &mut hi),
            invalid
        );
        assert_eq!(
            umodel_breakeven(null_m, hm.as_ptr(), c"managed".as_ptr(), 1, &mut r, &mut x),
            invalid
        );
        assert_eq!(
            umodel_choose_many(
                null_m,
                std::ptr::null(),
                std::ptr::null(),
                0,
                std::ptr::null_mut()
            ),
            invalid
        );
        assert!(umodel_describe(null_m).is_null());
        // NULL outputs and strings.
        assert_eq!(
            umodel_breakeven(
                m,
                hm.as_ptr(),
                c"managed".as_ptr(),
                1,
                std::ptr::null_mut(),
                &mut x
            ),
            invalid
        );
        assert_eq!(last_error(), "`r_star` is NULL");
        assert_eq!(
            umodel_breakeven(m, hm.as_ptr(), std::ptr::null(), 1, &mut r, &mut x),
            invalid
        );
        assert_eq!(last_error(), "`b` is NULL");
        // A misaligned output.
        let mut bytes = [0u8; 32];
        let odd = bytes.as_mut_ptr().add(1).cast::<f64>();
        assert_eq!(
            umodel_predict(m, hm.as_ptr(), 1 << 30, 1.0, odd, &mut lo, &mut hi),
            invalid
        );
        assert!(last_error().contains("aligned"), "{}", last_error());
        // Not UTF-8.
        let bad = [0xffu8, 0xfe, 0];
        let bad = bad.as_ptr().cast::<c_char>();
        assert_eq!(
            umodel_predict(m, bad, 1 << 30, 1.0, &mut t, &mut lo, &mut hi),
            invalid
        );
        assert_eq!(last_error(), "`policy` is not UTF-8");
        let mut out = std::ptr::null_mut();
        assert_eq!(umodel_load(bad, &mut out), invalid);
        // Numbers.
        for reuse in [f64::NAN, -0.5, f64::INFINITY, f64::NEG_INFINITY] {
            assert_eq!(umodel_choose(m, 1 << 30, reuse, &mut d), invalid);
            assert_eq!(
                umodel_predict(m, hm.as_ptr(), 1 << 30, reuse, &mut t, &mut lo, &mut hi),
                invalid
            );
        }
        assert_eq!(d.policy, -1, "a failed call writes nothing");
        assert_eq!(umodel_choose(m, 0, 1.0, &mut d), invalid);
        assert_eq!(
            umodel_breakeven(m, hm.as_ptr(), c"managed".as_ptr(), 0, &mut r, &mut x),
            invalid
        );
        // A batch longer than memory can hold.
        let one = [1u64 << 30];
        let reuse = [1.0];
        assert_eq!(
            umodel_choose_many(m, one.as_ptr(), reuse.as_ptr(), usize::MAX, &mut d),
            invalid
        );
        assert!(last_error().contains("too large"), "{}", last_error());
        // An answer too large to be finite is the model's refusal, not a number.
        let s = umodel_predict(m, hm.as_ptr(), u64::MAX, 1e308, &mut t, &mut lo, &mut hi);
        assert_eq!(s, umodel_status::UMODEL_QUERY, "{}", last_error());
        umodel_free(m);
    }
}

#[test]
fn a_batch_longer_than_the_chunk_reports_the_right_index() {
    let m = load(Some("h200")).unwrap();
    let n = 1000;
    let sizes: Vec<u64> = (0..n as u64).map(|i| (1 << 20) + i * 1_000_003).collect();
    let mut reuse: Vec<f64> = (0..n).map(|i| 1.0 + (i % 17) as f64).collect();
    let empty = umodel_decision {
        policy: -1,
        time_ms: 0.0,
        tie: 0,
    };
    let mut out = vec![empty; n];
    let s = unsafe { umodel_choose_many(m, sizes.as_ptr(), reuse.as_ptr(), n, out.as_mut_ptr()) };
    assert_eq!(s, umodel_status::UMODEL_OK);
    let p = Predictor::new(&umodel::store::embedded("h200").unwrap());
    for i in 0..n {
        let w = p.decide(sizes[i], reuse[i]).unwrap();
        assert_eq!(
            (out[i].policy, out[i].time_ms),
            (w.best.index() as c_int, w.time_ms),
            "{i}"
        );
    }
    reuse[600] = -1.0;
    let mut out = vec![empty; n];
    let s = unsafe { umodel_choose_many(m, sizes.as_ptr(), reuse.as_ptr(), n, out.as_mut_ptr()) };
    assert_eq!(s, umodel_status::UMODEL_INVALID_ARGUMENT);
    assert_eq!(
        last_error(),
        "query 600: reuse must be a finite number ≥ 0 (got -1)"
    );
    assert!(out[..600].iter().all(|d| d.policy >= 0));
    assert!(out[600..].iter().all(|d| d.policy == -1));
    unsafe { umodel_free(m) };
}

/// C host code for `umodel_fault_scale`: the sum of the buffer's floats, into `*ctx` (an f64).
unsafe extern "C" fn sum_into(
    data: *mut std::ffi::c_void,
    bytes: usize,
    ctx: *mut std::ffi::c_void,
) {
    let x = unsafe { std::slice::from_raw_parts(data.cast::<f32>(), bytes / 4) };
    unsafe { *ctx.cast::<f64>() = x.iter().map(|v| f64::from(*v)).sum() };
}

fn empty_result() -> umodel_fault_scale_result {
    umodel_fault_scale_result {
        scale: -1.0,
        code_extra_ms: -1.0,
        read_extra_ms: -1.0,
        rounds: -1,
        failed: -1,
    }
}

fn gpu_present() -> bool {
    umodel::gpu::libraries_present().is_ok() && umodel::gpu::Gpu::open(0).is_ok()
}

#[test]
fn a_fault_scale_refuses_bad_arguments_before_it_looks_for_a_gpu() {
    let data = [1.0f32; 1024];
    let (p, n) = (data.as_ptr().cast::<std::ffi::c_void>(), size_of_val(&data));
    let mut total = 0.0f64;
    let ctx = (&mut total as *mut f64).cast::<std::ffi::c_void>();
    let mut r = empty_result();
    let code: umodel_host_code = Some(sum_into);
    let refused = |status: umodel_status, want: &str| {
        assert_eq!(status, umodel_status::UMODEL_INVALID_ARGUMENT, "{want}");
        assert!(last_error().contains(want), "{}: {want}", last_error());
    };
    unsafe {
        let null = std::ptr::null();
        refused(
            umodel_fault_scale(0, p, n, 0, 3, None, ctx, &mut r),
            "`code` is NULL",
        );
        refused(
            umodel_fault_scale(0, null, n, 0, 3, code, ctx, &mut r),
            "`data` is NULL",
        );
        let status = umodel_fault_scale(0, p, 0, 0, 3, code, ctx, &mut r);
        refused(status, "`bytes` (0) must be a positive multiple of 4");
        refused(
            umodel_fault_scale(0, p, 6, 0, 3, code, ctx, &mut r),
            "`bytes` (6)",
        );
        let status = umodel_fault_scale(0, p, n, 0, 0, code, ctx, &mut r);
        refused(status, "`rounds` (0) must be at least 1");
        let status = umodel_fault_scale(-1, p, n, 0, 3, code, ctx, &mut r);
        refused(status, "`device` (-1) is negative");
        let status = umodel_fault_scale(0, p, n, 2, 3, code, ctx, &mut r);
        refused(status, "`warm` (2) must be 0 or 1");
        let status = umodel_fault_scale(0, p, n, 0, 3, code, ctx, std::ptr::null_mut());
        refused(status, "`out` is NULL");
    }
    assert_eq!(r, empty_result(), "a failed call writes nothing");
    assert_eq!(total, 0.0, "nor calls the code");
}

#[test]
fn a_fault_scale_without_a_gpu_says_so() {
    if gpu_present() {
        return; // the GPU test below measures instead
    }
    let data = [1.0f32; 1024];
    let mut total = 0.0f64;
    let mut r = empty_result();
    let s = unsafe {
        umodel_fault_scale(
            0,
            data.as_ptr().cast(),
            size_of_val(&data),
            0,
            3,
            Some(sum_into),
            (&mut total as *mut f64).cast(),
            &mut r,
        )
    };
    assert_eq!(s, umodel_status::UMODEL_GPU, "{}", last_error());
    assert!(!last_error().is_empty());
    assert_eq!((r, total), (empty_result(), 0.0));
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn a_fault_scale_of_c_code_on_a_gpu() {
    // 64 MiB of floats; C code that sums them: about what the calibration's read pays.
    let data: Vec<f32> = (0..(64 << 20) / 4).map(|i| (i % 1024) as f32).collect();
    let want: f64 = data.iter().map(|v| f64::from(*v)).sum();
    let mut total = 0.0f64;
    let mut r = empty_result();
    let s = unsafe {
        umodel_fault_scale(
            0,
            data.as_ptr().cast(),
            size_of_val(data.as_slice()),
            0,
            3,
            Some(sum_into),
            (&mut total as *mut f64).cast(),
            &mut r,
        )
    };
    assert_eq!(s, umodel_status::UMODEL_OK, "{}", last_error());
    assert_eq!(total, want, "the code saw the data");
    // A size that divides by 8 is lent 8-byte aligned (a C double), on both copies.
    unsafe extern "C" fn misalignment(
        data: *mut std::ffi::c_void,
        _: usize,
        ctx: *mut std::ffi::c_void,
    ) {
        unsafe { *ctx.cast::<usize>() |= data as usize % 8 };
    }
    let mut off = 0usize;
    let mut r8 = empty_result();
    let s8 = unsafe {
        umodel_fault_scale(
            0,
            data.as_ptr().cast(),
            16 << 20,
            0,
            1,
            Some(misalignment),
            (&mut off as *mut usize).cast(),
            &mut r8,
        )
    };
    assert_eq!((s8, off), (umodel_status::UMODEL_OK, 0));
    assert_eq!((r.rounds, r.failed), (3, 0));
    assert!(
        r.read_extra_ms > 0.5 && r.scale > 0.3 && r.scale < 3.0,
        "{r:?}"
    );
    assert_eq!(r.scale, r.code_extra_ms / r.read_extra_ms);
}

/// A task's answers say what they assumed, as the command line's notes do: the constants are the
/// library's, each bit has its words, and a task smaller than the calibration is named
/// (NOTES.md, "Tasks smaller than the calibration").
#[test]
fn a_tasks_assumptions_reach_c_with_their_words() {
    use umodel::model::Assumptions as A;
    for (c, rust) in [
        (UMODEL_ASSUMED_CPU_ESTIMATED, A::CPU_ESTIMATED),
        (UMODEL_ASSUMED_GPU_ESTIMATED, A::GPU_ESTIMATED),
        (UMODEL_ASSUMED_FINAL_ESTIMATED, A::FINAL_ESTIMATED),
        (UMODEL_ASSUMED_RANDOM_AS_SEQUENTIAL, A::RANDOM_AS_SEQUENTIAL),
        (UMODEL_ASSUMED_NO_PREFETCH_NOOP, A::NO_PREFETCH_NOOP),
        (UMODEL_ASSUMED_NO_CPU_MANAGED, A::NO_CPU_MANAGED),
        (UMODEL_ASSUMED_WRITE_AS_READ, A::WRITE_AS_READ),
        (UMODEL_ASSUMED_NO_SYNC, A::NO_SYNC),
        (UMODEL_ASSUMED_FAULTS_HIDE, A::FAULTS_HIDE),
        (UMODEL_ASSUMED_GATHER_WRITE_AS_SUM, A::GATHER_WRITE_AS_SUM),
        (UMODEL_ASSUMED_SCALAR_AS_VECTOR, A::SCALAR_AS_VECTOR),
        (UMODEL_ASSUMED_NO_PREFETCH_NEXT, A::NO_PREFETCH_NEXT),
        (
            UMODEL_ASSUMED_NO_PREFETCH_DUPLICATE,
            A::NO_PREFETCH_DUPLICATE,
        ),
        (UMODEL_ASSUMED_BELOW_CALIBRATED, A::BELOW_CALIBRATED),
        (
            UMODEL_ASSUMED_FAULT_BACK_ONE_THREAD,
            A::FAULT_BACK_ONE_THREAD,
        ),
        (UMODEL_ASSUMED_LINK_BESIDE_FAULTS, A::LINK_BESIDE_FAULTS),
    ] {
        assert_eq!(c, rust);
        let note = umodel_assumption_note(c);
        assert!(!note.is_null(), "bit {c}");
        let words = unsafe { CStr::from_ptr(note) }.to_str().unwrap();
        assert_eq!(words, A::from_bits(c).notes()[0]);
    }
    assert_eq!(A::ALL.len(), 16, "a new assumption needs its C constant");
    for bit in [0, 3, 1 << 20] {
        assert!(umodel_assumption_note(bit).is_null(), "bit {bit}");
    }

    let m = load(Some("h200")).unwrap();
    let compile_on = |m: *const umodel_model, text: &str| {
        let text = CString::new(text).unwrap();
        let mut t = std::ptr::null_mut();
        assert_eq!(
            unsafe { umodel_task_compile(m, text.as_ptr(), &mut t) },
            umodel_status::UMODEL_OK,
            "{}",
            last_error()
        );
        t
    };
    let compile = |text: &str| compile_on(m, text);
    let bits = |t: *const umodel_task, q: &umodel_task_query| {
        let mut b = u32::MAX;
        let s = unsafe { umodel_task_assumptions(t, q, &mut b) };
        assert_eq!(s, umodel_status::UMODEL_OK, "{}", last_error());
        b
    };
    let times = umodel_task_query {
        given: UMODEL_GIVEN_CPU_MS | UMODEL_GIVEN_GPU_MS | UMODEL_GIVEN_CPU_FINAL_MS,
        cpu_ms: 14.0,
        gpu_ms: 0.29,
        cpu_final_ms: 26.0,
        rounds: 0,
        reuse: 0.0,
    };
    let none = umodel_task_query { given: 0, ..times };
    let seed = compile(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tasks/seed-001.json"
    ));
    assert_eq!(bits(seed, &times) & UMODEL_ASSUMED_BELOW_CALIBRATED, 0);
    assert_ne!(bits(seed, &none) & UMODEL_ASSUMED_CPU_ESTIMATED, 0);
    // The same task with buffers of 1 MiB.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tasks/seed-001.json"
    ))
    .unwrap();
    assert_eq!(text.matches("\"bytes\": 67108864").count(), 3);
    let task = text.replace("\"bytes\": 67108864", "\"bytes\": 1048576");
    let small = compile(&task);
    assert_ne!(bits(small, &times) & UMODEL_ASSUMED_BELOW_CALIBRATED, 0);
    // On 16 host threads: the embedded model prices the host's faults back on many threads; the
    // one it replaced (run65's terms, before they were measured) says it priced one thread's.
    assert_eq!(bits(seed, &times) & UMODEL_ASSUMED_FAULT_BACK_ONE_THREAD, 0);
    let threaded_text = text.replacen('{', "{\"cpu_threads\": 16, ", 1);
    let threaded = compile(&threaded_text);
    assert_eq!(
        bits(threaded, &times) & UMODEL_ASSUMED_FAULT_BACK_ONE_THREAD,
        0
    );
    let before = load(Some(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../calibration/h200/offline41/h200-until-2026-12-04.json"
    )))
    .unwrap();
    let threaded_before = compile_on(before, &threaded_text);
    assert_ne!(
        bits(threaded_before, &times) & UMODEL_ASSUMED_FAULT_BACK_ONE_THREAD,
        0
    );
    // Bad arguments are errors, never answers.
    let mut b = 0;
    assert_eq!(
        unsafe { umodel_task_assumptions(std::ptr::null(), &times, &mut b) },
        umodel_status::UMODEL_INVALID_ARGUMENT
    );
    assert_eq!(
        unsafe { umodel_task_assumptions(seed, &times, std::ptr::null_mut()) },
        umodel_status::UMODEL_INVALID_ARGUMENT
    );
    unsafe {
        umodel_task_free(seed);
        umodel_task_free(small);
        umodel_task_free(threaded);
        umodel_task_free(threaded_before);
        umodel_free(before);
        umodel_free(m);
    }
}

#[test]
fn a_probe_is_judged_in_c_as_the_library_judges_it() {
    // run232's slow-link H100 VM: map_read 1.54x the h100 model's at 64 MiB (± 1 % a round),
    // map_write at the model's rate.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../calibration/h100/run232/run232/probe-1.json"
    );
    let probe = umodel::model::Probe::read(Path::new(path)).unwrap();
    let h100 = load(Some("h100")).unwrap();
    let empty = umodel_probe_figure {
        term: std::ptr::null(),
        link: 7,
        bytes: 0,
        ms: 0.0,
        rel_sd: 0.0,
        samples: 0,
        model_ms: 0.0,
        ratio: 0.0,
        differs: 7,
        priced: 7,
    };
    let judge = |m: *const umodel_model, p: &str, cap: usize| {
        let p = CString::new(p).unwrap();
        let mut out = vec![empty; cap];
        let mut n = usize::MAX;
        let s = unsafe { umodel_probe_against(m, p.as_ptr(), out.as_mut_ptr(), cap, &mut n) };
        (s, out, n)
    };
    let (s, out, n) = judge(h100, path, UMODEL_PROBE_FIGURES_MAX);
    assert_eq!(s, umodel_status::UMODEL_OK, "{}", last_error());
    assert_eq!(n, 12);
    let name = |f: &umodel_probe_figure| unsafe { CStr::from_ptr(f.term) }.to_str().unwrap();
    // The library's judgement, figure by figure.
    let terms = Predictor::new(&umodel::store::embedded("h100").unwrap())
        .task_terms()
        .unwrap()
        .clone();
    let want = probe.against(&terms);
    assert_eq!(want.len(), n);
    for (f, w) in out[..n].iter().zip(&want) {
        assert_eq!(name(f), w.term.name());
        assert_eq!(
            (f.bytes, f.ms, f.model_ms),
            (w.bytes, w.probe.ms, w.model_ms)
        );
        assert_eq!(f.differs, c_int::from(w.differs()), "{}", name(f));
        assert_eq!(f.link, c_int::from(w.is_link()), "{}", name(f));
        assert_eq!(f.priced, c_int::from(w.priced()), "{}", name(f));
    }
    let by = |t: &str| out[..n].iter().find(|f| name(f) == t).unwrap();
    assert_eq!(by("map_read").differs, 1);
    assert!((1.53..1.55).contains(&by("map_read").ratio));
    assert_eq!(by("map_write").differs, 0);
    assert_eq!((by("map_read").link, by("prefetch_to_host").link), (1, 0));
    // The managed passes are shown, priced from the pinned ones (rule M).
    assert_eq!(
        (by("map_write").priced, by("managed_map_write").priced),
        (1, 0)
    );
    assert_eq!(out[n].differs, 7, "nothing written past the figures");
    // The text of the probe, as `umodel probe --json` prints it, is judged alike.
    let text = std::fs::read_to_string(path).unwrap();
    let (s, from_text, _) = judge(h100, &text, UMODEL_PROBE_FIGURES_MAX);
    assert_eq!(s, umodel_status::UMODEL_OK, "{}", last_error());
    assert_eq!(from_text[..n], out[..n]);
    // A model with no task terms prices none of them.
    let paper = load(Some("gb200-paper")).unwrap();
    let (s, bare, n2) = judge(paper, path, n);
    assert_eq!((s, n2), (umodel_status::UMODEL_OK, n));
    assert!(bare[..n]
        .iter()
        .all(|f| f.differs == -1 && f.model_ms.is_nan() && f.ratio.is_nan()));
    // Bad input: a status and a message, nothing written.
    let (s, short, n3) = judge(h100, path, 3);
    assert_eq!(s, umodel_status::UMODEL_INVALID_ARGUMENT);
    assert!(last_error().contains("12 figures"), "{}", last_error());
    assert_eq!((n3, short[0].differs), (usize::MAX, 7));
    let (s, _, _) = judge(h100, "/no/such/probe.json", UMODEL_PROBE_FIGURES_MAX);
    assert_eq!(s, umodel_status::UMODEL_NOT_FOUND);
    let (s, _, _) = judge(h100, r#"{"bytes": 67108864, "fault_out": {"ms": 3}}"#, 13);
    assert_eq!(s, umodel_status::UMODEL_BAD_TASK);
    assert!(last_error().contains("fault_out"), "{}", last_error());
    let mut n = 0usize;
    let p = CString::new(path).unwrap();
    assert_eq!(
        unsafe { umodel_probe_against(h100, p.as_ptr(), std::ptr::null_mut(), 13, &mut n) },
        umodel_status::UMODEL_INVALID_ARGUMENT
    );
    // Every figure a probe can hold fits in UMODEL_PROBE_FIGURES_MAX. (run232's has all but the
    // task-shaped prefetch to the device and the two figures only `umodel probe` times since
    // 2026-12-06: a shaped probe of that build has all fifteen.)
    let mut full = probe;
    full.prefetch_to_device = full.prefetch_to_host;
    full.fault_in_scalar_one_thread = full.fault_in;
    full.cpu_fault_run = full.cpu_fault_back;
    assert_eq!(full.sized_figures().len(), UMODEL_PROBE_FIGURES_MAX);
    unsafe {
        umodel_free(h100);
        umodel_free(paper);
    }
}
