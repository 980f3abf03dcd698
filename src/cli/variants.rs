//! `xpgn variants`: each game, its status and its pieces in Betza's notation.

use std::io::{self, BufWriter, Write};

use super::args::VariantsArgs;
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::rules::Variant;

/// Runs `xpgn variants`.
///
/// # Errors
///
/// A failed write.
pub fn run(args: &VariantsArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let _ = (args, common);
    let mut out = BufWriter::new(io::stdout().lock());
    for v in Variant::ALL {
        let provisional = if v.is_provisional() {
            ", provisional rules"
        } else {
            ""
        };
        writeln!(out, "{}: {}{}", v.name(), v.status(), provisional)
            .map_err(Error::write(Stream::Stdout))?;
        if !v.aliases().is_empty() {
            writeln!(out, "  also: {}", v.aliases().join(", "))
                .map_err(Error::write(Stream::Stdout))?;
        }
        for (letter, name, betza) in v.pieces() {
            writeln!(out, "  {letter} {name:<10} {betza}").map_err(Error::write(Stream::Stdout))?;
        }
    }
    out.flush().map_err(Error::write(Stream::Stdout))?;
    Ok(ExitStatus::Success)
}
