//! umodel's GPU side: every CUDA call behind safe owners ([`gpu`]), the placement-controlled
//! microbenchmark suite ([`bench`](mod@bench)) and calibration ([`calibrate`]). The model itself, its fits and
//! its queries are in `umodel-core`, which this crate measures for.

pub mod bench;
pub mod calibrate;
pub mod gpu;

#[cfg(test)]
mod interrupted;
