//! umodel's predictor as a C library (`libumodel_c.so`, `libumodel_c.a`, header
//! `include/umodel.h`, generated from this file by cbindgen; `tests/header.rs` fails when the
//! committed header is stale: `UMODEL_BLESS=1 cargo test --test header` rewrites it).
//!
//! Every function returns a [`umodel_status`]; on an error [`umodel_last_error`] says what went
//! wrong, in the words the `umodel` command line uses for the same error. No panic crosses the
//! boundary: each body runs inside [`std::panic::catch_unwind`], and a caught panic is
//! [`umodel_status::UMODEL_PANIC`]. NULL pointers, strings that are not UTF-8, unknown policy
//! names and negative or non-finite numbers are errors, never undefined behaviour.
//!
//! A C program: `examples/c/choose.c` (built, run and checked against the Rust API by
//! `tests/c_example.rs`).

// The C names (`umodel_model`, `UMODEL_OK`, ...) are the header's, so they are not Rust-cased.
#![allow(non_camel_case_types)]

use std::cell::RefCell;
use std::ffi::{c_char, c_double, c_int, c_void, CStr, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

use umodel::model::{
    Assumptions, BatchError, CompiledTask, Decision, Predictor, Probe, ProbeError, QueryError,
    TaskOverrides, TaskQueryError,
};
use umodel::store::StoreError;
use umodel::task::{Task, TaskError};
use umodel::Policy;

/// What a call did. `UMODEL_OK` is 0; on anything else `umodel_last_error()` says what went
/// wrong and no output was written.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum umodel_status {
    /// Success: every output was written.
    UMODEL_OK = 0,
    /// A NULL pointer, a string that is not UTF-8, an unknown policy name or index, a size of 0,
    /// a negative or non-finite reuse, two equal policies for a break-even, or a length too large.
    UMODEL_INVALID_ARGUMENT = 1,
    /// No model of that name: not a file, and not an embedded model.
    UMODEL_NOT_FOUND = 2,
    /// A model file that cannot be read or is not a valid model.
    UMODEL_BAD_MODEL = 3,
    /// The model cannot answer this query: a policy it was not calibrated for, or an answer that is
    /// not a finite number (an input too large to price).
    UMODEL_QUERY = 4,
    /// An internal error (a Rust panic, caught at the boundary); the handle is still usable.
    /// Please report it with the message.
    UMODEL_PANIC = 5,
    /// A task description that cannot be read or is not a valid task (DESIGN.md §3): the message
    /// names the file (or `<task text>`), the line and the field.
    UMODEL_BAD_TASK = 6,
    /// No GPU could be used (no NVIDIA driver, no such device) or a CUDA call failed: the message
    /// says which (`umodel_fault_scale`).
    UMODEL_GPU = 7,
    /// A measurement gave no answer: every round failed its check, or migrated pages cost nothing
    /// to read back (`umodel_fault_scale`; the message says which).
    UMODEL_MEASUREMENT = 8,
}

/// Every policy umodel knows; `umodel_decision.policy` holds one of these values and
/// `umodel_policy_name()` gives its name (`UMODEL_POLICY_HOST_MAPPED` → `"host-mapped"`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum umodel_policy {
    /// `cudaMalloc` memory, already resident (no host side).
    UMODEL_POLICY_DEVICE = 0,
    /// Pinned host buffer + `cudaMalloc` buffer, explicit copies each way.
    UMODEL_POLICY_EXPLICIT_COPY = 1,
    /// Pinned host memory mapped into the GPU's address space (zero-copy).
    UMODEL_POLICY_HOST_MAPPED = 2,
    /// Ordinary `malloc` memory, copied by the driver through a staging buffer.
    UMODEL_POLICY_PAGEABLE = 3,
    /// `cudaMallocManaged`, migrated on faults.
    UMODEL_POLICY_MANAGED = 4,
    /// Managed, with `cudaMemPrefetchAsync` before the GPU work and back before the CPU work.
    UMODEL_POLICY_MANAGED_PREFETCH = 5,
    /// Managed, with `cudaMemAdvise` hints only.
    UMODEL_POLICY_MANAGED_ADVISE = 6,
    /// Managed, with the hints plus the prefetches.
    UMODEL_POLICY_MANAGED_ADVISE_PREFETCH = 7,
    /// Data on another GPU, copied into this GPU's memory and back.
    UMODEL_POLICY_PEER_COPY = 8,
    /// Data on another GPU, used in place over NVLink/PCIe.
    UMODEL_POLICY_PEER_ACCESS = 9,
    /// Data on another GPU, copied through pinned host memory both ways.
    UMODEL_POLICY_HOST_STAGED = 10,
}

/// How many policies there are: valid indices are 0 to `UMODEL_POLICY_COUNT - 1`.
pub const UMODEL_POLICY_COUNT: c_int = 11;
const _: () = assert!(Policy::EVERY.len() == UMODEL_POLICY_COUNT as usize);

/// The policies' names as C strings, by index (checked against [`Policy::EVERY`] by a test).
const POLICY_NAMES: [&CStr; Policy::EVERY.len()] = [
    c"device",
    c"explicit-copy",
    c"host-mapped",
    c"pageable",
    c"managed",
    c"managed-prefetch",
    c"managed-advise",
    c"managed-advise-prefetch",
    c"peer-copy",
    c"peer-access",
    c"host-staged",
];

/// One decision: the fastest policy at a size and reuse, its time, and whether it is a tie.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct umodel_decision {
    /// The fastest policy: a `umodel_policy` value (`umodel_policy_name()` names it).
    pub policy: c_int,
    /// Its predicted time for one alternation (CPU update, movement, `reuse` GPU passes), ms.
    pub time_ms: c_double,
    /// 1 when the runner-up is within the measured noise of it (a single run could reverse the
    /// order), else 0.
    pub tie: c_int,
}

impl From<Decision> for umodel_decision {
    #[inline]
    fn from(d: Decision) -> umodel_decision {
        umodel_decision {
            policy: d.best.index() as c_int,
            time_ms: d.time_ms,
            tie: c_int::from(d.tie),
        }
    }
}

/// A loaded model, opaque to C: made by `umodel_load()`, released by `umodel_free()`.
/// Immutable once loaded, so one handle may be queried from any number of threads at once.
pub struct umodel_model {
    /// The model, compiled: every query.
    predictor: Predictor,
    /// Which model this is and where it came from, for `umodel_describe()`.
    description: CString,
}

// A handle is shared across threads by C callers: its contents must allow that.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<umodel_model>()
};

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

/// Records this thread's last error message.
fn set_error(message: &str) {
    let c = CString::new(message.replace('\0', "\\0")).unwrap_or_default();
    // `try_with`: during a thread's teardown the slot may be gone; the message is then dropped.
    let _ = LAST_ERROR.try_with(|e| *e.borrow_mut() = c);
}

/// A failed call: its status and message.
type Failure = (umodel_status, String);

fn invalid(message: impl Into<String>) -> Failure {
    (umodel_status::UMODEL_INVALID_ARGUMENT, message.into())
}

/// The status of a query the model refused.
fn query_failure(e: &QueryError) -> Failure {
    let status = match e {
        QueryError::BadReuse(_) | QueryError::ZeroBytes | QueryError::SamePolicy(_) => {
            umodel_status::UMODEL_INVALID_ARGUMENT
        }
        _ => umodel_status::UMODEL_QUERY,
    };
    (status, e.to_string())
}

fn store_failure(e: &StoreError) -> Failure {
    let status = match e {
        StoreError::NoSuchModel { .. } => umodel_status::UMODEL_NOT_FOUND,
        StoreError::Read { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            umodel_status::UMODEL_NOT_FOUND
        }
        _ => umodel_status::UMODEL_BAD_MODEL,
    };
    (status, e.to_string())
}

/// Runs one call's body: its failure becomes a status and this thread's message, a panic
/// `UMODEL_PANIC`.
#[inline]
fn guard(body: impl FnOnce() -> Result<(), Failure>) -> umodel_status {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => umodel_status::UMODEL_OK,
        Ok(Err((status, message))) => {
            set_error(&message);
            status
        }
        Err(payload) => {
            let what = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into());
            // A payload whose own drop panics must not unwind out of here either.
            let _ = catch_unwind(AssertUnwindSafe(move || drop(payload)));
            set_error(&format!("internal error (a panic in umodel): {what}"));
            umodel_status::UMODEL_PANIC
        }
    }
}

/// The handle behind a pointer.
///
/// # Safety
/// `m` is NULL or a handle from `umodel_load` not yet freed.
#[inline]
unsafe fn handle<'a>(m: *const umodel_model) -> Result<&'a umodel_model, Failure> {
    // SAFETY: non-NULL handles come from `Box::into_raw` in `umodel_load` (the caller's contract).
    unsafe { m.as_ref() }.ok_or_else(|| invalid("the model handle is NULL"))
}

/// Checks an output pointer: not NULL, aligned.
#[inline]
fn out_ptr<T>(p: *mut T, what: &str) -> Result<*mut T, Failure> {
    if p.is_null() {
        return Err(invalid(format!("`{what}` is NULL")));
    }
    if !p.is_aligned() {
        return Err(invalid(format!("`{what}` is not aligned for its type")));
    }
    Ok(p)
}

/// A C string argument as UTF-8.
///
/// # Safety
/// `p` is NULL or points to a NUL-terminated string.
unsafe fn text<'a>(p: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if p.is_null() {
        return Err(invalid(format!("`{what}` is NULL")));
    }
    // SAFETY: a non-NULL pointer to a NUL-terminated string (the caller's contract).
    unsafe { CStr::from_ptr(p) }
        .to_str()
        .map_err(|_| invalid(format!("`{what}` is not UTF-8")))
}

/// A policy named by a C string (`"host-mapped"`; `"host_mapped"` too).
///
/// # Safety
/// As [`text`].
unsafe fn policy_arg(p: *const c_char, what: &str) -> Result<Policy, Failure> {
    // SAFETY: forwarded contract.
    unsafe { text(p, what) }?
        .parse::<Policy>()
        .map_err(|e| invalid(e.to_string()))
}

/// A slice from a C array of `n` elements (`n` = 0 takes any pointer, NULL too).
///
/// # Safety
/// A non-NULL `p` points to `n` readable elements.
unsafe fn slice<'a, T>(p: *const T, n: usize, what: &str) -> Result<&'a [T], Failure> {
    if n == 0 {
        return Ok(&[]);
    }
    let p = out_ptr(p.cast_mut(), what)?;
    if n.checked_mul(size_of::<T>())
        .is_none_or(|b| b > isize::MAX as usize)
    {
        return Err(invalid(format!("`n` ({n}) is too large for `{what}`")));
    }
    // SAFETY: non-NULL, aligned, length in bounds; readable (the caller's contract).
    Ok(unsafe { std::slice::from_raw_parts(p, n) })
}

/// Loads a model and returns a handle to it in `*out` (`*out` is set to NULL on failure).
///
/// `name_or_path`: an embedded model's name (`"h200"`, `"gb200-paper"`), or the path of a model
/// file (one that exists, or a name containing `/` or ending in `.json`). NULL: this machine's
/// model, found as the `umodel` command line finds it: the model calibrated for this machine
/// (`$UMODEL_DATA_DIR/models/<fingerprint>.json`, else the platform's data folder) when there is
/// one, else the embedded model measured on this machine's GPU, else the first embedded model
/// (`umodel_describe()` says which). Unlike the command line, this prints nothing and does not
/// check the model's stamp against the machine (`umodel doctor` does). For one GPU of a
/// multi-GPU host, `umodel_load_device()`.
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (`out` NULL, name not UTF-8), `UMODEL_NOT_FOUND`,
/// `UMODEL_BAD_MODEL`.
///
/// # Safety
/// `name_or_path` is NULL or a NUL-terminated string; `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_load(
    name_or_path: *const c_char,
    out: *mut *mut umodel_model,
) -> umodel_status {
    // SAFETY: the caller's contract, passed on.
    guard(|| unsafe { load(name_or_path, None, out) })
}

/// `umodel_load()` for GPU `device` (0, 1, …) of a multi-GPU host: with `name_or_path` NULL, that
/// GPU's own calibrated model (`<fingerprint>.gpu<device>.json`, which `umodel calibrate --device`
/// writes beside the machine's model for a GPU that differs from the others) where it exists,
/// else what `umodel_load(NULL)` finds. A name or path is loaded as `umodel_load()` loads it.
///
/// Errors: those of `umodel_load()`, and `UMODEL_INVALID_ARGUMENT` for a negative `device`.
///
/// # Safety
/// As `umodel_load()`.
#[no_mangle]
pub unsafe extern "C" fn umodel_load_device(
    name_or_path: *const c_char,
    device: c_int,
    out: *mut *mut umodel_model,
) -> umodel_status {
    guard(|| {
        let device = usize::try_from(device)
            .map_err(|_| invalid(format!("`device` ({device}) is negative")))?;
        // SAFETY: the caller's contract, passed on.
        unsafe { load(name_or_path, Some(device), out) }
    })
}

/// Both loads: `*out` NULL first, then the handle.
///
/// # Safety
/// As `umodel_load()`.
unsafe fn load(
    name_or_path: *const c_char,
    device: Option<usize>,
    out: *mut *mut umodel_model,
) -> Result<(), Failure> {
    let out = out_ptr(out, "out")?;
    // SAFETY: checked writable pointer (the caller's contract).
    unsafe { *out = std::ptr::null_mut() };
    let name = if name_or_path.is_null() {
        None
    } else {
        // SAFETY: a NUL-terminated string (the caller's contract).
        Some(unsafe { text(name_or_path, "name_or_path") }?)
    };
    let (predictor, source) = Predictor::load(name, device).map_err(|e| store_failure(&e))?;
    let description = CString::new(format!("{source}: {}", predictor.describe()).replace('\0', ""))
        .unwrap_or_default();
    let handle = Box::new(umodel_model {
        predictor,
        description,
    });
    // SAFETY: as above.
    unsafe { *out = Box::into_raw(handle) };
    Ok(())
}

/// Releases a handle from `umodel_load()`. NULL is ignored. Call it once, after every thread is
/// done with the handle; the handle and the strings `umodel_describe()` returned for it are
/// invalid afterwards.
///
/// # Safety
/// `m` is NULL or a handle from `umodel_load` not yet freed.
#[no_mangle]
pub unsafe extern "C" fn umodel_free(m: *mut umodel_model) {
    let _ = guard(|| {
        if !m.is_null() {
            // SAFETY: from `Box::into_raw` in `umodel_load`, freed once (the caller's contract).
            drop(unsafe { Box::from_raw(m) });
        }
        Ok(())
    });
}

/// Which model a handle holds and where it came from (`"embedded model h200: ..."`), as a string
/// that lives as long as the handle. NULL for a NULL handle.
///
/// # Safety
/// `m` is NULL or a live handle.
#[no_mangle]
pub unsafe extern "C" fn umodel_describe(m: *const umodel_model) -> *const c_char {
    // SAFETY: forwarded contract.
    unsafe { m.as_ref() }.map_or(std::ptr::null(), |m| m.description.as_ptr())
}

/// The message of the last call on this thread that did not return `UMODEL_OK` (`""` if none
/// did). The string belongs to the library: it stays valid until the next failing call on this
/// thread (read or copy it before making another call). Never NULL.
#[no_mangle]
pub extern "C" fn umodel_last_error() -> *const c_char {
    catch_unwind(|| {
        LAST_ERROR
            .try_with(|e| e.borrow().as_ptr())
            .unwrap_or(c"".as_ptr())
    })
    .unwrap_or(c"".as_ptr())
}

/// The name of policy `index` (a `umodel_policy` value, as in `umodel_decision.policy`): a static
/// string, never freed. NULL when `index` is not between 0 and `UMODEL_POLICY_COUNT - 1`.
#[no_mangle]
pub extern "C" fn umodel_policy_name(index: c_int) -> *const c_char {
    usize::try_from(index)
        .ok()
        .and_then(|i| POLICY_NAMES.get(i))
        .map_or(std::ptr::null(), |n| n.as_ptr())
}

/// Predicts one alternation (CPU update as calibrated, movement, `reuse` GPU passes, sync) of the
/// policy named `policy` (`"host-mapped"`) on `bytes` bytes: its time and the 90 % interval for a
/// new measured median of it, ms, into `*time_ms`, `*lo_ms`, `*hi_ms` (all three required).
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL pointer, unknown policy name, `bytes` 0, `reuse`
/// negative or not finite), `UMODEL_QUERY` (a policy this model lacks, an answer not finite).
///
/// # Safety
/// `m` is NULL or a live handle; `policy` NULL or a NUL-terminated string; each output NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_predict(
    m: *const umodel_model,
    policy: *const c_char,
    bytes: u64,
    reuse: c_double,
    time_ms: *mut c_double,
    lo_ms: *mut c_double,
    hi_ms: *mut c_double,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let m = unsafe { handle(m) }?;
        let (t, lo, hi) = (
            out_ptr(time_ms, "time_ms")?,
            out_ptr(lo_ms, "lo_ms")?,
            out_ptr(hi_ms, "hi_ms")?,
        );
        // SAFETY: forwarded contract.
        let policy = unsafe { policy_arg(policy, "policy") }?;
        let p = m
            .predictor
            .predict(policy, bytes, reuse)
            .map_err(|e| query_failure(&e))?;
        // SAFETY: checked writable pointers (the caller's contract).
        unsafe {
            *t = p.time_ms;
            *lo = p.interval_ms[0];
            *hi = p.interval_ms[1];
        }
        Ok(())
    })
}

/// The fastest policy at `bytes` bytes and reuse `reuse` (GPU passes per CPU update), into `*out`.
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL pointer, `bytes` 0, `reuse` negative or not finite).
///
/// # Safety
/// `m` is NULL or a live handle; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_choose(
    m: *const umodel_model,
    bytes: u64,
    reuse: c_double,
    out: *mut umodel_decision,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let m = unsafe { handle(m) }?;
        let out = out_ptr(out, "out")?;
        let d = m
            .predictor
            .decide(bytes, reuse)
            .map_err(|e| query_failure(&e))?;
        // SAFETY: checked writable pointer (the caller's contract).
        unsafe { *out = d.into() };
        Ok(())
    })
}

/// `umodel_choose()` for `n` queries at once: `bytes[i]` with `reuse[i]` into `out[i]`, nothing
/// allocated. On a bad query the status is that query's and the message starts `query <i>: `;
/// the decisions before it are written, the rest are not. `n` = 0 succeeds (the arrays may then be
/// NULL).
///
/// # Safety
/// `m` is NULL or a live handle; `bytes` and `reuse` are NULL or point to `n` readable elements,
/// `out` to `n` writable ones, not overlapping either input.
#[no_mangle]
pub unsafe extern "C" fn umodel_choose_many(
    m: *const umodel_model,
    bytes: *const u64,
    reuse: *const c_double,
    n: usize,
    out: *mut umodel_decision,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let m = unsafe { handle(m) }?;
        // SAFETY: forwarded contract.
        let (bytes, reuse) = unsafe { (slice(bytes, n, "bytes")?, slice(reuse, n, "reuse")?) };
        if n == 0 {
            return Ok(());
        }
        let out = out_ptr(out, "out")?;
        slice(out.cast_const(), n, "out")?;
        // SAFETY: non-NULL, aligned, `n` writable elements not overlapping the inputs (contract).
        let out = unsafe { std::slice::from_raw_parts_mut(out, n) };
        // The predictor's batch writes `Decision`s: a chunk at a time through a buffer on the stack.
        const CHUNK: usize = 256;
        let mut buf = [Decision::default(); CHUNK];
        for (k, ((b, r), o)) in bytes
            .chunks(CHUNK)
            .zip(reuse.chunks(CHUNK))
            .zip(out.chunks_mut(CHUNK))
            .enumerate()
        {
            let buf = &mut buf[..b.len()];
            let done = m.predictor.choose_many(b, r, buf);
            let good = match &done {
                Err(BatchError::Query { index, .. }) => *index,
                _ => b.len(),
            };
            for (o, d) in o.iter_mut().zip(&buf[..good]) {
                *o = (*d).into();
            }
            match done {
                Ok(()) => {}
                Err(BatchError::Query { index, error }) => {
                    let (status, _) = query_failure(&error);
                    let e = BatchError::Query {
                        index: k * CHUNK + index,
                        error,
                    };
                    return Err((status, e.to_string()));
                }
                Err(e) => return Err(invalid(e.to_string())),
            }
        }
        Ok(())
    })
}

/// The reuse R* ≥ 1 at which policies `a` and `b` (names) take equal time at `bytes` bytes:
/// `*crosses` = 1 and `*r_star` = R* where their lines cross, else `*crosses` = 0 (parallel, or
/// one is faster for every R ≥ 1) and `*r_star` = NaN.
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL pointer, unknown name, `a` = `b`, `bytes` 0),
/// `UMODEL_QUERY` (a policy this model lacks).
///
/// # Safety
/// `m` is NULL or a live handle; `a`, `b` NULL or NUL-terminated strings; outputs NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_breakeven(
    m: *const umodel_model,
    a: *const c_char,
    b: *const c_char,
    bytes: u64,
    r_star: *mut c_double,
    crosses: *mut c_int,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let m = unsafe { handle(m) }?;
        let (r_out, c_out) = (out_ptr(r_star, "r_star")?, out_ptr(crosses, "crosses")?);
        // SAFETY: forwarded contract.
        let (a, b) = unsafe { (policy_arg(a, "a")?, policy_arg(b, "b")?) };
        let r = m
            .predictor
            .breakeven(a, b, bytes)
            .map_err(|e| query_failure(&e))?;
        // SAFETY: checked writable pointers (the caller's contract).
        unsafe {
            *r_out = r.unwrap_or(f64::NAN);
            *c_out = c_int::from(r.is_some());
        }
        Ok(())
    })
}

/// A task compiled for one model, opaque to C: made by `umodel_task_compile()`, released by
/// `umodel_task_free()`. Immutable, so one handle may be queried from any number of threads at
/// once; it does not borrow the model handle (either may be freed first).
pub struct umodel_task {
    compiled: CompiledTask,
    /// Why the probe it was compiled with may price it otherwise than it pays
    /// (`umodel_task_note`).
    note: Option<CString>,
}

const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<umodel_task>()
};

/// `umodel_task_query.given` bit: `cpu_ms` replaces the task's own.
pub const UMODEL_GIVEN_CPU_MS: u32 = 1;
/// `umodel_task_query.given` bit: `gpu_ms` replaces the task's own.
pub const UMODEL_GIVEN_GPU_MS: u32 = 2;
/// `umodel_task_query.given` bit: `cpu_final_ms` replaces the task's own.
pub const UMODEL_GIVEN_CPU_FINAL_MS: u32 = 4;
/// `umodel_task_query.given` bit: `rounds` replaces the task's own.
pub const UMODEL_GIVEN_ROUNDS: u32 = 8;
/// `umodel_task_query.given` bit: `reuse` replaces the task's own.
pub const UMODEL_GIVEN_REUSE: u32 = 16;

/// What one task query changes of the task as compiled, as `--cpu-ms`, `--gpu-ms`,
/// `--cpu-final-ms`, `--rounds` and `--reuse` do on the command line: the fields whose bit is set
/// in `given` replace the task's own; the others are ignored. NaN, negative or infinite times and a
/// reuse below 1 are errors, never answers.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct umodel_task_query {
    /// `UMODEL_GIVEN_*` bits, or-ed.
    pub given: u32,
    /// One round's CPU phase on ordinary host memory, ms (the user's own measurement).
    pub cpu_ms: c_double,
    /// One GPU pass with its data in device memory, ms.
    pub gpu_ms: c_double,
    /// The host's final access after the last round, on ordinary host memory, ms.
    pub cpu_final_ms: c_double,
    /// CPU↔GPU alternations.
    pub rounds: u32,
    /// GPU passes per round.
    pub reuse: c_double,
}

impl umodel_task_query {
    const ALL: u32 = UMODEL_GIVEN_CPU_MS
        | UMODEL_GIVEN_GPU_MS
        | UMODEL_GIVEN_CPU_FINAL_MS
        | UMODEL_GIVEN_ROUNDS
        | UMODEL_GIVEN_REUSE;

    fn overrides(&self) -> Result<TaskOverrides, Failure> {
        if self.given & !Self::ALL != 0 {
            return Err(invalid(format!(
                "`given` has bits no UMODEL_GIVEN_* constant names ({:#x})",
                self.given & !Self::ALL
            )));
        }
        let on = |bit: u32| self.given & bit != 0;
        Ok(TaskOverrides {
            cpu_ms: on(UMODEL_GIVEN_CPU_MS).then_some(self.cpu_ms),
            gpu_ms: on(UMODEL_GIVEN_GPU_MS).then_some(self.gpu_ms),
            cpu_final_ms: on(UMODEL_GIVEN_CPU_FINAL_MS).then_some(self.cpu_final_ms),
            rounds: on(UMODEL_GIVEN_ROUNDS).then_some(self.rounds),
            reuse: on(UMODEL_GIVEN_REUSE).then_some(self.reuse),
        })
    }
}

/// The overrides behind a query pointer (NULL: the task as compiled).
///
/// # Safety
/// `q` is NULL or points to a readable `umodel_task_query`.
unsafe fn query_arg(q: *const umodel_task_query) -> Result<TaskOverrides, Failure> {
    if q.is_null() {
        return Ok(TaskOverrides::default());
    }
    let q = out_ptr(q.cast_mut(), "query")?;
    // SAFETY: non-NULL, aligned, readable (the caller's contract).
    unsafe { *q }.overrides()
}

/// The status of a task query the model refused.
fn task_failure(e: &TaskQueryError) -> Failure {
    let status = match e {
        TaskQueryError::BadTask(_) | TaskQueryError::SamePolicy(_) => {
            umodel_status::UMODEL_INVALID_ARGUMENT
        }
        TaskQueryError::BadProbe(_) => umodel_status::UMODEL_BAD_TASK,
        _ => umodel_status::UMODEL_QUERY,
    };
    (status, e.to_string())
}

fn task_file_failure(e: &TaskError) -> Failure {
    let status = match e {
        TaskError::Read { .. } => umodel_status::UMODEL_NOT_FOUND,
        _ => umodel_status::UMODEL_BAD_TASK,
    };
    (status, e.to_string())
}

/// The compiled task behind a pointer.
///
/// # Safety
/// `t` is NULL or a handle from `umodel_task_compile` not yet freed.
#[inline]
unsafe fn task_handle<'a>(t: *const umodel_task) -> Result<&'a umodel_task, Failure> {
    // SAFETY: non-NULL handles come from `Box::into_raw` in `umodel_task_compile`.
    unsafe { t.as_ref() }.ok_or_else(|| invalid("the task handle is NULL"))
}

/// Compiles a task for repeated queries on model `m` and returns a handle to it in `*out`
/// (`*out` is set to NULL on failure). `task`: the text of a task description (JSON, starting
/// with `{`; DESIGN.md §3, `tasks/*.json` in the repository) or the path of a task file (TOML
/// where the name ends in `.toml`).
/// Compiling walks each policy's rounds once (a few µs); each query then takes a few hundred ns
/// whatever the rounds.
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL pointer, not UTF-8), `UMODEL_NOT_FOUND` (no such
/// file), `UMODEL_BAD_TASK` (not a valid task: the message names the file, line and field),
/// `UMODEL_QUERY` (the model has no task terms: `gb200-paper`, or a model older than them).
///
/// # Safety
/// `m` is NULL or a live model handle; `task` NULL or a NUL-terminated string; `out` NULL or
/// writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_compile(
    m: *const umodel_model,
    task: *const c_char,
    out: *mut *mut umodel_task,
) -> umodel_status {
    // SAFETY: forwarded contract; a NULL probe is no probe.
    unsafe { umodel_task_compile_probed(m, task, std::ptr::null(), out) }
}

/// As `umodel_task_compile`, with the task's migrating steps (and its mapped passes, where the
/// probe measured the link) priced at the rates a probe found (`umodel probe --json`'s text,
/// starting with `{`, or the path of its file; NULL: the calibration's, as
/// `umodel_task_compile`). On a shared machine the migration rates change in regimes of seconds
/// that a calibration samples once (NOTES.md, "The migration probe"); a VM's link can differ
/// from those the embedded model saw ("The link probe").
///
/// Errors: as `umodel_task_compile`, and `UMODEL_NOT_FOUND` (no such probe file),
/// `UMODEL_BAD_TASK` (not a valid probe: the message names the file and field). A probe whose
/// CPU touched another share of its pages than the task does still compiles; `umodel_task_note`
/// says so (the command line's note).
///
/// # Safety
/// `m` is NULL or a live model handle; `task` and `probe` NULL or NUL-terminated strings (a NULL
/// `task` is an error, a NULL `probe` none); `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_compile_probed(
    m: *const umodel_model,
    task: *const c_char,
    probe: *const c_char,
    out: *mut *mut umodel_task,
) -> umodel_status {
    guard(|| {
        let out = out_ptr(out, "out")?;
        // SAFETY: checked writable pointer (the caller's contract).
        unsafe { *out = std::ptr::null_mut() };
        // SAFETY: forwarded contract.
        let m = unsafe { handle(m) }?;
        // SAFETY: forwarded contract.
        let task_text = unsafe { text(task, "task") }?;
        let parsed = if task_text.trim_start().starts_with('{') {
            Task::parse(std::path::Path::new("<task text>"), task_text.as_bytes())
        } else {
            Task::read(std::path::Path::new(task_text))
        }
        .map_err(|e| task_file_failure(&e))?;
        let probe = if probe.is_null() {
            None
        } else {
            // SAFETY: forwarded contract (non-NULL here).
            Some(probe_arg(unsafe { text(probe, "probe") }?)?)
        };
        let compiled = m
            .predictor
            .compile_task_probed(&parsed, probe.as_ref())
            .map_err(|e| task_failure(&e))?;
        let note = probe
            .as_ref()
            .and_then(|p| p.shape_mismatch(&parsed))
            .map(|n| CString::new(n.replace('\0', "")).unwrap_or_default());
        // SAFETY: as above.
        unsafe { *out = Box::into_raw(Box::new(umodel_task { compiled, note })) };
        Ok(())
    })
}

/// A probe given as `umodel probe --json`'s text (starting with `{`) or the path of its file.
fn probe_arg(p: &str) -> Result<Probe, Failure> {
    if p.trim_start().starts_with('{') {
        Probe::parse(std::path::Path::new("<probe text>"), p)
    } else {
        Probe::read(std::path::Path::new(p))
    }
    .map_err(|e| probe_failure(&e))
}

fn probe_failure(e: &ProbeError) -> Failure {
    let status = match e {
        ProbeError::Read { .. } => umodel_status::UMODEL_NOT_FOUND,
        _ => umodel_status::UMODEL_BAD_TASK,
    };
    (status, e.to_string())
}

/// Why the probe a task was compiled with may price it otherwise than the task pays (its CPU
/// touched another share of its pages than the task does: `umodel probe --task FILE` probes in
/// the task's shape), as a string that lives as long as the handle; NULL when there is nothing
/// to say (no probe, or one in the task's shape) and for a NULL handle.
///
/// # Safety
/// `t` is NULL or a live handle from `umodel_task_compile` or `umodel_task_compile_probed`.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_note(t: *const umodel_task) -> *const c_char {
    // SAFETY: forwarded contract.
    unsafe { t.as_ref() }
        .and_then(|t| t.note.as_ref())
        .map_or(std::ptr::null(), |n| n.as_ptr())
}

/// `umodel_task_assumptions` bit: `cpu_ms` not given, estimated from the bytes the CPU touches.
pub const UMODEL_ASSUMED_CPU_ESTIMATED: u32 = 1;
/// `umodel_task_assumptions` bit: `gpu_ms` not given, estimated from the bytes the GPU touches.
pub const UMODEL_ASSUMED_GPU_ESTIMATED: u32 = 1 << 1;
/// `umodel_task_assumptions` bit: `cpu_final_ms` not given, estimated from the bytes.
pub const UMODEL_ASSUMED_FINAL_ESTIMATED: u32 = 1 << 2;
/// `umodel_task_assumptions` bit: no random-order terms in the model, random access priced at the
/// sequential rate.
pub const UMODEL_ASSUMED_RANDOM_AS_SEQUENTIAL: u32 = 1 << 3;
/// `umodel_task_assumptions` bit: no measured prefetch of pages already in place, taken as free.
pub const UMODEL_ASSUMED_NO_PREFETCH_NOOP: u32 = 1 << 4;
/// `umodel_task_assumptions` bit: no CPU update on host-resident managed pages, taken as plain
/// memory.
pub const UMODEL_ASSUMED_NO_CPU_MANAGED: u32 = 1 << 5;
/// `umodel_task_assumptions` bit: no GPU write over the link, priced as a read.
pub const UMODEL_ASSUMED_WRITE_AS_READ: u32 = 1 << 6;
/// `umodel_task_assumptions` bit: no launch/synchronisation term, taken as zero.
pub const UMODEL_ASSUMED_NO_SYNC: u32 = 1 << 7;
/// `umodel_task_assumptions` bit: no `faults_under_compute`, a kernel's faults taken to hide
/// under its work up to the shorter of the two.
pub const UMODEL_ASSUMED_FAULTS_HIDE: u32 = 1 << 8;
/// `umodel_task_assumptions` bit: no `map_gather_write`, random reads beside writes over the link
/// priced as the two apart.
pub const UMODEL_ASSUMED_GATHER_WRITE_AS_SUM: u32 = 1 << 9;
/// `umodel_task_assumptions` bit: no `fault_in_scalar`, faults under a kernel of one element a
/// thread priced at the four-floats-a-thread rate.
pub const UMODEL_ASSUMED_SCALAR_AS_VECTOR: u32 = 1 << 10;
/// `umodel_task_assumptions` bit: no `prefetch_next`, a prefetch right after another priced as
/// the first.
pub const UMODEL_ASSUMED_NO_PREFETCH_NEXT: u32 = 1 << 11;
/// `umodel_task_assumptions` bit: no `prefetch_duplicate`, a read-mostly prefetch priced as a
/// plain one.
pub const UMODEL_ASSUMED_NO_PREFETCH_DUPLICATE: u32 = 1 << 12;
/// `umodel_task_assumptions` bit: a call (copy, prefetch, fault, pass over the link) smaller than
/// the sizes its term was measured at, its fixed cost extrapolated below the calibration (on the
/// H200, tasks of 4 MiB buffers came up to 37 % off; NOTES.md, "Tasks smaller than the
/// calibration").
pub const UMODEL_ASSUMED_BELOW_CALIBRATED: u32 = 1 << 13;
/// `umodel_task_assumptions` bit: a host phase on many threads (`cpu_threads`) priced to fault
/// pages back at one thread's cost, the model having no terms for many threads (calibrations
/// before them; NOTES.md, "The CPU's faults back on many threads").
pub const UMODEL_ASSUMED_FAULT_BACK_ONE_THREAD: u32 = 1 << 14;
/// `umodel_task_assumptions` bit: a GPU pass that faults pages in and waits on the link priced as
/// the two in turn, the model having no `link_under_faults` (models fitted before it; NOTES.md,
/// "The GPU side, round by round").
pub const UMODEL_ASSUMED_LINK_BESIDE_FAULTS: u32 = 1 << 15;

/// What the answers to `q` had to assume, every policy's together (the command line's `note:`
/// lines; `--json`'s `assumptions`): `*bits` = `UMODEL_ASSUMED_*` bits, or-ed, 0 when nothing.
/// `umodel_assumption_note()` gives each bit's words.
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL handle or output, a bad value in `q`),
/// `UMODEL_QUERY` (a term the task needs is missing from the model).
///
/// # Safety
/// `t` is NULL or a live task handle; `q` NULL or readable; `bits` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_assumptions(
    t: *const umodel_task,
    q: *const umodel_task_query,
    bits: *mut u32,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let (t, o) = unsafe { (task_handle(t)?, query_arg(q)?) };
        let out = out_ptr(bits, "bits")?;
        let c = t.compiled.choose(o).map_err(|e| task_failure(&e))?;
        // SAFETY: checked writable pointer (the caller's contract).
        unsafe { *out = c.assumptions().bits() };
        Ok(())
    })
}

/// The words of one `UMODEL_ASSUMED_*` bit, as the command line prints it after `note:`; NULL for
/// 0, for several bits at once and for a bit no constant names. The string is static.
#[no_mangle]
pub extern "C" fn umodel_assumption_note(bit: u32) -> *const c_char {
    static NOTES: std::sync::OnceLock<Vec<(u32, CString)>> = std::sync::OnceLock::new();
    let notes = NOTES.get_or_init(|| {
        Assumptions::ALL
            .iter()
            .map(|&b| {
                let words = Assumptions::from_bits(b).notes().concat();
                (b, CString::new(words).unwrap_or_default())
            })
            .collect()
    });
    notes
        .iter()
        .find(|(b, _)| *b == bit)
        .map_or(std::ptr::null(), |(_, n)| n.as_ptr())
}

/// Releases a handle from `umodel_task_compile()`. NULL is ignored. Call it once, after every
/// thread is done with the handle.
///
/// # Safety
/// `t` is NULL or a handle from `umodel_task_compile` not yet freed.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_free(t: *mut umodel_task) {
    let _ = guard(|| {
        if !t.is_null() {
            // SAFETY: from `Box::into_raw` in `umodel_task_compile`, freed once (the contract).
            drop(unsafe { Box::from_raw(t) });
        }
        Ok(())
    });
}

/// The fastest policy for the task (with `q`'s values, or as compiled when `q` is NULL): its
/// index, its predicted time for the whole task, ms, and whether the runner-up is within the
/// noise (`umodel choose --task FILE --json`'s `best`, `ranking[0].time_ms` and `tie`).
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL handle or output, a bad value in `q`),
/// `UMODEL_QUERY` (a term the task needs is missing from the model).
///
/// # Safety
/// `t` is NULL or a live task handle; `q` NULL or readable; `out` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_choose(
    t: *const umodel_task,
    q: *const umodel_task_query,
    out: *mut umodel_decision,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let (t, o) = unsafe { (task_handle(t)?, query_arg(q)?) };
        let out = out_ptr(out, "out")?;
        let c = t.compiled.choose(o).map_err(|e| task_failure(&e))?;
        let best = c.best();
        // SAFETY: checked writable pointer (the caller's contract).
        unsafe {
            *out = umodel_decision {
                policy: best.policy.index() as c_int,
                time_ms: best.time_ms,
                tie: c_int::from(c.tie()),
            }
        };
        Ok(())
    })
}

/// The task's predicted time under `policy` (a name), ms, and its 90 % interval (`umodel predict
/// --task FILE --policy P --json`'s `time_ms` and `interval_ms`).
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL pointer, unknown name, a bad value in `q`),
/// `UMODEL_QUERY` (not a task policy, or a term it needs is missing from the model).
///
/// # Safety
/// `t` is NULL or a live task handle; `policy` NULL or a NUL-terminated string; `q` NULL or
/// readable; outputs NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_predict(
    t: *const umodel_task,
    policy: *const c_char,
    q: *const umodel_task_query,
    time_ms: *mut c_double,
    lo_ms: *mut c_double,
    hi_ms: *mut c_double,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let (t, o, p) = unsafe {
            (
                task_handle(t)?,
                query_arg(q)?,
                policy_arg(policy, "policy")?,
            )
        };
        let (t_out, lo_out, hi_out) = (
            out_ptr(time_ms, "time_ms")?,
            out_ptr(lo_ms, "lo_ms")?,
            out_ptr(hi_ms, "hi_ms")?,
        );
        let r = t.compiled.predict(p, o).map_err(|e| task_failure(&e))?;
        // SAFETY: checked writable pointers (the caller's contract).
        unsafe {
            *t_out = r.time_ms;
            *lo_out = r.interval_ms[0];
            *hi_out = r.interval_ms[1];
        }
        Ok(())
    })
}

/// The GPU passes per round R* ≥ 1 at which policies `a` and `b` take equal time on the task
/// (`q`'s `reuse` is ignored: R is what is solved for): `*crosses` = 1 and `*r_star` = R* where
/// they cross, else `*crosses` = 0 and `*r_star` = NaN (`umodel breakeven --task FILE A B`).
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL pointer, unknown name, `a` = `b`, a bad value in `q`),
/// `UMODEL_QUERY` (not a task policy, or a term missing from the model).
///
/// # Safety
/// `t` is NULL or a live task handle; `a`, `b` NULL or NUL-terminated strings; `q` NULL or
/// readable; outputs NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_task_breakeven(
    t: *const umodel_task,
    a: *const c_char,
    b: *const c_char,
    q: *const umodel_task_query,
    r_star: *mut c_double,
    crosses: *mut c_int,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let (t, o) = unsafe { (task_handle(t)?, query_arg(q)?) };
        // SAFETY: forwarded contract.
        let (a, b) = unsafe { (policy_arg(a, "a")?, policy_arg(b, "b")?) };
        let (r_out, c_out) = (out_ptr(r_star, "r_star")?, out_ptr(crosses, "crosses")?);
        let r = t
            .compiled
            .breakeven(a, b, o)
            .map_err(|e| task_failure(&e))?;
        // SAFETY: checked writable pointers (the caller's contract).
        unsafe {
            *r_out = r.unwrap_or(f64::NAN);
            *c_out = c_int::from(r.is_some());
        }
        Ok(())
    })
}

/// One figure of a probe beside a model's price of the same step (`umodel_probe_against()`).
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct umodel_probe_figure {
    /// The step or pass it prices (`"map_read"`, `"prefetch_to_host"`, ...): a static string,
    /// never freed.
    pub term: *const c_char,
    /// 1 for a pass over the link, which a calibration measures as the probe does; 0 for a
    /// migrating step, which a calibration samples once (off the model, price it with the probe).
    pub link: c_int,
    /// The size the probe measured it at, bytes.
    pub bytes: u64,
    /// The probe's figure: the mean over its rounds, ms.
    pub ms: c_double,
    /// One round's standard deviation over the mean.
    pub rel_sd: c_double,
    /// Rounds behind it.
    pub samples: u32,
    /// The model's price of the same step at `bytes`, ms; NaN where the model has no such term.
    pub model_ms: c_double,
    /// `ms` over `model_ms`; NaN where the model has no such term.
    pub ratio: c_double,
    /// 1 when the figure lies off the model's price by more than 10 % and twice its rounds'
    /// spread (where `priced`, price with the probe; where `link` too, calibrating measures it
    /// too), 0 when not, -1 where the model has no such term.
    pub differs: c_int,
    /// 1 when `--probe` prices tasks with this figure on this model; 0 for a pass over managed
    /// pages kept on the host, which is priced from the probe's pinned pass of its kind (tasks
    /// paid those: calibration/h100/offline53/rule_m.txt), for the migration after one thread's
    /// writes (its term moves with `fault_in`), and for the CPU's sparse cell where rule S was
    /// not adopted (it is on the H100: calibration/h200/run326/reading.txt).
    pub priced: c_int,
}

/// The most figures a probe has (`umodel_probe_against()`'s `cap` need be no larger): seven
/// of migration (five steps, the migration after one thread's writes, the CPU's sparse cell)
/// and eight passes over the link.
pub const UMODEL_PROBE_FIGURES_MAX: usize = 15;

/// Each term's name as a C string, by [`umodel::model::TermId::index`], made once.
fn term_name(t: umodel::model::TermId) -> *const c_char {
    static NAMES: std::sync::OnceLock<Vec<CString>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        umodel::model::TermId::ALL
            .iter()
            .map(|t| CString::new(t.name()).unwrap_or_default())
            .collect()
    })[t.index()]
    .as_ptr()
}

/// Each figure of a probe (`umodel probe --json`'s text, starting with `{`, or the path of its
/// file) beside the model's price of the same step at the probe's size, into `out[0..*n]`, as
/// `umodel probe --from FILE --json` lists them: what tells a scheduler whether this machine now
/// runs as the model says, or to price with the probe (`umodel_task_compile_probed()`) or
/// calibrate. At most `UMODEL_PROBE_FIGURES_MAX` figures; a model with no task terms
/// (`gb200-paper`) prices none of them (`differs` -1).
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (NULL pointer, `cap` smaller than the probe's figures: the
/// message says how many it has), `UMODEL_NOT_FOUND` (no such probe file), `UMODEL_BAD_TASK` (not a
/// valid probe: the message names the file and field).
///
/// # Safety
/// `m` is NULL or a live handle; `probe` NULL or a NUL-terminated string; `out` NULL or `cap`
/// writable elements; `n` NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_probe_against(
    m: *const umodel_model,
    probe: *const c_char,
    out: *mut umodel_probe_figure,
    cap: usize,
    n: *mut usize,
) -> umodel_status {
    guard(|| {
        // SAFETY: forwarded contract.
        let m = unsafe { handle(m) }?;
        let n = out_ptr(n, "n")?;
        let out = out_ptr(out, "out")?;
        // SAFETY: forwarded contract.
        let p = probe_arg(unsafe { text(probe, "probe") }?)?;
        let figures = p.judged(m.predictor.task_terms().ok());
        if figures.len() > cap {
            return Err(invalid(format!(
                "`cap` ({cap}) is smaller than the probe's {} figures",
                figures.len()
            )));
        }
        slice(out.cast_const(), figures.len(), "out")?;
        for (i, f) in figures.iter().enumerate() {
            let figure = umodel_probe_figure {
                term: term_name(f.id),
                link: c_int::from(f.link),
                bytes: f.bytes,
                ms: f.ms,
                rel_sd: f.rel_sd,
                samples: f.samples,
                model_ms: f.model_ms.unwrap_or(f64::NAN),
                ratio: f.ratio.unwrap_or(f64::NAN),
                differs: f.differs.map_or(-1, c_int::from),
                priced: c_int::from(f.priced),
            };
            // SAFETY: `i` < `figures.len()` ≤ `cap` writable elements (the caller's contract).
            unsafe { *out.add(i) = figure };
        }
        // SAFETY: checked writable pointer (the caller's contract).
        unsafe { *n = figures.len() };
        Ok(())
    })
}

/// The caller's host code for `umodel_fault_scale()`: called with a buffer holding a copy of the
/// data (`bytes` bytes, aligned to 8 bytes where `bytes` is a multiple of 8, else to 4) and the
/// caller's `ctx`. It must do the same
/// to every copy it is given (the copies are compared after it ran).
pub type umodel_host_code =
    Option<unsafe extern "C" fn(data: *mut c_void, bytes: usize, ctx: *mut c_void)>;

/// What `umodel_fault_scale()` measured.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct umodel_fault_scale_result {
    /// What the task's `cpu_fault_scale` (the code is its CPU phase) or `cpu_final_fault_scale`
    /// (its final access) should be: `code_extra_ms` over `read_extra_ms`.
    pub scale: c_double,
    /// The code on pages a GPU pass migrated less the code on plain memory, median, ms.
    pub code_extra_ms: c_double,
    /// The calibration's read (a sum) on migrated pages less on plain memory, median, ms.
    pub read_extra_ms: c_double,
    /// Rounds that passed their checks (the medians' samples).
    pub rounds: c_int,
    /// Rounds left out because a check failed.
    pub failed: c_int,
}

/// Times the caller's own host code `code` on pages a GPU just migrated, against the calibration's
/// read of pages of the same size, each less the same on plain memory: what a task's
/// `cpu_fault_scale` or `cpu_final_fault_scale` should be for that code (NOTES.md, "Measured by
/// a library call"). Each of `rounds` rounds (9 is enough on the H200; one more runs first,
/// unrecorded) copies `data` into managed memory on GPU `device`, moves its pages to the device
/// by a pass that reads them, and calls `code` on it; then copies `data` into heap memory and
/// calls `code` there, with the host's caches evicted first (`warm` 0: as data the GPU wrote
/// arrive) or after an untimed call (`warm` 1: data only the host touches); then a round of the
/// migration probe at the same size. For code that touches every page of the buffer; other
/// buffers it reads are its own (through `ctx`). About half a second a round at 64 MiB.
///
/// Errors: `UMODEL_INVALID_ARGUMENT` (`data`, `code` or `out` NULL, `bytes` 0 or not a multiple
/// of 4, `rounds` below 1, `device` negative, `warm` not 0 or 1), `UMODEL_GPU`,
/// `UMODEL_MEASUREMENT`.
///
/// # Safety
/// `data` points to `bytes` readable bytes; `code` is a function safe to call as described;
/// `out` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn umodel_fault_scale(
    device: c_int,
    data: *const c_void,
    bytes: usize,
    warm: c_int,
    rounds: c_int,
    code: umodel_host_code,
    ctx: *mut c_void,
    out: *mut umodel_fault_scale_result,
) -> umodel_status {
    use umodel::bench::probe::{fault_scale, PlainCache, Words};
    guard(|| {
        let out = out_ptr(out, "out")?;
        let code = code.ok_or_else(|| invalid("`code` is NULL"))?;
        let bad_size = || {
            invalid(format!(
                "`bytes` ({bytes}) must be a positive multiple of 4"
            ))
        };
        if !Words::fits(bytes) {
            return Err(bad_size());
        }
        // SAFETY: `bytes` readable bytes (the caller's contract); bytes are always aligned.
        let data = unsafe { slice(data.cast::<u8>(), bytes, "data") }?;
        let device = usize::try_from(device)
            .map_err(|_| invalid(format!("`device` ({device}) is negative")))?;
        let rounds = u32::try_from(rounds)
            .ok()
            .filter(|r| *r >= 1)
            .ok_or_else(|| invalid(format!("`rounds` ({rounds}) must be at least 1")))?;
        let plain = match warm {
            0 => PlainCache::Evicted,
            1 => PlainCache::Warm,
            _ => return Err(invalid(format!("`warm` ({warm}) must be 0 or 1"))),
        };
        let gpu_failure = |e: &dyn std::fmt::Display| (umodel_status::UMODEL_GPU, e.to_string());
        umodel::gpu::libraries_present().map_err(|e| gpu_failure(&e))?;
        let gpu = umodel::gpu::Gpu::open(device).map_err(|e| gpu_failure(&e))?;
        // The copies hold the bytes as given, a C double aligned where the size allows (`Words`).
        fn measure<T: umodel::gpu::Elem + PartialEq>(
            gpu: &umodel::gpu::Gpu,
            words: &[T],
            plain: PlainCache,
            rounds: u32,
            code: unsafe extern "C" fn(*mut c_void, usize, *mut c_void),
            ctx: *mut c_void,
        ) -> Result<umodel::bench::probe::FaultScaleSamples, umodel::bench::BenchError> {
            let bytes = size_of_val(words);
            fault_scale(gpu, words, plain, rounds, |buf: &mut [T]| {
                // SAFETY: `buf` is `bytes` live, writable bytes for the call's duration; `code`
                // and `ctx` are the caller's, called as documented.
                unsafe { code(buf.as_mut_ptr().cast::<c_void>(), bytes, ctx) }
            })
        }
        let samples = match Words::of(data).ok_or_else(bad_size)? {
            Words::Eight(w) => measure(&gpu, &w, plain, rounds, code, ctx),
            Words::Four(w) => measure(&gpu, &w, plain, rounds, code, ctx),
        }
        .map_err(|e| gpu_failure(&e))?;
        let f = samples
            .scale()
            .map_err(|e| (umodel_status::UMODEL_MEASUREMENT, e.to_string()))?;
        // SAFETY: checked writable pointer (the caller's contract).
        unsafe {
            *out = umodel_fault_scale_result {
                scale: f.scale,
                code_extra_ms: f.code_extra.median,
                read_extra_ms: f.read_extra.median,
                rounds: f.code_extra.n as c_int,
                failed: f.failed as c_int,
            }
        };
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_names_and_values_follow_the_library() {
        for (i, p) in Policy::EVERY.iter().enumerate() {
            assert_eq!(POLICY_NAMES[i].to_str().unwrap(), p.name());
            assert_eq!(p.index(), i);
            let name = umodel_policy_name(i as c_int);
            assert_eq!(unsafe { CStr::from_ptr(name) }.to_str().unwrap(), p.name());
        }
        let values = [
            umodel_policy::UMODEL_POLICY_DEVICE,
            umodel_policy::UMODEL_POLICY_EXPLICIT_COPY,
            umodel_policy::UMODEL_POLICY_HOST_MAPPED,
            umodel_policy::UMODEL_POLICY_PAGEABLE,
            umodel_policy::UMODEL_POLICY_MANAGED,
            umodel_policy::UMODEL_POLICY_MANAGED_PREFETCH,
            umodel_policy::UMODEL_POLICY_MANAGED_ADVISE,
            umodel_policy::UMODEL_POLICY_MANAGED_ADVISE_PREFETCH,
            umodel_policy::UMODEL_POLICY_PEER_COPY,
            umodel_policy::UMODEL_POLICY_PEER_ACCESS,
            umodel_policy::UMODEL_POLICY_HOST_STAGED,
        ];
        for (v, p) in values.iter().zip(Policy::EVERY) {
            let upper = p.name().to_ascii_uppercase().replace('-', "_");
            assert_eq!(format!("{v:?}"), format!("UMODEL_POLICY_{upper}"));
            assert_eq!(*v as usize, p.index());
        }
        assert!(umodel_policy_name(-1).is_null());
        assert!(umodel_policy_name(UMODEL_POLICY_COUNT).is_null());
    }

    #[test]
    fn a_panic_becomes_a_status_and_a_message() {
        let s = guard(|| panic!("boom {}", 7));
        assert_eq!(s, umodel_status::UMODEL_PANIC);
        let msg = unsafe { CStr::from_ptr(umodel_last_error()) }
            .to_str()
            .unwrap();
        assert!(msg.contains("boom 7"), "{msg}");
        assert_eq!(guard(|| Ok(())), umodel_status::UMODEL_OK);
    }

    #[test]
    fn errors_are_per_thread() {
        set_error("this thread's");
        std::thread::spawn(|| {
            let msg = unsafe { CStr::from_ptr(umodel_last_error()) };
            assert_eq!(msg.to_bytes(), b"");
            set_error("another's");
        })
        .join()
        .unwrap();
        let msg = unsafe { CStr::from_ptr(umodel_last_error()) };
        assert_eq!(msg.to_str().unwrap(), "this thread's");
    }
}
