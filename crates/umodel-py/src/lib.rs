//! umodel's predictor as a Python package (`import umodel`), built with maturin
//! (`scripts/python/run.sh` builds it, runs the tests and measures the batch).
//!
//! ```python
//! import umodel
//! m = umodel.Model.load()          # this machine's model, as the `umodel` command finds it
//! m.choose(256 << 20, 4.0)         # ('explicit-copy', 41.16, False)
//! t = m.compile_task("tasks/seed-001.json")   # the user's task (DESIGN.md §3), compiled once
//! t.choose(cpu_ms=14.3, gpu_ms=0.29)          # ('explicit-copy', 68.04, False)
//! ```
//!
//! Errors raise `umodel.UmodelError` (a `ValueError`) with the message the command line prints for
//! the same error. The stubs are `umodel.pyi`.

use std::borrow::Cow;

use numpy::{IntoPyArray, PyArray1, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyString, PyTuple};
use umodel::model::{
    BatchError, CompiledTask, Decision, Predictor, Probe, TaskOverrides, TaskPrediction,
};
use umodel::task::Task as TaskFile;
use umodel::Policy;

pyo3::create_exception!(
    umodel,
    UmodelError,
    PyValueError,
    "An input umodel cannot answer for (a bad size, reuse or policy, an unknown model): the \
     message is the one the `umodel` command line prints."
);

fn error(e: impl std::fmt::Display) -> PyErr {
    UmodelError::new_err(e.to_string())
}

/// A size in bytes: an int (a numpy integer too) from 1, or text the command line takes
/// (`"256MiB"`, `"1.5GB"`).
fn size_arg(v: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(s) = v.cast::<PyString>() {
        return umodel::units::parse_size(s.to_str()?).map_err(error);
    }
    let repr = || v.repr().map(|r| r.to_string()).unwrap_or_default();
    // Not a bool or a float: a size is a whole number, and `True` is not one.
    if v.is_instance_of::<PyBool>() || v.is_instance_of::<PyFloat>() {
        return Err(error(format!(
            "size must be a whole number of bytes or a size like \"256MiB\" (got {})",
            repr()
        )));
    }
    // Outside 0..2^64 is an error, never a wrap.
    v.extract::<u64>().map_err(|_| {
        error(format!(
            "size must be a whole number of bytes from 1 to 2^64 - 1 (got {})",
            repr()
        ))
    })
}

fn policy_arg(name: &str) -> PyResult<Policy> {
    name.parse::<Policy>().map_err(error)
}

/// A loaded model. Immutable: one `Model` may be used from any number of threads.
#[pyclass(frozen, module = "umodel")]
struct Model {
    /// The model, compiled: every query.
    predictor: Predictor,
    source: String,
}

/// `choose_many`'s columns: policy indices into `umodel.POLICIES`, times in ms, ties.
type Choices<'py> = (
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<f64>>,
    Bound<'py, PyArray1<bool>>,
);

#[pymethods]
impl Model {
    /// Loads a model: an embedded one by name (`"h200"`, `"gb200-paper"`), a model file by path,
    /// or with no name this machine's model as the `umodel` command line finds it (with `device`,
    /// that GPU's own calibrated model where `umodel calibrate --device` gave it one; else the
    /// model calibrated for this machine, else the embedded model of this GPU, else the first
    /// embedded model; `Model.source` says which).
    #[staticmethod]
    #[pyo3(signature = (name=None, device=None))]
    fn load(py: Python<'_>, name: Option<&str>, device: Option<usize>) -> PyResult<Model> {
        let name = name.map(str::to_owned);
        py.detach(move || {
            Predictor::load(name.as_deref(), device).map(|(predictor, source)| Model {
                source: format!("{source}: {}", predictor.describe()),
                predictor,
            })
        })
        .map_err(error)
    }

    /// Which model this is and where it came from.
    #[getter]
    fn source(&self) -> &str {
        &self.source
    }

    /// The policies this model was calibrated for, in its order.
    #[getter]
    fn policies(&self) -> Vec<&'static str> {
        self.predictor
            .policy_list()
            .iter()
            .map(|p| p.name())
            .collect()
    }

    /// Predicts one alternation (CPU update as calibrated, movement, `reuse` GPU passes, sync) of
    /// `policy` on `bytes` bytes: a dict with the keys of `umodel predict --json`.
    fn predict<'py>(
        &self,
        py: Python<'py>,
        policy: &str,
        bytes: &Bound<'py, PyAny>,
        reuse: f64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let p = self
            .predictor
            .predict(policy_arg(policy)?, size_arg(bytes)?, reuse)
            .map_err(error)?;
        let d = PyDict::new(py);
        d.set_item("policy", p.policy.name())?;
        d.set_item("bytes", p.bytes)?;
        d.set_item("reuse", p.reuse)?;
        d.set_item("time_ms", p.time_ms)?;
        d.set_item("fixed_ms", p.fixed_ms)?;
        d.set_item("per_pass_ms", p.per_pass_ms)?;
        d.set_item("interval_ms", (p.interval_ms[0], p.interval_ms[1]))?;
        d.set_item("spread_ms", p.spread_ms)?;
        d.set_item("extrapolated", p.extrapolated)?;
        Ok(d)
    }

    /// The fastest policy at `bytes` bytes and reuse `reuse`: `(policy, time_ms, tie)`, `tie` when
    /// the runner-up is within the measured noise.
    fn choose(&self, bytes: &Bound<'_, PyAny>, reuse: f64) -> PyResult<(&'static str, f64, bool)> {
        let d = self
            .predictor
            .decide(size_arg(bytes)?, reuse)
            .map_err(error)?;
        Ok((d.best.name(), d.time_ms, d.tie))
    }

    /// `choose` for many queries: `bytes` (uint64) and `reuse` (float64) 1-d arrays of one length.
    /// Returns `(policy, time_ms, tie)` arrays: policy indices into `umodel.POLICIES` (int64),
    /// float64, bool. A bad query raises naming its index (`query 7: ...`).
    fn choose_many<'py>(
        &self,
        py: Python<'py>,
        bytes: PyReadonlyArray1<'py, u64>,
        reuse: PyReadonlyArray1<'py, f64>,
    ) -> PyResult<Choices<'py>> {
        // Contiguous arrays are read in place; a strided view is copied once.
        let b: Cow<'_, [u64]> = match bytes.as_slice() {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => Cow::Owned(bytes.as_array().to_vec()),
        };
        let r: Cow<'_, [f64]> = match reuse.as_slice() {
            Ok(s) => Cow::Borrowed(s),
            Err(_) => Cow::Owned(reuse.as_array().to_vec()),
        };
        if b.len() != r.len() {
            return Err(error(BatchError::Lengths {
                bytes: b.len(),
                reuse: r.len(),
                out: b.len(),
            }));
        }
        let (b, r) = (&*b, &*r);
        let predictor = &self.predictor;
        let (policy, time, tie) = py
            .detach(move || -> Result<_, BatchError> {
                let n = b.len();
                let (mut policy, mut time, mut tie) = (
                    Vec::with_capacity(n),
                    Vec::with_capacity(n),
                    Vec::with_capacity(n),
                );
                // The predictor's batch writes `Decision`s: a chunk at a time through a buffer on
                // the stack, then into the three columns.
                const CHUNK: usize = 512;
                let mut buf = [Decision::default(); CHUNK];
                for (k, (b, r)) in b.chunks(CHUNK).zip(r.chunks(CHUNK)).enumerate() {
                    let buf = &mut buf[..b.len()];
                    predictor.choose_many(b, r, buf).map_err(|e| match e {
                        BatchError::Query { index, error } => BatchError::Query {
                            index: k * CHUNK + index,
                            error,
                        },
                        e => e,
                    })?;
                    for d in buf.iter() {
                        policy.push(d.best.index() as i64);
                        time.push(d.time_ms);
                        tie.push(d.tie);
                    }
                }
                Ok((policy, time, tie))
            })
            .map_err(error)?;
        Ok((
            policy.into_pyarray(py),
            time.into_pyarray(py),
            tie.into_pyarray(py),
        ))
    }

    /// The reuse R* ≥ 1 at which policies `a` and `b` take equal time at `bytes` bytes; `None`
    /// when their lines do not cross at R ≥ 1.
    fn breakeven(&self, a: &str, b: &str, bytes: &Bound<'_, PyAny>) -> PyResult<Option<f64>> {
        self.predictor
            .breakeven(policy_arg(a)?, policy_arg(b)?, size_arg(bytes)?)
            .map_err(error)
    }

    /// Compiles the user's task for repeated queries: `task` is the path of a task file
    /// (`tasks/seed-001.json`; DESIGN.md §3; TOML where the name ends in `.toml`) or the task
    /// itself as a dict of the file's fields.
    /// `probe`: a probe (the path of `umodel probe -o FILE`'s file, or its fields as a dict) to
    /// price the migrating steps, and the mapped passes where it measured the link, at the rates
    /// it found instead of the calibration's.
    /// Raises `UmodelError` with the parser's message (file, line, field) for a bad task or
    /// probe, and when the model has no task terms; warns (`UserWarning`) when the probe's CPU
    /// touched another share of its pages than the task does (`umodel probe --task FILE` probes
    /// in its shape).
    #[pyo3(signature = (task, *, probe=None))]
    fn compile_task(
        &self,
        py: Python<'_>,
        task: &Bound<'_, PyAny>,
        probe: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Task> {
        let parsed = if task.is_instance_of::<PyDict>() {
            let text: String = py
                .import("json")?
                .call_method1("dumps", (task,))?
                .extract()?;
            TaskFile::parse(std::path::Path::new("<task dict>"), text.as_bytes())
        } else {
            let path: std::path::PathBuf = task.extract().map_err(|_| {
                error("task must be the path of a task file or a dict of the task's fields")
            })?;
            py.detach(|| TaskFile::read(&path))
        }
        .map_err(error)?;
        let probe = probe.map(|p| probe_arg(py, p)).transpose()?;
        let compiled = self
            .predictor
            .compile_task_probed(&parsed, probe.as_ref())
            .map_err(error)?;
        // With a probe, the task from the calibration's terms alone too: each answer carries its
        // price beside (`terms_alone_ms`), as `predict|choose --task --probe --json` do.
        let plain = match &probe {
            Some(_) => Some(
                self.predictor
                    .compile_task_probed(&parsed, None)
                    .map_err(error)?,
            ),
            None => None,
        };
        // As the command line notes it on stderr: a probe of another shape than the task's.
        if let Some(why) = probe.as_ref().and_then(|p| p.shape_mismatch(&parsed)) {
            let message = std::ffi::CString::new(why).map_err(|e| error(e.to_string()))?;
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            PyErr::warn(py, category.as_any(), &message, 1)?;
        }
        Ok(Task { compiled, plain })
    }

    /// Each figure of a probe (the path of `umodel probe -o FILE`'s file, or its fields as a dict)
    /// beside this model's price of the same step at the probe's size, as `umodel probe --from
    /// FILE --json` lists them: a list of dicts with `term`, `link`, `bytes`, `ms`, `rel_sd`,
    /// `samples`, `model_ms`, `ratio`, `differs` (off the price by more than 10 % and twice the
    /// rounds' spread: where `priced`, price with the probe; where `link` too, a pass over the
    /// link, calibrating measures it too) and `priced` (false for the passes over managed pages
    /// kept on the host, priced from the probe's pinned ones, for the migration after one
    /// thread's writes, and for the CPU's sparse cell except on an H100, rule S). `model_ms`,
    /// `ratio` and `differs` are None where the model has no such term (no task terms at all:
    /// `gb200-paper`).
    fn probe_against<'py>(
        &self,
        py: Python<'py>,
        probe: &Bound<'py, PyAny>,
    ) -> PyResult<Vec<Bound<'py, PyDict>>> {
        let p = probe_arg(py, probe)?;
        p.judged(self.predictor.task_terms().ok())
            .into_iter()
            .map(|f| {
                let d = PyDict::new(py);
                d.set_item("term", f.term)?;
                d.set_item("link", f.link)?;
                d.set_item("bytes", f.bytes)?;
                d.set_item("ms", f.ms)?;
                d.set_item("rel_sd", f.rel_sd)?;
                d.set_item("samples", f.samples)?;
                d.set_item("model_ms", f.model_ms)?;
                d.set_item("ratio", f.ratio)?;
                d.set_item("differs", f.differs)?;
                d.set_item("priced", f.priced)?;
                Ok(d)
            })
            .collect()
    }

    fn __repr__(&self) -> String {
        format!("<umodel.Model {}>", self.source)
    }
}

/// A probe given as the path of its file or as a dict of its fields.
fn probe_arg(py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Probe> {
    if p.is_instance_of::<PyDict>() {
        let text: String = py.import("json")?.call_method1("dumps", (p,))?.extract()?;
        return Probe::parse(std::path::Path::new("<probe dict>"), &text).map_err(error);
    }
    let path: std::path::PathBuf = p
        .extract()
        .map_err(|_| error("probe must be the path of a probe file or a dict of its fields"))?;
    Probe::read(&path).map_err(error)
}

/// A task compiled for one model (`Model.compile_task`): ask it with the phase times you measured
/// (`cpu_ms`: one CPU phase on ordinary host memory; `gpu_ms`: one GPU pass on device memory;
/// `cpu_final_ms`: the host's last access) and, if you like, other `rounds` or `reuse` (GPU passes
/// per round); what you leave out is the task file's. Each query takes well under a microsecond in
/// the library, whatever the rounds. Immutable: usable from any number of threads.
#[pyclass(frozen, module = "umodel")]
struct Task {
    compiled: CompiledTask,
    /// Compiled with a probe: the same task from the calibration's terms alone.
    plain: Option<CompiledTask>,
}

impl Task {
    /// `policy`'s time from the calibration's terms alone, where the task was compiled with a
    /// probe (and those terms price it).
    fn terms_alone(&self, policy: Policy, o: TaskOverrides) -> Option<f64> {
        let plain = self.plain.as_ref()?;
        plain.predict(policy, o).ok().map(|p| p.time_ms)
    }
}

fn overrides(
    cpu_ms: Option<f64>,
    gpu_ms: Option<f64>,
    cpu_final_ms: Option<f64>,
    rounds: Option<u32>,
    reuse: Option<f64>,
) -> TaskOverrides {
    TaskOverrides {
        cpu_ms,
        gpu_ms,
        cpu_final_ms,
        rounds,
        reuse,
    }
}

/// One policy's answer with the keys of `umodel predict --task FILE --policy P --json`.
fn prediction_dict<'py>(
    py: Python<'py>,
    task: &str,
    p: &TaskPrediction,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("task", task)?;
    d.set_item("policy", p.policy.name())?;
    d.set_item("rounds", p.rounds)?;
    d.set_item("reuse", p.reuse)?;
    d.set_item("time_ms", p.time_ms)?;
    d.set_item("interval_ms", (p.interval_ms[0], p.interval_ms[1]))?;
    d.set_item("sd_ms", p.sd_ms)?;
    let parts = PyDict::new(py);
    let q = &p.parts;
    for (k, v) in [
        ("cpu_ms", q.cpu_ms),
        ("cpu_faults_ms", q.cpu_faults_ms),
        ("gpu_ms", q.gpu_ms),
        ("link_ms", q.link_ms),
        ("gpu_faults_ms", q.gpu_faults_ms),
        ("copy_ms", q.copy_ms),
        ("prefetch_ms", q.prefetch_ms),
        ("sync_ms", q.sync_ms),
    ] {
        parts.set_item(k, v)?;
    }
    d.set_item("parts", parts)?;
    d.set_item("assumptions", p.assumptions.notes())?;
    Ok(d)
}

#[pymethods]
impl Task {
    /// The task's name (its file's `name`).
    #[getter]
    fn name(&self) -> &str {
        self.compiled.name()
    }

    /// The fastest policy for the task: `(policy, time_ms, tie)`, the time of the whole task and
    /// `tie` when the runner-up is within the noise (`umodel choose --task`'s `best`, its time and
    /// `tie`).
    #[pyo3(signature = (*, cpu_ms=None, gpu_ms=None, cpu_final_ms=None, rounds=None, reuse=None))]
    fn choose(
        &self,
        cpu_ms: Option<f64>,
        gpu_ms: Option<f64>,
        cpu_final_ms: Option<f64>,
        rounds: Option<u32>,
        reuse: Option<f64>,
    ) -> PyResult<(&'static str, f64, bool)> {
        let c = self
            .compiled
            .choose(overrides(cpu_ms, gpu_ms, cpu_final_ms, rounds, reuse))
            .map_err(error)?;
        Ok((c.best().policy.name(), c.best().time_ms, c.tie()))
    }

    /// Every priced policy, fastest first: a dict with the keys of `umodel choose --task FILE
    /// --json` (`best`, `tie`, `tied`, `ranking` of `{policy, time_ms, lo_ms, hi_ms, sd_ms}`, …;
    /// compiled with a probe, each with `terms_alone_ms`, its price from the calibration's terms).
    #[pyo3(signature = (*, cpu_ms=None, gpu_ms=None, cpu_final_ms=None, rounds=None, reuse=None))]
    fn rank<'py>(
        &self,
        py: Python<'py>,
        cpu_ms: Option<f64>,
        gpu_ms: Option<f64>,
        cpu_final_ms: Option<f64>,
        rounds: Option<u32>,
        reuse: Option<f64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let o = overrides(cpu_ms, gpu_ms, cpu_final_ms, rounds, reuse);
        let c = self.compiled.choose(o).map_err(error)?;
        let best = c.best();
        let d = PyDict::new(py);
        d.set_item("task", self.compiled.name())?;
        d.set_item("rounds", best.rounds)?;
        d.set_item("reuse", best.reuse)?;
        d.set_item("best", best.policy.name())?;
        d.set_item("tie", c.tie())?;
        let tied: Vec<&str> = if c.tie() {
            c.tied().iter().map(|p| p.policy.name()).collect()
        } else {
            Vec::new()
        };
        d.set_item("tied", tied)?;
        let ranking = pyo3::types::PyList::empty(py);
        for p in c.ranking() {
            let r = PyDict::new(py);
            r.set_item("policy", p.policy.name())?;
            r.set_item("time_ms", p.time_ms)?;
            r.set_item("lo_ms", p.interval_ms[0])?;
            r.set_item("hi_ms", p.interval_ms[1])?;
            r.set_item("sd_ms", p.sd_ms)?;
            if let Some(t) = self.terms_alone(p.policy, o) {
                r.set_item("terms_alone_ms", t)?;
            }
            ranking.append(r)?;
        }
        d.set_item("ranking", ranking)?;
        if !c.skipped.is_empty() {
            let skipped = pyo3::types::PyList::empty(py);
            for (p, e) in &c.skipped {
                let s = PyDict::new(py);
                s.set_item("policy", p.name())?;
                s.set_item("reason", e.to_string())?;
                skipped.append(s)?;
            }
            d.set_item("skipped", skipped)?;
        }
        d.set_item("assumptions", c.assumptions().notes())?;
        Ok(d)
    }

    /// The task under `policy`: a dict with the keys of `umodel predict --task FILE --policy P
    /// --json` (`time_ms`, `interval_ms`, `sd_ms`, `parts`, `assumptions`, …; compiled with a
    /// probe, `terms_alone_ms`, its price from the calibration's terms).
    #[pyo3(signature = (policy, *, cpu_ms=None, gpu_ms=None, cpu_final_ms=None, rounds=None, reuse=None))]
    #[allow(clippy::too_many_arguments)]
    fn predict<'py>(
        &self,
        py: Python<'py>,
        policy: &str,
        cpu_ms: Option<f64>,
        gpu_ms: Option<f64>,
        cpu_final_ms: Option<f64>,
        rounds: Option<u32>,
        reuse: Option<f64>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (policy, o) = (
            policy_arg(policy)?,
            overrides(cpu_ms, gpu_ms, cpu_final_ms, rounds, reuse),
        );
        let p = self.compiled.predict(policy, o).map_err(error)?;
        let d = prediction_dict(py, self.compiled.name(), &p)?;
        if let Some(t) = self.terms_alone(policy, o) {
            d.set_item("terms_alone_ms", t)?;
        }
        Ok(d)
    }

    /// The GPU passes per round R* >= 1 at which policies `a` and `b` take equal time on the task;
    /// `None` when one is faster at every R (`umodel breakeven --task FILE A B`'s `r_star`).
    #[pyo3(signature = (a, b, *, cpu_ms=None, gpu_ms=None, cpu_final_ms=None, rounds=None))]
    #[allow(clippy::too_many_arguments)]
    fn breakeven(
        &self,
        a: &str,
        b: &str,
        cpu_ms: Option<f64>,
        gpu_ms: Option<f64>,
        cpu_final_ms: Option<f64>,
        rounds: Option<u32>,
    ) -> PyResult<Option<f64>> {
        self.compiled
            .breakeven(
                policy_arg(a)?,
                policy_arg(b)?,
                overrides(cpu_ms, gpu_ms, cpu_final_ms, rounds, None),
            )
            .map_err(error)
    }

    fn __repr__(&self) -> String {
        format!("<umodel.Task {}>", self.compiled.name())
    }
}

/// One copy of the data, lent to the caller's code for one call through the buffer protocol
/// (format `B`, writable). It counts the buffers it exported: every view of it, a slice or cast
/// of a view, an array made from one, holds one until the last of them is gone, so a view kept
/// past the call is seen (`fault_scale` then keeps the memory); once the call is over it lends
/// no more.
#[pyclass(unsendable, module = "umodel")]
struct HostCopy {
    /// The copy's first byte; NULL once the call is over.
    ptr: std::cell::Cell<*mut u8>,
    len: usize,
    exports: std::cell::Cell<usize>,
}

#[pymethods]
impl HostCopy {
    /// # Safety
    /// Called by Python with a `Py_buffer` to fill.
    unsafe fn __getbuffer__(
        slf: Bound<'_, Self>,
        view: *mut pyo3::ffi::Py_buffer,
        flags: std::ffi::c_int,
    ) -> PyResult<()> {
        let this = slf.borrow();
        let ptr = this.ptr.get();
        if ptr.is_null() {
            return Err(pyo3::exceptions::PyBufferError::new_err(
                "a fault_scale copy is lent only while the code runs",
            ));
        }
        let len = isize::try_from(this.len).map_err(|_| error("the data is too large"))?;
        // SAFETY: `view` is Python's to fill; `ptr` is `len` live, writable bytes while the call
        // runs, and stays allocated while any buffer exported here is held (`fault_scale`);
        // FillInfo takes its own reference to the exporter.
        let rc =
            unsafe { pyo3::ffi::PyBuffer_FillInfo(view, slf.as_ptr(), ptr.cast(), len, 0, flags) };
        if rc != 0 {
            return Err(PyErr::fetch(slf.py()));
        }
        this.exports.set(this.exports.get() + 1);
        Ok(())
    }

    /// # Safety
    /// Called by Python once for each buffer `__getbuffer__` filled.
    unsafe fn __releasebuffer__(&self, _view: *mut pyo3::ffi::Py_buffer) {
        self.exports.set(self.exports.get().saturating_sub(1));
    }
}

/// Lends `buf` to `code` for one call as a memoryview; whether something still holds a buffer
/// of it afterwards.
fn lend<T: umodel::gpu::Elem>(
    py: Python<'_>,
    code: &Bound<'_, PyAny>,
    buf: &mut [T],
) -> PyResult<(bool, PyResult<()>)> {
    let host = Bound::new(
        py,
        HostCopy {
            ptr: std::cell::Cell::new(buf.as_mut_ptr().cast()),
            len: std::mem::size_of_val(buf),
            exports: std::cell::Cell::new(0),
        },
    )?;
    let view = pyo3::types::PyMemoryView::from(host.as_any())?;
    let called = code.call1((&view,)).map(|_| ());
    // Our own view lets go (an array made from it keeps it: the count below sees that).
    let _ = view.call_method0("release");
    drop(view);
    let h = host.borrow();
    h.ptr.set(std::ptr::null_mut());
    Ok((h.exports.get() > 0, called))
}

/// The fault scale of `code` on copies of `words`, lent to it one call at a time ([`lend`]).
fn measure<T: umodel::gpu::Elem + PartialEq>(
    py: Python<'_>,
    gpu: &umodel::gpu::Gpu,
    words: &[T],
    plain: umodel::bench::probe::PlainCache,
    rounds: u32,
    code: &Bound<'_, PyAny>,
) -> PyResult<umodel::model::FaultScale> {
    use umodel::bench::probe::{fault_scale_in, FaultScaleBufs};
    let mut bufs = FaultScaleBufs::new(gpu, words.len()).map_err(error)?;
    // The first error the code raised (later calls are skipped), and whether a view outlived
    // its call.
    let (mut raised, mut kept): (Option<PyErr>, bool) = (None, false);
    let samples = fault_scale_in(gpu, &mut bufs, words, plain, rounds, |buf| {
        if raised.is_some() || kept {
            return;
        }
        match lend(py, code, buf) {
            Ok((still_held, called)) => {
                kept = still_held;
                raised = called.err();
            }
            Err(e) => raised = Some(e),
        }
    });
    if kept {
        // Whatever still holds the view must never see freed memory.
        std::mem::forget(bufs);
        return Err(error(
            "the code kept a view of its buffer (or an array made from it) after it returned: \
             the buffers were left allocated so that it stays valid; drop every reference to the \
             view before returning",
        ));
    }
    if let Some(e) = raised {
        return Err(e);
    }
    samples.map_err(error)?.scale().map_err(error)
}

/// How much of a page's fault back to the host your own code waits for, against the
/// calibration's read: what your task's `cpu_fault_scale` (your CPU phase) or
/// `cpu_final_fault_scale` (your final access) should be. Needs an NVIDIA GPU.
///
/// `data`: your buffer's bytes (`bytes`, `bytearray`, or an array's `.view(np.uint8)`; a multiple
/// of 4 bytes). `code`: called with a writable memoryview of a copy of them (`np.frombuffer(view,
/// np.float32)` sees your type without copying); it must do the same to every copy and must not
/// keep the view, or anything made from it, after it returns. Each of `rounds` rounds (one more
/// runs first, unrecorded) times it on managed memory whose pages a GPU pass moved to GPU
/// `device`, then on heap memory (caches evicted first, or with `warm` after an untimed call:
/// as you timed your phase), then a round of the migration probe at the same size. For code that
/// touches every page of the buffer. Returns `{"scale", "code_extra_ms", "read_extra_ms",
/// "rounds", "failed", "bytes"}` (the extras: medians, ms). It holds the GIL while it measures
/// (about half a second a round at 64 MiB): other Python threads wait.
#[pyfunction]
#[pyo3(signature = (data, code, *, warm=false, rounds=9, device=0))]
fn fault_scale<'py>(
    py: Python<'py>,
    data: pyo3::buffer::PyBuffer<u8>,
    code: Bound<'py, PyAny>,
    warm: bool,
    rounds: u32,
    device: usize,
) -> PyResult<Bound<'py, PyDict>> {
    use umodel::bench::probe::{PlainCache, Words};
    let bytes = data.to_vec(py)?;
    let Some(words) = Words::of(&bytes) else {
        return Err(error(format!(
            "data must be a positive multiple of 4 bytes (got {})",
            bytes.len()
        )));
    };
    if rounds == 0 {
        return Err(error("rounds must be at least 1 (got 0)"));
    }
    if !code.is_callable() {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "code must be callable",
        ));
    }
    umodel::gpu::libraries_present().map_err(error)?;
    let gpu = umodel::gpu::Gpu::open(device).map_err(error)?;
    let plain = if warm {
        PlainCache::Warm
    } else {
        PlainCache::Evicted
    };
    // The copies hold the bytes, an array of doubles aligned where the size allows (`Words`).
    let f = match words {
        Words::Eight(w) => measure(py, &gpu, &w, plain, rounds, &code)?,
        Words::Four(w) => measure(py, &gpu, &w, plain, rounds, &code)?,
    };
    let d = PyDict::new(py);
    d.set_item("scale", f.scale)?;
    d.set_item("code_extra_ms", f.code_extra.median)?;
    d.set_item("read_extra_ms", f.read_extra.median)?;
    d.set_item("rounds", f.code_extra.n)?;
    d.set_item("failed", f.failed)?;
    d.set_item("bytes", f.bytes)?;
    Ok(d)
}

/// Where should data live on a CPU+GPU machine? umodel's predictor: load a calibrated model and
/// ask how long a placement policy takes, which wins, and where one overtakes another.
#[pymodule]
#[pyo3(name = "umodel")]
fn umodel_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Model>()?;
    m.add_class::<Task>()?;
    m.add_function(wrap_pyfunction!(fault_scale, m)?)?;
    m.add("UmodelError", m.py().get_type::<UmodelError>())?;
    // Every policy's name, by index (the indices `Model.choose_many` returns).
    m.add(
        "POLICIES",
        PyTuple::new(m.py(), Policy::EVERY.map(|p| p.name()))?,
    )?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
