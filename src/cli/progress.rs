//! Progress bars for the long-running commands.
use anyhow::{bail, Result};
pub(super) fn bench(_a: super::BenchArgs) -> Result<()> {
    bail!("bench: not built yet")
}
pub(super) fn calibrate(_a: super::CalibrateArgs) -> Result<()> {
    bail!("calibrate: not built yet")
}
