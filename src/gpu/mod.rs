//! GPU layer (to come).
