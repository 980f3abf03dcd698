//! `xpgn perft`: counts the leaf nodes of the legal move tree.

use std::io::{self, BufWriter, Write};

use super::args::PerftArgs;
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus, position_from_setup};
use crate::rules::family::GamePosition;
use crate::rules::perft::divide;

/// Runs `xpgn perft`: with `--divide` one `move: count` line per legal move
/// (UCI notation, as engines print it), then the total alone on the last line.
///
/// # Errors
///
/// An unknown variant, an invalid FEN, or a failed write.
pub fn run(args: &PerftArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let _ = common;
    let pos = position_from_setup(
        args.variant.as_deref(),
        args.fen.as_deref(),
        args.postal.as_deref(),
        args.readings.as_deref(),
    )?;
    let mut out = BufWriter::new(io::stdout().lock());
    let total = if args.divide && args.depth > 0 {
        let mut lines: Vec<(String, u64)> = match pos.to_core() {
            Some(core) => divide(&core, args.depth)
                .iter()
                .map(|(m, n)| (core.uci(m), *n))
                .collect(),
            None => pos.divide(args.depth),
        };
        lines.sort();
        for (m, n) in &lines {
            writeln!(out, "{m}: {n}").map_err(Error::write(Stream::Stdout))?;
        }
        writeln!(out).map_err(Error::write(Stream::Stdout))?;
        lines.iter().map(|(_, n)| n).sum()
    } else {
        pos.perft(args.depth)
    };
    writeln!(out, "{total}").map_err(Error::write(Stream::Stdout))?;
    out.flush().map_err(Error::write(Stream::Stdout))?;
    Ok(ExitStatus::Success)
}
