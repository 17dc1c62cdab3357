//! Validity stamps on the command line: a query on a machine that changed since its model was
//! measured warns naming what changed (or with --strict refuses), and `doctor` says what to do.
//! The machine is a fixture tree under UMODEL_SYSROOT (this test machine has no GPU).

use std::fs;
use std::path::{Path, PathBuf};

use predicates::prelude::*;

mod common;
use common::{json_of, umodel};

const CPU: &str = "Intel(R) Xeon(R) Processor";

/// A machine with one GPU named `gpu` under driver `driver`, as the kernel driver lists it.
fn machine(gpu: &str, driver: &str) -> tempfile::TempDir {
    let root = tempfile::tempdir().unwrap();
    let w = |rel: &str, text: &str| {
        let p = root.path().join(rel);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, text).unwrap();
    };
    w(
        "proc/driver/nvidia/version",
        &format!("NVRM version: NVIDIA UNIX x86_64 Kernel Module  {driver}  Thu Oct 30 2026\n"),
    );
    w(
        "proc/driver/nvidia/gpus/0000:18:00.0/information",
        &format!("Model: \t\t {gpu}\nGPU UUID: \t GPU-5b1c9a2e-0d3f-7a41-9c55-1e2f3a4b5c6d\nBus Location: \t 0000:18:00.0\n"),
    );
    w(
        "sys/bus/pci/devices/0000:18:00.0/max_link_speed",
        "32.0 GT/s PCIe\n",
    );
    w("sys/bus/pci/devices/0000:18:00.0/max_link_width", "16\n");
    w(
        "sys/bus/pci/devices/0000:18:00.0/current_link_speed",
        "2.5 GT/s PCIe\n",
    );
    w(
        "sys/bus/pci/devices/0000:18:00.0/current_link_width",
        "16\n",
    );
    w(
        "proc/cpuinfo",
        &format!("model name\t: {CPU}\nflags\t\t: fpu hypervisor\n"),
    );
    root
}

/// `machine(gpu, driver)` on a host whose L3 is `size` as sysfs writes it (`307200K`).
fn machine_with_l3(gpu: &str, driver: &str, size: &str) -> tempfile::TempDir {
    let root = machine(gpu, driver);
    let i = root.path().join("sys/devices/system/cpu/cpu0/cache/index3");
    fs::create_dir_all(&i).unwrap();
    fs::write(i.join("level"), "3\n").unwrap();
    fs::write(i.join("size"), size).unwrap();
    root
}

/// The shipped H200 model (measured under driver 580.159.04) as a file in `d`.
fn h200_file(d: &tempfile::TempDir) -> PathBuf {
    let p = d.path().join("h200.json");
    fs::copy("models/h200.json", &p).unwrap();
    p
}

fn on(d: &tempfile::TempDir, root: &Path) -> assert_cmd::Command {
    let mut c = umodel(d);
    c.env("UMODEL_SYSROOT", root);
    c
}

#[test]
fn a_changed_driver_warns_and_strict_refuses() {
    let d = tempfile::tempdir().unwrap();
    let m = h200_file(&d);
    let same = machine("NVIDIA H200", "580.159.04");
    on(&d, same.path())
        .args(["predict", "-p", "host-mapped", "-r", "2", "--strict", "-m"])
        .arg(&m)
        .assert()
        .success()
        .stderr(predicate::str::contains("warning").not());
    let newer = machine("NVIDIA H200", "590.44.01");
    on(&d, newer.path())
        .args(["choose", "-r", "2", "-m"])
        .arg(&m)
        .assert()
        .success()
        .stderr(
            predicate::str::contains("driver: 580.159.04 → 590.44.01")
                .and(predicate::str::contains("umodel calibrate -o")),
        );
    let out = on(&d, newer.path())
        .args(["choose", "-r", "2", "--strict", "-m"])
        .arg(&m)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--strict: refusing") && err.contains("590.44.01"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}

#[test]
fn the_embedded_model_on_a_host_of_another_l3_warns_and_points_to_the_probe() {
    // Nothing calibrated here: queries fall back on the embedded `h100` model, whose task terms
    // were measured on hosts of 300 MiB L3 (its make script's `--host-l3`); every slow-link H100
    // VM's host had 105 MiB (calibration/h100/run247/l3_link.txt). Its driver, UUID and bus id are
    // another machine's and are not compared.
    let d = tempfile::tempdir().unwrap();
    let gpu = "NVIDIA H100 80GB HBM3";
    let choose = |root: &Path, strict: bool| {
        let mut c = on(&d, root);
        c.args(["choose", "-r", "2"]);
        if strict {
            c.arg("--strict");
        }
        c.output().unwrap()
    };
    let same = machine_with_l3(gpu, "570.1.2", "307200K\n");
    let out = choose(same.path(), true);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("using embedded model h100") && !err.contains("warning"),
        "{err}"
    );
    let slow = machine_with_l3(gpu, "580.159.04", "107520K\n");
    let out = choose(slow.path(), false);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("warning: embedded model h100: this host's L3 cache is not that of the hosts")
            && err.contains("host L3 cache: 300 MiB → 105 MiB")
            && err.contains("`umodel probe -o probe.json`"),
        "{err}"
    );
    assert!(!err.contains("GPU is not the one"), "{err}");
    let out = choose(slow.path(), true);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--strict: refusing embedded model h100"));
    // A task query says to probe once: the warning does, and the general note on the fallback
    // that follows it on other hosts is left out.
    let task = |root: &Path| {
        let out = on(&d, root)
            .args(["choose", "--task", "tasks/seed-001.json"])
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr)
            .matches("umodel probe -o")
            .count()
    };
    assert_eq!(task(slow.path()), 1);
    assert_eq!(task(same.path()), 1);
    // A host whose sysfs gives no L3 is not judged by it.
    let unknown = machine(gpu, "580.159.04");
    let out = choose(unknown.path(), false);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
    // `doctor` says the same of the model queries fall back on: something to do on the 105 MiB
    // host, nothing on the 300 MiB one.
    let out = on(&d, slow.path()).arg("doctor").output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("embedded model h100: CHANGED")
            && text.contains("changed: host L3 cache: 300 MiB → 105 MiB")
            && text.contains("→ `umodel probe -o probe.json`"),
        "{text}"
    );
    let out = on(&d, slow.path())
        .args(["doctor", "--json"])
        .output()
        .unwrap();
    let v = json_of(&out.stdout);
    assert_eq!(v["fallback"]["model"], "h100");
    assert_eq!(v["fallback"]["changes"][0]["what"], "host L3 cache");
    assert_eq!(v["problems"], 1);
    on(&d, same.path()).arg("doctor").assert().success().stdout(
        predicate::str::contains("embedded model h100: fits this machine")
            .and(predicate::str::contains("nothing to do")),
    );
}

#[test]
fn a_host_of_another_l3_under_the_same_cpu_name_warns() {
    let d = tempfile::tempdir().unwrap();
    // The H200 model file as if measured on a host with 300 MiB of L3 (it has no stamp of its
    // own: its platform facts stand in, as for every model fitted before stamps).
    let mut m: serde_json::Value =
        serde_json::from_str(&fs::read_to_string("models/h200.json").unwrap()).unwrap();
    assert!(m.get("stamp").is_none());
    m["platform"]["host_l3_bytes"] = (300u64 << 20).into();
    let f = d.path().join("h200-l3.json");
    fs::write(&f, m.to_string()).unwrap();
    let host = |size: &str| machine_with_l3("NVIDIA H200", "580.159.04", size);
    let same = host("307200K\n");
    on(&d, same.path())
        .args(["choose", "-r", "2", "--strict", "-m"])
        .arg(&f)
        .assert()
        .success()
        .stderr(predicate::str::contains("warning").not());
    // The slow-link H100 VMs' hosts had 105 MiB (calibration/h100/run247/l3_link.txt).
    let other = host("107520K\n");
    on(&d, other.path())
        .args(["choose", "-r", "2", "-m"])
        .arg(&f)
        .assert()
        .success()
        .stderr(predicate::str::contains("host L3 cache: 300 MiB → 105 MiB"));
    on(&d, other.path())
        .args(["choose", "-r", "2", "--strict", "-m"])
        .arg(&f)
        .assert()
        .code(1);
}

#[test]
fn another_gpu_is_named_but_models_asked_for_by_name_are_not_checked() {
    let d = tempfile::tempdir().unwrap();
    let a100 = machine("NVIDIA A100-SXM4-80GB", "580.159.04");
    // The default falls back to gb200-paper: say it is another GPU's.
    on(&d, a100.path())
        .args(["predict", "-p", "host-mapped", "-r", "2"])
        .assert()
        .success()
        .stderr(
            predicate::str::contains("GPU: NVIDIA GB200")
                .and(predicate::str::contains("NVIDIA A100-SXM4-80GB")),
        );
    on(&d, a100.path())
        .args(["predict", "-p", "host-mapped", "-r", "2", "--strict"])
        .assert()
        .failure();
    // Asked for by name: a reference machine on purpose.
    on(&d, a100.path())
        .args([
            "predict",
            "-p",
            "host-mapped",
            "-r",
            "2",
            "-m",
            "h200",
            "--strict",
        ])
        .assert()
        .success()
        .stderr(predicate::str::contains("warning").not());
    // The embedded model of this GPU: its driver and UUID are another machine's by nature.
    let h200 = machine("NVIDIA H200", "600.1.2");
    on(&d, h200.path())
        .args(["predict", "-p", "host-mapped", "-r", "2"])
        .assert()
        .success()
        .stderr(
            predicate::str::contains("embedded model h200")
                .and(predicate::str::contains("warning").not()),
        );
}

#[test]
fn a_task_query_on_this_gpus_embedded_model_says_how_to_probe_the_vm() {
    // The embedded model was measured on other VMs; a VM whose link is slow prices seed 001's
    // host-mapped row 47 % short there until probed (calibration/h100/run226).
    let d = tempfile::tempdir().unwrap();
    let h100 = machine("NVIDIA H100 80GB HBM3", "580.159.04");
    let ask = |extra: &[&str]| {
        let mut c = on(&d, h100.path());
        c.args(["choose", "--task", "tasks/seed-001.json"])
            .args(extra);
        c.assert().success()
    };
    ask(&[]).stderr(
        predicate::str::contains("embedded model h100")
            .and(predicate::str::contains("`umodel probe -o probe.json`")),
    );
    // Probed already; or a model named, which may be asked where that GPU is not.
    let probed = ["--probe", "calibration/h100/run227/run227/probe-1.json"];
    ask(&probed).stderr(predicate::str::contains("umodel probe -o").not());
    ask(&["-m", "h100"]).stderr(predicate::str::contains("umodel probe -o").not());
}

#[test]
fn no_driver_no_comparison_unless_strict() {
    let d = tempfile::tempdir().unwrap();
    let m = h200_file(&d);
    let bare = tempfile::tempdir().unwrap();
    on(&d, bare.path())
        .args(["predict", "-p", "host-mapped", "-r", "2", "-m"])
        .arg(&m)
        .assert()
        .success()
        .stderr(predicate::str::contains("warning").not());
    let out = on(&d, bare.path())
        .args(["predict", "-p", "host-mapped", "-r", "2", "--strict", "-m"])
        .arg(&m)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no NVIDIA driver"));
}

#[test]
fn a_corrupt_calibrated_model_shows_the_way_out_and_doctor_lists_it() {
    let d = tempfile::tempdir().unwrap();
    let root = machine("NVIDIA H200", "590.44.01");
    let fp = umodel::platform::fingerprint_of("NVIDIA H200", CPU);
    let models = d.path().join("models");
    fs::create_dir_all(&models).unwrap();
    let calibrated = models.join(format!("{fp}.json"));
    fs::write(&calibrated, "{\"schema_version\": 1, \"platf").unwrap();
    fs::write(models.join(format!("{fp}.minimal.csv")), "group\n").unwrap();
    let out = on(&d, root.path())
        .args(["predict", "-p", "host-mapped", "-r", "2"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    for want in [
        "calibrated model cannot be used",
        "truncated",
        "umodel doctor",
        "umodel calibrate",
        "rm ",
    ] {
        assert!(err.contains(want), "`{want}` not in {err}");
    }
    let out = on(&d, root.path()).args(["doctor"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1), "something to do: exit 1");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("CORRUPT") && text.contains("[used by queries here]"),
        "{text}"
    );
    assert!(
        text.contains("umodel fit"),
        "kept measurements are offered: {text}"
    );
    // Replace it with the shipped model (driver 580.159.04): it reads, but the machine changed.
    fs::copy("models/h200.json", &calibrated).unwrap();
    let out = on(&d, root.path())
        .args(["doctor", "--json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let v = json_of(&out.stdout);
    assert_eq!(v["models"][0]["status"], "changed");
    assert_eq!(v["models"][0]["changes"][0]["what"], "driver");
    assert_eq!(
        v["machine"]["gpus"][0]["uuid"],
        "GPU-5b1c9a2e-0d3f-7a41-9c55-1e2f3a4b5c6d"
    );
    on(&d, root.path())
        .args(["predict", "-p", "host-mapped", "-r", "2"])
        .assert()
        .success()
        .stderr(
            predicate::str::contains("calibrated model")
                .and(predicate::str::contains("driver: 580.159.04 → 590.44.01")),
        );
    // On the machine it was measured under: nothing to do.
    let same = machine("NVIDIA H200", "580.159.04");
    on(&d, same.path())
        .args(["doctor"])
        .assert()
        .success()
        .stdout(predicate::str::contains("nothing to do"));
}

#[test]
fn an_empty_data_dir_variable_counts_as_unset() {
    let d = tempfile::tempdir().unwrap();
    let home = tempfile::tempdir().unwrap();
    let out = umodel(&d)
        .env("UMODEL_DATA_DIR", "")
        .env("HOME", home.path())
        .env("XDG_DATA_HOME", home.path().join("xdg"))
        .args(["doctor", "--json"])
        .output()
        .unwrap();
    let v = json_of(&out.stdout);
    let dir = v["data_dir"].as_str().unwrap();
    assert!(dir.starts_with(home.path().to_str().unwrap()), "{dir}");
}

#[test]
fn fit_records_a_hosts_l3_its_facts_predate_and_refuses_another() {
    let d = tempfile::tempdir().unwrap();
    let cal = |run: &str| {
        format!("calibration/h100/{run}/models/nvidia-h100-80gb-hbm3-ed53a484761b.minimal.csv")
    };
    let fit = |csv: &str, l3: &str, out: &str| {
        umodel(&d)
            .args(["fit", "--host-l3", l3, "-o"])
            .arg(d.path().join(out))
            .arg(csv)
            .output()
            .unwrap()
    };
    // run194's facts predate the L3 (its run's lscpu recorded 300 MiB): the size given is kept in
    // the platform facts and the stamp, and the provenance says where it came from.
    let o = fit(&cal("run194/run193a/data-1"), "300MiB", "old.json");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(d.path().join("old.json")).unwrap()).unwrap();
    assert_eq!(m["platform"]["host_l3_bytes"], 300u64 << 20);
    assert_eq!(m["stamp"]["host_l3_bytes"], 300u64 << 20);
    let notes = m["provenance"]["notes"].to_string();
    assert!(
        notes.contains("host L3 cache 300 MiB given to fit (--host-l3)"),
        "{notes}"
    );
    // run272's facts recorded its host's 105 MiB: the same size is no news, another is refused.
    let o = fit(&cal("run272/run272/data-1"), "105MiB", "same.json");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let m = fs::read_to_string(d.path().join("same.json")).unwrap();
    assert!(!m.contains("--host-l3"), "{m}");
    let o = fit(&cal("run272/run272/data-1"), "300MiB", "other.json");
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--host-l3 300 MiB: the measurements' facts record the host's L3 as 105 MiB"),
        "{err}"
    );
    assert!(!d.path().join("other.json").exists());
    // Not a size: clap names the flag and the value.
    let o = fit(&cal("run272/run272/data-1"), "lots", "bad.json");
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--host-l3") && err.contains("lots"), "{err}");
}
