//! How much of a page's fault back to the host the caller's own code waits for, in units of what
//! the calibration's read pays: a task's `cpu_fault_scale` (its CPU phase) or
//! `cpu_final_fault_scale` (its final access).
//!
//! On the H200 the pages come back at the platform's rate, but how much of that the host waits for
//! is the code's: seed 001's final check (the output against a double reference, two streams)
//! paid 1.27–1.77 times the calibration's sum over the same pages in the same process, the
//! compute-bound task's final check 0.28–0.70 (calibration/h200/run77/final_ratio.txt). The GPU
//! layer measures it on the caller's code (`umodel::bench::probe::fault_scale`); this is the
//! arithmetic, GPU-free.

use serde::{Deserialize, Serialize};

use crate::stats::Summary;
use crate::task::{BadValue, Task};

/// Which host access of a task a scale belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HostAccess {
    /// The CPU phase of every round (`cpu_fault_scale`).
    Phase,
    /// The host's last access after the last round (`cpu_final_fault_scale`).
    Final,
}

impl HostAccess {
    /// The task file's field the scale goes into.
    pub fn field(self) -> &'static str {
        match self {
            HostAccess::Phase => "cpu_fault_scale",
            HostAccess::Final => "cpu_final_fault_scale",
        }
    }

    /// That field of `task` (unchecked: [`FaultScale::apply`] checks what it sets).
    pub fn scale_in(self, task: &mut Task) -> &mut Option<f64> {
        match self {
            HostAccess::Phase => &mut task.cpu_fault_scale,
            HostAccess::Final => &mut task.cpu_final_fault_scale,
        }
    }
}

/// The caller's code on pages a GPU pass migrated, against the calibration's read of the same
/// size, each less the same on plain memory, paired round by round.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FaultScale {
    /// The buffer's size, bytes.
    pub bytes: u64,
    /// Median of `code_extra` over median of `read_extra`: what goes into the task.
    pub scale: f64,
    /// The code on migrated pages less the code on plain memory, ms, over the rounds that passed.
    pub code_extra: Summary,
    /// The calibration's read (a sum) on migrated pages less on plain memory, ms (the migration
    /// probe's `cpu_fault_back`), over the same rounds.
    pub read_extra: Summary,
    /// Rounds left out because a check failed (the code did not do the same on both copies, or
    /// the probe's data came back wrong).
    pub failed: u32,
}

/// Why rounds give no scale.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FaultScaleError {
    /// Every round failed a check.
    #[error(
        "no round passed its checks ({failed} failed): the code must do the same to both copies \
         of the data (they are compared after it ran), and the migrated data must come back intact"
    )]
    NoRounds {
        /// Rounds that failed.
        failed: u32,
    },
    /// Reading migrated pages cost nothing measurable: nothing left the host, so there is
    /// nothing to scale (a platform whose GPU reads host memory in place).
    #[error(
        "the calibration's read paid {median_ms:.3} ms for migrated pages over plain memory \
         (median of {rounds} rounds): pages did not fault back here, so there is no fault-back to scale"
    )]
    NoFaultBack {
        /// The read's median extra, ms.
        median_ms: f64,
        /// Rounds behind it.
        rounds: u32,
    },
}

impl FaultScale {
    /// The scale of paired rounds: `code_extra[i]` and `read_extra[i]` from round `i`, `ok[i]`
    /// whether its checks passed. Samples that are not finite count as failed rounds.
    pub fn from_rounds(
        bytes: u64,
        code_extra: &[f64],
        read_extra: &[f64],
        ok: &[bool],
    ) -> Result<FaultScale, FaultScaleError> {
        let keep: Vec<(f64, f64)> = code_extra
            .iter()
            .zip(read_extra)
            .zip(ok)
            .filter(|((c, r), ok)| **ok && c.is_finite() && r.is_finite())
            .map(|((c, r), _)| (*c, *r))
            .collect();
        let failed = (code_extra.len().min(read_extra.len()).min(ok.len()) - keep.len()) as u32;
        let (code, read): (Vec<f64>, Vec<f64>) = keep.into_iter().unzip();
        let (Some(code_extra), Some(read_extra)) = (Summary::of(&code), Summary::of(&read)) else {
            return Err(FaultScaleError::NoRounds { failed });
        };
        if read_extra.median <= 0.0 {
            return Err(FaultScaleError::NoFaultBack {
                median_ms: read_extra.median,
                rounds: read_extra.n,
            });
        }
        Ok(FaultScale {
            bytes,
            scale: code_extra.median / read_extra.median,
            code_extra,
            read_extra,
            failed,
        })
    }

    /// Sets `task`'s scale for `access` to this one; the task is left as it was when the scale is
    /// outside what a task accepts (0.1 to 100: code that touches few of the buffer's pages, or
    /// none, has no fault-back to scale).
    pub fn apply(&self, task: &mut Task, access: HostAccess) -> Result<(), BadValue> {
        let mut t = task.clone();
        *access.scale_in(&mut t) = Some(self.scale);
        t.check()?;
        *task = t;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn task() -> Task {
        let json = r#"{"buffers": [{"name": "x", "bytes": 67108864, "gpu": "read", "cpu": "read", "cpu_final": "read"}]}"#;
        Task::parse(std::path::Path::new("t.json"), json.as_bytes()).unwrap()
    }

    #[test]
    fn the_scale_is_the_codes_median_extra_over_the_reads_and_failed_rounds_stay_out() {
        let s = FaultScale::from_rounds(
            64 << 20,
            &[14.0, 12.0, 900.0, 13.0],
            &[10.0, 9.0, 1.0, 8.0],
            &[true, true, false, true],
        )
        .unwrap();
        assert_eq!(s.failed, 1);
        assert_eq!(s.code_extra.n, 3);
        assert_eq!(s.code_extra.median, 13.0);
        assert_eq!(s.read_extra.median, 9.0);
        assert_eq!(s.scale, 13.0 / 9.0);
        assert_eq!((s.code_extra.min, s.code_extra.max), (12.0, 14.0));
        // A non-finite sample is a failed round too.
        let s = FaultScale::from_rounds(1, &[f64::NAN, 2.0], &[1.0, 1.0], &[true, true]).unwrap();
        assert_eq!((s.failed, s.scale), (1, 2.0));
    }

    #[test]
    fn no_passing_round_or_no_fault_back_is_an_error_that_says_why() {
        let e = FaultScale::from_rounds(1, &[1.0, 2.0], &[1.0, 1.0], &[false, false]).unwrap_err();
        assert_eq!(e, FaultScaleError::NoRounds { failed: 2 });
        assert!(e.to_string().contains("same to both copies"), "{e}");
        let e = FaultScale::from_rounds(1, &[], &[], &[]).unwrap_err();
        assert_eq!(e, FaultScaleError::NoRounds { failed: 0 });
        let e = FaultScale::from_rounds(1, &[1.0, 2.0, 3.0], &[0.1, -0.2, -0.1], &[true; 3])
            .unwrap_err();
        assert!(
            matches!(e, FaultScaleError::NoFaultBack { rounds: 3, .. }),
            "{e:?}"
        );
        assert!(e.to_string().contains("-0.100 ms"), "{e}");
    }

    #[test]
    fn a_scale_goes_into_its_field_and_one_a_task_refuses_leaves_the_task_alone() {
        let s = FaultScale::from_rounds(1, &[14.0], &[10.0], &[true]).unwrap();
        let mut t = task();
        s.apply(&mut t, HostAccess::Final).unwrap();
        assert_eq!(
            (t.cpu_fault_scale, t.cpu_final_fault_scale),
            (None, Some(1.4))
        );
        s.apply(&mut t, HostAccess::Phase).unwrap();
        assert_eq!(t.cpu_fault_scale, Some(1.4));
        // Code that paid nothing extra (it touched no migrated page).
        let none = FaultScale::from_rounds(1, &[0.0], &[10.0], &[true]).unwrap();
        let before = t.clone();
        let e = none.apply(&mut t, HostAccess::Phase).unwrap_err();
        assert_eq!(e.field, "cpu_fault_scale");
        assert!(e.message.contains("0.1 to 100"), "{}", e.message);
        assert_eq!(t, before);
    }
}
