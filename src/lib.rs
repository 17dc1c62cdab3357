//! umodel: where should data live on a CPU+GPU machine?
//!
//! It measures a platform once with placement-controlled microbenchmarks ([`bench`], on the GPU
//! through [`gpu`]), fits an analytical model ([`model`]: the access and management terms and the
//! per-policy reuse model `T_p(B, R) = F_p(B) + R·G_p(B)`), stores it ([`store`]) and answers in
//! nanoseconds how long a policy takes at any size and reuse, which policy wins, and where one
//! overtakes another.
//!
//! The GPU-free core ([`model`], [`peer`], [`store`], [`table`], [`stats`], [`units`], [`policy`],
//! [`platform`]) uses no CUDA types, so a scheduler can embed the predictor on a machine without a GPU:
//!
//! ```
//! let model = umodel::store::embedded("gb200-paper").unwrap();
//! let c = model.choose(1 << 30, 4.0).unwrap();
//! assert_eq!(c.best(), umodel::Policy::ExplicitCopy);
//! ```

pub mod bench;
pub mod calibrate;
pub mod cli;
pub mod doctor;
pub mod fleet;
pub mod gpu;
pub mod model;
pub mod peer;
pub mod platform;
pub mod policy;
pub mod report;
pub mod stamp;
pub mod stats;
pub mod store;
pub mod table;
pub mod task;
pub mod units;

pub use model::PlatformModel;
pub use policy::Policy;
