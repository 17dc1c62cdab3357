//! umodel: where should data live on a CPU+GPU machine?
//!
//! It measures a platform once with placement-controlled microbenchmarks ([`bench`](mod@bench), on the GPU
//! through [`gpu`]), fits an analytical model ([`model`]: the access and management terms and the
//! per-policy reuse model `T_p(B, R) = F_p(B) + R·G_p(B)`), stores it ([`store`]) and answers in
//! nanoseconds how long a policy takes at any size and reuse, which policy wins, and where one
//! overtakes another.
//!
//! This crate is the command line and the report over two others, re-exported here under their
//! old paths: `umodel-core` (GPU-free: [`model`], [`peer`], [`store`], [`table`], [`stats`],
//! [`units`], [`policy`], [`platform`], [`task`], [`stamp`], [`fleet`], [`doctor`]), which a
//! scheduler embeds on any machine, and `umodel-gpu` ([`gpu`], [`bench`](mod@bench), [`calibrate`]).
//!
//! ```
//! let (p, _source) = umodel::model::Predictor::load(Some("gb200-paper"), None).unwrap();
//! let c = p.choose(1 << 30, 4.0).unwrap();
//! assert_eq!(c.best(), umodel::Policy::ExplicitCopy);
//! ```

pub mod cli;
pub mod report;

pub use umodel_core::{
    doctor, fleet, model, peer, platform, policy, schema, stamp, stats, store, table, task, units,
};
pub use umodel_gpu::{bench, calibrate, gpu};

pub use model::PlatformModel;
pub use policy::Policy;
