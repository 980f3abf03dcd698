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
pub mod dedupe;
pub mod diagram;
pub mod error;
pub mod exit;
pub mod fen;
pub mod generate;
pub mod moves;
pub mod perft;
pub mod pipeline;
pub mod scores;
pub mod select;
pub mod stats;
pub mod term;
pub mod variants;
pub mod view;

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
    position_from_setup(variant, fen, None, None)
}

/// The start position given by `--variant`, `--fen`, `--postal` and
/// `--readings`: the same function that reads a game's setup tags.
///
/// # Errors
/// An unknown or not yet implemented variant, an invalid FEN, or a
/// `--postal` or `--readings` value that does not apply.
pub fn position_from_setup(
    variant: Option<&str>,
    fen: Option<&str>,
    postal: Option<&str>,
    readings: Option<&str>,
) -> Result<crate::rules::family::AnyPosition, Error> {
    use crate::rules::setup::{SetupError, SetupTags, start_position};
    let tags = SetupTags {
        variant,
        fen,
        postal,
        readings,
        ..SetupTags::default()
    };
    start_position(&tags).map_err(|e| match e {
        SetupError::UnknownVariant { name } => Error::UnknownVariant { name },
        SetupError::NotImplemented { variant } | SetupError::NoStart { variant, .. } => {
            Error::NotImplemented { variant }
        }
        SetupError::InvalidFen { reason, .. } => Error::InvalidFen {
            fen: fen.unwrap_or_default().to_string(),
            reason,
        },
        SetupError::InvalidPostal { value } => Error::BadValue {
            flag: "--postal",
            value,
            why: "expected yes, plus or no".to_string(),
        },
        e @ (SetupError::UnknownReading { .. } | SetupError::ReadingOfAnotherGame { .. }) => {
            Error::BadValue {
                flag: "--readings",
                value: readings.unwrap_or_default().to_string(),
                why: e.to_string(),
            }
        }
        // Tags that only a record has.
        e @ (SetupError::SetUpWithoutFen | SetupError::UnreadableTag { .. }) => Error::BadValue {
            flag: "--fen",
            value: fen.unwrap_or_default().to_string(),
            why: e.to_string(),
        },
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
    watch_signals();
    crate::notation::text::set_encoding(cli.common.encoding.into());
    let common = CommonConfig::from_args(&cli.common);
    if let Err(status) = variants::load_definitions(&cli.common.variant_files, &common) {
        return status.into();
    }
    let result = match &cli.command {
        Command::Check(args) => check::run(args, &common),
        Command::Fen(args) => fen::run(args, &common),
        Command::Perft(args) => perft::run(args, &common),
        Command::Moves(args) => moves::run(args, &common),
        Command::Scores(args) => scores::run(args, &common),
        Command::Convert(args) => convert::run(args, &common),
        Command::Stats(args) => stats::run(args, &common),
        Command::Dedupe(args) => dedupe::run(args, &common),
        Command::Diagram(args) => diagram::run(args, &common),
        Command::Variants(args) => variants::run(args, &common),
        Command::View(args) => view::run(args, &common),
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

/// Ends the process on SIGINT, SIGTERM and SIGHUP with 128 + the signal's
/// number (130, 143, 129), after removing the temporary files of outputs
/// not yet complete ([`crate::io::remove_partial_outputs`]); and catches
/// SIGXFSZ, so that a write past `ulimit -f` fails with an error (status 2,
/// the partial output removed) instead of killing the process on the spot.
fn watch_signals() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM, SIGXFSZ};
        let caught = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let _ = signal_hook::flag::register(SIGXFSZ, caught);
        if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
            std::thread::spawn(move || {
                if let Some(signal) = signals.forever().next() {
                    crate::io::remove_partial_outputs();
                    std::process::exit(128 + signal);
                }
            });
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
