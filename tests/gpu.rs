//! GPU tests. Those marked `#[ignore]` need an NVIDIA GPU and run on the GPU machine
//! (`cargo test --release --test gpu -- --ignored`, or the prebuilt test binary there; see NOTES.md).
//! The rest run everywhere and check that a machine without a GPU gets a clear error, not a panic.

use assert_cmd::Command;
use umodel::bench::{self, BenchConfig, Group, Output, Silent};
use umodel::gpu::{self, Gpu, GpuError, Location, Shape};
use umodel::table::{Check, Table};

fn gpu_present() -> bool {
    gpu::libraries_present().is_ok() && Gpu::open(0).is_ok()
}

#[test]
fn without_a_gpu_bench_and_calibrate_fail_cleanly() {
    if gpu_present() {
        return; // covered by the ignored tests on the GPU machine
    }
    let d = tempfile::tempdir().unwrap();
    for args in [vec!["bench", "hbm", "--out"], vec!["calibrate", "--data"]] {
        let out = Command::cargo_bin("umodel")
            .unwrap()
            .env("UMODEL_DATA_DIR", d.path())
            .args(&args)
            .arg(d.path().join("x"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(
            err.contains("CUDA") || err.contains("GPU"),
            "{args:?}: {err}"
        );
    }
    assert!(matches!(
        Gpu::open(0),
        Err(GpuError::NoDriver | GpuError::NoNvrtc | GpuError::NoDevice { .. })
    ));
}

#[test]
fn without_nvrtc_compiling_the_kernels_says_so_rather_than_panicking() {
    if gpu::nvrtc_version().is_some() {
        return; // NVRTC is installed here: nothing to check
    }
    let e = gpu::kernels_ptx(9, 0).unwrap_err();
    assert!(matches!(e, GpuError::NoNvrtc), "{e}");
    assert!(e.to_string().contains("compute capability 9.0"), "{e}");
}

#[test]
fn calibrate_refuses_zero_cpu_threads_before_touching_the_gpu() {
    let d = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("umodel")
        .unwrap()
        .env("UMODEL_DATA_DIR", d.path())
        .args(["calibrate", "--cpu-threads", "0"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("--cpu-threads must be at least 1"), "{err}");
    assert!(
        std::fs::read_dir(d.path()).unwrap().next().is_none(),
        "nothing written"
    );
}

#[test]
fn oversubscription_needs_its_flag() {
    let cfg = BenchConfig {
        groups: vec![Group::Oversub],
        ..BenchConfig::default()
    };
    let e = bench::plan(&cfg).unwrap_err().to_string();
    assert!(e.contains("--allow-oversubscription"), "{e}");
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn device_facts_are_sane() {
    let g = Gpu::open(0).unwrap();
    let p = g.platform().unwrap();
    assert!(!p.gpu.is_empty());
    assert!(p.sm_count.unwrap() > 0);
    assert!(p.l2_bytes.unwrap() > 0);
    assert!(p.memory_bytes.unwrap() > 1 << 30);
    assert!(p.cuda_version.contains('.'));
    let (cap, used) = g.managed_budget();
    let (free, _) = g.mem_info().unwrap();
    assert!(cap <= free / 2 + (64 << 20), "cap {cap} vs free {free}");
    assert_eq!(used, 0);
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn kernels_load_as_ptx_unless_machine_code_is_asked_for() {
    use umodel::gpu::KernelCode;
    // The GPU machines' NVRTC (CUDA 13) compiles for their sm_90, so machine code needs no fallback.
    for code in [KernelCode::Ptx, KernelCode::PtxCompiled, KernelCode::Cubin] {
        let g = Gpu::open_with(0, code).unwrap();
        let s = *g.startup();
        assert_eq!(s.code, code);
        for (what, v) in s.seconds() {
            assert!(v > 0.0 && v < 60.0, "{code:?} {what}: {v} s");
        }
        // On the GPU machines (compute capability 9.0) the default needs no NVRTC.
        assert_eq!(s.nvrtc, code != KernelCode::Ptx, "{code:?}");
    }
    assert_eq!(Gpu::open(0).unwrap().startup().code, KernelCode::Ptx);
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn the_embedded_ptx_is_what_this_machines_nvrtc_makes() {
    // The same PTX means the same machine code from the driver, so the embedded PTX measures what
    // compiling at every open measured. Only an NVRTC of the version that made it must agree.
    let version = gpu::nvrtc_version().unwrap();
    if version != "13.0" {
        eprintln!("NVRTC {version}, not 13.0: nothing to compare");
        return;
    }
    let here = gpu::kernels_ptx(9, 0).unwrap();
    let embedded = gpu::embedded_kernels_ptx();
    assert_eq!(here.len(), embedded.len());
    for ((file, ptx), (efile, eptx)) in here.iter().zip(embedded) {
        assert_eq!(file, efile);
        assert!(
            ptx == eptx,
            "{file}: this machine's NVRTC 13.0 makes other PTX"
        );
    }
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn managed_cap_refuses_before_allocating() {
    let g = Gpu::open(0).unwrap();
    let (cap, _) = g.managed_budget();
    let too_many = (cap / 4 + 1) as usize; // floats: one more byte-quad than the cap allows
    match g.managed::<f32>(too_many) {
        Err(GpuError::ManagedCap { .. }) => {}
        Err(e) => panic!("wrong error: {e}"),
        Ok(_) => panic!("allocation over the managed cap was allowed"),
    }
    assert_eq!(g.managed_budget().1, 0, "nothing was allocated");
    let m = g.managed::<f32>(1 << 20).unwrap();
    assert_eq!(g.managed_budget().1, 4 << 20);
    drop(m);
    assert_eq!(g.managed_budget().1, 0);
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn kernels_and_memory_kinds_compute_the_right_thing() {
    let g = Gpu::open(0).unwrap();
    let n = (1 << 20) + 3; // a tail that is not a multiple of 4
                           // Device: in-place passes, both shapes.
    let mut host = g.pinned::<f32>(n, false).unwrap();
    for (i, v) in host.host_mut().unwrap().iter_mut().enumerate() {
        *v = (i % 1024) as f32;
    }
    let mut d = g.device::<f32>(n).unwrap();
    g.copy_to_device(&host, &mut d).unwrap();
    g.inplace(Shape::Flat, &mut d, 1.0, 1.0).unwrap();
    g.inplace(Shape::Grid, &mut d, 1.0, 1.0).unwrap();
    g.copy_to_host(&d, &mut host).unwrap();
    assert!(host
        .host()
        .unwrap()
        .iter()
        .enumerate()
        .all(|(i, v)| *v == (i % 1024) as f32 + 2.0));
    assert_eq!(g.check_ramp(&d, 1024, 2.0).unwrap(), 0);
    assert_eq!(g.check_ramp(&d, 1024, 3.0).unwrap(), n as u64);
    // The compute-bound convergence lands on x + 1 exactly, in both shapes, for whole numbers up
    // to 2²¹ and with few steps or many.
    let big = 1u32 << 21;
    for (i, v) in host.host_mut().unwrap().iter_mut().enumerate() {
        *v = (i as u32 % big) as f32;
    }
    g.copy_to_device(&host, &mut d).unwrap();
    g.converge(Shape::Flat, &mut d, 64).unwrap();
    g.converge(Shape::Grid, &mut d, 4096).unwrap();
    assert_eq!(g.check_ramp(&d, big, 2.0).unwrap(), 0);
    // Mapped host memory: the GPU writes it in place.
    let mut m = g.pinned::<f32>(n, true).unwrap();
    m.host_mut().unwrap().fill(5.0);
    g.inplace(Shape::Flat, &mut m, 2.0, 1.0).unwrap();
    assert!(m.host().unwrap().iter().all(|v| *v == 11.0));
    // Random reads into a stream: written, then accumulated, each element from its hashed index
    // (over a shorter source, so the index is reduced modulo the shorter length).
    let mut src = g.pinned::<f32>(n - 3, true).unwrap();
    for (i, v) in src.host_mut().unwrap().iter_mut().enumerate() {
        *v = (i % 1024) as f32;
    }
    g.random_into(&mut m, &src, 7, false).unwrap();
    g.random_into(&mut m, &src, 7, true).unwrap();
    g.sync().unwrap();
    let key = |i: usize| umodel::gpu::random_key(i as u64, 7, (n - 3) as u64) as usize;
    let got = m.host().unwrap();
    assert!((0..n - 3).all(|i| got[i] == 2.0 * (key(i) % 1024) as f32));
    assert!(
        got[n - 3..].iter().all(|v| *v == 11.0),
        "past the source: untouched"
    );
    // Managed memory, prefetched both ways.
    let mut u = g.managed::<f32>(n).unwrap();
    u.host_mut().unwrap().fill(1.0);
    g.prefetch(&u, Location::Device).unwrap();
    g.inplace(Shape::Flat, &mut u, 1.0, 1.0).unwrap();
    g.prefetch(&u, Location::Host).unwrap();
    assert!(u.host().unwrap().iter().all(|v| *v == 2.0));
    // Read-sum is exact on whole numbers.
    g.read_sum(&u).unwrap();
    assert_eq!(g.take_sum().unwrap(), 2 * n as u64);
    // Events measure something.
    let (a, b) = (g.event().unwrap(), g.event().unwrap());
    g.record(&a).unwrap();
    g.inplace(Shape::Flat, &mut d, 1.0, 0.0).unwrap();
    g.record(&b).unwrap();
    assert!(b.ms_since(&a).unwrap() > 0.0);
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn every_group_runs_small_and_passes_its_checks() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m.csv");
    let cfg = BenchConfig {
        groups: bench::DEFAULT_GROUPS.to_vec(),
        sizes: Some(vec![8 << 20]),
        trials: Some(2),
        reuse: vec![1, 3],
        out: Output::File(out.clone()),
        ..BenchConfig::default()
    };
    let o = bench::run(&cfg, &mut Silent).unwrap();
    assert_eq!(
        o.failed,
        0,
        "{:#?}",
        o.summary
            .iter()
            .filter(|l| l.failed > 0)
            .collect::<Vec<_>>()
    );
    let t = Table::read(&out).unwrap();
    assert!(t.failed.is_empty());
    assert!(t.rows.iter().all(|r| r.check == Check::Ok));
    for g in bench::DEFAULT_GROUPS {
        assert!(
            t.rows.iter().any(|r| r.group == g),
            "no rows for {}",
            g.name()
        );
    }
    // The CPU-update primitives the composed model needs, read-mostly duplication advised after
    // the fill, as tasks advise, and prefetches in a task's sequence.
    use umodel::schema::{Case, ManagedCase, PrefetchCase, TransferCase};
    for case in [
        &TransferCase::CpuUpdate as &dyn Case,
        &ManagedCase::CpuWritePrefetched,
        &ManagedCase::ReadMostlyAfterFill,
        &ManagedCase::ReadMostlyRandomAfterFill,
        &PrefetchCase::SeqFirst,
        &PrefetchCase::SeqNext,
        &PrefetchCase::SeqNoop,
    ] {
        assert!(t.rows.iter().any(|r| r.is(case)), "no {case:?} rows");
    }
    let terms = umodel::model::terms::fit_terms(&t).expect("terms");
    for name in ["cpu_update_pinned_gbps", "cpu_write_prefetched_gbps"] {
        assert!(terms.at(name, 8 << 20).is_some_and(|v| v > 0.0), "{name}");
    }
    // Every task term is measured by the suite (one size: per-byte costs only).
    let task_terms = umodel::model::fit_task_terms(&t, None).expect("task terms");
    for id in umodel::model::TermId::ALL {
        assert!(
            task_terms.get(id).is_some(),
            "task term {} not measured",
            id.name()
        );
    }
    // Every validation workload ran under every policy, with its plain-memory phases; seed 001's
    // overlapped variant under the two prefetching policies.
    for mut task in umodel::task::workloads::all() {
        for b in &mut task.buffers {
            b.bytes = 8 << 20;
        }
        let total = format!("{}:total", task.name);
        let policies: std::collections::BTreeSet<_> = t
            .rows
            .iter()
            .filter(|r| r.case == total)
            .map(|r| r.policy)
            .collect();
        let want = if task.overlap_prefetch { 2 } else { 6 };
        assert_eq!(policies.len(), want, "{total}: {policies:?}");
        let v = umodel::model::validate_task(
            &task_terms,
            &task,
            &t,
            umodel::model::PhaseOverrides::default(),
        )
        .unwrap_or_else(|e| panic!("{}: {e}", task.name));
        assert!(
            v.points.iter().all(|p| p.predicted_ms > 0.0),
            "{}",
            task.name
        );
        // The migration probe ran beside the plain phases, and prices the task.
        let probed = umodel::model::validate_task(
            &task_terms,
            &task,
            &t,
            umodel::model::PhaseOverrides {
                use_probe: true,
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| panic!("{} with the probe: {e}", task.name));
        let p = probed.probe.as_ref().expect("the run's probe");
        // In the task's shape: the partial update's 256 MiB, one page in ten.
        let shape = task.probe_shape();
        assert_eq!(p.bytes, shape.bytes, "{}", task.name);
        assert_eq!(p.cpu_fraction, shape.cpu_fraction, "{}", task.name);
        assert_eq!(
            p.prefetch_to_device.is_some(),
            shape.every().is_some(),
            "{}",
            task.name
        );
        assert!(p
            .prefetch_to_host
            .is_some_and(|f| f.samples >= 2 * bench::tasks::PROBE_ROUNDS));
    }
    assert!(umodel::store::facts_path_for(&out).exists());
    // Resume skips every finished block.
    let cfg = BenchConfig {
        resume: true,
        ..cfg
    };
    let o = bench::run(&cfg, &mut Silent).unwrap();
    assert_eq!(o.rows, 0, "resume re-measured finished blocks");
    assert!(o.skipped_blocks > 0);
}

#[test]
#[ignore = "needs two NVIDIA GPUs (skips with one)"]
fn peer_and_contention_groups_pass_their_checks_and_write_every_step() {
    use umodel::peer::{ContentionCase, PeerCase, PeerStep};
    if gpu::device_count().unwrap_or(0) < 2 {
        eprintln!("one GPU: peer group not run");
        return;
    }
    let d = tempfile::tempdir().unwrap();
    let csv = d.path().join("peer.csv");
    let cfg = BenchConfig {
        groups: vec![Group::Peer, Group::Contention],
        sizes: Some(vec![8 << 20]),
        trials: Some(2),
        reuse: vec![1, 2],
        out: Output::File(csv.clone()),
        ..BenchConfig::default()
    };
    let o = bench::run(&cfg, &mut Silent).unwrap();
    assert_eq!(o.failed, 0, "{:?}", o.summary);
    let t = Table::read(&csv).unwrap();
    for step in PeerStep::ALL {
        for (from, to) in [(1, 0), (0, 1)] {
            let case = PeerCase { from, to, step }.to_string();
            assert!(t.rows.iter().any(|r| r.case == case), "{case} missing");
        }
    }
    let alt = t
        .rows
        .iter()
        .filter(|r| r.case.ends_with(":alternating"))
        .count();
    assert_eq!(alt, 2 * 2 * 5 * 2, "pairs × reuse × policies × trials");
    let together = t
        .rows
        .iter()
        .filter_map(|r| r.case.parse::<ContentionCase>().ok())
        .filter(|c| c.gpus == 2)
        .count();
    assert_eq!(together, 4 * 2 * 2, "movements × devices × trials");
    assert!(t.rows.iter().all(|r| r.check == Check::Ok));
}

#[test]
#[ignore = "needs two NVIDIA GPUs (skips with one)"]
fn a_device_refuses_another_devices_memory_unless_seen_through_a_peer_view() {
    if gpu::device_count().unwrap_or(0) < 2 {
        return;
    }
    let (g0, g1) = (Gpu::open(0).unwrap(), Gpu::open(1).unwrap());
    let mut x = g1.device::<f32>(1024).unwrap();
    let e = g0.read_sum(&x).unwrap_err();
    assert!(
        matches!(e, GpuError::OtherDevice { buffer: 1, gpu: 0 }),
        "{e}"
    );
    g1.fill_bytes(&mut x, 0).unwrap();
    g0.enable_peer_access(&g1).unwrap();
    let v = g0.peer(&mut x).unwrap();
    g0.read_sum(&v).unwrap();
    assert_eq!(g0.take_sum().unwrap(), 0);
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn the_migration_probe_checks_every_round_and_measures_each_step() {
    let gpu = umodel::gpu::Gpu::open(0).unwrap();
    // `umodel probe`'s default 8 rounds: a figure is kept only where its mean is resolved from
    // zero (rel_sd ≤ √n / 2), which at 3 rounds (≤ 0.87) 5 of the 1382 migrating figures in the
    // committed probe files would have missed, at 8 (≤ 1.41) one (`ProbeFigure::resolved`).
    let s = bench::probe::run(&gpu, umodel::task::ProbeShape::DEFAULT, 8).unwrap();
    assert_eq!(s.rounds.len(), 8);
    assert_eq!(s.failed(), 0);
    let p = s.probe().expect("a probe");
    // 64 MiB: each step takes milliseconds on any PCIe or C2C link (run36: 4-7 ms back to the
    // host; run35: 6-8 ms of faults in, 20-30 ms of CPU reads, of which heap reads ~16; the
    // calibration's migration after one thread's writes 6.6-10.7 ms on H100s, run312-run317; its
    // sparse cell 8.6-14.1 ms on run216's H200, the probe's `cpu_fault_run`).
    for (t, f) in p.figures() {
        if t == umodel::model::TermId::PrefetchToDevice {
            // Timed only in a task's shape.
            assert!(f.is_none());
            continue;
        }
        let f = f.unwrap_or_else(|| panic!("{} not measured or not resolved", t.name()));
        assert!(f.ms > 0.05 && f.ms < 1000.0, "{}: {} ms", t.name(), f.ms);
        assert_eq!(f.samples, 8);
    }
    assert_eq!(p.cpu_fraction, 1.0);
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn the_link_probe_checks_every_round_and_measures_each_mapped_pass() {
    let gpu = umodel::gpu::Gpu::open(0).unwrap();
    let s = bench::probe::run_link(&gpu, 3).unwrap();
    assert_eq!((s.rounds.len(), s.failed()), (3, 0));
    let l = s.link().expect("a link probe");
    assert_eq!(l.bytes, 64 << 20);
    // 64 MiB over any PCIe or C2C link: a pass takes a millisecond or more (the h100 model's
    // map_read 21 ms/GiB, the h200's about 1.7 ms at 64 MiB); random reads far longer than
    // the same reads of device memory (map_gather 382 ms/GiB on the h100).
    for (t, f) in l.figures() {
        if t == umodel::model::TermId::MapGatherWrite {
            // What two passes cost each other beyond their sum: small, and may be nothing.
            continue;
        }
        let f = f.unwrap_or_else(|| panic!("{} not measured", t.name()));
        assert!(f.ms > 0.2 && f.ms < 1000.0, "{}: {} ms", t.name(), f.ms);
        assert_eq!(f.samples, 3);
    }
    let read = l.map_read.unwrap().ms;
    assert!(l.map_gather.unwrap().ms > 2.0 * read, "{l:?}");
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn a_probe_in_a_tasks_shape_touches_its_share_of_pages_and_checks_them() {
    let gpu = umodel::gpu::Gpu::open(0).unwrap();
    let shape = umodel::task::ProbeShape {
        bytes: 24 << 20,
        cpu_fraction: 0.1,
    };
    let s = bench::probe::run(&gpu, shape, 2).unwrap();
    assert_eq!((s.rounds.len(), s.failed()), (2, 0));
    let p = s.probe().expect("a probe");
    assert_eq!((p.bytes, p.cpu_fraction), (24 << 20, 0.1));
    for f in [p.prefetch_to_host, p.prefetch_to_device] {
        let f = f.expect("both prefetches of the round trip");
        assert!(f.ms > 0.05 && f.ms < 1000.0, "{} ms", f.ms);
        assert_eq!(f.samples, 2);
    }
}

#[test]
#[ignore = "needs an NVIDIA GPU"]
fn a_fault_scale_prices_the_callers_code_against_the_calibrations_read() {
    use bench::probe::PlainCache::{Evicted, Warm};
    use umodel::model::{FaultScaleError, HostAccess};
    let gpu = umodel::gpu::Gpu::open(0).unwrap();
    // The calibration's own read as the caller's code: about what the probe's read pays (the
    // code's plain side is timed with the caches evicted, the probe's heap read after a fill).
    let data: Vec<f32> = (0..(64 << 20) / 4).map(|i| (i % 1024) as f32).collect();
    let want: f64 = data.iter().map(|v| f64::from(*v)).sum();
    let mut sums = Vec::new();
    let s = bench::probe::fault_scale(&gpu, &data, Evicted, 3, |x| {
        sums.push(x.iter().map(|v| f64::from(*v)).sum::<f64>());
    })
    .unwrap();
    // One warm-up round, then the three recorded, each on the migrated and the heap copy.
    assert_eq!(sums.len(), 8);
    assert!(
        sums.iter().all(|s| *s == want),
        "the data reached the code intact"
    );
    assert_eq!(
        (s.bytes, s.rounds.len(), s.probe.rounds.len()),
        (64 << 20, 3, 3)
    );
    let f = s.scale().unwrap();
    assert_eq!((f.failed, f.code_extra.n), (0, 3));
    assert!(f.read_extra.median > 0.5, "{f:?}");
    assert!(f.scale > 0.3 && f.scale < 3.0, "{f:?}");
    // Code that touches nothing pays nothing: a task refuses that scale. Warm, the plain side
    // runs once untimed before it is timed.
    let mut calls = 0;
    let none = bench::probe::fault_scale(&gpu, &data[..(8 << 20) / 4], Warm, 2, |_| calls += 1)
        .unwrap()
        .scale()
        .unwrap();
    assert_eq!(calls, 3 * 3);
    assert!(none.scale.abs() < 0.1, "{none:?}");
    let mut task = umodel::task::Task::read(std::path::Path::new("tasks/seed-001.json")).unwrap();
    assert!(none.apply(&mut task, HostAccess::Final).is_err());
    assert!(f.apply(&mut task, HostAccess::Final).is_ok());
    // Other element types; code that does not do the same to both copies fails every round.
    let words: Vec<u32> = (0..(8 << 20) / 4).collect();
    let mut k = 0;
    let s = bench::probe::fault_scale(&gpu, &words, Evicted, 2, |x| {
        k += 1;
        x[0] = k;
    })
    .unwrap();
    assert!(s.rounds.iter().all(|r| !r.ok));
    assert_eq!(
        s.scale().unwrap_err(),
        FaultScaleError::NoRounds { failed: 2 }
    );
    assert!(bench::probe::fault_scale(&gpu, &words, Warm, 0, |_| ()).is_err());
}
