#![warn(missing_docs)]
//! umodel's GPU-free core: where should data live on a CPU+GPU machine?
//!
//! The platform model ([`model`]: the access and management terms and the per-policy reuse model
//! `T_p(B, R) = F_p(B) + R·G_p(B)`, the task terms, peer terms for data on another GPU), its fits
//! from measurement tables ([`table`]), the queries (predict, choose, break-even, tasks), model
//! files and the embedded models ([`store`]), validity stamps ([`stamp`]) and the comparison of
//! many GPUs ([`fleet`]). No CUDA, no command line: a scheduler embeds this crate on any machine.
//!
//! The queries are [`model::Predictor`]'s (the module [`model::query`] shows them all):
//!
//! ```
//! // `None`: this machine's model, as the command line finds it; here an embedded one by name.
//! let (p, _source) = umodel_core::model::Predictor::load(Some("gb200-paper"), None).unwrap();
//! let c = p.choose(1 << 30, 4.0).unwrap();
//! assert_eq!(c.best(), umodel_core::Policy::ExplicitCopy);
//! ```

pub mod doctor;
pub mod fleet;
pub mod model;
pub mod peer;
pub mod platform;
pub mod policy;
pub mod schema;
pub mod stamp;
pub mod stats;
pub mod store;
pub mod table;
pub mod task;
pub mod units;

pub use model::PlatformModel;
pub use policy::Policy;

/// The README's Rust example, compiled by `cargo test --doc -p umodel-core` so that it stays true
/// (its other code blocks are shell, C, Python and text, which rustdoc leaves alone).
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
struct ReadmeDoctests;
