//! The command line: clap types, turned into library calls, rendered for people or as JSON.
//! `main.rs` only calls [`main`]; nothing here is needed by a program that embeds the predictor.

/// `println!` that ends the process quietly once stdout is closed (`umodel show | head`) instead of
/// panicking, and reports any other write error.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::cli::stdout_failed(e);
        }
    }};
}

/// `eprintln!` that never panics: a full or closed stderr (`2>/dev/full`) loses the message, not
/// the answer on stdout or the exit code.
macro_rules! note {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

mod answer;
mod commands;
mod doctor;
mod peer;
pub(crate) mod progress;
pub(crate) mod render;
mod serve;
mod tasks;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::bench::CorePin;
use crate::policy::Policy;

/// Tells you where to put your data on a CPU+GPU machine.
///
/// umodel measures this machine once (`calibrate`), fits a model of what each placement policy
/// costs (explicit copies, host-mapped zero-copy, managed memory with and without prefetch and
/// advice), and then predicts in nanoseconds how long one CPU update followed by R GPU passes takes
/// under each policy, which policy wins, and at what reuse one overtakes another.
///
/// Without `--model`, queries use the model calibrated for this machine if there is one, else a
/// model embedded in the binary (stderr says which).
#[derive(Debug, Parser)]
#[command(
    name = "umodel",
    version,
    propagate_version = true,
    max_term_width = 100
)]
#[command(after_help = "Examples:\n  \
    umodel predict --policy host-mapped --reuse 4\n  \
    umodel choose --reuse 8 --bytes 256MiB\n  \
    umodel breakeven --bytes 1GiB host-mapped explicit-copy\n  \
    umodel calibrate                      # measure this GPU once (seconds; NOTES.md)\n  \
    umodel doctor                         # is the calibrated model still this machine's?\n  \
    umodel choose --task tasks/seed-001.json --cpu-ms 14 --gpu-ms 0.3   # your own task\n  \
    umodel report --task tasks/seed-001.json --cpu-ms 14 -o out/        # ... drawn: out/report.html\n  \
    umodel probe -o probe.json            # migration and link rates now, for --task ... --probe probe.json\n  \
    umodel fit run.csv -o model.json && umodel validate --model model.json run.csv")]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Predict one alternation (CPU update, movement, R GPU passes, sync) under one policy.
    Predict(PredictArgs),
    /// Rank every policy at a size and reuse; a gap inside the noise is reported as a tie.
    Choose(ChooseArgs),
    /// The reuse R* at which two policies take equal time.
    Breakeven(BreakevenArgs),
    /// Compare a model's predictions with measurements (error per point and policy, policy picks).
    Validate(ValidateArgs),
    /// Fit a platform model from a measurement CSV.
    Fit(FitArgs),
    /// Show a model: platform, parameters with uncertainty, terms, noise, validation.
    Show(ShowArgs),
    /// Run the placement microbenchmarks on this machine's GPU and write one CSV row per trial.
    Bench(BenchArgs),
    /// Measure this machine, fit and validate its model, and store it where queries find it.
    ///
    /// Each calibration keeps its raw CSV and facts beside the model; a new one moves the earlier
    /// CSV aside (`<plan>.<start time>.csv`), measures how far whole runs move against up to 8
    /// earlier calibrations, which widens the prediction intervals accordingly (how far runs move
    /// on a shared VM: NOTES.md, "Why the targets are missed"), and checks the new model against
    /// each of them, plainly and given each trial's own CPU update. Its task terms are checked
    /// against the embedded model of the same GPU (else against those earlier calibrations), and
    /// one far outside is named: a cell that waited on something else, which calibrating again
    /// replaces. Then, as checked, the prefetch back is priced from the embedded model's pool
    /// where it carries one (the H200's), and on an H100 the passes over managed pages kept on
    /// the host from this calibration's pinned passes (what tasks paid there: NOTES.md, "The link
    /// probe"); the model's notes say so. Interrupted runs continue with --resume.
    Calibrate(CalibrateArgs),
    /// Check the calibrated models against this machine, and what to do about each
    ///
    /// For the data directory: each calibrated model, what it was measured under against this
    /// machine now, a task term far from the embedded model of its GPU, corrupt files and
    /// leftovers, and what to do about each; notes on what needs nothing done (a model fitted
    /// before a term its task predictions would use). Where no model of this machine is
    /// calibrated, whether the embedded model queries fall back on fits it (its GPU model, and
    /// the L3 of the hosts it was measured on). Exits 1 when something needs doing.
    Doctor(DoctorArgs),
    /// Measure this machine's migration and link rates now (about three seconds), for task queries'
    /// --probe
    ///
    /// A few round trips of one managed buffer: the prefetch back to the host, fault-driven
    /// migration to the GPU (after a fill on every core, and after one thread's writes, as a
    /// task's one-thread CPU phase leaves its pages: on a slow H100 link 0.52-0.76 of the
    /// price at 64 MiB, NOTES.md, "Which side the migrating policies miss"; shown beside the
    /// model, not priced: its term moves with the first), the CPU's faults back, its first
    /// writes after a prefetch back, and its sparse writes on migrated pages (the calibration's
    /// 64 MiB sparse cell, one page in ten, whose level came in spells: `cpu_fault_run`, shown
    /// beside the calibration's cell; priced on an H100, rule S), each checked. On a shared machine these rates come in
    /// regimes of seconds that a calibration samples once (NOTES.md, "Tasks"); run this beside your own phase timings and
    /// pass the JSON to `predict|choose|breakeven --task FILE --probe PROBE.json`. Then the
    /// link: GPU passes reading, writing and updating pinned host memory and managed pages kept
    /// on the host, and random reads over it, on 64 MiB, each checked; they price the host-mapped
    /// and mapped-advice passes (the managed pages' passes from the pinned ones: tasks paid
    /// those where the probe's own managed figures, timed right after the host's fill, ran up to
    /// 2.8× dearer on a slow link, NOTES.md, "The link probe"). A model calibrated on other VMs
    /// of the same GPU cannot know a VM
    /// whose GPU reads host memory slowly (an H100 VM at 0.68 of the rate: NOTES.md, "A second
    /// platform: the H100"); the probe tells it. The text puts each figure beside the model's
    /// price of the same step and names those off it by more than 10 % and twice their rounds'
    /// spread: those over the link a calibration measures too; the migrating steps only the probe
    /// prices as it found them. With
    /// `--task FILE` the probe takes the task's shape: the size of its largest buffer both sides
    /// touch, and before the timed prefetch back the CPU touches that buffer's `cpu_fraction` of
    /// pages, as the task does. On the H200 a 256 MiB buffer with one page in ten touched came back
    /// 1.06–1.31× slower than with every page touched, while 64 MiB showed no such order (NOTES.md,
    /// "The probe in a task's shape"). `--from PROBE.json` judges a probe written earlier the
    /// same way, with no GPU; its --json says which figures are off (`differs`) and which a
    /// task priced with the probe uses (`priced`), for a program that decides whether to price
    /// with the probe or calibrate.
    Probe(ProbeArgs),
    /// Refit a full-plan measurement CSV with smaller candidate plans and report each one's held-out
    /// error and measuring time (how the minimal plan was chosen).
    Ablate(AblateArgs),
    /// Compare the calibrated GPUs of many nodes: spread per term, outliers, classes
    ///
    /// The directory has one subdirectory per node, as contrib/slurm/calibrate-fleet.sbatch
    /// writes it. The report: the spread of every link and memory term,
    /// the GPUs that stand out (term, bandwidth, how far from their peers), and the classes of
    /// GPUs that can share a model.
    Fleet(FleetArgs),
    /// Draw the model and its measurements, or your task, as one self-contained HTML page
    ///
    /// Reuse curves with intervals and measured medians, the policy map over size × reuse, break-even
    /// reuse vs size, bandwidths against the platform's peaks, the noise over a run, validation.
    /// With --task, your task instead: the ranking with each policy's time in its parts, every
    /// policy against reuse, the parts as bars, and predicted against measured for each CSV of the
    /// task given; with --probe, the probe's figures beside the calibrated prices, those off them
    /// marked. Opens from disk; no script, no network.
    Report(ReportArgs),
    /// Answer JSON-line queries from any language on stdin or a Unix socket
    ///
    /// One JSON object per line in, one answer per line out: what the one-shot command prints with
    /// `--json`. `{"op": "choose", "bytes": "256MiB", "reuse": 4}`; ops:
    /// ping, predict (policy, bytes, reuse), choose (bytes, reuse), breakeven (a, b, bytes); with
    /// cpu_ms or cpu_scale, and from_device/device for data on another GPU; an `id` is echoed. A
    /// bad line gets `{"error": "line N: …", "line": N}` and the server goes on.
    ///
    /// Your own task: `{"op": "choose", "task": "tasks/seed-001.json", "cpu_ms": 14.3, "gpu_ms":
    /// 0.29}`, with `task` a task file's path or the task object itself; ops predict (policy),
    /// choose, breakeven (a, b); cpu_ms, gpu_ms, cpu_final_ms, rounds and reuse replace the task's
    /// own (as --cpu-ms, --gpu-ms, --cpu-final-ms, --rounds, --reuse do), and `probe` (a probe
    /// file's path or its object) prices its migrating steps as --probe does. Each task is compiled
    /// once and kept (a file until it changes); a task that cannot be used gets an error naming
    /// the file or field. `{"op": "probe", "probe": "probe.json"}` judges a probe against the
    /// model as `umodel probe --from FILE --json` does.
    Serve(ServeArgs),
}

#[derive(Debug, Args)]
struct ServeArgs {
    #[command(flatten)]
    model: ModelArg,
    /// Listen on this Unix socket instead of stdin (one thread per connection).
    #[arg(long, value_name = "PATH")]
    socket: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct ReportArgs {
    #[command(flatten)]
    model: ModelArg,
    #[command(flatten)]
    task: TaskArgs,
    /// With --task: one round's CPU phase on ordinary host memory, ms (overrides the file's
    /// `cpu_ms`; see `predict --help`).
    #[arg(long, value_name = "MS", value_parser = parse_nonneg, allow_negative_numbers = true, requires = "task")]
    cpu_ms: Option<f64>,
    /// With --task: GPU passes per round (R ≥ 1) the ranking and the parts are drawn at
    /// (overrides the file's `reuse`; the curves span 1–64).
    #[arg(long, short = 'r', value_name = "R", value_parser = parse_reuse, allow_negative_numbers = true, requires = "task")]
    reuse: Option<f64>,
    /// With --task: check each measurement CSV giving each policy the plain final host access
    /// timed right after its own rows, as `validate --task --final-beside` does.
    #[arg(long, requires = "task")]
    final_beside: bool,
    /// With --task: the same for the CPU phase, as `validate --task --cpu-beside` does.
    #[arg(long, requires = "task")]
    cpu_beside: bool,
    /// Measurement CSVs to draw and validate against (e.g. calibration/h200/run2/full-1.csv).
    /// Default: the CSV the model was fitted from, where that file is here. With --task:
    /// measurements of the task (a `umodel bench` group's CSV, e.g.
    /// calibration/h200/tasks-5/workload.csv), each checked as `validate --task` checks it;
    /// default none.
    #[arg(value_name = "MEASUREMENTS.csv")]
    measurements: Vec<PathBuf>,
    /// Directory for report.html (created if missing).
    #[arg(long, short = 'o', value_name = "DIR", default_value = "umodel-report")]
    out: PathBuf,
}

#[derive(Debug, Args)]
struct FleetArgs {
    /// The fleet directory: DIR/<node>/models/<platform>.gpuN.json (or the GPUs' calibration
    /// CSVs, fitted here).
    #[arg(value_name = "DIR")]
    dir: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ProbeArgs {
    /// The model each figure is printed beside (its price of the same step at the probe's size),
    /// as task queries would load it; the JSON and the file are the probe's alone.
    #[command(flatten)]
    model: ModelArg,
    /// CUDA device ordinal.
    #[arg(long, value_name = "N", default_value_t = 0)]
    device: usize,
    /// Round trips (each about a seventh of a second at the default size).
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    rounds: u32,
    /// The probe buffer's size [default: 64 MiB, the size the task terms are compared at; with
    /// --task, its largest buffer both sides touch].
    #[arg(long, short = 'b', value_name = "SIZE", value_parser = parse_bytes)]
    bytes: Option<u64>,
    /// Probe in this task's shape: the size and CPU share of pages of its largest buffer both
    /// sides touch in a round (a task file, as `predict --task` reads).
    #[arg(long, value_name = "FILE")]
    task: Option<PathBuf>,
    /// Also write the probe's JSON to this file (what --probe reads).
    #[arg(long, short = 'o', value_name = "PROBE.json")]
    output: Option<PathBuf>,
    /// Leave out the link's passes (about a second: a round's two random-read passes over the link
    /// took about 125 ms on run226's slow-link H100; 128 MiB of pinned host memory): the
    /// probe then prices the migrating steps only, as before the link was probed.
    #[arg(long)]
    no_link: bool,
    /// Judge a probe measured earlier instead of measuring (no GPU): the file `-o` wrote, each
    /// figure beside the model's price and the figures off it; with --json that judgement
    /// (`figures`, each with `differs` and `priced`; `differs`), where a measuring probe's
    /// --json prints the probe itself.
    #[arg(long, value_name = "PROBE.json", conflicts_with_all = ["bytes", "task", "output", "no_link"])]
    from: Option<PathBuf>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct DoctorArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct AblateArgs {
    /// A full-plan measurement CSV (all sizes, all R).
    #[arg(value_name = "MEASUREMENTS.csv")]
    measurements: PathBuf,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ModelArg {
    /// Model file, or the name of an embedded model (gb200-paper, …). Default: this machine's
    /// calibrated model, else the embedded one for this GPU, else gb200-paper.
    #[arg(long, short = 'm', value_name = "MODEL")]
    model: Option<String>,
    /// Refuse to answer when this machine is not what the model was measured under (another GPU,
    /// driver, PCIe link or host; or no NVIDIA driver to check against); without it, a warning.
    /// An embedded model asked for by name is a reference on purpose and is not checked.
    #[arg(long)]
    strict: bool,
}

/// Which GPU a query is about, and where its data live.
#[derive(Debug, Args)]
struct DeviceArg {
    /// The GPU that runs the work: picks its own model where `calibrate --device` gave it one
    /// (`<platform>.gpuN.json`), else the platform's.
    #[arg(long, value_name = "N")]
    device: Option<usize>,
    /// The data live on GPU J (another GPU of this host): answer for the peer policies (peer-copy,
    /// peer-access, host-staged, managed-prefetch, managed across GPUs) from the model's peer terms.
    #[arg(long, value_name = "J")]
    from_device: Option<u32>,
}

/// The CPU update a query assumes, when not the calibrated one.
#[derive(Debug, Args)]
struct CpuScaleArg {
    /// The CPU update takes K times as long as during calibration: your own update against the
    /// calibrated `x = x + 1`, or a probe of the CPU's speed now (on a shared VM the CPU's speed
    /// moves between runs while the rest of an alternation does not: NOTES.md, "Given the CPU").
    /// Needs a model calibrated or refitted with this version (it keeps the CPU update apart).
    #[arg(long, value_name = "K", value_parser = parse_scale, allow_negative_numbers = true)]
    cpu_scale: Option<f64>,
}

impl CpuScaleArg {
    fn update(&self) -> crate::model::CpuUpdate {
        self.cpu_scale.map_or(
            crate::model::CpuUpdate::Calibrated,
            crate::model::CpuUpdate::Scaled,
        )
    }
}

/// A task file and the times a caller measured for it.
#[derive(Debug, Args)]
struct TaskArgs {
    /// Predict your own task instead of the calibration's handoff: a JSON file with its buffers,
    /// who touches each in a round, its rounds and phase times (DESIGN.md §3; examples in tasks/),
    /// or the same fields in TOML, with comments, in a file ending in `.toml`. If the thread that
    /// issues your CUDA calls is pinned to one core (`taskset`, `OMP_PROC_BIND`, an MPI binding),
    /// say `"thread_pinned": true`: its prefetches then pay the cost a move leaves for the next
    /// call (about one move in four on the H200; NOTES.md, "A move's deferred cost, and whose it
    /// is").
    #[arg(long, value_name = "FILE")]
    task: Option<PathBuf>,
    /// With --task: one GPU pass of your kernel with its data in device memory, ms (overrides the
    /// file's `gpu_ms`).
    #[arg(long, value_name = "MS", value_parser = parse_nonneg, allow_negative_numbers = true, requires = "task")]
    gpu_ms: Option<f64>,
    /// With --task: CPU↔GPU rounds (overrides the file's `rounds`).
    #[arg(long, value_name = "N", value_parser = parse_rounds, allow_negative_numbers = true, requires = "task")]
    rounds: Option<u32>,
    /// With --task: the host's final access to its buffers on ordinary memory, ms (overrides the
    /// file's `cpu_final_ms`).
    #[arg(long, value_name = "MS", value_parser = parse_nonneg, allow_negative_numbers = true, requires = "task")]
    cpu_final_ms: Option<f64>,
    /// With --task: price the migrating steps (prefetches back to the host, fault-driven
    /// migration, the CPU's faults back and its first writes after a prefetch back; from a probe
    /// in a task's shape the prefetches to the device too; on an H100 the CPU's fault runs, from
    /// its sparse cell over a calibration's) at the rates a migration probe found just now, not
    /// the calibration's: the JSON `umodel probe --json` prints (or `-o FILE` writes). `predict`
    /// and `choose` print each policy's price from the calibration's terms alone beside (`terms
    /// alone`; `terms_alone_ms` in their --json). On an H100 a one-thread task's pages that its
    /// CPU only read back migrate at the calibration's price (rule R). On a shared machine these
    /// rates come in regimes of seconds that a calibration samples once (NOTES.md, "Tasks").
    #[arg(long, value_name = "PROBE.json", requires = "task")]
    probe: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct PredictArgs {
    #[command(flatten)]
    model: ModelArg,
    #[command(flatten)]
    dev: DeviceArg,
    #[command(flatten)]
    cpu: CpuScaleArg,
    #[command(flatten)]
    task: TaskArgs,
    /// The CPU update of one alternation takes MS ms, as it runs under this policy (on pinned host
    /// memory for explicit-copy and host-mapped; managed policies include the faults that bring
    /// pages back to the CPU); the model supplies the movement, the passes and the sync, a
    /// prefetch back to the host scaled as your update is over the calibrated one (both run at
    /// the host memory's speed). With --task: one round's CPU phase on ordinary host memory (the
    /// model adds what each policy costs it), best timed as it runs inside your loop (under
    /// explicit copy, where it works on plain memory): a short phase on many threads timed alone,
    /// its cores idle before it, ran up to 15 % longer on the H200 VMs (NOTES.md, "Host phases in
    /// the trials against their plain timing, on many threads"); the task file's `cpu_threads`
    /// widens the interval with the threads it names.
    #[arg(
        long,
        value_name = "MS",
        value_parser = parse_nonneg,
        allow_negative_numbers = true,
        conflicts_with = "cpu_scale"
    )]
    cpu_ms: Option<f64>,
    /// Placement policy (with --task: default every policy).
    #[arg(long, short = 'p', value_name = "POLICY", value_parser = parse_policy, required_unless_present = "task")]
    policy: Option<Policy>,
    /// GPU passes per CPU update (R ≥ 1; fractions allowed for averages). With --task: overrides
    /// the file's `reuse`.
    #[arg(long, short = 'r', value_name = "R", value_parser = parse_reuse, allow_negative_numbers = true, required_unless_present = "task")]
    reuse: Option<f64>,
    /// Working-set size: 4096, 64KiB, 256MiB, 1GiB. Default: the model's largest calibrated size.
    #[arg(long, short = 'b', value_name = "SIZE", value_parser = parse_bytes, allow_hyphen_values = true)]
    bytes: Option<u64>,
    /// Show how the prediction decomposes into compute, access and management terms (with --task:
    /// every priced step, round by round).
    #[arg(long)]
    explain: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ChooseArgs {
    #[command(flatten)]
    model: ModelArg,
    #[command(flatten)]
    dev: DeviceArg,
    #[command(flatten)]
    cpu: CpuScaleArg,
    #[command(flatten)]
    task: TaskArgs,
    /// With --task: one round's CPU phase on ordinary host memory, ms, best timed inside your
    /// loop (see `predict --help`; overrides the file's `cpu_ms`).
    #[arg(long, value_name = "MS", value_parser = parse_nonneg, allow_negative_numbers = true, requires = "task", conflicts_with = "cpu_scale")]
    cpu_ms: Option<f64>,
    /// GPU passes per CPU update (R ≥ 1). With --task: overrides the file's `reuse`.
    #[arg(long, short = 'r', value_name = "R", value_parser = parse_reuse, allow_negative_numbers = true, required_unless_present = "task")]
    reuse: Option<f64>,
    /// Working-set size. Default: the model's largest calibrated size.
    #[arg(long, short = 'b', value_name = "SIZE", value_parser = parse_bytes, allow_hyphen_values = true)]
    bytes: Option<u64>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct BreakevenArgs {
    #[command(flatten)]
    model: ModelArg,
    #[command(flatten)]
    dev: DeviceArg,
    #[command(flatten)]
    cpu: CpuScaleArg,
    #[command(flatten)]
    task: TaskArgs,
    /// With --task: one round's CPU phase on ordinary host memory, ms, best timed inside your
    /// loop (see `predict --help`; overrides the file's `cpu_ms`). With --task, R* is over the
    /// task's passes per round.
    #[arg(long, value_name = "MS", value_parser = parse_nonneg, allow_negative_numbers = true, requires = "task", conflicts_with = "cpu_scale")]
    cpu_ms: Option<f64>,
    /// Working-set size. Default: the model's largest calibrated size.
    #[arg(long, short = 'b', value_name = "SIZE", value_parser = parse_bytes, allow_hyphen_values = true)]
    bytes: Option<u64>,
    /// First policy.
    #[arg(value_name = "A", value_parser = parse_policy)]
    a: Policy,
    /// Second policy.
    #[arg(value_name = "B", value_parser = parse_policy)]
    b: Policy,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct ValidateArgs {
    /// The model to check (file or embedded name).
    #[arg(long, short = 'm', value_name = "MODEL", required = true)]
    model: String,
    /// Measurement CSV(s) with `handoff` `alternating` rows.
    #[arg(value_name = "MEASUREMENTS.csv", required = true)]
    measurements: Vec<PathBuf>,
    /// Skip the cells the model was calibrated on (R = 1 at calibrated sizes).
    #[arg(long)]
    held_out: bool,
    /// Predict each measured trial from its own CPU update (its `stage:cpu` row) and the model's
    /// platform share: how well the model transfers to another run once the CPU's speed is known
    /// (reported separately from the plain figures).
    #[arg(long)]
    cpu_from_trials: bool,
    /// Validate the model composed from the access and management terms instead (no handoff rows).
    #[arg(long)]
    composed: bool,
    /// Validate a task's predictions against the suite's run of it (rows `<task>:total` of the
    /// workload groups) or your own program's timings of it (the same rows in group `task`, as
    /// contrib/independent/to_csv.py writes them), given the phase times the same run measured
    /// on plain memory. Cells beyond 5 % are counted twice: all of them, and those whose
    /// prediction also lies outside the trials that hold the measured median (order statistics,
    /// ≥ 80 %, which takes 4 trials): misses the measurement resolves, where the rest may be the
    /// trials' own scatter. Paired by trial (`--final-beside`, `--cpu-beside`), a miss is resolved
    /// where the trials' paired errors that hold their median all lie beyond 5 % on one side.
    /// A run at several sizes (`bench <group> --sizes`) is validated at the size the task file
    /// describes.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["held_out", "cpu_from_trials", "composed"])]
    task: Option<PathBuf>,
    /// With --task: also each side of the task (CPU phases with their faults, GPU phases with
    /// theirs, copies and prefetches), predicted against the run's `cpu`, `gpu` and `move` rows:
    /// which side a prediction misses. (The JSON carries them whenever the run has those rows.)
    #[arg(long, requires = "task")]
    parts: bool,
    /// With --task: price the migrating steps from the migration probe the run measured beside
    /// its plain phases (`<task>:probe_*` rows) instead of the calibration's terms: the rates the
    /// machine migrated at during the run, as a caller's `umodel probe` would give them.
    #[arg(long, requires = "task")]
    probe: bool,
    /// With --task: price the migrating steps from a probe file (`umodel probe -o FILE`), as
    /// `choose --task --probe FILE` would: how a caller who probes before their tasks would have
    /// been answered. On an H100 that includes the CPU's fault runs, from the probe's sparse cell
    /// (rule S), and pages a one-thread task's CPU only read back migrate at the calibration's
    /// price (rule R); with --faults-beside the cell beside each row stands in for the probe's.
    #[arg(
        long,
        value_name = "PROBE.json",
        requires = "task",
        conflicts_with = "probe"
    )]
    probe_from: Option<PathBuf>,
    /// With --task: give each policy the plain final host access the run timed right after its
    /// own rows (`plain_final_beside`, runs since run92) instead of the one at each trial's start:
    /// on a shared host a large host pass runs at one of two speeds, and the level flips within
    /// a trial.
    #[arg(long, requires = "task")]
    final_beside: bool,
    /// With --task: the same for the CPU phase: give each policy the plain CPU phase the run
    /// timed right after its own rows (`plain_cpu_beside`, runs since run96). With either flag
    /// each trial is also predicted from the passes beside its own row and compared with its own
    /// total (the paired error).
    #[arg(long, requires = "task")]
    cpu_beside: bool,
    /// With --task: price each row's faults of separate pages (`cpu_fault_run`) at the level of
    /// the sparse faults the run timed right after it (`sparse_cpu_beside`, runs since run103),
    /// against the same cell of the model's calibration: they run at one of two levels, in spells
    /// of a trial or longer. Pairs each trial as the flags above do.
    #[arg(long, requires = "task")]
    faults_beside: bool,
    /// With --task: price each trial from the migration probe measured at its own start (the
    /// suite's four probe rounds before the trial's rows) instead of the run's, as a caller who
    /// probes right before each task would be answered. The medians are priced from the run's
    /// probe (as --probe); each trial is paired as the flags above do.
    #[arg(long, requires = "task", conflicts_with = "probe_from")]
    probe_beside: bool,
    /// [experimental] With --task --final-beside: price each row's prefetch back to the host at
    /// the host's level beside it: the term times the final pass timed right after the row over
    /// the run's plain final access. Not adopted: over 31 runs no better (NOTES.md, "The
    /// prefetch back beside each row: not adopted"). Pairs each trial as the flags above do;
    /// tasks without a final host access are priced as before.
    #[arg(long, requires = "final_beside")]
    back_beside: bool,
    /// List every point, not only the summary.
    #[arg(long, short = 'v')]
    verbose: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
struct FitArgs {
    /// Measurement CSV (DESIGN.md §3): `handoff` rows `gpu_only` and `alternating` at R = 1 per
    /// policy and size; other rows add access and management terms.
    #[arg(value_name = "MEASUREMENTS.csv")]
    measurements: PathBuf,
    /// Where to write the model (JSON, written atomically).
    #[arg(long, short = 'o', value_name = "MODEL.json")]
    output: PathBuf,
    /// Platform facts file. Default: MEASUREMENTS.facts.json beside the CSV, if present.
    #[arg(long, value_name = "FACTS.json")]
    facts: Option<PathBuf>,
    /// Calibrate only at these sizes (comma-separated); the rest stay held out for validation.
    #[arg(long, value_name = "SIZES", value_delimiter = ',', value_parser = parse_bytes, allow_hyphen_values = true)]
    sizes: Option<Vec<u64>>,
    /// Other runs of the same machine: their R = 1 cells measure the level shifts between
    /// processes, which are added to every prediction interval, and the model is checked against
    /// each of them (kept in the model file; repeatable).
    #[arg(long, value_name = "OTHER.csv")]
    noise_from: Vec<PathBuf>,
    /// Fit the task terms from this measurement CSV of the same machine instead (a calibration of
    /// this version measures every one; older CSVs lack some). Repeated: each term from the
    /// calibration whose value at 64 MiB is the median of theirs (the lower middle one of an even
    /// count; a term measured two ways, over those that measured it the later way), so the model
    /// does not carry one calibration's migration regime.
    #[arg(long, value_name = "CALIBRATION.csv")]
    task_terms_from: Vec<PathBuf>,
    /// Other calibrations of the same machine: the task terms fitted from each measure how far
    /// every term moves between calibrations, which widens the intervals of the task predictions
    /// that use it (kept in the model file; repeatable); a term far from the embedded model that
    /// they measured as far off is the machine's (kept for `umodel doctor`). `calibrate` does
    /// this by itself with the calibrations kept beside it.
    #[arg(long, value_name = "CALIBRATION.csv")]
    task_noise_from: Vec<PathBuf>,
    /// Calibrations of this platform (other machines of the same kind welcome) to pool the terms
    /// one calibration prices poorly over (the prefetch back to the host): for each, the
    /// calibration whose value at 64 MiB is the median of theirs, with their spread. The pool is
    /// kept in the model file for calibrations of this GPU to take (an embedded model's;
    /// repeatable, two at least).
    #[arg(long, value_name = "CALIBRATION.csv")]
    pool_from: Vec<PathBuf>,
    /// Price the pooled terms from the pools the embedded model of this GPU carries, as
    /// `calibrate` does (checked as measured first; a term too far from its pool keeps its own);
    /// with --pool-from, from the pool built here. (`calibrate` on an H100 also prices the passes
    /// over managed pages kept on the host from its pinned ones: --managed-from-pinned.)
    #[arg(long)]
    price_from_pool: bool,
    /// Price the passes over managed pages kept on the host from this calibration's pinned
    /// passes, scaled from the embedded model of its GPU, as `calibrate` does on a GPU whose
    /// embedded model asks for it (rule M2: the H100). A calibration times those passes right
    /// after filling the pages on every core, which a slow link charged up to 3.6× where tasks
    /// paid the pinned rates (NOTES.md, "The link probe"); without this flag `fit` keeps them as
    /// measured. With --price-from-pool it prices the terms as `calibrate` does.
    #[arg(long)]
    managed_from_pinned: bool,
    /// Keep the migration after one host thread's writes (`fault_in_scalar_one_thread`, measured
    /// by calibrations since 2026-12-06) in the model, so that tasks that write on one thread are
    /// priced from it (rule M3′). `calibrate` and `fit` keep it without this flag on the GPUs
    /// where the rule passed on workloads (the H100): on a slow H100 link a 64 MiB migration after
    /// one thread's writes cost 0.52-0.76 of its price after every core's, on a fast one 0.98-1.01.
    #[arg(long)]
    one_thread_migration: bool,
    /// Fit the peer and contention terms (data on another GPU, GPUs moving data at once) from
    /// these CSVs of `umodel bench peer contention` on the same host (repeatable).
    #[arg(long, value_name = "PEER.csv")]
    peer_from: Vec<PathBuf>,
    /// Fit the handoff as umodel did before the host-level prefetch back (NOTES.md, "The
    /// prefetch back at the host's level"): a given CPU update then leaves the prefetching
    /// policies' prefetch back as calibrated. Reproduces the embedded models and models fitted
    /// before 2026-12-03.
    #[arg(long)]
    no_host_level: bool,
    /// The host's L3 cache (e.g. 300MiB), for measurements whose facts file predates recording
    /// it (facts written since 2026-12-06 carry it, and a different size is refused). A query
    /// compares it with this host's, the embedded models' too: on the H100 VMs every host with
    /// 105 MiB ran the link up to 1.5× slower than the 300 MiB hosts the models were measured on
    /// (NOTES.md, "The link probe"). Their make scripts give what their runs' `lscpu` recorded.
    #[arg(long, value_name = "SIZE", value_parser = parse_bytes)]
    host_l3: Option<u64>,
    /// [experimental] Split the size model at the GPU's L2 size. Not adopted: the ablation found
    /// it worse (NOTES.md, "Minimal plan: the ablation").
    #[arg(long)]
    l2_split: bool,
    /// Interpolation between calibrated sizes ([experimental]: loglog, not adopted for the same
    /// reason as --l2-split).
    #[arg(long, value_enum, default_value_t = InterpArg::Linear)]
    interpolation: InterpArg,
    /// Print a JSON summary instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum InterpArg {
    Linear,
    Loglog,
}

#[derive(Debug, Args)]
struct ShowArgs {
    #[command(flatten)]
    model: ModelArg,
    /// Print the whole model file as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Groups to run. Default: hbm host_mapped transfer prefetch managed pattern handoff, and the
    /// validation tasks workload partial compute prodcons. Not by default: peer and contention
    /// (two GPUs or more), oversub (managed memory beyond the device; two opt-ins). Never: task
    /// (the rows of your own program's timings, contrib/independent/to_csv.py).
    #[arg(value_name = "GROUP")]
    groups: Vec<String>,
    /// Sizes (comma-separated). Default: each group's own sizes. The validation workloads run
    /// with every buffer this long, one block per size (`validate --task` takes a task file of
    /// that size; `calibration/h200/run138/scale_tasks.py` writes them).
    #[arg(long, value_name = "SIZES", value_delimiter = ',', value_parser = parse_bytes, allow_hyphen_values = true)]
    sizes: Option<Vec<u64>>,
    /// Measured trials per cell (warm-ups are extra and not written).
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    trials: Option<u32>,
    /// Reuse values for the handoff group (comma-separated).
    #[arg(
        long,
        value_name = "R",
        value_delimiter = ',',
        allow_negative_numbers = true
    )]
    reuse: Option<Vec<u32>>,
    /// CUDA device ordinal.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    device: usize,
    /// CPU threads for the handoff's CPU update (1 = single thread pinned to a core).
    #[arg(long, default_value_t = 1, allow_negative_numbers = true)]
    cpu_threads: usize,
    /// Core to pin the single-threaded CPU update's thread to, or `none` to leave it unpinned. The
    /// same thread issues every CUDA call, so this places those too. Default: the last core local
    /// to the GPU, else the last core (every committed run). Unpinned, the suite's moves do not
    /// meet the deferred cost pinned runs meet in about a quarter of their rounds (NOTES.md, "A
    /// move's deferred cost, and whose it is")
    #[arg(long, value_name = "N|none", value_parser = parse_core, allow_negative_numbers = true)]
    cpu_core: Option<CorePin>,
    /// Where to write the rows (`-` for stdout). The run's facts go to OUT.facts.json.
    #[arg(
        long,
        short = 'o',
        value_name = "FILE.csv",
        default_value = "measurements.csv"
    )]
    out: PathBuf,
    /// Continue OUT, skipping cells already complete there.
    #[arg(long)]
    resume: bool,
    /// The validation workloads (workload partial compute prodcons) also append every step they
    /// take, with its time, to this CSV: `task,policy,reuse,trial,index,round,step,buffer,to,ms`
    /// (rounds numbered as `predict --task --explain` numbers them), to see which copy or prefetch
    /// of which round carries a policy's movement.
    #[arg(long, value_name = "FILE.csv")]
    step_times: Option<PathBuf>,
    /// Allow the `oversub` group (managed memory beyond the GPU's capacity, in a watched child
    /// process). Never on shared machines.
    #[arg(long)]
    allow_oversubscription: bool,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
    /// Also draw the report (`umodel report`) of this machine's model with these measurements into
    /// DIR/report.html.
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Internal: the oversub group's child process (one footprint, percent of device memory).
    #[arg(long, hide = true, value_name = "PERCENT")]
    oversub_child: Option<u32>,
}

#[derive(Debug, Args)]
pub struct CalibrateArgs {
    /// CUDA device ordinal, a list (`0,1`) or `all`. Each GPU of a list is calibrated in turn with
    /// its CPU work on cores local to it; GPUs whose link and memory terms agree within the noise
    /// share the platform's model, and one that stands out gets its own model file
    /// (`<platform>.gpuN.json`) and a warning naming the term. Queries take `--device N`.
    #[arg(long, default_value = "0", value_name = "N|LIST|all", value_parser = parse_devices, allow_negative_numbers = true)]
    device: Devices,
    /// minimal: R = 1 at 16, 64 and 256 MiB plus the primitives every task term needs at 16 and
    /// 64 MiB, in seconds; full: every size 16 MiB-1 GiB and R 1-32, in minutes, with every R >= 2
    /// cell held out to validate the fit. Their times on the H200: NOTES.md, "The 20-second
    /// calibration", and calibration/h200/README.md.
    #[arg(long, value_enum, default_value_t = PlanArg::Minimal)]
    plan: PlanArg,
    /// Where to write the model. Default: the per-user data directory, one file per platform.
    #[arg(long, short = 'o', value_name = "MODEL.json")]
    output: Option<PathBuf>,
    /// Directory for the raw measurements and facts. Default: beside the model.
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Continue an interrupted calibration without repeating finished cells (appends to its CSV
    /// instead of starting a new one).
    #[arg(long)]
    resume: bool,
    /// Threads of the handoff's CPU update. 1 (the paper's) pins one thread to the last core; N > 1
    /// updates on N cores, one worker per core: a shorter update, but the DMA that follows reads
    /// data dirty in N cores' caches, and the platform's share of an alternation moved between
    /// calibrations more than with one thread (NOTES.md, "What moves the CPU update" and "What the
    /// model composes"; calibration/h200/README.md, run13). Predictions include this update; give
    /// your own with `predict --cpu-ms` or a task file. Earlier calibrations with another setting
    /// are not compared.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 1,
        allow_negative_numbers = true
    )]
    cpu_threads: usize,
    /// Core to pin the single-threaded CPU update's thread to, or `none` to leave it unpinned (it
    /// issues every CUDA call of the calibration too). Default: the last core local to the GPU,
    /// else the last core, as every committed calibration; an unpinned one is an experiment, not
    /// adopted (it priced the independent programs no better, calibration/h200/run184; NOTES.md,
    /// "A move's deferred cost, and whose it is"), and is compared with earlier ones as if pinned
    #[arg(long, value_name = "N|none", value_parser = parse_core, allow_negative_numbers = true)]
    cpu_core: Option<CorePin>,
    /// Also draw the report (`umodel report`) of the new model and its measurements into
    /// DIR/report.html (DIR/gpuN/ for each GPU of a list).
    #[arg(long, value_name = "DIR")]
    report: Option<PathBuf>,
    /// Print the summary as JSON.
    #[arg(long)]
    json: bool,
}

/// Devices to calibrate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Devices {
    All,
    List(Vec<usize>),
}

fn parse_devices(s: &str) -> Result<Devices, String> {
    if s.trim() == "all" {
        return Ok(Devices::All);
    }
    let mut v = Vec::new();
    for p in s.split(',') {
        let d: usize = p.trim().parse().map_err(|_| {
            format!("`{p}` is not a device ordinal (give N, a list like 0,1, or all)")
        })?;
        if v.contains(&d) {
            return Err(format!("device {d} is listed twice"));
        }
        v.push(d);
    }
    Ok(Devices::List(v))
}

#[derive(Debug, Clone, Copy, ValueEnum, PartialEq, Eq)]
pub(crate) enum PlanArg {
    Minimal,
    Full,
}

fn parse_policy(s: &str) -> Result<Policy, String> {
    s.parse()
        .map_err(|e: crate::policy::UnknownPolicy| e.to_string())
}

fn parse_bytes(s: &str) -> Result<u64, String> {
    crate::units::parse_size(s).map_err(|e| e.to_string())
}

fn parse_reuse(s: &str) -> Result<f64, String> {
    crate::units::parse_reuse(s)
}

/// `--cpu-core`: a core number, or `none` for an unpinned thread.
fn parse_core(s: &str) -> Result<CorePin, String> {
    match s.trim() {
        "none" => Ok(CorePin::Unpinned),
        t => t.parse().map(CorePin::Core).map_err(|_| {
            format!("`{s}` is not a core (give a core number, as `nproc` counts from 0, or none)")
        }),
    }
}

fn parse_rounds(s: &str) -> Result<u32, String> {
    match s.trim().parse::<u32>() {
        Ok(n) if (1..=crate::task::MAX_ROUNDS).contains(&n) => Ok(n),
        _ => Err(format!(
            "`{s}`: rounds is a whole number from 1 to {}",
            crate::task::MAX_ROUNDS
        )),
    }
}

fn parse_nonneg(s: &str) -> Result<f64, String> {
    crate::units::parse_bounded(s, crate::units::MAX_MS)
}

fn parse_scale(s: &str) -> Result<f64, String> {
    crate::units::parse_bounded(s, crate::units::MAX_SCALE)
}

/// Where [`out!`] goes when stdout cannot be written: a closed pipe is the reader saying it has seen
/// enough (exit 0, as `head` expects); anything else is an error.
pub(crate) fn stdout_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    note!("umodel: error: writing to stdout: {e}");
    std::process::exit(1);
}

/// Runs the CLI; returns the process exit code (0 ok, 1 error, 2 usage).
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match commands::run(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            note!("umodel: error: {e}");
            for cause in e.chain().skip(1) {
                note!("  caused by: {cause}");
            }
            ExitCode::from(1)
        }
    }
}
