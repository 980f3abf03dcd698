//! `xpgn moves`: the legal moves of a position, in SAN and long algebraic.

use std::io::{self, BufWriter, Write};

use super::args::MovesArgs;
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus, position_from_setup};
use crate::rules::core::MoveList;
use crate::rules::family::GamePosition;

/// Runs `xpgn moves`: one move a line, `SAN<TAB>long algebraic`, sorted by SAN.
///
/// # Errors
///
/// An unknown variant, an invalid FEN, or a failed write.
pub fn run(args: &MovesArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let _ = common;
    let pos = position_from_setup(
        args.variant.as_deref(),
        args.fen.as_deref(),
        args.postal.as_deref(),
        args.readings.as_deref(),
    )?;
    let mut lines: Vec<(String, String)> = match pos.to_core() {
        // The core games write check and mate marks on SAN.
        Some(core) => {
            let mut moves = MoveList::new();
            core.legal_moves(&mut moves);
            moves
                .iter()
                .map(|m| (core.san_plus(m), core.lan(m)))
                .collect()
        }
        None => pos
            .legal_moves()
            .iter()
            .map(|m| (pos.notation(m), pos.long_notation(m)))
            .collect(),
    };
    lines.sort();
    let mut out = BufWriter::new(io::stdout().lock());
    for (san, lan) in &lines {
        writeln!(out, "{san}\t{lan}").map_err(Error::write(Stream::Stdout))?;
    }
    out.flush().map_err(Error::write(Stream::Stdout))?;
    Ok(ExitStatus::Success)
}
