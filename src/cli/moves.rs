//! `xpgn moves`: prints the legal moves of a position (`xpgn moves`).
//!
//! The body is written by the engine team; output goes to stdout through one
//! locked `BufWriter`, write errors mapped with
//! [`Error::write(Stream::Stdout)`](super::Error::write) so that a broken
//! pipe ends the run quietly.

use super::args::MovesArgs;
use super::{CommonConfig, Error, ExitStatus};

/// Runs `xpgn moves`.
///
/// # Errors
///
/// Operational errors only; they are printed by [`super::run`].
pub fn run(args: &MovesArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let _ = (args, common);
    // PLACEHOLDER (branch `cli` only): replaced by the engine before any release.
    Err(Error::NotBuilt { command: "moves" })
}
