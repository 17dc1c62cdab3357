//! Calibrate (to come).
