//! Data that lives on another GPU, and GPUs that move data at the same time: the cases the `peer`
//! and `contention` groups measure, named once here for the suite that writes them and the model
//! that reads them (GPU-free).
//!
//! A peer cell is written as `"{from}>{to}:{step}"`: the data live on device `from` (its home) and
//! device `to` (the user) works on them. A contention cell is `"{what}@{gpus}:gpu{device}"`: device
//! `device` moved data while `gpus` devices (itself included) moved data at once.

use std::fmt;
use std::str::FromStr;

use crate::policy::Policy;

/// One measured step of the peer group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PeerStep {
    /// `cuMemcpyPeer` home → user, timed on the user.
    CopyIn,
    /// `cuMemcpyPeer` user → home, timed on the user.
    CopyOut,
    /// A user kernel reading the home's memory over the link (peer access).
    AccessRead,
    /// A user kernel updating the home's memory in place (`x = x + 1`) over the link.
    AccessInplace,
    /// Five [`PeerStep::AccessInplace`] passes back to back: with the single pass, the steady cost
    /// of a pass (one event-timed pass carries a few microseconds that back-to-back passes do not).
    AccessInplace5,
    /// The same update on the user's own device memory (a pass after a copy).
    LocalInplace,
    /// Five of them back to back.
    LocalInplace5,
    /// The home reading its own device memory (the step every alternation ends with).
    HomeRead,
    /// Home → pinned host memory → user (two copies, each timed on its device).
    StagedIn,
    /// User → pinned host memory → home.
    StagedOut,
    /// Managed memory resident on the home, prefetched to the user (timed on the user).
    PrefetchIn,
    /// Managed memory resident on the user, prefetched back to the home (timed on the home).
    PrefetchOut,
    /// A user update pass over managed memory resident on the home (page faults migrate it).
    FaultInplace,
    /// A home read of managed memory resident on the user (faults bring it back).
    FaultBackRead,
    /// A user update pass over managed memory already resident on the user.
    ResidentInplace,
    /// Five of them back to back.
    ResidentInplace5,
    /// The home reading managed memory resident on itself.
    HomeReadManaged,
    /// An empty kernel and a host synchronisation on each device, wall clock: what an alternation
    /// spends handing over between the two.
    Handover,
    /// The whole alternation under one policy (held out from the fit): the data start on the home,
    /// the user runs `reuse` update passes, the home reads the result; wall clock.
    Alternating,
}

impl PeerStep {
    /// Every step, in the order the suite measures them.
    pub const ALL: [PeerStep; 19] = [
        PeerStep::CopyIn,
        PeerStep::CopyOut,
        PeerStep::AccessRead,
        PeerStep::AccessInplace,
        PeerStep::AccessInplace5,
        PeerStep::LocalInplace,
        PeerStep::LocalInplace5,
        PeerStep::HomeRead,
        PeerStep::StagedIn,
        PeerStep::StagedOut,
        PeerStep::PrefetchIn,
        PeerStep::PrefetchOut,
        PeerStep::FaultInplace,
        PeerStep::FaultBackRead,
        PeerStep::ResidentInplace,
        PeerStep::ResidentInplace5,
        PeerStep::HomeReadManaged,
        PeerStep::Handover,
        PeerStep::Alternating,
    ];

    /// The step's name in a peer case (`copy_in`).
    pub const fn name(self) -> &'static str {
        match self {
            PeerStep::CopyIn => "copy_in",
            PeerStep::CopyOut => "copy_out",
            PeerStep::AccessRead => "access_read",
            PeerStep::AccessInplace => "access_inplace",
            PeerStep::AccessInplace5 => "access_inplace_x5",
            PeerStep::LocalInplace => "local_inplace",
            PeerStep::LocalInplace5 => "local_inplace_x5",
            PeerStep::HomeRead => "home_read",
            PeerStep::StagedIn => "staged_in",
            PeerStep::StagedOut => "staged_out",
            PeerStep::PrefetchIn => "prefetch_in",
            PeerStep::PrefetchOut => "prefetch_out",
            PeerStep::FaultInplace => "fault_inplace",
            PeerStep::FaultBackRead => "fault_back_read",
            PeerStep::ResidentInplace => "resident_inplace",
            PeerStep::ResidentInplace5 => "resident_inplace_x5",
            PeerStep::HomeReadManaged => "home_read_managed",
            PeerStep::Handover => "handover",
            PeerStep::Alternating => "alternating",
        }
    }

    /// The policy column of the step's rows (the alternation's rows carry their own policy).
    pub const fn policy(self) -> Policy {
        match self {
            PeerStep::CopyIn | PeerStep::CopyOut => Policy::PeerCopy,
            PeerStep::AccessRead | PeerStep::AccessInplace | PeerStep::AccessInplace5 => {
                Policy::PeerAccess
            }
            PeerStep::StagedIn | PeerStep::StagedOut => Policy::HostStaged,
            PeerStep::PrefetchIn | PeerStep::PrefetchOut => Policy::ManagedPrefetch,
            PeerStep::FaultInplace
            | PeerStep::FaultBackRead
            | PeerStep::ResidentInplace
            | PeerStep::ResidentInplace5
            | PeerStep::HomeReadManaged => Policy::Managed,
            PeerStep::LocalInplace
            | PeerStep::LocalInplace5
            | PeerStep::HomeRead
            | PeerStep::Handover
            | PeerStep::Alternating => Policy::Device,
        }
    }

    /// Bytes the step usefully moves or touches, for GB/s (`bytes` = the buffer).
    pub const fn useful(self, bytes: u64) -> Option<u64> {
        match self {
            PeerStep::AccessInplace
            | PeerStep::LocalInplace
            | PeerStep::FaultInplace
            | PeerStep::ResidentInplace => Some(2 * bytes),
            PeerStep::AccessInplace5 | PeerStep::LocalInplace5 | PeerStep::ResidentInplace5 => {
                Some(10 * bytes)
            }
            PeerStep::Handover | PeerStep::Alternating => None,
            _ => Some(bytes),
        }
    }
}

/// A peer cell's case: where the data live, who uses them, and the step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PeerCase {
    /// The device whose memory holds the data (the home).
    pub from: u32,
    /// The device that works on them (the user).
    pub to: u32,
    /// The step measured.
    pub step: PeerStep,
}

impl fmt::Display for PeerCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}:{}", self.from, self.to, self.step.name())
    }
}

/// A case string that is not a peer case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a peer case (FROM>TO:STEP, e.g. 1>0:copy_in)")]
pub struct NotAPeerCase(pub String);

impl FromStr for PeerCase {
    type Err = NotAPeerCase;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || NotAPeerCase(s.to_string());
        let (devs, step) = s.split_once(':').ok_or_else(bad)?;
        let (from, to) = devs.split_once('>').ok_or_else(bad)?;
        let step = PeerStep::ALL
            .into_iter()
            .find(|p| p.name() == step)
            .ok_or_else(bad)?;
        let (from, to) = (
            from.parse().map_err(|_| bad())?,
            to.parse().map_err(|_| bad())?,
        );
        if from == to {
            return Err(bad());
        }
        Ok(PeerCase { from, to, step })
    }
}

/// What the contention group moves on every GPU at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Movement {
    /// Pinned host → device copy.
    H2d,
    /// Device → pinned host copy.
    D2h,
    /// A kernel reading pinned host memory mapped into the GPU.
    MappedRead,
    /// Managed memory prefetched from the host to the device.
    Migrate,
}

impl Movement {
    /// Every movement, in the order the suite measures them.
    pub const ALL: [Movement; 4] = [
        Movement::H2d,
        Movement::D2h,
        Movement::MappedRead,
        Movement::Migrate,
    ];
    /// The movement's name in a contention case (`h2d`).
    pub const fn name(self) -> &'static str {
        match self {
            Movement::H2d => "h2d",
            Movement::D2h => "d2h",
            Movement::MappedRead => "mapped_read",
            Movement::Migrate => "migrate",
        }
    }
    /// What people call it in a warning.
    pub const fn label(self) -> &'static str {
        match self {
            Movement::H2d => "H2D copy",
            Movement::D2h => "D2H copy",
            Movement::MappedRead => "host-mapped read",
            Movement::Migrate => "managed migration",
        }
    }
    /// The policy column of the movement's rows.
    pub const fn policy(self) -> Policy {
        match self {
            Movement::H2d | Movement::D2h => Policy::ExplicitCopy,
            Movement::MappedRead => Policy::HostMapped,
            Movement::Migrate => Policy::ManagedPrefetch,
        }
    }
}

/// A contention cell's case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ContentionCase {
    /// What was moved.
    pub what: Movement,
    /// How many devices moved data at once (this one included).
    pub gpus: u32,
    /// The device this row timed.
    pub device: u32,
}

impl fmt::Display for ContentionCase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}:gpu{}", self.what.name(), self.gpus, self.device)
    }
}

/// A case string that is not a contention case.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a contention case (WHAT@GPUS:gpuN, e.g. h2d@2:gpu1)")]
pub struct NotAContentionCase(pub String);

impl FromStr for ContentionCase {
    type Err = NotAContentionCase;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || NotAContentionCase(s.to_string());
        let (what, rest) = s.split_once('@').ok_or_else(bad)?;
        let (gpus, dev) = rest.split_once(":gpu").ok_or_else(bad)?;
        let what = Movement::ALL
            .into_iter()
            .find(|m| m.name() == what)
            .ok_or_else(bad)?;
        let gpus: u32 = gpus.parse().map_err(|_| bad())?;
        let device: u32 = dev.parse().map_err(|_| bad())?;
        if gpus == 0 {
            return Err(bad());
        }
        Ok(ContentionCase { what, gpus, device })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn peer_cases_round_trip_and_refuse_what_is_not_one() {
        for step in PeerStep::ALL {
            let c = PeerCase {
                from: 1,
                to: 0,
                step,
            };
            assert_eq!(c.to_string().parse::<PeerCase>().unwrap(), c);
        }
        assert_eq!(
            "1>0:copy_in".parse::<PeerCase>().unwrap().step,
            PeerStep::CopyIn
        );
        for bad in [
            "1>1:copy_in",
            "1:copy_in",
            "1>0:teleport",
            "x>0:copy_in",
            "cpu_only",
            "",
        ] {
            assert!(bad.parse::<PeerCase>().is_err(), "{bad}");
        }
    }

    #[test]
    fn contention_cases_round_trip_and_refuse_what_is_not_one() {
        for what in Movement::ALL {
            let c = ContentionCase {
                what,
                gpus: 2,
                device: 1,
            };
            assert_eq!(c.to_string().parse::<ContentionCase>().unwrap(), c);
        }
        for bad in [
            "h2d@0:gpu0",
            "h2d@2",
            "warp@2:gpu0",
            "h2d@2:gpux",
            "h2d@-1:gpu0",
        ] {
            assert!(bad.parse::<ContentionCase>().is_err(), "{bad}");
        }
    }
}
