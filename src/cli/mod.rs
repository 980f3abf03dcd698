//! The command-line interface: argument definitions and one module per subcommand.
//!
//! [`run`] is the whole program after argument parsing: it decides colour
//! once, dispatches to the subcommand, prints an operational error once as
//! `xpgn: error: ...` with its causes, and turns the outcome into an exit
//! code. Nothing here calls `process::exit`, so buffers are flushed and
//! temporary files removed on every path (STYLE B8).
//!
//! Each subcommand is one file with `pub fn run(args: &XArgs, common:
//! &CommonConfig) -> Result<ExitStatus, Error>`.

pub mod args;
pub mod batch;
pub mod check;
pub mod convert;
pub mod error;
pub mod exit;
pub mod fen;
pub mod generate;
pub mod moves;
pub mod perft;
pub mod scores;
pub mod stats;
pub mod term;
pub mod variants;

use std::io::Write;
use std::process::ExitCode;

pub use args::{Cli, ColorChoice, Command, CommonArgs};
pub use error::Error;
pub use exit::ExitStatus;
use term::Stream;

use crate::diag::render::sanitize;

/// Settings every subcommand gets, decided once from [`CommonArgs`] and the
/// environment. Holds no clap types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CommonConfig {
    /// Colour what goes to stdout (only human-readable output ever is).
    pub color_stdout: bool,
    /// Colour diagnostics and messages on stderr.
    pub color_stderr: bool,
    /// Print no summary line and no progress.
    pub quiet: bool,
    /// Draw progress bars: stderr is a terminal and `--quiet` is not given.
    pub progress: bool,
}

impl CommonConfig {
    /// Decides colour for each stream from `--color`, the terminals and the
    /// environment.
    pub fn from_args(args: &CommonArgs) -> CommonConfig {
        CommonConfig {
            color_stdout: term::use_color(args.color, Stream::Stdout),
            color_stderr: term::use_color(args.color, Stream::Stderr),
            quiet: args.quiet,
            progress: !args.quiet && Stream::Stderr.is_terminal(),
        }
    }
}

/// Runs the parsed command line and returns the process exit code.
/// The position `--variant` and `--fen` describe (FIDE chess and its start
/// position by default).
///
/// # Errors
/// An unknown or not yet implemented variant, or an invalid FEN.
pub fn position_from_args(
    variant: Option<&str>,
    fen: Option<&str>,
) -> Result<crate::rules::family::AnyPosition, Error> {
    use crate::rules::{Variant, variant::Status};
    let variant = match variant {
        None => Variant::Chess,
        Some(name) => Variant::from_name(name).ok_or_else(|| Error::UnknownVariant {
            name: name.to_string(),
        })?,
    };
    if variant.status() == Status::Planned {
        return Err(Error::NotImplemented { variant });
    }
    crate::rules::family::AnyPosition::setup(variant, fen).map_err(|reason| match fen {
        Some(f) => Error::InvalidFen {
            fen: f.to_string(),
            reason,
        },
        None => Error::NotImplemented { variant },
    })
}

/// The game a `--transcript VARIANT` names.
///
/// # Errors
/// An unknown or not yet implemented variant.
pub fn transcript_variant(name: Option<&str>) -> Result<Option<crate::rules::Variant>, Error> {
    use crate::rules::{Variant, variant::Status};
    let Some(name) = name else { return Ok(None) };
    let variant = Variant::from_name(name).ok_or_else(|| Error::UnknownVariant {
        name: name.to_string(),
    })?;
    if variant.status() == Status::Planned {
        return Err(Error::NotImplemented { variant });
    }
    Ok(Some(variant))
}

/// Reads a printed transcript whole and hands it on as PGN (with a
/// `[Variant]` tag), for `--transcript`.
///
/// # Errors
/// A read error of `source`.
pub fn transcript_source(
    variant: crate::rules::Variant,
    source: Box<dyn std::io::Read + Send>,
) -> std::io::Result<Box<dyn std::io::Read + Send>> {
    let grammar = crate::rules::family::grammar(variant);
    // Streamed a line at a time: memory stays flat whatever the input.
    Ok(Box::new(
        crate::notation::transcript::TranscriptReader::new(
            grammar,
            std::io::BufReader::new(source),
            &[("Variant", variant.name())],
        ),
    ))
}

/// Runs the command line; the only entry point `main` needs.
pub fn run(cli: Cli) -> ExitCode {
    let common = CommonConfig::from_args(&cli.common);
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &common),
        Command::Fen(args) => fen::run(args, &common),
        Command::Perft(args) => perft::run(args, &common),
        Command::Moves(args) => moves::run(args, &common),
        Command::Scores(args) => scores::run(args, &common),
        Command::Convert(args) => convert::run(args, &common),
        Command::Stats(args) => stats::run(args, &common),
        Command::Variants(args) => variants::run(args, &common),
        Command::Generate(args) => generate::run(args, &common),
    };
    match result {
        Ok(status) => status.into(),
        Err(err) if err.is_broken_pipe() => ExitStatus::Success.into(),
        Err(err) => {
            // If stderr itself is gone there is nobody left to tell.
            let _ = print_error(&mut std::io::stderr().lock(), &err, common.color_stderr);
            ExitStatus::Error.into()
        }
    }
}

/// Writes `xpgn: error: <message>: <cause>: ...` and a newline, the causes
/// sanitized since they may hold file names or input text.
///
/// # Errors
///
/// Any error of `out`.
pub fn print_error(
    out: &mut impl Write,
    err: &dyn std::error::Error,
    color: bool,
) -> std::io::Result<()> {
    let message = error::chain(err);
    let message = sanitize(&message);
    if color {
        let style = anstyle::AnsiColor::BrightRed.on_default().bold();
        writeln!(out, "xpgn: {style}error{style:#}: {message}")
    } else {
        writeln!(out, "xpgn: error: {message}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_print_once_with_their_causes() {
        let err = Error::CreateDir {
            path: "out".into(),
            source: std::io::Error::other("disk full"),
        };
        let mut out = Vec::new();
        print_error(&mut out, &err, false).expect("writing to a Vec");
        assert_eq!(
            String::from_utf8_lossy(&out),
            "xpgn: error: cannot create directory out: disk full\n"
        );
    }
}
