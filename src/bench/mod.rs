//! Bench (to come).
