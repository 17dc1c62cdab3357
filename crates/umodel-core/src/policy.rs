//! The placement policies umodel knows, with the names used in CSVs, model files and the CLI.

use std::fmt;
use std::str::FromStr;

/// Where the data lives and how it gets to the GPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Policy {
    /// `cudaMalloc` memory, already resident (the HBM baseline; no host side).
    Device,
    /// Pinned host buffer + `cudaMalloc` buffer, explicit copies each way.
    ExplicitCopy,
    /// Pinned host memory mapped into the GPU's address space (zero-copy).
    HostMapped,
    /// Ordinary `malloc` memory, copied by the driver through a staging buffer.
    Pageable,
    /// `cudaMallocManaged`, migrated on faults.
    Managed,
    /// Managed, with `cudaMemPrefetchAsync` before the GPU work (and back before the CPU work).
    ManagedPrefetch,
    /// Managed, with `cudaMemAdvise` hints only (moves nothing by itself).
    ManagedAdvise,
    /// Managed, with the same hints plus the prefetches.
    ManagedAdvisePrefetch,
    /// Data on another GPU, copied into this GPU's memory (`cuMemcpyPeer`) and back.
    PeerCopy,
    /// Data on another GPU, used in place by this GPU's kernels over NVLink/PCIe (peer access).
    PeerAccess,
    /// Data on another GPU, copied through pinned host memory both ways.
    HostStaged,
}

impl Policy {
    /// Every policy, in a fixed order (the order of the CSV contract in DESIGN.md §3).
    pub const ALL: [Policy; 8] = [
        Policy::Device,
        Policy::ExplicitCopy,
        Policy::HostMapped,
        Policy::Pageable,
        Policy::Managed,
        Policy::ManagedPrefetch,
        Policy::ManagedAdvise,
        Policy::ManagedAdvisePrefetch,
    ];

    /// The policies for data that lives on another GPU (`peer` group): `managed` and
    /// `managed-prefetch` there mean managed memory migrating between the two GPUs.
    pub const PEER: [Policy; 5] = [
        Policy::PeerCopy,
        Policy::PeerAccess,
        Policy::HostStaged,
        Policy::ManagedPrefetch,
        Policy::Managed,
    ];

    /// Every name a CSV or the command line may give: the host policies, then the peer-only ones.
    pub const EVERY: [Policy; 11] = [
        Policy::Device,
        Policy::ExplicitCopy,
        Policy::HostMapped,
        Policy::Pageable,
        Policy::Managed,
        Policy::ManagedPrefetch,
        Policy::ManagedAdvise,
        Policy::ManagedAdvisePrefetch,
        Policy::PeerCopy,
        Policy::PeerAccess,
        Policy::HostStaged,
    ];

    /// The policies a CPU↔GPU handoff can use (the `handoff` group measures each of them).
    pub const HANDOFF: [Policy; 6] = [
        Policy::ExplicitCopy,
        Policy::HostMapped,
        Policy::Managed,
        Policy::ManagedPrefetch,
        Policy::ManagedAdvise,
        Policy::ManagedAdvisePrefetch,
    ];

    /// The name used everywhere outside the code.
    pub const fn name(self) -> &'static str {
        match self {
            Policy::Device => "device",
            Policy::ExplicitCopy => "explicit-copy",
            Policy::HostMapped => "host-mapped",
            Policy::Pageable => "pageable",
            Policy::Managed => "managed",
            Policy::ManagedPrefetch => "managed-prefetch",
            Policy::ManagedAdvise => "managed-advise",
            Policy::ManagedAdvisePrefetch => "managed-advise-prefetch",
            Policy::PeerCopy => "peer-copy",
            Policy::PeerAccess => "peer-access",
            Policy::HostStaged => "host-staged",
        }
    }

    /// Whether the policy only exists for data on another GPU.
    pub const fn is_peer_only(self) -> bool {
        matches!(
            self,
            Policy::PeerCopy | Policy::PeerAccess | Policy::HostStaged
        )
    }

    /// A stable small index (position in [`Policy::EVERY`]).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The policy names joined for messages (`device, explicit-copy, …`).
    pub fn names() -> String {
        Self::EVERY
            .iter()
            .map(|p| p.name())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl fmt::Display for Policy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A policy name that is not one of [`Policy::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown policy `{0}` (known: {known})", known = Policy::names())]
pub struct UnknownPolicy(pub String);

impl FromStr for Policy {
    type Err = UnknownPolicy;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        Policy::EVERY
            .iter()
            .copied()
            .find(|p| p.name() == t || p.name().replace('-', "_") == t)
            .ok_or_else(|| UnknownPolicy(s.to_string()))
    }
}

impl serde::Serialize for Policy {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for Policy {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_index_matches_order() {
        for (i, p) in Policy::EVERY.iter().enumerate() {
            assert_eq!(p.name().parse::<Policy>().unwrap(), *p);
            assert_eq!(p.index(), i);
        }
        assert_eq!("host_mapped".parse::<Policy>().unwrap(), Policy::HostMapped);
        let e = "zero-copy".parse::<Policy>().unwrap_err().to_string();
        assert!(e.contains("zero-copy") && e.contains("host-mapped"), "{e}");
    }
}
